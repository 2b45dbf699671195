/* mod_hashlib.c - the `_hashlib` module under hashlib.py: MD5 (RFC 1321), SHA-1, SHA-224,
 * SHA-256, SHA-384 and SHA-512 (FIPS 180-4) in portable C. A hash's running state is a bytearray
 * holding one hctx (hashlib.py keeps it in the hash object, so copy() is bytearray(state)). */
#include <stdint.h>
#include <string.h>
#include "exec/interp.h"
#include "modules/mod_registry.h"
#include "objects/object.h"

enum { H_MD5, H_SHA1, H_SHA224, H_SHA256, H_SHA384, H_SHA512, H_COUNT };

static const struct {
    const char *name;
    int digest, block;
} algos[H_COUNT] = {{"md5", 16, 64},    {"sha1", 20, 64},    {"sha224", 28, 64},
                    {"sha256", 32, 64}, {"sha384", 48, 128}, {"sha512", 64, 128}};

typedef struct hctx {
    uint32_t algo;
    uint32_t nbuf;     /* bytes waiting in buf */
    uint64_t nbytes;   /* total bytes hashed (lengths over 2**61 bytes are not supported) */
    union {
        uint32_t w[8];
        uint64_t q[8];
    } h;
    unsigned char buf[128];
} hctx;

#define ROL32(x, n) (((x) << (n)) | ((x) >> (32 - (n))))
#define ROR32(x, n) (((x) >> (n)) | ((x) << (32 - (n))))
#define ROR64(x, n) (((x) >> (n)) | ((x) << (64 - (n))))

static uint32_t be32(const unsigned char *p) {
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}
static uint32_t le32(const unsigned char *p) {
    return (uint32_t)p[3] << 24 | (uint32_t)p[2] << 16 | (uint32_t)p[1] << 8 | p[0];
}
static uint64_t be64(const unsigned char *p) { return (uint64_t)be32(p) << 32 | be32(p + 4); }

/* ------------------------------------------------------------------ MD5 */

static const uint32_t md5_k[64] = {
    0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501,
    0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821,
    0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
    0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed, 0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a,
    0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70,
    0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
    0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
    0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391};
static const int md5_r[64] = {7,  12, 17, 22, 7,  12, 17, 22, 7,  12, 17, 22, 7,  12, 17, 22, 5,  9,  14, 20, 5,  9,
                              14, 20, 5,  9,  14, 20, 5,  9,  14, 20, 4,  11, 16, 23, 4,  11, 16, 23, 4,  11, 16, 23,
                              4,  11, 16, 23, 6,  10, 15, 21, 6,  10, 15, 21, 6,  10, 15, 21, 6,  10, 15, 21};

static void md5_block(uint32_t *h, const unsigned char *p) {
    uint32_t m[16];
    for (int i = 0; i < 16; i++) m[i] = le32(p + 4 * i);
    uint32_t a = h[0], b = h[1], c = h[2], d = h[3];
    for (int i = 0; i < 64; i++) {
        uint32_t f;
        int g;
        if (i < 16) f = (b & c) | (~b & d), g = i;
        else if (i < 32) f = (d & b) | (~d & c), g = (5 * i + 1) & 15;
        else if (i < 48) f = b ^ c ^ d, g = (3 * i + 5) & 15;
        else f = c ^ (b | ~d), g = (7 * i) & 15;
        uint32_t t = d;
        d = c;
        c = b;
        b = b + ROL32(a + f + md5_k[i] + m[g], md5_r[i]);
        a = t;
    }
    h[0] += a, h[1] += b, h[2] += c, h[3] += d;
}

/* ------------------------------------------------------------------ SHA-1 */

static void sha1_block(uint32_t *h, const unsigned char *p) {
    uint32_t w[80];
    for (int i = 0; i < 16; i++) w[i] = be32(p + 4 * i);
    for (int i = 16; i < 80; i++) w[i] = ROL32(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1);
    uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4];
    for (int i = 0; i < 80; i++) {
        uint32_t f, k;
        if (i < 20) f = (b & c) | (~b & d), k = 0x5a827999;
        else if (i < 40) f = b ^ c ^ d, k = 0x6ed9eba1;
        else if (i < 60) f = (b & c) | (b & d) | (c & d), k = 0x8f1bbcdc;
        else f = b ^ c ^ d, k = 0xca62c1d6;
        uint32_t t = ROL32(a, 5) + f + e + k + w[i];
        e = d;
        d = c;
        c = ROL32(b, 30);
        b = a;
        a = t;
    }
    h[0] += a, h[1] += b, h[2] += c, h[3] += d, h[4] += e;
}

/* ------------------------------------------------------------------ SHA-256 / SHA-224 */

static const uint32_t k256[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

static void sha256_block(uint32_t *h, const unsigned char *p) {
    uint32_t w[64];
    for (int i = 0; i < 16; i++) w[i] = be32(p + 4 * i);
    for (int i = 16; i < 64; i++) {
        uint32_t s0 = ROR32(w[i - 15], 7) ^ ROR32(w[i - 15], 18) ^ (w[i - 15] >> 3);
        uint32_t s1 = ROR32(w[i - 2], 17) ^ ROR32(w[i - 2], 19) ^ (w[i - 2] >> 10);
        w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
    for (int i = 0; i < 64; i++) {
        uint32_t t1 = hh + (ROR32(e, 6) ^ ROR32(e, 11) ^ ROR32(e, 25)) + ((e & f) ^ (~e & g)) + k256[i] + w[i];
        uint32_t t2 = (ROR32(a, 2) ^ ROR32(a, 13) ^ ROR32(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
        hh = g, g = f, f = e, e = d + t1, d = c, c = b, b = a, a = t1 + t2;
    }
    h[0] += a, h[1] += b, h[2] += c, h[3] += d, h[4] += e, h[5] += f, h[6] += g, h[7] += hh;
}

/* ------------------------------------------------------------------ SHA-512 / SHA-384 */

static const uint64_t k512[80] = {
    0x428a2f98d728ae22ull, 0x7137449123ef65cdull, 0xb5c0fbcfec4d3b2full, 0xe9b5dba58189dbbcull, 0x3956c25bf348b538ull,
    0x59f111f1b605d019ull, 0x923f82a4af194f9bull, 0xab1c5ed5da6d8118ull, 0xd807aa98a3030242ull, 0x12835b0145706fbeull,
    0x243185be4ee4b28cull, 0x550c7dc3d5ffb4e2ull, 0x72be5d74f27b896full, 0x80deb1fe3b1696b1ull, 0x9bdc06a725c71235ull,
    0xc19bf174cf692694ull, 0xe49b69c19ef14ad2ull, 0xefbe4786384f25e3ull, 0x0fc19dc68b8cd5b5ull, 0x240ca1cc77ac9c65ull,
    0x2de92c6f592b0275ull, 0x4a7484aa6ea6e483ull, 0x5cb0a9dcbd41fbd4ull, 0x76f988da831153b5ull, 0x983e5152ee66dfabull,
    0xa831c66d2db43210ull, 0xb00327c898fb213full, 0xbf597fc7beef0ee4ull, 0xc6e00bf33da88fc2ull, 0xd5a79147930aa725ull,
    0x06ca6351e003826full, 0x142929670a0e6e70ull, 0x27b70a8546d22ffcull, 0x2e1b21385c26c926ull, 0x4d2c6dfc5ac42aedull,
    0x53380d139d95b3dfull, 0x650a73548baf63deull, 0x766a0abb3c77b2a8ull, 0x81c2c92e47edaee6ull, 0x92722c851482353bull,
    0xa2bfe8a14cf10364ull, 0xa81a664bbc423001ull, 0xc24b8b70d0f89791ull, 0xc76c51a30654be30ull, 0xd192e819d6ef5218ull,
    0xd69906245565a910ull, 0xf40e35855771202aull, 0x106aa07032bbd1b8ull, 0x19a4c116b8d2d0c8ull, 0x1e376c085141ab53ull,
    0x2748774cdf8eeb99ull, 0x34b0bcb5e19b48a8ull, 0x391c0cb3c5c95a63ull, 0x4ed8aa4ae3418acbull, 0x5b9cca4f7763e373ull,
    0x682e6ff3d6b2b8a3ull, 0x748f82ee5defb2fcull, 0x78a5636f43172f60ull, 0x84c87814a1f0ab72ull, 0x8cc702081a6439ecull,
    0x90befffa23631e28ull, 0xa4506cebde82bde9ull, 0xbef9a3f7b2c67915ull, 0xc67178f2e372532bull, 0xca273eceea26619cull,
    0xd186b8c721c0c207ull, 0xeada7dd6cde0eb1eull, 0xf57d4f7fee6ed178ull, 0x06f067aa72176fbaull, 0x0a637dc5a2c898a6ull,
    0x113f9804bef90daeull, 0x1b710b35131c471bull, 0x28db77f523047d84ull, 0x32caab7b40c72493ull, 0x3c9ebe0a15c9bebcull,
    0x431d67c49c100d4cull, 0x4cc5d4becb3e42b6ull, 0x597f299cfc657e2aull, 0x5fcb6fab3ad6faecull, 0x6c44198c4a475817ull};

static void sha512_block(uint64_t *h, const unsigned char *p) {
    uint64_t w[80];
    for (int i = 0; i < 16; i++) w[i] = be64(p + 8 * i);
    for (int i = 16; i < 80; i++) {
        uint64_t s0 = ROR64(w[i - 15], 1) ^ ROR64(w[i - 15], 8) ^ (w[i - 15] >> 7);
        uint64_t s1 = ROR64(w[i - 2], 19) ^ ROR64(w[i - 2], 61) ^ (w[i - 2] >> 6);
        w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    uint64_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
    for (int i = 0; i < 80; i++) {
        uint64_t t1 = hh + (ROR64(e, 14) ^ ROR64(e, 18) ^ ROR64(e, 41)) + ((e & f) ^ (~e & g)) + k512[i] + w[i];
        uint64_t t2 = (ROR64(a, 28) ^ ROR64(a, 34) ^ ROR64(a, 39)) + ((a & b) ^ (a & c) ^ (b & c));
        hh = g, g = f, f = e, e = d + t1, d = c, c = b, b = a, a = t1 + t2;
    }
    h[0] += a, h[1] += b, h[2] += c, h[3] += d, h[4] += e, h[5] += f, h[6] += g, h[7] += hh;
}

/* ------------------------------------------------------------------ the common driver */

static void h_init(hctx *c, int algo) {
    static const uint32_t iv1[5] = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0};
    static const uint32_t iv224[8] = {0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939,
                                      0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4};
    static const uint32_t iv256[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                      0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    static const uint64_t iv384[8] = {0xcbbb9d5dc1059ed8ull, 0x629a292a367cd507ull, 0x9159015a3070dd17ull,
                                      0x152fecd8f70e5939ull, 0x67332667ffc00b31ull, 0x8eb44a8768581511ull,
                                      0xdb0c2e0d64f98fa7ull, 0x47b5481dbefa4fa4ull};
    static const uint64_t iv512[8] = {0x6a09e667f3bcc908ull, 0xbb67ae8584caa73bull, 0x3c6ef372fe94f82bull,
                                      0xa54ff53a5f1d36f1ull, 0x510e527fade682d1ull, 0x9b05688c2b3e6c1full,
                                      0x1f83d9abfb41bd6bull, 0x5be0cd19137e2179ull};
    memset(c, 0, sizeof *c);
    c->algo = (uint32_t)algo;
    switch (algo) {
    case H_MD5: memcpy(c->h.w, iv1, 16); break;
    case H_SHA1: memcpy(c->h.w, iv1, 20); break;
    case H_SHA224: memcpy(c->h.w, iv224, 32); break;
    case H_SHA256: memcpy(c->h.w, iv256, 32); break;
    case H_SHA384: memcpy(c->h.q, iv384, 64); break;
    default: memcpy(c->h.q, iv512, 64); break;
    }
}

static void h_block(hctx *c, const unsigned char *p) {
    switch (c->algo) {
    case H_MD5: md5_block(c->h.w, p); break;
    case H_SHA1: sha1_block(c->h.w, p); break;
    case H_SHA224:
    case H_SHA256: sha256_block(c->h.w, p); break;
    default: sha512_block(c->h.q, p); break;
    }
}

static void h_update(hctx *c, const unsigned char *p, size_t n) {
    size_t bs = (size_t)algos[c->algo].block;
    c->nbytes += n;
    if (c->nbuf) {
        size_t take = bs - c->nbuf < n ? bs - c->nbuf : n;
        memcpy(c->buf + c->nbuf, p, take);
        c->nbuf += (uint32_t)take;
        p += take;
        n -= take;
        if (c->nbuf < bs) return;
        h_block(c, c->buf);
        c->nbuf = 0;
    }
    for (; n >= bs; p += bs, n -= bs) h_block(c, p);
    memcpy(c->buf, p, n);
    c->nbuf = (uint32_t)n;
}

/* Pads and finishes a copy of the state; out receives the digest. */
static void h_final(const hctx *in, unsigned char *out) {
    hctx c = *in;
    size_t bs = (size_t)algos[c.algo].block, lenbytes = bs == 128 ? 16 : 8;
    uint64_t bits = c.nbytes * 8;
    unsigned char pad[128 + 16 + 1] = {0x80};
    size_t padlen = (c.nbuf + 1 + lenbytes <= bs) ? bs - c.nbuf : 2 * bs - c.nbuf;
    for (int i = 0; i < 8; i++) {
        unsigned char b = (unsigned char)(bits >> (8 * i));
        if (c.algo == H_MD5) pad[padlen - 8 + (size_t)i] = b;
        else pad[padlen - 1 - (size_t)i] = b;
    }
    h_update(&c, pad, padlen);
    int dl = algos[c.algo].digest;
    for (int i = 0; i < dl; i++) {
        if (c.algo == H_MD5) out[i] = (unsigned char)(c.h.w[i / 4] >> (8 * (i % 4)));
        else if (bs == 64) out[i] = (unsigned char)(c.h.w[i / 4] >> (24 - 8 * (i % 4)));
        else out[i] = (unsigned char)(c.h.q[i / 8] >> (56 - 8 * (i % 8)));
    }
}

/* ------------------------------------------------------------------ module functions */

static int algo_of(fy_obj *name) {
    if (!FY_STR_CHECK(name)) {
        fy_err_format(&fy_TypeError, "name must be a string, not %T", name);
        return -1;
    }
    char low[16];
    size_t n = (size_t)FY_STR_LEN(name);
    if (n < sizeof low) {
        for (size_t i = 0; i <= n; i++) {
            char ch = FY_STR_DATA(name)[i];
            low[i] = (char)(ch >= 'A' && ch <= 'Z' ? ch + 32 : ch);
        }
        for (int i = 0; i < H_COUNT; i++)
            if (!strcmp(low, algos[i].name)) return i;
    }
    fy_err_format(&fy_ValueError, "unsupported hash type %s", FY_STR_DATA(name));
    return -1;
}

/* The hctx stored in a state bytearray (checked), copied out. */
static int state_of(fy_obj *st, hctx *c) {
    if (!FY_IS_TYPE(st, fy_bytearray_type) || ((fy_bytearray *)st)->len != (int64_t)sizeof *c)
        return fy_err_set(&fy_TypeError, "bad hash state"), -1;
    memcpy(c, ((fy_bytearray *)st)->data, sizeof *c);
    if (c->algo >= H_COUNT) return fy_err_set(&fy_TypeError, "bad hash state"), -1;
    return 0;
}

static fy_obj *hl_init(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_no_kwargs("init", kw) < 0 || fy_check_nargs("init", n, 1, 1) < 0) return NULL;
    int algo = algo_of(a[0]);
    if (algo < 0) return NULL;
    hctx c;
    h_init(&c, algo);
    fy_obj *len = fy_int_from((int64_t)sizeof c);
    fy_obj *ba = len ? fy_call1((fy_obj *)&fy_bytearray_type, len) : NULL;
    FY_XDECREF(len);
    if (!ba) return NULL;
    memcpy(((fy_bytearray *)ba)->data, &c, sizeof c);
    return ba;
}

static fy_obj *hl_update(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_no_kwargs("update", kw) < 0 || fy_check_nargs("update", n, 2, 2) < 0) return NULL;
    hctx c;
    if (state_of(a[0], &c) < 0) return NULL;
    const char *data;
    size_t len;
    if (FY_BYTES_CHECK(a[1])) {
        data = ((fy_bytes *)a[1])->data;
        len = (size_t)((fy_bytes *)a[1])->len;
    } else if (FY_IS_TYPE(a[1], fy_bytearray_type)) {
        data = ((fy_bytearray *)a[1])->data;
        len = (size_t)((fy_bytearray *)a[1])->len;
    } else if (FY_STR_CHECK(a[1])) {
        return fy_err_set(&fy_TypeError, "Strings must be encoded before hashing");
    } else {
        return fy_err_format(&fy_TypeError, "object supporting the buffer API required");
    }
    h_update(&c, (const unsigned char *)data, len);
    memcpy(((fy_bytearray *)a[0])->data, &c, sizeof c);
    return fy_none();
}

static fy_obj *hl_digest(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_no_kwargs("digest", kw) < 0 || fy_check_nargs("digest", n, 1, 1) < 0) return NULL;
    hctx c;
    if (state_of(a[0], &c) < 0) return NULL;
    unsigned char out[64];
    h_final(&c, out);
    return fy_bytes_from((const char *)out, (size_t)algos[c.algo].digest);
}

/* info(name) -> (canonical name, digest_size, block_size) */
static fy_obj *hl_info(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_no_kwargs("info", kw) < 0 || fy_check_nargs("info", n, 1, 1) < 0) return NULL;
    int algo = algo_of(a[0]);
    if (algo < 0) return NULL;
    fy_obj *nm = fy_str_from_cstr(algos[algo].name), *d = fy_int_from(algos[algo].digest),
           *b = fy_int_from(algos[algo].block);
    fy_obj *t = nm && d && b ? fy_tuple_pack(3, nm, d, b) : NULL;
    FY_XDECREF(nm);
    FY_XDECREF(d);
    FY_XDECREF(b);
    return t;
}

static fy_methoddef hashlib_funcs[] = {
    {"init", hl_init, 0, "init(name)\nA fresh hash state (a bytearray) for algorithm name."},
    {"update", hl_update, 0, "update(state, data)\nHash data into the state."},
    {"digest", hl_digest, 0, "digest(state)\nThe digest of the data hashed so far (the state is kept)."},
    {"info", hl_info, 0, "info(name)\n(canonical name, digest_size, block_size)."},
    {NULL, NULL, 0, NULL}};

fy_obj *fy_mod_hashlib_init(void) {
    return fy_module_new_c("_hashlib", hashlib_funcs, "Hash algorithms under the hashlib module.");
}

/* mod_random.c - the `random` module: a Mersenne Twister (MT19937) with CPython 3.11's seeding
 * and derivations, so that the same int seed gives the same sequences as CPython.
 *
 * Module functions are methods bound to a hidden Random instance, as in CPython. Big ints
 * seed, come out of getrandbits and bound randrange/randint as in CPython. */
#include <fcntl.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "modules/mod_registry.h"
#include "objects/object.h"

#define MT_N 624
#define MT_M 397

typedef struct {
    fy_obj h;
    uint32_t mt[MT_N];
    int mti;
    int has_gauss;
    double gauss_next;
} rnd_obj;

static fy_type rnd_type;

/* ------------------------------------------------------------------ MT19937 (published algorithm) */

static void mt_init_genrand(rnd_obj *r, uint32_t s) {
    r->mt[0] = s;
    for (int i = 1; i < MT_N; i++) r->mt[i] = 1812433253u * (r->mt[i - 1] ^ (r->mt[i - 1] >> 30)) + (uint32_t)i;
    r->mti = MT_N;
}

static void mt_init_by_array(rnd_obj *r, const uint32_t *key, size_t len) {
    mt_init_genrand(r, 19650218u);
    uint32_t *mt = r->mt;
    size_t i = 1, j = 0, k = MT_N > len ? MT_N : len;
    for (; k; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525u)) + key[j] + (uint32_t)j;
        i++;
        j++;
        if (i >= MT_N) {
            mt[0] = mt[MT_N - 1];
            i = 1;
        }
        if (j >= len) j = 0;
    }
    for (k = MT_N - 1; k; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941u)) - (uint32_t)i;
        i++;
        if (i >= MT_N) {
            mt[0] = mt[MT_N - 1];
            i = 1;
        }
    }
    mt[0] = 0x80000000u;
    r->mti = MT_N;
}

static uint32_t mt_next(rnd_obj *r) {
    static const uint32_t mag01[2] = {0u, 0x9908b0dfu};
    uint32_t y, *mt = r->mt;
    if (r->mti >= MT_N) {
        int kk;
        for (kk = 0; kk < MT_N - MT_M; kk++) {
            y = (mt[kk] & 0x80000000u) | (mt[kk + 1] & 0x7fffffffu);
            mt[kk] = mt[kk + MT_M] ^ (y >> 1) ^ mag01[y & 1u];
        }
        for (; kk < MT_N - 1; kk++) {
            y = (mt[kk] & 0x80000000u) | (mt[kk + 1] & 0x7fffffffu);
            mt[kk] = mt[kk + (MT_M - MT_N)] ^ (y >> 1) ^ mag01[y & 1u];
        }
        y = (mt[MT_N - 1] & 0x80000000u) | (mt[0] & 0x7fffffffu);
        mt[MT_N - 1] = mt[MT_M - 1] ^ (y >> 1) ^ mag01[y & 1u];
        r->mti = 0;
    }
    y = mt[r->mti++];
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    y ^= (y >> 18);
    return y;
}

/* random(): 53 random bits from two outputs. */
static double rnd_double(rnd_obj *r) {
    uint32_t a = mt_next(r) >> 5, b = mt_next(r) >> 6;
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
}

/* k random bits, 0 <= k <= 64, words filled least significant first as CPython does. */
static uint64_t rnd_bits(rnd_obj *r, int k) {
    if (k <= 0) return 0;
    if (k <= 32) return mt_next(r) >> (32 - k);
    uint64_t lo = mt_next(r);
    uint64_t hi = mt_next(r) >> (64 - k);
    return lo | (hi << 32);
}

static int bit_length(uint64_t n) { return n ? 64 - __builtin_clzll(n) : 0; }

/* Uniform int in [0, n) by rejection sampling on getrandbits(n.bit_length()); n >= 0. */
static uint64_t rnd_below(rnd_obj *r, uint64_t n) {
    int k = bit_length(n);
    uint64_t v = rnd_bits(r, k);
    while (v >= n) v = rnd_bits(r, k);
    return v;
}

/* ------------------------------------------------------------------ SHA-512 (FIPS 180-4), for str seeds */

static const uint64_t sha_k[80] = {
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

#define ROR64(x, n) (((x) >> (n)) | ((x) << (64 - (n))))

static void sha512_block(uint64_t hs[8], const unsigned char *p) {
    uint64_t w[80];
    for (int i = 0; i < 16; i++) {
        w[i] = 0;
        for (int j = 0; j < 8; j++) w[i] = (w[i] << 8) | p[8 * i + j];
    }
    for (int i = 16; i < 80; i++) {
        uint64_t s0 = ROR64(w[i - 15], 1) ^ ROR64(w[i - 15], 8) ^ (w[i - 15] >> 7);
        uint64_t s1 = ROR64(w[i - 2], 19) ^ ROR64(w[i - 2], 61) ^ (w[i - 2] >> 6);
        w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    uint64_t a = hs[0], b = hs[1], c = hs[2], d = hs[3], e = hs[4], f = hs[5], g = hs[6], h = hs[7];
    for (int i = 0; i < 80; i++) {
        uint64_t S1 = ROR64(e, 14) ^ ROR64(e, 18) ^ ROR64(e, 41);
        uint64_t ch = (e & f) ^ (~e & g);
        uint64_t t1 = h + S1 + ch + sha_k[i] + w[i];
        uint64_t S0 = ROR64(a, 28) ^ ROR64(a, 34) ^ ROR64(a, 39);
        uint64_t maj = (a & b) ^ (a & c) ^ (b & c);
        uint64_t t2 = S0 + maj;
        h = g;
        g = f;
        f = e;
        e = d + t1;
        d = c;
        c = b;
        b = a;
        a = t1 + t2;
    }
    hs[0] += a;
    hs[1] += b;
    hs[2] += c;
    hs[3] += d;
    hs[4] += e;
    hs[5] += f;
    hs[6] += g;
    hs[7] += h;
}

static void sha512(const unsigned char *msg, size_t len, unsigned char out[64]) {
    uint64_t hs[8] = {0x6a09e667f3bcc908ull, 0xbb67ae8584caa73bull, 0x3c6ef372fe94f82bull, 0xa54ff53a5f1d36f1ull,
                      0x510e527fade682d1ull, 0x9b05688c2b3e6c1full, 0x1f83d9abfb41bd6bull, 0x5be0cd19137e2179ull};
    size_t i = 0;
    for (; i + 128 <= len; i += 128) sha512_block(hs, msg + i);
    unsigned char buf[256] = {0};
    size_t rest = len - i;
    memcpy(buf, msg + i, rest);
    buf[rest] = 0x80;
    size_t total = rest + 1 + 16 <= 128 ? 128 : 256;
    uint64_t bits = (uint64_t)len * 8;
    for (int j = 0; j < 8; j++) buf[total - 1 - j] = (unsigned char)(bits >> (8 * j));
    sha512_block(hs, buf);
    if (total == 256) sha512_block(hs, buf + 128);
    for (int j = 0; j < 8; j++)
        for (int b = 0; b < 8; b++) out[8 * j + b] = (unsigned char)(hs[j] >> (56 - 8 * b));
}

/* ------------------------------------------------------------------ seeding */

static void seed_u64(rnd_obj *r, uint64_t n) {
    uint32_t key[2] = {(uint32_t)n, (uint32_t)(n >> 32)};
    mt_init_by_array(r, key, key[1] ? 2 : 1);
}

/* Seed from big-endian bytes taken as one unsigned integer (CPython's version-2 str seeds). */
static int seed_bytes_be(rnd_obj *r, const unsigned char *b, size_t n) {
    while (n && *b == 0) {
        b++;
        n--;
    }
    size_t words = n ? (n + 3) / 4 : 1;
    uint32_t *key = fy_calloc(words, sizeof *key);
    if (!key) return -1;
    for (size_t i = 0; i < n; i++) key[i / 4] |= (uint32_t)b[n - 1 - i] << (8 * (i % 4));
    mt_init_by_array(r, key, words);
    fy_free(key);
    return 0;
}

static void seed_entropy(rnd_obj *r) {
    uint32_t key[MT_N];
    size_t got = 0;
    int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
    if (fd >= 0) {
        ssize_t k = read(fd, key, sizeof key);
        if (k > 0) got = (size_t)k / sizeof key[0];
        close(fd);
    }
    if (got == 0) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        key[0] = (uint32_t)ts.tv_sec;
        key[1] = (uint32_t)ts.tv_nsec;
        key[2] = (uint32_t)getpid();
        got = 3;
    }
    mt_init_by_array(r, key, got);
}

static int rnd_seed_obj(rnd_obj *r, fy_obj *a) {
    r->has_gauss = 0;
    if (!a || a == fy_None) {
        seed_entropy(r);
        return 0;
    }
    if (FY_INT_CHECK(a) && FY_INT_IS_BIG(a)) {
        /* the key is |a| in 32-bit words, as CPython's init_by_array */
        fy_obj *m = fy_int_sign(a) < 0 ? fy_neg(a) : fy_ref(a),
               *bl = m ? fy_call_method(m, "bit_length", NULL, 0) : NULL;
        fy_obj *b = bl ? fy_int_to_bytes(m, (FY_INT_VAL(bl) + 7) / 8, false, false) : NULL;
        FY_XDECREF(m);
        FY_XDECREF(bl);
        if (!b) return -1;
        int rc = seed_bytes_be(r, (const unsigned char *)((fy_bytes *)b)->data, (size_t)((fy_bytes *)b)->len);
        FY_DECREF(b);
        return rc;
    }
    if (FY_INT_CHECK(a)) {
        int64_t v = FY_INT_VAL(a);
        seed_u64(r, v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v);
        return 0;
    }
    if (FY_FLOAT_CHECK(a)) {
        int64_t h = fy_hash(a);
        if (h == -1 && fy_err_occurred()) return -1;
        seed_u64(r, (uint64_t)h);
        return 0;
    }
    const unsigned char *data = NULL;
    size_t n = 0;
    if (FY_STR_CHECK(a)) {
        data = (const unsigned char *)FY_STR_DATA(a);
        n = (size_t)FY_STR_LEN(a);
    } else if (FY_BYTES_CHECK(a)) {
        data = (const unsigned char *)((fy_bytes *)a)->data;
        n = (size_t)((fy_bytes *)a)->len;
    } else if (FY_IS_TYPE(a, fy_bytearray_type)) {
        data = (const unsigned char *)((fy_bytearray *)a)->data;
        n = (size_t)((fy_bytearray *)a)->len;
    } else {
        fy_err_set(&fy_TypeError, "The only supported seed types are: None,\nint, float, str, bytes, and bytearray.");
        return -1;
    }
    unsigned char *buf = fy_malloc(n + 64);
    if (!buf) return -1;
    if (n) memcpy(buf, data, n);
    sha512(data, n, buf + n);
    int rc = seed_bytes_be(r, buf, n + 64);
    fy_free(buf);
    return rc;
}

/* ------------------------------------------------------------------ helpers */

static int real_arg(fy_obj *x, double *out) {
    if (FY_FLOAT_CHECK(x)) {
        *out = FY_FLOAT_VAL(x);
        return 0;
    }
    if (FY_INT_CHECK(x)) return fy_int_to_double(x, out);
    if (fy_as_double(x, out) == 0) return 0;
    if (fy_err_matches(&fy_TypeError)) {
        fy_err_clear();
        fy_err_format(&fy_TypeError, "must be real number, not %T", x);
    }
    return -1;
}

/* An int argument of randrange (integral floats accepted, as 3.11 still does). */
static int range_arg(fy_obj *x, const char *what, int64_t *out) {
    if (FY_INT_CHECK(x)) return fy_int_to_i64_msg(x, out, "Python int too large to convert to C long");
    if (FY_FLOAT_CHECK(x)) {
        double d = FY_FLOAT_VAL(x);
        if (d != floor(d) || !isfinite(d)) {
            fy_err_format(&fy_ValueError, "non-integer %s for randrange()", what);
            return -1;
        }
        *out = (int64_t)d;
        return 0;
    }
    return fy_index(x, out);
}

/* a // b with Python's rounding toward minus infinity (b != 0). */
static __int128 floordiv128(__int128 a, __int128 b) {
    __int128 q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0))) q -= 1;
    return q;
}

static fy_obj *randrange_impl(rnd_obj *r, int64_t start, int64_t stop, int64_t step) {
    __int128 width = (__int128)stop - start;
    if (step == 1) {
        if (width > 0) return fy_int_from(start + (int64_t)rnd_below(r, (uint64_t)width));
        return fy_err_format(&fy_ValueError, "empty range for randrange() (%lld, %lld, %lld)", (long long)start,
                             (long long)stop, (long long)width);
    }
    __int128 n;
    if (step > 0) n = floordiv128(width + step - 1, step);
    else if (step < 0) n = floordiv128(width + step + 1, step);
    else return fy_err_set(&fy_ValueError, "zero step for randrange()");
    if (n <= 0) return fy_err_set(&fy_ValueError, "empty range for randrange()");
    return fy_int_from(start + step * (int64_t)rnd_below(r, (uint64_t)n));
}

/* ------------------------------------------------------------------ methods */

static fy_obj *r_seed(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    static const char *const names[] = {"a", "version", NULL};
    fy_obj *o[2] = {0};
    if (fy_parse_args("seed", a, n, kw, names, 0, 2, 2, o) < 0) return NULL;
    if (rnd_seed_obj((rnd_obj *)self, o[0]) < 0) return NULL;
    return fy_none();
}

/* getrandbits(k) of any size: 32-bit words, least significant first, as CPython. */
static fy_obj *getrandbits_obj(rnd_obj *r, int64_t k) {
    if (k <= 63) return fy_int_from((int64_t)rnd_bits(r, (int)k));
    if (k > ((int64_t)1 << 32)) return fy_err_nomem();
    size_t words = (size_t)((k + 31) / 32);
    unsigned char *buf = fy_malloc(words * 4);
    if (!buf) return NULL;
    int64_t left = k;
    for (size_t i = 0; i < words; i++, left -= 32) {
        uint32_t w = mt_next(r);
        if (left < 32) w >>= (32 - left);
        for (int b = 0; b < 4; b++) buf[i * 4 + (size_t)b] = (unsigned char)(w >> (8 * b));
    }
    fy_obj *res = fy_int_from_bytes(buf, (int64_t)words * 4, true, false);
    fy_free(buf);
    return res;
}

/* _randbelow(n) for an int n > 0 of any size. */
static fy_obj *randbelow_obj(rnd_obj *r, fy_obj *n) {
    fy_obj *bl = fy_call_method(n, "bit_length", NULL, 0);
    if (!bl) return NULL;
    int64_t k = FY_INT_VAL(bl);
    FY_DECREF(bl);
    fy_obj *v = getrandbits_obj(r, k);
    while (v && fy_int_cmp(v, n) >= 0) FY_SETREF(v, getrandbits_obj(r, k));
    return v;
}

/* randrange(start, stop, step) when an argument is a big int (CPython 3.11's algorithm). */
static fy_obj *randrange_big(rnd_obj *r, fy_obj *start, fy_obj *stop, fy_obj *step) {
    fy_obj *width = fy_int_binop_obj(stop, start, FY_NB_SUB), *n = NULL, *res = NULL;
    if (!width) return NULL;
    int ss = fy_int_sign(step);
    if (ss == 0) {
        FY_DECREF(width);
        return fy_err_set(&fy_ValueError, "zero step for randrange()");
    }
    if (!FY_INT_IS_BIG(step) && FY_INT_VAL(step) == 1) {
        if (fy_int_sign(width) <= 0) {
            fy_err_format(&fy_ValueError, "empty range for randrange() (%R, %R, %R)", start, stop, width);
            FY_DECREF(width);
            return NULL;
        }
        n = fy_ref(width);
    } else {
        fy_obj *adj = fy_int_from(ss > 0 ? -1 : 1), *s2 = fy_int_binop_obj(step, adj, FY_NB_ADD);
        fy_obj *w2 = s2 ? fy_int_binop_obj(width, s2, FY_NB_ADD) : NULL;
        n = w2 ? fy_int_binop_obj(w2, step, FY_NB_FLOORDIV) : NULL;
        FY_DECREF(adj);
        FY_XDECREF(s2);
        FY_XDECREF(w2);
        if (n && fy_int_sign(n) <= 0) {
            FY_CLEAR(n);
            fy_err_set(&fy_ValueError, "empty range for randrange()");
        }
    }
    FY_DECREF(width);
    if (!n) return NULL;
    fy_obj *k = randbelow_obj(r, n);
    fy_obj *off = k ? fy_int_binop_obj(step, k, FY_NB_MUL) : NULL;
    if (off) res = fy_int_binop_obj(start, off, FY_NB_ADD);
    FY_DECREF(n);
    FY_XDECREF(k);
    FY_XDECREF(off);
    return res;
}

static bool any_big(fy_obj *const *o, int n) {
    for (int i = 0; i < n; i++)
        if (o[i] && FY_INT_CHECK(o[i]) && FY_INT_IS_BIG(o[i])) return true;
    return false;
}

static fy_obj *r_random(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_no_kwargs("random", kw) < 0 || fy_check_nargs("random", n, 0, 0) < 0) return NULL;
    return fy_float_from(rnd_double((rnd_obj *)self));
}

static fy_obj *r_getrandbits(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    int64_t k;
    if (fy_no_kwargs("getrandbits", kw) < 0 || fy_check_nargs("getrandbits", n, 1, 1) < 0 || fy_index(a[0], &k) < 0)
        return NULL;
    if (k < 0) return fy_err_set(&fy_ValueError, "number of bits must be non-negative");
    return getrandbits_obj((rnd_obj *)self, k);
}

static fy_obj *r_randbytes(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    int64_t k;
    if (fy_no_kwargs("randbytes", kw) < 0 || fy_check_nargs("randbytes", n, 1, 1) < 0 || fy_index(a[0], &k) < 0)
        return NULL;
    if (k < 0) return fy_err_set(&fy_ValueError, "number of bits must be non-negative");
    char *buf = fy_malloc((size_t)k + 4);
    if (!buf) return NULL;
    int64_t bits = k * 8;
    for (int64_t i = 0; i < k; i += 4, bits -= 32) {
        uint32_t w = mt_next((rnd_obj *)self);
        if (bits < 32) w >>= (32 - bits);
        for (int b = 0; b < 4; b++) buf[i + b] = (char)(w >> (8 * b));
    }
    fy_obj *res = fy_bytes_from(buf, (size_t)k);
    fy_free(buf);
    return res;
}

static fy_obj *r_randrange(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    static const char *const names[] = {"start", "stop", "step", NULL};
    fy_obj *o[3] = {0};
    if (fy_parse_args("randrange", a, n, kw, names, 1, 3, 3, o) < 0) return NULL;
    if (any_big(o, 3)) {
        if (!o[1] || o[1] == fy_None) {
            if (o[2] && !(FY_INT_CHECK(o[2]) && !FY_INT_IS_BIG(o[2]) && FY_INT_VAL(o[2]) == 1))
                return fy_err_set(&fy_TypeError, "Missing a non-None stop argument");
            if (fy_int_sign(o[0]) > 0) return randbelow_obj((rnd_obj *)self, o[0]);
            return fy_err_set(&fy_ValueError, "empty range for randrange()");
        }
        fy_obj *one = fy_int_from(1), *res = NULL;
        fy_obj *idx[3] = {fy_number_index(o[0]), fy_number_index(o[1]), o[2] ? fy_number_index(o[2]) : fy_ref(one)};
        if (idx[0] && idx[1] && idx[2]) res = randrange_big((rnd_obj *)self, idx[0], idx[1], idx[2]);
        for (int i = 0; i < 3; i++) FY_XDECREF(idx[i]);
        FY_DECREF(one);
        return res;
    }
    int64_t start, stop, step = 1;
    if (range_arg(o[0], "arg 1", &start) < 0) return NULL;
    if (!o[1] || o[1] == fy_None) {
        if (o[2] && !(FY_INT_CHECK(o[2]) && !FY_INT_IS_BIG(o[2]) && FY_INT_VAL(o[2]) == 1))
            return fy_err_set(&fy_TypeError, "Missing a non-None stop argument");
        if (start > 0) return fy_int_from((int64_t)rnd_below((rnd_obj *)self, (uint64_t)start));
        return fy_err_set(&fy_ValueError, "empty range for randrange()");
    }
    if (range_arg(o[1], "stop", &stop) < 0) return NULL;
    if (o[2] && range_arg(o[2], "step", &step) < 0) return NULL;
    return randrange_impl((rnd_obj *)self, start, stop, step);
}

static fy_obj *r_randint(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    static const char *const names[] = {"a", "b", NULL};
    fy_obj *o[2] = {0};
    if (fy_parse_args("randint", a, n, kw, names, 2, 2, 2, o) < 0) return NULL;
    if (any_big(o, 2) || (FY_INT_CHECK(o[1]) && FY_INT_VAL(o[1]) == INT64_MAX)) {
        fy_obj *lo = fy_number_index(o[0]), *hi = lo ? fy_number_index(o[1]) : NULL, *one = fy_int_from(1);
        fy_obj *hi1 = hi ? fy_int_binop_obj(hi, one, FY_NB_ADD) : NULL;
        fy_obj *res = hi1 ? randrange_big((rnd_obj *)self, lo, hi1, one) : NULL;
        FY_XDECREF(lo);
        FY_XDECREF(hi);
        FY_XDECREF(hi1);
        FY_DECREF(one);
        return res;
    }
    int64_t lo, hi;
    if (range_arg(o[0], "arg 1", &lo) < 0 || range_arg(o[1], "stop", &hi) < 0) return NULL;
    if (hi == INT64_MAX) return fy_err_set(&fy_OverflowError, "randint: bound too large");
    return randrange_impl((rnd_obj *)self, lo, hi + 1, 1);
}

static fy_obj *r_choice(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_no_kwargs("choice", kw) < 0 || fy_check_nargs("choice", n, 1, 1) < 0) return NULL;
    int64_t len = fy_len(a[0]);
    if (len < 0) return NULL;
    if (len == 0) return fy_err_set(&fy_IndexError, "Cannot choose from an empty sequence");
    int64_t i = (int64_t)rnd_below((rnd_obj *)self, (uint64_t)len);
    if (FY_LIST_CHECK(a[0]) || FY_TUPLE_CHECK(a[0])) {
        size_t m;
        fy_obj **items = fy_seq_items(a[0], &m);
        if (items && (size_t)i < m) return fy_ref(items[i]);
    }
    fy_obj *idx = fy_int_from(i);
    if (!idx) return NULL;
    fy_obj *res = fy_getitem(a[0], idx);
    FY_DECREF(idx);
    return res;
}

static fy_obj *r_shuffle(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_no_kwargs("shuffle", kw) < 0 || fy_check_nargs("shuffle", n, 1, 1) < 0) return NULL;
    rnd_obj *r = (rnd_obj *)self;
    fy_obj *x = a[0];
    int64_t len = fy_len(x);
    if (len < 0) return NULL;
    for (int64_t i = len - 1; i >= 1; i--) {
        int64_t j = (int64_t)rnd_below(r, (uint64_t)i + 1);
        if (FY_IS_TYPE(x, fy_list_type) && FY_LIST_N(x) == len) {
            fy_obj *t = FY_LIST_ITEMS(x)[i];
            FY_LIST_ITEMS(x)[i] = FY_LIST_ITEMS(x)[j];
            FY_LIST_ITEMS(x)[j] = t;
            continue;
        }
        fy_obj *io = fy_int_from(i), *jo = fy_int_from(j);
        fy_obj *xi = io && jo ? fy_getitem(x, io) : NULL;
        fy_obj *xj = xi ? fy_getitem(x, jo) : NULL;
        int rc = xj ? fy_setitem(x, io, xj) : -1;
        if (rc == 0) rc = fy_setitem(x, jo, xi);
        FY_XDECREF(io);
        FY_XDECREF(jo);
        FY_XDECREF(xi);
        FY_XDECREF(xj);
        if (rc < 0) return NULL;
    }
    return fy_none();
}

/* Is o a sequence for sample() (what collections.abc.Sequence accepts among our types)? */
static bool is_sequence(fy_obj *o) {
    if (FY_LIST_CHECK(o) || FY_TUPLE_CHECK(o) || FY_STR_CHECK(o) || FY_BYTES_CHECK(o) || FY_IS_TYPE(o, fy_range_type) ||
        FY_IS_TYPE(o, fy_bytearray_type))
        return true;
    if (FY_DICT_CHECK(o) || FY_ANYSET_CHECK(o)) return false;
    return fy_type_lookup_cstr(FY_TYPE(o), "__getitem__") && fy_type_lookup_cstr(FY_TYPE(o), "__len__");
}

static fy_obj *seq_item(fy_obj *seq, int64_t i) {
    size_t m;
    fy_obj **items = fy_seq_items(seq, &m);
    if (items && (size_t)i < m) return fy_ref(items[i]);
    fy_obj *idx = fy_int_from(i);
    if (!idx) return NULL;
    fy_obj *res = fy_getitem(seq, idx);
    FY_DECREF(idx);
    return res;
}

/* Open-addressing set of int64 for sample()'s large-population path. */
typedef struct {
    int64_t *slot;
    size_t mask;
} iset;
static int iset_add(iset *s, int64_t v) { /* 1 added, 0 present */
    size_t h = (size_t)(v * 0x9E3779B97F4A7C15ull) & s->mask;
    while (s->slot[h] != -1) {
        if (s->slot[h] == v) return 0;
        h = (h + 1) & s->mask;
    }
    s->slot[h] = v;
    return 1;
}

static fy_obj *sample_impl(rnd_obj *r, fy_obj *pop, int64_t k) {
    int64_t n = fy_len(pop);
    if (n < 0) return NULL;
    if (k < 0 || k > n) return fy_err_set(&fy_ValueError, "Sample larger than population or is negative");
    fy_obj *result = fy_list_new((size_t)k);
    if (!result) return NULL;
    for (int64_t i = 0; i < k; i++) FY_LIST_ITEMS(result)[i] = fy_none();
    double setsize = 21;
    if (k > 5) setsize += pow(4.0, ceil(log((double)(k * 3)) / log(4.0)));
    if ((double)n <= setsize) {
        fy_obj *pool = fy_sequence_list(pop);
        if (!pool) goto fail;
        for (int64_t i = 0; i < k; i++) {
            int64_t j = (int64_t)rnd_below(r, (uint64_t)(n - i));
            fy_obj **it = FY_LIST_ITEMS(pool);
            FY_SETREF(FY_LIST_ITEMS(result)[i], fy_ref(it[j]));
            FY_SETREF(it[j], fy_ref(it[n - i - 1]));
        }
        FY_DECREF(pool);
    } else {
        size_t cap = 8;
        while (cap < (size_t)k * 2 + 2) cap <<= 1;
        iset s = {fy_malloc(cap * sizeof(int64_t)), cap - 1};
        if (!s.slot) goto fail;
        memset(s.slot, 0xff, cap * sizeof(int64_t));
        for (int64_t i = 0; i < k; i++) {
            int64_t j = (int64_t)rnd_below(r, (uint64_t)n);
            while (!iset_add(&s, j)) j = (int64_t)rnd_below(r, (uint64_t)n);
            fy_obj *v = seq_item(pop, j);
            if (!v) {
                fy_free(s.slot);
                goto fail;
            }
            FY_SETREF(FY_LIST_ITEMS(result)[i], v);
        }
        fy_free(s.slot);
    }
    return result;
fail:
    FY_DECREF(result);
    return NULL;
}

static fy_obj *r_sample(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    static const char *const names[] = {"population", "k", "counts", NULL};
    fy_obj *o[3] = {0};
    if (fy_parse_args("sample", a, n, kw, names, 2, 2, 3, o) < 0) return NULL;
    rnd_obj *r = (rnd_obj *)self;
    if (!is_sequence(o[0]))
        return fy_err_set(&fy_TypeError, "Population must be a sequence.  For dicts or sets, use sorted(d).");
    int64_t k;
    if (fy_index(o[1], &k) < 0) return NULL;
    if (!o[2] || o[2] == fy_None) return sample_impl(r, o[0], k);
    /* counts: sample indices of the expanded population, map back with bisect. */
    int64_t n_pop = fy_len(o[0]);
    if (n_pop < 0) return NULL;
    fy_obj *counts = fy_sequence_list(o[2]);
    if (!counts) return NULL;
    int64_t nc = FY_LIST_N(counts);
    int64_t *cum = fy_malloc(((size_t)nc + 1) * sizeof *cum);
    fy_obj *res = NULL, *sel = NULL, *rng = NULL;
    if (!cum) goto out;
    int64_t total = 0;
    for (int64_t i = 0; i < nc; i++) {
        fy_obj *c = FY_LIST_ITEMS(counts)[i];
        if (!FY_INT_CHECK(c)) {
            fy_err_set(&fy_TypeError, "Counts must be integers");
            goto out;
        }
        int64_t cv;
        if (fy_index(c, &cv) < 0) goto out;
        total += cv;
        cum[i] = total;
    }
    if (nc != n_pop) {
        fy_err_set(&fy_ValueError, "The number of counts does not match the population");
        goto out;
    }
    if (total <= 0) {
        fy_err_set(&fy_ValueError, "Total of counts must be greater than zero");
        goto out;
    }
    rng = fy_range_new(0, total, 1);
    if (!rng || !(sel = sample_impl(r, rng, k))) goto out;
    res = fy_list_new((size_t)k);
    if (!res) goto out;
    for (int64_t i = 0; i < k; i++) FY_LIST_ITEMS(res)[i] = fy_none();
    for (int64_t i = 0; i < k; i++) {
        int64_t s = FY_INT_VAL(FY_LIST_ITEMS(sel)[i]);
        int64_t lo = 0, hi = nc - 1; /* bisect_right over cum[0..nc-1) */
        while (lo < hi) {
            int64_t mid = (lo + hi) / 2;
            if (s < cum[mid]) hi = mid;
            else lo = mid + 1;
        }
        fy_obj *v = seq_item(o[0], lo);
        if (!v) {
            FY_CLEAR(res);
            goto out;
        }
        FY_SETREF(FY_LIST_ITEMS(res)[i], v);
    }
out:
    fy_free(cum);
    FY_XDECREF(rng);
    FY_XDECREF(sel);
    FY_DECREF(counts);
    return res;
}

static fy_obj *r_choices(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    static const char *const names[] = {"population", "weights", "cum_weights", "k", NULL};
    fy_obj *o[4] = {0};
    if (fy_parse_args("choices", a, n, kw, names, 1, 2, 4, o) < 0) return NULL;
    rnd_obj *r = (rnd_obj *)self;
    fy_obj *pop = o[0], *weights = o[1] == fy_None ? NULL : o[1];
    fy_obj *cumw = o[2] == fy_None ? NULL : o[2];
    int64_t k = 1, npop = fy_len(pop);
    if (npop < 0) return NULL;
    if (o[3] && fy_index(o[3], &k) < 0) return NULL;
    if (k < 0) k = 0;
    fy_obj *res = fy_list_new(0), *cum = NULL;
    double *cd = NULL;
    if (!res) return NULL;
    if (!cumw && !weights) {
        double nf = (double)npop;
        for (int64_t i = 0; i < k; i++) {
            fy_obj *v = seq_item(pop, (int64_t)floor(rnd_double(r) * nf));
            if (!v || fy_list_append_steal(res, v) < 0) goto fail;
        }
        return res;
    }
    if (!cumw) {
        if (FY_INT_CHECK(weights) && !FY_IS_TYPE(weights, fy_bool_type)) {
            fy_err_format(&fy_TypeError, "The number of choices must be a keyword argument: k=%R", weights);
            goto fail;
        }
        fy_obj *w = fy_sequence_list(weights);
        if (!w) goto fail;
        cum = fy_list_new(0);
        fy_obj *acc = NULL;
        for (int64_t i = 0; cum && i < FY_LIST_N(w); i++) {
            fy_obj *x = FY_LIST_ITEMS(w)[i];
            fy_obj *nacc = acc ? fy_binop(acc, x, FY_NB_ADD) : fy_ref(x);
            FY_XDECREF(acc);
            acc = nacc;
            if (!acc || fy_list_append(cum, acc) < 0) {
                FY_CLEAR(cum);
                break;
            }
        }
        FY_XDECREF(acc);
        FY_DECREF(w);
        if (!cum) goto fail;
    } else if (weights) {
        fy_err_set(&fy_TypeError, "Cannot specify both weights and cumulative weights");
        goto fail;
    } else if (!(cum = fy_sequence_list(cumw))) {
        goto fail;
    }
    int64_t nc = FY_LIST_N(cum);
    if (nc != npop) {
        fy_err_set(&fy_ValueError, "The number of weights does not match the population");
        goto fail;
    }
    cd = fy_malloc(((size_t)nc + 1) * sizeof *cd);
    if (!cd) goto fail;
    for (int64_t i = 0; i < nc; i++)
        if (real_arg(FY_LIST_ITEMS(cum)[i], &cd[i]) < 0) goto fail;
    double total = nc ? cd[nc - 1] : 0.0;
    if (nc == 0) {
        fy_err_set(&fy_IndexError, "list index out of range");
        goto fail;
    }
    if (total <= 0.0) {
        fy_err_set(&fy_ValueError, "Total of weights must be greater than zero");
        goto fail;
    }
    if (!isfinite(total)) {
        fy_err_set(&fy_ValueError, "Total of weights must be finite");
        goto fail;
    }
    for (int64_t i = 0; i < k; i++) {
        double x = rnd_double(r) * total;
        int64_t lo = 0, hi = nc - 1;
        while (lo < hi) {
            int64_t mid = (lo + hi) / 2;
            if (x < cd[mid]) hi = mid;
            else lo = mid + 1;
        }
        fy_obj *v = seq_item(pop, lo);
        if (!v || fy_list_append_steal(res, v) < 0) goto fail;
    }
    fy_free(cd);
    FY_DECREF(cum);
    return res;
fail:
    fy_free(cd);
    FY_XDECREF(cum);
    FY_DECREF(res);
    return NULL;
}

/* Parse up to three float arguments with defaults; returns -1 on error. */
static int float_args(const char *fname, fy_obj *const *a, size_t n, fy_obj *kw, const char *const *names, int nreq,
                      int nparams, double *out) {
    fy_obj *o[3] = {0};
    if (fy_parse_args(fname, a, n, kw, names, nreq, nparams, nparams, o) < 0) return -1;
    for (int i = 0; i < nparams; i++)
        if (o[i] && real_arg(o[i], &out[i]) < 0) return -1;
    return 0;
}

static fy_obj *r_uniform(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    static const char *const names[] = {"a", "b", NULL};
    double v[2];
    if (float_args("uniform", a, n, kw, names, 2, 2, v) < 0) return NULL;
    return fy_float_from(v[0] + (v[1] - v[0]) * rnd_double((rnd_obj *)self));
}

static fy_obj *r_gauss(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    static const char *const names[] = {"mu", "sigma", NULL};
    double v[2] = {0.0, 1.0};
    if (float_args("gauss", a, n, kw, names, 0, 2, v) < 0) return NULL;
    rnd_obj *r = (rnd_obj *)self;
    double z;
    if (r->has_gauss) {
        z = r->gauss_next;
        r->has_gauss = 0;
    } else {
        double x2pi = rnd_double(r) * (2.0 * M_PI);
        double g2rad = sqrt(-2.0 * log(1.0 - rnd_double(r)));
        z = cos(x2pi) * g2rad;
        r->gauss_next = sin(x2pi) * g2rad;
        r->has_gauss = 1;
    }
    return fy_float_from(v[0] + z * v[1]);
}

static double normalvariate(rnd_obj *r, double mu, double sigma) {
    const double magic = 4 * exp(-0.5) / sqrt(2.0);
    double z;
    for (;;) {
        double u1 = rnd_double(r);
        double u2 = 1.0 - rnd_double(r);
        z = magic * (u1 - 0.5) / u2;
        double zz = z * z / 4.0;
        if (zz <= -log(u2)) break;
    }
    return mu + z * sigma;
}

static fy_obj *r_normalvariate(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    static const char *const names[] = {"mu", "sigma", NULL};
    double v[2] = {0.0, 1.0};
    if (float_args("normalvariate", a, n, kw, names, 0, 2, v) < 0) return NULL;
    return fy_float_from(normalvariate((rnd_obj *)self, v[0], v[1]));
}

static fy_obj *r_lognormvariate(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    static const char *const names[] = {"mu", "sigma", NULL};
    double v[2];
    if (float_args("lognormvariate", a, n, kw, names, 2, 2, v) < 0) return NULL;
    return fy_float_from(exp(normalvariate((rnd_obj *)self, v[0], v[1])));
}

static fy_obj *r_expovariate(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    static const char *const names[] = {"lambd", NULL};
    double v[1];
    if (float_args("expovariate", a, n, kw, names, 1, 1, v) < 0) return NULL;
    if (v[0] == 0.0) return fy_err_set(&fy_ZeroDivisionError, "float division by zero");
    return fy_float_from(-log(1.0 - rnd_double((rnd_obj *)self)) / v[0]);
}

static fy_obj *r_triangular(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    static const char *const names[] = {"low", "high", "mode", NULL};
    fy_obj *o[3] = {0};
    if (fy_parse_args("triangular", a, n, kw, names, 0, 3, 3, o) < 0) return NULL;
    double low = 0.0, high = 1.0, mode = 0.0, c;
    if ((o[0] && real_arg(o[0], &low) < 0) || (o[1] && real_arg(o[1], &high) < 0)) return NULL;
    bool has_mode = o[2] && o[2] != fy_None;
    if (has_mode && real_arg(o[2], &mode) < 0) return NULL;
    double u = rnd_double((rnd_obj *)self);
    if (has_mode) {
        if (high - low == 0.0) return fy_float_from(low);
        c = (mode - low) / (high - low);
    } else {
        c = 0.5;
    }
    if (u > c) {
        u = 1.0 - u;
        c = 1.0 - c;
        double t = low;
        low = high;
        high = t;
    }
    return fy_float_from(low + (high - low) * sqrt(u * c));
}

static fy_obj *r_getstate(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_no_kwargs("getstate", kw) < 0 || fy_check_nargs("getstate", n, 0, 0) < 0) return NULL;
    rnd_obj *r = (rnd_obj *)self;
    fy_obj *inner = fy_tuple_new(MT_N + 1);
    if (!inner) return NULL;
    for (int i = 0; i < MT_N; i++) fy_tuple_set_steal(inner, (size_t)i, fy_int_from(r->mt[i]));
    fy_tuple_set_steal(inner, MT_N, fy_int_from(r->mti));
    for (int i = 0; i <= MT_N; i++)
        if (!FY_TUPLE_ITEMS(inner)[i]) {
            FY_DECREF(inner);
            return NULL;
        }
    fy_obj *ver = fy_int_from(3);
    fy_obj *g = r->has_gauss ? fy_float_from(r->gauss_next) : fy_none();
    fy_obj *res = g ? fy_tuple_pack(3, ver, inner, g) : NULL;
    FY_DECREF(ver);
    FY_DECREF(inner);
    FY_XDECREF(g);
    return res;
}

static fy_obj *r_setstate(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_no_kwargs("setstate", kw) < 0 || fy_check_nargs("setstate", n, 1, 1) < 0) return NULL;
    rnd_obj *r = (rnd_obj *)self;
    fy_obj *st = a[0];
    if (!FY_TUPLE_CHECK(st) || FY_TUPLE_N(st) != 3 || !FY_INT_CHECK(FY_TUPLE_ITEMS(st)[0]))
        return fy_err_set(&fy_TypeError, "state vector must be a tuple");
    if (FY_INT_IS_BIG(FY_TUPLE_ITEMS(st)[0]) || FY_INT_VAL(FY_TUPLE_ITEMS(st)[0]) != 3)
        return fy_err_format(&fy_ValueError,
                             "state with version %R passed to Random.setstate() "
                             "of version 3",
                             FY_TUPLE_ITEMS(st)[0]);
    fy_obj *inner = FY_TUPLE_ITEMS(st)[1], *g = FY_TUPLE_ITEMS(st)[2];
    if (!FY_TUPLE_CHECK(inner) || FY_TUPLE_N(inner) != MT_N + 1)
        return fy_err_set(&fy_ValueError, "state vector is the wrong size");
    uint32_t mt[MT_N];
    int64_t v;
    for (int i = 0; i <= MT_N; i++) {
        if (fy_index(FY_TUPLE_ITEMS(inner)[i], &v) < 0) return NULL;
        if (i < MT_N) mt[i] = (uint32_t)v;
    }
    if (v < 0 || v > MT_N) return fy_err_set(&fy_ValueError, "invalid state");
    double gv = 0;
    if (g != fy_None && real_arg(g, &gv) < 0) return NULL;
    memcpy(r->mt, mt, sizeof mt);
    r->mti = (int)v;
    r->has_gauss = g != fy_None;
    r->gauss_next = gv;
    return fy_none();
}

static fy_methoddef rnd_methods[] = {
    {"seed", r_seed, 0, "seed(a=None, version=2)\nInitialize internal state from a seed."},
    {"random", r_random, 0, "random()\nrandom() -> x in the interval [0, 1)."},
    {"getrandbits", r_getrandbits, 0, "getrandbits(k, /)\nGenerates an int with k random bits."},
    {"randbytes", r_randbytes, 0, "randbytes(n)\nGenerate n random bytes."},
    {"randrange", r_randrange, 0,
     "randrange(start, stop=None, step=1)\nChoose a random item from range(start, stop[, step])."},
    {"randint", r_randint, 0, "randint(a, b)\nReturn random integer in range [a, b], including both end points."},
    {"choice", r_choice, 0, "choice(seq)\nChoose a random element from a non-empty sequence."},
    {"shuffle", r_shuffle, 0, "shuffle(x)\nShuffle list x in place, and return None."},
    {"sample", r_sample, 0, "sample(population, k, *, counts=None)\nChooses k unique random elements."},
    {"choices", r_choices, 0,
     "choices(population, weights=None, *, cum_weights=None, k=1)\nReturn a k sized list of elements chosen with "
     "replacement."},
    {"uniform", r_uniform, 0, "uniform(a, b)\nGet a random number in the range [a, b) or [a, b]."},
    {"gauss", r_gauss, 0, "gauss(mu=0.0, sigma=1.0)\nGaussian distribution."},
    {"normalvariate", r_normalvariate, 0, "normalvariate(mu=0.0, sigma=1.0)\nNormal distribution."},
    {"lognormvariate", r_lognormvariate, 0, "lognormvariate(mu, sigma)\nLog normal distribution."},
    {"expovariate", r_expovariate, 0, "expovariate(lambd)\nExponential distribution."},
    {"triangular", r_triangular, 0, "triangular(low=0.0, high=1.0, mode=None)\nTriangular distribution."},
    {"getstate", r_getstate, 0, "getstate()\nReturn internal state; can be passed to setstate() later."},
    {"setstate", r_setstate, 0, "setstate(state)\nRestore internal state from object returned by getstate()."},
    {NULL, NULL, 0, NULL}};

static fy_obj *rnd_new(fy_type *t, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_check_nargs("Random", n, 0, 1) < 0) return NULL;
    rnd_obj *r = (rnd_obj *)fy_alloc(t);
    if (!r) return NULL;
    if (rnd_seed_obj(r, n ? a[0] : NULL) < 0) {
        FY_DECREF(r);
        return NULL;
    }
    return &r->h;
}

static int rnd_init(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) { return 0; }

static fy_type rnd_type = {FY_TYPE_INIT("Random", sizeof(rnd_obj)),
                           .doc = "Random number generator base class used by bound module functions.", .new_ = rnd_new,
                           .init = rnd_init, .methods = rnd_methods};

fy_obj *fy_mod_random_init(void) {
    if (fy_type_ready(&rnd_type) < 0) return NULL;
    static fy_methoddef no_funcs[] = {{NULL, NULL, 0, NULL}};
    fy_obj *m = fy_module_new_c("random", no_funcs, "Random variable generators.");
    if (!m) return NULL;
    fy_obj *modname = fy_str_from_cstr("random");
    if (!modname) goto fail;
    FY_SETREF(rnd_type.module, modname);
    rnd_obj *inst = (rnd_obj *)fy_alloc(&rnd_type);
    if (!inst) goto fail;
    seed_entropy(inst);
    if (fy_module_add(m, "Random", &rnd_type.h) < 0 || fy_module_add(m, "_inst", &inst->h) < 0) {
        FY_DECREF(inst);
        goto fail;
    }
    for (fy_methoddef *d = rnd_methods; d->name; d++) {
        fy_obj *f = fy_cfunction_new(d, &inst->h);
        if (!f || fy_module_add(m, d->name, f) < 0) {
            FY_XDECREF(f);
            FY_DECREF(inst);
            goto fail;
        }
        FY_DECREF(f);
    }
    FY_DECREF(inst);
    return m;
fail:
    FY_DECREF(m);
    return NULL;
}

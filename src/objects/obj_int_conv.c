/* obj_int_conv.c - int <-> text and int <-> bytes for ints of any size: int(str, base),
 * the digits behind str/repr/hex/oct/bin/format, int.to_bytes and int.from_bytes, and CPython
 * 3.11's limit on decimal (non power-of-two base) conversions (sys.set_int_max_str_digits). */
#include <ctype.h>
#include <string.h>
#include "objects/object.h"
#include "objects/objects_int.h"

int64_t fy_int_max_str_digits = 4300;

static fy_obj *limit_error_in(size_t digits) {
    return fy_err_format(&fy_ValueError,
                         "Exceeds the limit (%lld digits) for integer string conversion: value has %zu digits; "
                         "use sys.set_int_max_str_digits() to increase the limit",
                         (long long)fy_int_max_str_digits, digits);
}

/* acc (a bignum with room) = acc * mul + add, in place; returns the new digit count. */
static size_t mag_muladd(uint32_t *d, size_t n, uint32_t mul, uint32_t add) {
    uint64_t c = add;
    for (size_t i = 0; i < n; i++) {
        c += (uint64_t)d[i] * mul;
        d[i] = (uint32_t)c;
        c >>= 32;
    }
    if (c) d[n++] = (uint32_t)c;
    return n;
}

/* Parse an integer literal: optional sign/whitespace, base prefixes, underscores. */
static fy_obj *parse_int(const char *s, size_t len, int base, bool limit) {
    const char *p = s, *end = s + len;
    while (p < end && isspace((unsigned char)*p)) p++;
    while (end > p && isspace((unsigned char)end[-1])) end--;
    int neg = 0;
    if (p < end && (*p == '+' || *p == '-')) {
        neg = *p == '-';
        p++;
    }
    int b = base;
    if (p + 1 < end && p[0] == '0' && (base == 0 || base == 16 || base == 8 || base == 2)) {
        char c = (char)tolower((unsigned char)p[1]);
        if ((c == 'x' && (b == 0 || b == 16)) || (c == 'o' && (b == 0 || b == 8)) || (c == 'b' && (b == 0 || b == 2))) {
            b = c == 'x' ? 16 : c == 'o' ? 8 : 2;
            p += 2;
            if (p < end && *p == '_') p++;
        }
    }
    if (b == 0) {
        b = 10;
        /* "0123" is invalid in base 0 unless all zeros */
        if (p < end && *p == '0') {
            const char *q = p;
            while (q < end && (*q == '0' || *q == '_')) q++;
            if (q != end) goto bad;
        }
    }
    if (p == end) goto bad;
    /* validate and count the digits first */
    size_t digits = 0;
    int prev_us = 1;
    for (const char *q = p; q < end; q++) {
        int c = (unsigned char)*q, d;
        if (c == '_') {
            if (prev_us) goto bad;
            prev_us = 1;
            continue;
        }
        prev_us = 0;
        if (isdigit(c)) d = c - '0';
        else if (isalpha(c)) d = tolower(c) - 'a' + 10;
        else goto bad;
        if (d >= b) goto bad;
        digits++;
    }
    if (prev_us || !digits) goto bad;
    if (limit && (b & (b - 1)) && fy_int_max_str_digits > 0 && digits > (size_t)fy_int_max_str_digits)
        return limit_error_in(digits);
    /* digits of base b fit in ceil(digits * log2(b) / 32) + 1 words */
    size_t cap = digits * 6 / 32 + 2;
    fy_bignum *r = fy_bn_alloc(cap);
    if (!r) return NULL;
    /* group digits into chunks whose value fits 32 bits */
    uint32_t chunk_mul = 1, chunk = 0;
    size_t n = 0;
    for (const char *q = p; q < end; q++) {
        int c = (unsigned char)*q;
        if (c == '_') continue;
        uint32_t d = (uint32_t)(isdigit(c) ? c - '0' : tolower(c) - 'a' + 10);
        if ((uint64_t)chunk_mul * (uint32_t)b > UINT32_MAX) {
            n = mag_muladd(r->d, n, chunk_mul, chunk);
            chunk_mul = 1;
            chunk = 0;
        }
        chunk = chunk * (uint32_t)b + d;
        chunk_mul *= (uint32_t)b;
    }
    n = mag_muladd(r->d, n, chunk_mul, chunk);
    r->n = (uint32_t)n;
    return fy_bn_finish(r, neg);
bad: {
    fy_obj *r = fy_str_from(s, len);
    if (!r) return NULL;
    fy_err_format(&fy_ValueError, "invalid literal for int() with base %d: %R", base, r);
    FY_DECREF(r);
    return NULL;
}
}

fy_obj *fy_int_from_string(const char *s, size_t len, int base) { return parse_int(s, len, base, true); }
fy_obj *fy_int_from_string_nolimit(const char *s, size_t len, int base) { return parse_int(s, len, base, false); }

char *fy_int_digits(fy_obj *o, int base, bool upper, size_t *np, bool *neg) {
    fy_bnview v;
    fy_bn_view(o, &v);
    *neg = v.neg && v.n;
    const char *dig = upper ? "0123456789ABCDEF" : "0123456789abcdef";
    if (!v.n) {
        char *r = fy_malloc(2);
        if (!r) return NULL;
        r[0] = '0';
        r[1] = 0;
        *np = 1;
        return r;
    }
    if (base != 10) {
        int bits = base == 16 ? 4 : base == 8 ? 3 : 1;
        size_t nb = fy_mag_bitlen(v.d, v.n), nd = (nb + (size_t)bits - 1) / (size_t)bits;
        char *r = fy_malloc(nd + 1);
        if (!r) return NULL;
        for (size_t i = 0; i < nd; i++) {
            size_t bit = i * (size_t)bits;
            uint64_t w = v.d[bit / 32] >> (bit % 32);
            if (bit / 32 + 1 < v.n && bit % 32 + (size_t)bits > 32) w |= (uint64_t)v.d[bit / 32 + 1] << (32 - bit % 32);
            r[nd - 1 - i] = dig[w & (uint64_t)(base - 1)];
        }
        r[nd] = 0;
        *np = nd;
        return r;
    }
    /* decimal: 9 digits at a time by repeated division by 10**9 */
    size_t nbits = fy_mag_bitlen(v.d, v.n);
    if (fy_int_max_str_digits > 0 && nbits > (size_t)fy_int_max_str_digits * 4 + 64) goto limit;
    uint32_t *t = fy_malloc(v.n * sizeof(uint32_t));
    size_t cap = v.n * 10 + 10, nd = 0;
    char *r = fy_malloc(cap + 1);
    if (!t || !r) {
        fy_free(t);
        fy_free(r);
        return NULL;
    }
    memcpy(t, v.d, v.n * sizeof(uint32_t));
    size_t n = v.n;
    while (n) {
        uint32_t rem = fy_mag_divrem1(t, n, 1000000000u, t);
        while (n && !t[n - 1]) n--;
        for (int k = 0; k < 9 && (n || rem); k++) {
            r[nd++] = (char)('0' + rem % 10);
            rem /= 10;
        }
    }
    fy_free(t);
    for (size_t i = 0; i < nd / 2; i++) {
        char c = r[i];
        r[i] = r[nd - 1 - i];
        r[nd - 1 - i] = c;
    }
    r[nd] = 0;
    if (fy_int_max_str_digits > 0 && nd > (size_t)fy_int_max_str_digits) {
        fy_free(r);
        goto limit;
    }
    *np = nd;
    return r;
limit:
    fy_err_format(&fy_ValueError,
                  "Exceeds the limit (%lld digits) for integer string conversion; use "
                  "sys.set_int_max_str_digits() to increase the limit",
                  (long long)fy_int_max_str_digits);
    return NULL;
}

fy_obj *fy_int_repr(fy_obj *o) {
    if (!FY_INT_IS_BIG(o)) {
        char buf[32];
        int64_t v = FY_INT_VAL(o);
        /* hand-rolled: this is every print(int) */
        uint64_t u = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
        char *p = buf + sizeof buf;
        do {
            *--p = (char)('0' + u % 10);
            u /= 10;
        } while (u);
        if (v < 0) *--p = '-';
        return fy_str_from_utf8(p, (size_t)(buf + sizeof buf - p));
    }
    size_t n;
    bool neg;
    char *d = fy_int_digits(o, 10, false, &n, &neg);
    if (!d) return NULL;
    fy_sbuf b = {0};
    if (neg) fy_sbuf_addc(&b, '-');
    fy_sbuf_add(&b, d, n);
    fy_free(d);
    return fy_sbuf_finish(&b);
}

/* ------------------------------------------------------------------ bytes */

fy_obj *fy_int_to_bytes(fy_obj *self, int64_t len, bool little, bool sign) {
    fy_bnview v;
    fy_bn_view(self, &v);
    if (v.neg && !sign) return fy_err_set(&fy_OverflowError, "can't convert negative int to unsigned");
    if (len < 0) return fy_err_set(&fy_ValueError, "length argument must be non-negative");
    if (len > (int64_t)1 << 30) return fy_err_nomem(); /* CPython: MemoryError for lengths it cannot allocate */
    /* fits? unsigned: bitlen <= 8*len; signed: value in [-2**(8len-1), 2**(8len-1)) */
    size_t bl = fy_mag_bitlen(v.d, v.n);
    uint64_t bits = (uint64_t)len * 8;
    bool fits;
    if (!sign) fits = bl <= bits;
    else if (!v.neg) fits = bl < bits || bl == 0;
    else {
        /* -m fits when m <= 2**(bits-1): bl < bits, or m is exactly 2**(bits-1) */
        fits = bl < bits;
        if (!fits && bl == bits && bits) {
            bool pow2 = true;
            for (size_t i = 0; i < v.n && pow2; i++)
                if (v.d[i] != (i + 1 == v.n ? 1u << ((bl - 1) % 32) : 0u)) pow2 = false;
            fits = pow2;
        }
    }
    if (!fits) return fy_err_set(&fy_OverflowError, "int too big to convert");
    unsigned char *buf = fy_calloc(len ? (size_t)len : 1, 1);
    if (!buf) return NULL;
    /* two's complement, byte i = bits 8i..8i+7 */
    unsigned carry = 1;
    for (int64_t i = 0; i < len; i++) {
        size_t w = (size_t)i / 4;
        unsigned byte = w < v.n ? (v.d[w] >> (8 * (i % 4))) & 0xff : 0;
        if (v.neg) {
            unsigned x = ((~byte) & 0xff) + carry;
            byte = x & 0xff;
            carry = x >> 8;
        }
        buf[little ? i : len - 1 - i] = (unsigned char)byte;
    }
    fy_obj *r = fy_bytes_from((const char *)buf, len);
    fy_free(buf);
    return r;
}

fy_obj *fy_int_from_bytes(const unsigned char *data, int64_t n, bool little, bool sign) {
    fy_bignum *r = fy_bn_alloc((size_t)n / 4 + 1);
    if (!r) return NULL;
    for (int64_t i = 0; i < n; i++) {
        unsigned byte = data[little ? i : n - 1 - i];
        r->d[i / 4] |= (uint32_t)byte << (8 * (i % 4));
    }
    int neg = 0;
    if (sign && n > 0 && (data[little ? n - 1 : 0] & 0x80)) {
        /* negative: magnitude = 2**(8n) - value */
        neg = 1;
        size_t words = (size_t)n / 4 + 1;
        int64_t topbits = n * 8;
        for (size_t w = 0; w < words; w++) {
            int64_t lo = (int64_t)w * 32;
            uint32_t mask = lo + 32 <= topbits ? 0xffffffffu : lo >= topbits ? 0 : (1u << (topbits - lo)) - 1;
            r->d[w] = (~r->d[w]) & mask;
        }
        uint64_t c = 1;
        for (size_t w = 0; w < words && c; w++) {
            c += r->d[w];
            r->d[w] = (uint32_t)c;
            c >>= 32;
        }
    }
    return fy_bn_finish(r, neg);
}

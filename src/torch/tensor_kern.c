/* tensor_kern.c - the array kernels behind the fast paths of host tensor ops: conversions between
 * float32 and the other float formats, and elementwise float32 / float64 arithmetic.
 *
 * Written as plain loops over arrays for the compiler to vectorise (this file is compiled with the
 * vectoriser's dynamic cost model, which -O2 leaves off). The conversions are integer arithmetic on the
 * bit patterns (round to nearest even) or tables made from the scalar converters of dtype.c, and give
 * bit for bit what those give (NaN as they make it: bf16 0x7FC0, f16 sign|0x7E00, ...). */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("tree-vectorize", "vect-cost-model=dynamic")
#endif
#include <math.h>
#include <pthread.h>
#include <string.h>
#include "torch/torch.h"

static inline uint32_t fbits(float f) {
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}
static inline float bitsf(uint32_t u) {
    float f;
    memcpy(&f, &u, 4);
    return f;
}

/* ------------------------------------------------------------------ decoding tables */

static float f16_tab[65536], fp8_tab[3][256];
static pthread_once_t tab_once = PTHREAD_ONCE_INIT;
static void tab_init(void) {
    for (uint32_t h = 0; h < 65536; h++) f16_tab[h] = (float)fy_torch_f16_to_f64((uint16_t)h);
    for (int k = 0; k < 3; k++)
        for (uint32_t b = 0; b < 256; b++)
            fp8_tab[k][b] = (float)fy_torch_fp8_to_f64((uint8_t)b, FY_TORCH_F8E4M3FN + k);
}

bool fy_torch_cvt_f32_ok(int dt, bool store) {
    return (store && dt == FY_TORCH_BOOL) || dt == FY_TORCH_F16 || dt == FY_TORCH_BF16 || dt == FY_TORCH_F32 ||
           dt == FY_TORCH_F64 || fy_torch_is_fp8(dt);
}

FY_TORCH_SIMD_CLONES void fy_torch_cvt_to_f32(const char *src, int64_t ss, int sdt, float *dst, int64_t n) {
    if (sdt == FY_TORCH_F16 || fy_torch_is_fp8(sdt)) pthread_once(&tab_once, tab_init);
    switch (sdt) {
    case FY_TORCH_F32:
        if (ss == 4) memcpy(dst, src, 4 * (size_t)n);
        else
            for (int64_t i = 0; i < n; i++) memcpy(dst + i, src + i * ss, 4);
        return;
    case FY_TORCH_F64:
        if (ss == 8) {
            const double *s = (const double *)(const void *)src;
            for (int64_t i = 0; i < n; i++) dst[i] = (float)s[i];
        } else
            for (int64_t i = 0; i < n; i++) {
                double d;
                memcpy(&d, src + i * ss, 8);
                dst[i] = (float)d;
            }
        return;
    case FY_TORCH_BF16: {
        /* a NaN goes through double in fy_torch_loadf, which quiets it */
        if (ss == 2) {
            const uint16_t *s = (const uint16_t *)(const void *)src;
            uint32_t *d = (uint32_t *)(void *)dst;
            for (int64_t i = 0; i < n; i++) {
                uint32_t u = (uint32_t)s[i] << 16;
                d[i] = (u & 0x7FFFFFFFu) > 0x7F800000u ? u | 0x400000u : u;
            }
        } else
            for (int64_t i = 0; i < n; i++) {
                uint16_t h;
                memcpy(&h, src + i * ss, 2);
                uint32_t u = (uint32_t)h << 16;
                dst[i] = bitsf((u & 0x7FFFFFFFu) > 0x7F800000u ? u | 0x400000u : u);
            }
        return;
    }
    case FY_TORCH_F16:
        for (int64_t i = 0; i < n; i++) {
            uint16_t h;
            memcpy(&h, src + i * ss, 2);
            dst[i] = f16_tab[h];
        }
        return;
    default: { /* fp8 */
        const float *t = fp8_tab[sdt - FY_TORCH_F8E4M3FN];
        const uint8_t *s = (const uint8_t *)src;
        for (int64_t i = 0; i < n; i++) dst[i] = t[s[i * ss]];
        return;
    }
    }
}

/* float32 bits to bfloat16, RNE, overflow to infinity, every NaN to 0x7FC0 (fy_torch_f32_to_bf16). */
static inline uint16_t to_bf16(uint32_t u) {
    uint32_t r = (u + 0x7FFFu + ((u >> 16) & 1u)) >> 16;
    return (uint16_t)((u & 0x7FFFFFFFu) > 0x7F800000u ? 0x7FC0u : r);
}

/* float32 bits to float16, RNE, overflow to infinity, NaN to sign|0x7E00 (fy_torch_f32_to_f16). */
static inline uint16_t to_f16(uint32_t u) {
    uint32_t sign = (u >> 16) & 0x8000u, a = u & 0x7FFFFFFFu;
    /* below 2^-14 the result is subnormal: adding 0.5 leaves the rounded multiple of 2^-24 in the low bits */
    uint32_t sub = fbits(bitsf(a) + 0.5f) - 0x3F000000u;
    uint32_t nor = (a + 0xC8000FFFu + ((a >> 13) & 1u)) >> 13; /* rebias 127 -> 15 and round */
    uint32_t r = a < 0x38800000u ? sub : nor;
    r = a >= 0x47800000u ? 0x7C00u : r; /* from 65536 on (and inf); 65520..65536 round up to inf above */
    r = a > 0x7F800000u ? 0x7E00u : r;
    return (uint16_t)(sign | r);
}

/* float32 bits to the unsigned code of a format with m mantissa bits and exponent bias b, RNE (the code
 * may pass the format's largest: the caller saturates), as round_narrow() in dtype.c. |x| finite. */
static inline uint32_t narrow_code(uint32_t a, int m, int b) {
    uint32_t sh = 23u - (uint32_t)m;
    /* below 2^(1-b) (subnormal in the target): adding 2^(24-b-m), whose ulp is the target's quantum
     * 2^(1-b-m), leaves the rounded count of quanta in the low bits */
    uint32_t magic = (uint32_t)(127 + 24 - b - m) << 23;
    uint32_t sub = fbits(bitsf(a) + bitsf(magic)) - magic;
    uint32_t nor = ((a + ((1u << (sh - 1)) - 1u) + ((a >> sh) & 1u)) >> sh) - ((uint32_t)(127 - b) << m);
    return a < ((uint32_t)(127 + 1 - b) << 23) ? sub : nor;
}

static inline uint8_t to_fp8(uint32_t u, int dt) {
    uint32_t sign = (u >> 24) & 0x80u, a = u & 0x7FFFFFFFu;
    bool nan = a > 0x7F800000u, inf = a == 0x7F800000u;
    uint32_t big = a >= 0x4F800000u ? 0x4F800000u : a; /* keep the arithmetic in range (2^32: saturates anyway) */
    switch (dt) {
    case FY_TORCH_F8E4M3FN: {
        uint32_t c = narrow_code(big, 3, 7);
        c = c > 0x7Fu ? 0x7Fu : c;
        return (uint8_t)(sign | (nan || inf ? 0x7Fu : c));
    }
    case FY_TORCH_F8E4M3FNUZ: {
        uint32_t c = narrow_code(big, 3, 8);
        uint32_t r = c ? sign | c : 0u; /* no negative zero */
        return (uint8_t)(nan || inf || c >= 0x80u ? 0x80u : r);
    }
    default: {
        uint32_t c = narrow_code(big, 2, 15);
        c = c >= 0x7Cu ? 0x7Cu : c;
        return (uint8_t)(sign | (nan ? 0x7Fu : inf ? 0x7Cu : c));
    }
    }
}

FY_TORCH_SIMD_CLONES void fy_torch_cvt_from_f32(const float *src, char *dst, int64_t ds, int ddt, int64_t n) {
    const uint32_t *s = (const uint32_t *)(const void *)src;
    switch (ddt) {
    case FY_TORCH_BOOL:
        if (ds == 1)
            for (int64_t i = 0; i < n; i++) ((uint8_t *)dst)[i] = src[i] != 0;
        else
            for (int64_t i = 0; i < n; i++) ((uint8_t *)dst)[i * ds] = src[i] != 0;
        return;
    case FY_TORCH_F32:
        if (ds == 4) memcpy(dst, src, 4 * (size_t)n);
        else
            for (int64_t i = 0; i < n; i++) memcpy(dst + i * ds, src + i, 4);
        return;
    case FY_TORCH_F64:
        if (ds == 8) {
            double *d = (double *)(void *)dst;
            for (int64_t i = 0; i < n; i++) d[i] = src[i];
        } else
            for (int64_t i = 0; i < n; i++) {
                double d = src[i];
                memcpy(dst + i * ds, &d, 8);
            }
        return;
    case FY_TORCH_BF16:
        if (ds == 2) {
            uint16_t *d = (uint16_t *)(void *)dst;
            for (int64_t i = 0; i < n; i++) d[i] = to_bf16(s[i]);
        } else
            for (int64_t i = 0; i < n; i++) {
                uint16_t h = to_bf16(s[i]);
                memcpy(dst + i * ds, &h, 2);
            }
        return;
    case FY_TORCH_F16:
        if (ds == 2) {
            uint16_t *d = (uint16_t *)(void *)dst;
            for (int64_t i = 0; i < n; i++) d[i] = to_f16(s[i]);
        } else
            for (int64_t i = 0; i < n; i++) {
                uint16_t h = to_f16(s[i]);
                memcpy(dst + i * ds, &h, 2);
            }
        return;
    case FY_TORCH_F8E4M3FN:
        if (ds == 1) /* contiguous: a loop the vectoriser takes */
            for (int64_t i = 0; i < n; i++) ((uint8_t *)dst)[i] = to_fp8(s[i], FY_TORCH_F8E4M3FN);
        else
            for (int64_t i = 0; i < n; i++) ((uint8_t *)dst)[i * ds] = to_fp8(s[i], FY_TORCH_F8E4M3FN);
        return;
    case FY_TORCH_F8E4M3FNUZ:
        if (ds == 1) /* contiguous: a loop the vectoriser takes */
            for (int64_t i = 0; i < n; i++) ((uint8_t *)dst)[i] = to_fp8(s[i], FY_TORCH_F8E4M3FNUZ);
        else
            for (int64_t i = 0; i < n; i++) ((uint8_t *)dst)[i * ds] = to_fp8(s[i], FY_TORCH_F8E4M3FNUZ);
        return;
    default:
        if (ds == 1)
            for (int64_t i = 0; i < n; i++) ((uint8_t *)dst)[i] = to_fp8(s[i], FY_TORCH_F8E5M2);
        else
            for (int64_t i = 0; i < n; i++) ((uint8_t *)dst)[i * ds] = to_fp8(s[i], FY_TORCH_F8E5M2);
        return;
    }
}

FY_TORCH_SIMD_CLONES void fy_torch_round_f32(float *v, int64_t n, int dt) {
    uint32_t *u = (uint32_t *)(void *)v;
    switch (dt) {
    case FY_TORCH_BF16:
        for (int64_t i = 0; i < n; i++) {
            uint32_t h = (uint32_t)to_bf16(u[i]) << 16;
            u[i] = (h & 0x7FFFFFFFu) > 0x7F800000u ? h | 0x400000u : h;
        }
        return;
    case FY_TORCH_F16:
        pthread_once(&tab_once, tab_init);
        for (int64_t i = 0; i < n; i++) v[i] = f16_tab[to_f16(u[i])];
        return;
    default:
        if (fy_torch_is_fp8(dt)) {
            pthread_once(&tab_once, tab_init);
            const float *t = fp8_tab[dt - FY_TORCH_F8E4M3FN];
            for (int64_t i = 0; i < n; i++) v[i] = t[to_fp8(u[i], dt)];
        }
        return;
    }
}

FY_TORCH_SIMD_CLONES void fy_torch_load_f64(const char *p, int64_t s, int dt, double *out, int64_t n) {
    if (dt == FY_TORCH_F64) {
        for (int64_t i = 0; i < n; i++) memcpy(out + i, p + i * s, 8);
        return;
    }
    if (!fy_torch_cvt_f32_ok(dt, false)) {
        for (int64_t i = 0; i < n; i++) out[i] = fy_torch_loadf(p + i * s, dt);
        return;
    }
    float buf[1024];
    for (int64_t i = 0; i < n; i += 1024) {
        int64_t k = n - i < 1024 ? n - i : 1024;
        fy_torch_cvt_to_f32(p + i * s, s, dt, buf, k);
        for (int64_t e = 0; e < k; e++) out[i + e] = buf[e];
    }
}

FY_TORCH_SIMD_CLONES void fy_torch_store_f64(const double *v, char *p, int64_t s, int dt, int64_t n) {
    if (dt == FY_TORCH_F64) {
        for (int64_t i = 0; i < n; i++) memcpy(p + i * s, v + i, 8);
        return;
    }
    if (!fy_torch_cvt_f32_ok(dt, true)) {
        for (int64_t i = 0; i < n; i++) fy_torch_storef(p + i * s, dt, v[i]);
        return;
    }
    float buf[1024];
    for (int64_t i = 0; i < n; i += 1024) {
        int64_t k = n - i < 1024 ? n - i : 1024;
        for (int64_t e = 0; e < k; e++) buf[e] = (float)v[i + e];
        fy_torch_cvt_from_f32(buf, p + i * s, s, dt, k);
    }
}

/* ------------------------------------------------------------------ elementwise */

/* One loop per operand shape: both arrays, x one value, y one value. */
#define BIN_LOOPS(T, EXPR) \
    do { \
        if (xs && ys) \
            for (int64_t i = 0; i < n; i++) { \
                T a = x[i], b = y[i]; \
                r[i] = (EXPR); \
            } \
        else if (xs) { \
            T b = y[0]; \
            for (int64_t i = 0; i < n; i++) { \
                T a = x[i]; \
                r[i] = (EXPR); \
            } \
        } else { \
            T a = x[0]; \
            for (int64_t i = 0; i < n; i++) { \
                T b = y[ys ? i : 0]; \
                r[i] = (EXPR); \
            } \
        } \
    } while (0)

#define BIN_SWITCH(T, NANV) \
    switch (op) { \
    case FY_TOP_ADD: BIN_LOOPS(T, a + b); return true; \
    case FY_TOP_SUB: BIN_LOOPS(T, a - b); return true; \
    case FY_TOP_MUL: BIN_LOOPS(T, a * b); return true; \
    case FY_TOP_DIV: BIN_LOOPS(T, a / b); return true; \
    case FY_TOP_MAX: BIN_LOOPS(T, a != a || b != b ? NANV : a > b ? a : b); return true; \
    case FY_TOP_MIN: BIN_LOOPS(T, a != a || b != b ? NANV : a < b ? a : b); return true; \
    case FY_TOP_EQ: BIN_LOOPS(T, (T)(a == b)); return true; \
    case FY_TOP_NE: BIN_LOOPS(T, (T)(a != b)); return true; \
    case FY_TOP_LT: BIN_LOOPS(T, (T)(a < b)); return true; \
    case FY_TOP_LE: BIN_LOOPS(T, (T)(a <= b)); return true; \
    case FY_TOP_GT: BIN_LOOPS(T, (T)(a > b)); return true; \
    case FY_TOP_GE: BIN_LOOPS(T, (T)(a >= b)); return true; \
    default: return false; \
    }

FY_TORCH_SIMD_CLONES bool fy_torch_fbin(int op, const float *x, int xs, const float *y, int ys, float *r,
                                        int64_t n){BIN_SWITCH(float, (float)NAN)} FY_TORCH_SIMD_CLONES
    bool fy_torch_dbin(int op, const double *x, int xs, const double *y, int ys, double *r,
                       int64_t n){BIN_SWITCH(double, (double)NAN)}

/* Comparisons straight into bool bytes (r[i] = x OP y as 0 or 1): no float results to narrow afterwards. */
#define CMP_SWITCH(T) \
    switch (op) { \
    case FY_TOP_EQ: BIN_LOOPS(T, (uint8_t)(a == b)); return true; \
    case FY_TOP_NE: BIN_LOOPS(T, (uint8_t)(a != b)); return true; \
    case FY_TOP_LT: BIN_LOOPS(T, (uint8_t)(a < b)); return true; \
    case FY_TOP_LE: BIN_LOOPS(T, (uint8_t)(a <= b)); return true; \
    case FY_TOP_GT: BIN_LOOPS(T, (uint8_t)(a > b)); return true; \
    case FY_TOP_GE: BIN_LOOPS(T, (uint8_t)(a >= b)); return true; \
    default: return false; \
    }

FY_TORCH_SIMD_CLONES bool fy_torch_fcmp(int op, const float *x, int xs, const float *y, int ys, uint8_t *r, int64_t n){
    CMP_SWITCH(float)} FY_TORCH_SIMD_CLONES bool fy_torch_dcmp(int op, const double *x, int xs, const double *y, int ys,
                                                               uint8_t *r, int64_t n){CMP_SWITCH(double)}

/* ------------------------------------------------------------------ isclose */

FY_TORCH_SIMD_CLONES void fy_torch_close_f32(const float *x, const float *y, int64_t n, float rt, float at,
                                             bool equal_nan, bool zero_tol, int cdt, uint8_t *out) {
    float al[1024], df[1024];
    bool rnd = cdt != FY_TORCH_F32;
    for (int64_t i0 = 0; i0 < n; i0 += 1024) {
        int64_t m = n - i0 < 1024 ? n - i0 : 1024;
        const float *a = x + i0, *b = y + i0;
        uint8_t *o = out + i0;
        for (int64_t i = 0; i < m; i++) {
            al[i] = rt * b[i];
            df[i] = a[i] - b[i];
        }
        if (rnd) {
            fy_torch_round_f32(al, m, cdt);
            fy_torch_round_f32(df, m, cdt);
        }
        for (int64_t i = 0; i < m; i++) al[i] = at + fabsf(al[i]);
        if (rnd) fy_torch_round_f32(al, m, cdt);
        int en = equal_nan, nz = !zero_tol;
        for (int64_t i = 0; i < m; i++) { /* bitwise, not short-circuit: no branches in the loop */
            float u = a[i], v = b[i], act = fabsf(df[i]);
            int c = (u == v) | (en & (u != u) & (v != v));
            int tol = nz & (act - act == 0) & (act <= al[i]); /* finite and within */
            o[i] = (uint8_t)(c | tol);
        }
    }
}

/* tensor_exp.c - a vectorised double-precision exp for the softmax of float32 / bfloat16 / float16 results
 * (tensor_rows.c; float64 results keep libm's exp), built for AVX2 and for the baseline, the CPU choosing
 * at load time (FY_TORCH_SIMD_CLONES). Neither build has FMA and every operation is written out, so the
 * compiler cannot contract or reorder: both give the same bits.
 *
 * Method, for x in [-707, 709] (elsewhere, and for NaN, libm's exp(x) is used):
 *   k = nearest integer to x/ln2 (x * INVLN2 + 1.5*2^52, then minus the shift: k exact, maybe off by one
 *       from the nearest when x/ln2 is within 2^-40 of a half-integer, two roundings without FMA);
 *   r = (x - k*LN2HI) - k*LN2LO, |r| <= ln2/2 + 2^-30 < 0.3467; LN2HI has 21 trailing zero bits, so
 *       k*LN2HI is exact for |k| <= 1023, and x - k*LN2HI is exact (Sterbenz) for |k| >= 2 and k = 0;
 *       at |k| = 1 it may be rounded, by at most half an ulp of a value below 0.35 (< u/4, below);
 *   exp(x) = 2^k * P(r), P the degree-13 Taylor polynomial of e^r in Horner form, 2^k built in the
 *       exponent bits (k + 1023 in [3, 2046]: a normal power of two, and 2^k * P(r) >= 2^-1020 * 0.7 is
 *       normal, so the multiplication is exact).
 *
 * Error bound (u = 2^-53, the unit roundoff of double):
 *   - truncation: |e^r - P(r)| <= |r|^14 / 14! * e^|r| < 0.3467^14 / 8.7e10 * 1.42 < 6.2e-18 < 0.06 u,
 *     relative to e^r >= 0.707: < 0.08 u;
 *   - reduction: k*LN2LO is rounded (<= 2^-33 * 2^-53 * 1023 absolute, LN2LO < 2^-32) and so is the
 *     subtractions (half an ulp of a value below 0.35 each, < 2^-55): |r_computed - r| < 0.51 u, and
 *     ln2 - LN2HI - LN2LO < 2^-85 times |k| <= 1023 adds < 2^-75: relative error of e^r below 0.52 u;
 *   - evaluation: write P = 1 + r*T, T = 1 + r*S, S = 1/2 + r*U, U = 1/6 + r/24 + ... . The coefficients
 *     1/n! are rounded (relative u each; the first three, 1, 1, 1/2, exact). The terms shrink by |r|/n per
 *     level, so the inner levels' errors are damped: U in [0.15, 0.19] is computed with a relative error
 *     below 3u (each inner level contributes its rounding times <= 0.35/4 of the next); S in [0.44, 0.56]:
 *     |r*U| < 0.066, abs. error < 0.066 * 4u + half an ulp of S (<= u/2) < 0.77u, relative < 1.8u;
 *     T in [0.83, 1.21]: |r*S| < 0.195, abs. error < 0.195 * 2.8u + half an ulp of T (<= u) < 1.55u;
 *     P: |r*T| < 0.42, abs. error < 0.3467 * 1.55u + 0.42u (rounding r*T) + half an ulp of P (u/2 below 1,
 *     u above) < 1.97u, and P >= 0.707: relative error < 2.0u where P >= 1 and < 1.96u / 0.707 < 2.8u below.
 *   Total: relative error below 0.08u + 0.52u + 2.8u < 3.4u = 3.4 * 2^-53 < 2^-51.2, i.e. less than 3.4 ulp
 *   of double (an ulp of y is at least |y| * 2^-53). tests/lang/torch/softmax_rounding.py measures it against
 *   math.exp (libm) on many inputs through torch._C._vexp and checks the bound.
 *
 * What this gives the softmax (tensor_rows.c: max, x - max, this exp, the running double sum in order, one
 * double division, rounded to the result dtype), against the float64 softmax (libm's exp, the same
 * steps): each term differs from libm's by a relative 2^-50.8 at most (3.4u here, glibc's exp within 1u); the two in-order sums of L terms are
 * each within a relative (L-1)u of their exact sums, so they differ by at most 2^-50.8 + 2(L-1)u, and the
 * quotients by that plus u: below 2^-31 relative for rows up to 2^20 elements, against half an ulp of
 * float32, at least 2^-25 relative. The store rounds the double to float32 (and a bfloat16 / float16 result
 * then the float32 to the dtype, as fy_torch_storef does, and torch, which computes those in float32): so
 * before the final rounding our value is within far less than half an ulp of float32 of the reference's.
 * The float32 is thus within 1 ulp of the float64 softmax rounded to float32, and equal to it unless that
 * float64 value lies within a relative 2^-31 of a float32 rounding midpoint (for the inputs of the test
 * and almost all inputs: equal); a bfloat16 / float16 result is rounded from that same float32, and so
 * equal too (or, in that rare case, one of the two neighbours of the reference's float32 rounded).
 * Guaranteed: the exp bound above and the float32 1-ulp bound; tested: equality on the test's inputs.
 */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("tree-vectorize", "vect-cost-model=dynamic", "fp-contract=off")
#endif
#include <math.h>
#include <string.h>
#include "torch/torch.h"

#define VEXP_LO (-707.0)
#define VEXP_HI 709.0
#define VEXP_BLOCK 256

static const double INVLN2 = 1.44269504088896338700e+00;
static const double LN2HI = 6.93147180369123816490e-01; /* 0x3fe62e42fee00000 */
static const double LN2LO = 1.90821492927058770002e-10; /* 0x3dea39ef35793c76 */
static const double SHIFT = 6755399441055744.0;         /* 1.5 * 2^52 */

static inline uint64_t dbits(double d) {
    uint64_t u;
    memcpy(&u, &d, 8);
    return u;
}
static inline double bitsd(uint64_t u) {
    double d;
    memcpy(&d, &u, 8);
    return d;
}

/* y[i] = exp(x[i]) for i < n where x[i] is in [VEXP_LO, VEXP_HI] (the caller fixes the rest). */
static inline void vexp_block(const double *restrict x, double *restrict y, int64_t n) {
    const double c3 = 1.0 / 6, c4 = 1.0 / 24, c5 = 1.0 / 120, c6 = 1.0 / 720, c7 = 1.0 / 5040, c8 = 1.0 / 40320,
                 c9 = 1.0 / 362880, c10 = 1.0 / 3628800, c11 = 1.0 / 39916800, c12 = 1.0 / 479001600,
                 c13 = 1.0 / 6227020800.0;
    const uint64_t sb = dbits(SHIFT);
    for (int64_t i = 0; i < n; i++) {
        double v = x[i]; /* out of range or NaN: garbage bits, no trap; fixed by the caller */
        double t = v * INVLN2;
        t = t + SHIFT;
        double kd = t - SHIFT;
        uint64_t k = dbits(t) - sb; /* two's complement k */
        double hi = v - kd * LN2HI;
        double r = hi - kd * LN2LO;
        double p = c13;
        p = p * r + c12;
        p = p * r + c11;
        p = p * r + c10;
        p = p * r + c9;
        p = p * r + c8;
        p = p * r + c7;
        p = p * r + c6;
        p = p * r + c5;
        p = p * r + c4;
        p = p * r + c3;
        p = p * r + 0.5;
        p = p * r + 1.0;
        p = p * r + 1.0;
        y[i] = p * bitsd((k + 1023) << 52);
    }
}

/* Whether any of x[0..n) is outside the fast range or NaN. */
static inline int vexp_bad(const double *x, int64_t n) {
    int bad = 0;
    for (int64_t i = 0; i < n; i++) bad |= (x[i] < VEXP_LO) | (x[i] > VEXP_HI) | (x[i] != x[i]);
    return bad;
}

/* y = exp(x) over one block (m <= VEXP_BLOCK; y may be x). */
static inline void vexp_span(const double *x, double *y, int64_t m) {
    if (!vexp_bad(x, m)) {
        vexp_block(x, y, m); /* elementwise: in place is fine */
        return;
    }
    double tmp[VEXP_BLOCK];
    vexp_block(x, tmp, m);
    for (int64_t i = 0; i < m; i++)
        if (!(x[i] >= VEXP_LO && x[i] <= VEXP_HI)) tmp[i] = exp(x[i]);
    memcpy(y, tmp, sizeof(double) * (size_t)m);
}

FY_TORCH_SIMD_CLONES void fy_torch_vexp(const double *x, double *y, int64_t n) {
    for (int64_t b = 0; b < n; b += VEXP_BLOCK) vexp_span(x + b, y + b, n - b < VEXP_BLOCK ? n - b : VEXP_BLOCK);
}

FY_TORCH_SIMD_CLONES void fy_torch_softmax_vrow(double *v, int64_t n) {
    double m[4] = {-INFINITY, -INFINITY, -INFINITY, -INFINITY};
    int nan = 0;
    int64_t i = 0;
    for (; i + 4 <= n; i += 4)
        for (int l = 0; l < 4; l++) {
            m[l] = v[i + l] > m[l] ? v[i + l] : m[l];
            nan |= v[i + l] != v[i + l];
        }
    for (; i < n; i++) {
        m[0] = v[i] > m[0] ? v[i] : m[0];
        nan |= v[i] != v[i];
    }
    double a = m[0] > m[1] ? m[0] : m[1], c = m[2] > m[3] ? m[2] : m[3], mx = nan ? NAN : a > c ? a : c, s = 0;
    for (int64_t b = 0; b < n; b += VEXP_BLOCK) {
        int64_t k = n - b < VEXP_BLOCK ? n - b : VEXP_BLOCK;
        double *w = v + b;
        for (int64_t e = 0; e < k; e++) w[e] = w[e] - mx;
        vexp_span(w, w, k);
        for (int64_t e = 0; e < k; e++) s += w[e];
    }
    for (i = 0; i < n; i++) v[i] = v[i] / s;
}

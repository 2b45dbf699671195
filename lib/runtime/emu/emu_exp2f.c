/* emu_exp2f.c - flyi's own float exp2 for the emulator: fly_emu_exp2f (one float; the JIT's exp2f, which
 * LLVM's llvm.exp2.f32 becomes in the phase loop) and fly_emu_vexp2f (an array in place; the lane-vector form's
 * math.exp2). Both give the correctly rounded float 2^x (round to nearest even): one result, so the same bits on
 * every x86-64 machine and in both forms, though the scalar has a shorter fast path of its own (below, at
 * fly_emu_exp2f: the phase loop calls it once an element). The array loop is built for AVX-512, AVX2 and the
 * baseline (SSE2), the CPU choosing at first use (FLYI_EMU_EXP2_ISA=avx2|base picks a lower one). The file is
 * compiled with fp-contract off (and no-trapping-math, which lets the loop's selects vectorise and changes no
 * result, only whether FP exception flags may be ignored) and every operation is a separate IEEE add, sub or
 * mul in double: no clone can fuse or reorder, so all three builds give the same doubles, bit for bit.
 *
 * The array loop:
 * Fast path, for x in [-126, 128) (the float results are normal), in double, no table:
 *   k = nearest integer to x, by adding and subtracting 1.5 * 2^52 (exact, ties to even); r = x - k, exact
 *       (x is a float: |r| <= 1/2 has at most 24 significant bits at x's ulp or finer).
 *   2^x = 2^k * 2^r, 2^r = 1 + r * Q(r), Q(r) = P1 + P2 r + ... + P13 r^12, P_n = ln2^n / n! (the Taylor
 *       series of e^(r ln2)), each the nearest double, derived with mpmath at 200 bits. Q is evaluated in
 *       Estrin's scheme (pairs P_n + P_n+1 r, then with r^2, r^4, r^8: 11 dependent operations, not 26).
 *   Error bound (u = 2^-53): truncation |r ln2|^14 / 14! * e^|r ln2| < 5.9e-18 (< 0.06 u) absolute. The
 *       coefficients are within u/2 relative; in Q (in [0.49, 0.99]) every product and sum is below 1 and
 *       rounds by at most u/2 of its value, and past P1 + P2 r the terms weigh less than 0.1 of Q: Q's
 *       relative error is below 2 u. r * Q (|rQ| < 0.42) adds u/2 relative: absolute error below 1.1 u.
 *       1 + rQ rounds by half an ulp of y (u/2 below 1, u above). Total below 2.2 u absolute on y in
 *       [0.707, 1.415], i.e. under 2.2 ulp of y (1.1 ulp above 1). Measured (a Python copy of these
 *       operations against mpmath, 200,000 values of r in [-1/2, 1/2]): at most 1.53 ulp.
 *   The scale 2^k (k in [-126, 128]) is a normal double built in the exponent bits, and y * 2^k is a normal
 *   double: exact. Rounding y to float is then correct unless y is within 2.2 ulp of a float midpoint. The
 *   code checks for that: the 29 low mantissa bits of y within 64 of 2^28 (a midpoint of the float grid in
 *   y's binade; near a power of two the midpoints are 2^27 ulps away). Those, about one input in 2^22, and
 *   x in (-150, -126) (subnormal floats) take the slow path.
 * Slow path: k = nearest integer to 32 x and r = x - k / 32 (|r| <= 1/64, exact: a multiple of 2^-29 or
 *   x itself), 2^x = 2^(k >> 5) * T[k & 31] * 2^r, T[j] = 2^(j/32) as hi + lo doubles (hi the nearest double,
 *   lo the nearest double to the rest, mpmath at 300 bits: within 2^-106 relative), and 2^r = e^(r ln2) by its degree-12 Taylor polynomial in __float128 (GCC's
 *   soft float: IEEE quadruple, the same bits everywhere), ln2 and T as hi + lo doubles summed exactly into
 *   quad. Truncation < 4.6e-36, each rounding 2^-113 relative: the result is within 2^-100 relative of 2^x,
 *   and the one rounding quad -> float (a subnormal directly) is correct unless 2^x is within 2^-100 of a
 *   midpoint. An exhaustive sweep of all 2^32 floats (tests/unit/test_exp2f.c, FLYI_EXP2F_FULL=1) found none
 *   that is not correctly rounded: see BENCHMARKS.md, round 8.
 * Specials: NaN -> NaN (x + x), x >= 128 (and +inf) -> inf, x <= -150 (and -inf) -> 0 (2^-150 is the midpoint
 *   between 0 and the least subnormal: ties to even). x is clamped to [-160, 130] before the arithmetic and
 *   these results come out of the same formula, the slow path skipped for them.
 */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("tree-vectorize", "vect-cost-model=dynamic", "fp-contract=off", "no-trapping-math")
#endif
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include "runtime/emu/emu_exp2f.h"

#define XBLOCK 256

static const double SHIFT = 0x1.8p52;
/* P_n = ln2^n / n!, the nearest doubles (mpmath, 200 bits): the fast path's Taylor polynomial of 2^r. */
static const double P1 = 0x1.62e42fefa39efp-1, P2 = 0x1.ebfbdff82c58fp-3, P3 = 0x1.c6b08d704a0c0p-5,
                    P4 = 0x1.3b2ab6fba4e77p-7, P5 = 0x1.5d87fe78a6731p-10, P6 = 0x1.430912f86c787p-13,
                    P7 = 0x1.ffcbfc588b0c7p-17, P8 = 0x1.62c0223a5c824p-20, P9 = 0x1.b5253d395e7c4p-24,
                    P10 = 0x1.e4cf5158b8ecap-28, P11 = 0x1.e8cac7351bb25p-32, P12 = 0x1.c3bd650fc2986p-36,
                    P13 = 0x1.816193166d0f9p-40;
static const double LN2_HI = 0x1.62e42fefa39efp-1, LN2_LO = 0x1.abc9e3b39803fp-56;

/* 2^(j/32) = THI[j] + TLO[j] */
static const double THI[32] = {
    0x1.0000000000000p+0, 0x1.059b0d3158574p+0, 0x1.0b5586cf9890fp+0, 0x1.11301d0125b51p+0, 0x1.172b83c7d517bp+0,
    0x1.1d4873168b9aap+0, 0x1.2387a6e756238p+0, 0x1.29e9df51fdee1p+0, 0x1.306fe0a31b715p+0, 0x1.371a7373aa9cbp+0,
    0x1.3dea64c123422p+0, 0x1.44e086061892dp+0, 0x1.4bfdad5362a27p+0, 0x1.5342b569d4f82p+0, 0x1.5ab07dd485429p+0,
    0x1.6247eb03a5585p+0, 0x1.6a09e667f3bcdp+0, 0x1.71f75e8ec5f74p+0, 0x1.7a11473eb0187p+0, 0x1.82589994cce13p+0,
    0x1.8ace5422aa0dbp+0, 0x1.93737b0cdc5e5p+0, 0x1.9c49182a3f090p+0, 0x1.a5503b23e255dp+0, 0x1.ae89f995ad3adp+0,
    0x1.b7f76f2fb5e47p+0, 0x1.c199bdd85529cp+0, 0x1.cb720dcef9069p+0, 0x1.d5818dcfba487p+0, 0x1.dfc97337b9b5fp+0,
    0x1.ea4afa2a490dap+0, 0x1.f50765b6e4540p+0,
};
static const double TLO[32] = {
    0x0.0p+0,
    0x1.d73e2a475b465p-55,
    0x1.8a62e4adc610bp-54,
    -0x1.6c51039449b3ap-54,
    -0x1.19041b9d78a76p-55,
    0x1.e016e00a2643cp-54,
    0x1.9b07eb6c70573p-54,
    0x1.612e8afad1255p-55,
    0x1.6f46ad23182e4p-55,
    -0x1.63aeabf42eae2p-54,
    0x1.ada0911f09ebcp-55,
    0x1.89b7a04ef80d0p-59,
    0x1.d4397afec42e2p-56,
    -0x1.07abe1db13cadp-55,
    0x1.6324c054647adp-54,
    -0x1.383c17e40b497p-54,
    -0x1.bdd3413b26456p-54,
    -0x1.16e4786887a99p-55,
    -0x1.41577ee04992fp-55,
    -0x1.d4c1dd41532d8p-54,
    0x1.6e9f156864b27p-54,
    -0x1.75fc781b57ebcp-57,
    0x1.c7c46b071f2bep-56,
    -0x1.d2f6edb8d41e1p-54,
    0x1.7a1cd345dcc81p-54,
    -0x1.5584f7e54ac3bp-56,
    0x1.11065895048ddp-55,
    0x1.503cbd1e949dbp-56,
    0x1.2ed02d75b3707p-55,
    -0x1.1a5cd4f184b5cp-54,
    -0x1.e9c23179c2893p-54,
    0x1.9d3e12dd8a18bp-54,
};

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

/* The fast path of one element x (a float converted to double): the double y; *slow set when the slow path
 * must decide. No branches, no table, one width (64 bits): the loop over an array vectorises. */
static inline __attribute__((always_inline)) double fast1(double x, uint64_t *slow) {
    x = x > 130.0 ? 130.0 : x;
    x = x < -160.0 ? -160.0 : x; /* NaN stays NaN */
    double t = x + SHIFT;
    double kd = t - SHIFT;
    uint64_t k = dbits(t) - dbits(SHIFT);
    double r = x - kd;
    double r2 = r * r;
    double r4 = r2 * r2;
    double r8 = r4 * r4;
    double e0 = P2 * r, e1 = P4 * r, e2 = P6 * r, e3 = P8 * r, e4 = P10 * r, e5 = P12 * r;
    e0 = e0 + P1;
    e1 = e1 + P3;
    e2 = e2 + P5;
    e3 = e3 + P7;
    e4 = e4 + P9;
    e5 = e5 + P11;
    double f0 = e1 * r2, f1 = e3 * r2, f2 = e5 * r2;
    f0 = f0 + e0;
    f1 = f1 + e2;
    f2 = f2 + e4;
    double g0 = f1 * r4, g1 = P13 * r4;
    g0 = g0 + f0;
    g1 = g1 + f2;
    double qq = g1 * r8;
    qq = qq + g0;
    double p = qq * r;
    double y = p + 1.0;
    y = y * bitsd((k + 1023) << 52);
    uint64_t m = dbits(y) & 0x1fffffff;
    uint64_t near = (m - (0x10000000 - 64)) <= 128, normal = (x > -126.0) & (x < 128.0);
    uint64_t sub = (x < -126.0) & (x > -150.0);
    *slow = (near & normal) | sub;
    return y;
}

/* The slow path (x in (-150, 128), not NaN): see the top of the file. */
static float slow1(float xf) {
    double x = xf;
    double t = x * 32.0;
    t = t + SHIFT;
    double kd = t - SHIFT;
    int64_t k = (int64_t)(dbits(t) - dbits(SHIFT));
    double r = x - kd * 0x1p-5;
    __float128 z = (__float128)r * ((__float128)LN2_HI + (__float128)LN2_LO), p = 1;
    for (int n = 12; n >= 1; n--) p = p * z / n + 1; /* 1 + z/1 (1 + z/2 (1 + ... (1 + z/12))) */
    int64_t j = k & 31;
    __float128 y = ((__float128)THI[j] + (__float128)TLO[j]) * p;
    y = y * (__float128)bitsd((uint64_t)((k >> 5) + 1023) << 52);
    return (float)y;
}

/* The array form's fast path, one element (what fly_emu_vexp2f_isa computes; a test hook). */
float fly_emu_exp2f_array1(float x) {
    uint64_t slow;
    double y = fast1(x, &slow);
    if (x != x) return x + x;
    return slow ? slow1(x) : (float)y;
}

/* One float: its own shorter fast path (the phase loop calls it once an element, so its length counts).
 * k = nearest integer to 32 x, r = x - k / 32 (|r| <= 1/64, exact as in the slow path), y = 2^(k >> 5) *
 * (T + T * r * Q(r)), T = THI[k & 31] (within 2^-53 relative), Q(r) = P1 + P2 r + ... + P5 r^4, P_n =
 * ln2^n / n! (the nearest doubles, mpmath). Error: truncation |r ln2|^6 / 6! * e^|r ln2| < 2.4e-15 (22 u
 * relative); T, the coefficients and the 8 roundings add less than 4 u: |y - 2^x| < 26 u * y, under 52 ulp
 * of y. Rounding y to float is correct unless y is within 52 ulp of a midpoint: y's 29 low mantissa bits
 * within 512 of 2^28 (about one input in 2^19) take the slow path, as do the specials and x < -126. Both
 * paths round correctly, so this gives the array form's bits: there is one correctly rounded result (and
 * test_exp2f's full sweep compared the two on all 2^32 inputs). */
static float edge1(float x) {
    if (x != x) return x + x;
    if (x >= 128.0f) return __builtin_inff();
    if (x <= -150.0f) return 0.0f;
    return slow1(x);
}

static inline __attribute__((always_inline)) float exp2f1(float xf) {
    double x = xf;
    if (__builtin_expect(!(x >= -126.0 && x < 128.0), 0)) return edge1(xf);
    double t = x * 32.0;
    t = t + SHIFT;
    double kd = t - SHIFT;
    uint64_t k = dbits(t) - dbits(SHIFT);
    double r = x - kd * 0x1p-5;
    double r2 = r * r;
    double a = P2 * r, b = P4 * r, c = r2 * r2;
    a = a + P1;
    b = b + P3;
    b = b * r2;
    c = c * P5;
    a = a + b;
    a = a + c;
    double q = a * r;
    double hi = THI[k & 31];
    double y = hi * q;
    y = y + hi;
    y = y * bitsd(((uint64_t)((int64_t)k >> 5) + 1023) << 52);
    uint64_t m = dbits(y) & 0x1fffffff;
    if (__builtin_expect((m - (0x10000000 - 512)) <= 1024, 0)) return slow1(xf);
    return (float)y;
}

float fly_emu_exp2f(float x) { return exp2f1(x); }

#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
/* The same with fused multiply-adds where the CPU has them: fewer operations and roundings (each fused pair
 * rounds once, so the error stays below the bound above and the window check holds), so the same correctly
 * rounded result, and the JIT's calls (the phase loop's) take about as long as glibc's exp2f's. */
__attribute__((target("avx2,fma"))) static float exp2f_fma(float xf) {
    double x = xf;
    if (__builtin_expect(!(x >= -126.0 && x < 128.0), 0)) return edge1(xf);
    double t = __builtin_fma(x, 32.0, SHIFT);
    double kd = t - SHIFT;
    uint64_t k = dbits(t) - dbits(SHIFT);
    double r = __builtin_fma(-kd, 0x1p-5, x);
    /* T * 2^(k >> 5) in T's exponent bits (a normal double: 2^-126 .. 2^129), beside the polynomial */
    double hs = bitsd(dbits(THI[k & 31]) + ((uint64_t)((int64_t)k >> 5) << 52));
    double r2 = r * r;
    double a = __builtin_fma(P2, r, P1), b = __builtin_fma(P4, r, P3);
    a = __builtin_fma(b, r2, a);
    a = __builtin_fma(r2 * r2, P5, a);
    double q = a * r;
    double y = __builtin_fma(hs, q, hs);
    uint64_t m = dbits(y) & 0x1fffffff;
    if (__builtin_expect((m - (0x10000000 - 512)) <= 1024, 0)) return slow1(xf);
    return (float)y;
}

/* The same in VEX encoding (no FMA: AVX2 does not imply it), called from the JIT's AVX code: the SSE build
 * would pay a transition penalty a call there. */
__attribute__((target("avx2"))) static float exp2f_avx2(float x) { return exp2f1(x); }
#endif

fly_emu_exp2f_fn fly_emu_exp2f_for(int isa) {
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
    if (isa >= FLY_EMU_EXP2_AVX2 && !__builtin_cpu_supports("avx2")) return NULL;
    if (isa >= FLY_EMU_EXP2_AVX2) return __builtin_cpu_supports("fma") ? exp2f_fma : exp2f_avx2;
#endif
    return isa == FLY_EMU_EXP2_BASE ? fly_emu_exp2f : NULL;
}

/* The array loop: a block's fast path vectorised (in three loops of one width each), then its rare slow
 * elements one by one. */
static inline __attribute__((always_inline)) void vexp2_body(float *v, int64_t n) {
    double xd[XBLOCK], yd[XBLOCK];
    for (int64_t b = 0; b < n; b += XBLOCK) {
        int64_t e = n - b < XBLOCK ? n - b : XBLOCK;
        float *w = v + b;
        for (int64_t i = 0; i < e; i++) xd[i] = w[i];
        uint64_t any = 0;
        for (int64_t i = 0; i < e; i++) {
            uint64_t s;
            yd[i] = fast1(xd[i], &s);
            any |= s;
        }
        for (int64_t i = 0; i < e; i++) w[i] = xd[i] != xd[i] ? w[i] + w[i] : (float)yd[i];
        for (int64_t i = 0; i < e && any; i++) {
            uint64_t s;
            (void)fast1(xd[i], &s);
            if (s) w[i] = slow1((float)xd[i]);
        }
    }
}

#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
#define HAVE_CLONES 1
__attribute__((target("avx512f"))) static void vexp2_avx512(float *v, int64_t n) { vexp2_body(v, n); }
__attribute__((target("avx2"))) static void vexp2_avx2(float *v, int64_t n) { vexp2_body(v, n); }
#endif
static void vexp2_base(float *v, int64_t n) { vexp2_body(v, n); }

int fly_emu_vexp2f_isa(float *v, int64_t n, int isa) {
    switch (isa) {
    case FLY_EMU_EXP2_BASE: vexp2_base(v, n); return 0;
#ifdef HAVE_CLONES
    case FLY_EMU_EXP2_AVX2:
        if (!__builtin_cpu_supports("avx2")) return -1;
        vexp2_avx2(v, n);
        return 0;
    case FLY_EMU_EXP2_AVX512:
        if (!__builtin_cpu_supports("avx512f")) return -1;
        vexp2_avx512(v, n);
        return 0;
#endif
    default: return -1;
    }
}

int fly_emu_exp2_isa(void) {
    static _Atomic int isa = -1;
    int i = atomic_load_explicit(&isa, memory_order_relaxed);
    if (i >= 0) return i;
    i = FLY_EMU_EXP2_BASE;
#ifdef HAVE_CLONES
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx2")) i = FLY_EMU_EXP2_AVX2;
    if (__builtin_cpu_supports("avx512f")) i = FLY_EMU_EXP2_AVX512;
#endif
    const char *e = getenv("FLYI_EMU_EXP2_ISA");
    if (e && !strcmp(e, "base")) i = FLY_EMU_EXP2_BASE;
    if (e && !strcmp(e, "avx2") && i > FLY_EMU_EXP2_AVX2) i = FLY_EMU_EXP2_AVX2;
    atomic_store_explicit(&isa, i, memory_order_relaxed);
    return i;
}

void fly_emu_vexp2f(int64_t addr, int64_t n) {
    float *v = (float *)(intptr_t)addr;
    if (fly_emu_vexp2f_isa(v, n, fly_emu_exp2_isa()) < 0) vexp2_base(v, n);
}

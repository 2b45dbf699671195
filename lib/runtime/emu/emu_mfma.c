/* emu_mfma.c - CDNA MFMA in the emulator.
 *
 * An MFMA is a cross-lane operation of the 64 lanes of a wave. The host lowering rewrites
 *   %d = rocdl.mfma.f32.MxNxK...(%a, %b, %c, cbsz, abid, blgp)
 * into: stores of the a and b bits and of c into the lane's record (fly_emu_mfma_slot(ctx)), fly_emu_shfl(ctx, 0, kind, 64, FLY_EMU_X_MFMA) (the suspension every mode already knows: phase
 * loops, coroutines and fibers), then a load of d from the record. When every live lane of the
 * wave waits, the executor calls fly_emu_mfma_wave, which computes each lane's D from all deposits.
 *
 * Lane layouts (hardware, one output block): A element (m, k) lives in lane m + MN*(k / KPT), value k % KPT
 * (KPT = K / (64/MN) values per lane, packed in the low bits of a/b); B element (k, n) likewise with n for m.
 * C/D value v = v0 + 4*v1 of lane l is element (m, n) = (4*(l/N) + v0 + 4*(64/N)*v1, l % N).
 * Numerics: D = C + sum_k A*B with the products and their sum (k ascending) in double, rounded once to f32;
 * lanes not taking part contribute zeros (the i8 MFMAs: exact integer sums wrapped to 32 bits). The fp8 MFMAs (8 e4m3 values a lane, packed into an i64) read the
 * chip's format: FNUZ on gfx942, OCP on gfx950. A full wave goes through one small matrix product (the 32-bit,
 * 64-bit-operand 16-bit and fp8 kinds); the rest, and partial waves, lane by lane. */
#include <math.h>
#include <stddef.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "runtime/emu/emu.h"
#include "runtime/emu/emu_irb.h"

typedef struct mfma_kind {
    const char *op;
    int mn, k, kpt, vc, ebits, bf;
} mfma_kind;
/* bf: the 16-bit format (1: bfloat16) or the fp8 one (FP8_FNUZ: gfx942's e4m3, FP8_OCP: gfx950's) */
enum { FP8_FNUZ = 2, FP8_OCP = 3, INT8 = 4 };
static const mfma_kind kinds[] = {
    {"rocdl.mfma.f32.16x16x4f32", 16, 4, 1, 4, 32, 0},
    {"rocdl.mfma.f32.32x32x2f32", 32, 2, 1, 16, 32, 0},
    {"rocdl.mfma.f32.16x16x16f16", 16, 16, 4, 4, 16, 0},
    {"rocdl.mfma.f32.32x32x8f16", 32, 8, 4, 16, 16, 0},
    {"rocdl.mfma.f32.16x16x16bf16.1k", 16, 16, 4, 4, 16, 1},
    {"rocdl.mfma.f32.32x32x8bf16.1k", 32, 8, 4, 16, 16, 1},
    {"rocdl.mfma.f32.16x16x32.fp8.fp8", 16, 32, 8, 4, 8, FP8_FNUZ},
    {"rocdl.mfma.f32.32x32x16.fp8.fp8", 32, 16, 8, 16, 8, FP8_FNUZ},
    {"rocdl.mfma.f32.16x16x32.fp8.fp8", 16, 32, 8, 4, 8, FP8_OCP},
    {"rocdl.mfma.f32.32x32x16.fp8.fp8", 32, 16, 8, 16, 8, FP8_OCP},
    /* gfx950's eight 16-bit values a lane (128-bit operands) */
    {"rocdl.mfma.f32.16x16x32.f16", 16, 32, 8, 4, 16, 0},
    {"rocdl.mfma.f32.32x32x16.f16", 32, 16, 8, 16, 16, 0},
    {"rocdl.mfma.f32.16x16x32.bf16", 16, 32, 8, 4, 16, 1},
    {"rocdl.mfma.f32.32x32x16.bf16", 32, 16, 8, 16, 16, 1},
    /* i8 x i8 -> i32 (exact, wrapping as the hardware's 32-bit accumulation): 8 values a lane, 16 on gfx950's */
    {"rocdl.mfma.i32.16x16x32.i8", 16, 32, 8, 4, 8, INT8},
    {"rocdl.mfma.i32.32x32x16.i8", 32, 16, 8, 16, 8, INT8},
    {"rocdl.mfma.i32.16x16x64.i8", 16, 64, 16, 4, 8, INT8},
    {"rocdl.mfma.i32.32x32x32.i8", 32, 32, 16, 16, 8, INT8},
};
#define NKINDS ((int)(sizeof kinds / sizeof kinds[0]))

int64_t fly_emu_mfma_flops(int kind, int *bits) {
    if (fly_emu_mfma_is_scaled(kind)) return fly_emu_mfma_scaled_flops(kind, bits);
    if (kind < 0 || kind >= NKINDS) {
        *bits = 0;
        return 0;
    }
    *bits = kinds[kind].ebits;
    return 2 * (int64_t)kinds[kind].mn * kinds[kind].mn * kinds[kind].k;
}

static double half_to_double(uint32_t h) {
    int e = (h >> 10) & 31, m = h & 1023;
    double v;
    if (e == 0) {
        v = m * 0x1p-24;
    } else if (e == 31) {
        v = m ? NAN : INFINITY;
    } else { /* exact: the exponent and mantissa moved into a double's fields */
        uint64_t u = (uint64_t)(e - 15 + 1023) << 52 | (uint64_t)m << 42;
        memcpy(&v, &u, 8);
    }
    return (h & 0x8000) ? -v : v;
}

/* An e4m3 byte: FNUZ (bias 8, 0x80 the only NaN, no -0) or OCP (bias 7, S.1111.111 NaN); neither has infinities. */
static double fp8_to_double(uint32_t b, int ocp) {
    int e = (b >> 3) & 15, m = b & 7, bias = ocp ? 7 : 8;
    if (ocp ? (b & 0x7f) == 0x7f : b == 0x80) return NAN;
    double v = e == 0 ? ldexp(m, -bias - 2) : ldexp(m + 8, e - bias - 3);
    return (b & 0x80) ? -v : v;
}

/* Value i of a packed operand word (ebits, bf as in mfma_kind; constants where this is inlined). */
static inline double elem_of(int ebits, int bf, int64_t w, int i) {
    if (ebits == 8) return fp8_to_double((uint32_t)((uint64_t)w >> (8 * i)) & 0xff, bf == FP8_OCP);
    if (ebits == 32) {
        float f;
        uint32_t u = (uint32_t)w;
        memcpy(&f, &u, 4);
        return f;
    }
    uint32_t h = (uint32_t)((uint64_t)w >> (16 * i)) & 0xffff;
    if (bf) {
        float f;
        uint32_t u = h << 16;
        memcpy(&f, &u, 4);
        return f;
    }
    return half_to_double(h);
}

/* Value i of a lane's packed operand (w, then w2 for the values past its 64 bits). */
static double elem(const mfma_kind *k, int64_t w, int64_t w2, int i) {
    int per = 64 / k->ebits;
    if (k->ebits < 32 && i >= per) w = w2, i -= per;
    return elem_of(k->ebits, k->bf, w, i);
}

/* Byte i of a lane's 128-bit i8 operand as a signed value. */
static int64_t ibyte(int64_t w, int64_t w2, int i) {
    return (int8_t)(((uint64_t)(i < 8 ? w : w2) >> (8 * (i % 8))) & 0xff);
}

/* The integer MFMAs: D = C + sum A*B in 64-bit integers, wrapped to 32 bits (exact in any order). */
static void mfma_int(const mfma_kind *k, fly_emu_mfma_lane *l, const unsigned char *active, int n) {
    int mn = k->mn, gm = 64 / mn;
    int32_t d[64][16];
    for (int t = 0; t < n && t < 64; t++) {
        if (!active[t]) continue;
        int col = t % mn;
        for (int v = 0; v < k->vc; v++) {
            int row = 4 * (t / mn) + v % 4 + 4 * gm * (v / 4);
            int32_t c;
            memcpy(&c, &l[t].c[v], 4);
            uint64_t s = (uint64_t)(int64_t)c;
            for (int kk = 0; kk < k->k; kk++) {
                int la = row + mn * (kk / k->kpt), lb = col + mn * (kk / k->kpt), i = kk % k->kpt;
                if (la < n && lb < n && active[la] && active[lb])
                    s += (uint64_t)(ibyte(l[la].a, l[la].a2, i) * ibyte(l[lb].b, l[lb].b2, i));
            }
            d[t][v] = (int32_t)(uint32_t)s;
        }
    }
    for (int t = 0; t < n && t < 64; t++)
        if (active[t]) memcpy(l[t].d, d[t], sizeof(int32_t) * (size_t)k->vc);
}

void fly_emu_mfma_wave_ref(int kind, fly_emu_mfma_lane *l, const unsigned char *active, int n) {
    if (fly_emu_mfma_is_scaled(kind)) {
        fly_emu_mfma_scaled_wave(kind, l, active, n);
        return;
    }
    if (kind < 0 || kind >= NKINDS) return;
    const mfma_kind *k = &kinds[kind];
    if (k->bf == INT8) {
        mfma_int(k, l, active, n);
        return;
    }
    int mn = k->mn, gm = 64 / mn;
    float d[64][16];
    for (int t = 0; t < n && t < 64; t++) {
        if (!active[t]) continue;
        int col = t % mn;
        for (int v = 0; v < k->vc; v++) {
            int row = 4 * (t / mn) + v % 4 + 4 * gm * (v / 4);
            double s = l[t].c[v];
            for (int kk = 0; kk < k->k; kk++) {
                int la = row + mn * (kk / k->kpt), lb = col + mn * (kk / k->kpt), i = kk % k->kpt;
                if (la < n && lb < n && active[la] && active[lb])
                    s += elem(k, l[la].a, l[la].a2, i) * elem(k, l[lb].b, l[lb].b2, i);
            }
            d[t][v] = (float)s;
        }
    }
    for (int t = 0; t < n && t < 64; t++)
        if (active[t]) memcpy(l[t].d, d[t], sizeof d[t]);
}

/* The full-wave case as a small matrix product: A (mn x K) and B (K x mn) unpacked once into doubles, D = C +
 * A B with each element's sum in k order (the products of f16 / bf16 / f32 / fp8 values are exact in double, so the
 * result is the reference's bit for bit; a fused multiply-add gives the same). Each column of D is vectorised
 * over its rows, 4 doubles a vector: a lane's C / D values come in runs of 4 consecutive rows of one column,
 * so the accumulators are loaded from C and stored to D four at a time, straight from and to the lanes'
 * records. Two columns share each load of A (8 accumulators, 4 A vectors and 2 B splats in registers). */
typedef double v4d __attribute__((vector_size(32)));
typedef float v4f __attribute__((vector_size(16)));

typedef struct mfma_mats {
    _Alignas(64) double at[32][32]; /* A transposed: at[k][m] */
    _Alignas(64) double bt[32][32]; /* B transposed: bt[n][k], a lane's values contiguous */
} mfma_mats;

/* Rows 4j..4j+3 of column c: lane c + mn (j % gm), values 4 (j / gm) + 0..3. */
static inline __attribute__((always_inline)) float *cd_run(fly_emu_mfma_lane *l, float *(*sel)(fly_emu_mfma_lane *),
                                                           const int mn, int c, int j) {
    return sel(&l[c + mn * (j % (64 / mn))]) + 4 * (j / (64 / mn));
}
static inline float *sel_c(fly_emu_mfma_lane *x) { return x->c; }
static inline float *sel_d(fly_emu_mfma_lane *x) { return x->d; }

static inline __attribute__((always_inline)) void mfma_full(fly_emu_mfma_lane *l, const int mn, const int nk,
                                                            const int kpt, const int ebits, const int bf) {
    mfma_mats x;
    for (int q = 0; q < nk / kpt; q++)
        for (int m = 0; m < mn; m++) {
            const fly_emu_mfma_lane *ln = &l[m + mn * q];
            for (int i = 0; i < kpt; i++) {
                x.at[q * kpt + i][m] = elem_of(ebits, bf, ln->a, i);
                x.bt[m][q * kpt + i] = elem_of(ebits, bf, ln->b, i);
            }
        }
    const int nh = mn / 4 < 4 ? mn / 4 : 4; /* row blocks a pass: 4 of 8 (mn 32), all 4 (mn 16) */
    for (int c = 0; c < mn; c += 2)
        for (int h = 0; h < mn / 4; h += nh) {
            v4d acc[2][4];
#pragma GCC unroll 4
            for (int j = 0; j < nh; j++)
                for (int e = 0; e < 2; e++) {
                    v4f cv;
                    memcpy(&cv, cd_run(l, sel_c, mn, c + e, h + j), sizeof cv);
                    acc[e][j] = __builtin_convertvector(cv, v4d);
                }
#pragma GCC unroll 16
            for (int kk = 0; kk < nk; kk++) {
                double s0 = x.bt[c][kk], s1 = x.bt[c + 1][kk];
                v4d b0 = {s0, s0, s0, s0}, b1 = {s1, s1, s1, s1};
#pragma GCC unroll 4
                for (int j = 0; j < nh; j++) {
                    v4d av;
                    memcpy(&av, &x.at[kk][4 * (h + j)], sizeof av);
                    acc[0][j] += av * b0;
                    acc[1][j] += av * b1;
                }
            }
#pragma GCC unroll 4
            for (int j = 0; j < nh; j++)
                for (int e = 0; e < 2; e++) {
                    v4f dv = __builtin_convertvector(acc[e][j], v4f);
                    memcpy(cd_run(l, sel_d, mn, c + e, h + j), &dv, sizeof dv);
                }
        }
}

/* The kinds of the full-wave product (the kinds table's order), each with constant shapes. */
#define MFMA_FULL_SWITCH(fn) \
    switch (kind) { \
    case 0: fn(l, 16, 4, 1, 32, 0); return true; \
    case 1: fn(l, 32, 2, 1, 32, 0); return true; \
    case 2: fn(l, 16, 16, 4, 16, 0); return true; \
    case 3: fn(l, 32, 8, 4, 16, 0); return true; \
    case 4: fn(l, 16, 16, 4, 16, 1); return true; \
    case 5: fn(l, 32, 8, 4, 16, 1); return true; \
    case 6: fn(l, 16, 32, 8, 8, FP8_FNUZ); return true; \
    case 7: fn(l, 32, 16, 8, 8, FP8_FNUZ); return true; \
    case 8: fn(l, 16, 32, 8, 8, FP8_OCP); return true; \
    case 9: fn(l, 32, 16, 8, 8, FP8_OCP); return true; \
    default: return false; /* 128-bit operands, i8: the reference */ \
    }

#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
#define MFMA_X86 1
#include <immintrin.h>

/* A and B of a full wave unpacked into doubles (mfma_mats), with SIMD for bfloat16. */
__attribute__((target("avx2,fma"))) static inline __attribute__((always_inline)) void
mfma_unpack_x86(mfma_mats *x, const fly_emu_mfma_lane *l, const int mn, const int nk, const int kpt, const int ebits,
                const int bf) {
    if (ebits == 16 && bf && kpt == 4) /* bfloat16: a value's bits are the high half of a float's (exact, NaNs kept) */
        for (int q = 0; q < nk / kpt; q++)
            for (int m = 0; m < mn; m += 4) {
                const fly_emu_mfma_lane *ln = &l[m + mn * q];
                __m128i w[4];
                for (int r = 0; r < 4; r++) {
                    /* B: a lane's 4 values are 4 consecutive k of its column */
                    __m128i b = _mm_slli_epi32(_mm_cvtepu16_epi32(_mm_loadl_epi64((const __m128i *)&ln[r].b)), 16);
                    _mm256_storeu_pd(&x->bt[m + r][4 * q], _mm256_cvtps_pd(_mm_castsi128_ps(b)));
                    w[r] = _mm_loadl_epi64((const __m128i *)&ln[r].a);
                }
                /* A: the 4 x 4 block (lanes m..m+3, values 0..3) transposed to k-major */
                __m128i lo = _mm_unpacklo_epi16(w[0], w[1]), hi = _mm_unpacklo_epi16(w[2], w[3]);
                __m128i k01 = _mm_unpacklo_epi32(lo, hi), k23 = _mm_unpackhi_epi32(lo, hi);
                __m128i v[4] = {
                    _mm_unpacklo_epi16(_mm_setzero_si128(), k01), _mm_unpackhi_epi16(_mm_setzero_si128(), k01),
                    _mm_unpacklo_epi16(_mm_setzero_si128(), k23), _mm_unpackhi_epi16(_mm_setzero_si128(), k23)};
                for (int i = 0; i < 4; i++)
                    _mm256_store_pd(&x->at[4 * q + i][m], _mm256_cvtps_pd(_mm_castsi128_ps(v[i])));
            }
    else
        for (int q = 0; q < nk / kpt; q++)
            for (int m = 0; m < mn; m++) {
                const fly_emu_mfma_lane *ln = &l[m + mn * q];
                for (int i = 0; i < kpt; i++) {
                    x->at[q * kpt + i][m] = elem_of(ebits, bf, ln->a, i);
                    x->bt[m][q * kpt + i] = elem_of(ebits, bf, ln->b, i);
                }
            }
}

/* The product of mfma_full in AVX2 intrinsics (the same operations; GCC's code for the generic vectors spills). */
__attribute__((target("avx2,fma"))) static inline __attribute__((always_inline)) void
mfma_full_x86(fly_emu_mfma_lane *l, const int mn, const int nk, const int kpt, const int ebits, const int bf) {
    mfma_mats x;
    mfma_unpack_x86(&x, l, mn, nk, kpt, ebits, bf);
    const int nh = mn / 4 < 4 ? mn / 4 : 4;
    for (int c = 0; c < mn; c += 2)
        for (int h = 0; h < mn / 4; h += nh) {
            __m256d a0[4], a1[4];
#pragma GCC unroll 4
            for (int j = 0; j < nh; j++) {
                a0[j] = _mm256_cvtps_pd(_mm_loadu_ps(cd_run(l, sel_c, mn, c, h + j)));
                a1[j] = _mm256_cvtps_pd(_mm_loadu_ps(cd_run(l, sel_c, mn, c + 1, h + j)));
            }
            for (int kk = 0; kk < nk; kk++) {
                __m256d b0 = _mm256_broadcast_sd(&x.bt[c][kk]), b1 = _mm256_broadcast_sd(&x.bt[c + 1][kk]);
#pragma GCC unroll 4
                for (int j = 0; j < nh; j++) {
                    __m256d av = _mm256_load_pd(&x.at[kk][4 * (h + j)]);
                    a0[j] = _mm256_fmadd_pd(av, b0, a0[j]);
                    a1[j] = _mm256_fmadd_pd(av, b1, a1[j]);
                }
            }
#pragma GCC unroll 4
            for (int j = 0; j < nh; j++) {
                _mm_storeu_ps(cd_run(l, sel_d, mn, c, h + j), _mm256_cvtpd_ps(a0[j]));
                _mm_storeu_ps(cd_run(l, sel_d, mn, c + 1, h + j), _mm256_cvtpd_ps(a1[j]));
            }
        }
}

__attribute__((target("avx2,fma"))) static bool mfma_full_avx2(int kind, fly_emu_mfma_lane *l) {
    MFMA_FULL_SWITCH(mfma_full_x86)
}

/* The same product with 8 doubles a vector (AVX-512F): a vector is rows 8j..8j+7 of a column, the runs 2j and 2j + 1
 * (two lanes' 4 values), and four columns share each load of A (mn 32: 16 accumulators, 4 A vectors, 4 B splats).
 * Each element is still C plus the products in k order by fused multiply-adds in double: the same bits. */
__attribute__((target("avx512f,avx2,fma"))) static inline __attribute__((always_inline)) void
mfma_full_x512(fly_emu_mfma_lane *l, const int mn, const int nk, const int kpt, const int ebits, const int bf) {
    mfma_mats x;
    mfma_unpack_x86(&x, l, mn, nk, kpt, ebits, bf);
    enum { NC = 4 }; /* columns a pass */
    const int nr = mn / 8; /* row vectors a column: 4 (mn 32) or 2 (mn 16) */
    for (int c = 0; c < mn; c += NC) {
        __m512d acc[NC][4];
#pragma GCC unroll 4
        for (int e = 0; e < NC; e++)
#pragma GCC unroll 4
            for (int j = 0; j < nr; j++) {
                __m128 lo = _mm_loadu_ps(cd_run(l, sel_c, mn, c + e, 2 * j));
                __m128 hi = _mm_loadu_ps(cd_run(l, sel_c, mn, c + e, 2 * j + 1));
                acc[e][j] = _mm512_cvtps_pd(_mm256_insertf128_ps(_mm256_castps128_ps256(lo), hi, 1));
            }
#pragma GCC unroll 8
        for (int kk = 0; kk < nk; kk++) {
            __m512d av[4];
#pragma GCC unroll 4
            for (int j = 0; j < nr; j++) av[j] = _mm512_load_pd(&x.at[kk][8 * j]);
#pragma GCC unroll 4
            for (int e = 0; e < NC; e++) {
                __m512d bv = _mm512_set1_pd(x.bt[c + e][kk]);
#pragma GCC unroll 4
                for (int j = 0; j < nr; j++) acc[e][j] = _mm512_fmadd_pd(av[j], bv, acc[e][j]);
            }
        }
#pragma GCC unroll 4
        for (int e = 0; e < NC; e++)
#pragma GCC unroll 4
            for (int j = 0; j < nr; j++) {
                __m256 d = _mm512_cvtpd_ps(acc[e][j]);
                _mm_storeu_ps(cd_run(l, sel_d, mn, c + e, 2 * j), _mm256_castps256_ps128(d));
                _mm_storeu_ps(cd_run(l, sel_d, mn, c + e, 2 * j + 1), _mm256_extractf128_ps(d, 1));
            }
    }
}

__attribute__((target("avx512f,avx2,fma"))) static bool mfma_full_avx512(int kind, fly_emu_mfma_lane *l) {
    MFMA_FULL_SWITCH(mfma_full_x512)
}

/* The same product on a wave's operands as the lane-vector form holds them (fly_emu_vmfma): w the a words of the 64
 * lanes then their b words, C and D element-major (value v of lane t at v * 64 + t). For value v of every lane, the
 * lanes hold one row of D across its columns (lane col + mn g, row 4 g + v % 4 + 4 gm (v / 4)), so a vector is 8
 * columns of a row, and four rows share each load of B. Each element is still C plus the products in k order by fused
 * multiply-adds in double (the products exact): the same bits as mfma_full_x512. */
__attribute__((target("avx512f,avx2,fma"))) static inline __attribute__((always_inline)) void
mfma_soa_x512(const int64_t *w, const float *cm, float *dm, const int mn, const int nk, const int kpt, const int ebits,
              const int bf) {
    _Alignas(64) double am[32][32]; /* am[row][k] */
    _Alignas(64) double bk[32][32]; /* bk[k][col] */
    if (ebits == 16 && bf &&
        kpt == 4) { /* bfloat16: a value's bits are the high half of a float's (exact, NaNs kept) */
        const __m512i lo16 = _mm512_set1_epi64(0xffff);
        for (int q = 0; q < nk / kpt; q++) {
            for (int m = 0; m < mn; m++) { /* A: lane m's 4 values are 4 consecutive k of row m */
                __m128i v = _mm_slli_epi32(_mm_cvtepu16_epi32(_mm_loadl_epi64((const __m128i *)&w[m + mn * q])), 16);
                _mm256_storeu_pd(&am[m][4 * q], _mm256_cvtps_pd(_mm_castsi128_ps(v)));
            }
            for (int m = 0; m < mn; m += 8) { /* B: value i of lanes m..m+7 is row 4q + i, columns m..m+7 */
                __m512i v = _mm512_loadu_si512((const void *)&w[64 + m + mn * q]);
                for (int i = 0; i < 4; i++) {
                    __m512i t = _mm512_slli_epi64(_mm512_and_si512(_mm512_srli_epi64(v, 16 * i), lo16), 16);
                    _mm512_store_pd(&bk[4 * q + i][m], _mm512_cvtps_pd(_mm256_castsi256_ps(_mm512_cvtepi64_epi32(t))));
                }
            }
        }
    } else {
        for (int q = 0; q < nk / kpt; q++)
            for (int m = 0; m < mn; m++)
                for (int i = 0; i < kpt; i++) {
                    am[m][q * kpt + i] = elem_of(ebits, bf, w[m + mn * q], i);
                    bk[q * kpt + i][m] = elem_of(ebits, bf, w[64 + m + mn * q], i);
                }
    }
    const int gm = 64 / mn, nv = mn / 8;
    for (int r = 0; r < mn; r += 4) {
        __m512d acc[4][4];
        int base[4];
#pragma GCC unroll 4
        for (int e = 0; e < 4; e++) {
            int row = r + e, g = (row / 4) % gm, v = row % 4 + 4 * (row / (4 * gm));
            base[e] = v * 64 + mn * g;
#pragma GCC unroll 4
            for (int j = 0; j < nv; j++) acc[e][j] = _mm512_cvtps_pd(_mm256_loadu_ps(cm + base[e] + 8 * j));
        }
#pragma GCC unroll 8
        for (int kk = 0; kk < nk; kk++) {
            __m512d bv[4];
#pragma GCC unroll 4
            for (int j = 0; j < nv; j++) bv[j] = _mm512_load_pd(&bk[kk][8 * j]);
#pragma GCC unroll 4
            for (int e = 0; e < 4; e++) {
                __m512d av = _mm512_set1_pd(am[r + e][kk]);
#pragma GCC unroll 4
                for (int j = 0; j < nv; j++) acc[e][j] = _mm512_fmadd_pd(av, bv[j], acc[e][j]);
            }
        }
#pragma GCC unroll 4
        for (int e = 0; e < 4; e++)
#pragma GCC unroll 4
            for (int j = 0; j < nv; j++) _mm256_storeu_ps(dm + base[e] + 8 * j, _mm512_cvtpd_ps(acc[e][j]));
    }
}

#define MFMA_SOA(l_, mn, nk, kpt, eb, bf) mfma_soa_x512(w, cm, dm, mn, nk, kpt, eb, bf)
__attribute__((target("avx512f,avx2,fma"))) static bool mfma_soa_avx512(int kind, const int64_t *w, const float *cm,
                                                                        float *dm) {
    MFMA_FULL_SWITCH(MFMA_SOA)
}
#undef MFMA_SOA
#endif

/* The widest product this CPU runs, capped by FLYI_EMU_MFMA_ISA (avx2 or generic: tests compare the paths):
 * 2 AVX-512F, 1 AVX2 + FMA, 0 portable C. */
static int mfma_isa(void) {
    static _Atomic int isa = -1;
    int f = atomic_load_explicit(&isa, memory_order_relaxed);
    if (f >= 0) return f;
    f = 0;
#ifdef MFMA_X86
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) f = __builtin_cpu_supports("avx512f") ? 2 : 1;
#endif
    const char *cap = getenv("FLYI_EMU_MFMA_ISA");
    if (cap && !strcmp(cap, "avx2") && f > 1) f = 1;
    if (cap && !strcmp(cap, "generic")) f = 0;
    atomic_store_explicit(&isa, f, memory_order_relaxed);
    return f;
}

static bool mfma_full_any(int kind, fly_emu_mfma_lane *l) {
    int f = mfma_isa();
    (void)f;
#ifdef MFMA_X86
    if (f == 2) return mfma_full_avx512(kind, l);
    if (f == 1) return mfma_full_avx2(kind, l);
#endif
    MFMA_FULL_SWITCH(mfma_full)
}

/* FLYI_EMU_MFMA_REF=1: every wave through the reference (tests compare the two bit for bit). */
static bool ref_only(void) {
    static _Atomic int v = -1;
    int x = atomic_load_explicit(&v, memory_order_relaxed);
    if (x < 0) atomic_store_explicit(&v, x = getenv("FLYI_EMU_MFMA_REF") != NULL, memory_order_relaxed);
    return x;
}

void fly_emu_mfma_wave(int kind, fly_emu_mfma_lane *l, const unsigned char *active, int n) {
    if (fly_emu_mfma_is_scaled(kind)) {
        fly_emu_mfma_scaled_wave(kind, l, active, n);
        return;
    }
    if (kind < 0 || kind >= NKINDS) return;
    bool all = n == 64 && !ref_only();
    for (int t = 0; all && t < 64; t++) all = active[t];
    if (!all) {
        fly_emu_mfma_wave_ref(kind, l, active, n);
        return;
    }
    if (!mfma_full_any(kind, l)) fly_emu_mfma_wave_ref(kind, l, active, n);
}

/* The lane-vector form's MFMA (emu_vec_gen.c): a wave's operands as vectors over its lanes, ab: a, b, a2, b2 words
 * (64 each), c and d: 16 words a lane, element-major (element j of lane l at j * 64 + l). The same lane records and
 * product as the phase loop's full wave (fly_emu_mfma_wave), so the same bits. */
void fly_emu_vmfma(int32_t kind, int64_t ab, int64_t c, int64_t d) {
    fly_emu_mfma_lane l[64];
    const int64_t *w = (const int64_t *)(intptr_t)ab;
    const float *cm = (const float *)(intptr_t)c;
    float *dm = (float *)(intptr_t)d;
#ifdef MFMA_X86
    if (!ref_only() && mfma_isa() == 2 && kind >= 0 && kind < NKINDS && mfma_soa_avx512(kind, w, cm, dm)) return;
#endif
    int nc = kind >= 0 && kind < NKINDS ? kinds[kind].vc : 16;
    for (int i = 0; i < 64; i++) {
        l[i].a = w[i], l[i].b = w[64 + i], l[i].a2 = w[128 + i], l[i].b2 = w[192 + i];
        for (int j = 0; j < nc; j++) l[i].c[j] = cm[j * 64 + i];
    }
    unsigned char act[64];
    memset(act, 1, sizeof act);
    fly_emu_mfma_wave(kind, l, act, 64);
    for (int j = 0; j < nc; j++)
        for (int i = 0; i < 64; i++) dm[j * 64 + i] = l[i].d[j];
}

/* ---- the host lowering ---- */

int fly_emu_lower_mfma(MlirOperation op, MlirValue ctxv, const char *chip, char *err, size_t cap) {
    char name[64];
    fly_ir_op_name(op, name, sizeof name);
    if (!strncmp(name, "rocdl.mfma.scale.", 17)) return fly_emu_lower_mfma_scale(op, ctxv, err, cap);
    int kind = -1, ocp = chip && !strncmp(chip, "gfx950", 6); /* gfx950's fp8 MFMAs read OCP e4m3 */
    for (int i = 0; i < NKINDS; i++)
        if (!strcmp(name, kinds[i].op) &&
            (kinds[i].ebits != 8 || kinds[i].bf == INT8 || (kinds[i].bf == FP8_OCP) == ocp))
            kind = i;
    if (kind < 0) {
        if (!strncmp(name, "rocdl.mfma.", 11)) {
            snprintf(err, cap,
                     "the emulator does not support %s (supported: 16x16x4 and 32x32x2 f32, 16x16x16 and "
                     "32x32x8 f16 / bf16, 16x16x32 and 32x32x16 fp8 / i8 / f16 / bf16, 16x16x64 and 32x32x32 i8)",
                     name);
            return -1;
        }
        return 1;
    }
    const mfma_kind *k = &kinds[kind];
    MlirContext ctx = mlirOperationGetContext(op);
    fly_emu_irb b = {ctx, mlirOperationGetBlock(op), op, mlirOperationGetLocation(op)};
    MlirType i64 = mlirIntegerTypeGet(ctx, 64), i32 = mlirIntegerTypeGet(ctx, 32), f32 = mlirF32TypeGet(ctx);
    MlirValue ab[2], hi[2] = {{NULL}, {NULL}};
    int wide = k->ebits * k->kpt == 128;
    for (int i = 0; i < 2; i++) {
        MlirValue v = mlirOperationGetOperand(op, i);
        if (wide) { /* 128 bits (a vector of 8 f16 / bf16 or 4 i32): two i64 words */
            int64_t two = 2, at0 = 0, at1 = 1;
            v = fly_emu_irb_val(&b, "vector.bitcast", 1, &v, mlirVectorTypeGet(1, &two, i64), 0, NULL);
            MlirNamedAttribute p0 = fly_ir_named(ctx, "static_position", mlirDenseI64ArrayGet(ctx, 1, &at0));
            MlirNamedAttribute p1 = fly_ir_named(ctx, "static_position", mlirDenseI64ArrayGet(ctx, 1, &at1));
            ab[i] = fly_emu_irb_val(&b, "vector.extract", 1, &v, i64, 1, &p0);
            hi[i] = fly_emu_irb_val(&b, "vector.extract", 1, &v, i64, 1, &p1);
        } else if (k->ebits == 8) { /* eight fp8 / i8 values packed into an i64 already */
            ab[i] = v;
        } else if (k->ebits == 32) {
            v = fly_emu_irb_val(&b, "arith.bitcast", 1, &v, i32, 0, NULL);
            ab[i] = fly_emu_irb_val(&b, "arith.extui", 1, &v, i64, 0, NULL);
        } else {
            int64_t one = 1, at = 0;
            v = fly_emu_irb_val(&b, "vector.bitcast", 1, &v, mlirVectorTypeGet(1, &one, i64), 0, NULL);
            MlirNamedAttribute pos = fly_ir_named(ctx, "static_position", mlirDenseI64ArrayGet(ctx, 1, &at));
            ab[i] = fly_emu_irb_val(&b, "vector.extract", 1, &v, i64, 1, &pos);
        }
    }
    /* the lane's record: A/B words and C stored straight into it, D loaded from it after the suspension */
    MlirType ptr = fly_emu_irb_type(ctx, "!llvm.ptr"), i8 = mlirIntegerTypeGet(ctx, 8);
    int64_t n = k->vc;
    MlirType vt = mlirVectorTypeGet(1, &n, k->bf == INT8 ? i32 : f32);
    MlirValue slot = fly_ir_res0(fly_emu_irb_call(&b, "fly_emu_mfma_slot", 1, &ctxv, ptr));
    fly_emu_irb_store(&b, ab[0], fly_emu_irb_gep_const(&b, slot, (int32_t)offsetof(fly_emu_mfma_lane, a), i8), 8);
    fly_emu_irb_store(&b, ab[1], fly_emu_irb_gep_const(&b, slot, (int32_t)offsetof(fly_emu_mfma_lane, b), i8), 8);
    if (wide) {
        fly_emu_irb_store(&b, hi[0], fly_emu_irb_gep_const(&b, slot, (int32_t)offsetof(fly_emu_mfma_lane, a2), i8), 8);
        fly_emu_irb_store(&b, hi[1], fly_emu_irb_gep_const(&b, slot, (int32_t)offsetof(fly_emu_mfma_lane, b2), i8), 8);
    }
    fly_emu_irb_store(&b, mlirOperationGetOperand(op, 2),
                      fly_emu_irb_gep_const(&b, slot, (int32_t)offsetof(fly_emu_mfma_lane, c), i8), 4);
    MlirValue x[5] = {ctxv, fly_emu_irb_const(&b, 0, i64), fly_emu_irb_const(&b, kind, i32),
                      fly_emu_irb_const(&b, 64, i32), fly_emu_irb_const(&b, FLY_EMU_X_MFMA, i32)};
    fly_emu_irb_call(&b, "fly_emu_shfl", 5, x, i64);
    slot = fly_ir_res0(fly_emu_irb_call(&b, "fly_emu_mfma_slot", 1, &ctxv, ptr));
    MlirValue d =
        fly_emu_irb_load(&b, fly_emu_irb_gep_const(&b, slot, (int32_t)offsetof(fly_emu_mfma_lane, d), i8), vt, 4);
    mlirValueReplaceAllUsesOfWith(fly_ir_res0(op), d);
    mlirOperationDestroy(op);
    return 0;
}

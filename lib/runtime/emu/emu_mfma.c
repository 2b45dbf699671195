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
 * chip's format: FNUZ on gfx942, OCP on gfx950 (lane by lane: the full-wave product covers the 16- and
 * 32-bit kinds). */
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

/* The full-wave case as a small matrix product: A (mn x K) and B (K x mn) unpacked once, D = C + A B with
 * each element's sum in k order (the products of f16 / bf16 / f32 values are exact in double, so the
 * result is the reference's bit for bit; a fused multiply-add gives the same). D is kept by columns (a
 * lane's values are contiguous: C in and D out move 4 at a time) and each column is vectorised over the
 * rows, 4 doubles a vector, every accumulator of a column in registers. */
typedef double v4d __attribute__((vector_size(32)));

typedef struct mfma_mats {
    _Alignas(32) double at[16][32]; /* A transposed: at[k][m] */
    _Alignas(32) double b[16][32];  /* b[k][n] */
    _Alignas(32) double dt[32][32]; /* D (C on entry) by columns: dt[n][m], each lane's values contiguous */
} mfma_mats;

static inline __attribute__((always_inline)) void rows_t(mfma_mats *x, const int mn, const int nk) {
    for (int c = 0; c < mn; c++) {
        v4d acc[8];
#pragma GCC unroll 8
        for (int j = 0; j < mn / 4; j++) memcpy(&acc[j], &x->dt[c][4 * j], sizeof acc[j]);
#pragma GCC unroll 16
        for (int kk = 0; kk < nk; kk++) {
            double s = x->b[kk][c];
            v4d bv = {s, s, s, s};
#pragma GCC unroll 8
            for (int j = 0; j < mn / 4; j++) {
                v4d av;
                memcpy(&av, &x->at[kk][4 * j], sizeof av);
                acc[j] += av * bv;
            }
        }
#pragma GCC unroll 8
        for (int j = 0; j < mn / 4; j++) memcpy(&x->dt[c][4 * j], &acc[j], sizeof acc[j]);
    }
}

/* The shapes of the kinds table, each with constant bounds (the accumulators stay in registers). */
#define MFMA_ROWS_SWITCH \
    if (mn == 16 && nk == 4) rows_t(x, 16, 4); \
    else if (mn == 32 && nk == 2) rows_t(x, 32, 2); \
    else if (mn == 16) rows_t(x, 16, 16); \
    else rows_t(x, 32, 8);

#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
#define MFMA_X86 1
__attribute__((target("avx2,fma"))) static void mfma_rows_avx2(int mn, int nk, mfma_mats *x) { MFMA_ROWS_SWITCH }
#endif

static void mfma_rows(int mn, int nk, mfma_mats *x) {
#ifdef MFMA_X86
    static _Atomic int avx2 = -1;
    int f = atomic_load_explicit(&avx2, memory_order_relaxed);
    if (f < 0)
        atomic_store_explicit(&avx2, f = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"),
                              memory_order_relaxed);
    if (f) {
        mfma_rows_avx2(mn, nk, x);
        return;
    }
#endif
    MFMA_ROWS_SWITCH
}

static inline __attribute__((always_inline)) void mfma_full(fly_emu_mfma_lane *l, const int mn, const int nk,
                                                            const int kpt, const int ebits, const int bf) {
    const int gm = 64 / mn, vc = mn * mn / 64;
    mfma_mats x;
    for (int q = 0; q < nk / kpt; q++)
        for (int m = 0; m < mn; m++) {
            const fly_emu_mfma_lane *ln = &l[m + mn * q];
            for (int i = 0; i < kpt; i++) {
                x.at[q * kpt + i][m] = elem_of(ebits, bf, ln->a, i);
                x.b[q * kpt + i][m] = elem_of(ebits, bf, ln->b, i);
            }
        }
    /* lane t holds column t % mn, rows 4 (t / mn) + 4 gm q + 0..3 in its values 4q..4q+3 */
    for (int t = 0; t < 64; t++)
        for (int q = 0; q < vc / 4; q++)
            for (int i = 0; i < 4; i++) x.dt[t % mn][4 * (t / mn) + 4 * gm * q + i] = l[t].c[4 * q + i];
    mfma_rows(mn, nk, &x);
    for (int t = 0; t < 64; t++)
        for (int q = 0; q < vc / 4; q++)
            for (int i = 0; i < 4; i++) l[t].d[4 * q + i] = (float)x.dt[t % mn][4 * (t / mn) + 4 * gm * q + i];
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
    switch (kind) { /* the kinds table's order */
    case 0: mfma_full(l, 16, 4, 1, 32, 0); break;
    case 1: mfma_full(l, 32, 2, 1, 32, 0); break;
    case 2: mfma_full(l, 16, 16, 4, 16, 0); break;
    case 3: mfma_full(l, 32, 8, 4, 16, 0); break;
    case 4: mfma_full(l, 16, 16, 4, 16, 1); break;
    case 5: mfma_full(l, 32, 8, 4, 16, 1); break;
    default: fly_emu_mfma_wave_ref(kind, l, active, n); break; /* fp8, 128-bit operands, i8 */
    }
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

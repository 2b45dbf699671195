/* emu_mfma_scale.c - gfx950's scaled MFMA in the emulator:
 *   %d = rocdl.mfma.scale.f32.16x16x128.f8f6f4 / 32x32x64.f8f6f4 (a, b, c, cbsz, blgp, opsel_a, scale_a, opsel_b,
 *        scale_b)
 * Each lane holds 32 K-consecutive values of A (row m = lane % MN, K block lane / MN) and of B (column n likewise),
 * packed little-endian into 8 (fp8), 6 (fp6) or 4 (fp4) dwords; cbsz / blgp name A's / B's format (0 e4m3, 1 e5m2,
 * 2 e2m3, 3 e3m2, 4 e2m1, OCP's encodings). A lane's 32 values share one E8M0 scale: byte opsel of its scale word,
 * 2^(s - 127), 0xFF NaN. When both scale words are the constant 0 the instruction LLVM emits is the unscaled
 * v_mfma_f32_*_f8f6f4 (LLVM 22 folds it so), and the values are not scaled. C / D as the other MFMAs: value
 * v = v0 + 4 v1 of lane l is (m, n) = (4 (l / N) + v0 + 4 (64 / N) v1, l % N). D = C + sum_k A B with the
 * products of the decoded, scaled values and their sum (k ascending) in double, rounded once to f32; lanes not
 * taking part contribute zeros.
 *
 * The op's constants (shape, formats, opsels, the unscaled case) are folded into the MFMA kind the executor
 * passes around (FLY_EMU_MFMA_SCALED + code); the lane record holds the operand words and the scale words. */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "mlir-c/BuiltinAttributes.h"
#include "ir/ir_types.h"
#include "mlir-c/BuiltinTypes.h"
#include "runtime/emu/emu.h"
#include "runtime/emu/emu_irb.h"

/* code = big | cbsz << 1 | blgp << 4 | opsel_a << 7 | opsel_b << 9 | unscaled << 11 (big: 32x32x64) */
typedef struct scaled_kind {
    int mn, k, vc, fa, fb, oa, ob, unscaled;
} scaled_kind;

static scaled_kind decode(int kind) {
    int c = kind - FLY_EMU_MFMA_SCALED;
    int big = c & 1;
    return (scaled_kind){big ? 32 : 16, big ? 64 : 128, big ? 16 : 4, (c >> 1) & 7,
                         (c >> 4) & 7,  (c >> 7) & 3,   (c >> 9) & 3, (c >> 11) & 1};
}

int fly_emu_mfma_is_scaled(int kind) { return kind >= FLY_EMU_MFMA_SCALED && kind < FLY_EMU_MFMA_SCALED + 4096; }

int64_t fly_emu_mfma_scaled_flops(int kind, int *bits) {
    scaled_kind k = decode(kind);
    static const int w[5] = {8, 8, 6, 6, 4};
    *bits = k.fa < 5 ? w[k.fa] : 8;
    return 2 * (int64_t)k.mn * k.mn * k.k;
}

/* A small float of exponent width e, mantissa width m (sign on top): OCP's fp8 / fp6 / fp4. e4m3: S.1111.111 NaN,
 * no infinities; e5m2: IEEE-like infinities and NaNs; fp6 / fp4: every code is a number. */
static double small_float(uint32_t x, int e, int m, int special) {
    int bias = (1 << (e - 1)) - 1;
    uint32_t ex = (x >> m) & ((1u << e) - 1), mant = x & ((1u << m) - 1);
    int neg = (x >> (e + m)) & 1;
    double v;
    if (special == 1 && ex == 15 && mant == 7) return NAN; /* e4m3 */
    if (special == 2 && ex == 31) v = mant ? NAN : INFINITY; /* e5m2 */
    else if (ex == 0) v = ldexp(mant, 1 - bias - m);
    else v = ldexp(mant + (1u << m), (int)ex - bias - m);
    return neg ? -v : v;
}

/* Value i (0..31) of a lane's packed operand words w in format f. */
static double elem(const uint32_t *w, int f, int i) {
    static const int bits[5] = {8, 8, 6, 6, 4};
    int b = bits[f], at = b * i;
    uint64_t two = w[at / 32] | (at / 32 + 1 < 8 ? (uint64_t)w[at / 32 + 1] << 32 : 0);
    uint32_t x = (uint32_t)(two >> (at % 32)) & ((1u << b) - 1);
    switch (f) {
    case 0: return small_float(x, 4, 3, 1);
    case 1: return small_float(x, 5, 2, 2);
    case 2: return small_float(x, 2, 3, 0);
    case 3: return small_float(x, 3, 2, 0);
    default: return small_float(x, 2, 1, 0);
    }
}

/* The E8M0 scale byte sel of word w: 2^(s - 127), NaN for 0xFF. */
static double e8m0(uint32_t w, int sel) {
    uint32_t s = (w >> (8 * sel)) & 0xff;
    return s == 0xff ? NAN : ldexp(1.0, (int)s - 127);
}

void fly_emu_mfma_scaled_wave(int kind, fly_emu_mfma_lane *l, const unsigned char *active, int n) {
    scaled_kind k = decode(kind);
    int mn = k.mn, gm = 64 / mn, nq = k.k / 32;
    double at[128][32], bt[128][32]; /* A (k, m) and B (k, n), decoded and scaled; 0 from lanes not taking part */
    for (int q = 0; q < nq; q++)
        for (int r = 0; r < mn; r++) {
            int t = r + mn * q;
            int on = t < n && active[t];
            double sa = k.unscaled ? 1.0 : on ? e8m0(l[t].sa, k.oa) : 0;
            double sb = k.unscaled ? 1.0 : on ? e8m0(l[t].sb, k.ob) : 0;
            for (int i = 0; i < 32; i++) {
                at[32 * q + i][r] = on ? elem(l[t].wa, k.fa, i) * sa : 0;
                bt[32 * q + i][r] = on ? elem(l[t].wb, k.fb, i) * sb : 0;
            }
        }
    float d[64][16];
    for (int t = 0; t < n && t < 64; t++) {
        if (!active[t]) continue;
        int col = t % mn;
        for (int v = 0; v < k.vc; v++) {
            int row = 4 * (t / mn) + v % 4 + 4 * gm * (v / 4);
            double s = l[t].c[v];
            for (int kk = 0; kk < k.k; kk++) s += at[kk][row] * bt[kk][col];
            d[t][v] = (float)s;
        }
    }
    for (int t = 0; t < n && t < 64; t++)
        if (active[t]) memcpy(l[t].d, d[t], sizeof(float) * (size_t)k.vc);
}

/* The constant integer value of v (an arith / llvm constant), or -1. */
static int64_t const_of(MlirValue v) {
    int64_t x;
    return fly_emu_const_int(v, &x) ? x : -1;
}

int fly_emu_lower_mfma_scale(MlirOperation op, MlirValue ctxv, char *err, size_t cap) {
    char name[64];
    fly_ir_op_name(op, name, sizeof name);
    int big = !strcmp(name, "rocdl.mfma.scale.f32.32x32x64.f8f6f4");
    if (!big && strcmp(name, "rocdl.mfma.scale.f32.16x16x128.f8f6f4")) {
        snprintf(err, cap, "the emulator does not support %s", name);
        return -1;
    }
    if (mlirOperationGetNumOperands(op) != 9) {
        snprintf(err, cap, "%s: expected 9 operands (a, b, c, cbsz, blgp, opsel_a, scale_a, opsel_b, scale_b)", name);
        return -1;
    }
    int64_t kv[4];
    static const int at[4] = {3, 4, 5, 7};
    static const int64_t hi[4] = {4, 4, 3, 3};
    for (int i = 0; i < 4; i++)
        if ((kv[i] = const_of(mlirOperationGetOperand(op, at[i]))) < 0 || kv[i] > hi[i]) {
            snprintf(err, cap, "%s: operand %d (cbsz, blgp, opsel) must be a constant in [0, %lld]", name, at[i],
                     (long long)hi[i]);
            return -1;
        }
    static const int words[5] = {8, 8, 6, 6, 4};
    for (int i = 0; i < 2; i++) {
        MlirType t = mlirValueGetType(mlirOperationGetOperand(op, i));
        if (!mlirTypeIsAVector(t) ||
            mlirShapedTypeGetDimSize(t, 0) * fly_ir_elem_bits(mlirShapedTypeGetElementType(t)) != 32 * words[kv[i]]) {
            snprintf(err, cap, "%s: operand %c must hold %d dwords for format %lld", name, i ? 'b' : 'a', words[kv[i]],
                     (long long)kv[i]);
            return -1;
        }
    }
    int unscaled = const_of(mlirOperationGetOperand(op, 6)) == 0 && const_of(mlirOperationGetOperand(op, 8)) == 0;
    int kind = FLY_EMU_MFMA_SCALED +
               (big | (int)kv[0] << 1 | (int)kv[1] << 4 | (int)kv[2] << 7 | (int)kv[3] << 9 | unscaled << 11);
    MlirContext ctx = mlirOperationGetContext(op);
    fly_emu_irb b = {ctx, mlirOperationGetBlock(op), op, mlirOperationGetLocation(op)};
    MlirType i64 = mlirIntegerTypeGet(ctx, 64), i32 = mlirIntegerTypeGet(ctx, 32), f32 = mlirF32TypeGet(ctx);
    MlirType ptr = fly_emu_irb_type(ctx, "!llvm.ptr"), i8 = mlirIntegerTypeGet(ctx, 8);
    MlirValue slot = fly_ir_res0(fly_emu_irb_call(&b, "fly_emu_mfma_slot", 1, &ctxv, ptr));
    static const int32_t off[5] = {offsetof(fly_emu_mfma_lane, wa), offsetof(fly_emu_mfma_lane, wb),
                                   offsetof(fly_emu_mfma_lane, c), offsetof(fly_emu_mfma_lane, sa),
                                   offsetof(fly_emu_mfma_lane, sb)};
    static const int operand[5] = {0, 1, 2, 6, 8};
    for (int i = 0; i < 5; i++)
        fly_emu_irb_store(&b, mlirOperationGetOperand(op, operand[i]), fly_emu_irb_gep_const(&b, slot, off[i], i8), 4);
    MlirValue x[5] = {ctxv, fly_emu_irb_const(&b, 0, i64), fly_emu_irb_const(&b, kind, i32),
                      fly_emu_irb_const(&b, 64, i32), fly_emu_irb_const(&b, FLY_EMU_X_MFMA, i32)};
    fly_emu_irb_call(&b, "fly_emu_shfl", 5, x, i64);
    slot = fly_ir_res0(fly_emu_irb_call(&b, "fly_emu_mfma_slot", 1, &ctxv, ptr));
    int64_t vc = big ? 16 : 4;
    MlirValue d = fly_emu_irb_load(&b, fly_emu_irb_gep_const(&b, slot, (int32_t)offsetof(fly_emu_mfma_lane, d), i8),
                                   mlirVectorTypeGet(1, &vc, f32), 4);
    (void)i32;
    mlirValueReplaceAllUsesOfWith(fly_ir_res0(op), d);
    mlirOperationDestroy(op);
    return 0;
}

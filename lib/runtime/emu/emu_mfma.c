/* emu_mfma.c - CDNA MFMA in the emulator.
 *
 * An MFMA is a cross-lane operation of the 64 lanes of a wave. The host lowering rewrites
 *   %d = rocdl.mfma.f32.MxNxK...(%a, %b, %c, cbsz, abid, blgp)
 * into: fly_emu_mfma_ab(ctx, a bits, b bits) and fly_emu_mfma_acc(ctx, i, c[i]) (the lane deposits its
 * operands), fly_emu_shfl(ctx, 0, kind, 64, FLY_EMU_X_MFMA) (the suspension every mode already knows: phase
 * loops, coroutines and fibers), then fly_emu_mfma_res(ctx, i) per result value. When every live lane of the
 * wave waits, the executor calls fly_emu_mfma_wave, which computes each lane's D from all deposits.
 *
 * Lane layouts (hardware, one output block): A element (m, k) lives in lane m + MN*(k / KPT), value k % KPT
 * (KPT = K / (64/MN) values per lane, packed in the low bits of a/b); B element (k, n) likewise with n for m.
 * C/D value v = v0 + 4*v1 of lane l is element (m, n) = (4*(l/N) + v0 + 4*(64/N)*v1, l % N).
 * Numerics: D = C + sum_k A*B with the products and their sum (k ascending) in double, rounded once to f32;
 * lanes not taking part contribute zeros. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "runtime/emu/emu.h"
#include "runtime/emu/emu_irb.h"

typedef struct mfma_kind {
    const char *op;
    int mn, k, kpt, vc, ebits, bf;
} mfma_kind;
static const mfma_kind kinds[] = {
    {"rocdl.mfma.f32.16x16x4f32", 16, 4, 1, 4, 32, 0},       {"rocdl.mfma.f32.32x32x2f32", 32, 2, 1, 16, 32, 0},
    {"rocdl.mfma.f32.16x16x16f16", 16, 16, 4, 4, 16, 0},     {"rocdl.mfma.f32.32x32x8f16", 32, 8, 4, 16, 16, 0},
    {"rocdl.mfma.f32.16x16x16bf16.1k", 16, 16, 4, 4, 16, 1}, {"rocdl.mfma.f32.32x32x8bf16.1k", 32, 8, 4, 16, 16, 1},
};
#define NKINDS ((int)(sizeof kinds / sizeof kinds[0]))

static double half_to_double(uint32_t h) {
    int e = (h >> 10) & 31, m = h & 1023;
    double v = e == 0 ? ldexp(m, -24) : e == 31 ? (m ? NAN : INFINITY) : ldexp(m + 1024, e - 25);
    return (h & 0x8000) ? -v : v;
}

/* Value i of a lane's packed operand word. */
static double elem(const mfma_kind *k, int64_t w, int i) {
    if (k->ebits == 32) {
        float f;
        uint32_t u = (uint32_t)w;
        memcpy(&f, &u, 4);
        return f;
    }
    uint32_t h = (uint32_t)((uint64_t)w >> (16 * i)) & 0xffff;
    if (k->bf) {
        float f;
        uint32_t u = h << 16;
        memcpy(&f, &u, 4);
        return f;
    }
    return half_to_double(h);
}

void fly_emu_mfma_wave(int kind, fly_emu_mfma_lane *l, const unsigned char *active, int n) {
    if (kind < 0 || kind >= NKINDS) return;
    const mfma_kind *k = &kinds[kind];
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
                if (la < n && lb < n && active[la] && active[lb]) s += elem(k, l[la].a, i) * elem(k, l[lb].b, i);
            }
            d[t][v] = (float)s;
        }
    }
    for (int t = 0; t < n && t < 64; t++)
        if (active[t]) memcpy(l[t].d, d[t], sizeof d[t]);
}

/* ---- the host lowering ---- */

int fly_emu_lower_mfma(MlirOperation op, MlirValue ctxv, char *err, size_t cap) {
    char name[64];
    fly_ir_op_name(op, name, sizeof name);
    int kind = -1;
    for (int i = 0; i < NKINDS; i++)
        if (!strcmp(name, kinds[i].op)) kind = i;
    if (kind < 0) {
        if (!strncmp(name, "rocdl.mfma.", 11)) {
            snprintf(err, cap,
                     "the emulator does not support %s (supported: 16x16x4 and 32x32x2 f32, 16x16x16 and "
                     "32x32x8 f16 / bf16)",
                     name);
            return -1;
        }
        return 1;
    }
    const mfma_kind *k = &kinds[kind];
    MlirContext ctx = mlirOperationGetContext(op);
    fly_emu_irb b = {ctx, mlirOperationGetBlock(op), op, mlirOperationGetLocation(op)};
    MlirType i64 = mlirIntegerTypeGet(ctx, 64), i32 = mlirIntegerTypeGet(ctx, 32), f32 = mlirF32TypeGet(ctx);
    MlirValue ab[2];
    for (int i = 0; i < 2; i++) {
        MlirValue v = mlirOperationGetOperand(op, i);
        if (k->ebits == 32) {
            v = fly_emu_irb_val(&b, "arith.bitcast", 1, &v, i32, 0, NULL);
            ab[i] = fly_emu_irb_val(&b, "arith.extui", 1, &v, i64, 0, NULL);
        } else {
            int64_t one = 1, at = 0;
            v = fly_emu_irb_val(&b, "vector.bitcast", 1, &v, mlirVectorTypeGet(1, &one, i64), 0, NULL);
            MlirNamedAttribute pos = fly_ir_named(ctx, "static_position", mlirDenseI64ArrayGet(ctx, 1, &at));
            ab[i] = fly_emu_irb_val(&b, "vector.extract", 1, &v, i64, 1, &pos);
        }
    }
    MlirValue a3[3] = {ctxv, ab[0], ab[1]};
    fly_emu_irb_call(&b, "fly_emu_mfma_ab", 3, a3, fly_ir_type_null());
    MlirValue c = mlirOperationGetOperand(op, 2);
    for (int64_t v = 0; v < k->vc; v++) {
        MlirNamedAttribute pos = fly_ir_named(ctx, "static_position", mlirDenseI64ArrayGet(ctx, 1, &v));
        MlirValue cv[3] = {ctxv, fly_emu_irb_const(&b, v, i32),
                           fly_emu_irb_val(&b, "vector.extract", 1, &c, f32, 1, &pos)};
        fly_emu_irb_call(&b, "fly_emu_mfma_acc", 3, cv, fly_ir_type_null());
    }
    MlirValue x[5] = {ctxv, fly_emu_irb_const(&b, 0, i64), fly_emu_irb_const(&b, kind, i32),
                      fly_emu_irb_const(&b, 64, i32), fly_emu_irb_const(&b, FLY_EMU_X_MFMA, i32)};
    fly_emu_irb_call(&b, "fly_emu_shfl", 5, x, i64);
    MlirValue res[16];
    for (int v = 0; v < k->vc; v++) {
        MlirValue rv[2] = {ctxv, fly_emu_irb_const(&b, v, i32)};
        res[v] = fly_ir_res0(fly_emu_irb_call(&b, "fly_emu_mfma_res", 2, rv, f32));
    }
    int64_t n = k->vc;
    MlirValue d = fly_emu_irb_val(&b, "vector.from_elements", (int)n, res, mlirVectorTypeGet(1, &n, f32), 0, NULL);
    mlirValueReplaceAllUsesOfWith(fly_ir_res0(op), d);
    mlirOperationDestroy(op);
    return 0;
}

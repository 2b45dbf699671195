/* lower_mma.c - the MMA-atom part of fly-layout-lowering: every
 *   "fly.mma_atom_call"(%atom, %d, %a, %b, %c) : (!fly.mma_atom<!fly_rocdl.cdna3.mfma<MxNxK, (T, T) -> f32>>, ...)
 * becomes vector loads of a, b and c (fly.memref.load_vec, lowered by the rest of the pass), the ROCDL
 * intrinsic op (rocdl.mfma.f32.MxNxK... / rocdl.mfma.i32...: operands a, b (8 fp8 or i8 values packed into an
 * i64, 16 i8 into a vector<4xi32>, gfx950's 8 f16 / bf16 as a vector), the accumulator vector
 * and the cbsz / abid / blgp immediates, all 0) and a vector store of its result into d. The atoms (fly.make_mma_atom) left unused are
 * erased. */
#include <stdio.h>
#include <string.h>

#include "ir/ir_types.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "passes/lower_mma.h"
#include "passes/pass.h"

#define PASS "fly-layout-lowering"

/* The supported MFMAs: shape, input type, values per lane of A/B and of C, ROCDL op. */
typedef struct mfma_def {
    int m, n, k;
    const char *ab;
    int64_t va, vc;
    const char *op;
} mfma_def;
static const mfma_def defs[] = {
    {16, 16, 4, "f32", 1, 4, "rocdl.mfma.f32.16x16x4f32"},
    {32, 32, 2, "f32", 1, 16, "rocdl.mfma.f32.32x32x2f32"},
    {16, 16, 16, "f16", 4, 4, "rocdl.mfma.f32.16x16x16f16"},
    {32, 32, 8, "f16", 4, 16, "rocdl.mfma.f32.32x32x8f16"},
    {16, 16, 16, "bf16", 4, 4, "rocdl.mfma.f32.16x16x16bf16.1k"},
    {32, 32, 8, "bf16", 4, 16, "rocdl.mfma.f32.32x32x8bf16.1k"},
    {16, 16, 32, "f8E4M3FNUZ", 8, 4, "rocdl.mfma.f32.16x16x32.fp8.fp8"},
    {32, 32, 16, "f8E4M3FNUZ", 8, 16, "rocdl.mfma.f32.32x32x16.fp8.fp8"},
    {16, 16, 32, "f8E4M3FN", 8, 4, "rocdl.mfma.f32.16x16x32.fp8.fp8"},
    {32, 32, 16, "f8E4M3FN", 8, 16, "rocdl.mfma.f32.32x32x16.fp8.fp8"},
    /* gfx950: eight 16-bit values a lane, passed as vector<8xf16> / vector<8xbf16> */
    {16, 16, 32, "f16", 8, 4, "rocdl.mfma.f32.16x16x32.f16"},
    {32, 32, 16, "f16", 8, 16, "rocdl.mfma.f32.32x32x16.f16"},
    {16, 16, 32, "bf16", 8, 4, "rocdl.mfma.f32.16x16x32.bf16"},
    {32, 32, 16, "bf16", 8, 16, "rocdl.mfma.f32.32x32x16.bf16"},
    /* i8 -> i32: eight bytes a lane as an i64, sixteen (gfx950) as a vector<4xi32> */
    {16, 16, 32, "i8", 8, 4, "rocdl.mfma.i32.16x16x32.i8"},
    {32, 32, 16, "i8", 8, 16, "rocdl.mfma.i32.32x32x16.i8"},
    {16, 16, 64, "i8", 16, 4, "rocdl.mfma.i32.16x16x64.i8"},
    {32, 32, 32, "i8", 16, 16, "rocdl.mfma.i32.32x32x32.i8"},
};

/* The MFMA an atom type names, or NULL. */
static const mfma_def *find_def(MlirType atom) {
    MlirStringRef d = fly_ir_type_data(atom);
    char buf[256];
    snprintf(buf, sizeof buf, "%.*s", (int)d.length, d.data);
    int m, n, k;
    char ab[16], ab2[16];
    const char *p = strstr(buf, "cdna3.mfma<");
    if (strncmp(buf, "mma_atom<", 9) || !p ||
        sscanf(p, "cdna3.mfma<%dx%dx%d, (%15[^,], %15[^)]) -> ", &m, &n, &k, ab, ab2) != 5 || strcmp(ab, ab2))
        return NULL;
    for (size_t i = 0; i < sizeof defs / sizeof defs[0]; i++)
        if (defs[i].m == m && defs[i].n == n && defs[i].k == k && !strcmp(defs[i].ab, ab)) return &defs[i];
    return NULL;
}

static MlirValue emit(MlirOperation before, const char *name, int nops, const MlirValue *ops, MlirType res, int nattrs,
                      const MlirNamedAttribute *attrs) {
    MlirOperation op = fly_ir_op_create(mlirOperationGetLocation(before), name, nops, ops, mlirTypeIsNull(res) ? 0 : 1,
                                        &res, nattrs, attrs);
    fly_ir_op_insert(mlirOperationGetBlock(before), before, op);
    return mlirTypeIsNull(res) ? (MlirValue){NULL} : fly_ir_res0(op);
}

/* Number of elements of memref type t (its layout's static size), or -1. */
static int64_t memref_size(MlirType t, fly_ir_ptr_info *p) {
    fly_layout L;
    fly_error err;
    int64_t n;
    if (fly_ir_type_kind(t) != FLY_IR_MEMREF || fly_ir_decode_memref(t, p, &L, &err) ||
        fly_layout_size_static(&L, &n, &err))
        return -1;
    return n;
}

static bool lower_call(MlirOperation op, MlirExternalPass pass) {
    MlirContext ctx = mlirOperationGetContext(op);
    const mfma_def *d = find_def(mlirValueGetType(mlirOperationGetOperand(op, 0)));
    if (!d) {
        fly_pass_error(
            pass, op, PASS,
            "fly.mma_atom_call: unsupported MMA atom (supported: CDNA3 MFMA 16x16x4 and 32x32x2 "
            "f32, 16x16x16 and 32x32x8 f16 / bf16, 16x16x32 and 32x32x16 fp8 e4m3 / i8 (gfx950: f16 / bf16), "
            "16x16x64 and 32x32x32 i8 (gfx950))");
        return false;
    }
    static const char *const what[4] = {"d", "a", "b", "c"};
    const int64_t want[4] = {d->vc, d->va, d->va, d->vc};
    MlirType vt[4];
    for (int i = 0; i < 4; i++) {
        fly_ir_ptr_info p;
        MlirType t = mlirValueGetType(mlirOperationGetOperand(op, i + 1));
        int64_t n = memref_size(t, &p);
        if (n != want[i]) {
            fly_pass_error(pass, op, PASS, "fly.mma_atom_call: operand %s must be a memref of %lld elements", what[i],
                           (long long)want[i]);
            return false;
        }
        vt[i] = mlirVectorTypeGet(1, &n, p.elem);
    }
    MlirValue v[4];
    for (int i = 1; i < 4; i++) {
        MlirValue m = mlirOperationGetOperand(op, i + 1);
        v[i] = emit(op, "fly.memref.load_vec", 1, &m, vt[i], 0, NULL);
    }
    /* the intrinsic's operand types: f32 scalars, vector<4xf16>, vector<4xi16> for bf16, i64 for 8 fp8 */
    for (int i = 1; i < 3; i++) {
        if (d->va == 8 && (!strcmp(d->ab, "f16") || !strcmp(d->ab, "bf16"))) {
            /* the vector<8xf16> / vector<8xbf16> as it is */
        } else if (d->va == 16) {
            int64_t four = 4;
            v[i] =
                emit(op, "vector.bitcast", 1, &v[i], mlirVectorTypeGet(1, &four, mlirIntegerTypeGet(ctx, 32)), 0, NULL);
        } else if (d->va == 8) {
            int64_t one = 1, at = 0;
            MlirType i64 = mlirIntegerTypeGet(ctx, 64);
            MlirNamedAttribute pos = fly_ir_named(ctx, "static_position", mlirDenseI64ArrayGet(ctx, 1, &at));
            v[i] = emit(op, "vector.bitcast", 1, &v[i], mlirVectorTypeGet(1, &one, i64), 0, NULL);
            v[i] = emit(op, "vector.extract", 1, &v[i], i64, 1, &pos);
        } else if (d->va == 1) {
            int64_t at = 0;
            MlirNamedAttribute pos = fly_ir_named(ctx, "static_position", mlirDenseI64ArrayGet(ctx, 1, &at));
            v[i] = emit(op, "vector.extract", 1, &v[i], mlirF32TypeGet(ctx), 1, &pos);
        } else if (!strcmp(d->ab, "bf16")) {
            int64_t four = 4;
            v[i] =
                emit(op, "vector.bitcast", 1, &v[i], mlirVectorTypeGet(1, &four, mlirIntegerTypeGet(ctx, 16)), 0, NULL);
        }
    }
    MlirType i32 = mlirIntegerTypeGet(ctx, 32);
    MlirNamedAttribute zero = fly_ir_named(ctx, "value", mlirIntegerAttrGet(i32, 0));
    MlirValue z = emit(op, "arith.constant", 0, NULL, i32, 1, &zero);
    MlirValue ops[6] = {v[1], v[2], v[3], z, z, z};
    MlirValue r = emit(op, d->op, 6, ops, vt[0], 0, NULL);
    MlirValue st[2] = {r, mlirOperationGetOperand(op, 1)};
    emit(op, "fly.memref.store_vec", 2, st, fly_ir_type_null(), 0, NULL);
    mlirOperationDestroy(op);
    return true;
}

bool fly_lower_mma_ops(MlirOperation root, MlirExternalPass pass) {
    fly_opvec ops = {0}, calls = {0}, atoms = {0};
    fly_pass_collect_fly_ops(root, &ops, MlirWalkPreOrder);
    for (int i = 0; i < ops.n; i++) {
        if (fly_ir_op_is(ops.v[i], "fly.mma_atom_call")) fly_opvec_push(&calls, ops.v[i]);
        else if (fly_ir_op_is(ops.v[i], "fly.make_mma_atom")) fly_opvec_push(&atoms, ops.v[i]);
    }
    bool ok = true;
    for (int i = 0; i < calls.n && ok; i++) ok = lower_call(calls.v[i], pass);
    for (int i = 0; i < atoms.n && ok; i++) {
        MlirOperation op = atoms.v[i];
        if (!fly_ir_value_unused(fly_ir_res0(op))) {
            fly_pass_error(pass, op, PASS, "an MMA atom can only be used by fly.mma_atom_call");
            ok = false;
        } else {
            mlirOperationDestroy(op);
        }
    }
    fly_opvec_free(&ops);
    fly_opvec_free(&calls);
    fly_opvec_free(&atoms);
    return ok;
}

/* lower_mma.c - the MMA-atom part of fly-layout-lowering: every
 *   "fly.mma_atom_call"(%atom, %d, %a, %b, %c) : (!fly.mma_atom<!fly_rocdl.cdna3.mfma<MxNxK, (T, T) -> f32>>, ...)
 * becomes vector loads of a, b and c (fly.memref.load_vec, lowered by the rest of the pass), the ROCDL
 * intrinsic op (rocdl.mfma.f32.MxNxK... / rocdl.mfma.i32...: operands a, b (8 fp8 or i8 values packed into an
 * i64, 16 i8 into a vector<4xi32>, gfx950's 8 f16 / bf16 as a vector), the accumulator vector
 * and the cbsz / abid / blgp immediates, all 0) and a vector store of its result into d. gfx950's scaled atom
 * (!fly_rocdl.cdna4.mfma_scale<MxNxK, (TA, TB) -> f32, opselA = a, opselB = b>) becomes
 *   rocdl.mfma.scale.f32.16x16x128.f8f6f4 / 32x32x64.f8f6f4 (a, b, c, cbsz, blgp, opselA, scaleA, opselB, scaleB)
 * (LLVM 22's operand order): a and b bitcast to vector<8|6|4 x i32> (32 fp8 / fp6 / fp4 values), cbsz / blgp
 * the formats' codes (0 e4m3, 1 e5m2, 2 e2m3, 3 e3m2, 4 e2m1), the scales the i32 words set on the atom by
 * fly.atom.set_value (field scale_a / scale_b; 0 when unset, FlyDSL's default state). The atoms
 * (fly.make_mma_atom, fly.atom.set_value) left unused are erased. */
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

/* The scaled MFMA an atom type names: shape (16x16x128 or 32x32x64), formats and opsels; false if it names none. */
static bool find_scaled(MlirType atom, int *mn, int fmt[2], int opsel[2]) {
    static const char *const names[] = {"f8E4M3FN", "f8E5M2", "f6E2M3FN", "f6E3M2FN", "f4E2M1FN"};
    MlirStringRef d = fly_ir_type_data(atom);
    char buf[256], t[2][16];
    int m, n, k;
    snprintf(buf, sizeof buf, "%.*s", (int)d.length, d.data);
    const char *p = strstr(buf, "cdna4.mfma_scale<");
    if (strncmp(buf, "mma_atom<", 9) || !p ||
        sscanf(p, "cdna4.mfma_scale<%dx%dx%d, (%15[^,], %15[^)]) -> f32, opselA = %d, opselB = %d>", &m, &n, &k, t[0],
               t[1], &opsel[0], &opsel[1]) != 7 ||
        !((m == 16 && n == 16 && k == 128) || (m == 32 && n == 32 && k == 64)))
        return false;
    for (int i = 0; i < 2; i++) {
        fmt[i] = -1;
        for (int j = 0; j < 5; j++)
            if (!strcmp(t[i], names[j])) fmt[i] = j;
        if (fmt[i] < 0 || opsel[i] < 0 || opsel[i] > 3) return false;
    }
    *mn = m;
    return true;
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

static bool lower_scaled(MlirOperation op, MlirExternalPass pass, int mn, const int fmt[2], const int opsel[2]) {
    MlirContext ctx = mlirOperationGetContext(op);
    MlirType i32 = mlirIntegerTypeGet(ctx, 32);
    /* the scale words: the latest fly.atom.set_value of each field on the way back to the atom */
    MlirValue scale[2] = {{NULL}, {NULL}};
    MlirValue at = mlirOperationGetOperand(op, 0);
    while (mlirValueIsAOpResult(at)) {
        MlirOperation def = mlirOpResultGetOwner(at);
        if (!fly_ir_op_is(def, "fly.atom.set_value")) break;
        MlirAttribute f = mlirOperationGetAttributeByName(def, mlirStringRefCreateFromCString("field"));
        MlirStringRef fs = mlirAttributeIsAString(f) ? mlirStringAttrGetValue(f) : mlirStringRefCreate("", 0);
        int which = fs.length == 7 && !strncmp(fs.data, "scale_a", 7)   ? 0
                    : fs.length == 7 && !strncmp(fs.data, "scale_b", 7) ? 1
                                                                        : -1;
        if (which < 0) {
            fly_pass_error(pass, def, PASS,
                           "fly.atom.set_value: the scaled MFMA atom has no field '%.*s' (scale_a, scale_b)",
                           (int)fs.length, fs.data);
            return false;
        }
        MlirValue v = mlirOperationGetOperand(def, 1);
        if (!mlirTypeEqual(mlirValueGetType(v), i32)) {
            fly_pass_error(pass, def, PASS, "fly.atom.set_value: %s must be an i32", which ? "scale_b" : "scale_a");
            return false;
        }
        if (mlirValueIsNull(scale[which])) scale[which] = v;
        at = mlirOperationGetOperand(def, 0);
    }
    static const char *const what[4] = {"d", "a", "b", "c"};
    static const int words[5] = {8, 8, 6, 6, 4}; /* i32 words of 32 values of each format */
    const int64_t vc = mn == 16 ? 4 : 16;
    MlirType vt[4];
    for (int i = 0; i < 4; i++) {
        fly_ir_ptr_info p;
        MlirType t = mlirValueGetType(mlirOperationGetOperand(op, i + 1));
        int64_t n = memref_size(t, &p);
        int64_t bits = i == 1 || i == 2 ? 32 * words[fmt[i - 1]] : 32 * vc;
        if (n < 0 || n * fly_ir_elem_bits(p.elem) != bits) {
            fly_pass_error(pass, op, PASS, "fly.mma_atom_call: operand %s must be a memref of %lld bits", what[i],
                           (long long)bits);
            return false;
        }
        vt[i] = mlirVectorTypeGet(1, &n, p.elem);
    }
    MlirValue v[4];
    for (int i = 1; i < 4; i++) {
        MlirValue m = mlirOperationGetOperand(op, i + 1);
        v[i] = emit(op, "fly.memref.load_vec", 1, &m, vt[i], 0, NULL);
    }
    for (int i = 1; i < 3; i++) {
        int64_t w = words[fmt[i - 1]];
        MlirType wt = mlirVectorTypeGet(1, &w, i32);
        if (!mlirTypeEqual(vt[i], wt)) v[i] = emit(op, "vector.bitcast", 1, &v[i], wt, 0, NULL);
    }
    MlirValue k[5];
    const int kv[5] = {fmt[0], fmt[1], opsel[0], opsel[1], 0};
    for (int i = 0; i < 5; i++) {
        MlirNamedAttribute a = fly_ir_named(ctx, "value", mlirIntegerAttrGet(i32, kv[i]));
        k[i] = emit(op, "arith.constant", 0, NULL, i32, 1, &a);
    }
    for (int i = 0; i < 2; i++)
        if (mlirValueIsNull(scale[i])) scale[i] = k[4];
    MlirValue ops[9] = {v[1], v[2], v[3], k[0], k[1], k[2], scale[0], k[3], scale[1]};
    MlirValue r = emit(op, mn == 16 ? "rocdl.mfma.scale.f32.16x16x128.f8f6f4" : "rocdl.mfma.scale.f32.32x32x64.f8f6f4",
                       9, ops, vt[0], 0, NULL);
    MlirValue st[2] = {r, mlirOperationGetOperand(op, 1)};
    emit(op, "fly.memref.store_vec", 2, st, fly_ir_type_null(), 0, NULL);
    mlirOperationDestroy(op);
    return true;
}

static bool lower_call(MlirOperation op, MlirExternalPass pass) {
    MlirContext ctx = mlirOperationGetContext(op);
    MlirType atom = mlirValueGetType(mlirOperationGetOperand(op, 0));
    int mn, fmt[2], opsel[2];
    if (find_scaled(atom, &mn, fmt, opsel)) return lower_scaled(op, pass, mn, fmt, opsel);
    const mfma_def *d = find_def(atom);
    if (!d) {
        fly_pass_error(
            pass, op, PASS,
            "fly.mma_atom_call: unsupported MMA atom (supported: CDNA3 MFMA 16x16x4 and 32x32x2 "
            "f32, 16x16x16 and 32x32x8 f16 / bf16, 16x16x32 and 32x32x16 fp8 e4m3 / i8 (gfx950: f16 / bf16), "
            "16x16x64 and 32x32x32 i8 (gfx950); gfx950's cdna4.mfma_scale 16x16x128 and 32x32x64)");
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
    fly_opvec ops = {0}, calls = {0}, atoms = {0}, sets = {0};
    fly_pass_collect_fly_ops(root, &ops, MlirWalkPreOrder);
    for (int i = 0; i < ops.n; i++) {
        if (fly_ir_op_is(ops.v[i], "fly.mma_atom_call")) fly_opvec_push(&calls, ops.v[i]);
        else if (fly_ir_op_is(ops.v[i], "fly.make_mma_atom")) fly_opvec_push(&atoms, ops.v[i]);
        else if (fly_ir_op_is(ops.v[i], "fly.atom.set_value")) fly_opvec_push(&sets, ops.v[i]);
    }
    bool ok = true;
    for (int i = 0; i < calls.n && ok; i++) ok = lower_call(calls.v[i], pass);
    /* the state settings, last first (each one's user is a later one or a call, lowered by now) */
    for (int i = sets.n - 1; i >= 0 && ok; i--) {
        if (!fly_ir_value_unused(fly_ir_res0(sets.v[i]))) {
            fly_pass_error(pass, sets.v[i], PASS, "an MMA atom can only be used by fly.mma_atom_call");
            ok = false;
        } else {
            mlirOperationDestroy(sets.v[i]);
        }
    }
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
    fly_opvec_free(&sets);
    return ok;
}

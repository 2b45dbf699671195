/* emu_irb.c - op builders for the emulator's host lowering. */
#include "runtime/emu/emu_irb.h"

#include <stdlib.h>
#include "ir/ir_context.h"

#include <stdio.h>
#include <string.h>

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

MlirOperation fly_emu_irb_op(fly_emu_irb *b, const char *name, int nops, const MlirValue *ops, MlirType res, int nattrs,
                             const MlirNamedAttribute *attrs) {
    MlirOperation op = fly_ir_op_create(b->loc, name, nops, ops, mlirTypeIsNull(res) ? 0 : 1, &res, nattrs, attrs);
    fly_ir_op_insert(b->block, b->before, op);
    return op;
}

MlirValue fly_emu_irb_val(fly_emu_irb *b, const char *name, int nops, const MlirValue *ops, MlirType res, int nattrs,
                          const MlirNamedAttribute *attrs) {
    return fly_ir_res0(fly_emu_irb_op(b, name, nops, ops, res, nattrs, attrs));
}

MlirValue fly_emu_irb_const(fly_emu_irb *b, int64_t v, MlirType t) {
    MlirNamedAttribute a = fly_ir_named(b->ctx, "value", mlirIntegerAttrGet(t, v));
    return fly_emu_irb_val(b, "arith.constant", 0, NULL, t, 1, &a);
}

MlirValue fly_emu_irb_llconst(fly_emu_irb *b, int64_t v, MlirType t) {
    MlirNamedAttribute a = fly_ir_named(b->ctx, "value", mlirIntegerAttrGet(t, v));
    return fly_emu_irb_val(b, "llvm.mlir.constant", 0, NULL, t, 1, &a);
}

MlirType fly_emu_irb_type(MlirContext ctx, const char *text) { return mlirTypeParseGet(ctx, fly_ir_sref(text)); }

MlirValue fly_emu_irb_gep_const(fly_emu_irb *b, MlirValue p, int32_t idx, MlirType elem) {
    MlirNamedAttribute a[2] = {
        fly_ir_named(b->ctx, "rawConstantIndices", mlirDenseI32ArrayGet(b->ctx, 1, &idx)),
        fly_ir_named(b->ctx, "elem_type", mlirTypeAttrGet(elem)),
    };
    return fly_emu_irb_val(b, "llvm.getelementptr", 1, &p, mlirValueGetType(p), 2, a);
}

MlirValue fly_emu_irb_load(fly_emu_irb *b, MlirValue p, MlirType t, int64_t align) {
    MlirNamedAttribute a = fly_ir_named(b->ctx, "alignment", mlirIntegerAttrGet(mlirIntegerTypeGet(b->ctx, 64), align));
    return fly_emu_irb_val(b, "llvm.load", 1, &p, t, 1, &a);
}

MlirOperation fly_emu_irb_call(fly_emu_irb *b, const char *callee, int nops, const MlirValue *ops, MlirType res) {
    MlirNamedAttribute a = fly_ir_named(b->ctx, "callee", mlirFlatSymbolRefAttrGet(b->ctx, fly_ir_sref(callee)));
    return fly_emu_irb_op(b, "func.call", nops, ops, res, 1, &a);
}

static MlirOperation llcall(fly_emu_irb *b, const char *callee, int nops, const MlirValue *ops, MlirType res) {
    int32_t seg[2] = {nops, 0};
    MlirNamedAttribute a[6] = {
        fly_ir_named(b->ctx, "callee", mlirFlatSymbolRefAttrGet(b->ctx, fly_ir_sref(callee))),
        fly_ir_named(b->ctx, "CConv", mlirAttributeParseGet(b->ctx, fly_ir_sref("#llvm.cconv<ccc>"))),
        fly_ir_named(b->ctx, "TailCallKind", mlirAttributeParseGet(b->ctx, fly_ir_sref("#llvm.tailcallkind<none>"))),
        fly_ir_named(b->ctx, "fastmathFlags", mlirAttributeParseGet(b->ctx, fly_ir_sref("#llvm.fastmath<none>"))),
        fly_ir_named(b->ctx, "op_bundle_sizes", mlirDenseI32ArrayGet(b->ctx, 0, NULL)),
        fly_ir_named(b->ctx, "operandSegmentSizes", mlirDenseI32ArrayGet(b->ctx, 2, seg)),
    };
    return fly_emu_irb_op(b, "llvm.call", nops, ops, res, 6, a);
}

void fly_emu_irb_llcall(fly_emu_irb *b, const char *callee, int nops, const MlirValue *ops) {
    llcall(b, callee, nops, ops, fly_ir_type_null());
}

MlirValue fly_emu_irb_llcall_val(fly_emu_irb *b, const char *callee, int nops, const MlirValue *ops, MlirType res) {
    return fly_ir_res0(llcall(b, callee, nops, ops, res));
}

static MlirValue insertvalue(fly_emu_irb *b, MlirValue agg, MlirValue v, int64_t i, int64_t j) {
    int64_t pos[2] = {i, j};
    MlirNamedAttribute a = fly_ir_named(b->ctx, "position", mlirDenseI64ArrayGet(b->ctx, j < 0 ? 1 : 2, pos));
    MlirValue ops[2] = {agg, v};
    return fly_emu_irb_val(b, "llvm.insertvalue", 2, ops, mlirValueGetType(agg), 1, &a);
}

MlirValue fly_emu_irb_memref_from_ptr(fly_emu_irb *b, MlirValue p, MlirType mt) {
    intptr_t rank = mlirShapedTypeGetRank(mt);
    MlirType pt = mlirValueGetType(p);
    int as = fly_emu_ptr_as(pt);
    char ps[32], st[256];
    snprintf(ps, sizeof ps, as > 0 ? "ptr<%d>" : "ptr", as);
    if (rank)
        snprintf(st, sizeof st, "!llvm.struct<(%s, %s, i64, array<%ld x i64>, array<%ld x i64>)>", ps, ps, (long)rank,
                 (long)rank);
    else snprintf(st, sizeof st, "!llvm.struct<(%s, %s, i64)>", ps, ps);
    MlirType i64 = mlirIntegerTypeGet(b->ctx, 64);
    MlirValue d = fly_emu_irb_val(b, "llvm.mlir.undef", 0, NULL, fly_emu_irb_type(b->ctx, st), 0, NULL);
    d = insertvalue(b, d, p, 0, -1);
    d = insertvalue(b, d, p, 1, -1);
    d = insertvalue(b, d, fly_emu_irb_llconst(b, 0, i64), 2, -1);
    int64_t stride = 1;
    for (intptr_t i = rank - 1; i >= 0; i--) {
        int64_t n = mlirShapedTypeGetDimSize(mt, i);
        d = insertvalue(b, d, fly_emu_irb_llconst(b, n, i64), 3, i);
        d = insertvalue(b, d, fly_emu_irb_llconst(b, stride, i64), 4, i);
        stride *= n;
    }
    return fly_emu_irb_val(b, "builtin.unrealized_conversion_cast", 1, &d, mt, 0, NULL);
}

MlirValue fly_emu_irb_memref_1d(fly_emu_irb *b, MlirValue p, MlirValue n, MlirType mt) {
    char ps[32], st[256];
    int as = fly_emu_ptr_as(mlirValueGetType(p));
    snprintf(ps, sizeof ps, as > 0 ? "ptr<%d>" : "ptr", as);
    snprintf(st, sizeof st, "!llvm.struct<(%s, %s, i64, array<1 x i64>, array<1 x i64>)>", ps, ps);
    MlirType i64 = mlirIntegerTypeGet(b->ctx, 64);
    MlirValue d = fly_emu_irb_val(b, "llvm.mlir.undef", 0, NULL, fly_emu_irb_type(b->ctx, st), 0, NULL);
    d = insertvalue(b, d, p, 0, -1);
    d = insertvalue(b, d, p, 1, -1);
    d = insertvalue(b, d, fly_emu_irb_llconst(b, 0, i64), 2, -1);
    d = insertvalue(b, d, n, 3, 0);
    d = insertvalue(b, d, fly_emu_irb_llconst(b, 1, i64), 4, 0);
    return fly_emu_irb_val(b, "builtin.unrealized_conversion_cast", 1, &d, mt, 0, NULL);
}

int64_t fly_emu_num_elements(MlirType t) {
    int64_t n = 1;
    for (intptr_t i = 0; i < mlirShapedTypeGetRank(t); i++) n *= mlirShapedTypeGetDimSize(t, i);
    return n;
}

int64_t fly_emu_type_bytes(MlirType t) {
    if (mlirTypeIsAInteger(t)) return (mlirIntegerTypeGetWidth(t) + 7) / 8;
    if (mlirTypeIsAIndex(t)) return 8;
    if (mlirTypeIsAFloat(t)) return (mlirFloatTypeGetWidth(t) + 7) / 8;
    if (fly_emu_ptr_as(t) >= 0) return 8;
    if (mlirTypeIsAVector(t) && mlirShapedTypeHasStaticShape(t)) {
        MlirType e = mlirShapedTypeGetElementType(t);
        int64_t n = fly_emu_num_elements(t);
        if (mlirTypeIsAInteger(e) && mlirIntegerTypeGetWidth(e) < 8) return (n * mlirIntegerTypeGetWidth(e) + 7) / 8;
        return n * fly_emu_type_bytes(e);
    }
    /* a packed struct of integers (the dynamic layout leaves of fly-rewrite-func-signature), nested or not */
    char buf[512];
    size_t len = fly_ir_type_str(t, buf, sizeof buf);
    if (len < sizeof buf && strncmp(buf, "!llvm.struct<packed (", 21) == 0) {
        int64_t size = 0;
        for (const char *p = buf + 21; *p; p++) {
            if (strncmp(p, "struct<packed (", 15) == 0) {
                p += 14;
            } else if (*p == 'i' && p[1] >= '1' && p[1] <= '9') {
                long w = strtol(p + 1, (char **)&p, 10);
                size += (w + 7) / 8;
                p--;
            } else if (*p != ',' && *p != ' ' && *p != ')' && *p != '>') {
                return 0; /* anything but integers */
            }
        }
        return size;
    }
    return 0;
}

int fly_emu_ptr_as(MlirType t) {
    char buf[48];
    size_t n = fly_ir_type_str(t, buf, sizeof buf);
    if (n >= sizeof buf || strncmp(buf, "!llvm.ptr", 9)) return -1;
    return buf[9] == '<' ? atoi(buf + 10) : buf[9] ? -1 : 0;
}

static MlirOperation branch_op(fly_emu_irb *b, const char *name, int nops, const MlirValue *ops, int nsucc,
                               MlirBlock *succ, int nattrs, const MlirNamedAttribute *attrs) {
    MlirOperationState st = mlirOperationStateGet(fly_ir_sref(name), b->loc);
    mlirOperationStateAddOperands(&st, nops, ops);
    mlirOperationStateAddSuccessors(&st, nsucc, succ);
    mlirOperationStateAddAttributes(&st, nattrs, attrs);
    MlirOperation op = mlirOperationCreate(&st);
    fly_ir_op_insert(b->block, b->before, op);
    return op;
}

void fly_emu_irb_br(fly_emu_irb *b, MlirBlock dest) { branch_op(b, "llvm.br", 0, NULL, 1, &dest, 0, NULL); }

void fly_emu_irb_cond_br(fly_emu_irb *b, MlirValue cond, MlirBlock yes, MlirBlock no, int32_t wyes, int32_t wno) {
    int32_t seg[3] = {1, 0, 0}, w[2] = {wyes, wno};
    MlirNamedAttribute a[2] = {
        fly_ir_named(b->ctx, "operandSegmentSizes", mlirDenseI32ArrayGet(b->ctx, 3, seg)),
        fly_ir_named(b->ctx, "branch_weights", mlirDenseI32ArrayGet(b->ctx, 2, w)),
    };
    MlirBlock s[2] = {yes, no};
    branch_op(b, "llvm.cond_br", 1, &cond, 2, s, wyes || wno ? 2 : 1, a);
}

MlirValue fly_emu_irb_icmp(fly_emu_irb *b, int pred, MlirValue x, MlirValue y) {
    MlirNamedAttribute a = fly_ir_named(b->ctx, "predicate", mlirIntegerAttrGet(mlirIntegerTypeGet(b->ctx, 64), pred));
    MlirValue ops[2] = {x, y};
    return fly_emu_irb_val(b, "llvm.icmp", 2, ops, mlirIntegerTypeGet(b->ctx, 1), 1, &a);
}

MlirValue fly_emu_irb_bin(fly_emu_irb *b, const char *name, MlirValue x, MlirValue y) {
    MlirValue ops[2] = {x, y};
    return fly_emu_irb_val(b, name, 2, ops, mlirValueGetType(x), 0, NULL);
}

MlirValue fly_emu_irb_ctx_load(fly_emu_irb *b, MlirValue ctxv, int word, MlirType t) {
    return fly_emu_irb_load(b, fly_emu_irb_gep_const(b, ctxv, word, mlirIntegerTypeGet(b->ctx, 64)), t, 8);
}

MlirValue fly_emu_irb_gep_dyn(fly_emu_irb *b, MlirValue p, MlirValue idx, MlirType elem) {
    int32_t dyn = INT32_MIN; /* the dynamic-index marker of rawConstantIndices */
    MlirNamedAttribute a[2] = {
        fly_ir_named(b->ctx, "rawConstantIndices", mlirDenseI32ArrayGet(b->ctx, 1, &dyn)),
        fly_ir_named(b->ctx, "elem_type", mlirTypeAttrGet(elem)),
    };
    MlirValue ops[2] = {p, idx};
    return fly_emu_irb_val(b, "llvm.getelementptr", 2, ops, mlirValueGetType(p), 2, a);
}

void fly_emu_irb_store(fly_emu_irb *b, MlirValue v, MlirValue p, int64_t align) {
    MlirNamedAttribute al =
        fly_ir_named(b->ctx, "alignment", mlirIntegerAttrGet(mlirIntegerTypeGet(b->ctx, 64), align));
    MlirValue ops[2] = {v, p};
    fly_emu_irb_op(b, "llvm.store", 2, ops, fly_ir_type_null(), 1, &al);
}

MlirOperation fly_emu_irb_find_func(MlirBlock top, const char *name) {
    for (MlirOperation op = mlirBlockGetFirstOperation(top); !mlirOperationIsNull(op);
         op = mlirOperationGetNextInBlock(op)) {
        if (!fly_ir_op_is(op, "llvm.func")) continue;
        MlirAttribute a = mlirOperationGetAttributeByName(op, fly_ir_sref("sym_name"));
        if (!mlirAttributeIsNull(a) && fly_ir_sref_eq(mlirStringAttrGetValue(a), name)) return op;
    }
    return (MlirOperation){NULL};
}

MlirBlock fly_emu_irb_split(MlirBlock blk, MlirOperation op) {
    MlirBlock nb = mlirBlockCreate(0, NULL, NULL);
    mlirRegionInsertOwnedBlockAfter(mlirBlockGetParentRegion(blk), blk, nb);
    while (!mlirOperationIsNull(op)) {
        MlirOperation next = mlirOperationGetNextInBlock(op);
        mlirOperationRemoveFromParent(op);
        mlirBlockAppendOwnedOperation(nb, op);
        op = next;
    }
    return nb;
}

bool fly_emu_irb_is_call(MlirOperation op, const char *callee) {
    if (!fly_ir_op_is(op, "llvm.call")) return false;
    MlirAttribute a = mlirOperationGetAttributeByName(op, fly_ir_sref("callee"));
    return !mlirAttributeIsNull(a) && mlirAttributeIsAFlatSymbolRef(a) &&
           fly_ir_sref_eq(mlirFlatSymbolRefAttrGetValue(a), callee);
}

MlirOperation fly_emu_irb_kernel_body(MlirModule m, const char *kname, char *err, size_t cap) {
    char fname[300];
    snprintf(fname, sizeof fname, "%s__emu", kname);
    MlirOperation f = fly_emu_irb_find_func(mlirModuleGetBody(m), fname);
    if (mlirOperationIsNull(f)) snprintf(err, cap, "%s: the lowered kernel body is missing", kname);
    return f;
}

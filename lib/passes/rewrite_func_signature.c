/* rewrite_func_signature.c - fly-rewrite-func-signature: DSL-typed function arguments.
 *
 *   static int tuple / layout / tile ...  -> argument removed, fly.static in the body
 *   !fly.memref<T, as, static layout>     -> !fly.ptr<T, as> argument, fly.make_view(ptr, fly.static)
 *   !fly.memref<T, as, dynamic layout>    -> !fly.ptr argument + packed struct of the dynamic leaves
 *   dynamic int tuple / layout            -> !llvm.struct<packed (...)> of the dynamic leaves,
 *                                            unpacked with llvm.extractvalue + fly.make_int_tuple
 * Applies to func.func and gpu.func. Call sites (gpu.launch_func) are not rewritten yet. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/ir_build.h"
#include "ir/ir_types.h"
#include "passes/pass.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#define PASS "fly-rewrite-func-signature"
#define MAX_ARGS 256

/* "i32, i64" for the dynamic leaves of t into b; returns the number of leaves. */
static int leaf_fields(const fly_inttuple *t, fly_ir_buf *b) {
    int k = 0;
    for (int i = 0; i < fly_inttuple_nodes(t); i++)
        if (t->n[i].kind == FLY_IT_DYN)
            fly_ir_buf_printf(b, "%s%s", k++ ? ", " : "", (t->n[i].flags & FLY_IT_F_I64) ? "i64" : "i32");
    return k;
}

/* The packed struct type of a dynamic int tuple (nested = false) or layout. */
static MlirType struct_type(MlirContext ctx, const fly_inttuple *it, const fly_layout *L) {
    fly_ir_buf b = {0};
    fly_ir_buf_puts(&b, "!llvm.struct<packed (");
    if (it) {
        leaf_fields(it, &b);
    } else {
        const fly_inttuple *parts[2] = {&L->shape, &L->stride};
        int k = 0;
        for (int p = 0; p < 2; p++) {
            fly_ir_buf f = {0};
            if (leaf_fields(parts[p], &f)) fly_ir_buf_printf(&b, "%sstruct<packed (%s)>", k++ ? ", " : "", f.data);
            fly_ir_buf_free(&f);
        }
    }
    fly_ir_buf_puts(&b, ")>");
    MlirType t = mlirTypeParseGet(ctx, mlirStringRefCreate(b.data, b.len));
    fly_ir_buf_free(&b);
    return t;
}

static MlirValue extract(fly_ir_builder *b, MlirValue s, int64_t i, int64_t j, bool nested, MlirType t) {
    int64_t pos[2] = {i, j};
    MlirNamedAttribute a = fly_ir_named(b->ctx, "position", mlirDenseI64ArrayGet(b->ctx, nested ? 2 : 1, pos));
    MlirOperation op = fly_ir_op_create(b->loc, "llvm.extractvalue", 1, &s, 1, &t, 1, &a);
    fly_ir_op_insert(b->block, b->before, op);
    return fly_ir_res0(op);
}

/* fly.make_int_tuple of t from the fields of struct s (field `outer` when nested). */
static MlirValue unpack_tuple(fly_ir_builder *b, MlirValue s, const fly_inttuple *t, int outer, bool nested) {
    MlirValue dyn[FLY_IT_MAX_NODES];
    int k = 0;
    for (int i = 0; i < fly_inttuple_nodes(t); i++)
        if (t->n[i].kind == FLY_IT_DYN) {
            MlirType ty = mlirIntegerTypeGet(b->ctx, (t->n[i].flags & FLY_IT_F_I64) ? 64 : 32);
            dyn[k] = nested ? extract(b, s, outer, k, true, ty) : extract(b, s, k, 0, false, ty);
            k++;
        }
    return fly_ir_build_int_tuple(b, NULL, t, dyn);
}

static MlirValue unpack_layout(fly_ir_builder *b, MlirValue s, const fly_layout *L) {
    int field = 0;
    MlirValue parts[2];
    const fly_inttuple *tuples[2] = {&L->shape, &L->stride};
    for (int p = 0; p < 2; p++) {
        fly_ir_buf f = {0};
        bool dyn = leaf_fields(tuples[p], &f) > 0;
        fly_ir_buf_free(&f);
        parts[p] = dyn ? unpack_tuple(b, s, tuples[p], field++, true)
                       : fly_ir_build_static(b, fly_ir_int_tuple_type(b->ctx, tuples[p]));
    }
    return fly_ir_build_make_layout(b, parts[0], parts[1]);
}

/* Rewrites one function; false (with a diagnostic) on failure. */
static bool rewrite_func(MlirOperation fn, MlirExternalPass pass) {
    MlirContext ctx = mlirOperationGetContext(fn);
    MlirAttribute fta = mlirOperationGetAttributeByName(fn, fly_ir_sref("function_type"));
    if (mlirAttributeIsNull(fta) || !mlirAttributeIsAType(fta)) return true;
    MlirType ft = mlirTypeAttrGetValue(fta);
    intptr_t nin = mlirFunctionTypeGetNumInputs(ft), nres = mlirFunctionTypeGetNumResults(ft);
    if (nin > MAX_ARGS) {
        fly_pass_error(pass, fn, PASS, "more than %d arguments", MAX_ARGS);
        return false;
    }
    MlirType ins[MAX_ARGS * 2], outs[MAX_ARGS];
    int nnew = 0;
    bool changed = false;
    for (intptr_t r = 0; r < nres && r < MAX_ARGS; r++) outs[r] = mlirFunctionTypeGetResult(ft, r);

    MlirRegion body = mlirOperationGetRegion(fn, 0);
    MlirBlock entry = mlirRegionGetFirstBlock(body);
    bool has_body = !mlirBlockIsNull(entry);
    fly_ir_builder b;
    if (has_body) fly_ir_builder_init(&b, ctx, entry, mlirBlockGetFirstOperation(entry));

    for (intptr_t k = 0; k < nin; k++) {
        MlirType t = mlirFunctionTypeGetInput(ft, k);
        fly_ir_kind kind = fly_ir_type_kind(t);
        int at = nnew; /* index of this argument in the new signature */
        MlirValue arg = has_body ? mlirBlockGetArgument(entry, at) : (MlirValue){NULL};
        MlirLocation loc = has_body ? mlirValueGetLocation(arg) : mlirOperationGetLocation(fn);
        if (has_body) b.loc = loc;
        fly_error err;
        if (kind == FLY_IR_NOT_FLY || kind == FLY_IR_PTR || kind == FLY_IR_OTHER) {
            ins[nnew++] = t;
            continue;
        }
        changed = true;
        MlirValue repl = {NULL};
        if (fly_ir_type_is_static(t)) {
            if (has_body) repl = fly_ir_build_static(&b, t);
        } else if (kind == FLY_IR_MEMREF) {
            fly_ir_ptr_info p;
            fly_layout L;
            if (fly_ir_decode_memref(t, &p, &L, &err)) {
                fly_pass_error(pass, fn, PASS, "argument %d: %s", (int)k, err.message);
                return false;
            }
            MlirType pt = fly_ir_ptr_type(ctx, &p);
            ins[nnew++] = pt;
            bool dyn = !fly_layout_is_static(&L);
            MlirType st = dyn ? struct_type(ctx, NULL, &L) : fly_ir_type_null();
            if (dyn) ins[nnew++] = st;
            if (has_body) {
                MlirValue pv = mlirBlockInsertArgument(entry, (unsigned)at + 1, pt, loc);
                MlirValue lv;
                if (dyn) {
                    MlirValue sv = mlirBlockInsertArgument(entry, (unsigned)at + 2, st, loc);
                    lv = unpack_layout(&b, sv, &L);
                } else {
                    lv = fly_ir_build_static(&b, fly_ir_layout_type(ctx, &L));
                }
                repl = fly_ir_build_make_view(&b, pv, lv);
            }
        } else if (kind == FLY_IR_INT_TUPLE || kind == FLY_IR_LAYOUT) {
            fly_inttuple it;
            fly_layout L;
            fly_status s =
                kind == FLY_IR_INT_TUPLE ? fly_ir_decode_int_tuple(t, &it, &err) : fly_ir_decode_layout(t, &L, &err);
            if (s) {
                fly_pass_error(pass, fn, PASS, "argument %d: %s", (int)k, err.message);
                return false;
            }
            MlirType st = struct_type(ctx, kind == FLY_IR_INT_TUPLE ? &it : NULL, &L);
            ins[nnew++] = st;
            if (has_body) {
                MlirValue sv = mlirBlockInsertArgument(entry, (unsigned)at + 1, st, loc);
                repl = kind == FLY_IR_INT_TUPLE ? unpack_tuple(&b, sv, &it, 0, false) : unpack_layout(&b, sv, &L);
            }
        } else {
            char *s = fly_ir_type_print(t);
            fly_pass_error(pass, fn, PASS, "argument %d: dynamic %s arguments are not supported yet", (int)k, s);
            free(s);
            return false;
        }
        if (has_body) {
            if (mlirValueIsNull(repl)) {
                fly_pass_error(pass, fn, PASS, "argument %d: %s", (int)k, b.err.message);
                return false;
            }
            mlirValueReplaceAllUsesOfWith(arg, repl);
            mlirBlockEraseArgument(entry, (unsigned)at);
        }
    }
    if (!changed) return true;
    MlirType nft = mlirFunctionTypeGet(ctx, nnew, ins, nres, outs);
    mlirOperationSetAttributeByName(fn, fly_ir_sref("function_type"), mlirTypeAttrGet(nft));
    mlirOperationRemoveAttributeByName(fn, fly_ir_sref("arg_attrs"));
    return true;
}

static MlirWalkResult collect_funcs(MlirOperation op, void *user) {
    if (fly_ir_op_is(op, "func.func") || fly_ir_op_is(op, "gpu.func")) fly_opvec_push(user, op);
    return MlirWalkResultAdvance;
}

void fly_pass_run_rewrite_func_signature(MlirOperation root, MlirExternalPass pass) {
    fly_opvec fns = {0};
    mlirOperationWalk(root, collect_funcs, &fns, MlirWalkPreOrder);
    for (int i = 0; i < fns.n; i++)
        if (!rewrite_func(fns.v[i], pass)) break;
    fly_opvec_free(&fns);
}

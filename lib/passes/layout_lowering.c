/* layout_lowering.c - fly-layout-lowering: layout algebra, views and memory ops become
 * arith / llvm / vector / gpu ops.
 *
 * Values keep their fly types through "carriers": fly.make_int_tuple(dynamic leaves...),
 * fly.make_layout(shape, stride), fly.make_view(ptr, layout) and fly.static. Every other op is
 * rewritten in program order: static results fold to fly.static, dynamic ones are computed with
 * index arithmetic from lib/layout's structure and re-wrapped in carriers; scalars, loads and
 * stores leave the fly dialect. Pointers reach LLVM through builtin.unrealized_conversion_cast
 * (!fly.ptr <-> !llvm.ptr<AS>), which convert-fly-to-rocdl and reconcile-unrealized-casts remove.
 * Dynamic leaves that lib/layout derives from bound ones (a divide's ceil-div extents, products of
 * strides) get values through lib/layout's dynamic-leaf hook (fly_lower_dyn_hook, installed for the pass).
 * Dead carriers are erased at the end. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/ir_build.h"
#include "ir/ir_ops.h"
#include "ir/ir_types.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "passes/lower.h"
#include "passes/lower_copy.h"
#include "passes/lower_mma.h"
#include "passes/pass.h"

#define PASS "fly-layout-lowering"
#define MAXV FLY_IT_MAX_NODES

/* ---- carriers ---- */

static MlirOperation def_op(MlirValue v) {
    return mlirValueIsAOpResult(v) ? mlirOpResultGetOwner(v) : (MlirOperation){NULL};
}

static bool is_tuple_carrier(MlirOperation op) {
    return !mlirOperationIsNull(op) && (fly_ir_op_is(op, "fly.make_int_tuple") || fly_ir_op_is(op, "fly.make_shape") ||
                                        fly_ir_op_is(op, "fly.make_stride") || fly_ir_op_is(op, "fly.make_coord"));
}

static const char *producer(MlirValue v, char *buf, size_t cap) {
    MlirOperation d = def_op(v);
    if (mlirOperationIsNull(d)) return "a block argument";
    return fly_ir_op_name(d, buf, cap);
}

/* Decodes an int-tuple value's type into t and binds its dynamic leaves to the carrier's operands. */
static bool tuple_leaves(lower_ctx *lc, MlirValue v, fly_inttuple *t) {
    if (fly_ir_decode_int_tuple(mlirValueGetType(v), t, &lc->err)) {
        lc->failed = true;
        return false;
    }
    bool has_dyn = false;
    for (int i = 0; i < fly_inttuple_nodes(t); i++) has_dyn |= t->n[i].kind == FLY_IT_DYN;
    if (!has_dyn) return true;
    MlirOperation d = def_op(v);
    char name[64];
    if (!is_tuple_carrier(d))
        return fly_lower_fail(lc, "a dynamic int tuple defined by %s cannot be lowered yet",
                              producer(v, name, sizeof name));
    int n = (int)mlirOperationGetNumOperands(d);
    MlirValue dyn[MAXV];
    for (int i = 0; i < n && i < MAXV; i++) dyn[i] = mlirOperationGetOperand(d, i);
    return fly_lower_bind(lc, t, dyn, n);
}

/* Binds the dynamic leaves of part (shape or stride) to the carrier value cv of that part. */
static bool bind_part(lower_ctx *lc, fly_inttuple *part, MlirValue cv) {
    if (fly_inttuple_is_static(part)) return true;
    fly_inttuple tmp;
    if (!tuple_leaves(lc, cv, &tmp)) return false;
    /* copy the handles over (same structure) */
    int k = 0, j = 0;
    for (int i = 0; i < fly_inttuple_nodes(part); i++) {
        if (part->n[i].kind != FLY_IT_DYN) continue;
        while (j < fly_inttuple_nodes(&tmp) && tmp.n[j].kind != FLY_IT_DYN) j++;
        if (j >= fly_inttuple_nodes(&tmp))
            return fly_lower_fail(lc, "a layout's carrier has fewer dynamic leaves than its type");
        part->n[i].v = tmp.n[j++].v;
        k++;
    }
    return true;
}

/* Decodes a layout-like value (layout or memref) and binds its dynamic leaves. */
static bool layout_leaves(lower_ctx *lc, MlirValue v, fly_layout *L) {
    if (fly_ir_decode_layout_of(mlirValueGetType(v), L, &lc->err)) {
        lc->failed = true;
        return false;
    }
    if (fly_layout_is_static(L)) return true;
    MlirOperation d = def_op(v);
    char name[64];
    if (!mlirOperationIsNull(d) && fly_ir_op_is(d, "fly.make_view"))
        return layout_leaves(lc, mlirOperationGetOperand(d, 1), L);
    if (!mlirOperationIsNull(d) && fly_ir_op_is(d, "fly.make_composed_layout")) /* a swizzled view: the outer */
        return layout_leaves(lc, mlirOperationGetOperand(d, 2), L);
    if (mlirOperationIsNull(d) || !fly_ir_op_is(d, "fly.make_layout") || mlirOperationGetNumOperands(d) != 2)
        return fly_lower_fail(lc, "a dynamic layout defined by %s cannot be lowered yet",
                              producer(v, name, sizeof name));
    return bind_part(lc, &L->shape, mlirOperationGetOperand(d, 0)) &&
           bind_part(lc, &L->stride, mlirOperationGetOperand(d, 1));
}

/* The !fly.ptr of a memref value (the make_view's pointer operand). */
static MlirValue memref_base(lower_ctx *lc, MlirValue m) {
    MlirOperation d = def_op(m);
    char name[64];
    if (mlirOperationIsNull(d) || !fly_ir_op_is(d, "fly.make_view")) {
        fly_lower_fail(lc, "a memref defined by %s cannot be lowered (expected fly.make_view)",
                       producer(m, name, sizeof name));
        return (MlirValue){NULL};
    }
    return mlirOperationGetOperand(d, 0);
}

/* The swizzle part of memref m (swz->on false for a plain memref) and its offset as a sym: static in the type, or
 * the offset operand of the fly.make_composed_layout its view was made with. */
static bool swz_parts(lower_ctx *lc, MlirValue m, fly_ir_swz *swz, sym *off) {
    fly_ir_ptr_info p;
    if (fly_ir_decode_memref_swz(mlirValueGetType(m), &p, NULL, swz, &lc->err)) {
        lc->failed = true;
        return false;
    }
    *off = sym_c(0);
    if (!swz->on) return true;
    if (swz->off.n[0].kind == FLY_IT_INT) {
        *off = sym_c(swz->off.n[0].v);
        return true;
    }
    MlirOperation d = def_op(m);
    MlirOperation l = !mlirOperationIsNull(d) && fly_ir_op_is(d, "fly.make_view")
                          ? def_op(mlirOperationGetOperand(d, 1))
                          : (MlirOperation){NULL};
    if (mlirOperationIsNull(l) || !fly_ir_op_is(l, "fly.make_composed_layout"))
        return fly_lower_fail(lc, "a swizzled view with a runtime offset must be fly.make_view of "
                                  "fly.make_composed_layout");
    fly_inttuple o;
    if (!tuple_leaves(lc, mlirOperationGetOperand(l, 1), &o)) return false;
    *off = fly_lower_leaf(lc, o.n);
    return !lc->failed;
}

static MlirType llvm_ptr_type(MlirContext ctx, int as) {
    char s[32];
    if (as) snprintf(s, sizeof s, "!llvm.ptr<%d>", as);
    else snprintf(s, sizeof s, "!llvm.ptr");
    return mlirTypeParseGet(ctx, fly_ir_sref(s));
}

static MlirValue cast(lower_ctx *lc, MlirValue v, MlirType to) {
    return fly_ir_res0(fly_lower_emit(lc, "builtin.unrealized_conversion_cast", 1, &v, to, 0, NULL));
}

/* The LLVM pointer behind a !fly.ptr value. */
static MlirValue llvm_ptr(lower_ctx *lc, MlirValue p, fly_ir_ptr_info *info) {
    if (fly_ir_decode_ptr(mlirValueGetType(p), info, &lc->err)) {
        lc->failed = true;
        return (MlirValue){NULL};
    }
    MlirOperation d = def_op(p);
    if (!mlirOperationIsNull(d) && fly_ir_op_is(d, "builtin.unrealized_conversion_cast") &&
        mlirOperationGetNumOperands(d) == 1)
        return mlirOperationGetOperand(d, 0);
    return cast(lc, p, llvm_ptr_type(lc->ctx, fly_ir_addrspace_llvm(info->as)));
}

/* An element type LLVM understands for address arithmetic (fp8 and friends as iN). */
static MlirType llvm_elem(MlirContext ctx, MlirType e) {
    if (mlirTypeIsAFloat(e) && !mlirTypeIsAF16(e) && !mlirTypeIsABF16(e) && !mlirTypeIsAF32(e) && !mlirTypeIsAF64(e))
        return mlirIntegerTypeGet(ctx, mlirFloatTypeGetWidth(e));
    return e;
}

/* t with a float element type LLVM cannot load or store (fp8 and friends) replaced by iN (scalars and
 * vectors); t itself otherwise. */
static MlirType llvm_bits(MlirContext ctx, MlirType t) {
    if (mlirTypeIsAVector(t)) {
        MlirType e = mlirShapedTypeGetElementType(t), le = llvm_elem(ctx, e);
        if (mlirTypeEqual(e, le)) return t;
        int64_t n = mlirShapedTypeGetDimSize(t, 0);
        return mlirShapedTypeGetRank(t) == 1 ? mlirVectorTypeGet(1, &n, le) : t;
    }
    return llvm_elem(ctx, t);
}

/* v as the type to_t by an arith.bitcast, when the types differ (an fp8 value and its iN bits). */
static MlirValue bits_cast(lower_ctx *lc, MlirValue v, MlirType to_t) {
    if (mlirTypeEqual(mlirValueGetType(v), to_t)) return v;
    return fly_ir_res0(fly_lower_emit(lc, "arith.bitcast", 1, &v, to_t, 0, NULL));
}

/* llvm.store of v (fp8 values stored as their bits) at pointer p. */
static void store_value(lower_ctx *lc, MlirValue v, MlirValue p, MlirNamedAttribute al) {
    MlirValue ops[2] = {bits_cast(lc, v, llvm_bits(lc->ctx, mlirValueGetType(v))), p};
    fly_lower_emit(lc, "llvm.store", 2, ops, fly_ir_type_null(), 1, &al);
}

/* llvm.load of a value of type t at pointer p (fp8 values loaded as their bits). */
static MlirValue load_value(lower_ctx *lc, MlirValue p, MlirType t, MlirNamedAttribute al) {
    MlirValue r = fly_ir_res0(fly_lower_emit(lc, "llvm.load", 1, &p, llvm_bits(lc->ctx, t), 1, &al));
    return bits_cast(lc, r, t);
}

static MlirValue gep(lower_ctx *lc, MlirValue p, sym off, MlirType elem) {
    if (sym_static(off) && off.c == 0) return p;
    MlirValue ops[2] = {p, fly_sym_value(lc, off, lc->ity)};
    int32_t dyn = INT32_MIN;
    MlirNamedAttribute a[2] = {
        fly_ir_named(lc->ctx, "rawConstantIndices", mlirDenseI32ArrayGet(lc->ctx, 1, &dyn)),
        fly_ir_named(lc->ctx, "elem_type", mlirTypeAttrGet(llvm_elem(lc->ctx, elem))),
    };
    return fly_ir_res0(fly_lower_emit(lc, "llvm.getelementptr", 2, ops, mlirValueGetType(p), 2, a));
}

static MlirNamedAttribute align_attr(lower_ctx *lc, int64_t bytes) {
    return fly_ir_named(lc->ctx, "alignment", mlirIntegerAttrGet(mlirIntegerTypeGet(lc->ctx, 64), bytes));
}

static int64_t elem_align(const fly_ir_ptr_info *p) {
    int bits = fly_ir_elem_bits(p->elem);
    return bits >= 8 ? bits / 8 : 1;
}

/* ---- results ---- */

static void fill_builder(lower_ctx *lc, fly_ir_builder *b) {
    fly_ir_builder_init(b, lc->ctx, lc->block, lc->before);
    b->loc = lc->loc;
}

/* A carrier of type rt whose leaves (all of them, pre-order) are leaves[0..n). */
static MlirValue tuple_result(lower_ctx *lc, MlirType rt, const sym *leaves, int n) {
    fly_inttuple t;
    if (fly_ir_decode_int_tuple(rt, &t, &lc->err)) {
        lc->failed = true;
        return (MlirValue){NULL};
    }
    MlirValue dyn[MAXV];
    int k = 0, j = 0;
    for (int i = 0; i < fly_inttuple_nodes(&t); i++) {
        const fly_itnode *nd = &t.n[i];
        if (nd->kind == FLY_IT_TUPLE) continue;
        if (j >= n) {
            fly_lower_fail(lc, "the result type has more leaves than computed");
            return (MlirValue){NULL};
        }
        sym s = leaves[j++];
        if (nd->kind == FLY_IT_DYN)
            dyn[k++] = fly_sym_value(lc, s, mlirIntegerTypeGet(lc->ctx, (nd->flags & FLY_IT_F_I64) ? 64 : 32));
    }
    if (j != n) {
        fly_lower_fail(lc, "the result type has fewer leaves than computed");
        return (MlirValue){NULL};
    }
    fly_ir_builder b;
    fill_builder(lc, &b);
    MlirValue v = fly_ir_build_int_tuple(&b, NULL, &t, dyn);
    if (mlirValueIsNull(v)) fly_lower_fail(lc, "%s", b.err.message);
    return v;
}

/* A carrier for a tuple computed by lib/layout whose dynamic leaves carry bound handles. */
static MlirValue tuple_from_handles(lower_ctx *lc, const fly_inttuple *res) {
    MlirValue dyn[MAXV];
    int k = 0;
    for (int i = 0; i < fly_inttuple_nodes(res); i++)
        if (res->n[i].kind == FLY_IT_DYN) {
            sym s = fly_lower_leaf(lc, &res->n[i]);
            if (lc->failed) return (MlirValue){NULL};
            dyn[k++] = fly_sym_value(lc, s, mlirIntegerTypeGet(lc->ctx, (res->n[i].flags & FLY_IT_F_I64) ? 64 : 32));
        }
    fly_ir_builder b;
    fill_builder(lc, &b);
    MlirValue v = fly_inttuple_is_static(res) ? fly_ir_build_static(&b, fly_ir_int_tuple_type(lc->ctx, res))
                                              : fly_ir_build_int_tuple(&b, NULL, res, dyn);
    if (mlirValueIsNull(v)) fly_lower_fail(lc, "%s", b.err.message);
    return v;
}

static MlirValue layout_from_handles(lower_ctx *lc, const fly_layout *res) {
    MlirValue s = tuple_from_handles(lc, &res->shape);
    MlirValue d = lc->failed ? s : tuple_from_handles(lc, &res->stride);
    if (lc->failed) return (MlirValue){NULL};
    fly_ir_builder b;
    fill_builder(lc, &b);
    MlirValue v = fly_ir_build_make_layout(&b, s, d);
    if (mlirValueIsNull(v)) fly_lower_fail(lc, "%s", b.err.message);
    return v;
}

static MlirValue make_view(lower_ctx *lc, MlirValue ptr, MlirValue layout) {
    fly_ir_builder b;
    fill_builder(lc, &b);
    MlirValue v = fly_ir_build_make_view(&b, ptr, layout);
    if (mlirValueIsNull(v)) fly_lower_fail(lc, "%s", b.err.message);
    return v;
}

/* ---- op lowerings (return the replacement of result 0, or null for none) ---- */

static const fly_itnode *single_leaf(const fly_inttuple *t) {
    const fly_itnode *leaf = NULL;
    for (int i = 0; i < fly_inttuple_nodes(t); i++)
        if (t->n[i].kind != FLY_IT_TUPLE) {
            if (leaf) return NULL;
            leaf = &t->n[i];
        }
    return leaf;
}

static MlirValue lower_make_layout(lower_ctx *lc, MlirOperation op, MlirType rt) {
    fly_inttuple s;
    if (!tuple_leaves(lc, mlirOperationGetOperand(op, 0), &s)) return (MlirValue){NULL};
    /* compact column-major strides: exclusive prefix products of the shape's leaves */
    sym strides[MAXV], acc = sym_c(1);
    int n = 0;
    int leaves = 0;
    for (int i = 0; i < fly_inttuple_nodes(&s); i++) leaves += s.n[i].kind != FLY_IT_TUPLE;
    for (int i = 0; i < fly_inttuple_nodes(&s); i++)
        if (s.n[i].kind != FLY_IT_TUPLE) {
            strides[n++] = acc;
            if (n < leaves) acc = fly_sym_mul(lc, acc, fly_lower_leaf(lc, &s.n[i]));
        }
    fly_layout R;
    if (fly_ir_decode_layout(rt, &R, &lc->err)) {
        lc->failed = true;
        return (MlirValue){NULL};
    }
    MlirValue d = tuple_result(lc, fly_ir_int_tuple_type(lc->ctx, &R.stride), strides, n);
    if (lc->failed) return d;
    fly_ir_builder b;
    fill_builder(lc, &b);
    return fly_ir_build_make_layout(&b, mlirOperationGetOperand(op, 0), d);
}

typedef fly_status (*lop)(const fly_layout *, const fly_layout *, fly_layout *, fly_error *);
typedef fly_status (*top)(const fly_layout *, const fly_tile *, fly_layout *, fly_error *);

static bool algebra_fns(const char *name, lop *l, top *t) {
    static const struct {
        const char *name;
        lop l;
        top t;
    } fns[] = {
        {"fly.composition", fly_layout_composition, fly_layout_composition_tile},
        {"fly.logical_divide", fly_layout_logical_divide, fly_layout_logical_divide_tile},
        {"fly.zipped_divide", fly_layout_zipped_divide, fly_layout_zipped_divide_tile},
        {"fly.tiled_divide", fly_layout_tiled_divide, fly_layout_tiled_divide_tile},
        {"fly.logical_product", fly_layout_logical_product, fly_layout_logical_product_tile},
    };
    for (size_t i = 0; i < sizeof fns / sizeof fns[0]; i++)
        if (strcmp(fns[i].name, name) == 0) {
            *l = fns[i].l;
            *t = fns[i].t;
            return true;
        }
    return false;
}

/* Layout (or memref) algebra with a dynamic result: lib/layout rearranges bound leaves. */
static MlirValue lower_algebra(lower_ctx *lc, MlirOperation op, const char *name) {
    MlirValue a = mlirOperationGetOperand(op, 0);
    fly_layout A, R;
    if (!layout_leaves(lc, a, &A)) return (MlirValue){NULL};
    if (fly_ir_type_kind(mlirValueGetType(a)) == FLY_IR_MEMREF) {
        fly_ir_swz swz;
        sym off;
        if (!swz_parts(lc, a, &swz, &off)) return (MlirValue){NULL};
        if (swz.on) {
            fly_lower_fail(lc, "%s of a swizzled view is not supported (divide its outer layout)", name);
            return (MlirValue){NULL};
        }
    }
    fly_status st;
    lop l;
    top t;
    if (strcmp(name, "fly.coalesce") == 0) {
        st = fly_layout_coalesce(&A, &R, &lc->err);
    } else if (strcmp(name, "fly.right_inverse") == 0) {
        st = fly_layout_right_inverse(&A, &R, &lc->err);
    } else if (strcmp(name, "fly.complement") == 0) {
        fly_inttuple cs;
        int64_t cot = 1;
        st = FLY_OK;
        if (mlirOperationGetNumOperands(op) == 2) {
            st = tuple_leaves(lc, mlirOperationGetOperand(op, 1), &cs) ? FLY_OK : FLY_E_DYNAMIC;
            if (!st && fly_inttuple_product_static(&cs, &cot, NULL))
                st = fly_lower_fail(lc, "complement with a dynamic codomain size is not supported") ? FLY_OK
                                                                                                    : FLY_E_DYNAMIC;
        }
        if (!st) st = fly_layout_complement(&A, cot, &R, &lc->err);
    } else if (algebra_fns(name, &l, &t)) {
        MlirType bt = mlirValueGetType(mlirOperationGetOperand(op, 1));
        if (fly_ir_type_kind(bt) == FLY_IR_TILE) {
            fly_tile *T = malloc(sizeof *T);
            st = T ? fly_ir_decode_tile(bt, T, &lc->err) : FLY_E_CAPACITY;
            if (!st) st = t(&A, T, &R, &lc->err);
            free(T);
        } else {
            fly_layout B;
            st = layout_leaves(lc, mlirOperationGetOperand(op, 1), &B) ? FLY_OK : FLY_E_DYNAMIC;
            if (!st) st = l(&A, &B, &R, &lc->err);
        }
    } else {
        st = fly_lower_fail(lc, "no lowering for %s", name) ? FLY_OK : FLY_E_INVALID;
    }
    if (st) {
        lc->failed = true;
        return (MlirValue){NULL};
    }
    MlirValue layout = layout_from_handles(lc, &R);
    if (lc->failed) return layout;
    if (fly_ir_type_kind(mlirValueGetType(a)) == FLY_IR_MEMREF) return make_view(lc, memref_base(lc, a), layout);
    return layout;
}

/* fly.make_composed_layout(swizzle, offset, layout) carrying the layout of a swizzled memref of type mt. */
static MlirValue swz_layout(lower_ctx *lc, MlirType mt, sym off, MlirValue layout) {
    fly_ir_ptr_info p;
    fly_ir_swz swz;
    fly_layout L;
    if (fly_ir_decode_memref_swz(mt, &p, &L, &swz, &lc->err)) {
        lc->failed = true;
        return (MlirValue){NULL};
    }
    fly_composed *c = malloc(sizeof *c);
    if (!c || fly_composed_make_swizzle(c, &swz.sw, &swz.off, &L, &lc->err)) {
        free(c);
        fly_lower_fail(lc, "%s", c ? lc->err.message : "out of memory");
        return (MlirValue){NULL};
    }
    MlirType ct = fly_ir_composed_type(lc->ctx, c);
    free(c);
    fly_ir_builder b;
    fill_builder(lc, &b);
    MlirValue ops[3] = {fly_ir_build_static(&b, fly_ir_swizzle_type(lc->ctx, &swz.sw)),
                        tuple_result(lc, fly_ir_int_tuple_type(lc->ctx, &swz.off), &off, 1), layout};
    if (lc->failed || mlirValueIsNull(ops[0])) return (MlirValue){NULL};
    return fly_ir_res0(fly_lower_emit(lc, "fly.make_composed_layout", 3, ops, ct, 0, NULL));
}

/* A slice of a swizzled memref: the same pointer, the offset moved by the fixed part, the outer sliced. */
static MlirValue lower_slice_swz(lower_ctx *lc, MlirOperation op, const fly_inttuple *c, const fly_layout *L,
                                 const fly_layout *R, sym off) {
    MlirValue x = mlirOperationGetOperand(op, 0);
    MlirValue base = memref_base(lc, x);
    MlirValue layout = lc->failed ? base : layout_from_handles(lc, R);
    if (lc->failed) return layout;
    off = fly_sym_add(lc, off, fly_lower_crd2idx(lc, c->n, L->shape.n, L->stride.n));
    MlirValue cl = swz_layout(lc, mlirValueGetType(fly_ir_res0(op)), off, layout);
    return lc->failed ? cl : make_view(lc, base, cl);
}

static MlirValue lower_slice(lower_ctx *lc, MlirOperation op) {
    MlirValue x = mlirOperationGetOperand(op, 0);
    fly_inttuple c;
    if (!tuple_leaves(lc, mlirOperationGetOperand(op, 1), &c)) return (MlirValue){NULL};
    fly_ir_kind k = fly_ir_type_kind(mlirValueGetType(x));
    if (k == FLY_IR_INT_TUPLE) {
        fly_inttuple t, r;
        if (!tuple_leaves(lc, x, &t)) return (MlirValue){NULL};
        if (fly_inttuple_slice(&c, &t, &r, &lc->err)) {
            lc->failed = true;
            return (MlirValue){NULL};
        }
        return tuple_from_handles(lc, &r);
    }
    fly_layout L, R;
    if (!layout_leaves(lc, x, &L)) return (MlirValue){NULL};
    if (fly_layout_slice(&L, &c, &R, &lc->err)) {
        lc->failed = true;
        return (MlirValue){NULL};
    }
    fly_ir_swz swz;
    sym soff;
    if (k == FLY_IR_MEMREF && !swz_parts(lc, x, &swz, &soff)) return (MlirValue){NULL};
    if (k == FLY_IR_MEMREF && swz.on) return lower_slice_swz(lc, op, &c, &L, &R, soff);
    MlirValue layout = layout_from_handles(lc, &R);
    if (k != FLY_IR_MEMREF || lc->failed) return layout;
    fly_ir_ptr_info p;
    MlirValue base = memref_base(lc, x);
    if (lc->failed) return base;
    MlirValue lp = llvm_ptr(lc, base, &p);
    sym off = fly_lower_crd2idx(lc, c.n, L.shape.n, L.stride.n);
    MlirValue np = gep(lc, lp, off, p.elem);
    fly_ir_ptr_info rp;
    fly_layout rl;
    if (fly_ir_decode_memref(mlirValueGetType(fly_ir_res0(op)), &rp, &rl, &lc->err)) {
        lc->failed = true;
        return (MlirValue){NULL};
    }
    return make_view(lc, cast(lc, np, fly_ir_ptr_type(lc->ctx, &rp)), layout);
}

/* The address of coordinate `crd` in memref m, with the memref's pointer info. */
static MlirValue element_ptr(lower_ctx *lc, MlirValue m, MlirValue crd, fly_ir_ptr_info *p) {
    fly_layout L;
    fly_inttuple c;
    MlirValue base = memref_base(lc, m);
    if (lc->failed || !layout_leaves(lc, m, &L) || !tuple_leaves(lc, crd, &c)) return (MlirValue){NULL};
    fly_ir_swz swz;
    sym off;
    if (!swz_parts(lc, m, &swz, &off)) return (MlirValue){NULL};
    MlirValue lp = llvm_ptr(lc, base, p);
    if (lc->failed) return lp;
    sym at = fly_lower_crd2idx(lc, c.n, L.shape.n, L.stride.n);
    if (swz.on) at = fly_sym_swizzle(lc, fly_sym_add(lc, off, at), &swz.sw); /* the swizzle of the final offset */
    return gep(lc, lp, at, p->elem);
}

static bool is_shared_ptr(MlirType t) {
    fly_ir_ptr_info p;
    fly_error e;
    return !fly_ir_decode_ptr(t, &p, &e) && p.as == FLY_AS_SHARED;
}

static int64_t dict_int(MlirOperation op, const char *key) {
    MlirAttribute d = mlirOperationGetAttributeByName(op, fly_ir_sref("dictAttrs"));
    MlirAttribute v = mlirAttributeIsNull(d) ? d : mlirDictionaryAttrGetElementByName(d, fly_ir_sref(key));
    return mlirAttributeIsNull(v) || !mlirAttributeIsAInteger(v) ? 0 : mlirIntegerAttrGetValueInt(v);
}

/* The address of LDS memref g (memref.extract_aligned_pointer_as_index, llvm.inttoptr) as pointer type rt. */
static MlirValue memref_address(lower_ctx *lc, MlirValue g, MlirType rt) {
    MlirValue x = fly_ir_res0(
        fly_lower_emit(lc, "memref.extract_aligned_pointer_as_index", 1, &g, mlirIndexTypeGet(lc->ctx), 0, NULL));
    MlirValue i = fly_ir_res0(fly_lower_emit(lc, "arith.index_cast", 1, &x, mlirIntegerTypeGet(lc->ctx, 64), 0, NULL));
    MlirValue lp = fly_ir_res0(fly_lower_emit(lc, "llvm.inttoptr", 1, &i, llvm_ptr_type(lc->ctx, 3), 0, NULL));
    return cast(lc, lp, rt);
}

/* fly.make_ptr {allocBytes, allocAlign} of a shared pointer (a static LDS allocation): a new LDS global
 * @__flyi_lds_<n> (memref.global of allocBytes i8 in address space 3, first in the enclosing module) and its
 * address (memref.get_global, extract_aligned_pointer_as_index, llvm.inttoptr), cast to the pointer type rt. */
static MlirValue lower_shared_alloc(lower_ctx *lc, MlirOperation op, MlirType rt) {
    int64_t bytes = dict_int(op, "allocBytes"), align = dict_int(op, "allocAlign");
    MlirOperation mod = mlirOperationGetParentOperation(op);
    while (!mlirOperationIsNull(mod) && !fly_ir_op_is(mod, "gpu.module") && !fly_ir_op_is(mod, "builtin.module"))
        mod = mlirOperationGetParentOperation(mod);
    if (mlirOperationIsNull(mod) || bytes <= 0 || align <= 0) {
        fly_lower_fail(lc, "a shared make_ptr needs allocBytes and allocAlign, inside a module");
        return (MlirValue){NULL};
    }
    MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(mod, 0));
    int n = 0; /* the globals made so far: the next name */
    for (MlirOperation g = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(g);
         g = mlirOperationGetNextInBlock(g))
        if (fly_ir_op_is(g, "memref.global")) {
            MlirAttribute sn = mlirOperationGetAttributeByName(g, fly_ir_sref("sym_name"));
            MlirStringRef r = mlirAttributeIsNull(sn) ? fly_ir_sref("") : mlirStringAttrGetValue(sn);
            if (r.length > 11 && !memcmp(r.data, "__flyi_lds_", 11)) n++;
        }
    char sym[48], mts[64];
    snprintf(sym, sizeof sym, "__flyi_lds_%d", n);
    snprintf(mts, sizeof mts, "memref<%lldxi8, 3>", (long long)bytes);
    MlirType mt = mlirTypeParseGet(lc->ctx, fly_ir_sref(mts));
    MlirNamedAttribute ga[5] = {
        fly_ir_named(lc->ctx, "sym_name", mlirStringAttrGet(lc->ctx, fly_ir_sref(sym))),
        fly_ir_named(lc->ctx, "sym_visibility", mlirStringAttrGet(lc->ctx, fly_ir_sref("private"))),
        fly_ir_named(lc->ctx, "type", mlirTypeAttrGet(mt)),
        fly_ir_named(lc->ctx, "initial_value", mlirUnitAttrGet(lc->ctx)),
        align_attr(lc, align),
    };
    MlirOperationState st = mlirOperationStateGet(fly_ir_sref("memref.global"), lc->loc);
    mlirOperationStateAddAttributes(&st, 5, ga);
    mlirBlockInsertOwnedOperation(body, 0, mlirOperationCreate(&st));
    MlirNamedAttribute ref = fly_ir_named(lc->ctx, "name", mlirFlatSymbolRefAttrGet(lc->ctx, fly_ir_sref(sym)));
    MlirValue g = fly_ir_res0(fly_lower_emit(lc, "memref.get_global", 0, NULL, mt, 1, &ref));
    return memref_address(lc, g, rt);
}

/* fly.decomposition of a swizzled memref: a plain view over its outer layout from pointer + S(off). */
static MlirValue lower_decomposition(lower_ctx *lc, MlirOperation op) {
    MlirValue m = mlirOperationGetOperand(op, 0);
    fly_ir_swz swz;
    sym off;
    fly_layout L;
    MlirValue base = memref_base(lc, m);
    if (lc->failed || !swz_parts(lc, m, &swz, &off) || !layout_leaves(lc, m, &L)) return (MlirValue){NULL};
    MlirValue layout = layout_from_handles(lc, &L);
    if (lc->failed || !swz.on) return lc->failed ? layout : make_view(lc, base, layout);
    fly_ir_ptr_info p, rp;
    fly_layout rl;
    MlirValue lp = llvm_ptr(lc, base, &p);
    if (lc->failed) return lp;
    MlirValue np = gep(lc, lp, fly_sym_swizzle(lc, off, &swz.sw), p.elem);
    if (fly_ir_decode_memref(mlirValueGetType(fly_ir_res0(op)), &rp, &rl, &lc->err)) {
        lc->failed = true;
        return (MlirValue){NULL};
    }
    return make_view(lc, cast(lc, np, fly_ir_ptr_type(lc->ctx, &rp)), layout);
}

#define MAX_RUN 16

/* The length of the runs of consecutive elements of a layout with dynamic strides: the first mode of its
 * coalesced form C (or of L) when that has a static extent dividing size (at most MAX_RUN) and stride 1;
 * 1 when there is none. coalesce keeps L(i) for every index i, so C's runs are L's. */
static int64_t contiguous_run(const fly_layout *C, const fly_layout *L, int64_t size) {
    const fly_layout *cands[2] = {C, L};
    for (int c = 0; c < 2; c++) {
        fly_layout F;
        if (fly_layout_flatten(cands[c], &F, NULL)) continue;
        const fly_itnode *s0 = fly_inttuple_is_leaf(&F.shape) ? F.shape.n : fly_itnode_child(F.shape.n, 0);
        const fly_itnode *d0 = fly_inttuple_is_leaf(&F.stride) ? F.stride.n : fly_itnode_child(F.stride.n, 0);
        for (int64_t k = MAX_RUN; s0->kind == FLY_IT_INT && d0->kind == FLY_IT_INT && d0->v == 1 && k > 1; k /= 2)
            if (s0->v % k == 0 && size % k == 0) return k;
    }
    return 1;
}

static MlirValue lower_load_vec(lower_ctx *lc, MlirOperation op, bool store) {
    MlirValue m = mlirOperationGetOperand(op, store ? 1 : 0);
    fly_layout L, C;
    fly_ir_ptr_info p;
    MlirValue base = memref_base(lc, m);
    if (lc->failed || !layout_leaves(lc, m, &L)) return (MlirValue){NULL};
    int64_t size;
    if (fly_layout_size_static(&L, &size, NULL) || fly_layout_coalesce(&L, &C, NULL)) {
        fly_lower_fail(lc, "vector loads and stores need a static size (the layout's shape has dynamic extents)");
        return (MlirValue){NULL};
    }
    fly_ir_swz swz;
    sym soff;
    if (!swz_parts(lc, m, &swz, &soff)) return (MlirValue){NULL};
    MlirValue lp = llvm_ptr(lc, base, &p);
    if (lc->failed) return lp;
    MlirType vt = mlirVectorTypeGet(1, &size, p.elem);
    MlirNamedAttribute al = align_attr(lc, p.align > 0 ? p.align : elem_align(&p));
    int64_t s0 = 0, d0 = 0;
    /* a swizzled view goes element by element, each at the swizzle of its offset */
    bool contiguous = !swz.on && fly_inttuple_is_leaf(&C.shape) && C.shape.n[0].kind == FLY_IT_INT &&
                      C.stride.n[0].kind == FLY_IT_INT && ((s0 = C.shape.n[0].v) == 1 || (d0 = C.stride.n[0].v) == 1);
    (void)s0;
    (void)d0;
    if (contiguous) {
        if (store) {
            store_value(lc, mlirOperationGetOperand(op, 0), lp, al);
            return (MlirValue){NULL};
        }
        return load_value(lc, lp, vt, al);
    }
    /* element by element */
    MlirValue *elems = malloc(sizeof(MlirValue) * (size_t)size);
    if (!elems) {
        fly_lower_fail(lc, "out of memory");
        return (MlirValue){NULL};
    }
    MlirNamedAttribute eal = align_attr(lc, elem_align(&p));
    bool dyn = !fly_layout_is_static(&L);
    /* dynamic strides: runs of the first (coalesced) mode with static stride 1 move as short vectors */
    int64_t chunk = dyn && !swz.on ? contiguous_run(&C, &L, size) : 1;
    MlirType ct = mlirVectorTypeGet(1, &chunk, p.elem);
    for (int64_t i = 0; i < size && !lc->failed; i += chunk) {
        sym off;
        if (dyn) {
            /* the offset of column-major index i, folded where it can be */
            fly_itnode leaf = {0};
            leaf.kind = FLY_IT_INT;
            leaf.span = 1;
            leaf.v = i;
            off = fly_lower_crd2idx(lc, &leaf, L.shape.n, L.stride.n);
        } else {
            int64_t o;
            fly_layout_eval(&L, i, &o, NULL);
            off = sym_c(o);
        }
        if (swz.on) off = fly_sym_swizzle(lc, fly_sym_add(lc, soff, off), &swz.sw);
        MlirValue ep = gep(lc, lp, off, p.elem);
        MlirValue run = {NULL}, lanes[MAX_RUN];
        if (!store && chunk > 1) run = load_value(lc, ep, ct, eal);
        for (int64_t l = 0; l < chunk; l++) {
            int64_t at = store ? i + l : l;
            MlirNamedAttribute pos = fly_ir_named(lc->ctx, "static_position", mlirDenseI64ArrayGet(lc->ctx, 1, &at));
            MlirValue src = store ? mlirOperationGetOperand(op, 0) : run;
            if (store) lanes[l] = fly_ir_res0(fly_lower_emit(lc, "vector.extract", 1, &src, p.elem, 1, &pos));
            else if (chunk > 1)
                elems[i + l] = fly_ir_res0(fly_lower_emit(lc, "vector.extract", 1, &src, p.elem, 1, &pos));
            else elems[i] = load_value(lc, ep, p.elem, eal);
        }
        if (store) {
            MlirValue val =
                chunk > 1 ? fly_ir_res0(fly_lower_emit(lc, "vector.from_elements", (int)chunk, lanes, ct, 0, NULL))
                          : lanes[0];
            store_value(lc, val, ep, eal);
        }
    }
    MlirValue r = {NULL};
    if (!store) r = fly_ir_res0(fly_lower_emit(lc, "vector.from_elements", (int)size, elems, vt, 0, NULL));
    free(elems);
    return r;
}

/* ---- fly.print: records in the printf buffer (lib/runtime/printf.h has the layout) ----
 *
 * The function gets a trailing hidden argument (!llvm.ptr<1>, attribute fly.printf_arg = its
 * index) pointing to the buffer {u32 head, u32 cap, u32 lost, u32 pad, data[cap]}. Each print
 * reserves 8 + 8*nargs bytes with an atomic add on head and, when it fits, writes {u32 format id,
 * u32 size, one 64-bit slot per argument}; otherwise it counts itself in lost. The format table is
 * the function's attribute fly.printf = ["<kinds>:<text>", ...] (kind per slot: i signed, u
 * unsigned, b bool, f float), text with Python-style {} / {:spec} placeholders. */

#define PRINT_MAX_ARGS 60

typedef struct print_args {
    MlirValue v[PRINT_MAX_ARGS]; /* i64 or f64 */
    char kinds[PRINT_MAX_ARGS + 1];
    int n;
} print_args;

static void print_push(lower_ctx *lc, print_args *a, MlirValue v) {
    if (a->n >= PRINT_MAX_ARGS) {
        fly_lower_fail(lc, "fly.print: too many values");
        return;
    }
    MlirType t = mlirValueGetType(v);
    MlirType i64 = mlirIntegerTypeGet(lc->ctx, 64), f64 = mlirF64TypeGet(lc->ctx);
    char k;
    if (mlirTypeIsAFloat(t)) {
        k = 'f';
        if (!mlirTypeEqual(t, f64)) v = fly_ir_res0(fly_lower_emit(lc, "arith.extf", 1, &v, f64, 0, NULL));
    } else if (mlirTypeIsAIndex(t)) {
        k = 'i';
        v = fly_ir_res0(fly_lower_emit(lc, "arith.index_cast", 1, &v, i64, 0, NULL));
    } else if (mlirTypeIsAInteger(t)) {
        unsigned w = mlirIntegerTypeGetWidth(t);
        k = w == 1 ? 'b' : mlirIntegerTypeIsUnsigned(t) ? 'u' : 'i';
        if (mlirIntegerTypeIsUnsigned(t) || mlirIntegerTypeIsSigned(t)) {
            /* arith wants signless integers */
            MlirType sl = mlirIntegerTypeGet(lc->ctx, w);
            v = fly_ir_res0(fly_lower_emit(lc, "builtin.unrealized_conversion_cast", 1, &v, sl, 0, NULL));
        }
        if (w < 64) v = fly_ir_res0(fly_lower_emit(lc, k == 'i' ? "arith.extsi" : "arith.extui", 1, &v, i64, 0, NULL));
        else if (w > 64) v = fly_ir_res0(fly_lower_emit(lc, "arith.trunci", 1, &v, i64, 0, NULL));
    } else {
        char *ts = fly_ir_type_print(t);
        fly_lower_fail(lc, "fly.print: cannot print a value of type %s", ts ? ts : "?");
        free(ts);
        return;
    }
    a->kinds[a->n] = k;
    a->v[a->n++] = v;
}

/* Appends the text of an int tuple with a {} per dynamic leaf, pushing their values. */
static void print_tuple(lower_ctx *lc, fly_ir_buf *out, const fly_itnode *nd, print_args *a) {
    if (nd->kind == FLY_IT_TUPLE) {
        fly_ir_buf_puts(out, "(");
        for (int i = 0; i < nd->n; i++) {
            if (i) fly_ir_buf_puts(out, ",");
            print_tuple(lc, out, fly_itnode_child(nd, i), a);
        }
        fly_ir_buf_puts(out, ")");
    } else if (nd->kind == FLY_IT_DYN) {
        bool wide = nd->flags & FLY_IT_F_I64;
        fly_ir_buf_puts(out, "{}");
        print_push(lc, a, fly_sym_value(lc, fly_lower_leaf(lc, nd), mlirIntegerTypeGet(lc->ctx, wide ? 64 : 32)));
    } else {
        char leaf[64];
        fly_itnode_print(nd, leaf, sizeof leaf);
        fly_ir_buf_puts(out, leaf);
    }
}

/* The function (func.func / gpu.func) around op. */
static MlirOperation enclosing_func(MlirOperation op) {
    for (MlirOperation p = mlirOperationGetParentOperation(op); !mlirOperationIsNull(p);
         p = mlirOperationGetParentOperation(p))
        if (fly_ir_op_is(p, "func.func") || fly_ir_op_is(p, "gpu.func")) return p;
    return (MlirOperation){NULL};
}

/* The hidden printf buffer argument of fn, added (after the declared inputs) on first use. */
static MlirValue printf_buffer_arg(lower_ctx *lc, MlirOperation fn) {
    MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(fn, 0));
    MlirAttribute ia = mlirOperationGetAttributeByName(fn, fly_ir_sref("fly.printf_arg"));
    if (!mlirAttributeIsNull(ia)) return mlirBlockGetArgument(entry, (intptr_t)mlirIntegerAttrGetValueInt(ia));
    MlirAttribute fta = mlirOperationGetAttributeByName(fn, fly_ir_sref("function_type"));
    if (mlirAttributeIsNull(fta) || mlirBlockIsNull(entry)) {
        fly_lower_fail(lc, "fly.print: the enclosing function has no signature");
        return (MlirValue){NULL};
    }
    MlirType ft = mlirTypeAttrGetValue(fta);
    intptr_t nin = mlirFunctionTypeGetNumInputs(ft), nres = mlirFunctionTypeGetNumResults(ft);
    if (nin >= 255 || nres > 256) {
        fly_lower_fail(lc, "fly.print: too many function arguments");
        return (MlirValue){NULL};
    }
    MlirType ins[256], outs[256];
    for (intptr_t i = 0; i < nin; i++) ins[i] = mlirFunctionTypeGetInput(ft, i);
    for (intptr_t i = 0; i < nres; i++) outs[i] = mlirFunctionTypeGetResult(ft, i);
    ins[nin] = llvm_ptr_type(lc->ctx, 1);
    mlirOperationSetAttributeByName(fn, fly_ir_sref("function_type"),
                                    mlirTypeAttrGet(mlirFunctionTypeGet(lc->ctx, nin + 1, ins, nres, outs)));
    MlirAttribute aa = mlirOperationGetAttributeByName(fn, fly_ir_sref("arg_attrs"));
    if (!mlirAttributeIsNull(aa) && mlirAttributeIsAArray(aa)) {
        intptr_t n = mlirArrayAttrGetNumElements(aa);
        MlirAttribute *el = calloc((size_t)n + 1, sizeof *el);
        if (el) {
            for (intptr_t i = 0; i < n; i++) el[i] = mlirArrayAttrGetElement(aa, i);
            el[n] = mlirDictionaryAttrGet(lc->ctx, 0, NULL);
            mlirOperationSetAttributeByName(fn, fly_ir_sref("arg_attrs"), mlirArrayAttrGet(lc->ctx, n + 1, el));
            free(el);
        }
    }
    MlirValue arg = mlirBlockInsertArgument(entry, nin, ins[nin], mlirOperationGetLocation(fn));
    mlirOperationSetAttributeByName(fn, fly_ir_sref("fly.printf_arg"),
                                    mlirIntegerAttrGet(mlirIntegerTypeGet(lc->ctx, 32), nin));
    return arg;
}

/* Appends entry to fn's fly.printf table; returns its index (the format id). */
static int64_t printf_table_add(lower_ctx *lc, MlirOperation fn, const char *entry, size_t len) {
    MlirAttribute t = mlirOperationGetAttributeByName(fn, fly_ir_sref("fly.printf"));
    intptr_t n = mlirAttributeIsNull(t) ? 0 : mlirArrayAttrGetNumElements(t);
    MlirAttribute *el = calloc((size_t)n + 1, sizeof *el);
    if (!el) {
        fly_lower_fail(lc, "out of memory");
        return 0;
    }
    for (intptr_t i = 0; i < n; i++) el[i] = mlirArrayAttrGetElement(t, i);
    el[n] = mlirStringAttrGet(lc->ctx, mlirStringRefCreate(entry, len));
    mlirOperationSetAttributeByName(fn, fly_ir_sref("fly.printf"), mlirArrayAttrGet(lc->ctx, n + 1, el));
    free(el);
    return n;
}

static MlirValue iconst(lower_ctx *lc, int64_t c, int bits) {
    return fly_sym_value(lc, sym_c(c), mlirIntegerTypeGet(lc->ctx, (unsigned)bits));
}

/* buf + off bytes, as a pointer. */
static MlirValue byte_ptr(lower_ctx *lc, MlirValue p, MlirValue off) {
    MlirValue ops[2] = {p, off};
    int32_t dyn = INT32_MIN;
    MlirNamedAttribute a[2] = {
        fly_ir_named(lc->ctx, "rawConstantIndices", mlirDenseI32ArrayGet(lc->ctx, 1, &dyn)),
        fly_ir_named(lc->ctx, "elem_type", mlirTypeAttrGet(mlirIntegerTypeGet(lc->ctx, 8))),
    };
    return fly_ir_res0(fly_lower_emit(lc, "llvm.getelementptr", 2, ops, mlirValueGetType(p), 2, a));
}

static MlirValue atomic_add(lower_ctx *lc, MlirValue p, MlirValue v) {
    MlirValue ops[2] = {p, v};
    MlirNamedAttribute a[2] = {
        /* LLVM::AtomicBinOp::add, LLVM::AtomicOrdering::monotonic (I64 enum attributes) */
        fly_ir_named(lc->ctx, "bin_op", mlirIntegerAttrGet(mlirIntegerTypeGet(lc->ctx, 64), 1)),
        fly_ir_named(lc->ctx, "ordering", mlirIntegerAttrGet(mlirIntegerTypeGet(lc->ctx, 64), 2)),
    };
    return fly_ir_res0(fly_lower_emit(lc, "llvm.atomicrmw", 2, ops, mlirValueGetType(v), 2, a));
}

static void store_at(lower_ctx *lc, MlirValue v, MlirValue base, int64_t off, int64_t align) {
    MlirValue ops[2] = {v, off ? byte_ptr(lc, base, iconst(lc, off, 32)) : base};
    MlirNamedAttribute al = align_attr(lc, align);
    fly_lower_emit(lc, "llvm.store", 2, ops, fly_ir_type_null(), 1, &al);
}

/* An scf.if without results before lc->before; *then_blk / *else_blk receive their blocks,
 * each ending in scf.yield (returned in *then_end / *else_end). */
static void emit_if(lower_ctx *lc, MlirValue cond, MlirBlock *then_blk, MlirOperation *then_end, MlirBlock *else_blk,
                    MlirOperation *else_end) {
    MlirRegion r[2];
    MlirBlock *blks[2] = {then_blk, else_blk};
    MlirOperation *ends[2] = {then_end, else_end};
    for (int i = 0; i < 2; i++) {
        r[i] = mlirRegionCreate();
        *blks[i] = mlirBlockCreate(0, NULL, NULL);
        mlirRegionAppendOwnedBlock(r[i], *blks[i]);
        *ends[i] = fly_ir_op_create(lc->loc, "scf.yield", 0, NULL, 0, NULL, 0, NULL);
        mlirBlockAppendOwnedOperation(*blks[i], *ends[i]);
    }
    MlirOperationState st = mlirOperationStateGet(fly_ir_sref("scf.if"), lc->loc);
    mlirOperationStateAddOperands(&st, 1, &cond);
    mlirOperationStateAddOwnedRegions(&st, 2, r);
    fly_ir_op_insert(lc->block, lc->before, mlirOperationCreate(&st));
}

/* The device side of one print: reserve, then write the record or count it lost. */
static void emit_record(lower_ctx *lc, MlirValue buf, int64_t fmt_id, const print_args *a) {
    int64_t size = 8 + 8 * (int64_t)a->n;
    MlirValue sz = iconst(lc, size, 32);
    MlirValue head = atomic_add(lc, buf, sz);
    MlirValue ops[2] = {head, sz};
    MlirValue end = fly_ir_res0(fly_lower_emit(lc, "arith.addi", 2, ops, mlirValueGetType(sz), 0, NULL));
    MlirValue capp = byte_ptr(lc, buf, iconst(lc, 4, 32));
    MlirNamedAttribute al4 = align_attr(lc, 4);
    MlirValue cap = fly_ir_res0(fly_lower_emit(lc, "llvm.load", 1, &capp, mlirValueGetType(sz), 1, &al4));
    MlirValue cmp[2] = {end, cap};
    MlirNamedAttribute pred =
        fly_ir_named(lc->ctx, "predicate", mlirIntegerAttrGet(mlirIntegerTypeGet(lc->ctx, 64), 7 /* ule */));
    MlirValue fits = fly_ir_res0(fly_lower_emit(lc, "arith.cmpi", 2, cmp, mlirIntegerTypeGet(lc->ctx, 1), 1, &pred));
    MlirBlock tb, eb;
    MlirOperation te, ee;
    emit_if(lc, fits, &tb, &te, &eb, &ee);
    MlirBlock saved_blk = lc->block;
    MlirOperation saved_before = lc->before;
    lc->block = tb;
    lc->before = te;
    MlirValue off[2] = {head, iconst(lc, 16, 32)};
    MlirValue roff = fly_ir_res0(fly_lower_emit(lc, "arith.addi", 2, off, mlirValueGetType(sz), 0, NULL));
    MlirValue rec = byte_ptr(lc, buf, roff);
    store_at(lc, iconst(lc, fmt_id, 32), rec, 0, 8);
    store_at(lc, iconst(lc, size, 32), rec, 4, 4);
    for (int i = 0; i < a->n; i++) store_at(lc, a->v[i], rec, 8 + 8 * (int64_t)i, 8);
    lc->block = eb;
    lc->before = ee;
    atomic_add(lc, byte_ptr(lc, buf, iconst(lc, 8, 32)), iconst(lc, 1, 32));
    lc->block = saved_blk;
    lc->before = saved_before;
}

/* ---- fly.print in FlyDSL's form (the pass fly-layout-lowering-gpu-printf) ----
 *
 * FlyDSL's fly-layout-lowering turns a fly.print inside a gpu.func into gpu.printf with a C format ("%d" for
 * integers up to 32 bits, "%ld" wider ones and index, "%.2f" floats up to 32 bits, "%.2lf" wider; a vector's
 * elements "[%d, %d]"; a trailing newline) and elsewhere into a vector.print per piece. flyi's kernel pipeline
 * lowers fly.print into its printf buffer instead (above), which its runtimes read. */

static _Thread_local bool print_flydsl_form; /* set while fly-layout-lowering-gpu-printf runs */

/* v as FlyDSL's castPrintfArg (vec: castVectorElementPrintfArg) passes it, appending its conversion to fmt;
 * a null value for a type it cannot print. */
static MlirValue flydsl_print_cast(lower_ctx *lc, MlirValue v, fly_ir_buf *fmt, bool vec) {
    MlirType t = mlirValueGetType(v), i32 = mlirIntegerTypeGet(lc->ctx, 32), i64 = mlirIntegerTypeGet(lc->ctx, 64);
    MlirType f32 = mlirF32TypeGet(lc->ctx), f64 = mlirF64TypeGet(lc->ctx);
    if (mlirTypeIsAIndex(t) && !vec) {
        fly_ir_buf_puts(fmt, "%ld");
        return fly_ir_res0(fly_lower_emit(lc, "arith.index_cast", 1, &v, i64, 0, NULL));
    }
    if (mlirTypeIsAInteger(t)) {
        unsigned w = mlirIntegerTypeGetWidth(t);
        if (vec || w <= 32) {
            fly_ir_buf_puts(fmt, "%d");
            if (w < 32) return fly_ir_res0(fly_lower_emit(lc, "arith.extsi", 1, &v, i32, 0, NULL));
            return w > 32 ? fly_ir_res0(fly_lower_emit(lc, "arith.trunci", 1, &v, i32, 0, NULL)) : v;
        }
        fly_ir_buf_puts(fmt, "%ld");
        return w != 64 ? fly_ir_res0(fly_lower_emit(lc, "arith.extsi", 1, &v, i64, 0, NULL)) : v;
    }
    if (mlirTypeIsAFloat(t)) {
        unsigned w = mlirFloatTypeGetWidth(t);
        if (vec || w <= 32) {
            fly_ir_buf_puts(fmt, "%.2f");
            if (w < 32) return fly_ir_res0(fly_lower_emit(lc, "arith.extf", 1, &v, f32, 0, NULL));
            return w > 32 ? fly_ir_res0(fly_lower_emit(lc, "arith.truncf", 1, &v, f32, 0, NULL)) : v;
        }
        fly_ir_buf_puts(fmt, "%.2lf");
        return w != 64 ? fly_ir_res0(fly_lower_emit(lc, "arith.extf", 1, &v, f64, 0, NULL)) : v;
    }
    return (MlirValue){NULL};
}

/* One piece of the printed text: a value (its C format in text) or literal text. */
typedef struct flydsl_piece {
    MlirValue v; /* null: text */
    fly_ir_buf text;
} flydsl_piece;

static void flydsl_print_value(lower_ctx *lc, MlirValue v, flydsl_piece *pc, int *np) {
    MlirType t = mlirValueGetType(v);
    if (mlirTypeIsAVector(t) && mlirShapedTypeGetRank(t) == 1 && mlirShapedTypeHasStaticShape(t)) {
        int64_t n = mlirShapedTypeGetDimSize(t, 0);
        if (*np + 2 * n + 2 > PRINT_MAX_ARGS * 2) {
            fly_lower_fail(lc, "fly.print: too many values");
            return;
        }
        fly_ir_buf_puts(&pc[(*np)++].text, "[");
        for (int64_t i = 0; i < n && !lc->failed; i++) {
            if (i) fly_ir_buf_puts(&pc[(*np)++].text, ", ");
            char pos[48];
            snprintf(pos, sizeof pos, "array<i64: %lld>", (long long)i);
            MlirNamedAttribute sp =
                fly_ir_named(lc->ctx, "static_position", mlirAttributeParseGet(lc->ctx, fly_ir_sref(pos)));
            MlirValue e =
                fly_ir_res0(fly_lower_emit(lc, "vector.extract", 1, &v, mlirShapedTypeGetElementType(t), 1, &sp));
            flydsl_piece *p = &pc[(*np)++];
            p->v = flydsl_print_cast(lc, e, &p->text, true);
            if (mlirValueIsNull(p->v)) fly_lower_fail(lc, "fly.print: cannot print this vector's elements");
        }
        fly_ir_buf_puts(&pc[(*np)++].text, "]");
        return;
    }
    if (*np + 1 > PRINT_MAX_ARGS * 2) {
        fly_lower_fail(lc, "fly.print: too many values");
        return;
    }
    flydsl_piece *p = &pc[(*np)++];
    p->v = flydsl_print_cast(lc, v, &p->text, false);
    if (mlirValueIsNull(p->v)) {
        char *ts = fly_ir_type_print(t);
        fly_lower_fail(lc, "fly.print: cannot print a value of type %s", ts ? ts : "?");
        free(ts);
    }
}

static MlirNamedAttribute punct(lower_ctx *lc, const char *which) {
    char a[64];
    snprintf(a, sizeof a, "#vector.punctuation<%s>", which);
    return fly_ir_named(lc->ctx, "punctuation", mlirAttributeParseGet(lc->ctx, fly_ir_sref(a)));
}

static void lower_print_flydsl(lower_ctx *lc, MlirOperation op) {
    MlirStringRef f = mlirStringAttrGetValue(mlirOperationGetAttributeByName(op, fly_ir_sref("format")));
    flydsl_piece *pc = calloc(PRINT_MAX_ARGS * 2 + 4, sizeof *pc);
    if (!pc) {
        fly_lower_fail(lc, "out of memory");
        return;
    }
    int np = 0, next = 0, nops = (int)mlirOperationGetNumOperands(op);
    for (size_t i = 0; i < f.length && !lc->failed; i++) {
        char ch = f.data[i];
        if ((ch == '{' || ch == '}') && i + 1 < f.length && f.data[i + 1] == ch) i++; /* an escaped brace */
        else if (ch == '{' && next < nops) { /* "{}" or "{:spec}" */ size_t j = i + 1;
            while (j < f.length && f.data[j] != '}') j++;
            flydsl_print_value(lc, mlirOperationGetOperand(op, next++), pc, &np);
            i = j;
            continue;
        }
        if (np == 0 || !mlirValueIsNull(pc[np - 1].v)) np++; /* text after a value starts a piece */
        fly_ir_buf_add(&pc[np - 1].text, &ch, 1);
    }
    MlirOperation fn = enclosing_func(op);
    bool gpu = !mlirOperationIsNull(fn) && fly_ir_op_is(fn, "gpu.func");
    if (!lc->failed && gpu) {
        fly_ir_buf fmt = {0};
        MlirValue args[PRINT_MAX_ARGS * 2];
        int na = 0;
        for (int i = 0; i < np; i++) {
            if (pc[i].text.len) fly_ir_buf_add(&fmt, pc[i].text.data, pc[i].text.len);
            if (!mlirValueIsNull(pc[i].v)) args[na++] = pc[i].v;
        }
        fly_ir_buf_puts(&fmt, "\n");
        MlirNamedAttribute fa =
            fly_ir_named(lc->ctx, "format", mlirStringAttrGet(lc->ctx, mlirStringRefCreate(fmt.data, fmt.len)));
        fly_lower_emit(lc, "gpu.printf", na, args, fly_ir_type_null(), 1, &fa);
        fly_ir_buf_free(&fmt);
    } else if (!lc->failed) {
        for (int i = 0; i < np; i++) {
            if (!mlirValueIsNull(pc[i].v)) {
                MlirNamedAttribute pu = punct(lc, i == np - 1 ? "newline" : "no_punctuation");
                fly_lower_emit(lc, "vector.print", 1, &pc[i].v, fly_ir_type_null(), 1, &pu);
            } else if (pc[i].text.len) {
                MlirNamedAttribute at =
                    fly_ir_named( /* a string takes no punctuation */
                                 lc->ctx, "stringLiteral",
                                 mlirStringAttrGet(lc->ctx, mlirStringRefCreate(pc[i].text.data, pc[i].text.len)));
                fly_lower_emit(lc, "vector.print", 0, NULL, fly_ir_type_null(), 1, &at);
            }
        }
        if (np == 0 || mlirValueIsNull(pc[np - 1].v)) {
            MlirNamedAttribute pu = punct(lc, "newline");
            fly_lower_emit(lc, "vector.print", 0, NULL, fly_ir_type_null(), 1, &pu);
        }
    }
    for (int i = 0; i < PRINT_MAX_ARGS * 2 + 4; i++) fly_ir_buf_free(&pc[i].text);
    free(pc);
}

/* fly.print's "{}" format into a format table entry, with the values to record. */
static void lower_print(lower_ctx *lc, MlirOperation op) {
    if (print_flydsl_form) {
        lower_print_flydsl(lc, op);
        return;
    }
    MlirAttribute fa = mlirOperationGetAttributeByName(op, fly_ir_sref("format"));
    MlirStringRef f = mlirStringAttrGetValue(fa);
    fly_ir_buf out = {0};
    print_args *a = calloc(1, sizeof *a);
    if (!a) {
        fly_lower_fail(lc, "out of memory");
        return;
    }
    int next = 0, nops = (int)mlirOperationGetNumOperands(op);
    for (size_t i = 0; i < f.length && !lc->failed; i++) {
        char ch = f.data[i];
        if ((ch == '{' || ch == '}') && i + 1 < f.length && f.data[i + 1] == ch) {
            fly_ir_buf_add(&out, f.data + i, 2);
            i++;
        } else if (ch == '{' && i + 1 < f.length && (f.data[i + 1] == '}' || f.data[i + 1] == ':')) {
            size_t j = i + 1;
            while (j < f.length && f.data[j] != '}') j++;
            if (j >= f.length) {
                fly_lower_fail(lc, "fly.print: unterminated {");
                break;
            }
            if (next >= nops) {
                fly_lower_fail(lc, "fly.print: more {} than values");
                break;
            }
            MlirValue v = mlirOperationGetOperand(op, next++);
            if (fly_ir_type_kind(mlirValueGetType(v)) == FLY_IR_INT_TUPLE) {
                fly_inttuple it;
                if (!tuple_leaves(lc, v, &it)) break;
                print_tuple(lc, &out, it.n, a);
            } else {
                fly_ir_buf_add(&out, f.data + i, j - i + 1);
                print_push(lc, a, v);
            }
            i = j;
        } else {
            fly_ir_buf_add(&out, &ch, 1);
        }
    }
    MlirOperation fn = enclosing_func(op);
    if (!lc->failed && mlirOperationIsNull(fn)) fly_lower_fail(lc, "fly.print outside a function");
    if (!lc->failed) {
        MlirValue buf = printf_buffer_arg(lc, fn);
        fly_ir_buf entry = {0};
        fly_ir_buf_printf(&entry, "%s:%s", a->kinds, out.data ? out.data : "");
        int64_t id = printf_table_add(lc, fn, entry.data, entry.len);
        if (!lc->failed) emit_record(lc, buf, id, a);
        fly_ir_buf_free(&entry);
    }
    free(a);
    fly_ir_buf_free(&out);
}

/* Lowers one op; returns true when op must be erased (its result, if any, replaced by *repl). */
static bool lower_one(lower_ctx *lc, MlirOperation op, MlirValue *repl) {
    char name[64];
    fly_ir_op_name(op, name, sizeof name);
    const fly_ir_opdef *def = fly_ir_opdef_lookup(name, strlen(name));
    MlirType rt = mlirOperationGetNumResults(op) ? mlirValueGetType(fly_ir_res0(op)) : fly_ir_type_null();
    *repl = (MlirValue){NULL};
    if (is_tuple_carrier(op) || fly_ir_op_is(op, "fly.static") || fly_ir_op_is(op, "fly.make_view")) return false;
    if (fly_ir_op_is(op, "fly.make_layout")) {
        if (mlirOperationGetNumOperands(op) == 2 || fly_ir_type_is_static(rt)) return false;
        *repl = lower_make_layout(lc, op, rt);
        return true;
    }
    if (def && (def->flags & FLY_OP_FOLDABLE) && fly_ir_type_is_static(rt)) {
        fly_ir_builder b;
        fill_builder(lc, &b);
        *repl = fly_ir_build_static(&b, rt);
        return true;
    }
    if (fly_ir_op_is(op, "fly.make_composed_layout")) return false; /* the carrier of a swizzled view's layout */
    if (fly_ir_op_is(op, "fly.composed_get_offset")) {
        MlirOperation d = def_op(mlirOperationGetOperand(op, 0));
        if (mlirOperationIsNull(d) || !fly_ir_op_is(d, "fly.make_composed_layout"))
            return fly_lower_fail(lc, "the offset of a composed layout not made by fly.make_composed_layout");
        *repl = mlirOperationGetOperand(d, 1);
        return true;
    }
    if (fly_ir_op_is(op, "fly.decomposition")) {
        *repl = lower_decomposition(lc, op);
        return true;
    }
    MlirValue x = mlirOperationGetNumOperands(op) ? mlirOperationGetOperand(op, 0) : (MlirValue){NULL};
    if (!strcmp(name, "fly.get_shape") || !strcmp(name, "fly.get_stride")) {
        fly_layout L;
        if (layout_leaves(lc, x, &L))
            *repl = tuple_from_handles(lc, name[8] == 's' && name[9] == 'h' ? &L.shape : &L.stride);
        return true;
    }
    if (!strcmp(name, "fly.get_layout") || !strcmp(name, "fly.get_iter")) {
        MlirOperation d = def_op(x);
        if (mlirOperationIsNull(d) || !fly_ir_op_is(d, "fly.make_view"))
            return fly_lower_fail(lc, "%s of a memref not made by fly.make_view", name);
        *repl = mlirOperationGetOperand(d, name[8] == 'l' ? 1 : 0);
        return true;
    }
    if (!strcmp(name, "fly.get_scalar")) {
        fly_inttuple t;
        if (!tuple_leaves(lc, x, &t)) return true;
        const fly_itnode *leaf = single_leaf(&t);
        if (!leaf) return fly_lower_fail(lc, "get_scalar of a tuple with several leaves");
        *repl = fly_sym_value(lc, fly_lower_leaf(lc, leaf), rt);
        return true;
    }
    if (!strcmp(name, "fly.size") || !strcmp(name, "fly.cosize")) {
        sym s;
        if (fly_ir_type_kind(mlirValueGetType(x)) == FLY_IR_INT_TUPLE) {
            fly_inttuple t;
            if (!tuple_leaves(lc, x, &t)) return true;
            s = fly_lower_size(lc, t.n);
        } else {
            fly_layout L;
            if (!layout_leaves(lc, x, &L)) return true;
            s = name[4] == 's' ? fly_lower_size(lc, L.shape.n) : fly_lower_cosize(lc, &L);
        }
        *repl = tuple_result(lc, rt, &s, 1);
        return true;
    }
    if (!strcmp(name, "fly.crd2idx")) {
        fly_inttuple c;
        fly_layout L;
        if (tuple_leaves(lc, x, &c) && layout_leaves(lc, mlirOperationGetOperand(op, 1), &L)) {
            sym s = fly_lower_crd2idx(lc, c.n, L.shape.n, L.stride.n);
            *repl = tuple_result(lc, rt, &s, 1);
        }
        return true;
    }
    if (!strcmp(name, "fly.idx2crd")) {
        fly_inttuple i, shape;
        MlirValue y = mlirOperationGetOperand(op, 1);
        sym out[MAXV];
        int n = 0;
        if (!tuple_leaves(lc, x, &i)) return true;
        if (fly_ir_type_kind(mlirValueGetType(y)) == FLY_IR_INT_TUPLE) { /* a shape: column-major */
            if (!tuple_leaves(lc, y, &shape)) return true;
            const fly_itnode *leaf = single_leaf(&i);
            if (!leaf) return fly_lower_fail(lc, "idx2crd of a tuple index over a shape is not supported yet");
            fly_lower_idx2crd(lc, fly_lower_leaf(lc, leaf), shape.n, out, &n, MAXV);
        } else { /* a layout: its strides count */
            fly_layout L;
            if (!layout_leaves(lc, y, &L)) return true;
            fly_lower_idx2crd_layout(lc, i.n, L.shape.n, L.stride.n, out, &n, MAXV);
        }
        *repl = tuple_result(lc, rt, out, n);
        return true;
    }
    if (!strncmp(name, "fly.int_tuple_", 14)) {
        fly_inttuple a, b;
        MlirValue y = mlirOperationGetOperand(op, 1);
        if (!tuple_leaves(lc, x, &a) || !tuple_leaves(lc, y, &b)) return true;
        const fly_itnode *bl = single_leaf(&b);
        sym out[MAXV];
        int n = 0;
        for (int k = 0, j = 0; k < fly_inttuple_nodes(&a); k++) {
            if (a.n[k].kind == FLY_IT_TUPLE) continue;
            while (!bl && j < fly_inttuple_nodes(&b) && b.n[j].kind == FLY_IT_TUPLE) j++;
            sym l = fly_lower_leaf(lc, &a.n[k]), r = fly_lower_leaf(lc, bl ? bl : &b.n[j++]);
            const char *o = name + 14;
            out[n++] = !strcmp(o, "add")   ? fly_sym_add(lc, l, r)
                       : !strcmp(o, "sub") ? fly_sym_add(lc, l, fly_sym_mul(lc, r, sym_c(-1)))
                       : !strcmp(o, "mul") ? fly_sym_mul(lc, l, r)
                       : !strcmp(o, "div") ? fly_sym_div(lc, l, r)
                                           : fly_sym_mod(lc, l, r);
        }
        *repl = tuple_result(lc, rt, out, n);
        return true;
    }
    if (!strcmp(name, "fly.slice")) {
        *repl = lower_slice(lc, op);
        return true;
    }
    if (def && (def->flags & FLY_OP_FOLDABLE)) {
        *repl = lower_algebra(lc, op, name);
        return true;
    }
    if (!strcmp(name, "fly.get_dyn_shared")) { /* gpu.dynamic_shared_memory's address */
        MlirType mt = mlirTypeParseGet(lc->ctx, fly_ir_sref("memref<?xi8, #gpu.address_space<workgroup>>"));
        MlirValue g = fly_ir_res0(fly_lower_emit(lc, "gpu.dynamic_shared_memory", 0, NULL, mt, 0, NULL));
        *repl = memref_address(lc, g, rt);
        return true;
    }
    if (!strcmp(name, "fly.make_ptr") && is_shared_ptr(rt)) {
        *repl = lower_shared_alloc(lc, op, rt);
        return true;
    }
    if (!strcmp(name, "fly.make_ptr") || !strcmp(name, "fly.memref.alloca")) {
        fly_ir_ptr_info p;
        int64_t count = 0;
        fly_layout L;
        bool view = name[4] == 'm' && name[5] == 'e';
        if (view) {
            if (fly_ir_decode_memref(rt, &p, &L, &lc->err) || fly_layout_cosize_static(&L, &count, &lc->err)) {
                lc->failed = true;
                return true;
            }
        } else {
            MlirAttribute d = mlirOperationGetAttributeByName(op, fly_ir_sref("dictAttrs"));
            MlirAttribute sz = mlirDictionaryAttrGetElementByName(d, fly_ir_sref("allocSize"));
            count = mlirIntegerAttrGetValueInt(sz);
            if (fly_ir_decode_ptr(rt, &p, &lc->err)) {
                lc->failed = true;
                return true;
            }
        }
        MlirType i64 = mlirIntegerTypeGet(lc->ctx, 64);
        MlirValue n = fly_sym_value(lc, sym_c(count), i64);
        MlirNamedAttribute a[2] = {
            fly_ir_named(lc->ctx, "elem_type", mlirTypeAttrGet(llvm_elem(lc->ctx, p.elem))),
            align_attr(lc, p.align > 0 ? p.align : elem_align(&p)),
        };
        MlirValue lp = fly_ir_res0(
            fly_lower_emit(lc, "llvm.alloca", 1, &n, llvm_ptr_type(lc->ctx, fly_ir_addrspace_llvm(p.as)), 2, a));
        p.swizzled = false;
        MlirValue fp = cast(lc, lp, fly_ir_ptr_type(lc->ctx, &p));
        *repl = view ? make_view(lc, fp, x) : fp;
        return true;
    }
    if (!strcmp(name, "fly.to_llvm_ptr")) { /* FlyDSL's to_llvm_ptr: the LLVM pointer behind the fly pointer */
        fly_ir_ptr_info p;
        *repl = llvm_ptr(lc, x, &p);
        return true;
    }
    if (!strcmp(name, "fly.apply_swizzle")) { /* the same address, typed with the swizzle (FlyDSL's lowering) */
        fly_ir_ptr_info p;
        MlirValue lp = llvm_ptr(lc, x, &p);
        if (!lc->failed) *repl = cast(lc, lp, rt);
        return true;
    }
    if (!strcmp(name, "fly.add_offset")) {
        fly_ir_ptr_info p;
        fly_inttuple o;
        MlirValue lp = llvm_ptr(lc, x, &p);
        if (lc->failed || !tuple_leaves(lc, mlirOperationGetOperand(op, 1), &o)) return true;
        *repl = cast(lc, gep(lc, lp, fly_lower_leaf(lc, single_leaf(&o)), p.elem), rt);
        return true;
    }
    if (!strcmp(name, "fly.ptr.load") || !strcmp(name, "fly.ptr.store")) { /* one value at the pointer */
        bool st = name[8] == 's';
        fly_ir_ptr_info p;
        MlirValue lp = llvm_ptr(lc, mlirOperationGetOperand(op, st ? 1 : 0), &p);
        if (lc->failed) return true;
        MlirNamedAttribute al = align_attr(lc, p.align > 0 ? p.align : elem_align(&p));
        if (st) store_value(lc, x, lp, al);
        else *repl = load_value(lc, lp, rt, al);
        return true;
    }
    if (!strcmp(name, "fly.memref.load")) {
        fly_ir_ptr_info p;
        MlirValue ep = element_ptr(lc, x, mlirOperationGetOperand(op, 1), &p);
        if (!lc->failed) { *repl = load_value(lc, ep, rt, align_attr(lc, elem_align(&p))); }
        return true;
    }
    if (!strcmp(name, "fly.memref.store")) {
        fly_ir_ptr_info p;
        MlirValue ep = element_ptr(lc, mlirOperationGetOperand(op, 1), mlirOperationGetOperand(op, 2), &p);
        if (!lc->failed) { store_value(lc, x, ep, align_attr(lc, elem_align(&p))); }
        return true;
    }
    if (!strcmp(name, "fly.memref.load_vec") || !strcmp(name, "fly.memref.store_vec")) {
        *repl = lower_load_vec(lc, op, name[11] == 's');
        return true;
    }
    if (!strcmp(name, "fly.print")) {
        lower_print(lc, op);
        return true;
    }
    return fly_lower_fail(lc, "no lowering for %s", name);
}

void fly_pass_run_layout_lowering(MlirOperation root, MlirExternalPass pass) {
    MlirContext ctx = mlirOperationGetContext(root);
    if (!fly_lower_copy_ops(root, pass)) /* copy atoms become fly memory ops first (lower_copy.c) */
        return;
    if (!fly_lower_mma_ops(root, pass)) /* and MMA atoms vector loads, rocdl.mfma.*, stores (lower_mma.c) */
        return;
    fly_opvec ops = {0};
    fly_pass_collect_fly_ops(root, &ops, MlirWalkPreOrder);
    lower_ctx *lc = malloc(sizeof *lc);
    bool failed = lc == NULL;
    /* leaves that lib/layout computes from bound dynamic leaves get values (fly_lower_dyn_hook) */
    void *prev_user;
    fly_dyn_hook prev = fly_layout_set_dyn_hook(fly_lower_dyn_hook, lc, &prev_user);
    for (int i = 0; lc && i < ops.n; i++) {
        MlirOperation op = ops.v[i];
        memset(lc, 0, sizeof *lc);
        lc->ctx = ctx;
        lc->block = mlirOperationGetBlock(op);
        lc->before = op;
        lc->loc = mlirOperationGetLocation(op);
        lc->ity = mlirIntegerTypeGet(ctx, 32);
        MlirValue repl;
        bool erase = lower_one(lc, op, &repl);
        if (lc->failed) {
            char name[64];
            fly_pass_error(pass, op, PASS, "%s: %s", fly_ir_op_name(op, name, sizeof name), lc->err.message);
            failed = true;
            break;
        }
        if (!erase) continue;
        if (mlirOperationGetNumResults(op) == 1) {
            if (mlirValueIsNull(repl)) {
                fly_pass_error(pass, op, PASS, "internal error: no replacement value");
                failed = true;
                break;
            }
            mlirValueReplaceAllUsesOfWith(fly_ir_res0(op), repl);
        }
        mlirOperationDestroy(op);
    }
    fly_layout_set_dyn_hook(prev, prev_user, NULL);
    free(lc);
    fly_opvec_free(&ops);
    if (!failed) fly_pass_erase_dead(root);
}

void fly_pass_run_layout_lowering_gpu_printf(MlirOperation root, MlirExternalPass pass) {
    print_flydsl_form = true;
    fly_pass_run_layout_lowering(root, pass);
    print_flydsl_form = false;
}

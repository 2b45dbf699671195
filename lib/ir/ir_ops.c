/* ir_ops.c - the fly op table and result-type inference with lib/layout. */
#include "ir/ir_ops.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/ir_types.h"
#include "ir/ir_util.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#define INFER(fn) \
    static fly_status fn(MlirContext ctx, const MlirType *in, int n, const MlirNamedAttribute *attrs, int nattrs, \
                         MlirType given, MlirType *out, fly_error *err)
#define UNUSED_INFER_ARGS (void)ctx, (void)in, (void)n, (void)attrs, (void)nattrs, (void)given, (void)out

static fly_status type_error(fly_error *err, const char *what, MlirType t) {
    char *s = fly_ir_type_print(t);
    fly_status st = fly_error_set(err, FLY_E_INVALID, "expected %s, got %s", what, s);
    free(s);
    return st;
}

static fly_status set_out(MlirType t, MlirType *out, fly_error *err) {
    if (mlirTypeIsNull(t)) return fly_error_set(err, FLY_E_CAPACITY, "result type does not print");
    *out = t;
    return FLY_OK;
}

static MlirAttribute find_attr(const MlirNamedAttribute *attrs, int nattrs, const char *name) {
    for (int i = 0; i < nattrs; i++)
        if (fly_ir_sref_eq(mlirIdentifierStr(attrs[i].name), name)) return attrs[i].attribute;
    return mlirAttributeGetNull();
}

/* Number of dynamic leaves of an int tuple. */
static int count_dyn(const fly_inttuple *t) {
    int k = 0;
    for (int i = 0; i < fly_inttuple_nodes(t); i++) k += t->n[i].kind == FLY_IT_DYN;
    return k;
}

/* ---- constructors ---- */

INFER(infer_static) {
    UNUSED_INFER_ARGS;
    if (mlirTypeIsNull(given) || fly_ir_type_kind(given) == FLY_IR_NOT_FLY)
        return fly_error_set(err, FLY_E_INVALID, "fly.static needs a fly result type");
    if (!fly_ir_type_is_static(given)) return type_error(err, "a fully static fly type", given);
    *out = given;
    return FLY_OK;
}

INFER(infer_make_int_tuple) {
    UNUSED_INFER_ARGS;
    fly_inttuple t;
    fly_status st = fly_ir_decode_int_tuple(given, &t, err);
    if (st) return st;
    int k = count_dyn(&t);
    if (k != n) return fly_error_set(err, FLY_E_INVALID, "%d operands for %d dynamic leaves", n, k);
    int j = 0;
    for (int i = 0; i < fly_inttuple_nodes(&t); i++) {
        if (t.n[i].kind != FLY_IT_DYN) continue;
        MlirType ot = in[j++];
        if (!mlirTypeIsAInteger(ot) && !mlirTypeIsAIndex(ot))
            return type_error(err, "an integer or index operand for a dynamic leaf", ot);
    }
    *out = given;
    return FLY_OK;
}

INFER(infer_make_layout) {
    UNUSED_INFER_ARGS;
    fly_inttuple s, d;
    fly_layout L;
    fly_status st = fly_ir_decode_int_tuple(in[0], &s, err);
    if (!st && n > 1) st = fly_ir_decode_int_tuple(in[1], &d, err);
    if (!st) st = n > 1 ? fly_layout_make(&L, &s, &d, err) : fly_layout_make_col_major(&L, &s, err);
    return st ? st : set_out(fly_ir_layout_type(ctx, &L), out, err);
}

INFER(infer_make_identity_layout) {
    UNUSED_INFER_ARGS;
    fly_inttuple s;
    fly_layout L;
    fly_status st = fly_ir_decode_int_tuple(in[0], &s, err);
    if (!st) st = fly_layout_make_identity(&L, &s, err);
    return st ? st : set_out(fly_ir_layout_type(ctx, &L), out, err);
}

/* fly.make_ordered_layout(shape, order): strides in the order's mode order; a leaf order (FlyDSL's 0) is
 * column-major. */
INFER(infer_make_ordered_layout) {
    UNUSED_INFER_ARGS;
    fly_inttuple s, o;
    fly_layout L;
    fly_status st = fly_ir_decode_int_tuple(in[0], &s, err);
    if (!st) st = fly_ir_decode_int_tuple(in[1], &o, err);
    if (!st)
        st = fly_inttuple_is_leaf(&o) && !fly_inttuple_is_leaf(&s) ? fly_layout_make_col_major(&L, &s, err)
                                                                   : fly_layout_make_ordered(&L, &s, &o, err);
    return st ? st : set_out(fly_ir_layout_type(ctx, &L), out, err);
}

INFER(infer_make_view) {
    UNUSED_INFER_ARGS;
    fly_ir_ptr_info p;
    fly_layout L;
    fly_status st = fly_ir_decode_ptr(in[0], &p, err);
    if (!st && fly_ir_type_kind(in[1]) == FLY_IR_COMPOSED) { /* a swizzled view */
        fly_composed *c = malloc(sizeof *c);
        fly_ir_swz swz;
        st = c ? fly_ir_decode_composed(in[1], c, err) : fly_error_set(err, FLY_E_CAPACITY, "out of memory");
        if (!st) st = fly_ir_composed_swz(c, &swz, &L, err);
        free(c);
        return st ? st : set_out(fly_ir_memref_swz_type(ctx, &p, &L, &swz), out, err);
    }
    if (!st) st = fly_ir_decode_layout(in[1], &L, err);
    return st ? st : set_out(fly_ir_memref_type(ctx, &p, &L), out, err);
}

/* make_composed_layout(swizzle, offset, outer) -> !fly.composed_layout<S<..> o off o outer> (the layouts of
 * swizzled views; the offset one integer). */
INFER(infer_make_composed_layout) {
    UNUSED_INFER_ARGS;
    fly_swizzle sw;
    fly_inttuple off, c;
    fly_layout L;
    fly_status st = fly_ir_decode_swizzle(in[0], &sw, err);
    if (!st) st = fly_ir_decode_int_tuple(in[1], &off, err);
    if (!st) st = fly_ir_decode_layout(in[2], &L, err);
    if (st) return st;
    fly_inttuple_canonical(&off, &c);
    if (!fly_inttuple_is_leaf(&c)) return type_error(err, "a single-leaf offset", in[1]);
    fly_composed *cl = malloc(sizeof *cl);
    if (!cl) return fly_error_set(err, FLY_E_CAPACITY, "out of memory");
    st = fly_composed_make_swizzle(cl, &sw, &c, &L, err);
    MlirType t = st ? fly_ir_type_null() : fly_ir_composed_type(ctx, cl);
    free(cl);
    return st ? st : set_out(t, out, err);
}

/* composed_get_offset(l): the offset of a swizzled composed layout. */
INFER(infer_composed_get_offset) {
    UNUSED_INFER_ARGS;
    fly_composed *c = malloc(sizeof *c);
    fly_ir_swz swz;
    fly_status st = c ? fly_ir_decode_composed(in[0], c, err) : fly_error_set(err, FLY_E_CAPACITY, "out of memory");
    if (!st) st = fly_ir_composed_swz(c, &swz, NULL, err);
    free(c);
    return st ? st : set_out(fly_ir_int_tuple_type(ctx, &swz.off), out, err);
}

/* decomposition(m): a swizzled memref as a plain one over its outer layout whose pointer is moved by S(off) (the
 * view a copy atom reads or writes); a plain memref stays itself. */
INFER(infer_decomposition) {
    UNUSED_INFER_ARGS;
    fly_ir_ptr_info p;
    fly_layout L;
    fly_ir_swz swz;
    fly_status st = fly_ir_decode_memref_swz(in[0], &p, &L, &swz, err);
    if (st) return st;
    if (swz.on) p.align = 0; /* the offset may break any alignment beyond the element's */
    return set_out(fly_ir_memref_type(ctx, &p, &L), out, err);
}

INFER(infer_make_ptr) {
    UNUSED_INFER_ARGS;
    fly_ir_ptr_info p;
    fly_status st = fly_ir_decode_ptr(given, &p, err);
    if (st) return st;
    MlirAttribute a = find_attr(attrs, nattrs, "dictAttrs");
    bool shared = p.as == FLY_AS_SHARED; /* a static LDS allocation (one global), else registers (an alloca) */
    MlirAttribute sz = mlirAttributeIsNull(a) || !mlirAttributeIsADictionary(a)
                           ? mlirAttributeGetNull()
                           : mlirDictionaryAttrGetElementByName(a, fly_ir_sref(shared ? "allocBytes" : "allocSize"));
    MlirAttribute al =
        shared && !mlirAttributeIsNull(sz) ? mlirDictionaryAttrGetElementByName(a, fly_ir_sref("allocAlign")) : sz;
    if (mlirAttributeIsNull(sz) || !mlirAttributeIsAInteger(sz) || mlirIntegerAttrGetValueInt(sz) <= 0 ||
        mlirAttributeIsNull(al) || !mlirAttributeIsAInteger(al) || mlirIntegerAttrGetValueInt(al) <= 0)
        return fly_error_set(err, FLY_E_INVALID,
                             shared ? "needs {dictAttrs = {allocBytes = N : i64, allocAlign = A : i64}}"
                                    : "needs {dictAttrs = {allocSize = N : i64}}");
    *out = given;
    return FLY_OK;
}

/* ---- extractors ---- */

INFER(infer_get_shape) {
    UNUSED_INFER_ARGS;
    fly_layout L;
    fly_status st = fly_ir_decode_layout_of(in[0], &L, err);
    return st ? st : set_out(fly_ir_int_tuple_type(ctx, &L.shape), out, err);
}

INFER(infer_get_stride) {
    UNUSED_INFER_ARGS;
    fly_layout L;
    fly_status st = fly_ir_decode_layout_of(in[0], &L, err);
    return st ? st : set_out(fly_ir_int_tuple_type(ctx, &L.stride), out, err);
}

INFER(infer_get_layout) {
    UNUSED_INFER_ARGS;
    fly_layout L;
    fly_ir_ptr_info p;
    fly_ir_swz swz;
    if (fly_ir_type_kind(in[0]) != FLY_IR_MEMREF) return type_error(err, "a !fly.memref", in[0]);
    fly_status st = fly_ir_decode_memref_swz(in[0], &p, &L, &swz, err);
    if (st || !swz.on) return st ? st : set_out(fly_ir_layout_type(ctx, &L), out, err);
    fly_composed *c = malloc(sizeof *c);
    st = c ? fly_composed_make_swizzle(c, &swz.sw, &swz.off, &L, err)
           : fly_error_set(err, FLY_E_CAPACITY, "out of memory");
    MlirType t = st ? fly_ir_type_null() : fly_ir_composed_type(ctx, c);
    free(c);
    return st ? st : set_out(t, out, err);
}

INFER(infer_get_iter) {
    UNUSED_INFER_ARGS;
    fly_ir_ptr_info p;
    fly_ir_swz swz;
    fly_status st = fly_ir_decode_memref_swz(in[0], &p, NULL, &swz, err);
    return st ? st : set_out(fly_ir_ptr_type(ctx, &p), out, err);
}

INFER(infer_get_scalar) {
    UNUSED_INFER_ARGS;
    fly_inttuple t, c;
    fly_status st = fly_ir_decode_int_tuple(in[0], &t, err);
    if (st) return st;
    fly_inttuple_canonical(&t, &c);
    if (!fly_inttuple_is_leaf(&c) || (c.n[0].kind != FLY_IT_INT && c.n[0].kind != FLY_IT_DYN))
        return type_error(err, "an int tuple with a single integer leaf", in[0]);
    if (mlirTypeIsNull(given)) {
        bool wide = c.n[0].kind == FLY_IT_DYN && (c.n[0].flags & FLY_IT_F_I64);
        given = mlirIntegerTypeGet(ctx, wide ? 64 : 32);
    }
    if (!mlirTypeIsAInteger(given) && !mlirTypeIsAIndex(given))
        return type_error(err, "an integer or index result", given);
    *out = given;
    return FLY_OK;
}

/* ---- queries ---- */

INFER(infer_size) {
    UNUSED_INFER_ARGS;
    fly_inttuple r;
    fly_status st;
    if (fly_ir_type_kind(in[0]) == FLY_IR_INT_TUPLE) {
        fly_inttuple t;
        st = fly_ir_decode_int_tuple(in[0], &t, err);
        if (!st) st = fly_inttuple_product(&t, &r, err);
    } else {
        fly_layout L;
        st = fly_ir_decode_layout_of(in[0], &L, err);
        if (!st) st = fly_layout_size(&L, &r, err);
    }
    return st ? st : set_out(fly_ir_int_tuple_type(ctx, &r), out, err);
}

INFER(infer_cosize) {
    UNUSED_INFER_ARGS;
    fly_layout L;
    fly_inttuple r;
    fly_status st = fly_ir_decode_layout_of(in[0], &L, err);
    if (!st) st = fly_layout_cosize(&L, &r, err);
    return st ? st : set_out(fly_ir_int_tuple_type(ctx, &r), out, err);
}

INFER(infer_crd2idx) {
    UNUSED_INFER_ARGS;
    fly_inttuple c, r;
    fly_layout L;
    fly_status st = fly_ir_decode_int_tuple(in[0], &c, err);
    if (!st) st = fly_ir_decode_layout_of(in[1], &L, err);
    if (!st) st = fly_layout_crd2idx(&L, &c, &r, err);
    return st ? st : set_out(fly_ir_int_tuple_type(ctx, &r), out, err);
}

INFER(infer_idx2crd) {
    UNUSED_INFER_ARGS;
    /* FlyDSL's idx2crd(index, layout) uses the layout's strides; an int_tuple operand is a shape (column-major) */
    fly_inttuple i, s, d, r;
    const fly_inttuple *dp = NULL;
    fly_status st = fly_ir_decode_int_tuple(in[0], &i, err);
    if (!st) {
        if (fly_ir_type_kind(in[1]) == FLY_IR_INT_TUPLE) {
            st = fly_ir_decode_int_tuple(in[1], &s, err);
        } else {
            fly_layout L;
            st = fly_ir_decode_layout_of(in[1], &L, err);
            if (!st) {
                fly_inttuple_copy(&s, &L.shape);
                fly_inttuple_copy(&d, &L.stride);
                dp = &d;
            }
        }
    }
    if (!st) st = fly_inttuple_idx2crd(&i, &s, dp, &r, err);
    return st ? st : set_out(fly_ir_int_tuple_type(ctx, &r), out, err);
}

INFER(infer_slice) {
    UNUSED_INFER_ARGS;
    fly_inttuple c;
    fly_status st = fly_ir_decode_int_tuple(in[1], &c, err);
    if (st) return st;
    switch (fly_ir_type_kind(in[0])) {
    case FLY_IR_INT_TUPLE: {
        fly_inttuple t, r;
        st = fly_ir_decode_int_tuple(in[0], &t, err);
        if (!st) st = fly_inttuple_slice(&c, &t, &r, err);
        return st ? st : set_out(fly_ir_int_tuple_type(ctx, &r), out, err);
    }
    case FLY_IR_LAYOUT: {
        fly_layout L, r;
        st = fly_ir_decode_layout(in[0], &L, err);
        if (!st) st = fly_layout_slice(&L, &c, &r, err);
        return st ? st : set_out(fly_ir_layout_type(ctx, &r), out, err);
    }
    case FLY_IR_MEMREF: {
        fly_ir_ptr_info p;
        fly_layout L, r;
        fly_ir_swz swz;
        st = fly_ir_decode_memref_swz(in[0], &p, &L, &swz, err);
        if (!st && swz.on) {
            /* a slice of a swizzled view keeps the pointer and the swizzle; the fixed part moves the offset */
            fly_inttuple o;
            st = fly_layout_slice_and_offset(&L, &c, &r, &o, err);
            if (st) return st;
            fly_inttuple_canonical(&o, &c);
            if (fly_inttuple_is_static(&swz.off) && fly_inttuple_is_leaf(&c) && c.n[0].kind == FLY_IT_INT)
                fly_inttuple_int(&swz.off, swz.off.n[0].v + c.n[0].v);
            else fly_inttuple_leaf(&swz.off, fly_itnode_dyn(0, 1, 32));
            return set_out(fly_ir_memref_swz_type(ctx, &p, &r, &swz), out, err);
        }
        if (!st) st = fly_layout_slice(&L, &c, &r, err);
        p.align = 0; /* the offset may break any alignment beyond the element's */
        return st ? st : set_out(fly_ir_memref_type(ctx, &p, &r), out, err);
    }
    default: return type_error(err, "an int tuple, layout or memref", in[0]);
    }
}

/* ---- algebra ---- */

typedef fly_status (*layout_binop)(const fly_layout *, const fly_layout *, fly_layout *, fly_error *);
typedef fly_status (*layout_tileop)(const fly_layout *, const fly_tile *, fly_layout *, fly_error *);

/* A layout (or memref: its layout) combined with a layout or tile tiler. */
static fly_status infer_algebra(MlirContext ctx, const MlirType *in, layout_binop lop, layout_tileop top, MlirType *out,
                                fly_error *err) {
    fly_layout A, R;
    fly_ir_ptr_info p;
    bool memref = fly_ir_type_kind(in[0]) == FLY_IR_MEMREF;
    fly_status st = memref ? fly_ir_decode_memref(in[0], &p, &A, err) : fly_ir_decode_layout(in[0], &A, err);
    if (st) return st;
    if (fly_ir_type_kind(in[1]) == FLY_IR_TILE) {
        fly_tile *T = malloc(sizeof *T);
        if (!T) return fly_error_set(err, FLY_E_CAPACITY, "out of memory");
        st = fly_ir_decode_tile(in[1], T, err);
        if (!st) st = top(&A, T, &R, err);
        free(T);
    } else {
        fly_layout B;
        st = fly_ir_decode_layout(in[1], &B, err);
        if (!st) st = lop(&A, &B, &R, err);
    }
    if (st) return st;
    return set_out(memref ? fly_ir_memref_type(ctx, &p, &R) : fly_ir_layout_type(ctx, &R), out, err);
}

INFER(infer_composition) {
    UNUSED_INFER_ARGS;
    return infer_algebra(ctx, in, fly_layout_composition, fly_layout_composition_tile, out, err);
}
INFER(infer_logical_divide) {
    UNUSED_INFER_ARGS;
    return infer_algebra(ctx, in, fly_layout_logical_divide, fly_layout_logical_divide_tile, out, err);
}
INFER(infer_zipped_divide) {
    UNUSED_INFER_ARGS;
    return infer_algebra(ctx, in, fly_layout_zipped_divide, fly_layout_zipped_divide_tile, out, err);
}
INFER(infer_tiled_divide) {
    UNUSED_INFER_ARGS;
    return infer_algebra(ctx, in, fly_layout_tiled_divide, fly_layout_tiled_divide_tile, out, err);
}
INFER(infer_logical_product) {
    UNUSED_INFER_ARGS;
    return infer_algebra(ctx, in, fly_layout_logical_product, fly_layout_logical_product_tile, out, err);
}

INFER(infer_complement) {
    UNUSED_INFER_ARGS;
    fly_layout L, R;
    int64_t cot = 1;
    fly_status st = fly_ir_decode_layout(in[0], &L, err);
    if (!st && n > 1) {
        fly_inttuple c;
        st = fly_ir_decode_int_tuple(in[1], &c, err);
        if (!st) st = fly_inttuple_product_static(&c, &cot, err);
    }
    if (!st) st = fly_layout_complement(&L, cot, &R, err);
    return st ? st : set_out(fly_ir_layout_type(ctx, &R), out, err);
}

INFER(infer_coalesce) {
    UNUSED_INFER_ARGS;
    fly_layout L, R;
    fly_status st = fly_ir_decode_layout(in[0], &L, err);
    if (!st) st = fly_layout_coalesce(&L, &R, err);
    return st ? st : set_out(fly_ir_layout_type(ctx, &R), out, err);
}

INFER(infer_right_inverse) {
    UNUSED_INFER_ARGS;
    fly_layout L, R;
    fly_status st = fly_ir_decode_layout(in[0], &L, err);
    if (!st) st = fly_layout_right_inverse(&L, &R, err);
    return st ? st : set_out(fly_ir_layout_type(ctx, &R), out, err);
}

static fly_status infer_elementwise(MlirContext ctx, const MlirType *in, fly_itop op, MlirType *out, fly_error *err) {
    fly_inttuple a, b, r;
    fly_status st = fly_ir_decode_int_tuple(in[0], &a, err);
    if (!st) st = fly_ir_decode_int_tuple(in[1], &b, err);
    if (!st) st = fly_inttuple_elementwise(op, &a, &b, &r, err);
    return st ? st : set_out(fly_ir_int_tuple_type(ctx, &r), out, err);
}
INFER(infer_add) {
    UNUSED_INFER_ARGS;
    return infer_elementwise(ctx, in, FLY_ITOP_ADD, out, err);
}
INFER(infer_sub) {
    UNUSED_INFER_ARGS;
    return infer_elementwise(ctx, in, FLY_ITOP_SUB, out, err);
}
INFER(infer_mul) {
    UNUSED_INFER_ARGS;
    return infer_elementwise(ctx, in, FLY_ITOP_MUL, out, err);
}
INFER(infer_div) {
    UNUSED_INFER_ARGS;
    return infer_elementwise(ctx, in, FLY_ITOP_DIV, out, err);
}
INFER(infer_mod) {
    UNUSED_INFER_ARGS;
    return infer_elementwise(ctx, in, FLY_ITOP_MOD, out, err);
}

/* ---- memory ---- */

INFER(infer_add_offset) {
    UNUSED_INFER_ARGS;
    fly_ir_ptr_info p;
    fly_inttuple o, c;
    fly_status st = fly_ir_decode_ptr(in[0], &p, err);
    if (!st) st = fly_ir_decode_int_tuple(in[1], &o, err);
    if (st) return st;
    fly_inttuple_canonical(&o, &c);
    if (!fly_inttuple_is_leaf(&c)) return type_error(err, "a single-leaf offset", in[1]);
    *out = in[0];
    return FLY_OK;
}

/* fly.get_dyn_shared() -> !fly.ptr<T, shared>: the start of the dynamic LDS. */
INFER(infer_get_dyn_shared) {
    UNUSED_INFER_ARGS;
    fly_ir_ptr_info p;
    fly_status st = fly_ir_decode_ptr(given, &p, err);
    if (st) return st;
    if (p.as != FLY_AS_SHARED) return type_error(err, "a shared pointer", given);
    *out = given;
    return FLY_OK;
}

/* fly.ptr.load(ptr) -> T: one scalar or vector of the given result type at ptr (any element type: FlyDSL
 * loads a vector<8xbf16> through an i8 pointer); fly.ptr.store(value, ptr) stores one there. */
INFER(infer_ptr_load) {
    UNUSED_INFER_ARGS;
    fly_ir_ptr_info p;
    fly_status st = fly_ir_decode_ptr(in[0], &p, err);
    if (st) return st;
    if (mlirTypeIsNull(given)) return fly_error_set(err, FLY_E_INVALID, "needs its result type");
    if (fly_ir_type_kind(given) != FLY_IR_NOT_FLY) return type_error(err, "a scalar or vector result", given);
    *out = given;
    return FLY_OK;
}

INFER(infer_ptr_store) {
    UNUSED_INFER_ARGS;
    fly_ir_ptr_info p;
    fly_status st = fly_ir_decode_ptr(in[1], &p, err);
    if (st) return st;
    if (fly_ir_type_kind(in[0]) != FLY_IR_NOT_FLY) return type_error(err, "a scalar or vector value", in[0]);
    *out = fly_ir_type_null();
    return FLY_OK;
}

INFER(infer_memref_alloca) {
    UNUSED_INFER_ARGS;
    fly_layout L, R;
    fly_ir_ptr_info p;
    fly_status st = fly_ir_decode_layout(in[0], &L, err);
    if (!st) st = fly_ir_decode_memref(given, &p, &R, err);
    if (st) return st;
    if (!fly_layout_is_static(&L)) return type_error(err, "a static layout", in[0]);
    if (p.as != FLY_AS_REGISTER || !fly_layout_equal(&L, &R))
        return type_error(err, "a register memref with the operand's layout", given);
    *out = given;
    return FLY_OK;
}

INFER(infer_memref_load) {
    UNUSED_INFER_ARGS;
    fly_ir_ptr_info p;
    fly_inttuple c;
    fly_ir_swz swz;
    fly_status st = fly_ir_decode_memref_swz(in[0], &p, NULL, &swz, err);
    if (!st) st = fly_ir_decode_int_tuple(in[1], &c, err);
    if (st) return st;
    *out = p.elem;
    return FLY_OK;
}

INFER(infer_memref_store) {
    UNUSED_INFER_ARGS;
    fly_ir_ptr_info p;
    fly_inttuple c;
    fly_ir_swz swz;
    fly_status st = fly_ir_decode_memref_swz(in[1], &p, NULL, &swz, err);
    if (!st) st = fly_ir_decode_int_tuple(in[2], &c, err);
    if (st) return st;
    if (!mlirTypeEqual(in[0], p.elem)) return type_error(err, "a value of the memref's element type", in[0]);
    *out = fly_ir_type_null();
    return FLY_OK;
}

static fly_status vec_type(MlirType mem, MlirType *out, fly_error *err) {
    fly_ir_ptr_info p;
    fly_layout L;
    int64_t size;
    fly_ir_swz swz;
    fly_status st = fly_ir_decode_memref_swz(mem, &p, &L, &swz, err);
    if (!st) st = fly_layout_size_static(&L, &size, err);
    if (st) return st;
    *out = mlirVectorTypeGet(1, &size, p.elem);
    return FLY_OK;
}

INFER(infer_load_vec) {
    UNUSED_INFER_ARGS;
    return vec_type(in[0], out, err);
}

INFER(infer_store_vec) {
    UNUSED_INFER_ARGS;
    MlirType v;
    fly_status st = vec_type(in[1], &v, err);
    if (st) return st;
    if (!mlirTypeEqual(v, in[0])) return type_error(err, "a vector of the memref's size and element type", in[0]);
    *out = fly_ir_type_null();
    return FLY_OK;
}

INFER(infer_print) {
    UNUSED_INFER_ARGS;
    MlirAttribute f = find_attr(attrs, nattrs, "format");
    if (mlirAttributeIsNull(f) || !mlirAttributeIsAString(f))
        return fly_error_set(err, FLY_E_INVALID, "needs a string attribute 'format'");
    for (int i = 0; i < n; i++)
        if (!mlirTypeIsAInteger(in[i]) && !mlirTypeIsAFloat(in[i]) && !mlirTypeIsAIndex(in[i]) &&
            fly_ir_type_kind(in[i]) != FLY_IR_INT_TUPLE)
            return type_error(err, "an integer, float, index or int tuple to print", in[i]);
    *out = fly_ir_type_null();
    return FLY_OK;
}

/* ---- copy atoms: !fly.copy_atom<op, value bits> (universal_copy<N> or fly_rocdl.cdna3.buffer_copy<N>) ---- */

/* Parses a copy atom type: op bits, value bits and whether the op is a buffer copy. */
static fly_status copy_atom_parts(MlirType t, int *op_bits, int *val_bits, bool *buffer, fly_error *err) {
    MlirStringRef d = fly_ir_type_data(t);
    char s[256];
    int ob = 0, vb = 0, used = 0;
    if (fly_ir_type_kind(t) != FLY_IR_COPY_ATOM || d.length >= sizeof s) return type_error(err, "a copy atom", t);
    memcpy(s, d.data, d.length);
    s[d.length] = '\0';
    bool buf = !strncmp(s, "copy_atom<!fly_rocdl.cdna3.buffer_copy<", 39);
    const char *body = buf ? s + 39 : !strncmp(s, "copy_atom<!fly.universal_copy<", 30) ? s + 30 : NULL;
    int g = 0;
    /* gfx950's LDS transpose read: !fly_rocdl.cdna4.lds_read_trans<trans = Gb, N>, G-bit values */
    if (!body && !strncmp(s, "copy_atom<!fly_rocdl.cdna4.lds_read_trans<", 42)) {
        if (sscanf(s, "copy_atom<!fly_rocdl.cdna4.lds_read_trans<trans = %db, %d>, %d>%n", &g, &ob, &vb, &used) != 3 ||
            s[used] != '\0' || g != vb || !((ob == 64 && (g == 4 || g == 8 || g == 16)) || (ob == 96 && g == 6)))
            return type_error(err,
                              "an lds_read_trans atom of (4, 64), (8, 64), (6, 96) or (16, 64) over values of its "
                              "granularity",
                              t);
        *op_bits = ob;
        *val_bits = vb;
        *buffer = false;
        return FLY_OK;
    }
    if (!body || sscanf(body, "%d>, %d>%n", &ob, &vb, &used) != 2 || body[used] != '\0' || vb <= 0 || ob <= 0 ||
        ob % vb)
        return type_error(err, "a universal_copy or buffer_copy atom whose bits are a multiple of its value bits", t);
    *op_bits = ob;
    *val_bits = vb;
    *buffer = buf;
    return FLY_OK;
}

INFER(infer_make_copy_atom) {
    UNUSED_INFER_ARGS;
    int ob, vb;
    bool buf;
    fly_status st = copy_atom_parts(given, &ob, &vb, &buf, err);
    if (st) return st;
    MlirAttribute a = find_attr(attrs, nattrs, "valBits");
    if (!mlirAttributeIsNull(a) && (!mlirAttributeIsAInteger(a) || mlirIntegerAttrGetValueInt(a) != vb))
        return fly_error_set(err, FLY_E_INVALID, "valBits must be the atom's value bits (%d)", vb);
    *out = given;
    return FLY_OK;
}

/* copy_atom_call(atom, src, dst[, pred]) and copy(atom, src, dst[, pred]): memrefs of one element type whose
 * value width is the atom's; a call moves exactly one atom's values. */
static fly_status infer_copy_common(const MlirType *in, int n, bool one, MlirType *out, fly_error *err) {
    int ob, vb;
    bool buf;
    fly_ir_ptr_info ps, pd;
    fly_layout ls, ld;
    int64_t ns, nd;
    fly_ir_swz zs, zd;
    fly_status st = copy_atom_parts(in[0], &ob, &vb, &buf, err);
    if (!st) st = fly_ir_decode_memref_swz(in[1], &ps, &ls, &zs, err);
    if (!st) st = fly_ir_decode_memref_swz(in[2], &pd, &ld, &zd, err);
    if (st) return st;
    if (!mlirTypeEqual(ps.elem, pd.elem)) return type_error(err, "a destination of the source's element type", in[2]);
    if (fly_ir_elem_bits(ps.elem) != vb)
        return type_error(err, "memrefs whose elements have the atom's value bits", in[1]);
    if (fly_layout_size_static(&ls, &ns, NULL) == FLY_OK && fly_layout_size_static(&ld, &nd, NULL) == FLY_OK) {
        if (ns != nd)
            return fly_error_set(err, FLY_E_INVALID, "source and destination sizes differ (%lld and %lld)",
                                 (long long)ns, (long long)nd);
        if (one ? ns != ob / vb : ns % (ob / vb))
            return fly_error_set(err, FLY_E_INVALID, "%lld values are not %s %d-value atom%s", (long long)ns,
                                 one ? "one" : "a whole number of", ob / vb, one ? "" : "s");
    }
    if (n == 4) {
        fly_ir_ptr_info pp;
        st = fly_ir_decode_memref(in[3], &pp, NULL, err);
        if (st) return st;
        if (!mlirTypeIsAInteger(pp.elem) || mlirIntegerTypeGetWidth(pp.elem) != 1 || pp.as != FLY_AS_REGISTER)
            return type_error(err, "a register memref of i1 predicates", in[3]);
    }
    *out = fly_ir_type_null();
    return FLY_OK;
}

INFER(infer_copy_atom_call) {
    UNUSED_INFER_ARGS;
    return infer_copy_common(in, n, true, out, err);
}

INFER(infer_copy) {
    UNUSED_INFER_ARGS;
    return infer_copy_common(in, n, false, out, err);
}

/* copy_atom_call_ssa(atom, src[, dst][, pred]) {operandSegmentSizes = array<i32: 1, 1, D, P>} -> (R?): FlyDSL's
 * copy atom call on values. With a result R (a load): src a memref the atom reads (a #fly_rocdl.buffer_desc one
 * for a buffer atom), R an integer, float or vector of them with the atom's bits (the loaded bits reinterpreted);
 * dst, when given, a value of type R: what a false pred gives (pred needs it). Without a result (a store): src a
 * value of the atom's bits, dst the memref it is written to. pred: an i1 guarding the access. */
static int value_bits(MlirType t) {
    if (mlirTypeIsAVector(t)) {
        if (mlirShapedTypeGetRank(t) != 1) return -1;
        int eb = value_bits(mlirShapedTypeGetElementType(t));
        return eb < 0 ? -1 : eb * (int)mlirShapedTypeGetDimSize(t, 0);
    }
    if (mlirTypeIsAInteger(t) || mlirTypeIsAFloat(t)) return fly_ir_elem_bits(t);
    return -1;
}

static fly_status ssa_value_check(MlirType t, int ob, const char *what, fly_error *err) {
    int b = value_bits(t);
    char *s = fly_ir_type_print(t);
    fly_status st = FLY_OK;
    if (b < 0)
        st = fly_error_set(err, FLY_E_INVALID, "%s must be an integer, float or 1-D vector of them, not %s", what, s);
    else if (b != ob) st = fly_error_set(err, FLY_E_INVALID, "%s %s has %d bits but the atom moves %d", what, s, b, ob);
    free(s);
    return st;
}

static fly_status ssa_memref_check(MlirType t, bool buf, const char *what, fly_error *err) {
    fly_ir_ptr_info p;
    fly_ir_swz swz;
    if (fly_ir_type_kind(t) != FLY_IR_MEMREF)
        return type_error(err, buf ? "a #fly_rocdl.buffer_desc memref" : "a memref", t);
    fly_status st = fly_ir_decode_memref_swz(t, &p, NULL, &swz, err);
    if (st) return st;
    if (buf != (p.as == FLY_AS_BUFFER_DESC))
        return fly_error_set(err, FLY_E_INVALID, "%s: %s", what,
                             buf ? "a buffer copy atom needs a #fly_rocdl.buffer_desc memref"
                                 : "a universal copy atom cannot access a #fly_rocdl.buffer_desc memref");
    if (swz.on)
        return fly_error_set(err, FLY_E_INVALID, "%s: swizzled memrefs are not supported in the SSA form", what);
    return FLY_OK;
}

INFER(infer_copy_atom_call_ssa) {
    UNUSED_INFER_ARGS;
    int ob, vb;
    bool buf;
    fly_status st = copy_atom_parts(in[0], &ob, &vb, &buf, err);
    if (st) return st;
    MlirAttribute seg = find_attr(attrs, nattrs, "operandSegmentSizes");
    if (mlirAttributeIsNull(seg) || !mlirAttributeIsADenseI32Array(seg) || mlirDenseArrayGetNumElements(seg) != 4)
        return fly_error_set(err, FLY_E_INVALID, "needs operandSegmentSizes = array<i32: 1, 1, D, P>");
    int32_t s[4];
    for (int i = 0; i < 4; i++) s[i] = mlirDenseI32ArrayGetElement(seg, i);
    if (s[0] != 1 || s[1] != 1 || s[2] < 0 || s[2] > 1 || s[3] < 0 || s[3] > 1 || 2 + s[2] + s[3] != n)
        return fly_error_set(err, FLY_E_INVALID,
                             "operandSegmentSizes array<i32: %d, %d, %d, %d> does not fit %d operands (copyAtom, src, "
                             "optional dst, optional pred)",
                             s[0], s[1], s[2], s[3], n);
    MlirType dst = s[2] ? in[2] : fly_ir_type_null(), pred = s[3] ? in[2 + s[2]] : fly_ir_type_null();
    if (!mlirTypeIsNull(pred) && !(mlirTypeIsAInteger(pred) && mlirIntegerTypeGetWidth(pred) == 1))
        return type_error(err, "an i1 pred", pred);
    if (!mlirTypeIsNull(given)) { /* a load into the result */
        st = ssa_memref_check(in[1], buf, "src", err);
        if (!st) st = ssa_value_check(given, ob, "the result", err);
        if (st) return st;
        if (!mlirTypeIsNull(pred) && mlirTypeIsNull(dst))
            return fly_error_set(err, FLY_E_INVALID, "a predicated load needs dst: the result when pred is false");
        if (!mlirTypeIsNull(dst) && !mlirTypeEqual(dst, given))
            return type_error(err, "a dst of the result's type", dst);
        *out = given;
        return FLY_OK;
    }
    if (mlirTypeIsNull(dst))
        return fly_error_set(err, FLY_E_INVALID, "without a result it stores: it needs a dst memref");
    st = ssa_memref_check(dst, buf, "dst", err);
    if (!st) st = ssa_value_check(in[1], ob, "the stored src", err);
    if (st) return st;
    *out = fly_ir_type_null();
    return FLY_OK;
}

/* ---- the table ---- */

#define E FLY_OP_ERASABLE
#define F FLY_OP_FOLDABLE
#define G FLY_OP_RESULT_GIVEN
static const fly_ir_opdef ops[] = {
    {"fly.static", 0, 0, 1, E | G, infer_static},
    {"fly.make_int_tuple", 0, -1, 1, E | G, infer_make_int_tuple},
    {"fly.make_shape", 0, -1, 1, E | G, infer_make_int_tuple},
    {"fly.make_stride", 0, -1, 1, E | G, infer_make_int_tuple},
    {"fly.make_coord", 0, -1, 1, E | G, infer_make_int_tuple},
    {"fly.make_layout", 1, 2, 1, E | F, infer_make_layout},
    {"fly.make_identity_layout", 1, 1, 1, E | F, infer_make_identity_layout},
    {"fly.make_ordered_layout", 2, 2, 1, E | F, infer_make_ordered_layout},
    {"fly.make_view", 2, 2, 1, E, infer_make_view},
    {"fly.make_composed_layout", 3, 3, 1, E | F, infer_make_composed_layout},
    {"fly.decomposition", 1, 1, 1, E, infer_decomposition},
    {"fly.composed_get_offset", 1, 1, 1, E | F, infer_composed_get_offset},
    {"fly.make_ptr", 0, 0, 1, E | G, infer_make_ptr},
    {"fly.get_shape", 1, 1, 1, E | F, infer_get_shape},
    {"fly.get_stride", 1, 1, 1, E | F, infer_get_stride},
    {"fly.get_layout", 1, 1, 1, E | F, infer_get_layout},
    {"fly.get_iter", 1, 1, 1, E, infer_get_iter},
    {"fly.get_scalar", 1, 1, 1, E | G, infer_get_scalar},
    {"fly.size", 1, 1, 1, E | F, infer_size},
    {"fly.cosize", 1, 1, 1, E | F, infer_cosize},
    {"fly.crd2idx", 2, 2, 1, E | F, infer_crd2idx},
    {"fly.idx2crd", 2, 2, 1, E | F, infer_idx2crd},
    {"fly.slice", 2, 2, 1, E | F, infer_slice},
    {"fly.coalesce", 1, 1, 1, E | F, infer_coalesce},
    {"fly.composition", 2, 2, 1, E | F, infer_composition},
    {"fly.complement", 1, 2, 1, E | F, infer_complement},
    {"fly.right_inverse", 1, 1, 1, E | F, infer_right_inverse},
    {"fly.logical_divide", 2, 2, 1, E | F, infer_logical_divide},
    {"fly.zipped_divide", 2, 2, 1, E | F, infer_zipped_divide},
    {"fly.tiled_divide", 2, 2, 1, E | F, infer_tiled_divide},
    {"fly.logical_product", 2, 2, 1, E | F, infer_logical_product},
    {"fly.int_tuple_add", 2, 2, 1, E | F, infer_add},
    {"fly.int_tuple_sub", 2, 2, 1, E | F, infer_sub},
    {"fly.int_tuple_mul", 2, 2, 1, E | F, infer_mul},
    {"fly.int_tuple_div", 2, 2, 1, E | F, infer_div},
    {"fly.int_tuple_mod", 2, 2, 1, E | F, infer_mod},
    {"fly.add_offset", 2, 2, 1, E, infer_add_offset},
    {"fly.get_dyn_shared", 0, 0, 1, E | G, infer_get_dyn_shared},
    {"fly.ptr.load", 1, 1, 1, E | G, infer_ptr_load},
    {"fly.ptr.store", 2, 2, 0, 0, infer_ptr_store},
    {"fly.to_llvm_ptr", 1, 1, 1, E | G, NULL}, /* !llvm.ptr<llvm_address_space> of a fly pointer */
    {"fly.apply_swizzle", 2, 2, 1, E | G, NULL}, /* the pointer typed with a swizzle (loads / stores swizzle) */
    {"fly.memref.alloca", 1, 1, 1, E | G, infer_memref_alloca},
    {"fly.memref.load", 2, 2, 1, E, infer_memref_load},
    {"fly.memref.store", 3, 3, 0, 0, infer_memref_store},
    {"fly.memref.load_vec", 1, 1, 1, E, infer_load_vec},
    {"fly.memref.store_vec", 2, 2, 0, 0, infer_store_vec},
    {"fly.print", 0, -1, 0, 0, infer_print},
    /* MMA atoms (lib/passes/lower_mma.c lowers the calls before the layout lowering) */
    {"fly.make_mma_atom", 0, 0, 1, E | G, NULL},
    {"fly.atom.set_value", 2, 2, 1, E | G, NULL}, /* an atom with a state field (attribute `field`) set */
    {"fly.mma_atom_call", 5, 5, 0, 0, NULL},
    {"fly.make_copy_atom", 0, 0, 1, E | G, infer_make_copy_atom},
    {"fly.copy_atom_call", 3, 4, 0, 0, infer_copy_atom_call},
    {"fly.copy", 3, 4, 0, 0, infer_copy},
    {"fly.copy_atom_call_ssa", 2, 4, -1, G, infer_copy_atom_call_ssa},
};
#undef E
#undef F
#undef G

const fly_ir_opdef *fly_ir_opdef_lookup(const char *name, size_t len) {
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
        if (strlen(ops[i].name) == len && memcmp(ops[i].name, name, len) == 0) return &ops[i];
    return NULL;
}

int fly_ir_opdef_count(void) { return (int)(sizeof ops / sizeof ops[0]); }
const fly_ir_opdef *fly_ir_opdef_at(int i) { return i >= 0 && i < fly_ir_opdef_count() ? &ops[i] : NULL; }

fly_status fly_ir_op_infer(const fly_ir_opdef *def, MlirContext ctx, const MlirType *operands, int n,
                           const MlirNamedAttribute *attrs, int nattrs, MlirType given, MlirType *out, fly_error *err) {
    if (n < def->min_operands || (def->max_operands >= 0 && n > def->max_operands)) {
        if (def->min_operands == def->max_operands)
            return fly_error_set(err, FLY_E_INVALID, "%s takes %d operand%s, got %d", def->name, def->min_operands,
                                 def->min_operands == 1 ? "" : "s", n);
        return fly_error_set(err, FLY_E_INVALID, "%s takes %d to %d operands, got %d", def->name, def->min_operands,
                             def->max_operands, n);
    }
    for (int i = 0; i < n; i++)
        if (mlirTypeIsNull(operands[i]))
            return fly_error_set(err, FLY_E_INVALID, "%s: operand %d is null", def->name, i);
    fly_status st = def->infer ? def->infer(ctx, operands, n, attrs, nattrs, given, out, err) : FLY_OK;
    if (st) fly_error_wrap(err, "%s", def->name);
    return st;
}

/* Data of a fly type with "{...}" annotations of dynamic leaves removed, into buf. */
static void strip_annotations(MlirType t, char *buf, size_t cap) {
    MlirStringRef d = fly_ir_type_data(t);
    size_t j = 0;
    for (size_t i = 0; i < d.length && j + 1 < cap; i++) {
        if (d.data[i] == '{' && i > 0 && d.data[i - 1] == '?') {
            while (i < d.length && d.data[i] != '}') i++;
            continue;
        }
        if (d.data[i] != ' ') buf[j++] = d.data[i];
    }
    buf[j] = '\0';
}

bool fly_ir_types_agree(MlirType a, MlirType b) {
    if (mlirTypeEqual(a, b)) return true;
    if (fly_ir_type_kind(a) == FLY_IR_NOT_FLY || fly_ir_type_kind(b) == FLY_IR_NOT_FLY) return false;
    char x[2048], y[2048];
    strip_annotations(a, x, sizeof x);
    strip_annotations(b, y, sizeof y);
    return strcmp(x, y) == 0;
}

fly_status fly_ir_op_verify(MlirOperation op, fly_error *err) {
    MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
    const fly_ir_opdef *def = fly_ir_opdef_lookup(name.data, name.length);
    if (!def) return fly_error_set(err, FLY_E_INVALID, "unknown fly op '%.*s'", (int)name.length, name.data);
    intptr_t nres = mlirOperationGetNumResults(op);
    if (def->num_results >= 0 ? nres != def->num_results : nres > 1)
        return fly_error_set(err, FLY_E_INVALID, "%s has %d result%s, expected %d", def->name, (int)nres,
                             nres == 1 ? "" : "s", def->num_results >= 0 ? def->num_results : 1);
    if (mlirOperationGetNumRegions(op) != 0) return fly_error_set(err, FLY_E_INVALID, "%s takes no regions", def->name);
    int n = (int)mlirOperationGetNumOperands(op);
    MlirType small[8];
    MlirType *in = n <= 8 ? small : malloc(sizeof(MlirType) * (size_t)n);
    if (!in) return fly_error_set(err, FLY_E_CAPACITY, "out of memory");
    for (int i = 0; i < n; i++) in[i] = mlirValueGetType(mlirOperationGetOperand(op, i));
    int na = (int)mlirOperationGetNumAttributes(op);
    MlirNamedAttribute asmall[8];
    MlirNamedAttribute *attrs = na < 8 ? asmall : malloc(sizeof(MlirNamedAttribute) * (size_t)(na + 1));
    for (int i = 0; attrs && i < na; i++) attrs[i] = mlirOperationGetAttribute(op, i);
    /* an unregistered op keeps "<{...}>" (FlyDSL's printed properties) as inherent attributes */
    MlirAttribute seg = mlirOperationGetInherentAttributeByName(op, fly_ir_sref("operandSegmentSizes"));
    if (attrs && !mlirAttributeIsNull(seg) && mlirAttributeIsNull(find_attr(attrs, na, "operandSegmentSizes")))
        attrs[na++] = fly_ir_named(mlirOperationGetContext(op), "operandSegmentSizes", seg);
    MlirType actual = nres ? mlirValueGetType(mlirOperationGetResult(op, 0)) : fly_ir_type_null();
    MlirType inferred = fly_ir_type_null();
    fly_status st = fly_ir_op_infer(def, mlirOperationGetContext(op), in, n, attrs, attrs ? na : 0,
                                    (def->flags & FLY_OP_RESULT_GIVEN) ? actual : fly_ir_type_null(), &inferred, err);
    if (!st && nres && def->infer && !fly_ir_types_agree(inferred, actual)) {
        char *a = fly_ir_type_print(actual), *b = fly_ir_type_print(inferred);
        st = fly_error_set(err, FLY_E_INVALID, "%s: result type %s does not match the inferred %s", def->name, a, b);
        free(a);
        free(b);
    }
    if (in != small) free(in);
    if (attrs != asmall) free(attrs);
    return st;
}

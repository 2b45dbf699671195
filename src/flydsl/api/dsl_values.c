/* dsl_values.c - the value types of flydsl.expr: IntTuple, Layout, ComposedLayout, Swizzle (and the
 * swizzle type of SwizzleType.get), Tile, Basis and Tensor (coordinate and register tensors).
 *
 * str() is FlyDSL's trace-time text (ClassName<type text>); repr() is the same text. */
#include <string.h>

#include "flydsl/api/dsl.h"
#include "flydsl/api/dsl_numeric.h"
#include "exec/interp.h"
#include "flydsl/trace/trace.h"

#define TEXT_MAX 4096

static fy_obj *wrap_text(const char *pre, const char *body, const char *post) {
    return fy_str_printf("%s%s%s", pre, body, post);
}

/* ------------------------------------------------------------------ IntTuple */

fy_obj *fy_dsl_inttuple_new(const fly_inttuple *t) {
    fy_dsl_inttuple *o = (fy_dsl_inttuple *)fy_alloc(&fy_dsl_inttuple_type);
    if (o) fly_inttuple_copy(&o->t, t);
    return &o->h;
}

static fy_obj *it_str(fy_obj *self) {
    char buf[TEXT_MAX];
    fly_inttuple_print(&((fy_dsl_inttuple *)self)->t, buf, sizeof buf);
    return wrap_text("IntTuple<", buf, ">");
}

static fy_obj *it_unpack(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)a;
    if (fy_no_kwargs("unpack", kw) < 0 || fy_check_nargs("unpack", na, 0, 0) < 0) return NULL;
    return fy_dsl_inttuple_to_py(&((fy_dsl_inttuple *)self)->t);
}

static fy_obj *it_getitem(fy_obj *self, fy_obj *key) {
    int64_t i;
    if (fy_dsl_to_int(key, &i, "IntTuple[]", "the index") < 0) return NULL;
    const fly_inttuple *t = &((fy_dsl_inttuple *)self)->t;
    int r = fly_inttuple_rank(t);
    if (i < 0) i += r;
    fly_inttuple e;
    fly_error err;
    if (i < 0 || i >= r) return fy_err_format(&fy_IndexError, "IntTuple index %lld out of range", (long long)i);
    if (fly_inttuple_get(t, (int)i, &e, &err)) return fy_dsl_raise(&err);
    return fy_dsl_inttuple_new(&e); /* an IntTuple, as FlyDSL's IntTuple[i] (fx.get gives the scalar) */
}

static int64_t it_len(fy_obj *self) {
    const fly_inttuple *t = &((fy_dsl_inttuple *)self)->t;
    return fly_inttuple_rank(t);
}

static fy_obj *it_richcmp(fy_obj *a, fy_obj *b, int op) {
    if (op != FY_EQ_OP && op != FY_NE_OP) return fy_ref(fy_NotImplemented);
    fly_inttuple x, y;
    if (fy_dsl_to_inttuple(a, &x, 1, "==", "operand") < 0 || fy_dsl_to_inttuple(b, &y, 1, "==", "operand") < 0) {
        fy_err_clear();
        return fy_ref(fy_NotImplemented);
    }
    bool eq = fly_inttuple_equal(&x, &y);
    return fy_bool(op == FY_EQ_OP ? eq : !eq);
}

static int64_t text_hash(const char *s) {
    uint64_t h = 1469598103934665603ull;
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 1099511628211ull;
    int64_t r = (int64_t)(h >> 1);
    return r == -1 ? -2 : r;
}

static int64_t it_hash(fy_obj *self) {
    char buf[TEXT_MAX];
    fly_inttuple_print(&((fy_dsl_inttuple *)self)->t, buf, sizeof buf);
    return text_hash(buf);
}

/* A one-leaf IntTuple as a scalar: a Python int (static) or, inside a kernel, the runtime leaf's DSL
 * integer (new reference); NULL without an exception otherwise. */
static fy_obj *leaf_scalar(fy_obj *o) {
    if (!fy_isinstance_of(o, &fy_dsl_inttuple_type)) return NULL;
    const fly_inttuple *t = &((fy_dsl_inttuple *)o)->t;
    if (!fly_inttuple_is_leaf(t)) return NULL;
    if (t->n[0].kind == FLY_IT_INT) return fy_int_from(t->n[0].v);
    return fy_trace_leaf_value(t);
}

static fy_obj *it_binop(fy_obj *a, fy_obj *b, fly_itop op, const char *name) {
    fly_inttuple x, y, r;
    fly_error err;
    if (FY_DSL_NUM_CHECK(a) || FY_DSL_NUM_CHECK(b)) {
        /* a one-leaf IntTuple (fx.get of a coordinate) with a DSL number: the number's arithmetic */
        fy_obj *o = FY_DSL_NUM_CHECK(a) ? b : a, *sc = leaf_scalar(o);
        if (!sc) return fy_ref(fy_NotImplemented);
        static const int nb[] = {[FLY_ITOP_ADD] = FY_NB_ADD,
                                 [FLY_ITOP_SUB] = FY_NB_SUB,
                                 [FLY_ITOP_MUL] = FY_NB_MUL,
                                 [FLY_ITOP_DIV] = FY_NB_FLOORDIV,
                                 [FLY_ITOP_MOD] = FY_NB_MOD};
        fy_obj *res = o == a ? fy_binop(sc, b, nb[op]) : fy_binop(a, sc, nb[op]);
        FY_DECREF(sc);
        return res;
    }
    if (!fy_isinstance_of(a, &fy_dsl_inttuple_type) && !FY_INT_CHECK(a) && !FY_TUPLE_CHECK(a))
        return fy_ref(fy_NotImplemented);
    if (!fy_isinstance_of(b, &fy_dsl_inttuple_type) && !FY_INT_CHECK(b) && !FY_TUPLE_CHECK(b))
        return fy_ref(fy_NotImplemented);
    if (fy_dsl_to_inttuple(a, &x, 0, name, "lhs") < 0 || fy_dsl_to_inttuple(b, &y, 0, name, "rhs") < 0) return NULL;
    int on = fy_trace_dyn_enter(); /* runtime leaves inside a kernel: computed there */
    fly_status st = fly_inttuple_elementwise(op, &x, &y, &r, &err);
    fy_trace_dyn_leave(on);
    if (st) return fy_dsl_raise(&err);
    return fy_dsl_inttuple_new(&r);
}
static fy_obj *it_add(fy_obj *a, fy_obj *b) { return it_binop(a, b, FLY_ITOP_ADD, "int_tuple_add"); }
static fy_obj *it_sub(fy_obj *a, fy_obj *b) { return it_binop(a, b, FLY_ITOP_SUB, "int_tuple_sub"); }
static fy_obj *it_mul(fy_obj *a, fy_obj *b) { return it_binop(a, b, FLY_ITOP_MUL, "int_tuple_mul"); }
static fy_obj *it_div(fy_obj *a, fy_obj *b) { return it_binop(a, b, FLY_ITOP_DIV, "int_tuple_div"); }
static fy_obj *it_mod(fy_obj *a, fy_obj *b) { return it_binop(a, b, FLY_ITOP_MOD, "int_tuple_mod"); }

static fy_obj *it_index(fy_obj *self) {
    const fly_inttuple *t = &((fy_dsl_inttuple *)self)->t;
    if (t->n[0].kind != FLY_IT_INT) {
        char buf[256];
        if (t->n[0].kind == FLY_IT_DYN)
            return fy_err_format(&fy_TypeError,
                                 "IntTuple<%s> is dynamic (known only when the kernel runs): it cannot be used as a "
                                 "Python int; loop over it with range(...) on the device instead of range_constexpr",
                                 fly_inttuple_str(t, buf));
        return fy_err_format(&fy_TypeError, "IntTuple<%s> is not a static integer", fly_inttuple_str(t, buf));
    }
    return fy_int_from(t->n[0].v);
}

/* FlyDSL's IntTuple / Layout properties: rank (top-level modes, 1 for a leaf), depth, is_leaf, is_static */
static fy_obj *it_rank(fy_obj *o) { return fy_int_from(fly_inttuple_rank(&((fy_dsl_inttuple *)o)->t)); }
static fy_obj *it_depth(fy_obj *o) { return fy_int_from(fly_inttuple_depth(&((fy_dsl_inttuple *)o)->t)); }
static fy_obj *it_is_leaf(fy_obj *o) { return fy_bool(fly_inttuple_is_leaf(&((fy_dsl_inttuple *)o)->t)); }
static fy_obj *it_is_static(fy_obj *o) { return fy_bool(fly_inttuple_is_static(&((fy_dsl_inttuple *)o)->t)); }
/* value.type: FlyDSL's MLIR type of the value (str "!fly.int_tuple<...>", is_leaf_basis, get_static_leaf_int, ...),
 * made by flydsl.expr._surface._value_type. */
static fy_obj *value_type(fy_obj *o) {
    fy_obj *m = fy_import("flydsl.expr._surface");
    FY_XDECREF(m);
    fy_obj *s = m ? fy_dict_get_cstr(fy_cur->modules, "flydsl.expr._surface") : NULL;
    return s ? fy_call_method(s, "_value_type", &o, 1) : NULL;
}
static fy_obj *it_static_leaf_int(fy_obj *o) {
    const fly_inttuple *t = &((fy_dsl_inttuple *)o)->t;
    if (!fly_inttuple_is_leaf(t) || t->n[0].kind != FLY_IT_INT)
        return fy_err_set(&fy_ValueError, "IntTuple is not a static leaf");
    return fy_int_from(t->n[0].v);
}
static fy_getsetdef it_getsets[] = {{"rank", it_rank, NULL, "number of top-level modes (1 for a leaf)"},
                                    {"type", value_type, NULL, "the MLIR type (!fly.int_tuple<...>)"},
                                    {"get_static_leaf_int", it_static_leaf_int, NULL, "the int of a static leaf"},
                                    {"depth", it_depth, NULL, "nesting depth (0 for a leaf)"},
                                    {"is_leaf", it_is_leaf, NULL, "True for a single integer"},
                                    {"is_static", it_is_static, NULL, "True when every leaf is known at trace time"},
                                    {0}};

static fy_methoddef it_methods[] = {
    {"unpack", it_unpack, 0, "unpack()\nThe value as nested Python tuples of ints."},
    {"to_py_value", it_unpack, 0, "to_py_value()\nThe value as nested Python tuples of ints."},
    {0}};

fy_type fy_dsl_inttuple_type = {
    FY_TYPE_INIT("IntTuple", sizeof(fy_dsl_inttuple)),
    .doc = "IntTuple: a hierarchical integer tuple (shape, stride, coordinate).",
    .flags = FY_TPF_FINAL,
    .repr = it_str,
    .str = it_str,
    .getitem = it_getitem,
    .len = it_len,
    .richcmp = it_richcmp,
    .hash = it_hash,
    .index = it_index,
    .to_int = it_index,
    .nb[FY_NB_ADD] = it_add,
    .nb[FY_NB_SUB] = it_sub,
    .nb[FY_NB_MUL] = it_mul,
    .nb[FY_NB_FLOORDIV] = it_div,
    .nb[FY_NB_TRUEDIV] = it_div,
    .nb[FY_NB_MOD] = it_mod,
    .methods = it_methods,
    .getsets = it_getsets,
};

/* ------------------------------------------------------------------ Layout */

fy_obj *fy_dsl_layout_new(const fly_layout *L) {
    fy_dsl_layout *o = (fy_dsl_layout *)fy_alloc(&fy_dsl_layout_type);
    if (o) fly_layout_copy(&o->L, L);
    return &o->h;
}

static fy_obj *layout_str(fy_obj *self) {
    char buf[TEXT_MAX];
    fly_layout_print(&((fy_dsl_layout *)self)->L, buf, sizeof buf);
    return wrap_text("Layout<", buf, ">");
}

/* The arguments of L(...) / t[...] as one coordinate object (new ref). */
static fy_obj *coord_of(fy_obj *const *a, size_t na) {
    if (na == 1) return fy_ref(a[0]);
    return fy_tuple_from(a, na);
}

static int has_none(fy_obj *o) {
    if (o == fy_None) return 1;
    if (FY_TUPLE_CHECK(o) || FY_LIST_CHECK(o)) {
        size_t n;
        fy_obj **items = fy_seq_items(o, &n);
        for (size_t i = 0; i < n; i++)
            if (has_none(items[i])) return 1;
    }
    return 0;
}

static fy_obj *layout_call(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    if (fy_no_kwargs("Layout", kw) < 0) return NULL;
    if (na == 0) return fy_err_set(&fy_TypeError, "Layout(): a coordinate is required");
    fy_obj *c = coord_of(a, na);
    if (!c) return NULL;
    fy_obj *r = has_none(c) ? fy_dsl_slice_obj(self, c) : fy_dsl_crd2idx_obj(c, self);
    FY_DECREF(c);
    return r;
}

static fy_obj *layout_getitem(fy_obj *self, fy_obj *key) {
    const fly_layout *L = &((fy_dsl_layout *)self)->L;
    fly_layout m;
    fly_error err;
    if (FY_TUPLE_CHECK(key)) {
        int path[FLY_IT_MAX_DEPTH];
        size_t n;
        fy_obj **items = fy_seq_items(key, &n);
        if (n > FLY_IT_MAX_DEPTH) return fy_err_set(&fy_ValueError, "Layout[]: mode path too long");
        for (size_t i = 0; i < n; i++) {
            int64_t v;
            if (fy_dsl_to_int(items[i], &v, "Layout[]", "a mode index") < 0) return NULL;
            path[i] = (int)v;
        }
        if (fly_layout_get_path(L, path, (int)n, &m, &err)) return fy_dsl_raise(&err);
        return fy_dsl_layout_new(&m);
    }
    int64_t i;
    if (fy_dsl_to_int(key, &i, "Layout[]", "the mode index") < 0) return NULL;
    if (i < 0) i += fly_layout_rank(L);
    if (fly_layout_get(L, (int)i, &m, &err)) return fy_dsl_raise(&err);
    return fy_dsl_layout_new(&m);
}

static fy_obj *layout_richcmp(fy_obj *a, fy_obj *b, int op) {
    if ((op != FY_EQ_OP && op != FY_NE_OP) || !fy_isinstance_of(a, &fy_dsl_layout_type) ||
        !fy_isinstance_of(b, &fy_dsl_layout_type))
        return fy_ref(fy_NotImplemented);
    bool eq = fly_layout_equal(&((fy_dsl_layout *)a)->L, &((fy_dsl_layout *)b)->L);
    return fy_bool(op == FY_EQ_OP ? eq : !eq);
}

static int64_t layout_hash(fy_obj *self) {
    char buf[TEXT_MAX];
    fly_layout_print(&((fy_dsl_layout *)self)->L, buf, sizeof buf);
    return text_hash(buf);
}

static fy_obj *layout_shape(fy_obj *self) { return fy_dsl_inttuple_new(&((fy_dsl_layout *)self)->L.shape); }
static fy_obj *layout_stride(fy_obj *self) { return fy_dsl_inttuple_new(&((fy_dsl_layout *)self)->L.stride); }

typedef fly_status (*coordfn)(const fly_layout *, const fly_inttuple *, fly_inttuple *, fly_error *);
static fy_obj *layout_coordfn(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw, const char *name, coordfn fn) {
    static const char *const names[] = {"index", NULL};
    fy_obj *v[1];
    fly_inttuple idx, r;
    fly_error err;
    if (fy_parse_args(name, a, na, kw, names, 1, 1, 1, v) < 0) return NULL;
    if (fy_dsl_to_inttuple(v[0], &idx, 0, name, "the index") < 0) return NULL;
    int on = fy_trace_dyn_enter(); /* a runtime index inside a kernel: the coordinate computed there */
    fly_status st = fn(&((fy_dsl_layout *)self)->L, &idx, &r, &err);
    fy_trace_dyn_leave(on);
    if (st) return fy_dsl_raise(&err);
    return fy_dsl_inttuple_new(&r);
}
static fy_obj *layout_hier(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    return layout_coordfn(s, a, na, kw, "get_hier_coord", fly_layout_get_hier_coord);
}
static fy_obj *layout_flat(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    return layout_coordfn(s, a, na, kw, "get_flat_coord", fly_layout_get_flat_coord);
}
static fy_obj *layout_1d(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    return layout_coordfn(s, a, na, kw, "get_1d_coord", fly_layout_get_1d_coord);
}

/* _repr_svg_(): the picture fx.utils.layout_svg draws (None when it cannot be drawn), so a layout
 * or tensor shows as an image in a notebook. */
fy_obj *fy_dsl_repr_svg(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)a;
    if (fy_no_kwargs("_repr_svg_", kw) < 0 || fy_check_nargs("_repr_svg_", na, 0, 0) < 0) return NULL;
    fy_obj *m = fy_import("flydsl.expr.utils");
    FY_XDECREF(m);
    fy_obj *u = m ? fy_dict_get_cstr(fy_cur->modules, "flydsl.expr.utils") : NULL;
    fy_obj *r = u ? fy_call_method(u, "layout_svg", &self, 1) : NULL;
    if (!r) fy_err_clear();
    if (r && FY_STR_CHECK(r) && !strncmp(FY_STR_DATA(r), "<?xml", 5)) { /* inline SVG: no XML declaration */
        const char *sv = strstr(FY_STR_DATA(r), "<svg");
        fy_obj *t = sv ? fy_str_from_cstr(sv) : NULL;
        if (t) {
            FY_DECREF(r);
            r = t;
        }
    }
    return r ? r : fy_none();
}
static fy_methoddef svg_methods[] = {{"_repr_svg_", fy_dsl_repr_svg, 0, "_repr_svg_()\nThe picture as SVG."}, {0}};

static fy_methoddef layout_methods[] = {
    {"_repr_svg_", fy_dsl_repr_svg, 0, "_repr_svg_()\nThe picture as SVG."},
    {"get_hier_coord", layout_hier, 0,
     "get_hier_coord(index)\nHierarchical coordinate of an index: idx2crd(index, self)."},
    {"get_flat_coord", layout_flat, 0, "get_flat_coord(index)\nPer top-level mode, the 1-D coordinate of an index."},
    {"get_1d_coord", layout_1d, 0, "get_1d_coord(index)\n1-D (column-major) coordinate of an index."},
    {0}};
static fy_obj *layout_rank(fy_obj *o) { return fy_int_from(fly_layout_rank(&((fy_dsl_layout *)o)->L)); }
static fy_obj *layout_depth(fy_obj *o) { return fy_int_from(fly_layout_depth(&((fy_dsl_layout *)o)->L)); }
static fy_obj *layout_is_leaf(fy_obj *o) { return fy_bool(fly_inttuple_is_leaf(&((fy_dsl_layout *)o)->L.shape)); }
static fy_obj *layout_is_static(fy_obj *o) { return fy_bool(fly_layout_is_static(&((fy_dsl_layout *)o)->L)); }
static fy_getsetdef layout_getsets[] = {{"shape", layout_shape, NULL, "the shape (IntTuple)"},
                                        {"stride", layout_stride, NULL, "the stride (IntTuple)"},
                                        {"rank", layout_rank, NULL, "number of top-level modes"},
                                        {"type", value_type, NULL, "the MLIR type (!fly.layout<...>)"},
                                        {"depth", layout_depth, NULL, "nesting depth of the shape"},
                                        {"is_leaf", layout_is_leaf, NULL, "True for a one-mode, unnested layout"},
                                        {"is_static", layout_is_static, NULL, "True when shape and stride are static"},
                                        {0}};

fy_type fy_dsl_layout_type = {
    FY_TYPE_INIT("Layout", sizeof(fy_dsl_layout)),
    .doc = "Layout: shape:stride, a function from coordinates to indices. L(c) is crd2idx, L[i] mode i.",
    .flags = FY_TPF_FINAL,
    .repr = layout_str,
    .str = layout_str,
    .call = layout_call,
    .getitem = layout_getitem,
    .richcmp = layout_richcmp,
    .hash = layout_hash,
    .methods = layout_methods,
    .getsets = layout_getsets,
};

/* ------------------------------------------------------------------ ComposedLayout */

fy_obj *fy_dsl_composed_new(const fly_composed *c) {
    fy_dsl_composed *o = (fy_dsl_composed *)fy_alloc(&fy_dsl_composed_type);
    if (o) memcpy(&o->c, c, sizeof *c);
    return &o->h;
}

static fy_obj *composed_str(fy_obj *self) {
    char buf[TEXT_MAX];
    fly_composed_print(&((fy_dsl_composed *)self)->c, buf, sizeof buf);
    return wrap_text("ComposedLayout<", buf, ">");
}

static fy_obj *composed_call(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    if (fy_no_kwargs("ComposedLayout", kw) < 0) return NULL;
    if (na == 0) return fy_err_set(&fy_TypeError, "ComposedLayout(): a coordinate is required");
    fy_obj *c = coord_of(a, na);
    if (!c) return NULL;
    fy_obj *r = has_none(c) ? fy_dsl_slice_obj(self, c) : fy_dsl_crd2idx_obj(c, self);
    FY_DECREF(c);
    return r;
}

static fy_obj *composed_inner(fy_obj *self) {
    const fly_composed *c = &((fy_dsl_composed *)self)->c;
    if (c->stage[0].inner_kind == FLY_INNER_SWIZZLE) return fy_dsl_swizzle_new(&c->stage[0].swizzle, 0);
    return fy_dsl_layout_new(&c->stage[0].inner);
}
static fy_obj *composed_offset(fy_obj *self) {
    return fy_dsl_inttuple_new(&((fy_dsl_composed *)self)->c.stage[0].offset);
}
static fy_obj *composed_outer(fy_obj *self) {
    const fly_composed *c = &((fy_dsl_composed *)self)->c;
    if (c->nstages == 1) return fy_dsl_layout_new(&c->outer);
    fly_composed rest;
    memset(&rest, 0, sizeof rest);
    rest.nstages = c->nstages - 1;
    memcpy(rest.stage, c->stage + 1, sizeof(fly_composed_stage) * (size_t)rest.nstages);
    fly_layout_copy(&rest.outer, &c->outer);
    return fy_dsl_composed_new(&rest);
}

static fy_getsetdef composed_getsets[] = {{"inner", composed_inner, NULL, "the inner function (Swizzle or Layout)"},
                                          {"offset", composed_offset, NULL, "the offset (IntTuple)"},
                                          {"outer", composed_outer, NULL, "the outer layout"},
                                          {0}};

fy_type fy_dsl_composed_type = {
    FY_TYPE_INIT("ComposedLayout", sizeof(fy_dsl_composed)),
    .doc = "ComposedLayout: inner o offset o outer.",
    .flags = FY_TPF_FINAL,
    .repr = composed_str,
    .str = composed_str,
    .call = composed_call,
    .getsets = composed_getsets,
    .methods = svg_methods,
};

/* ------------------------------------------------------------------ Swizzle */

fy_obj *fy_dsl_swizzle_new(const fly_swizzle *s, int is_type) {
    fy_dsl_swizzle *o = (fy_dsl_swizzle *)fy_alloc(&fy_dsl_swizzle_type);
    if (o) {
        o->s = *s;
        o->is_type = is_type;
    }
    return &o->h;
}

static fy_obj *swizzle_str(fy_obj *self) {
    fy_dsl_swizzle *o = (fy_dsl_swizzle *)self;
    char buf[64];
    fly_swizzle_print(&o->s, buf, sizeof buf);
    return o->is_type ? wrap_text("!fly.swizzle<", buf, ">") : wrap_text("Swizzle<", buf, ">");
}

static fy_obj *swizzle_call(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    int64_t x;
    if (fy_no_kwargs("Swizzle", kw) < 0 || fy_check_nargs("Swizzle", na, 1, 1) < 0) return NULL;
    if (fy_dsl_to_int(a[0], &x, "Swizzle", "the offset") < 0) return NULL;
    if (x < 0) return fy_err_set(&fy_ValueError, "Swizzle: the offset must be non-negative");
    return fy_int_from(fly_swizzle_apply(&((fy_dsl_swizzle *)self)->s, x));
}

static fy_obj *swizzle_mask(fy_obj *self) { return fy_int_from(((fy_dsl_swizzle *)self)->s.bits); }
static fy_obj *swizzle_base(fy_obj *self) { return fy_int_from(((fy_dsl_swizzle *)self)->s.base); }
static fy_obj *swizzle_shift(fy_obj *self) { return fy_int_from(((fy_dsl_swizzle *)self)->s.shift); }

static fy_obj *swizzle_richcmp(fy_obj *a, fy_obj *b, int op) {
    if ((op != FY_EQ_OP && op != FY_NE_OP) || !fy_isinstance_of(b, &fy_dsl_swizzle_type))
        return fy_ref(fy_NotImplemented);
    fy_dsl_swizzle *x = (fy_dsl_swizzle *)a, *y = (fy_dsl_swizzle *)b;
    bool eq = x->is_type == y->is_type && x->s.bits == y->s.bits && x->s.base == y->s.base && x->s.shift == y->s.shift;
    return fy_bool(op == FY_EQ_OP ? eq : !eq);
}

static fy_getsetdef swizzle_getsets[] = {{"mask", swizzle_mask, NULL, "number of bits in the mask"},
                                         {"base", swizzle_base, NULL, "number of least-significant bits kept"},
                                         {"shift", swizzle_shift, NULL, "distance of the xor"},
                                         {0}};

fy_type fy_dsl_swizzle_type = {
    FY_TYPE_INIT("Swizzle", sizeof(fy_dsl_swizzle)),
    .doc = "Swizzle S<mask,base,shift>: x ^ ((x & yyy_mask) >> shift).",
    .flags = FY_TPF_FINAL,
    .repr = swizzle_str,
    .str = swizzle_str,
    .call = swizzle_call,
    .richcmp = swizzle_richcmp,
    .getsets = swizzle_getsets,
};

/* SwizzleType: only the static constructor SwizzleType.get(mask, base, shift). */
static fy_obj *swizzletype_get(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)self;
    static const char *const names[] = {"mask", "base", "shift", NULL};
    fy_obj *v[3];
    int64_t x[3];
    fly_swizzle s;
    fly_error err;
    if (fy_parse_args("SwizzleType.get", a, na, kw, names, 3, 3, 3, v) < 0) return NULL;
    for (int i = 0; i < 3; i++)
        if (fy_dsl_to_int(v[i], &x[i], "SwizzleType.get", names[i]) < 0) return NULL;
    if (fly_swizzle_make(&s, (int)x[0], (int)x[1], (int)x[2], &err)) return fy_dsl_raise(&err);
    return fy_dsl_swizzle_new(&s, 1);
}
static fy_methoddef swizzletype_methods[] = {
    {"get", swizzletype_get, FY_METH_STATIC,
     "get(mask, base, shift)\nThe swizzle type !fly.swizzle<S<mask,base,shift>>."},
    {0}};
fy_type fy_dsl_swizzletype_type = {
    FY_TYPE_INIT("SwizzleType", sizeof(fy_obj)),
    .doc = "SwizzleType.get(mask, base, shift) gives the type; fx.static(type) the Swizzle value.",
    .flags = FY_TPF_FINAL,
    .methods = swizzletype_methods,
};

/* ------------------------------------------------------------------ Tile */

fy_obj *fy_dsl_tile_new(const fly_tile *t) {
    fy_dsl_tile *o = (fy_dsl_tile *)fy_alloc(&fy_dsl_tile_type);
    if (o) memcpy(&o->t, t, sizeof *t);
    return &o->h;
}

static fy_obj *tile_str(fy_obj *self) {
    char buf[TEXT_MAX];
    fly_tile_print_display(&((fy_dsl_tile *)self)->t, buf, sizeof buf);
    return wrap_text("Tile<", buf, ">");
}

/* The Python value of tile entry i: an int, a Layout, None for "*", a tuple for a nested list. */
static fy_obj *tile_entry_value(const fly_tile *t, int i) {
    const fly_tile_entry *e = &t->e[i];
    if (e->kind == FLY_TILE_INT) return fy_int_from(e->v);
    if (e->kind == FLY_TILE_LAYOUT) return fy_dsl_layout_new(&t->layouts[e->layout]);
    if (e->kind == FLY_TILE_NONE) return fy_ref(fy_None);
    fy_obj *r = fy_tuple_new(e->n);
    for (int k = 0, j = i + 1; r && k < e->n; k++) {
        fy_obj *v = tile_entry_value(t, j);
        if (!v) {
            FY_DECREF(r);
            return NULL;
        }
        fy_tuple_set_steal(r, k, v);
        j += t->e[j].span;
    }
    return r;
}

/* t.unpack(): FlyDSL's value on each mode (ints, Layouts, nested tuples); a tile of one mode is that mode. */
static fy_obj *tile_unpack(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)a;
    if (fy_no_kwargs("unpack", kw) < 0 || fy_check_nargs("unpack", na, 0, 0) < 0) return NULL;
    const fly_tile *t = &((fy_dsl_tile *)self)->t;
    return tile_entry_value(t, t->e[0].n == 1 ? 1 : 0);
}

static fy_obj *tile_rank(fy_obj *self) { return fy_int_from(((fy_dsl_tile *)self)->t.e[0].n); }

static fy_methoddef tile_methods[] = {
    {"unpack", tile_unpack, 0, "unpack()\nThe value on each mode: ints, Layouts and nested tuples."}, {0}};
static fy_getsetdef tile_getsets[] = {{"rank", tile_rank, NULL, "the number of top-level modes"}, {0}};

fy_type fy_dsl_tile_type = {
    FY_TYPE_INIT("Tile", sizeof(fy_dsl_tile)),
    .doc = "Tile: a by-mode tiler [t0|t1|...].",
    .flags = FY_TPF_FINAL,
    .repr = tile_str,
    .str = tile_str,
    .methods = tile_methods,
    .getsets = tile_getsets,
};

/* ------------------------------------------------------------------ Basis */

fy_obj *fy_dsl_basis_new(const fly_itnode *n) {
    fy_dsl_basis *o = (fy_dsl_basis *)fy_alloc(&fy_dsl_basis_type);
    if (o) o->n = *n;
    return &o->h;
}

static fy_obj *basis_str(fy_obj *self) {
    char buf[128];
    fly_itnode_print(&((fy_dsl_basis *)self)->n, buf, sizeof buf);
    return fy_str_from_cstr(buf);
}

/* Basis(coef, modes): modes an int or a list/tuple of ints. */
static fy_obj *basis_new(fy_type *t, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)t;
    static const char *const names[] = {"value", "modes", NULL};
    fy_obj *v[2];
    int64_t coef, m;
    int path[FLY_BASIS_MAX_PATH], np = 0;
    fly_itnode n;
    fly_error err;
    uint8_t dyn = 0; /* FLY_IT_F_DYNCOEF (| FLY_IT_F_I64) for a runtime coefficient */
    if (fy_parse_args("Basis", a, na, kw, names, 2, 2, 2, v) < 0) return NULL;
    if (FY_DSL_NUM_CHECK(v[0]) && FY_DSL_IS_INTLIKE(((fy_dsl_num *)v[0])->dt)) {
        /* a DSL integer: static, or inside a trace a runtime coefficient (the leaf's handle) */
        fly_itnode leaf;
        int k = fy_trace_num_leaf(v[0], &leaf);
        if (k < 0) return NULL;
        if (k == 0)
            return fy_err_format(&fy_TypeError, "Basis: a runtime %s coefficient is only usable inside a trace",
                                 fy_type_name(v[0]));
        coef = leaf.v;
        if (leaf.kind == FLY_IT_DYN) dyn = FLY_IT_F_DYNCOEF | (leaf.flags & FLY_IT_F_I64);
    } else if (fy_dsl_to_int(v[0], &coef, "Basis", "value") < 0) return NULL;
    if (FY_TUPLE_CHECK(v[1]) || FY_LIST_CHECK(v[1])) {
        size_t k;
        fy_obj **items = fy_seq_items(v[1], &k);
        if (k > FLY_BASIS_MAX_PATH) return fy_err_set(&fy_ValueError, "Basis: at most 4 modes");
        for (size_t i = 0; i < k; i++) {
            if (fy_dsl_to_int(items[i], &m, "Basis", "a mode") < 0) return NULL;
            path[np++] = (int)m;
        }
    } else {
        if (fy_dsl_to_int(v[1], &m, "Basis", "modes") < 0) return NULL;
        path[np++] = (int)m;
    }
    if (fly_itnode_basis(&n, coef, path, np, &err)) return fy_dsl_raise(&err);
    n.flags |= dyn;
    return fy_dsl_basis_new(&n);
}

static fy_obj *basis_richcmp(fy_obj *a, fy_obj *b, int op) {
    if ((op != FY_EQ_OP && op != FY_NE_OP) || !fy_isinstance_of(b, &fy_dsl_basis_type))
        return fy_ref(fy_NotImplemented);
    const fly_itnode *x = &((fy_dsl_basis *)a)->n, *y = &((fy_dsl_basis *)b)->n;
    bool eq = x->v == y->v && x->aux == y->aux && x->flags == y->flags;
    return fy_bool(op == FY_EQ_OP ? eq : !eq);
}

static fy_obj *basis_mul(fy_obj *a, fy_obj *b) {
    fy_obj *bs = fy_isinstance_of(a, &fy_dsl_basis_type) ? a : b, *k = bs == a ? b : a;
    if (FY_FLOAT_CHECK(k) || fy_isinstance_of(k, &fy_dsl_basis_type)) return fy_ref(fy_NotImplemented);
    fly_itnode n = ((fy_dsl_basis *)bs)->n;
    if (n.flags & FLY_IT_F_DYNCOEF) return fy_ref(fy_NotImplemented);
    int64_t kv;
    /* a Python int or a static integer value (fx.Int32(5)) scales the coefficient; the modes stay */
    if (FY_INT_CHECK(k)) {
        if (fy_dsl_int_value(k, &kv, "Basis *") < 0) return NULL;
    } else {
        fy_obj *num = fy_dsl_as_numeric(k);
        if (!num) {
            fy_err_clear();
            return fy_ref(fy_NotImplemented);
        }
        const fy_dsl_num *x = (const fy_dsl_num *)num;
        int ok = x->is_static && x->dt->kind != FY_DSL_K_FLOAT;
        kv = x->i;
        FY_DECREF(num);
        if (!ok) return fy_ref(fy_NotImplemented);
    }
    n.v *= kv;
    return fy_dsl_basis_new(&n);
}

/* Equal bases (coefficient, path, flags) hash alike. */
static int64_t basis_hash(fy_obj *self) {
    const fly_itnode *n = &((fy_dsl_basis *)self)->n;
    uint64_t h = (uint64_t)n->v * 1000003u ^ (uint64_t)n->aux * 31u ^ n->flags;
    return h == (uint64_t)-1 ? -2 : (int64_t)(h & 0x7fffffffffffffffu);
}

/* The coefficient: an int, or for a runtime coefficient its Int32 / Int64 (inside the trace that made it). */
static fy_obj *basis_value(fy_obj *self) {
    const fly_itnode *n = &((fy_dsl_basis *)self)->n;
    if (n->flags & FLY_IT_F_DYNCOEF)
        return fy_dsl_num_dynamic((n->flags & FLY_IT_F_I64) ? &fy_dsl_t_i64 : &fy_dsl_t_i32, (uint64_t)n->v);
    return fy_int_from(n->v);
}

static fy_obj *basis_modes(fy_obj *self) {
    int path[FLY_BASIS_MAX_PATH];
    int np = fly_itnode_basis_path(&((fy_dsl_basis *)self)->n, path);
    fy_obj *l = fy_list_new(0);
    for (int i = 0; l && i < np; i++)
        if (fy_list_append_steal(l, fy_int_from(path[i])) < 0) {
            FY_DECREF(l);
            return NULL;
        }
    return l;
}

static fy_getsetdef basis_getsets[] = {
    {"value", basis_value, NULL, "the coefficient"}, {"modes", basis_modes, NULL, "the mode path (a list)"}, {0}};

fy_type fy_dsl_basis_type = {
    FY_TYPE_INIT("Basis", sizeof(fy_dsl_basis)),
    .doc = "Basis(value, modes): value times the unit vector along modes, printed 2E0, 1E0E1.",
    .flags = FY_TPF_FINAL,
    .new_ = basis_new,
    .repr = basis_str,
    .str = basis_str,
    .richcmp = basis_richcmp,
    .hash = basis_hash,
    .getsets = basis_getsets,
    .nb[FY_NB_MUL] = basis_mul,
};

/* ------------------------------------------------------------------ Tensor */

fy_obj *fy_dsl_coord_tensor_new(const fly_inttuple *base, const fly_layout *L) {
    fy_dsl_tensor *o = (fy_dsl_tensor *)fy_alloc(&fy_dsl_tensor_type);
    if (!o) return NULL;
    o->is_coord = 1;
    fly_inttuple_copy(&o->base, base);
    fly_layout_copy(&o->L, L);
    return &o->h;
}

fy_obj *fy_dsl_reg_tensor_new(fy_obj *dtype, const fly_layout *L) {
    fy_dsl_tensor *o = (fy_dsl_tensor *)fy_alloc(&fy_dsl_tensor_type);
    if (!o) return NULL;
    o->dtype = fy_ref(dtype);
    fly_layout_copy(&o->L, L);
    return &o->h;
}

static void tensor_dealloc(fy_obj *self) { FY_CLEAR(((fy_dsl_tensor *)self)->dtype); }

static fy_obj *tensor_str(fy_obj *self) {
    fy_dsl_tensor *t = (fy_dsl_tensor *)self;
    char lb[TEXT_MAX], bb[TEXT_MAX];
    fly_layout_print(&t->L, lb, sizeof lb);
    if (t->is_coord) {
        fly_inttuple_print(&t->base, bb, sizeof bb);
        return fy_str_printf("Tensor<%s, %s>", bb, lb);
    }
    const char *dn = fy_dsl_numeric_mlir_name(t->dtype);
    return fy_str_printf("Tensor<%s, register, %s>", dn ? dn : "?", lb);
}

static fy_obj *tensor_getitem(fy_obj *self, fy_obj *key) {
    fy_dsl_tensor *t = (fy_dsl_tensor *)self;
    if (fy_trace_coord_check("Tensor[]", &key, 1) < 0) return NULL;
    if (has_none(key)) return fy_dsl_slice_obj(self, key);
    if (!t->is_coord)
        return fy_err_set(&fy_NotImplementedError,
                          "Tensor[]: reading a register tensor needs a kernel (register tensors hold no data here)");
    fly_inttuple c, off, r;
    fly_error err;
    if (fy_dsl_to_inttuple(key, &c, 0, "Tensor[]", "the coordinate") < 0) return NULL;
    if (fly_layout_crd2idx(&t->L, &c, &off, &err)) return fy_dsl_raise(&err);
    if (fly_inttuple_elementwise(FLY_ITOP_ADD, &t->base, &off, &r, &err)) return fy_dsl_raise(&err);
    return fy_dsl_inttuple_new(&r);
}

static fy_obj *tensor_layout(fy_obj *self) { return fy_dsl_layout_new(&((fy_dsl_tensor *)self)->L); }
static fy_obj *tensor_shape(fy_obj *self) { return fy_dsl_inttuple_new(&((fy_dsl_tensor *)self)->L.shape); }
static fy_obj *tensor_stride(fy_obj *self) { return fy_dsl_inttuple_new(&((fy_dsl_tensor *)self)->L.stride); }
static fy_obj *tensor_dtype(fy_obj *self) {
    fy_dsl_tensor *t = (fy_dsl_tensor *)self;
    if (t->is_coord) return fy_err_set(&fy_TypeError, "CoordTensor doesn't have an element type");
    return fy_ref(t->dtype);
}
static fy_obj *tensor_aspace(fy_obj *self) {
    fy_dsl_tensor *t = (fy_dsl_tensor *)self;
    if (t->is_coord) return fy_err_set(&fy_TypeError, "CoordTensor doesn't have an address space");
    return fy_str_from_cstr("register");
}

static fy_getsetdef tensor_getsets[] = {{"layout", tensor_layout, NULL, "the layout"},
                                        {"shape", tensor_shape, NULL, "the shape (IntTuple)"},
                                        {"stride", tensor_stride, NULL, "the stride (IntTuple)"},
                                        {"element_type", tensor_dtype, NULL, "the element type (register tensors)"},
                                        {"dtype", tensor_dtype, NULL, "the element type (register tensors)"},
                                        {"address_space", tensor_aspace, NULL, "the address space (register tensors)"},
                                        {0}};

/* fx.Tensor(t): FlyDSL wraps a tensor value; here every tensor already is one, so t itself (a host view of
 * fx.make_view, a torch tensor, a kernel or coordinate tensor). */
static fy_obj *tensor_new(fy_type *tp, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)tp;
    if (fy_no_kwargs("Tensor", kw) < 0 || fy_check_nargs("Tensor", na, 1, 1) < 0) return NULL;
    fy_obj *o = a[0];
    if (o == fy_None || FY_INT_CHECK(o) || FY_FLOAT_CHECK(o) || FY_STR_CHECK(o) || FY_DSL_NUM_CHECK(o) ||
        FY_TUPLE_CHECK(o) || FY_LIST_CHECK(o))
        return fy_err_format(&fy_TypeError, "Tensor: expected a tensor (e.g. fx.make_view(...)), not '%s'",
                             fy_type_name(o));
    return fy_ref(o);
}

fy_type fy_dsl_tensor_type = {
    FY_TYPE_INIT("Tensor", sizeof(fy_dsl_tensor)),
    .new_ = tensor_new,
    .doc = "Tensor: a coordinate tensor (base + layout) or a register tensor (dtype + layout).",
    .flags = FY_TPF_FINAL,
    .dealloc = tensor_dealloc,
    .repr = tensor_str,
    .str = tensor_str,
    .getitem = tensor_getitem,
    .getsets = tensor_getsets,
    .methods = svg_methods,
};

int fy_dsl_types_ready(void) {
    fy_type *ts[] = {&fy_dsl_inttuple_type, &fy_dsl_layout_type,      &fy_dsl_composed_type,
                     &fy_dsl_swizzle_type,  &fy_dsl_swizzletype_type, &fy_dsl_tile_type,
                     &fy_dsl_basis_type,    &fy_dsl_tensor_type,      NULL};
    for (int i = 0; ts[i]; i++)
        if (fy_type_ready(ts[i]) < 0) return -1;
    return 0;
}

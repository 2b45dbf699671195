/* dsl_layout_api.c - the layout functions of flydsl.expr (fx.make_layout, fx.size, fx.logical_divide, ...),
 * evaluated eagerly with lib/layout. Python ints and tuples are accepted wherever FlyDSL accepts them;
 * errors are ValueError/TypeError whose message names the operation and the operands. */
#include <string.h>

#include "flydsl/api/dsl.h"
#include "flydsl/api/dsl_numeric.h"

#define ISL(o) fy_isinstance_of((o), &fy_dsl_layout_type)
#define ISC(o) fy_isinstance_of((o), &fy_dsl_composed_type)
#define IST(o) fy_isinstance_of((o), &fy_dsl_tensor_type)
#define LAY(o) (&((fy_dsl_layout *)(o))->L)
#define COMP(o) (&((fy_dsl_composed *)(o))->c)
#define TEN(o) ((fy_dsl_tensor *)(o))

#include "flydsl/trace/trace.h"

/* Inside a kernel trace, fx functions on kernel tensors go to the tracer (trace_layout.c). */
#define TRACE_HOOK(nm) \
    do { \
        fy_obj *r_; \
        if (fy_trace_layout_hook(nm, a, na, kw, &r_)) return fy_trace_host_value(r_); \
    } while (0)

#define DEF(name) static fy_obj *name(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw)
#define UNUSED_SELF (void)self

static fy_obj *ret_it(fly_status st, const fly_inttuple *t, const fly_error *err) {
    return st ? fy_dsl_raise(err) : fy_dsl_inttuple_new(t);
}
static fy_obj *ret_layout(fly_status st, const fly_layout *L, const fly_error *err) {
    return st ? fy_dsl_raise(err) : fy_dsl_layout_new(L);
}

/* Runs lib/layout call `call` (a fly_status expression) so that, inside a kernel trace, the leaves it derives
 * from runtime leaves are computed in the kernel (trace_rtcoord.c); the status goes to st. */
#define DYN_CALL(st, call) \
    do { \
        int on_ = fy_trace_dyn_enter(); \
        (st) = (call); \
        fy_trace_dyn_leave(on_); \
    } while (0)

/* The arguments as one value: a single argument itself, several as a tuple (new ref). */
static fy_obj *pack(fy_obj *const *a, size_t na) { return na == 1 ? fy_ref(a[0]) : fy_tuple_from(a, na); }

/* ------------------------------------------------------------------ construction */

static fy_obj *make_tuple_like(const char *op, fy_obj *const *a, size_t na, fy_obj *kw, int allow_none) {
    if (fy_no_kwargs(op, kw) < 0) return NULL;
    fy_obj *v = pack(a, na);
    if (!v) return NULL;
    fly_inttuple t;
    int r = fy_dsl_to_inttuple(v, &t, allow_none, op, "the value");
    FY_DECREF(v);
    return r < 0 ? NULL : fy_trace_host_value(fy_dsl_inttuple_new(&t));
}
DEF(f_make_shape) {
    UNUSED_SELF;
    return make_tuple_like("make_shape", a, na, kw, 0);
}
DEF(f_make_stride) {
    UNUSED_SELF;
    return make_tuple_like("make_stride", a, na, kw, 0);
}
DEF(f_make_coord) {
    UNUSED_SELF;
    return make_tuple_like("make_coord", a, na, kw, 1);
}
DEF(f_make_int_tuple) {
    UNUSED_SELF;
    if (fy_check_nargs("make_int_tuple", na, 1, 1) < 0) return NULL;
    return make_tuple_like("make_int_tuple", a, na, kw, 1);
}

DEF(f_make_layout) {
    UNUSED_SELF;
    TRACE_HOOK("make_layout"); /* traced shape / stride values inside a kernel (trace_coord.c) */
    fly_layout L;
    fly_error err;
    if (na >= 1 && ISL(a[0])) {
        if (fy_no_kwargs("make_layout", kw) < 0) return NULL;
        const fly_layout *modes[FLY_IT_MAX_NODES];
        if (na > FLY_IT_MAX_NODES) return fy_err_set(&fy_ValueError, "make_layout: too many modes");
        for (size_t i = 0; i < na; i++) {
            if (!ISL(a[i]))
                return fy_err_format(&fy_TypeError, "make_layout: mode %zu must be a Layout, not '%s'", i,
                                     fy_type_name(a[i]));
            modes[i] = LAY(a[i]);
        }
        return fy_trace_host_value(ret_layout(fly_layout_concat(&L, modes, (int)na, &err), &L, &err));
    }
    static const char *const names[] = {"shape", "stride", NULL};
    fy_obj *v[2];
    fly_inttuple s, d;
    if (fy_parse_args("make_layout", a, na, kw, names, 1, 2, 2, v) < 0) return NULL;
    if (fy_dsl_to_inttuple(v[0], &s, 0, "make_layout", "shape") < 0) return NULL;
    if (!v[1] || v[1] == fy_None)
        return fy_trace_host_value(ret_layout(fly_layout_make_col_major(&L, &s, &err), &L, &err));
    if (fy_dsl_to_inttuple(v[1], &d, 0, "make_layout", "stride") < 0) return NULL;
    return fy_trace_host_value(ret_layout(fly_layout_make(&L, &s, &d, &err), &L, &err));
}

DEF(f_make_ordered_layout) {
    UNUSED_SELF;
    static const char *const names[] = {"shape", "order", NULL};
    fy_obj *v[2];
    fly_inttuple s, o;
    fly_layout L;
    fly_error err;
    if (fy_parse_args("make_ordered_layout", a, na, kw, names, 2, 2, 2, v) < 0) return NULL;
    if (fy_dsl_to_inttuple(v[0], &s, 0, "make_ordered_layout", "shape") < 0 ||
        fy_dsl_to_inttuple(v[1], &o, 0, "make_ordered_layout", "order") < 0)
        return NULL;
    return fy_trace_host_value(ret_layout(fly_layout_make_ordered(&L, &s, &o, &err), &L, &err));
}

DEF(f_make_identity_layout) {
    TRACE_HOOK("make_identity_layout"); /* traced extents (trace_coord.c) */
    UNUSED_SELF;
    static const char *const names[] = {"shape", NULL};
    fy_obj *v[1];
    fly_inttuple s;
    fly_layout L;
    fly_error err;
    if (fy_parse_args("make_identity_layout", a, na, kw, names, 1, 1, 1, v) < 0) return NULL;
    if (fy_dsl_to_inttuple(v[0], &s, 0, "make_identity_layout", "shape") < 0) return NULL;
    return fy_trace_host_value(ret_layout(fly_layout_make_identity(&L, &s, &err), &L, &err));
}

/* Zeros shaped like t. */
static void zeros_like(const fly_inttuple *t, fly_inttuple *out) {
    fly_inttuple_copy(out, t);
    for (int i = 0; i < fly_inttuple_nodes(out); i++)
        if (out->n[i].kind != FLY_IT_TUPLE) out->n[i] = fly_itnode_int(0);
}

DEF(f_make_identity_tensor) {
    TRACE_HOOK("make_identity_tensor");
    UNUSED_SELF;
    static const char *const names[] = {"shape", NULL};
    fy_obj *v[1];
    fly_inttuple s, base;
    fly_layout L;
    fly_error err;
    if (fy_parse_args("make_identity_tensor", a, na, kw, names, 1, 1, 1, v) < 0) return NULL;
    if (fy_dsl_to_inttuple(v[0], &s, 0, "make_identity_tensor", "shape") < 0) return NULL;
    if (fly_layout_make_identity(&L, &s, &err)) return fy_dsl_raise(&err);
    zeros_like(&s, &base);
    return fy_dsl_coord_tensor_new(&base, &L);
}

/* A Layout, or a shape (int/tuple) taken as its compact column-major layout. */
static int layout_or_shape(fy_obj *o, fly_layout *L, const char *op, const char *what) {
    if (ISL(o)) {
        fly_layout_copy(L, LAY(o));
        return 0;
    }
    fly_inttuple s;
    fly_error err;
    if (fy_dsl_to_inttuple(o, &s, 0, op, what) < 0) return -1;
    if (fly_layout_make_col_major(L, &s, &err)) {
        fy_dsl_raise(&err);
        return -1;
    }
    return 0;
}

DEF(f_make_layout_tv) {
    UNUSED_SELF;
    static const char *const names[] = {"thr_layout", "val_layout", NULL};
    fy_obj *v[2];
    fly_layout thr, val, tv;
    fly_inttuple tile;
    fly_error err;
    if (fy_parse_args("make_layout_tv", a, na, kw, names, 2, 2, 2, v) < 0) return NULL;
    if (layout_or_shape(v[0], &thr, "make_layout_tv", "thr_layout") < 0 ||
        layout_or_shape(v[1], &val, "make_layout_tv", "val_layout") < 0)
        return NULL;
    if (fly_layout_make_tv(&thr, &val, &tile, &tv, &err)) return fy_dsl_raise(&err);
    fy_obj *py_tile = fy_dsl_inttuple_to_py(&tile);
    fy_obj *lo = py_tile ? fy_dsl_layout_new(&tv) : NULL;
    if (!lo) {
        FY_XDECREF(py_tile);
        return NULL;
    }
    ((fy_dsl_layout *)lo)->has_tv = 1;
    fly_inttuple_copy(&((fy_dsl_layout *)lo)->tile_mn, &tile);
    fy_obj *r = fy_tuple_pack(2, py_tile, lo);
    FY_DECREF(py_tile);
    FY_DECREF(lo);
    return r;
}

DEF(f_make_tile) {
    UNUSED_SELF;
    if (fy_no_kwargs("make_tile", kw) < 0) return NULL;
    fly_tile t;
    fy_obj *v = (na == 1 && FY_LIST_CHECK(a[0])) ? fy_ref(a[0]) : fy_tuple_from(a, na);
    if (!v) return NULL;
    int r = fy_dsl_to_tile(v, &t, "make_tile", "the modes");
    FY_DECREF(v);
    return r < 0 ? NULL : fy_dsl_tile_new(&t);
}

/* ------------------------------------------------------------------ queries */

/* The layout of a Layout, a tensor, or the outer layout of a composed layout; NULL otherwise. */
static const fly_layout *layout_of(fy_obj *o) {
    if (ISL(o)) return LAY(o);
    if (IST(o)) return &TEN(o)->L;
    if (ISC(o)) return &COMP(o)->outer;
    const fly_layout *tl = fy_trace_layout_of(o); /* kernel and coordinate tensors in kernels */
    if (tl) return tl;
    return NULL;
}

static fy_obj *one_arg(const char *op, fy_obj *const *a, size_t na, fy_obj *kw) {
    if (fy_no_kwargs(op, kw) < 0 || fy_check_nargs(op, na, 1, 1) < 0) return NULL;
    return a[0];
}

DEF(f_get_shape) {
    UNUSED_SELF;
    fy_obj *x = one_arg("get_shape", a, na, kw);
    if (!x) return NULL;
    const fly_layout *L = layout_of(x);
    if (!L) return fy_err_format(&fy_TypeError, "get_shape: expected a Layout or a Tensor, not '%s'", fy_type_name(x));
    return fy_dsl_inttuple_new(&L->shape);
}
DEF(f_get_stride) {
    UNUSED_SELF;
    fy_obj *x = one_arg("get_stride", a, na, kw);
    if (!x) return NULL;
    if (ISC(x)) return fy_err_set(&fy_TypeError, "get_stride: a ComposedLayout has no stride");
    const fly_layout *L = layout_of(x);
    if (!L) return fy_err_format(&fy_TypeError, "get_stride: expected a Layout or a Tensor, not '%s'", fy_type_name(x));
    return fy_dsl_inttuple_new(&L->stride);
}

DEF(f_size) {
    UNUSED_SELF;
    fy_obj *x = one_arg("size", a, na, kw);
    if (!x) return NULL;
    fly_inttuple r, t;
    fly_error err;
    if (ISC(x)) return ret_it(fly_composed_size(COMP(x), &r, &err), &r, &err);
    fy_obj *dyn = fy_trace_dyn_size(x); /* a kernel tensor with dynamic extents: read in the kernel */
    if (dyn || fy_err_occurred()) return dyn;
    const fly_layout *L = layout_of(x);
    fly_status st;
    if (L) {
        DYN_CALL(st, fly_layout_size(L, &r, &err));
        return ret_it(st, &r, &err);
    }
    if (fy_dsl_to_inttuple(x, &t, 0, "size", "the argument") < 0) return NULL;
    DYN_CALL(st, fly_inttuple_product(&t, &r, &err));
    return ret_it(st, &r, &err);
}

DEF(f_cosize) {
    UNUSED_SELF;
    fy_obj *x = one_arg("cosize", a, na, kw);
    if (!x) return NULL;
    fly_inttuple r;
    fly_error err;
    const fly_layout *L = ISC(x) ? NULL : layout_of(x);
    if (!L) return fy_err_format(&fy_TypeError, "cosize: expected a Layout or a Tensor, not '%s'", fy_type_name(x));
    fly_status st;
    DYN_CALL(st, fly_layout_cosize(L, &r, &err));
    return ret_it(st, &r, &err);
}

typedef fly_status (*cofn)(const fly_layout *, fly_inttuple *, fly_error *);
typedef fly_status (*ccofn)(const fly_composed *, fly_inttuple *, fly_error *);
/* coshape / coprofile of a Layout, a tensor's layout, or a composed layout. */
static fy_obj *codomain(const char *op, fy_obj *const *a, size_t na, fy_obj *kw, cofn lfn, ccofn cfn) {
    fy_obj *x = one_arg(op, a, na, kw);
    if (!x) return NULL;
    fly_inttuple r;
    fly_error err;
    if (ISC(x)) return ret_it(cfn(COMP(x), &r, &err), &r, &err);
    const fly_layout *L = layout_of(x);
    if (!L) return fy_err_format(&fy_TypeError, "%s: expected a Layout or a Tensor, not '%s'", op, fy_type_name(x));
    return ret_it(lfn(L, &r, &err), &r, &err);
}
DEF(f_coshape) {
    UNUSED_SELF;
    return codomain("coshape", a, na, kw, fly_layout_coshape, fly_composed_coshape);
}
DEF(f_coprofile) {
    UNUSED_SELF;
    return codomain("coprofile", a, na, kw, fly_layout_coprofile, fly_composed_coprofile);
}

static fy_obj *rank_depth(const char *op, fy_obj *const *a, size_t na, fy_obj *kw, int depth) {
    fy_obj *x = one_arg(op, a, na, kw);
    if (!x) return NULL;
    const fly_layout *L = layout_of(x);
    if (L) return fy_int_from(depth ? fly_layout_depth(L) : fly_layout_rank(L));
    fly_inttuple t;
    if (fy_dsl_to_inttuple(x, &t, 1, op, "the argument") < 0) return NULL;
    return fy_int_from(depth ? fly_inttuple_depth(&t) : fly_inttuple_rank(&t));
}
DEF(f_rank) {
    UNUSED_SELF;
    return rank_depth("rank", a, na, kw, 0);
}
DEF(f_depth) {
    UNUSED_SELF;
    return rank_depth("depth", a, na, kw, 1);
}

/* ------------------------------------------------------------------ modes */

static int to_index_list(fy_obj *o, int *idx, int cap, const char *op, const char *what) {
    if (FY_TUPLE_CHECK(o) || FY_LIST_CHECK(o)) {
        size_t n;
        fy_obj **items = fy_seq_items(o, &n);
        if ((int)n > cap) {
            fy_err_format(&fy_ValueError, "%s: too many %s", op, what);
            return -1;
        }
        for (size_t i = 0; i < n; i++) {
            int64_t v;
            if (fy_dsl_to_int(items[i], &v, op, what) < 0) return -1;
            idx[i] = (int)v;
        }
        return (int)n;
    }
    int64_t v;
    if (fy_dsl_to_int(o, &v, op, what) < 0) return -1;
    idx[0] = (int)v;
    return 1;
}

DEF(f_get) {
    UNUSED_SELF;
    static const char *const names[] = {"int_tuple", "mode", NULL};
    fy_obj *v[2];
    if (fy_parse_args("get", a, na, kw, names, 2, 2, 2, v) < 0) return NULL;
    if (FY_TUPLE_CHECK(v[0]) || FY_LIST_CHECK(v[0])) return fy_getitem(v[0], v[1]);
    int64_t i;
    fly_error err;
    if (fy_dsl_to_int(v[1], &i, "get", "mode") < 0) return NULL;
    if (ISL(v[0])) {
        fly_layout m;
        return ret_layout(fly_layout_get(LAY(v[0]), (int)i, &m, &err), &m, &err);
    }
    fly_inttuple t, r;
    if (fy_dsl_to_inttuple(v[0], &t, 1, "get", "int_tuple") < 0) return NULL;
    if (fly_inttuple_get(&t, (int)i, &r, &err)) return fy_dsl_raise(&err);
    fy_obj *x = fy_trace_leaf_value(&r); /* a runtime leaf inside a kernel: its Int32 / Int64 */
    return x ? x : fy_dsl_inttuple_new(&r);
}

DEF(f_get_) {
    UNUSED_SELF;
    if (fy_no_kwargs("get_", kw) < 0 || fy_check_nargs("get_", na, 2, 2 + FLY_IT_MAX_DEPTH) < 0) return NULL;
    int path[FLY_IT_MAX_DEPTH];
    int np;
    if (na == 2) {
        np = to_index_list(a[1], path, FLY_IT_MAX_DEPTH, "get_", "mode path");
    } else {
        fy_obj *t = fy_tuple_from(a + 1, na - 1);
        if (!t) return NULL;
        np = to_index_list(t, path, FLY_IT_MAX_DEPTH, "get_", "mode path");
        FY_DECREF(t);
    }
    if (np < 0) return NULL;
    fly_error err;
    if (ISL(a[0])) {
        fly_layout m;
        return ret_layout(fly_layout_get_path(LAY(a[0]), path, np, &m, &err), &m, &err);
    }
    fly_inttuple t, r;
    if (fy_dsl_to_inttuple(a[0], &t, 1, "get_", "the argument") < 0) return NULL;
    return ret_it(fly_inttuple_get_path(&t, path, np, &r, &err), &r, &err); /* an IntTuple, as FlyDSL's get_ */
}

DEF(f_select) {
    UNUSED_SELF;
    static const char *const names[] = {"int_tuple", "indices", NULL};
    fy_obj *v[2];
    int idx[FLY_IT_MAX_NODES];
    fly_error err;
    if (fy_parse_args("select", a, na, kw, names, 2, 2, 2, v) < 0) return NULL;
    int n = to_index_list(v[1], idx, FLY_IT_MAX_NODES, "select", "indices");
    if (n < 0) return NULL;
    if (ISL(v[0])) {
        fly_layout m;
        return ret_layout(fly_layout_select(LAY(v[0]), idx, n, &m, &err), &m, &err);
    }
    fly_inttuple t, r;
    if (fy_dsl_to_inttuple(v[0], &t, 1, "select", "int_tuple") < 0) return NULL;
    return ret_it(fly_inttuple_select(&t, idx, n, &r, &err), &r, &err);
}

static fy_obj *range_op(const char *op, fy_obj *const *a, size_t na, fy_obj *kw, int group) {
    static const char *const names[] = {"x", "begin", "end", NULL};
    fy_obj *v[3];
    int64_t b, e;
    fly_error err;
    if (fy_parse_args(op, a, na, kw, names, 3, 3, 3, v) < 0) return NULL;
    if (fy_dsl_to_int(v[1], &b, op, "begin") < 0 || fy_dsl_to_int(v[2], &e, op, "end") < 0) return NULL;
    if (ISL(v[0])) {
        fly_layout m;
        fly_status st = group ? fly_layout_group(LAY(v[0]), (int)b, (int)e, &m, &err)
                              : fly_layout_take(LAY(v[0]), (int)b, (int)e, &m, &err);
        return ret_layout(st, &m, &err);
    }
    fly_inttuple t, r;
    if (fy_dsl_to_inttuple(v[0], &t, 1, op, "x") < 0) return NULL;
    fly_status st =
        group ? fly_inttuple_group(&t, (int)b, (int)e, &r, &err) : fly_inttuple_take(&t, (int)b, (int)e, &r, &err);
    return ret_it(st, &r, &err);
}
DEF(f_take) {
    UNUSED_SELF;
    return range_op("take", a, na, kw, 0);
}
DEF(f_group) {
    UNUSED_SELF;
    return range_op("group", a, na, kw, 1);
}

static fy_obj *append_op(const char *op, fy_obj *const *a, size_t na, fy_obj *kw, int prepend) {
    static const char *const names[] = {"base", "elem", "n", NULL};
    fy_obj *v[3];
    int64_t n = -1;
    fly_error err;
    if (fy_parse_args(op, a, na, kw, names, 2, 3, 3, v) < 0) return NULL;
    if (v[2] && v[2] != fy_None && fy_dsl_to_int(v[2], &n, op, "n") < 0) return NULL;
    if (ISL(v[0])) {
        fly_layout m, x;
        if (fy_dsl_to_layout(v[1], &x, 1, op, "elem") < 0) return NULL;
        fly_layout_copy(&m, LAY(v[0]));
        do {
            fly_status st = prepend ? fly_layout_prepend(&m, &x, &m, &err) : fly_layout_append(&m, &x, &m, &err);
            if (st) return fy_dsl_raise(&err);
        } while (n >= 0 && fly_layout_rank(&m) < n);
        return fy_dsl_layout_new(&m);
    }
    fly_inttuple t, x;
    if (fy_dsl_to_inttuple(v[0], &t, 1, op, "base") < 0 || fy_dsl_to_inttuple(v[1], &x, 1, op, "elem") < 0) return NULL;
    do {
        fly_status st = prepend ? fly_inttuple_prepend(&t, &x, &t, &err) : fly_inttuple_append(&t, &x, &t, &err);
        if (st) return fy_dsl_raise(&err);
    } while (n >= 0 && fly_inttuple_rank(&t) < n);
    return fy_dsl_inttuple_new(&t);
}
DEF(f_append) {
    UNUSED_SELF;
    return append_op("append", a, na, kw, 0);
}
DEF(f_prepend) {
    UNUSED_SELF;
    return append_op("prepend", a, na, kw, 1);
}

DEF(f_zip) {
    UNUSED_SELF;
    static const char *const names[] = {"lhs", "rhs", NULL};
    fy_obj *v[2];
    fly_error err;
    if (fy_parse_args("zip", a, na, kw, names, 2, 2, 2, v) < 0) return NULL;
    if (ISL(v[0]) && ISL(v[1])) {
        fly_layout r;
        fly_inttuple s, d;
        if (fly_inttuple_zip(&LAY(v[0])->shape, &LAY(v[1])->shape, &s, &err) ||
            fly_inttuple_zip(&LAY(v[0])->stride, &LAY(v[1])->stride, &d, &err))
            return fy_dsl_raise(&err);
        return ret_layout(fly_layout_make(&r, &s, &d, &err), &r, &err);
    }
    fly_inttuple x, y, r;
    if (fy_dsl_to_inttuple(v[0], &x, 1, "zip", "lhs") < 0 || fy_dsl_to_inttuple(v[1], &y, 1, "zip", "rhs") < 0)
        return NULL;
    return ret_it(fly_inttuple_zip(&x, &y, &r, &err), &r, &err);
}

/* ------------------------------------------------------------------ coordinates and slicing */

fy_obj *fy_dsl_crd2idx_obj(fy_obj *coord, fy_obj *layout) {
    fly_inttuple c, r;
    fly_error err;
    if (fy_dsl_to_inttuple(coord, &c, 0, "crd2idx", "coord") < 0) return NULL;
    if (ISC(layout)) {
        int64_t v;
        if (fly_composed_crd2idx(COMP(layout), &c, &v, &err)) {
            /* runtime coordinates inside a kernel: the swizzles and offsets computed there */
            if (err.code == FLY_E_DYNAMIC && fy_trace_active()) return fy_trace_composed_crd2idx(COMP(layout), &c);
            return fy_dsl_raise(&err);
        }
        fly_inttuple_int(&r, v);
        return fy_dsl_inttuple_new(&r);
    }
    const fly_layout *L = layout_of(layout);
    if (!L) return fy_err_format(&fy_TypeError, "crd2idx: layout must be a Layout, not '%s'", fy_type_name(layout));
    fly_status st;
    DYN_CALL(st, fly_layout_crd2idx(L, &c, &r, &err));
    return ret_it(st, &r, &err);
}

fy_obj *fy_dsl_slice_obj(fy_obj *src, fy_obj *coord) {
    fly_inttuple c;
    fly_error err;
    if (fy_dsl_to_inttuple(coord, &c, 1, "slice", "coord") < 0) return NULL;
    fly_status st;
    if (ISL(src)) {
        fly_layout r;
        return ret_layout(fly_layout_slice(LAY(src), &c, &r, &err), &r, &err);
    }
    if (ISC(src)) { /* the fixed part's offset: computed in the kernel for runtime coordinates */
        fly_composed r;
        DYN_CALL(st, fly_composed_slice(COMP(src), &c, &r, &err));
        if (st) return fy_dsl_raise(&err);
        return fy_dsl_composed_new(&r);
    }
    if (IST(src)) {
        fy_dsl_tensor *t = TEN(src);
        fly_layout r;
        fly_inttuple off, base;
        if (fly_layout_slice_and_offset(&t->L, &c, &r, &off, &err)) return fy_dsl_raise(&err);
        if (!t->is_coord) return fy_dsl_reg_tensor_new(t->dtype, &r);
        if (fly_inttuple_elementwise(FLY_ITOP_ADD, &t->base, &off, &base, &err)) return fy_dsl_raise(&err);
        return fy_dsl_coord_tensor_new(&base, &r);
    }
    fly_inttuple t, r;
    if (fy_dsl_to_inttuple(src, &t, 1, "slice", "src") < 0) return NULL;
    return ret_it(fly_inttuple_slice(&c, &t, &r, &err), &r, &err);
}

DEF(f_slice) {
    TRACE_HOOK("slice");
    UNUSED_SELF;
    static const char *const names[] = {"src", "coord", NULL};
    fy_obj *v[2];
    if (fy_parse_args("slice", a, na, kw, names, 2, 2, 2, v) < 0) return NULL;
    return fy_dsl_slice_obj(v[0], v[1]);
}

DEF(f_dice) {
    UNUSED_SELF;
    static const char *const names[] = {"src", "coord", NULL};
    fy_obj *v[2];
    fly_inttuple c;
    fly_error err;
    if (fy_parse_args("dice", a, na, kw, names, 2, 2, 2, v) < 0) return NULL;
    if (fy_dsl_to_inttuple(v[1], &c, 1, "dice", "coord") < 0) return NULL;
    if (ISL(v[0])) {
        fly_layout r;
        return ret_layout(fly_layout_dice(LAY(v[0]), &c, &r, &err), &r, &err);
    }
    fly_inttuple t, r;
    if (fy_dsl_to_inttuple(v[0], &t, 1, "dice", "src") < 0) return NULL;
    return ret_it(fly_inttuple_dice(&c, &t, &r, &err), &r, &err);
}

DEF(f_crd2idx) {
    UNUSED_SELF;
    static const char *const names[] = {"crd", "layout", NULL};
    fy_obj *v[2];
    if (fy_parse_args("crd2idx", a, na, kw, names, 2, 2, 2, v) < 0) return NULL;
    return fy_dsl_crd2idx_obj(v[0], v[1]);
}

DEF(f_idx2crd) {
    UNUSED_SELF;
    /* FlyDSL's idx2crd(index, layout): coordinate k is (index // stride_k) % shape_k. flyi also takes a shape
     * with an optional stride (none: column-major). */
    static const char *const names[] = {"index", "layout", "stride", NULL};
    fy_obj *v[3];
    fly_inttuple i, s, d, r;
    fly_error err;
    fly_status st;
    const fly_inttuple *dp = NULL;
    if (fy_parse_args("idx2crd", a, na, kw, names, 2, 3, 3, v) < 0) return NULL;
    if (fy_dsl_to_inttuple(v[0], &i, 0, "idx2crd", "index") < 0) return NULL;
    const fly_layout *L = layout_of(v[1]);
    if (L) {
        if (v[2] && v[2] != fy_None)
            return fy_err_set(&fy_TypeError, "idx2crd: a stride is given with a layout (it has its own)");
        fly_inttuple_copy(&s, &L->shape);
        fly_inttuple_copy(&d, &L->stride);
        dp = &d;
    } else if (fy_dsl_to_inttuple(v[1], &s, 0, "idx2crd", "shape") < 0) {
        return NULL;
    } else if (v[2] && v[2] != fy_None) {
        if (fy_dsl_to_inttuple(v[2], &d, 0, "idx2crd", "stride") < 0) return NULL;
        dp = &d;
    }
    DYN_CALL(st, fly_inttuple_idx2crd(&i, &s, dp, &r, &err));
    return ret_it(st, &r, &err);
}

typedef fly_status (*coordfn)(const fly_layout *, const fly_inttuple *, fly_inttuple *, fly_error *);
static fy_obj *coord_op(const char *op, fy_obj *const *a, size_t na, fy_obj *kw, coordfn fn) {
    static const char *const names[] = {"index", "layout", NULL};
    fy_obj *v[2];
    fly_inttuple i, r;
    fly_error err;
    fly_status st;
    if (fy_parse_args(op, a, na, kw, names, 2, 2, 2, v) < 0) return NULL;
    if (fy_dsl_to_inttuple(v[0], &i, 0, op, "index") < 0) return NULL;
    const fly_layout *L = layout_of(v[1]);
    if (!L) return fy_err_format(&fy_TypeError, "%s: layout must be a Layout, not '%s'", op, fy_type_name(v[1]));
    DYN_CALL(st, fn(L, &i, &r, &err));
    return ret_it(st, &r, &err);
}
DEF(f_get_flat_coord) {
    UNUSED_SELF;
    return coord_op("get_flat_coord", a, na, kw, fly_layout_get_flat_coord);
}
DEF(f_get_1d_coord) {
    UNUSED_SELF;
    return coord_op("get_1d_coord", a, na, kw, fly_layout_get_1d_coord);
}
DEF(f_get_hier_coord) {
    UNUSED_SELF;
    return coord_op("get_hier_coord", a, na, kw, fly_layout_get_hier_coord);
}

/* ------------------------------------------------------------------ algebra */

static const fly_layout *need_layout(fy_obj *o, const char *op, const char *what) {
    if (ISL(o)) return LAY(o);
    fy_err_format(&fy_TypeError, "%s: %s must be a Layout, not '%s'", op, what, fy_type_name(o));
    return NULL;
}

DEF(f_coalesce) {
    UNUSED_SELF;
    static const char *const names[] = {"layout", "pattern", NULL};
    fy_obj *v[2];
    fly_layout r;
    fly_inttuple p;
    fly_error err;
    if (fy_parse_args("coalesce", a, na, kw, names, 1, 2, 2, v) < 0) return NULL;
    const fly_layout *L = need_layout(v[0], "coalesce", "layout");
    if (!L) return NULL;
    if (v[1] && v[1] != fy_None) {
        if (fy_dsl_to_inttuple(v[1], &p, 0, "coalesce", "pattern") < 0) return NULL;
        return ret_layout(fly_layout_coalesce_profile(L, &p, &r, &err), &r, &err);
    }
    return ret_layout(fly_layout_coalesce(L, &r, &err), &r, &err);
}

DEF(f_composition) {
    UNUSED_SELF;
    static const char *const names[] = {"layout", "tiler", NULL};
    fy_obj *v[2];
    fly_layout r, B;
    fly_error err;
    if (fy_parse_args("composition", a, na, kw, names, 2, 2, 2, v) < 0) return NULL;
    if (ISC(v[0])) {
        fly_composed c;
        if (fy_dsl_to_layout(v[1], &B, 1, "composition", "tiler") < 0) return NULL;
        if (fly_composed_composition(COMP(v[0]), &B, &c, &err)) return fy_dsl_raise(&err);
        return fy_dsl_composed_new(&c);
    }
    const fly_layout *A = need_layout(v[0], "composition", "layout");
    if (!A) return NULL;
    if (ISL(v[1])) return ret_layout(fly_layout_composition(A, LAY(v[1]), &r, &err), &r, &err);
    if (FY_INT_CHECK(v[1])) {
        int64_t k;
        if (fy_dsl_int_value(v[1], &k, "composition") < 0) return NULL;
        return ret_layout(fly_layout_composition_int(A, k, &r, &err), &r, &err);
    }
    fly_tile T;
    if (fy_dsl_to_tile(v[1], &T, "composition", "tiler") < 0) return NULL;
    return ret_layout(fly_layout_composition_tile(A, &T, &r, &err), &r, &err);
}

DEF(f_complement) {
    UNUSED_SELF;
    static const char *const names[] = {"layout", "codomain_size", NULL};
    fy_obj *v[2];
    fly_layout r;
    fly_error err;
    int64_t n = 1;
    if (fy_parse_args("complement", a, na, kw, names, 1, 2, 2, v) < 0) return NULL;
    const fly_layout *L = need_layout(v[0], "complement", "layout");
    if (!L) return NULL;
    if (v[1] && v[1] != fy_None) {
        fly_inttuple t;
        if (fy_dsl_to_inttuple(v[1], &t, 0, "complement", "codomain_size") < 0) return NULL;
        if (fly_inttuple_product_static(&t, &n, &err)) return fy_dsl_raise(&err);
    }
    return ret_layout(fly_layout_complement(L, n, &r, &err), &r, &err);
}

typedef fly_status (*unfn)(const fly_layout *, fly_layout *, fly_error *);
static fy_obj *unary(const char *op, fy_obj *const *a, size_t na, fy_obj *kw, unfn fn) {
    fy_obj *x = one_arg(op, a, na, kw);
    if (!x) return NULL;
    const fly_layout *L = need_layout(x, op, "layout");
    if (!L) return NULL;
    fly_layout r;
    fly_error err;
    return ret_layout(fn(L, &r, &err), &r, &err);
}
DEF(f_right_inverse) {
    UNUSED_SELF;
    return unary("right_inverse", a, na, kw, fly_layout_right_inverse);
}
DEF(f_left_inverse) {
    UNUSED_SELF;
    return unary("left_inverse", a, na, kw, fly_layout_left_inverse);
}

typedef fly_status (*binfn)(const fly_layout *, const fly_layout *, fly_layout *, fly_error *);
typedef fly_status (*tilefn)(const fly_layout *, const fly_tile *, fly_layout *, fly_error *);

/* A divide or product: the right operand a Layout, an int n (n:1), or (with tfn) a Tile / tuple. */
static fy_obj *divprod(const char *op, const char *what, fy_obj *const *a, size_t na, fy_obj *kw, binfn lfn,
                       tilefn tfn) {
    const char *names[] = {"layout", what, NULL};
    fy_obj *v[2];
    fly_layout r, B;
    fly_error err;
    fy_obj *tr_;
    if (fy_trace_layout_hook(op, a, na, kw, &tr_)) return tr_;
    if (fy_parse_args(op, a, na, kw, names, 2, 2, 2, v) < 0) return NULL;
    const fly_layout *A = need_layout(v[0], op, "layout");
    if (!A) return NULL;
    fly_status st;
    if (ISL(v[1]) || FY_INT_CHECK(v[1]) || !tfn) {
        if (fy_dsl_to_layout(v[1], &B, 1, op, what) < 0) return NULL;
        DYN_CALL(st, lfn(A, &B, &r, &err));
        return ret_layout(st, &r, &err);
    }
    fly_tile T;
    if (fy_dsl_to_tile(v[1], &T, op, what) < 0) return NULL;
    DYN_CALL(st, tfn(A, &T, &r, &err));
    return ret_layout(st, &r, &err);
}

#define DIVPROD(fname, op, what, lfn, tfn) \
    DEF(fname) { \
        UNUSED_SELF; \
        return divprod(op, what, a, na, kw, lfn, tfn); \
    }
DIVPROD(f_logical_divide, "logical_divide", "divisor", fly_layout_logical_divide, fly_layout_logical_divide_tile)
DIVPROD(f_zipped_divide, "zipped_divide", "divisor", fly_layout_zipped_divide, fly_layout_zipped_divide_tile)
DIVPROD(f_tiled_divide, "tiled_divide", "divisor", fly_layout_tiled_divide, fly_layout_tiled_divide_tile)
DIVPROD(f_flat_divide, "flat_divide", "divisor", fly_layout_flat_divide, fly_layout_flat_divide_tile)
DIVPROD(f_logical_product, "logical_product", "tiler", fly_layout_logical_product, fly_layout_logical_product_tile)
DIVPROD(f_zipped_product, "zipped_product", "tiler", fly_layout_zipped_product, fly_layout_zipped_product_tile)
DIVPROD(f_tiled_product, "tiled_product", "tiler", fly_layout_tiled_product, fly_layout_tiled_product_tile)
DIVPROD(f_flat_product, "flat_product", "tiler", fly_layout_flat_product, fly_layout_flat_product_tile)
DIVPROD(f_blocked_product, "blocked_product", "tiler", fly_layout_blocked_product, NULL)
DIVPROD(f_block_product, "block_product", "tiler", fly_layout_blocked_product, NULL)
DIVPROD(f_raked_product, "raked_product", "tiler", fly_layout_raked_product, NULL)

DEF(f_tile_to_shape) {
    UNUSED_SELF;
    static const char *const names[] = {"block", "trg_shape", "ord_shape", NULL};
    fy_obj *v[3];
    fly_inttuple t, o;
    fly_layout r;
    fly_error err;
    if (fy_parse_args("tile_to_shape", a, na, kw, names, 2, 3, 3, v) < 0) return NULL;
    const fly_layout *B = need_layout(v[0], "tile_to_shape", "block");
    if (!B) return NULL;
    if (fy_dsl_to_inttuple(v[1], &t, 0, "tile_to_shape", "target shape") < 0) return NULL;
    int has_order = v[2] && v[2] != fy_None;
    if (has_order && fy_dsl_to_inttuple(v[2], &o, 0, "tile_to_shape", "order") < 0) return NULL;
    return ret_layout(fly_layout_tile_to_shape(B, &t, has_order ? &o : NULL, &r, &err), &r, &err);
}

DEF(f_recast_layout) {
    UNUSED_SELF;
    static const char *const names[] = {"layout", "old_type_bits", "new_type_bits", NULL};
    fy_obj *v[3];
    int64_t ob, nb;
    fly_layout r;
    fly_error err;
    if (fy_parse_args("recast_layout", a, na, kw, names, 3, 3, 3, v) < 0) return NULL;
    const fly_layout *L = need_layout(v[0], "recast_layout", "layout");
    if (!L || fy_dsl_to_int(v[1], &ob, "recast_layout", "old_type_bits") < 0 ||
        fy_dsl_to_int(v[2], &nb, "recast_layout", "new_type_bits") < 0)
        return NULL;
    return ret_layout(fly_layout_recast(L, (int)ob, (int)nb, &r, &err), &r, &err);
}

/* ------------------------------------------------------------------ int tuple helpers */

static fy_obj *it_bin(const char *op, fy_obj *const *a, size_t na, fy_obj *kw, int which) {
    static const char *const names[] = {"lhs", "rhs", NULL};
    fy_obj *v[2];
    fly_inttuple x, y, r;
    fly_error err;
    if (fy_parse_args(op, a, na, kw, names, 2, 2, 2, v) < 0) return NULL;
    if (fy_dsl_to_inttuple(v[0], &x, 0, op, "lhs") < 0 || fy_dsl_to_inttuple(v[1], &y, 0, op, "rhs") < 0) return NULL;
    fly_status st;
    switch (which) {
    case 5: DYN_CALL(st, fly_inttuple_shape_div(&x, &y, &r, &err)); break;
    case 6: DYN_CALL(st, fly_inttuple_ceil_div(&x, &y, &r, &err)); break;
    case 7: {
        bool b;
        if (fly_inttuple_elem_less(&x, &y, &b, &err)) return fy_dsl_raise(&err);
        return fy_bool(b);
    }
    case 8: return fy_bool(fly_inttuple_equal(&x, &y));
    case 9: DYN_CALL(st, fly_inttuple_product_like(&x, &y, &r, &err)); break;
    default: DYN_CALL(st, fly_inttuple_elementwise((fly_itop)which, &x, &y, &r, &err));
    }
    return ret_it(st, &r, &err);
}
DEF(f_int_tuple_product_like) {
    UNUSED_SELF;
    return it_bin("int_tuple_product_like", a, na, kw, 9);
}
DEF(f_int_tuple_add) {
    UNUSED_SELF;
    return it_bin("int_tuple_add", a, na, kw, FLY_ITOP_ADD);
}
DEF(f_int_tuple_sub) {
    UNUSED_SELF;
    return it_bin("int_tuple_sub", a, na, kw, FLY_ITOP_SUB);
}
DEF(f_int_tuple_mul) {
    UNUSED_SELF;
    return it_bin("int_tuple_mul", a, na, kw, FLY_ITOP_MUL);
}
DEF(f_int_tuple_div) {
    UNUSED_SELF;
    return it_bin("int_tuple_div", a, na, kw, FLY_ITOP_DIV);
}
DEF(f_int_tuple_mod) {
    UNUSED_SELF;
    return it_bin("int_tuple_mod", a, na, kw, FLY_ITOP_MOD);
}
DEF(f_shape_div) {
    UNUSED_SELF;
    return it_bin("shape_div", a, na, kw, 5);
}
DEF(f_ceil_div) {
    UNUSED_SELF;
    return it_bin("ceil_div", a, na, kw, 6);
}
DEF(f_elem_less) {
    UNUSED_SELF;
    fy_obj *r_;
    if (fy_trace_elem_less_hook(a, na, kw, &r_)) return r_; /* traced leaves (trace_coord.c) */
    return it_bin("elem_less", a, na, kw, 7);
}
DEF(f_equal) {
    UNUSED_SELF;
    return it_bin("equal", a, na, kw, 8);
}

static fy_obj *it_un(const char *op, fy_obj *const *a, size_t na, fy_obj *kw, int which) {
    fy_obj *x = one_arg(op, a, na, kw);
    if (!x) return NULL;
    fly_inttuple t, r;
    fly_error err;
    if (fy_dsl_to_inttuple(x, &t, 1, op, "the argument") < 0) return NULL;
    fly_status st;
    DYN_CALL(st, which ? fly_inttuple_product_each(&t, &r, &err) : fly_inttuple_product(&t, &r, &err));
    return ret_it(st, &r, &err);
}
DEF(f_int_tuple_product) {
    UNUSED_SELF;
    return it_un("int_tuple_product", a, na, kw, 0);
}
DEF(f_int_tuple_product_each) {
    UNUSED_SELF;
    return it_un("int_tuple_product_each", a, na, kw, 1);
}

DEF(f_get_leaves) {
    UNUSED_SELF;
    static const char *const names[] = {"int_tuple", "dynamic_only", NULL};
    fy_obj *v[2];
    if (fy_parse_args("get_leaves", a, na, kw, names, 1, 1, 2, v) < 0) return NULL;
    int dyn_only = v[1] ? fy_truthy(v[1]) : 0;
    if (dyn_only < 0) return NULL;
    fly_inttuple t, f;
    fly_error err;
    if (fy_dsl_to_inttuple(v[0], &t, 1, "get_leaves", "the argument") < 0) return NULL;
    if (fly_inttuple_flatten(&t, &f, &err)) return fy_dsl_raise(&err);
    if (dyn_only) { /* the runtime leaves only: dynamic integers and bases with a runtime coefficient */
        fy_obj *l = fy_list_new(0);
        const fly_itnode *root = &f.n[0];
        int nl = root->kind == FLY_IT_TUPLE ? root->n : 1;
        for (int i = 0; l && i < nl; i++) {
            const fly_itnode *c = root->kind == FLY_IT_TUPLE ? fly_itnode_child(root, i) : root;
            if (c->kind != FLY_IT_DYN && !(c->kind == FLY_IT_BASIS && (c->flags & FLY_IT_F_DYNCOEF))) continue;
            fly_inttuple one;
            fly_inttuple_leaf(&one, *c);
            if (fy_list_append_steal(l, fy_dsl_inttuple_to_py(&one)) < 0) FY_CLEAR(l);
        }
        if (!l) return NULL;
        fy_obj *tu = fy_tuple_from(FY_LIST_ITEMS(l), FY_LIST_N(l));
        FY_DECREF(l);
        return tu;
    }
    fy_obj *py = fy_dsl_inttuple_to_py(&f);
    if (!py || FY_TUPLE_CHECK(py)) return py; /* a tuple, as FlyDSL's */
    fy_obj *one = fy_tuple_new(1);
    if (!one) {
        FY_DECREF(py);
        return NULL;
    }
    fy_tuple_set_steal(one, 0, py);
    return one;
}

DEF(f_get_scalar) {
    UNUSED_SELF;
    fy_obj *x = one_arg("get_scalar", a, na, kw);
    if (!x) return NULL;
    fly_inttuple t;
    if (fy_dsl_to_inttuple(x, &t, 0, "get_scalar", "the argument") < 0) return NULL;
    if (!fly_inttuple_is_leaf(&t)) {
        char buf[256];
        return fy_err_format(&fy_ValueError, "get_scalar: IntTuple<%s> is not a single leaf",
                             fly_inttuple_str(&t, buf));
    }
    return fy_dsl_inttuple_to_py(&t);
}

/* ------------------------------------------------------------------ tensors */

DEF(f_make_view) {
    TRACE_HOOK("make_view");
    UNUSED_SELF;
    static const char *const names[] = {"iter", "layout", NULL};
    fy_obj *v[2];
    fly_inttuple base;
    if (fy_parse_args("make_view", a, na, kw, names, 2, 2, 2, v) < 0) return NULL;
    const fly_layout *L = need_layout(v[1], "make_view", "layout");
    if (!L) return NULL;
    if (fy_dsl_targ_is_iter(v[0])) { /* a host tensor's data under a layout of our choosing (kernel argument) */
        if (!fly_layout_is_static(L))
            return fy_err_set(&fy_ValueError, "make_view: a host tensor's view needs a static layout");
        return fy_dsl_targ_view(v[0], L);
    }
    if (!FY_INT_CHECK(v[0]) && !FY_TUPLE_CHECK(v[0]) && !fy_isinstance_of(v[0], &fy_dsl_inttuple_type))
        return fy_err_format(&fy_TypeError,
                             "make_view: iter must be an IntTuple (a coordinate tensor) here, not '%s' "
                             "(pointer views need a kernel)",
                             fy_type_name(v[0]));
    if (fy_dsl_to_inttuple(v[0], &base, 0, "make_view", "iter") < 0) return NULL;
    return fy_dsl_coord_tensor_new(&base, L);
}

static int need_dtype(fy_obj *o, const char *op) {
    if (fy_dsl_numeric_mlir_name(o)) return 0;
    fy_err_format(&fy_TypeError, "%s: dtype must be a numeric type such as fx.Float32, not '%s'", op, fy_type_name(o));
    return -1;
}

DEF(f_make_rmem_tensor) {
    TRACE_HOOK("make_rmem_tensor");
    UNUSED_SELF;
    static const char *const names[] = {"shape_or_layout", "dtype", NULL};
    fy_obj *v[2];
    fly_layout L;
    if (fy_parse_args("make_rmem_tensor", a, na, kw, names, 2, 2, 2, v) < 0) return NULL;
    if (layout_or_shape(v[0], &L, "make_rmem_tensor", "shape_or_layout") < 0 ||
        need_dtype(v[1], "make_rmem_tensor") < 0)
        return NULL;
    return fy_dsl_reg_tensor_new(v[1], &L);
}

DEF(f_make_fragment_like) {
    TRACE_HOOK("make_fragment_like");
    UNUSED_SELF;
    static const char *const names[] = {"src", "dtype", NULL};
    fy_obj *v[2];
    fly_layout L;
    fly_error err;
    if (fy_parse_args("make_fragment_like", a, na, kw, names, 1, 2, 2, v) < 0) return NULL;
    const fly_layout *src = ISC(v[0]) ? NULL : layout_of(v[0]);
    if (!src)
        return fy_err_format(&fy_TypeError, "make_fragment_like: src must be a Layout or a Tensor, not '%s'",
                             fy_type_name(v[0]));
    fy_obj *dt = v[1] && v[1] != fy_None ? v[1] : NULL;
    if (!dt && IST(v[0]) && !TEN(v[0])->is_coord) dt = TEN(v[0])->dtype;
    if (!dt) return fy_err_set(&fy_TypeError, "make_fragment_like: a dtype is needed for this source");
    if (need_dtype(dt, "make_fragment_like") < 0) return NULL;
    if (fly_layout_make_col_major(&L, &src->shape, &err)) return fy_dsl_raise(&err);
    return fy_dsl_reg_tensor_new(dt, &L);
}

/* make_layout_like(ref) / make_fragment_layout_like(tensor): FlyDSL's layouts "like" a Layout (and, for the
 * fragment layout, a tensor's layout), lib/layout/like.c. */
static fy_obj *layout_like(const char *op, const char *arg, int fragment, fy_obj *const *a, size_t na, fy_obj *kw) {
    const char *const names[] = {arg, NULL};
    fy_obj *v[1];
    if (fy_parse_args(op, a, na, kw, names, 1, 1, 1, v) < 0) return NULL;
    const fly_layout *src = ISL(v[0]) ? LAY(v[0]) : fragment && !ISC(v[0]) ? layout_of(v[0]) : NULL;
    if (!src)
        return fy_err_format(&fy_TypeError, "%s: expected a Layout%s, not '%s'", op, fragment ? " or a Tensor" : "",
                             fy_type_name(v[0]));
    fly_layout L;
    fly_error err;
    fly_status st;
    DYN_CALL(st, fragment ? fly_layout_make_fragment_like(src, &L, &err) : fly_layout_make_like(src, &L, &err));
    return fy_trace_host_value(ret_layout(st, &L, &err));
}
DEF(f_make_layout_like) {
    UNUSED_SELF;
    return layout_like("make_layout_like", "ref", 0, a, na, kw);
}
DEF(f_make_fragment_layout_like) {
    UNUSED_SELF;
    return layout_like("make_fragment_layout_like", "tensor", 1, a, na, kw);
}

DEF(f_get_layout) {
    TRACE_HOOK("get_layout");
    UNUSED_SELF;
    fy_obj *x = one_arg("get_layout", a, na, kw);
    if (!x) return NULL;
    if (!IST(x)) return fy_err_format(&fy_TypeError, "get_layout: expected a Tensor, not '%s'", fy_type_name(x));
    return fy_dsl_layout_new(&TEN(x)->L);
}

DEF(f_get_iter) {
    TRACE_HOOK("get_iter");
    UNUSED_SELF;
    fy_obj *x = one_arg("get_iter", a, na, kw);
    if (!x) return NULL;
    fy_obj *hi = fy_dsl_targ_host_iter(x); /* a torch tensor in a host function */
    if (hi || fy_err_occurred()) return hi;
    if (!IST(x) || !TEN(x)->is_coord)
        return fy_err_format(&fy_TypeError, "get_iter: expected a coordinate tensor, not '%s'", fy_type_name(x));
    return fy_dsl_inttuple_new(&TEN(x)->base);
}

/* ------------------------------------------------------------------ swizzles and composed layouts */

DEF(f_static) {
    UNUSED_SELF;
    fy_obj *x = one_arg("static", a, na, kw);
    if (!x) return NULL;
    if (fy_isinstance_of(x, &fy_dsl_swizzle_type)) return fy_dsl_swizzle_new(&((fy_dsl_swizzle *)x)->s, 0);
    return fy_err_format(&fy_TypeError, "static: expected a static type such as fx.SwizzleType.get(3,0,3), not '%s'",
                         fy_type_name(x));
}

DEF(f_make_composed_layout) {
    UNUSED_SELF;
    if (fy_no_kwargs("make_composed_layout", kw) < 0 || fy_check_nargs("make_composed_layout", na, 2, 3) < 0)
        return NULL;
    fy_obj *inner = a[0], *outer = a[na - 1];
    fly_inttuple off, *offp = NULL;
    fly_composed c;
    fly_error err;
    if (na == 3) {
        if (fy_dsl_to_inttuple(a[1], &off, 0, "make_composed_layout", "offset") < 0) return NULL;
        offp = &off;
    }
    int sw = fy_isinstance_of(inner, &fy_dsl_swizzle_type);
    if (!sw && !ISL(inner))
        return fy_err_format(&fy_TypeError, "make_composed_layout: inner must be a Swizzle or a Layout, not '%s'",
                             fy_type_name(inner));
    fly_status st;
    if (ISC(outer)) {
        memcpy(&c, COMP(outer), sizeof c);
        st = sw ? fly_composed_nest_swizzle(&c, &((fy_dsl_swizzle *)inner)->s, offp, &err)
                : fly_composed_nest_layout(&c, LAY(inner), offp, &err);
    } else {
        const fly_layout *O = need_layout(outer, "make_composed_layout", "outer");
        if (!O) return NULL;
        st = sw ? fly_composed_make_swizzle(&c, &((fy_dsl_swizzle *)inner)->s, offp, O, &err)
                : fly_composed_make_layout(&c, LAY(inner), offp, O, &err);
    }
    if (st) return fy_dsl_raise(&err);
    return fy_dsl_composed_new(&c);
}

static fy_obj *composed_part(const char *op, const char *attr, fy_obj *const *a, size_t na, fy_obj *kw) {
    fy_obj *x = one_arg(op, a, na, kw);
    if (!x) return NULL;
    if (!ISC(x)) return fy_err_format(&fy_TypeError, "%s: expected a ComposedLayout, not '%s'", op, fy_type_name(x));
    return fy_getattr_cstr(x, attr);
}
DEF(f_composed_get_inner) {
    UNUSED_SELF;
    return composed_part("composed_get_inner", "inner", a, na, kw);
}
DEF(f_composed_get_outer) {
    UNUSED_SELF;
    return composed_part("composed_get_outer", "outer", a, na, kw);
}
DEF(f_composed_get_offset) {
    UNUSED_SELF;
    return composed_part("composed_get_offset", "offset", a, na, kw);
}

DEF(f_E) {
    UNUSED_SELF;
    if (fy_no_kwargs("E", kw) < 0 || fy_check_nargs("E", na, 0, FLY_BASIS_MAX_PATH) < 0) return NULL;
    if (na == 1 && (FY_LIST_CHECK(a[0]) || FY_TUPLE_CHECK(a[0]))) { /* E([0, 1]): the modes as one sequence */
        size_t k;
        fy_obj **items = fy_seq_items(a[0], &k);
        if (k > FLY_BASIS_MAX_PATH) return fy_err_set(&fy_ValueError, "E: at most 4 modes");
        return f_E(self, items, k, kw);
    }
    if (na == 0) return fy_int_from(1); /* E(): the scalar 1, as FlyDSL's */
    int path[FLY_BASIS_MAX_PATH];
    for (size_t i = 0; i < na; i++) {
        int64_t m;
        if (fy_dsl_to_int(a[i], &m, "E", "a mode") < 0) return NULL;
        path[i] = (int)m;
    }
    fly_itnode n;
    fly_error err;
    if (fly_itnode_basis(&n, 1, path, (int)na, &err)) return fy_dsl_raise(&err);
    return fy_dsl_basis_new(&n);
}

/* ------------------------------------------------------------------ trace-time helpers */

DEF(f_const_expr) {
    UNUSED_SELF;
    fy_obj *x = one_arg("const_expr", a, na, kw);
    if (!x) return NULL;
    /* a runtime value has no trace-time truth: FlyDSL's error (its `if const_expr(...)` stays a Python if) */
    if (FY_DSL_NUM_CHECK(x) && !((fy_dsl_num *)x)->is_static)
        return fy_err_format(&fy_RuntimeError, "cannot evaluate dynamic '%s' as Python bool during tracing",
                             ((fy_dsl_num *)x)->dt->name);
    return fy_ref(x);
}

fy_methoddef fy_dsl_layout_funcs[] = {
    {"make_shape", f_make_shape, 0, "make_shape(*xs)\nA shape IntTuple."},
    {"make_stride", f_make_stride, 0, "make_stride(*xs)\nA stride IntTuple."},
    {"make_coord", f_make_coord, 0, "make_coord(*xs)\nA coordinate IntTuple (None keeps a mode)."},
    {"make_int_tuple", f_make_int_tuple, 0, "make_int_tuple(x)\nAn IntTuple from an int or a nested tuple."},
    {"make_layout", f_make_layout, 0, "make_layout(shape, stride=None) or make_layout(L0, L1, ...)\nA Layout."},
    {"make_ordered_layout", f_make_ordered_layout, 0,
     "make_ordered_layout(shape, order)\nA compact layout, order[i] = rank of mode i."},
    {"make_identity_layout", f_make_identity_layout, 0, "make_identity_layout(shape)\nshape:(1E0,1E1,...)."},
    {"make_identity_tensor", f_make_identity_tensor, 0,
     "make_identity_tensor(shape)\nA coordinate tensor over the identity layout."},
    {"make_layout_tv", f_make_layout_tv, 0, "make_layout_tv(thr_layout, val_layout)\n(tile_mn, tv_layout)."},
    {"make_tile", f_make_tile, 0, "make_tile(*modes)\nA by-mode Tile."},
    {"get_shape", f_get_shape, 0, "get_shape(layout)\nThe shape IntTuple."},
    {"get_stride", f_get_stride, 0, "get_stride(layout)\nThe stride IntTuple."},
    {"size", f_size, 0, "size(x)\nThe size as an IntTuple."},
    {"cosize", f_cosize, 0, "cosize(layout)\nThe codomain size as an IntTuple."},
    {"coshape", f_coshape, 0,
     "coshape(layout)\nThe codomain shape: layout(shape - 1) + 1 (an int for integer strides)."},
    {"coprofile", f_coprofile, 0, "coprofile(layout)\nZeros shaped like the codomain (0 for integer strides)."},
    {"rank", f_rank, 0, "rank(x)\nNumber of top-level modes (int)."},
    {"depth", f_depth, 0, "depth(x)\nNesting depth (int)."},
    {"get", f_get, 0, "get(x, mode)\nElement or mode `mode`."},
    {"get_", f_get_, 0, "get_(x, *path)\nThe element at a mode path."},
    {"select", f_select, 0, "select(x, indices)\nModes in that order."},
    {"take", f_take, 0, "take(x, begin, end)\nModes [begin, end)."},
    {"group", f_group, 0, "group(x, begin, end)\nGroups modes [begin, end) into one."},
    {"append", f_append, 0, "append(base, elem, n=None)\nAppends elem (until rank n)."},
    {"prepend", f_prepend, 0, "prepend(base, elem, n=None)\nPrepends elem (until rank n)."},
    {"zip", f_zip, 0, "zip(lhs, rhs)\n((a0,b0),(a1,b1),...)."},
    {"slice", f_slice, 0, "slice(src, coord)\nKeeps the modes where coord is None."},
    {"dice", f_dice, 0, "dice(src, coord)\nKeeps the modes where coord is not None."},
    {"crd2idx", f_crd2idx, 0, "crd2idx(crd, layout)\nThe index of a coordinate (IntTuple)."},
    {"idx2crd", f_idx2crd, 0,
     "idx2crd(index, layout)\nThe coordinate of an index: mode k is (index // stride_k) % shape_k. A shape "
     "(and an optional stride) may stand for the layout."},
    {"get_flat_coord", f_get_flat_coord, 0,
     "get_flat_coord(index, layout)\nPer top-level mode, the 1-D coordinate of an index."},
    {"get_1d_coord", f_get_1d_coord, 0, "get_1d_coord(index, layout)\n1-D (column-major) coordinate of an index."},
    {"get_hier_coord", f_get_hier_coord, 0, "get_hier_coord(index, layout)\nHierarchical coordinate of an index."},
    {"coalesce", f_coalesce, 0, "coalesce(layout, pattern=None)\nMerges modes where possible."},
    {"composition", f_composition, 0, "composition(layout, tiler)\nlayout o tiler."},
    {"complement", f_complement, 0, "complement(layout, codomain_size=None)\nThe complement layout."},
    {"right_inverse", f_right_inverse, 0, "right_inverse(layout)"},
    {"left_inverse", f_left_inverse, 0, "left_inverse(layout)"},
    {"logical_divide", f_logical_divide, 0, "logical_divide(layout, divisor)"},
    {"zipped_divide", f_zipped_divide, 0, "zipped_divide(layout, divisor)"},
    {"tiled_divide", f_tiled_divide, 0, "tiled_divide(layout, divisor)"},
    {"flat_divide", f_flat_divide, 0, "flat_divide(layout, divisor)"},
    {"logical_product", f_logical_product, 0, "logical_product(layout, tiler)"},
    {"zipped_product", f_zipped_product, 0, "zipped_product(layout, tiler)"},
    {"tiled_product", f_tiled_product, 0, "tiled_product(layout, tiler)"},
    {"flat_product", f_flat_product, 0, "flat_product(layout, tiler)"},
    {"blocked_product", f_blocked_product, 0, "blocked_product(layout, tiler)"},
    {"block_product", f_block_product, 0, "block_product(layout, tiler)\nSame as blocked_product."},
    {"raked_product", f_raked_product, 0, "raked_product(layout, tiler)"},
    {"tile_to_shape", f_tile_to_shape, 0,
     "tile_to_shape(block, trg_shape, ord_shape=None)\nThe block replicated to cover trg_shape (copies column-major or "
     "by ord_shape)."},
    {"recast_layout", f_recast_layout, 0, "recast_layout(layout, old_type_bits, new_type_bits)"},
    {"int_tuple_add", f_int_tuple_add, 0, "int_tuple_add(lhs, rhs)"},
    {"int_tuple_sub", f_int_tuple_sub, 0, "int_tuple_sub(lhs, rhs)"},
    {"int_tuple_mul", f_int_tuple_mul, 0, "int_tuple_mul(lhs, rhs)"},
    {"int_tuple_div", f_int_tuple_div, 0, "int_tuple_div(lhs, rhs)"},
    {"int_tuple_mod", f_int_tuple_mod, 0, "int_tuple_mod(lhs, rhs)"},
    {"int_tuple_product", f_int_tuple_product, 0, "int_tuple_product(x)"},
    {"int_tuple_product_each", f_int_tuple_product_each, 0, "int_tuple_product_each(x)"},
    {"int_tuple_product_like", f_int_tuple_product_like, 0,
     "int_tuple_product_like(lhs, rhs)\nlhs shaped as rhs: each leaf of rhs the product of the part of lhs it covers."},
    {"shape_div", f_shape_div, 0, "shape_div(lhs, rhs)"},
    {"ceil_div", f_ceil_div, 0, "ceil_div(lhs, rhs)"},
    {"elem_less", f_elem_less, 0, "elem_less(lhs, rhs)\nbool"},
    {"equal", f_equal, 0, "equal(lhs, rhs)\nbool"},
    {"get_leaves", f_get_leaves, 0,
     "get_leaves(x, dynamic_only=False)\nThe leaves as a tuple (only the runtime ones with dynamic_only)."},
    {"get_scalar", f_get_scalar, 0, "get_scalar(x)\nThe single leaf as an int (or Basis)."},
    {"make_view", f_make_view, 0, "make_view(iter, layout)\nA coordinate tensor when iter is an IntTuple."},
    {"make_rmem_tensor", f_make_rmem_tensor, 0, "make_rmem_tensor(shape_or_layout, dtype)\nA register tensor."},
    {"make_layout_like", f_make_layout_like, 0,
     "make_layout_like(ref)\nA compact layout of ref's shape whose strides rank as ref's do."},
    {"make_fragment_layout_like", f_make_fragment_layout_like, 0,
     "make_fragment_layout_like(tensor)\nThe layout of a register fragment like tensor (or a Layout)."},
    {"make_fragment_like", f_make_fragment_like, 0,
     "make_fragment_like(src, dtype=None)\nA register tensor shaped like src."},
    {"get_layout", f_get_layout, 0, "get_layout(tensor)"},
    {"get_iter", f_get_iter, 0, "get_iter(tensor)\nThe base coordinate of a coordinate tensor."},
    {"static", f_static, 0, "static(type)\nThe static value of a type (a Swizzle for a swizzle type)."},
    {"make_composed_layout", f_make_composed_layout, 0, "make_composed_layout(inner, [offset,] outer)"},
    {"composed_get_inner", f_composed_get_inner, 0, "composed_get_inner(c)"},
    {"composed_get_outer", f_composed_get_outer, 0, "composed_get_outer(c)"},
    {"composed_get_offset", f_composed_get_offset, 0, "composed_get_offset(c)"},
    {"E", f_E, 0, "E(*modes)\nThe unit basis element 1E<m0>E<m1>..."},
    {"const_expr", f_const_expr, 0, "const_expr(x)\nx (evaluated at trace time)."},
    {0}};

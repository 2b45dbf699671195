/* trace_layout.c - the layout API on kernel tensors while a kernel is traced: make_view / get_iter /
 * get_layout, logical/zipped/tiled/flat divides of a tensor by a layout or tile (fly.*_divide on the
 * memref; the static result layout is computed here with lib/layout, exactly as the verifier infers
 * it), register tensors (make_rmem_tensor, make_fragment_like -> fly.memref.alloca), memref_load /
 * memref_store, and whole-tensor load / store / fill. Static layouts fold in C and reach the IR as
 * fly.static values; dynamic indices travel as fly.make_coord leaves. */
#include <stdio.h>
#include <string.h>

#include "flydsl/api/dsl.h"
#include "layout/algebra.h"
#include "layout/tile.h"
#include "flydsl/trace/trace_int.h"

#define U(x) ((unsigned long long)(x))

static fy_tracer *need_tracer(const char *op) {
    fy_tracer *tr = fy_trace_cur();
    if (!tr) fy_err_format(&fy_RuntimeError, "%s on a kernel tensor is only usable inside its kernel's trace", op);
    return tr;
}

uint64_t fy_trace_static_layout(fy_tracer *tr, const fly_layout *L) {
    char lt[512];
    fly_layout_print(L, lt, sizeof lt);
    uint64_t r = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu = \"fly.static\"() : () -> !fly.layout<%s>", U(r), lt);
    fy_trace_end_line(tr);
    return r;
}

static uint64_t emit_get_iter(fy_tracer *tr, fy_ttensor *t) {
    uint64_t r = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu = \"fly.get_iter\"(%%%llu) : (%s) -> !fly.ptr<%s, %s>", U(r), U(t->ssa), t->ty,
                  fy_trace_mlir_type(t->et), fy_trace_space_name(t->reg));
    fy_trace_end_line(tr);
    return r;
}

fy_obj *fy_trace_view_ptr(fy_tracer *tr, uint64_t p, fy_dsl_numeric *et, int reg, const fly_layout *L) {
    uint64_t l; /* fly.static, or carriers of a dynamic layout's bound leaves */
    if (fy_trace_layout_ssa(tr, L, &l) < 0) return NULL;
    uint64_t r = fy_trace_new_ssa(tr);
    fy_obj *res = fy_ttensor_new(r, et, reg, L);
    if (!res) return NULL;
    char lt[512];
    fly_layout_print(L, lt, sizeof lt);
    fy_trace_emit(tr, "      %%%llu = \"fly.make_view\"(%%%llu, %%%llu) : (!fly.ptr<%s, %s>, !fly.layout<%s>) -> %s",
                  U(r), U(p), U(l), fy_trace_mlir_type(et), fy_trace_space_name(reg), lt, ((fy_ttensor *)res)->ty);
    fy_trace_end_line(tr);
    return res;
}

fy_obj *fy_trace_view(fy_tracer *tr, fy_ttensor *t, const fly_layout *L) {
    if (t->swz) return fy_trace_view_swz(tr, t, L); /* the swizzle and the offset stay */
    return fy_trace_view_ptr(tr, emit_get_iter(tr, t), t->et, t->reg, L);
}

static uint64_t static_tuple(fy_tracer *tr, const fly_inttuple *t) {
    char tt[512];
    fly_inttuple_print(t, tt, sizeof tt);
    uint64_t r = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu = \"fly.static\"() : () -> !fly.int_tuple<%s>", U(r), tt);
    fy_trace_end_line(tr);
    return r;
}

/* The layout of make_rmem_tensor as FlyDSL builds it: fly.make_ordered_layout(shape, 0) from a shape (how 1),
 * fly.make_layout(shape, stride) from a layout (how 2), of static tuples; how 0: fly.static. */
static uint64_t rmem_layout(fy_tracer *tr, const fly_layout *L, int how) {
    if (!how) return fy_trace_static_layout(tr, L);
    fly_inttuple zero;
    fly_inttuple_int(&zero, 0);
    uint64_t s = static_tuple(tr, &L->shape), d = static_tuple(tr, how == 1 ? &zero : &L->stride);
    char st[512], dt[512], lt[1100];
    fly_inttuple_print(&L->shape, st, sizeof st);
    fly_inttuple_print(how == 1 ? &zero : &L->stride, dt, sizeof dt);
    fly_layout_print(L, lt, sizeof lt);
    uint64_t r = fy_trace_new_ssa(tr);
    fy_trace_emit(
        tr, "      %%%llu = \"fly.%s\"(%%%llu, %%%llu) : (!fly.int_tuple<%s>, !fly.int_tuple<%s>) -> !fly.layout<%s>",
        U(r), how == 1 ? "make_ordered_layout" : "make_layout", U(s), U(d), st, dt, lt);
    fy_trace_end_line(tr);
    return r;
}

static fy_obj *alloca_how(fy_tracer *tr, fy_dsl_numeric *et, const fly_layout *L, int how) {
    fly_error err;
    int64_t n;
    if (!fly_layout_is_static(L) || fly_layout_cosize_static(L, &n, &err)) {
        char lt[512];
        fly_layout_print(L, lt, sizeof lt);
        return fy_err_format(&fy_ValueError, "a register tensor needs a static layout, not %s", lt);
    }
    uint64_t l = rmem_layout(tr, L, how);
    uint64_t r = fy_trace_new_ssa(tr);
    fy_obj *res = fy_ttensor_new(r, et, 1, L);
    if (!res) return NULL;
    char lt[512];
    fly_layout_print(L, lt, sizeof lt);
    fy_trace_emit(tr, "      %%%llu = \"fly.memref.alloca\"(%%%llu) : (!fly.layout<%s>) -> %s", U(r), U(l), lt,
                  ((fy_ttensor *)res)->ty);
    fy_trace_end_line(tr);
    return res;
}

fy_obj *fy_trace_alloca(fy_tracer *tr, fy_dsl_numeric *et, const fly_layout *L) { return alloca_how(tr, et, L, 0); }

/* ---- whole-tensor vector access ---- */

static int tensor_size(fy_ttensor *t, int64_t *n) {
    fly_error err;
    if (fly_layout_size_static(&t->L, n, &err)) {
        if (err.code != FLY_E_DYNAMIC && fly_inttuple_is_static(&t->L.shape)) {
            fy_dsl_raise(&err);
            return -1;
        }
        char lt[512];
        fly_layout_print(&t->L, lt, sizeof lt);
        fy_err_format(&fy_ValueError,
                      "the tensor's layout %s has dynamic extents: a whole-tensor vector access needs a static size "
                      "(divide the tensor by a static tile and take one tile first)",
                      lt);
        return -1;
    }
    return 0;
}

fy_obj *fy_trace_tensor_load(fy_ttensor *t) {
    fy_tracer *tr = need_tracer("load()");
    int64_t n;
    if (!tr || tensor_size(t, &n) < 0) return NULL;
    uint64_t r = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu = \"fly.memref.load_vec\"(%%%llu) : (%s) -> vector<%lldx%s>", U(r), U(t->ssa),
                  t->ty, (long long)n, fy_trace_mlir_type(t->et));
    fy_trace_end_line(tr);
    return fy_tvector_new(r, t->et, n);
}

/* Defined in trace_vector.c: the vector's SSA handle, element type and length, or -1 (not a Vector). */

fy_obj *fy_trace_tensor_store(fy_ttensor *t, fy_obj *v) {
    fy_tracer *tr = need_tracer("store()");
    int64_t n, vn;
    uint64_t vs;
    fy_dsl_numeric *vt;
    if (!tr || tensor_size(t, &n) < 0) return NULL;
    if (fy_tvector_parts(v, &vs, &vt, &vn) < 0)
        return fy_err_format(&fy_TypeError, "store: expected a Vector, not '%s'", fy_type_name(v));
    if (vn != n)
        return fy_err_format(&fy_ValueError, "store: shape mismatch: a Vector of %lld elements into a tensor of %lld",
                             (long long)vn, (long long)n);
    if (vt != t->et)
        return fy_err_format(&fy_TypeError, "store: a Vector of %s into a tensor of %s (convert with .to(%s))",
                             vt->name, t->et->name, t->et->name);
    fy_trace_emit(tr, "      \"fly.memref.store_vec\"(%%%llu, %%%llu) : (vector<%lldx%s>, %s) -> ()", U(vs), U(t->ssa),
                  (long long)n, fy_trace_mlir_type(t->et), t->ty);
    fy_trace_end_line(tr);
    return tr->failed ? fy_err_nomem() : fy_none();
}

fy_obj *fy_trace_tensor_fill(fy_ttensor *t, fy_obj *x) {
    fy_tracer *tr = need_tracer("fill()");
    int64_t n;
    uint64_t s;
    if (!tr || tensor_size(t, &n) < 0 || fy_trace_value_as(tr, x, t->et, &s) < 0) return NULL;
    const char *et = fy_trace_mlir_type(t->et);
    uint64_t r = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu = vector.broadcast %%%llu : %s to vector<%lldx%s>", U(r), U(s), et, (long long)n,
                  et);
    fy_trace_end_line(tr);
    fy_trace_emit(tr, "      \"fly.memref.store_vec\"(%%%llu, %%%llu) : (vector<%lldx%s>, %s) -> ()", U(r), U(t->ssa),
                  (long long)n, et, t->ty);
    fy_trace_end_line(tr);
    return tr->failed ? fy_err_nomem() : fy_none();
}

/* ---- the hook ---- */

/* The numeric type object o (fx.Float32 ...), or NULL with TypeError. */
static fy_dsl_numeric *need_numeric(fy_obj *o, const char *op) {
    if (o && FY_TYPE(o) == FY_TYPE(&fy_dsl_t_f32.h)) return (fy_dsl_numeric *)o;
    if (o && fy_isinstance_of(o, &fy_type_type) == 0) { /* an MLIR type (Float16.ir_type): its numeric type */
        fy_dsl_numeric *t = fy_dsl_to_numeric_type(o, op);
        if (t) return t;
        fy_err_clear();
    }
    fy_err_format(&fy_TypeError, "%s: dtype must be a numeric type such as fx.Float32, not '%s'", op,
                  o ? fy_type_name(o) : "nothing");
    return NULL;
}

typedef fly_status (*divfn)(const fly_layout *, const fly_layout *, fly_layout *, fly_error *);
typedef fly_status (*divtfn)(const fly_layout *, const fly_tile *, fly_layout *, fly_error *);

static fy_obj *divide(fy_tracer *tr, const char *op, fy_ttensor *t, fy_obj *by, divfn lf, divtfn tf) {
    fly_layout B, R;
    fly_tile T;
    fly_error err;
    char bt[512], opty[540];
    int tile = FY_TUPLE_CHECK(by) || fy_isinstance_of(by, &fy_dsl_tile_type);
    if (tile) {
        if (fy_dsl_to_tile(by, &T, op, "tiler") < 0) return NULL;
        if (tf(&t->L, &T, &R, &err)) return fy_dsl_raise(&err);
        fly_tile_print(&T, bt, sizeof bt);
        snprintf(opty, sizeof opty, "!fly.tile<%s>", bt);
    } else {
        if (fy_dsl_to_layout(by, &B, 1, op, "tiler") < 0) return NULL;
        if (lf(&t->L, &B, &R, &err)) return fy_dsl_raise(&err);
        fly_layout_print(&B, bt, sizeof bt);
        snprintf(opty, sizeof opty, "!fly.layout<%s>", bt);
    }
    if (t->swz) return fy_trace_view_swz(tr, t, &R); /* a swizzled view: its outer divided, as FlyDSL does */
    uint64_t d = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu = \"fly.static\"() : () -> %s", U(d), opty);
    fy_trace_end_line(tr);
    uint64_t r = fy_trace_new_ssa(tr);
    fy_obj *res = fy_ttensor_new(r, t->et, t->reg, &R);
    if (!res) return NULL;
    fy_trace_emit(tr, "      %%%llu = \"fly.%s\"(%%%llu, %%%llu) : (%s, %s) -> %s", U(r), op, U(t->ssa), U(d), t->ty,
                  opty, ((fy_ttensor *)res)->ty);
    fy_trace_end_line(tr);
    return res;
}

static int any_traced(fy_obj *const *a, size_t na) {
    for (size_t i = 0; i < na; i++)
        if (FY_TTENSOR_CHECK(a[i]) || FY_TYPE(a[i]) == &fy_trace_ptr_type) return 1;
    return 0;
}

/* flat_divide of a kernel tensor: the compiler core has no fly.flat_divide op, and a divide only re-shapes
 * the layout over the same iterator, so the result is traced as a view (fly.get_iter + fly.make_view; the
 * leaves of a dynamic one are computed in the kernel). */
static fy_obj *flat_divide_view(fy_tracer *tr, fy_ttensor *t, fy_obj *by) {
    fly_layout B, R;
    fly_tile T;
    fly_error err;
    int tile = FY_TUPLE_CHECK(by) || fy_isinstance_of(by, &fy_dsl_tile_type);
    if (tile) {
        if (fy_dsl_to_tile(by, &T, "flat_divide", "tiler") < 0) return NULL;
        if (fly_layout_flat_divide_tile(&t->L, &T, &R, &err)) return fy_dsl_raise(&err);
    } else {
        if (fy_dsl_to_layout(by, &B, 1, "flat_divide", "tiler") < 0) return NULL;
        if (fly_layout_flat_divide(&t->L, &B, &R, &err)) return fy_dsl_raise(&err);
    }
    if (!fly_layout_is_static(&R)) {
        /* a dynamic result: its leaves computed here from the tensor's (read at this point) with arith ops */
        fly_layout Lb;
        fy_trace_dynsave sv;
        if (fy_trace_bind_layout(tr, t, &Lb, 3) < 0) return NULL;
        fy_trace_dyn_begin(tr, &sv);
        fly_status st =
            tile ? fly_layout_flat_divide_tile(&Lb, &T, &R, &err) : fly_layout_flat_divide(&Lb, &B, &R, &err);
        fy_trace_dyn_end(&sv);
        if (st) return fy_dsl_raise(&err);
    }
    return fy_trace_view(tr, t, &R);
}

/* A tiler argument: a non-leaf IntTuple (tiled_copy.tile_mn) as nested Python tuples, else itself (new ref). */
static fy_obj *tiler_arg(fy_obj *by) {
    if (fy_isinstance_of(by, &fy_dsl_inttuple_type) && !fly_inttuple_is_leaf(&((fy_dsl_inttuple *)by)->t))
        return fy_dsl_inttuple_to_py(&((fy_dsl_inttuple *)by)->t);
    return fy_ref(by);
}

int fy_trace_layout_hook(const char *name, fy_obj *const *a, size_t na, fy_obj *kw, fy_obj **res) {
    fy_tracer *tr = fy_trace_cur();
    *res = NULL;
    if (tr && fy_trace_coord_hook(name, a, na, kw, res)) return 1; /* coordinate tensors (trace_coord.c) */
    if (tr && fy_trace_buffer_hook(name, a, na, kw, res)) return 1; /* buffer tensors (trace_buffer.c) */
    int alloc = !strcmp(name, "make_rmem_tensor") || !strcmp(name, "make_fragment_like");
    if (!tr || (!alloc && !any_traced(a, na))) return 0;
    if (alloc && !strcmp(name, "make_fragment_like") && na >= 1 && !FY_TTENSOR_CHECK(a[0]) &&
        !fy_isinstance_of(a[0], &fy_dsl_layout_type) && !fy_trace_is_coord(a[0]))
        return 0;
    static const char *const n2[] = {"a", "b", NULL}, *const nf[] = {"src", "dtype", NULL},
                             *const nr[] = {"shape_or_layout", "dtype", NULL};
    fy_obj *v[2] = {NULL, NULL};
    const char *const *names = !strcmp(name, "make_fragment_like") ? nf : !strcmp(name, "make_rmem_tensor") ? nr : n2;
    if (fy_parse_args(name, a, na, kw, names, 1, 2, 2, v) < 0) return 1;
    fly_error err;
    fly_layout L;
    if (!strcmp(name, "make_rmem_tensor")) {
        fy_dsl_numeric *et = need_numeric(v[1], name);
        if (!et) return 1;
        int how = 2; /* a layout: FlyDSL's fly.make_layout; a shape: fly.make_ordered_layout(shape, 0) */
        if (fy_dsl_to_layout(v[0], &L, 0, name, "shape_or_layout") < 0) {
            fly_inttuple s;
            fy_err_clear();
            how = 1;
            if (fy_dsl_to_inttuple(v[0], &s, 0, name, "shape_or_layout") < 0) return 1;
            if (fly_layout_make_col_major(&L, &s, &err)) return (*res = fy_dsl_raise(&err)), 1;
        }
        *res = alloca_how(tr, et, &L, how);
        return 1;
    }
    if (!strcmp(name, "make_fragment_like")) {
        const fly_layout *src = FY_TTENSOR_CHECK(v[0])    ? &((fy_ttensor *)v[0])->L
                                : fy_trace_is_coord(v[0]) ? fy_trace_coord_layout(v[0])
                                                          : &((fy_dsl_layout *)v[0])->L;
        fy_dsl_numeric *et = v[1] && v[1] != fy_None  ? need_numeric(v[1], name)
                             : FY_TTENSOR_CHECK(v[0]) ? ((fy_ttensor *)v[0])->et
                                                      : NULL;
        if (!et) {
            if (!fy_err_occurred()) fy_err_set(&fy_TypeError, "make_fragment_like: a dtype is needed for this source");
            return 1;
        }
        if (fly_layout_make_col_major(&L, &src->shape, &err)) return (*res = fy_dsl_raise(&err)), 1;
        *res = fy_trace_alloca(tr, et, &L);
        return 1;
    }
    if (!strcmp(name, "get_iter") || !strcmp(name, "get_layout")) {
        if (!FY_TTENSOR_CHECK(v[0])) return 0;
        fy_ttensor *t = (fy_ttensor *)v[0];
        if (name[4] == 'l') {
            *res = fy_trace_tensor_layout(t); /* dynamic leaves read here */
            return 1;
        }
        *res = fy_trace_ptr_new(emit_get_iter(tr, t), t->et, t->reg);
        return 1;
    }
    if (!strcmp(name, "make_view")) {
        if (!v[1]) return fy_err_set(&fy_TypeError, "make_view(iter, layout): missing layout"), 1;
        if (fy_isinstance_of(v[1], &fy_dsl_composed_type)) { /* a swizzled view */
            const fly_composed *c = &((fy_dsl_composed *)v[1])->c;
            if (FY_TTENSOR_CHECK(v[0])) {
                fy_ttensor *t = (fy_ttensor *)v[0];
                if (t->swz)
                    return (*res = fy_err_set(&fy_NotImplementedError,
                                              "make_view: a composed layout over a swizzled view is not supported")),
                           1;
                uint64_t it = fy_trace_new_ssa(tr);
                fy_trace_emit(tr, "      %%%llu = \"fly.get_iter\"(%%%llu) : (%s) -> !fly.ptr<%s, %s>", U(it),
                              U(t->ssa), t->ty, fy_trace_mlir_type(t->et), fy_trace_space_name(t->reg));
                fy_trace_end_line(tr);
                *res = fy_trace_view_composed(tr, it, t->et, t->reg, c);
                return 1;
            }
            if (FY_TYPE(v[0]) != &fy_trace_ptr_type) return 0;
            if (fy_trace_ptr_plain(v[0], "make_view") < 0) return (*res = NULL), 1;
            fy_trace_ptr *p = (fy_trace_ptr *)v[0];
            *res = fy_trace_view_composed(tr, p->ssa, p->et, p->reg, c);
            return 1;
        }
        if (fy_dsl_to_layout(v[1], &L, 1, name, "layout") < 0) return 1;
        if (FY_TTENSOR_CHECK(v[0])) {
            *res = fy_trace_view(tr, (fy_ttensor *)v[0], &L);
            return 1;
        }
        if (FY_TYPE(v[0]) != &fy_trace_ptr_type) return 0;
        if (fy_trace_ptr_plain(v[0], "make_view") < 0) return (*res = NULL), 1;
        fy_trace_ptr *p = (fy_trace_ptr *)v[0];
        *res = fy_trace_view_ptr(tr, p->ssa, p->et, p->reg, &L);
        return 1;
    }
    if (!FY_TTENSOR_CHECK(v[0]) || !v[1]) return 0;
    fy_ttensor *t = (fy_ttensor *)v[0];
    fy_obj *tiler = tiler_arg(v[1]); /* tiled_copy.tile_mn (an IntTuple) as a tile */
    if (!tiler) return 1;
    v[1] = tiler;
    if (!strcmp(name, "logical_divide"))
        *res = divide(tr, name, t, v[1], fly_layout_logical_divide, fly_layout_logical_divide_tile);
    else if (!strcmp(name, "zipped_divide"))
        *res = divide(tr, name, t, v[1], fly_layout_zipped_divide, fly_layout_zipped_divide_tile);
    else if (!strcmp(name, "tiled_divide"))
        *res = divide(tr, name, t, v[1], fly_layout_tiled_divide, fly_layout_tiled_divide_tile);
    else if (!strcmp(name, "flat_divide")) *res = flat_divide_view(tr, t, v[1]);
    else if (!strcmp(name, "slice")) {
        fy_type *tp = FY_TYPE(v[0]);
        if (!tp->getitem) return 0;
        *res = tp->getitem(v[0], v[1]);
    } else {
        *res = fy_err_format(&fy_NotImplementedError, "fx.%s of a kernel tensor is not supported yet", name);
    }
    FY_DECREF(tiler);
    return 1;
}

/* ---- memref_load / memref_store / memref_load_vec / memref_store_vec ---- */

static fy_ttensor *need_tensor(fy_obj *o, const char *op) {
    if (o && FY_TTENSOR_CHECK(o)) return (fy_ttensor *)o;
    fy_err_format(&fy_TypeError, "%s: expected a kernel tensor, not '%s'", op, o ? fy_type_name(o) : "nothing");
    return NULL;
}

static fy_obj *f_memref_load(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)self;
    if (fy_no_kwargs("memref_load", kw) < 0 || fy_check_nargs("memref_load", na, 2, 2) < 0) return NULL;
    fy_ttensor *t = need_tensor(a[0], "memref_load");
    return t ? FY_TYPE(a[0])->getitem(a[0], a[1]) : NULL;
}
static fy_obj *f_memref_store(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)self;
    if (fy_no_kwargs("memref_store", kw) < 0 || fy_check_nargs("memref_store", na, 3, 3) < 0) return NULL;
    fy_ttensor *t = need_tensor(a[1], "memref_store");
    if (!t || FY_TYPE(a[1])->setitem(a[1], a[2], a[0]) < 0) return NULL;
    return fy_none();
}
static fy_obj *f_memref_load_vec(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)self;
    if (fy_no_kwargs("memref_load_vec", kw) < 0 || fy_check_nargs("memref_load_vec", na, 1, 1) < 0) return NULL;
    fy_ttensor *t = need_tensor(a[0], "memref_load_vec");
    return t ? fy_trace_tensor_load(t) : NULL;
}
static fy_obj *f_memref_store_vec(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)self;
    if (fy_no_kwargs("memref_store_vec", kw) < 0 || fy_check_nargs("memref_store_vec", na, 2, 2) < 0) return NULL;
    fy_ttensor *t = need_tensor(a[1], "memref_store_vec");
    return t ? fy_trace_tensor_store(t, a[0]) : NULL;
}

static fy_methoddef layout_funcs[] = {
    {"memref_load", f_memref_load, 0, "memref_load(t, coord)\nOne element of a kernel tensor."},
    {"memref_store", f_memref_store, 0, "memref_store(v, t, coord)\nStores one element."},
    {"memref_load_vec", f_memref_load_vec, 0, "memref_load_vec(t)\nThe whole tensor as a Vector."},
    {"memref_store_vec", f_memref_store_vec, 0, "memref_store_vec(vec, t)\nStores a Vector into the whole tensor."},
    {0}};

int fy_trace_add_layout_fx(fy_obj *m) {
    if (fy_trace_add_ptr_fx(m) < 0) return -1;
    for (fy_methoddef *d = layout_funcs; d->name; d++) {
        fy_obj *f = fy_cfunction_new(d, m);
        if (!f || fy_module_add_steal(m, d->name, f) < 0) return -1;
    }
    return fy_trace_add_copy_fx(m);
}

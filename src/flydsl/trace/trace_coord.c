/* trace_coord.c - coordinate tensors inside traced kernels (FlyDSL surface §2.6):
 * make_view((0, 0), make_identity_layout((M, N))) made in a kernel is a trace-time value: a static layout
 * (usually with basis strides, (4,8):(1E0,1E1)) plus a base coordinate whose leaves are static integers
 * or traced DSL integers. Slicing with static or traced coordinates (idC[None, None, bid_x, bid_y]),
 * divides, partition_S/D and element reads (thr_cC[a] -> a coordinate) are computed at trace time: a
 * coordinate contributes c * stride per mode (a basis stride k*E<path> adds c*k to the base leaf at path);
 * a scalar coordinate of a nested mode is split column-major with // and %. Traced parts become arith ops
 * through the DSL integers' own operators, so nothing but integer arithmetic reaches the IR.
 * fx.elem_less(coord, bound) with traced leaves gives a traced Boolean (arith.cmpi + arith.andi). A coordinate
 * tensor of scalar offsets (make_view(make_int_tuple(0), layout)) loads as a Vector of Int32 (.load()). */
#include <stdio.h>
#include <string.h>

#include "flydsl/api/dsl.h"
#include "flydsl/api/dsl_numeric.h"
#include "flydsl/mlir/mlir.h"
#include "layout/algebra.h"
#include "layout/tile.h"
#include "flydsl/trace/trace_int.h"

typedef struct tcoord {
    fy_obj h;
    fly_layout L;                   /* static layout */
    fly_inttuple skel;              /* the base coordinate's static part */
    fy_obj *dyn[FLY_IT_MAX_NODES];  /* traced addend per node of skel (NULL: none) */
} tcoord;
static fy_type tcoord_type;

int fy_trace_is_coord(fy_obj *o) { return o && FY_TYPE(o) == &tcoord_type; }
const fly_layout *fy_trace_coord_layout(fy_obj *o) { return &((tcoord *)o)->L; }
const fly_layout *fy_trace_layout_of(fy_obj *o) {
    if (fy_trace_is_coord(o)) return &((tcoord *)o)->L;
    if (FY_TTENSOR_CHECK(o)) return &((fy_ttensor *)o)->L;
    if (fy_trace_is_buffer(o)) return fy_trace_buffer_layout(o, NULL);
    return NULL;
}

static void tc_dealloc(fy_obj *o) {
    tcoord *c = (tcoord *)o;
    for (int i = 0; i < FLY_IT_MAX_NODES; i++) FY_CLEAR(c->dyn[i]);
}

static tcoord *tc_alloc(const fly_layout *L, const fly_inttuple *skel, fy_obj *const *dyn) {
    if (fy_type_ready(&tcoord_type) < 0) return NULL;
    tcoord *c = (tcoord *)fy_alloc(&tcoord_type);
    if (!c) return NULL;
    fly_layout_copy(&c->L, L);
    fly_inttuple_copy(&c->skel, skel);
    for (int i = 0; i < FLY_IT_MAX_NODES; i++) c->dyn[i] = dyn && dyn[i] ? fy_ref(dyn[i]) : NULL;
    return c;
}

fy_obj *fy_trace_coord_with_layout(fy_obj *o, const fly_layout *L) {
    tcoord *c = (tcoord *)o;
    return (fy_obj *)tc_alloc(L, &c->skel, c->dyn);
}

/* ---- scalars ---- */

/* Classifies a scalar coordinate: 1 static (*v set), 2 traced integer, 0 not a scalar, -1 error. */
static int scalar_kind(fy_obj *x, int64_t *v) {
    if (FY_INT_CHECK(x)) return fy_dsl_int_value(x, v, "coordinate") < 0 ? -1 : 1;
    if (x == fy_True || x == fy_False) {
        *v = x == fy_True;
        return 1;
    }
    if (FY_DSL_NUM_CHECK(x)) {
        fy_dsl_num *n = (fy_dsl_num *)x;
        if (!FY_DSL_IS_INTLIKE(n->dt)) {
            fy_err_set(&fy_TypeError, "a coordinate must be an integer value, not a float");
            return -1;
        }
        if (n->is_static) {
            *v = n->i;
            return 1;
        }
        return 2;
    }
    if (fy_isinstance_of(x, &fy_dsl_inttuple_type) && fly_inttuple_is_leaf(&((fy_dsl_inttuple *)x)->t) &&
        ((fy_dsl_inttuple *)x)->t.n[0].kind == FLY_IT_INT) {
        *v = ((fy_dsl_inttuple *)x)->t.n[0].v;
        return 1;
    }
    return 0;
}

/* acc += term (either may be a Python int or a DSL integer); steals term. */
static int add_into(fy_obj **acc, fy_obj *term) {
    if (!term) return -1;
    if (!*acc) {
        *acc = term;
        return 0;
    }
    fy_obj *s = fy_binop(*acc, term, FY_NB_ADD);
    FY_DECREF(term);
    if (!s) return -1;
    FY_DECREF(*acc);
    *acc = s;
    return 0;
}

/* ---- adding c * stride into a coordinate value (skel + dyn) ---- */

typedef struct cval {
    fly_inttuple skel;
    fy_obj *dyn[FLY_IT_MAX_NODES];
} cval;

static void cval_init(cval *v, const tcoord *c) {
    fly_inttuple_copy(&v->skel, &c->skel);
    for (int i = 0; i < FLY_IT_MAX_NODES; i++) v->dyn[i] = c->dyn[i] ? fy_ref(c->dyn[i]) : NULL;
}
static void cval_clear(cval *v) {
    for (int i = 0; i < FLY_IT_MAX_NODES; i++) FY_CLEAR(v->dyn[i]);
}

/* The node of v->skel that stride leaf d adds to; -1 with an exception. */
static int target_node(cval *v, const fly_itnode *d) {
    if (d->kind == FLY_IT_INT) {
        if (!fly_inttuple_is_leaf(&v->skel)) {
            fy_err_set(&fy_ValueError, "coordinate tensor: an integer stride needs a scalar base coordinate");
            return -1;
        }
        return 0;
    }
    if (d->kind != FLY_IT_BASIS || (d->flags & FLY_IT_F_DYNCOEF)) {
        fy_err_set(&fy_NotImplementedError, "coordinate tensor: only static integer or basis strides are supported");
        return -1;
    }
    int path[FLY_BASIS_MAX_PATH];
    int np = fly_itnode_basis_path(d, path);
    const fly_itnode *n = &v->skel.n[0];
    for (int i = 0; i < np; i++) {
        if (n->kind != FLY_IT_TUPLE) {
            if (path[i] == 0) continue; /* E0 of a scalar is the scalar */
            fy_err_set(&fy_IndexError, "coordinate tensor: a basis stride points past the base coordinate");
            return -1;
        }
        if (path[i] >= n->n) {
            fy_err_set(&fy_IndexError, "coordinate tensor: a basis stride points past the base coordinate");
            return -1;
        }
        n = fly_itnode_child(n, path[i]);
    }
    if (n->kind != FLY_IT_INT) {
        fy_err_set(&fy_ValueError, "coordinate tensor: a basis stride points at a tuple of the base coordinate");
        return -1;
    }
    return (int)(n - v->skel.n);
}

static int64_t stride_coef(const fly_itnode *d) { return d->v; }

/* v += c * d for a static c. */
static int add_static(cval *v, const fly_itnode *d, int64_t c) {
    if (c == 0 || stride_coef(d) == 0) return 0;
    int i = target_node(v, d);
    if (i < 0) return -1;
    v->skel.n[i].v += c * stride_coef(d);
    return 0;
}

/* v += x * d for a traced integer x. */
static int add_traced(cval *v, const fly_itnode *d, fy_obj *x) {
    int64_t k = stride_coef(d);
    if (k == 0) return 0;
    int i = target_node(v, d);
    if (i < 0) return -1;
    fy_obj *term;
    if (k == 1) term = fy_ref(x);
    else {
        fy_obj *kk = fy_int_from(k);
        if (!kk) return -1;
        term = fy_binop(x, kk, FY_NB_MUL);
        FY_DECREF(kk);
    }
    return add_into(&v->dyn[i], term);
}

static int leaf_size(const fly_itnode *s, int64_t *out) {
    if (s->kind == FLY_IT_INT) {
        *out = s->v;
        return 0;
    }
    if (s->kind == FLY_IT_TUPLE) {
        int64_t p = 1;
        for (int i = 0; i < s->n; i++) {
            int64_t q;
            if (leaf_size(fly_itnode_child(s, i), &q) < 0) return -1;
            p *= q;
        }
        *out = p;
        return 0;
    }
    fy_err_set(&fy_NotImplementedError,
               "coordinate tensor: splitting a coordinate over a mode with a dynamic size is not supported yet");
    return -1;
}

static int walk(cval *v, const fly_itnode *s, const fly_itnode *d, fy_obj *key, int *nnone, int depth);

/* A scalar coordinate over a (possibly nested) mode: split column-major. */
static int walk_scalar(cval *v, const fly_itnode *s, const fly_itnode *d, fy_obj *x, int kind, int64_t c, int *nnone,
                       int depth) {
    if (s->kind != FLY_IT_TUPLE) return kind == 1 ? add_static(v, d, c) : add_traced(v, d, x);
    int64_t q = 1;
    for (int i = 0; i < s->n; i++) {
        const fly_itnode *si = fly_itnode_child(s, i), *di = fly_itnode_child(d, i);
        int64_t n;
        int last = i == s->n - 1;
        if (leaf_size(si, &n) < 0) return -1;
        if (kind == 1) {
            int64_t ci = c / q;
            if (!last) ci %= n;
            fy_obj *o = fy_int_from(ci);
            if (!o) return -1;
            int r = walk(v, si, di, o, nnone, depth + 1);
            FY_DECREF(o);
            if (r < 0) return -1;
        } else if (n != 1 || last) {
            fy_obj *o = fy_ref(x), *t;
            if (q != 1) {
                fy_obj *k = fy_int_from(q);
                t = k ? fy_binop(o, k, FY_NB_FLOORDIV) : NULL;
                FY_XDECREF(k);
                FY_DECREF(o);
                if (!(o = t)) return -1;
            }
            if (!last) {
                fy_obj *k = fy_int_from(n);
                t = k ? fy_binop(o, k, FY_NB_MOD) : NULL;
                FY_XDECREF(k);
                FY_DECREF(o);
                if (!(o = t)) return -1;
            }
            int r = walk(v, si, di, o, nnone, depth + 1);
            FY_DECREF(o);
            if (r < 0) return -1;
        }
        q *= n;
    }
    return 0;
}

/* Adds the offset of coordinate key over mode (s, d) to v; counts None leaves. */
static int walk(cval *v, const fly_itnode *s, const fly_itnode *d, fy_obj *key, int *nnone, int depth) {
    if (depth > FLY_IT_MAX_DEPTH) {
        fy_err_set(&fy_IndexError, "coordinate: too deeply nested");
        return -1;
    }
    if (key == fy_None) {
        ++*nnone;
        return 0;
    }
    if (FY_TUPLE_CHECK(key) || FY_LIST_CHECK(key)) {
        size_t n;
        fy_obj **items = fy_seq_items(key, &n);
        if (s->kind != FLY_IT_TUPLE) {
            if (n == 1) return walk(v, s, d, items[0], nnone, depth + 1);
            fy_err_set(&fy_IndexError, "coordinate does not match the coordinate tensor's shape");
            return -1;
        }
        if ((int)n != s->n) {
            fy_err_format(&fy_IndexError, "coordinate of rank %zu for a mode of rank %d", n, (int)s->n);
            return -1;
        }
        for (size_t i = 0; i < n; i++)
            if (walk(v, fly_itnode_child(s, (int)i), fly_itnode_child(d, (int)i), items[i], nnone, depth + 1) < 0)
                return -1;
        return 0;
    }
    if (fy_isinstance_of(key, &fy_dsl_inttuple_type) && !fly_inttuple_is_leaf(&((fy_dsl_inttuple *)key)->t)) {
        fy_obj *py = fy_dsl_inttuple_to_py(&((fy_dsl_inttuple *)key)->t);
        if (!py) return -1;
        int r = walk(v, s, d, py, nnone, depth + 1);
        FY_DECREF(py);
        return r;
    }
    int64_t c = 0;
    int k = scalar_kind(key, &c);
    if (k < 0) return -1;
    if (k == 0) {
        fy_err_format(&fy_TypeError, "a coordinate must be an integer, None or a tuple, not '%s'", fy_type_name(key));
        return -1;
    }
    return walk_scalar(v, s, d, key, k, c, nnone, depth);
}

/* The static slice key (traced leaves as 0) for fly_layout_slice. */
static int static_key(fly_itbuilder *b, fy_obj *key, int depth) {
    if (depth > FLY_IT_MAX_DEPTH) {
        fy_err_set(&fy_IndexError, "coordinate: too deeply nested");
        return -1;
    }
    if (key == fy_None) {
        fly_itb_leaf(b, fly_itnode_none());
        return 0;
    }
    if (FY_TUPLE_CHECK(key) || FY_LIST_CHECK(key)) {
        size_t n;
        fy_obj **items = fy_seq_items(key, &n);
        fly_itb_open(b);
        for (size_t i = 0; i < n; i++)
            if (static_key(b, items[i], depth + 1) < 0) return -1;
        fly_itb_close(b);
        return 0;
    }
    if (fy_isinstance_of(key, &fy_dsl_inttuple_type)) {
        fly_itb_subtree(b, &((fy_dsl_inttuple *)key)->t.n[0]);
        return 0;
    }
    int64_t c = 0;
    int k = scalar_kind(key, &c);
    if (k <= 0) return -1;
    fly_itb_leaf(b, fly_itnode_int(k == 1 ? c : 0));
    return 0;
}

/* The value of node i of v: a Python int, or a DSL integer when it has a traced part (new reference). */
static fy_obj *node_value(const cval *v, int i) {
    int64_t s = v->skel.n[i].v;
    if (!v->dyn[i]) return fy_int_from(s);
    if (s == 0) return fy_ref(v->dyn[i]);
    fy_obj *k = fy_int_from(s);
    fy_obj *r = k ? fy_binop(v->dyn[i], k, FY_NB_ADD) : NULL;
    FY_XDECREF(k);
    return r;
}

static fy_obj *node_to_obj(const cval *v, const fly_itnode *n) {
    if (n->kind != FLY_IT_TUPLE) return node_value(v, (int)(n - v->skel.n));
    fy_obj *t = fy_tuple_new(n->n);
    if (!t) return NULL;
    for (int i = 0; i < n->n; i++) {
        fy_obj *c = node_to_obj(v, fly_itnode_child(n, i));
        if (!c) {
            for (int j = i; j < n->n; j++) fy_tuple_set_steal(t, (size_t)j, fy_none());
            FY_DECREF(t);
            return NULL;
        }
        fy_tuple_set_steal(t, (size_t)i, c);
    }
    return t;
}

/* A coordinate value as a Python object: IntTuple when static, else nested tuples of ints / DSL integers. */
static fy_obj *cval_obj(const cval *v) {
    int any = 0;
    for (int i = 0; i < FLY_IT_MAX_NODES; i++) any |= v->dyn[i] != NULL;
    if (!any) return fy_dsl_inttuple_new(&v->skel);
    return node_to_obj(v, &v->skel.n[0]);
}

static fy_obj *tc_getitem(fy_obj *o, fy_obj *key) {
    tcoord *c = (tcoord *)o;
    cval v;
    int nnone = 0;
    cval_init(&v, c);
    if (walk(&v, &c->L.shape.n[0], &c->L.stride.n[0], key, &nnone, 0) < 0) {
        cval_clear(&v);
        return NULL;
    }
    fy_obj *r;
    if (nnone) {
        fly_inttuple k;
        fly_itbuilder b;
        fly_layout S;
        fly_error err;
        fly_itb_init(&b, &k);
        if (static_key(&b, key, 0) < 0) r = NULL;
        else if (fly_itb_finish(&b, &err) || fly_layout_slice(&c->L, &k, &S, &err)) r = fy_dsl_raise(&err);
        else r = (fy_obj *)tc_alloc(&S, &v.skel, v.dyn);
    } else {
        r = cval_obj(&v);
    }
    cval_clear(&v);
    return r;
}

/* Key with its ir.Value leaves (flydsl._mlir op results: FlyDSL's kernels slice with them) as their DSL
 * integers; a new reference. */
static fy_obj *values_as_numerics(fy_obj *key, int depth) {
    if (depth > FLY_IT_MAX_DEPTH || key == fy_None || FY_INT_CHECK(key) || FY_DSL_NUM_CHECK(key)) return fy_ref(key);
    if (FY_TUPLE_CHECK(key) || FY_LIST_CHECK(key)) {
        size_t n;
        fy_obj **items = fy_seq_items(key, &n);
        fy_obj *t = items ? fy_tuple_new(n) : NULL;
        for (size_t i = 0; t && i < n; i++) {
            fy_obj *e = values_as_numerics(items[i], depth + 1);
            if (!e) FY_CLEAR(t);
            else fy_tuple_set_steal(t, i, e);
        }
        return t;
    }
    fy_obj *n = fy_mlir_as_numeric(key);
    return n ? n : fy_ref(key);
}

static fy_obj *coord_offset(const fly_layout *L, fy_obj *key, fly_layout *S, int *nnone);
fy_obj *fy_trace_coord_offset(const fly_layout *L, fy_obj *key, fly_layout *S, int *nnone) {
    fy_obj *k = values_as_numerics(key, 0);
    if (!k) return NULL;
    fy_obj *r = coord_offset(L, k, S, nnone);
    FY_DECREF(k);
    return r;
}

static fy_obj *coord_offset(const fly_layout *L, fy_obj *key, fly_layout *S, int *nnone) {
    cval v;
    memset(&v, 0, sizeof v);
    fly_inttuple_int(&v.skel, 0);
    *nnone = 0;
    if (walk(&v, &L->shape.n[0], &L->stride.n[0], key, nnone, 0) < 0) {
        cval_clear(&v);
        return NULL;
    }
    fy_obj *r = NULL;
    if (*nnone) {
        fly_inttuple k;
        fly_itbuilder b;
        fly_error err;
        fly_itb_init(&b, &k);
        if (static_key(&b, key, 0) == 0) {
            if (fly_itb_finish(&b, &err) || fly_layout_slice(L, &k, S, &err)) fy_dsl_raise(&err);
            else r = node_value(&v, 0);
        }
    } else {
        fly_inttuple_int(&S->shape, 1);
        fly_inttuple_int(&S->stride, 0);
        r = node_value(&v, 0);
    }
    cval_clear(&v);
    return r;
}

/* FlyDSL's print: Tensor<base, layout>, a traced base leaf printed '?'. */
static fy_obj *tc_repr(fy_obj *o) {
    tcoord *c = (tcoord *)o;
    fly_inttuple p;
    fly_inttuple_copy(&p, &c->skel);
    for (int i = 0; i < fly_inttuple_nodes(&p); i++)
        if (c->dyn[i]) p.n[i] = fly_itnode_dyn(0, 1, 32);
    char bb[512], lb[1024];
    fly_inttuple_print(&p, bb, sizeof bb);
    fly_layout_print(&c->L, lb, sizeof lb);
    return fy_str_printf("Tensor<%s, %s>", bb, lb);
}

static fy_obj *tc_layout(fy_obj *o) { return fy_dsl_layout_new(&((tcoord *)o)->L); }
static fy_obj *tc_shape(fy_obj *o) { return fy_dsl_inttuple_new(&((tcoord *)o)->L.shape); }
static fy_obj *tc_stride(fy_obj *o) { return fy_dsl_inttuple_new(&((tcoord *)o)->L.stride); }
static fy_obj *tc_no_dtype(fy_obj *o) {
    (void)o;
    return fy_err_set(&fy_TypeError, "CoordTensor doesn't have an element type");
}
static fy_obj *tc_iter(fy_obj *o) {
    tcoord *c = (tcoord *)o;
    cval v;
    cval_init(&v, c);
    fy_obj *r = cval_obj(&v);
    cval_clear(&v);
    return r;
}

/* c.load(): the scalar coordinates of every element (flat index order) as a Vector of Int32 (a coordinate
 * tensor whose values are plain offsets, e.g. make_view(make_int_tuple(0), layout)). */
static fy_obj *tc_load(fy_obj *o, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)a;
    tcoord *c = (tcoord *)o;
    if (fy_no_kwargs("load", kw) < 0 || fy_check_nargs("load", na, 0, 0) < 0) return NULL;
    fy_tracer *tr = fy_trace_cur();
    if (!tr) return fy_err_set(&fy_RuntimeError, "load() of a coordinate tensor is only usable inside a kernel");
    int64_t n;
    fly_error err;
    if (fly_layout_size_static(&c->L, &n, &err)) return fy_dsl_raise(&err);
    if (n < 1 || n > 4096)
        return fy_err_format(&fy_ValueError, "load: a coordinate tensor of %lld elements (1..4096 supported)",
                             (long long)n);
    uint64_t *e = fy_malloc((size_t)n * sizeof *e);
    if (!e) return fy_err_nomem();
    for (int64_t i = 0; i < n; i++) {
        fy_obj *k = fy_int_from(i), *x = k ? tc_getitem(o, k) : NULL;
        FY_XDECREF(k);
        if (x && fy_isinstance_of(x, &fy_dsl_inttuple_type)) {
            const fly_inttuple *t = &((fy_dsl_inttuple *)x)->t;
            fy_obj *v = fly_inttuple_is_leaf(t) && t->n[0].kind == FLY_IT_INT ? fy_int_from(t->n[0].v) : NULL;
            if (!v && !fy_err_occurred())
                fy_err_set(
                    &fy_NotImplementedError,
                    "load: this coordinate tensor holds tuple coordinates; only scalar offsets load as a Vector");
            FY_DECREF(x);
            x = v;
        }
        int bad = !x || fy_trace_value_as(tr, x, &fy_dsl_t_i32, &e[i]) < 0;
        FY_XDECREF(x);
        if (bad) {
            fy_free(e);
            return NULL;
        }
    }
    uint64_t id = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu = vector.from_elements ", (unsigned long long)id);
    for (int64_t i = 0; i < n; i++) fy_trace_emit(tr, "%s%%%llu", i ? ", " : "", (unsigned long long)e[i]);
    fy_trace_emit(tr, " : vector<%lldxi32>", (long long)n);
    fy_trace_end_line(tr);
    fy_free(e);
    return tr->failed ? fy_err_nomem() : fy_tvector_new(id, &fy_dsl_t_i32, n);
}
static fy_methoddef tc_methods[] = {
    {"load", tc_load, 0, "load()\nThe scalar offsets of every element as a Vector of Int32 (kernels only)."}, {0}};

static fy_getsetdef tc_getsets[] = {{"layout", tc_layout, NULL, "the layout"},
                                    {"shape", tc_shape, NULL, "the shape (IntTuple)"},
                                    {"stride", tc_stride, NULL, "the stride (IntTuple)"},
                                    {"element_type", tc_no_dtype, NULL, "(coordinate tensors have none)"},
                                    {"dtype", tc_no_dtype, NULL, "(coordinate tensors have none)"},
                                    {"iter", tc_iter, NULL, "the base coordinate"},
                                    {0}};

static fy_type tcoord_type = {FY_TYPE_INIT("Tensor", sizeof(tcoord)),
                              .flags = FY_TPF_FINAL,
                              .dealloc = tc_dealloc,
                              .repr = tc_repr,
                              .str = tc_repr,
                              .getitem = tc_getitem,
                              .getsets = tc_getsets,
                              .methods = tc_methods};

/* ---- construction: make_view(base, layout) inside a kernel ---- */

static int base_build(fly_itbuilder *b, fy_obj *x, fy_obj **dyn, int *idx, int depth) {
    if (depth > FLY_IT_MAX_DEPTH || *idx >= FLY_IT_MAX_NODES) {
        fy_err_set(&fy_ValueError, "make_view: the base coordinate is too large");
        return -1;
    }
    if (FY_TUPLE_CHECK(x) || FY_LIST_CHECK(x)) {
        size_t n;
        fy_obj **items = fy_seq_items(x, &n);
        fly_itb_open(b);
        ++*idx;
        for (size_t i = 0; i < n; i++)
            if (base_build(b, items[i], dyn, idx, depth + 1) < 0) return -1;
        fly_itb_close(b);
        return 0;
    }
    if (fy_isinstance_of(x, &fy_dsl_inttuple_type)) {
        fy_obj *py = fy_dsl_inttuple_to_py(&((fy_dsl_inttuple *)x)->t);
        if (!py) return -1;
        int r = FY_INT_CHECK(py) || FY_TUPLE_CHECK(py) ? base_build(b, py, dyn, idx, depth + 1) : -2;
        FY_DECREF(py);
        if (r == -2) {
            fy_err_set(&fy_NotImplementedError, "make_view: a base coordinate with dynamic IntTuple leaves");
            return -1;
        }
        return r;
    }
    int64_t c = 0;
    int k = scalar_kind(x, &c);
    if (k < 0) return -1;
    if (k == 0) {
        fy_err_format(&fy_TypeError, "make_view: the base coordinate must hold integers, not '%s'", fy_type_name(x));
        return -1;
    }
    fly_itb_leaf(b, fly_itnode_int(k == 1 ? c : 0));
    if (k == 2) dyn[*idx] = fy_ref(x);
    ++*idx;
    return 0;
}

static fy_obj *make_coord_view(fy_obj *base, fy_obj *layout) {
    fly_layout L;
    if (fy_dsl_to_layout(layout, &L, 1, "make_view", "layout") < 0) return NULL;
    fly_inttuple skel;
    fly_itbuilder b;
    fly_error err;
    fy_obj *dyn[FLY_IT_MAX_NODES] = {0};
    int idx = 0;
    fly_itb_init(&b, &skel);
    fy_obj *r = NULL;
    if (base_build(&b, base, dyn, &idx, 0) == 0) {
        if (fly_itb_finish(&b, &err)) fy_dsl_raise(&err);
        else r = (fy_obj *)tc_alloc(&L, &skel, dyn);
    }
    for (int i = 0; i < FLY_IT_MAX_NODES; i++) FY_XDECREF(dyn[i]);
    return r;
}

/* An eager coordinate tensor (made outside the kernel) as a trace-time one. */
static fy_obj *from_eager(fy_obj *o) {
    fy_dsl_tensor *t = (fy_dsl_tensor *)o;
    return (fy_obj *)tc_alloc(&t->L, &t->base, NULL);
}

/* ---- divides ---- */

typedef fly_status (*divfn)(const fly_layout *, const fly_layout *, fly_layout *, fly_error *);
typedef fly_status (*divtfn)(const fly_layout *, const fly_tile *, fly_layout *, fly_error *);

static fy_obj *coord_divide(tcoord *c, fy_obj *by, const char *op, divfn lf, divtfn tf) {
    fly_layout B, R;
    fly_tile T;
    fly_error err;
    fy_obj *py = NULL;
    if (fy_isinstance_of(by, &fy_dsl_inttuple_type) && !fly_inttuple_is_leaf(&((fy_dsl_inttuple *)by)->t)) {
        if (!(py = fy_dsl_inttuple_to_py(&((fy_dsl_inttuple *)by)->t))) return NULL;
        by = py;
    }
    int st;
    if (FY_TUPLE_CHECK(by) || FY_LIST_CHECK(by) || fy_isinstance_of(by, &fy_dsl_tile_type)) {
        st = fy_dsl_to_tile(by, &T, op, "tiler") < 0 ? -1 : tf(&c->L, &T, &R, &err) ? -2 : 0;
    } else {
        st = fy_dsl_to_layout(by, &B, 1, op, "tiler") < 0 ? -1 : lf(&c->L, &B, &R, &err) ? -2 : 0;
    }
    FY_XDECREF(py);
    if (st == -2) return fy_dsl_raise(&err);
    if (st < 0) return NULL;
    return (fy_obj *)tc_alloc(&R, &c->skel, c->dyn);
}

/* ---- elem_less ---- */

static int has_traced(fy_obj *x, int depth) {
    if (!x || depth > 16) return 0;
    if (FY_DSL_NUM_CHECK(x)) return !((fy_dsl_num *)x)->is_static;
    size_t n = 0;
    fy_obj **items = FY_TUPLE_CHECK(x) || FY_LIST_CHECK(x) ? fy_seq_items(x, &n) : NULL;
    for (size_t i = 0; items && i < n; i++)
        if (has_traced(items[i], depth + 1)) return 1;
    return 0;
}

/* Flattens x (tuples, IntTuples, scalars) into leaves (new references); count or -1. */
static int flatten(fy_obj *x, fy_obj **out, int cap, int n, int depth) {
    if (depth > FLY_IT_MAX_DEPTH) {
        fy_err_set(&fy_ValueError, "elem_less: too deeply nested");
        return -1;
    }
    if (fy_isinstance_of(x, &fy_dsl_inttuple_type)) {
        fy_obj *py = fy_dsl_inttuple_to_py(&((fy_dsl_inttuple *)x)->t);
        if (!py) return -1;
        int r = FY_TUPLE_CHECK(py) ? flatten(py, out, cap, n, depth + 1) : -2;
        if (r == -2) {
            if (n >= cap) r = -3;
            else {
                out[n] = fy_ref(py);
                r = n + 1;
            }
        }
        FY_DECREF(py);
        if (r == -3) fy_err_set(&fy_ValueError, "elem_less: too many leaves");
        return r < 0 ? -1 : r;
    }
    if (FY_TUPLE_CHECK(x) || FY_LIST_CHECK(x)) {
        size_t k;
        fy_obj **items = fy_seq_items(x, &k);
        for (size_t i = 0; i < k; i++)
            if ((n = flatten(items[i], out, cap, n, depth + 1)) < 0) return -1;
        return n;
    }
    if (n >= cap) {
        fy_err_set(&fy_ValueError, "elem_less: too many leaves");
        return -1;
    }
    out[n] = fy_ref(x);
    return n + 1;
}

static fy_obj *traced_elem_less(fy_obj *lhs, fy_obj *rhs) {
    fy_obj *l[FLY_IT_MAX_NODES], *r[FLY_IT_MAX_NODES], *acc = NULL, *res = NULL;
    int nl = flatten(lhs, l, FLY_IT_MAX_NODES, 0, 0), nr = nl < 0 ? -1 : flatten(rhs, r, FLY_IT_MAX_NODES, 0, 0);
    if (nl < 0 || nr < 0) goto out;
    if (nl != nr) {
        fy_err_format(&fy_ValueError, "elem_less: the coordinate has %d leaves but the bound has %d", nl, nr);
        goto out;
    }
    int is_false = 0;
    for (int i = 0; i < nl && !is_false; i++) {
        fy_obj *c = fy_richcmp(l[i], r[i], FY_LT_OP);
        if (!c) goto out;
        if (c == fy_True || c == fy_False || (FY_DSL_NUM_CHECK(c) && ((fy_dsl_num *)c)->is_static)) {
            int t = fy_truthy(c);
            FY_DECREF(c);
            if (t < 0) goto out;
            is_false = !t;
            continue;
        }
        if (!acc) acc = c;
        else {
            fy_obj *a = fy_binop(acc, c, FY_NB_AND);
            FY_DECREF(c);
            FY_DECREF(acc);
            if (!(acc = a)) goto out;
        }
    }
    if (is_false) res = fy_dsl_num_int(&fy_dsl_t_bool, 0);
    else res = acc ? fy_ref(acc) : fy_dsl_num_int(&fy_dsl_t_bool, 1);
out:
    FY_XDECREF(acc);
    for (int i = 0; i < (nl > 0 ? nl : 0); i++) FY_DECREF(l[i]);
    for (int i = 0; i < (nr > 0 ? nr : 0); i++) FY_DECREF(r[i]);
    return res;
}

int fy_trace_elem_less_hook(fy_obj *const *a, size_t na, fy_obj *kw, fy_obj **res) {
    *res = NULL;
    if (!fy_trace_cur() || kw || na != 2 || (!has_traced(a[0], 0) && !has_traced(a[1], 0))) return 0;
    *res = traced_elem_less(a[0], a[1]);
    return 1;
}

/* Shape leaves: ints, and traced integers as dynamic leaves (their i32 SSA values). */
static int dyn_shape(fly_itbuilder *b, fy_obj *x, int depth) {
    if (depth > FLY_IT_MAX_DEPTH) {
        fy_err_set(&fy_ValueError, "the shape is too deeply nested");
        return -1;
    }
    if (FY_TUPLE_CHECK(x) || FY_LIST_CHECK(x)) {
        size_t n;
        fy_obj **items = fy_seq_items(x, &n);
        fly_itb_open(b);
        for (size_t i = 0; i < n; i++)
            if (dyn_shape(b, items[i], depth + 1) < 0) return -1;
        fly_itb_close(b);
        return 0;
    }
    int64_t c = 0;
    int k = scalar_kind(x, &c);
    if (k < 0) return -1;
    if (k == 0) {
        fy_err_format(&fy_TypeError, "shape and stride leaves must be integers, not '%s'", fy_type_name(x));
        return -1;
    }
    if (k == 1) {
        fly_itb_leaf(b, fly_itnode_int(c));
        return 0;
    }
    uint64_t h;
    if (fy_trace_value_as(fy_trace_cur(), x, &fy_dsl_t_i32, &h) < 0) return -1;
    fly_itb_leaf(b, fly_itnode_dyn(h, 1, 32));
    return 0;
}

/* make_identity_layout((M, N)) with traced extents inside a kernel: (?,?):(1E0,1E1). The coordinate tensors
 * made from it only need its (static) strides. */
static fy_obj *identity_traced(fy_obj *const *a, size_t na, fy_obj *kw) {
    static const char *const n1[] = {"shape", NULL};
    fy_obj *v[1] = {NULL};
    fly_inttuple s;
    fly_itbuilder b;
    fly_layout L;
    fly_error err;
    if (fy_parse_args("make_identity_layout", a, na, kw, n1, 1, 1, 1, v) < 0) return NULL;
    fly_itb_init(&b, &s);
    if (dyn_shape(&b, v[0], 0) < 0) return NULL;
    if (fly_itb_finish(&b, &err) || fly_layout_make_identity(&L, &s, &err)) return fy_dsl_raise(&err);
    return fy_dsl_layout_new(&L);
}

/* ---- the layout-API hook ---- */

static int is_base(fy_obj *o) {
    return FY_INT_CHECK(o) || FY_TUPLE_CHECK(o) || FY_LIST_CHECK(o) || FY_DSL_NUM_CHECK(o) ||
           fy_isinstance_of(o, &fy_dsl_inttuple_type);
}

int fy_trace_coord_hook(const char *name, fy_obj *const *a, size_t na, fy_obj *kw, fy_obj **res) {
    *res = NULL;
    if (!fy_trace_cur() || na < 1) return 0;
    if (!strcmp(name, "make_view")) {
        static const char *const n2[] = {"iter", "layout", NULL};
        fy_obj *v[2] = {NULL, NULL};
        if (!is_base(a[0])) return 0;
        if (fy_parse_args(name, a, na, kw, n2, 2, 2, 2, v) < 0) return 1;
        *res = make_coord_view(v[0], v[1]);
        return 1;
    }
    if (!strcmp(name, "make_identity_layout") && has_traced(a[0], 0)) {
        *res = identity_traced(a, na, kw);
        return 1;
    }
    if (!strcmp(name, "make_layout") && (has_traced(a[0], 0) || (na >= 2 && has_traced(a[1], 0)))) {
        /* traced shape or stride leaves: a layout whose dynamic leaves are bound to those values */
        static const char *const n2[] = {"shape", "stride", NULL};
        fy_obj *v[2] = {NULL, NULL};
        fly_inttuple sh, st;
        fly_layout L;
        fly_error err;
        fly_itbuilder b;
        if (fy_parse_args(name, a, na, kw, n2, 1, 2, 2, v) < 0) return 1;
        fly_itb_init(&b, &sh);
        if (dyn_shape(&b, v[0], 0) < 0) return 1;
        if (fly_itb_finish(&b, &err)) return (*res = fy_dsl_raise(&err)), 1;
        if (!v[1] || v[1] == fy_None) {
            if (fly_layout_make_col_major(&L, &sh, &err)) return (*res = fy_dsl_raise(&err)), 1;
        } else {
            fly_itb_init(&b, &st);
            if (dyn_shape(&b, v[1], 0) < 0) return 1;
            if (fly_itb_finish(&b, &err) || fly_layout_make(&L, &sh, &st, &err)) return (*res = fy_dsl_raise(&err)), 1;
        }
        *res = fy_dsl_layout_new(&L);
        return 1;
    }
    if (!strcmp(name, "make_identity_tensor")) {
        static const char *const n1[] = {"shape", NULL};
        fy_obj *v[1] = {NULL};
        fly_inttuple s, z;
        fly_layout L;
        fly_error err;
        if (fy_parse_args(name, a, na, kw, n1, 1, 1, 1, v) < 0) return 1;
        if (has_traced(v[0], 0)) { /* traced extents: dynamic shape leaves */
            fly_itbuilder b;
            fly_itb_init(&b, &s);
            if (dyn_shape(&b, v[0], 0) < 0) return 1;
            if (fly_itb_finish(&b, &err)) return (*res = fy_dsl_raise(&err)), 1;
        } else if (fy_dsl_to_inttuple(v[0], &s, 0, name, "shape") < 0) {
            return 1;
        }
        if (fly_layout_make_identity(&L, &s, &err)) return (*res = fy_dsl_raise(&err)), 1;
        fly_inttuple_copy(&z, &s);
        for (int i = 0; i < fly_inttuple_nodes(&z); i++)
            if (z.n[i].kind != FLY_IT_TUPLE) z.n[i] = fly_itnode_int(0);
        *res = (fy_obj *)tc_alloc(&L, &z, NULL);
        return 1;
    }
    int eager = fy_isinstance_of(a[0], &fy_dsl_tensor_type) && ((fy_dsl_tensor *)a[0])->is_coord;
    if (!fy_trace_is_coord(a[0]) && !eager) return 0;
    if (!strcmp(name, "make_fragment_like")) return 0; /* trace_layout.c allocates it */
    fy_obj *c = eager ? from_eager(a[0]) : fy_ref(a[0]);
    if (!c) return 1;
    tcoord *t = (tcoord *)c;
    fy_obj *arg = na >= 2 ? a[1] : NULL;
    if (kw && fy_len(kw) > 0) *res = fy_err_format(&fy_TypeError, "%s: unexpected keyword arguments", name);
    else if (!strcmp(name, "get_layout")) *res = fy_dsl_layout_new(&t->L);
    else if (!strcmp(name, "get_iter")) *res = tc_iter(c);
    else if (!arg) *res = fy_err_format(&fy_TypeError, "%s: missing argument", name);
    else if (!strcmp(name, "slice")) *res = tc_getitem(c, arg);
    else if (!strcmp(name, "logical_divide"))
        *res = coord_divide(t, arg, name, fly_layout_logical_divide, fly_layout_logical_divide_tile);
    else if (!strcmp(name, "zipped_divide"))
        *res = coord_divide(t, arg, name, fly_layout_zipped_divide, fly_layout_zipped_divide_tile);
    else if (!strcmp(name, "tiled_divide"))
        *res = coord_divide(t, arg, name, fly_layout_tiled_divide, fly_layout_tiled_divide_tile);
    else if (!strcmp(name, "flat_divide"))
        *res = coord_divide(t, arg, name, fly_layout_flat_divide, fly_layout_flat_divide_tile);
    else {
        FY_DECREF(c);
        if (eager) return 0;
        *res = fy_err_format(&fy_NotImplementedError,
                             "fx.%s of a coordinate tensor inside a kernel is not supported yet", name);
        return 1;
    }
    FY_DECREF(c);
    return 1;
}

int fy_trace_coord_check(const char *op, fy_obj *const *a, size_t na) {
    if (!fy_trace_cur()) return 0;
    for (size_t i = 0; i < na; i++)
        if (has_traced(a[i], 0)) {
            fy_err_format(&fy_NotImplementedError,
                          "%s: this coordinate tensor was made outside the kernel; indexing it with traced values "
                          "is not supported: make it inside the kernel (fx.make_view(base, layout))",
                          op);
            return -1;
        }
    return 0;
}

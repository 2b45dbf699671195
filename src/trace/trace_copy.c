/* trace_copy.c - copy atoms and tiled copies (FlyDSL semantics, flydsl-surface.md §1.9, §2.7):
 * UniversalCopy(bits) / UniversalCopy8b..128b(), make_copy_atom(op, dtype), make_tiled_copy(atom,
 * layout_tv, tile_mn), tiled.get_slice(tid).partition_S(t) / partition_D(t) and fx.copy(atom, src, dst).
 * The partitioning is computed at trace time with lib/layout: zipped_divide(t, tile) ->
 * ((TileM,TileN),(RestM,...)); the tile mode composed with the TV layout gives (thr, val); val is split
 * into (AtomV, RestV); the thread's coordinate slices the result, which is
 * ((AtomV,RestV), RestM, RestN) per thread. Copies move the elements with vector loads and stores
 * (fly.memref.load_vec / store_vec; the lowering goes element by element for strided views). */
#include <stdio.h>
#include <string.h>

#include "dsl/dsl.h"
#include "layout/algebra.h"
#include "layout/tile.h"
#include "trace/trace_int.h"

typedef struct copyop { fy_obj h; int bits; } copyop;
typedef struct catom { fy_obj h; int bits; fy_dsl_numeric *et; } catom;
typedef struct tcopy { fy_obj h; catom *atom; fly_layout tv; fly_tile tile; } tcopy;
typedef struct thrcopy { fy_obj h; tcopy *tc; fy_obj *tid; } thrcopy;
static fy_type copyop_type, catom_type, tcopy_type, thrcopy_type;

static fy_obj *copyop_repr(fy_obj *o) { return fy_str_printf("!fly.universal_copy<%d>", ((copyop *)o)->bits); }
static fy_obj *catom_repr(fy_obj *o) {
    catom *a = (catom *)o;
    return fy_str_printf("CopyAtom<!fly.copy_atom<!fly.universal_copy<%d>, %d>>", a->bits, a->et->width);
}
static void catom_dealloc(fy_obj *o) { (void)o; }
static fy_obj *tcopy_repr(fy_obj *o) {
    tcopy *t = (tcopy *)o;
    char l[512], tl[256];
    fly_layout_print(&t->tv, l, sizeof l);
    fly_tile_print(&t->tile, tl, sizeof tl);
    return fy_str_printf("TiledCopy<!fly.copy_atom<!fly.universal_copy<%d>, %d>, %s, %s>", t->atom->bits,
                         t->atom->et->width, l, tl);
}
static void tcopy_dealloc(fy_obj *o) { FY_CLEAR(((tcopy *)o)->atom); }
static void thrcopy_dealloc(fy_obj *o) {
    FY_CLEAR(((thrcopy *)o)->tc);
    FY_CLEAR(((thrcopy *)o)->tid);
}

static fy_obj *new_copyop(int bits) {
    if (fy_type_ready(&copyop_type) < 0) return NULL;
    copyop *c = (copyop *)fy_alloc(&copyop_type);
    if (c) c->bits = bits;
    return &c->h;
}

#define UC(N) \
    static fy_obj *f_uc##N(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) { \
        (void)s, (void)a; \
        if (fy_no_kwargs("UniversalCopy" #N "b", kw) < 0 || fy_check_nargs("UniversalCopy" #N "b", na, 0, 0) < 0) \
            return NULL; \
        return new_copyop(N); \
    }
UC(8) UC(16) UC(32) UC(64) UC(128)

static fy_obj *f_uc(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    int64_t b;
    if (fy_no_kwargs("UniversalCopy", kw) < 0 || fy_check_nargs("UniversalCopy", na, 1, 1) < 0 ||
        fy_dsl_to_int(a[0], &b, "UniversalCopy", "bits") < 0)
        return NULL;
    if (b != 8 && b != 16 && b != 32 && b != 64 && b != 128)
        return fy_err_format(&fy_ValueError, "UniversalCopy: bits must be 8, 16, 32, 64 or 128, not %lld", (long long)b);
    return new_copyop((int)b);
}

static fy_obj *f_make_copy_atom(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    if (fy_no_kwargs("make_copy_atom", kw) < 0 || fy_check_nargs("make_copy_atom", na, 2, 2) < 0) return NULL;
    if (FY_TYPE(a[0]) != &copyop_type)
        return fy_err_format(&fy_TypeError, "make_copy_atom: expected a copy op such as fx.UniversalCopy128b(), not '%s'",
                             fy_type_name(a[0]));
    if (FY_TYPE(a[1]) != FY_TYPE(&fy_dsl_t_f32.h))
        return fy_err_format(&fy_TypeError, "make_copy_atom: expected a numeric type such as fx.Float32, not '%s'",
                             fy_type_name(a[1]));
    fy_dsl_numeric *et = (fy_dsl_numeric *)a[1];
    int bits = ((copyop *)a[0])->bits;
    if (bits % et->width)
        return fy_err_format(&fy_ValueError, "make_copy_atom: a %d-bit copy cannot move whole %s values", bits, et->name);
    if (fy_type_ready(&catom_type) < 0) return NULL;
    catom *c = (catom *)fy_alloc(&catom_type);
    if (!c) return NULL;
    c->bits = bits;
    c->et = et;
    return &c->h;
}

static fy_obj *f_make_tiled_copy(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    if (fy_no_kwargs("make_tiled_copy", kw) < 0 || fy_check_nargs("make_tiled_copy", na, 3, 3) < 0) return NULL;
    if (FY_TYPE(a[0]) != &catom_type)
        return fy_err_format(&fy_TypeError, "make_tiled_copy: expected a copy atom, not '%s'", fy_type_name(a[0]));
    if (fy_type_ready(&tcopy_type) < 0) return NULL;
    tcopy *t = (tcopy *)fy_alloc(&tcopy_type);
    if (!t) return NULL;
    t->atom = (catom *)fy_ref(a[0]);
    if (fy_dsl_to_layout(a[1], &t->tv, 0, "make_tiled_copy", "layout_tv") < 0 ||
        fy_dsl_to_tile(a[2], &t->tile, "make_tiled_copy", "tile_mn") < 0) {
        FY_DECREF(&t->h);
        return NULL;
    }
    return &t->h;
}

static fy_obj *tc_get_slice(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    if (fy_no_kwargs("get_slice", kw) < 0 || fy_check_nargs("get_slice", na, 1, 1) < 0) return NULL;
    if (fy_type_ready(&thrcopy_type) < 0) return NULL;
    thrcopy *t = (thrcopy *)fy_alloc(&thrcopy_type);
    if (!t) return NULL;
    t->tc = (tcopy *)fy_ref(self);
    t->tid = fy_ref(a[0]);
    return &t->h;
}

/* The thread's partition of tensor t (see the file comment). */
static fy_obj *partition(thrcopy *th, fy_obj *o, const char *op) {
    fy_tracer *tr = fy_trace_cur();
    if (!tr) return fy_err_format(&fy_RuntimeError, "%s is only usable inside a kernel", op);
    if (FY_TYPE(o) == &fy_dsl_tensor_type)
        return fy_err_format(&fy_NotImplementedError,
                             "%s: coordinate tensors (make_view(make_coord(...), make_identity_layout(...))) cannot be "
                             "partitioned inside a kernel yet; compute predicates from indices instead",
                             op);
    if (!FY_TTENSOR_CHECK(o)) return fy_err_format(&fy_TypeError, "%s: expected a kernel tensor, not '%s'", op, fy_type_name(o));
    fy_ttensor *t = (fy_ttensor *)o;
    tcopy *tc = th->tc;
    fly_error err;
    fly_layout Z, T, R, C, Cthr, Cval, A, Vd, F;
    int atomv = tc->atom->bits / t->et->width;
    if (tc->atom->et != t->et)
        return fy_err_format(&fy_TypeError, "%s: the copy atom moves %s values but the tensor holds %s", op,
                             tc->atom->et->name, t->et->name);
    fly_inttuple one, av;
    fly_inttuple_int(&av, atomv);
    fly_inttuple_int(&one, 1);
    if (fly_layout_zipped_divide_tile(&t->L, &tc->tile, &Z, &err) || fly_layout_get(&Z, 0, &T, &err) ||
        fly_layout_get(&Z, 1, &R, &err) || fly_layout_composition(&T, &tc->tv, &C, &err) ||
        fly_layout_get(&C, 0, &Cthr, &err) || fly_layout_get(&C, 1, &Cval, &err) ||
        fly_layout_make(&A, &av, &one, &err) || fly_layout_logical_divide(&Cval, &A, &Vd, &err))
        return fy_dsl_raise(&err);
    const fly_layout *modes[FLY_IT_MAX_DEPTH];
    fly_layout rm[FLY_IT_MAX_DEPTH];
    int n = 0;
    modes[n++] = &Cthr;
    modes[n++] = &Vd;
    int rr = fly_layout_rank(&R);
    if (fly_inttuple_is_leaf(&R.shape)) {
        modes[n++] = &R;
        rr = 1;
    } else {
        for (int i = 0; i < rr && n < FLY_IT_MAX_DEPTH; i++) {
            if (fly_layout_get(&R, i, &rm[i], &err)) return fy_dsl_raise(&err);
            modes[n++] = &rm[i];
        }
    }
    if (fly_layout_concat(&F, modes, n, &err)) return fy_dsl_raise(&err);
    fy_obj *view = fy_trace_view(tr, t, &F);
    if (!view) return NULL;
    fy_obj *key = fy_tuple_new((size_t)n);
    if (!key) {
        FY_DECREF(view);
        return NULL;
    }
    fy_tuple_set_steal(key, 0, fy_ref(th->tid));
    for (int i = 1; i < n; i++) fy_tuple_set_steal(key, (size_t)i, fy_none());
    fy_obj *r = FY_TYPE(view)->getitem(view, key);
    FY_DECREF(key);
    FY_DECREF(view);
    return r;
}

static fy_obj *th_partition_S(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    if (fy_no_kwargs("partition_S", kw) < 0 || fy_check_nargs("partition_S", na, 1, 1) < 0) return NULL;
    return partition((thrcopy *)self, a[0], "partition_S");
}
static fy_obj *th_partition_D(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    if (fy_no_kwargs("partition_D", kw) < 0 || fy_check_nargs("partition_D", na, 1, 1) < 0) return NULL;
    return partition((thrcopy *)self, a[0], "partition_D");
}

fy_obj *fy_trace_copy(fy_ttensor *src, fy_ttensor *dst) {
    fly_error err;
    int64_t ns, nd;
    if (fly_layout_size_static(&src->L, &ns, &err) || fly_layout_size_static(&dst->L, &nd, &err)) return fy_dsl_raise(&err);
    if (ns != nd) {
        char a[256], b[256];
        fly_inttuple_print(&src->L.shape, a, sizeof a);
        fly_inttuple_print(&dst->L.shape, b, sizeof b);
        return fy_err_format(&fy_ValueError, "copy: shape mismatch: source %s (%lld elements) and destination %s (%lld elements)",
                             a, (long long)ns, b, (long long)nd);
    }
    fy_obj *v = fy_trace_tensor_load(src);
    if (!v) return NULL;
    fy_obj *r = fy_trace_tensor_store(dst, v);
    FY_DECREF(v);
    return r;
}

static fy_obj *f_copy(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    if (fy_no_kwargs("copy", kw) < 0 || fy_check_nargs("copy", na, 3, 3) < 0) return NULL;
    if (FY_TYPE(a[0]) != &catom_type && FY_TYPE(a[0]) != &tcopy_type)
        return fy_err_format(&fy_TypeError, "copy: expected a copy atom, not '%s'", fy_type_name(a[0]));
    if (!FY_TTENSOR_CHECK(a[1]) || !FY_TTENSOR_CHECK(a[2]))
        return fy_err_set(&fy_TypeError, "copy: src and dst must be kernel tensors");
    return fy_trace_copy((fy_ttensor *)a[1], (fy_ttensor *)a[2]);
}

int fy_trace_is_copy_value(fy_obj *o) {
    fy_type *t = FY_TYPE(o);
    return t == &copyop_type || t == &catom_type || t == &tcopy_type || t == &thrcopy_type;
}

static fy_methoddef tc_methods[] = {
    {"get_slice", tc_get_slice, 0, "get_slice(tid)\nThe thread's ThrCopy."},
    {"thr_slice", tc_get_slice, 0, "thr_slice(tid)\nThe thread's ThrCopy."},
    {0}};
static fy_methoddef th_methods[] = {
    {"partition_S", th_partition_S, 0, "partition_S(t)\nThe thread's source view ((AtomV,RestV),RestM,RestN)."},
    {"partition_D", th_partition_D, 0, "partition_D(t)\nThe thread's destination view."},
    {0}};

static fy_type copyop_type = {FY_TYPE_INIT("UniversalCopy", sizeof(copyop)), .flags = FY_TPF_FINAL, .repr = copyop_repr};
static fy_type catom_type = {FY_TYPE_INIT("CopyAtom", sizeof(catom)), .flags = FY_TPF_FINAL, .repr = catom_repr,
                             .dealloc = catom_dealloc};
static fy_type tcopy_type = {FY_TYPE_INIT("TiledCopy", sizeof(tcopy)), .flags = FY_TPF_FINAL, .repr = tcopy_repr,
                             .dealloc = tcopy_dealloc, .methods = tc_methods};
static fy_type thrcopy_type = {FY_TYPE_INIT("ThrCopy", sizeof(thrcopy)), .flags = FY_TPF_FINAL,
                               .dealloc = thrcopy_dealloc, .methods = th_methods};

static fy_methoddef copy_funcs[] = {
    {"UniversalCopy", f_uc, 0, "UniversalCopy(bits)\nA target-neutral copy op of bits per thread."},
    {"UniversalCopy8b", f_uc8, 0, "UniversalCopy8b()"},
    {"UniversalCopy16b", f_uc16, 0, "UniversalCopy16b()"},
    {"UniversalCopy32b", f_uc32, 0, "UniversalCopy32b()"},
    {"UniversalCopy64b", f_uc64, 0, "UniversalCopy64b()"},
    {"UniversalCopy128b", f_uc128, 0, "UniversalCopy128b()"},
    {"make_copy_atom", f_make_copy_atom, 0, "make_copy_atom(copy_op, dtype)\nA copy atom."},
    {"make_tiled_copy", f_make_tiled_copy, 0, "make_tiled_copy(atom, layout_tv, tile_mn)\nA tiled copy."},
    {"copy", f_copy, 0, "copy(atom, src, dst)\nCopies src into dst (kernels only)."},
    {0}};

int fy_trace_add_copy_fx(fy_obj *m) {
    for (fy_methoddef *d = copy_funcs; d->name; d++) {
        fy_obj *f = fy_cfunction_new(d, m);
        if (!f || fy_module_add_steal(m, d->name, f) < 0) return -1;
    }
    return 0;
}

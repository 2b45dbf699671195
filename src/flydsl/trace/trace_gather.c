/* trace_gather.c - indexed copies inside traced kernels: fx.gather(atom, base_iter, offsets, dst, *, pred=None)
 * loads dst = base[offsets] and fx.scatter(atom, src, base_iter, offsets, *, pred=None) stores base[offsets] = src.
 * Layouts: the data fragment is ((AtomV, TV), Rest...), offsets and pred are (TV, Rest...). Each (v, rest)
 * instance reads offsets[v, rest] (an element offset from base_iter), views AtomV contiguous elements there
 * (base_iter + offset, layout AtomV:1) and copies them with the atom to or from data[(None, v), rest], guarded by
 * pred[v, rest] when given. Everything is composed from fx.make_view / fx.copy, so the copy rules and the
 * emulator's bounds checks are the ordinary ones. fx.ptr_load(p) / fx.ptr_store(v, p) read and write the element
 * a pointer (fx.get_iter(t) + n) points at. */
#include <stdio.h>
#include <string.h>

#include "flydsl/api/dsl.h"
#include "flydsl/api/dsl_numeric.h"
#include "flydsl/mlir/mlir.h"
#include "flydsl/trace/trace_int.h"

/* fx.NAME (a borrowed module attribute lookup), NULL with an exception. */
static fy_obj *fx_func(const char *name) {
    fy_obj *m = fy_import("flydsl.expr");
    fy_obj *f = m ? fy_getattr_cstr(m, name) : NULL;
    FY_XDECREF(m);
    return f;
}

/* Static sizes of the top-level modes of layout L; the count, or -1 with an exception. */
static int mode_sizes(const fly_layout *L, int64_t *sz, int cap, const char *op, const char *what) {
    fly_error err;
    int r = fly_inttuple_is_leaf(&L->shape) ? 1 : fly_layout_rank(L);
    if (r > cap) {
        fy_err_format(&fy_ValueError, "%s: %s has too many modes", op, what);
        return -1;
    }
    for (int i = 0; i < r; i++) {
        fly_layout M;
        if (fly_inttuple_is_leaf(&L->shape)) fly_layout_copy(&M, L);
        else if (fly_layout_get(L, i, &M, &err)) return fy_dsl_raise(&err), -1;
        if (fly_layout_size_static(&M, &sz[i], &err)) return fy_dsl_raise(&err), -1;
    }
    return r;
}

/* A tuple key: head followed by the coordinates c[0..n). */
static fy_obj *key_of(fy_obj *head, const int64_t *c, int n) {
    fy_obj *k = fy_tuple_new((size_t)n + 1);
    if (!k) return NULL;
    fy_tuple_set_steal(k, 0, fy_ref(head));
    for (int i = 0; i < n; i++) {
        fy_obj *x = fy_int_from(c[i]);
        if (!x) {
            for (int j = i; j < n; j++) fy_tuple_set_steal(k, (size_t)j + 1, fy_none());
            FY_DECREF(k);
            return NULL;
        }
        fy_tuple_set_steal(k, (size_t)i + 1, x);
    }
    return k;
}

/* One instance: the atom's view at base + off copied to/from data_v (scatter: data_v is the source). */
static int one_copy(fy_obj *fcopy, fy_obj *fview, fy_obj *atom, fy_obj *base, fy_obj *off, fy_obj *lay, fy_obj *data_v,
                    fy_obj *pred_v, int scatter) {
    fy_obj *p = fy_binop(base, off, FY_NB_ADD);
    fy_obj *va[2] = {p, lay};
    fy_obj *view = p ? fy_call(fview, va, 2, NULL) : NULL;
    FY_XDECREF(p);
    if (!view) return -1;
    fy_obj *args[4] = {atom, scatter ? data_v : view, scatter ? view : data_v, pred_v};
    fy_obj *kn = pred_v ? fy_tuple_pack(1, fy_intern("pred")) : NULL;
    fy_obj *r = !pred_v || kn ? fy_call(fcopy, args, 3, kn) : NULL;
    FY_XDECREF(kn);
    FY_DECREF(view);
    if (!r) return -1;
    FY_DECREF(r);
    return 0;
}

static fy_obj *gather_scatter(const char *op, fy_obj *atom, fy_obj *base, fy_obj *offs, fy_obj *data, fy_obj *pred,
                              int scatter) {
    fy_tracer *tr = fy_trace_cur();
    if (!tr) return fy_err_format(&fy_RuntimeError, "fx.%s is only usable inside a kernel", op);
    const fly_layout *lo = fy_trace_layout_of(offs), *ld = fy_trace_layout_of(data);
    if (!lo) return fy_err_format(&fy_TypeError, "%s: offsets must be a tensor, not '%s'", op, fy_type_name(offs));
    if (!ld || !FY_TTENSOR_CHECK(data))
        return fy_err_format(&fy_TypeError, "%s: the data fragment must be a kernel tensor, not '%s'", op,
                             fy_type_name(data));
    fy_obj *vb = fy_getattr_cstr(atom, "val_bits");
    if (!vb) { /* not a copy atom */
        fy_err_clear();
        return fy_err_format(&fy_TypeError, "%s: expected a copy atom, not '%s'", op, fy_type_name(atom));
    }
    int64_t bits;
    int bad = fy_dsl_to_int(vb, &bits, op, "val_bits") < 0;
    FY_DECREF(vb);
    if (bad) return NULL;
    fy_dsl_numeric *et = ((fy_ttensor *)data)->et;
    if (bits % et->width)
        return fy_err_format(&fy_ValueError, "%s: a %lld-bit atom cannot move whole %s values", op, (long long)bits,
                             et->name);
    int64_t atomv = bits / et->width;
    int64_t so[8], sd[8];
    int no = mode_sizes(lo, so, 8, op, "offsets"), nd = no < 0 ? -1 : mode_sizes(ld, sd, 8, op, "the data fragment");
    if (nd < 0) return NULL;
    if (nd != no) {
        char a[256], b[256];
        fly_inttuple_print(&lo->shape, a, sizeof a);
        fly_inttuple_print(&ld->shape, b, sizeof b);
        return fy_err_format(&fy_ValueError,
                             "%s: offsets %s must be (TV, Rest...) for a data fragment ((AtomV, TV), Rest...), not %s",
                             op, a, b);
    }
    int64_t tv = so[0], rest = 1;
    for (int i = 1; i < no; i++) {
        if (so[i] != sd[i])
            return fy_err_format(&fy_ValueError, "%s: offsets and data differ in mode %d (%lld and %lld)", op, i,
                                 (long long)so[i], (long long)sd[i]);
        rest *= so[i];
    }
    if (sd[0] != atomv * tv)
        return fy_err_format(&fy_ValueError,
                             "%s: the data fragment's first mode holds %lld values; expected AtomV x TV = %lld x %lld",
                             op, (long long)sd[0], (long long)atomv, (long long)tv);
    fy_obj *fcopy = fx_func("copy"), *fview = fcopy ? fx_func("make_view") : NULL,
           *flay = fview ? fx_func("make_layout") : NULL;
    fy_obj *la[2] = {NULL, NULL}, *lay = NULL;
    if (flay && (la[0] = fy_int_from(atomv)) && (la[1] = fy_int_from(1))) lay = fy_call(flay, la, 2, NULL);
    FY_XDECREF(la[0]);
    FY_XDECREF(la[1]);
    fy_obj *res = NULL;
    if (!lay) goto done;
    for (int64_t v = 0; v < tv; v++) {
        for (int64_t i = 0; i < rest; i++) {
            int64_t c[8], rem = i;
            for (int m = 1; m < no; m++) {
                c[m - 1] = rem % so[m];
                rem /= so[m];
            }
            fy_obj *vi = fy_int_from(v), *dh = vi ? fy_tuple_pack(2, fy_None, vi) : NULL;
            fy_obj *ko = vi ? key_of(vi, c, no - 1) : NULL, *kd = dh ? key_of(dh, c, no - 1) : NULL;
            fy_obj *off = ko ? fy_getitem(offs, ko) : NULL, *dv = off && kd ? fy_getitem(data, kd) : NULL;
            fy_obj *pv = dv && pred ? fy_getitem(pred, ko) : NULL;
            int rc = dv && (!pred || pv) ? one_copy(fcopy, fview, atom, base, off, lay, dv, pv, scatter) : -1;
            FY_XDECREF(vi);
            FY_XDECREF(dh);
            FY_XDECREF(ko);
            FY_XDECREF(kd);
            FY_XDECREF(off);
            FY_XDECREF(dv);
            FY_XDECREF(pv);
            if (rc < 0) goto done;
        }
    }
    res = fy_none();
done:
    FY_XDECREF(fcopy);
    FY_XDECREF(fview);
    FY_XDECREF(flay);
    FY_XDECREF(lay);
    return res;
}

static fy_obj *f_gather(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    static const char *const names[] = {"copy_atom", "base_iter", "offset_tensor", "dst_tensor", "pred", NULL};
    fy_obj *v[5] = {NULL, NULL, NULL, NULL, NULL};
    if (fy_parse_args("gather", a, na, kw, names, 4, 4, 5, v) < 0) return NULL;
    return gather_scatter("gather", v[0], v[1], v[2], v[3], v[4] == fy_None ? NULL : v[4], 0);
}

static fy_obj *f_scatter(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    static const char *const names[] = {"copy_atom", "src_tensor", "base_iter", "offset_tensor", "pred", NULL};
    fy_obj *v[5] = {NULL, NULL, NULL, NULL, NULL};
    if (fy_parse_args("scatter", a, na, kw, names, 4, 4, 5, v) < 0) return NULL;
    return gather_scatter("scatter", v[0], v[2], v[3], v[1], v[4] == fy_None ? NULL : v[4], 1);
}

/* A one-element view (layout 1:1) at pointer p; NULL with an exception. */
static fy_obj *elem_view(fy_obj *p, const char *op) {
    if (!fy_trace_cur()) return fy_err_format(&fy_RuntimeError, "fx.%s is only usable inside a kernel", op);
    if (strcmp(fy_type_name(p), "Pointer"))
        return fy_err_format(&fy_TypeError, "%s: expected a Pointer (fx.get_iter(t) + offset), not '%s'", op,
                             fy_type_name(p));
    fy_obj *acc = fy_trace_ptr_access(p, 0, op); /* a swizzled pointer: the swizzled address */
    if (!acc) return NULL;
    fy_obj *fview = fx_func("make_view"), *flay = fview ? fx_func("make_layout") : NULL;
    fy_obj *one = flay ? fy_int_from(1) : NULL, *la[2] = {one, one};
    fy_obj *lay = one ? fy_call(flay, la, 2, NULL) : NULL, *va[2] = {acc, lay};
    fy_obj *v = lay ? fy_call(fview, va, 2, NULL) : NULL;
    FY_XDECREF(fview);
    FY_XDECREF(flay);
    FY_XDECREF(one);
    FY_XDECREF(lay);
    FY_DECREF(acc);
    return v;
}

/* An n-element view (layout n:1) of element type et (NULL: the pointer's) at pointer p; NULL with an exception. */
static fy_obj *vec_view(fy_obj *p0, fy_dsl_numeric *et, int64_t n, const char *op) {
    fy_dsl_numeric *pet = et ? et : FY_TYPE(p0) == &fy_trace_ptr_type ? ((fy_trace_ptr *)p0)->et : NULL;
    fy_obj *p = fy_trace_ptr_access(p0, pet ? n * pet->width / 8 : 0, op), *q = p;
    if (!p) return NULL;
    if (et) {
        fy_obj *fr = fx_func("recast_iter"), *ra[2] = {&et->h, p};
        q = fr ? fy_call(fr, ra, 2, NULL) : NULL;
        FY_XDECREF(fr);
        FY_DECREF(p);
        if (!q) return NULL;
    }
    fy_obj *v;
    if (n == 1) {
        v = elem_view(q, op);
    } else {
        fy_obj *fview = fx_func("make_view"), *flay = fview ? fx_func("make_layout") : NULL;
        fy_obj *sz = flay ? fy_int_from(n) : NULL, *one = sz ? fy_int_from(1) : NULL, *la[2] = {sz, one};
        fy_obj *lay = one ? fy_call(flay, la, 2, NULL) : NULL, *va[2] = {q, lay};
        v = lay ? fy_call(fview, va, 2, NULL) : NULL;
        FY_XDECREF(fview);
        FY_XDECREF(flay);
        FY_XDECREF(sz);
        FY_XDECREF(one);
        FY_XDECREF(lay);
    }
    FY_DECREF(q);
    return v;
}

/* ptr_load(ptr, result_type): the value of result_type (an MLIR type, or an object with .ir_type: a scalar or
 * vector<NxT>) stored at ptr, whatever ptr's element type (FlyDSL loads a vector<8xbf16> through an i8 pointer). */
static fy_obj *typed_load(fy_obj *p, fy_obj *rt) {
    fy_obj *it = fy_getattr_cstr(rt, "ir_type");
    if (!it) fy_err_clear();
    fy_obj *ts = fy_str(it ? it : rt);
    FY_XDECREF(it);
    if (!ts) return NULL;
    char elem[32] = "";
    long long n = 0;
    const char *t = FY_STR_DATA(ts);
    int vec = sscanf(t, "vector<%lldx%31[^>]>", &n, elem) == 2;
    if (!vec) snprintf(elem, sizeof elem, "%s", t);
    fy_dsl_numeric *et = fy_mlir_numeric_of(elem);
    if (!et || (vec && (n < 1 || n > 64))) {
        fy_obj *e = fy_err_format(&fy_TypeError, "ptr_load: result_type must be a scalar or vector type, not %s", t);
        FY_DECREF(ts);
        return e;
    }
    FY_DECREF(ts);
    fy_obj *acc = fy_trace_ptr_access(p, (vec ? n : 1) * et->width / 8, "ptr_load");
    if (!acc) return NULL;
    if (FY_TYPE(acc) == &fy_trace_ptr_type) { /* one fly.ptr.load (at the swizzled address for a swizzled pointer) */
        fy_obj *r = fy_trace_ptr_load(acc, et, vec ? n : 1, vec);
        FY_DECREF(acc);
        return r;
    }
    fy_obj *frc = fx_func("recast_iter"), *fview = frc ? fx_func("make_view") : NULL;
    fy_obj *flay = fview ? fx_func("make_layout") : NULL;
    fy_obj *ra[2] = {&et->h, acc}, *q = flay ? fy_call(frc, ra, 2, NULL) : NULL;
    FY_DECREF(acc);
    fy_obj *cnt = q ? fy_int_from(vec ? n : 1) : NULL, *one = cnt ? fy_int_from(1) : NULL, *la[2] = {cnt, one};
    fy_obj *lay = one ? fy_call(flay, la, 2, NULL) : NULL, *va[2] = {q, lay};
    fy_obj *v = lay ? fy_call(fview, va, 2, NULL) : NULL, *r = NULL;
    if (v && vec) r = fy_call_method(v, "load", NULL, 0);
    else if (v) {
        fy_obj *z = fy_int_from(0);
        r = z ? fy_getitem(v, z) : NULL;
        FY_XDECREF(z);
    }
    FY_XDECREF(frc);
    FY_XDECREF(fview);
    FY_XDECREF(flay);
    FY_XDECREF(q);
    FY_XDECREF(cnt);
    FY_XDECREF(one);
    FY_XDECREF(lay);
    FY_XDECREF(v);
    return r;
}

/* fx.ptr_load(ptr, result_type=None): the element at ptr (result_type: see typed_load). */
static fy_obj *f_ptr_load(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    static const char *const names[] = {"ptr", "result_type", NULL};
    fy_obj *pv[2] = {NULL, NULL};
    if (fy_parse_args("ptr_load", a, na, kw, names, 1, 2, 2, pv) < 0) return NULL;
    if (FY_TYPE(pv[0]) == &fy_trace_ptr_type && (!pv[1] || pv[1] == fy_None)) {
        fy_dsl_numeric *pet = ((fy_trace_ptr *)pv[0])->et;
        fy_obj *acc = fy_trace_ptr_access(pv[0], (pet->width + 7) / 8, "ptr_load"); /* swizzled: its address */
        fy_obj *r = acc ? fy_trace_ptr_load(acc, pet, 1, 0) : NULL;
        FY_XDECREF(acc);
        return r;
    }
    fy_obj *v = elem_view(pv[0], "ptr_load"), *z = NULL;
    if (v && pv[1] && pv[1] != fy_None) {
        FY_DECREF(v);
        return typed_load(pv[0], pv[1]);
    }
    z = v ? fy_int_from(0) : NULL;
    fy_obj *r = z ? fy_getitem(v, z) : NULL;
    FY_XDECREF(z);
    FY_XDECREF(v);
    return r;
}

/* fx.ptr_store(value, ptr): stores value (converted to the pointee type) at ptr; a vector value (a Vector or
 * an ir.Value of a vector type) fills its n consecutive elements, the pointer read as its element type. */
static fy_obj *f_ptr_store(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    if (fy_no_kwargs("ptr_store", kw) < 0 || fy_check_nargs("ptr_store", na, 2, 2) < 0) return NULL;
    uint64_t ssa;
    fy_dsl_numeric *et;
    int64_t n;
    if (FY_TYPE(a[1]) == &fy_trace_ptr_type && fy_tvector_parts(a[0], &ssa, &et, &n) == 0) {
        char vt[48];
        snprintf(vt, sizeof vt, "vector<%lldx%s>", (long long)n, fy_trace_mlir_type(et));
        fy_obj *acc = fy_trace_ptr_access(a[1], n * et->width / 8, "ptr_store"); /* swizzled: its address */
        int rc = acc ? fy_trace_ptr_store_ssa(acc, ssa, vt) : -1;
        FY_XDECREF(acc);
        return rc < 0 ? NULL : fy_none();
    }
    if (fy_err_occurred()) fy_err_clear();
    if (FY_TYPE(a[1]) == &fy_trace_ptr_type) return fy_call_method(a[1], "store", &a[0], 1);
    if (fy_tvector_parts(a[0], &ssa, &et, &n) == 0) {
        fy_obj *vec = fy_tvector_new(ssa, et, n), *v = vec ? vec_view(a[1], et, n, "ptr_store") : NULL;
        fy_obj *r = v ? fy_call_method(v, "store", &vec, 1) : NULL;
        FY_XDECREF(vec);
        FY_XDECREF(v);
        if (!r) return NULL;
        FY_DECREF(r);
        return fy_none();
    }
    if (fy_err_occurred()) fy_err_clear();
    fy_obj *v = elem_view(a[1], "ptr_store"), *z = v ? fy_int_from(0) : NULL;
    int r = z ? fy_setitem(v, z, a[0]) : -1;
    FY_XDECREF(z);
    FY_XDECREF(v);
    return r < 0 ? NULL : fy_none();
}

static fy_methoddef gather_funcs[] = {
    {"ptr_load", f_ptr_load, 0,
     "ptr_load(ptr, result_type=None)\nThe element ptr points at, or the result_type value (a scalar or vector) "
     "stored there (kernels only)."},
    {"ptr_store", f_ptr_store, 0, "ptr_store(value, ptr)\nStores value where ptr points (kernels only)."},
    {"gather", f_gather, 0,
     "gather(copy_atom, base_iter, offset_tensor, dst_tensor, *, pred=None)\nIndexed load: dst[(None, v), r] = the "
     "AtomV "
     "elements at base_iter + offset_tensor[v, r] (kernels only)."},
    {"scatter", f_scatter, 0,
     "scatter(copy_atom, src_tensor, base_iter, offset_tensor, *, pred=None)\nIndexed store: the AtomV elements at "
     "base_iter + offset_tensor[v, r] = src[(None, v), r] (kernels only)."},
    {0}};

int fy_trace_add_gather_fx(fy_obj *m) {
    for (fy_methoddef *d = gather_funcs; d->name; d++) {
        if (fy_dict_get_cstr(FY_MODULE_DICT(m), d->name)) continue;
        fy_obj *f = fy_cfunction_new(d, m);
        if (!f || fy_module_add_steal(m, d->name, f) < 0) return -1;
    }
    return 0;
}

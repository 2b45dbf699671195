/* obj_range.c - range, slice and module objects (small C types: a model for new ones). */
#include <string.h>
#include "exec/interp.h"
#include "objects/object.h"
#include "objects/objects_int.h"

/* ------------------------------------------------------------------ range */

fy_obj *fy_range_new(int64_t start, int64_t stop, int64_t step) {
    fy_range *r = (fy_range *)fy_alloc(&fy_range_type);
    if (!r) return NULL;
    r->start = start;
    r->stop = stop;
    r->step = step;
    int64_t n = 0;
    if (step > 0 && start < stop) n = (int64_t)(((uint64_t)stop - (uint64_t)start - 1) / (uint64_t)step + 1);
    else if (step < 0 && start > stop) n = (int64_t)(((uint64_t)start - (uint64_t)stop - 1) / (uint64_t)(-step) + 1);
    r->len = n;
    return &r->h;
}

static fy_obj *range_new_slot(fy_type *t, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    if (fy_no_kwargs("range", kw) < 0) return NULL;
    int64_t a = 0, b = 0, c = 1;
    if (nargs == 1) {
        if (fy_index(args[0], &b) < 0) return NULL;
    } else if (nargs == 2 || nargs == 3) {
        if (fy_index(args[0], &a) < 0 || fy_index(args[1], &b) < 0) return NULL;
        if (nargs == 3) {
            if (fy_index(args[2], &c) < 0) return NULL;
            if (c == 0) return fy_err_set(&fy_ValueError, "range() arg 3 must not be zero");
        }
    } else if (nargs == 0) {
        return fy_err_set(&fy_TypeError, "range expected at least 1 argument, got 0");
    } else {
        return fy_err_format(&fy_TypeError, "range expected at most 3 arguments, got %zu", nargs);
    }
    return fy_range_new(a, b, c);
}

#define R(o) ((fy_range *)(o))
static int64_t range_len(fy_obj *o) { return R(o)->len; }
static fy_obj *range_repr(fy_obj *o) {
    if (R(o)->step == 1) return fy_str_printf("range(%lld, %lld)", (long long)R(o)->start, (long long)R(o)->stop);
    return fy_str_printf("range(%lld, %lld, %lld)", (long long)R(o)->start, (long long)R(o)->stop,
                         (long long)R(o)->step);
}
static fy_obj *range_getitem(fy_obj *o, fy_obj *key) {
    fy_range *r = R(o);
    if (FY_TYPE(key) == &fy_slice_type) {
        int64_t start, stop, step, n;
        if (fy_slice_indices(key, r->len, &start, &stop, &step, &n) < 0) return NULL;
        return fy_range_new(r->start + start * r->step, r->start + stop * r->step, r->step * step);
    }
    int64_t i;
    if (fy_index(key, &i) < 0) {
        fy_err_clear();
        return fy_err_format(&fy_TypeError, "range indices must be integers or slices, not %s", key->type->name);
    }
    if (i < 0) i += r->len;
    if (i < 0 || i >= r->len) return fy_err_set(&fy_IndexError, "range object index out of range");
    return fy_int_from(r->start + i * r->step);
}
static int range_contains(fy_obj *o, fy_obj *x) {
    fy_range *r = R(o);
    if (FY_INT_CHECK(x)) {
        if (FY_INT_IS_BIG(x)) return 0; /* the bounds are int64 */
        int64_t v = FY_INT_VAL(x);
        if (r->step > 0 ? (v < r->start || v >= r->stop) : (v > r->start || v <= r->stop)) return 0;
        return (v - r->start) % r->step == 0;
    }
    for (int64_t i = 0; i < r->len; i++) {
        fy_obj *k = fy_int_from(r->start + i * r->step);
        int e = fy_eq(k, x);
        FY_DECREF(k);
        if (e) return e;
    }
    return 0;
}
static fy_obj *range_richcmp(fy_obj *a, fy_obj *b, int op) {
    if (FY_TYPE(b) != &fy_range_type || (op != FY_EQ_OP && op != FY_NE_OP)) return fy_ref(fy_NotImplemented);
    fy_range *x = R(a), *y = R(b);
    bool eq = x->len == y->len && (x->len == 0 || (x->start == y->start && (x->len == 1 || x->step == y->step)));
    return fy_bool(op == FY_EQ_OP ? eq : !eq);
}
static int64_t range_hash(fy_obj *o) {
    return fy_hash_i64(R(o)->len) ^ (fy_hash_i64(R(o)->start) * 31) ^ (fy_hash_i64(R(o)->step) * 1000003);
}

typedef struct {
    fy_obj h;
    int64_t cur, step, left;
} rangeiter;
static fy_obj *rangeiter_next(fy_obj *o) {
    rangeiter *it = (rangeiter *)o;
    if (it->left <= 0) return NULL;
    it->left--;
    int64_t v = it->cur;
    it->cur += it->step;
    return fy_int_from(v);
}
static fy_obj *self_iter(fy_obj *o) { return fy_ref(o); }
static fy_obj *rangeiter_len(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    return fy_int_from(((rangeiter *)self)->left);
}
static fy_methoddef rangeiter_methods[] = {{"__length_hint__", rangeiter_len, 0, NULL}, {NULL}};
fy_type fy_rangeiter_type = {FY_TYPE_INIT("range_iterator", sizeof(rangeiter)), .iter = self_iter,
                             .next = rangeiter_next, .methods = rangeiter_methods};
static fy_obj *fy_rangeiter_new(int64_t start, int64_t step, int64_t len) {
    rangeiter *it = (rangeiter *)fy_alloc(&fy_rangeiter_type);
    if (!it) return NULL;
    it->cur = start;
    it->step = step;
    it->left = len;
    return &it->h;
}
static fy_obj *range_iter(fy_obj *o) { return fy_rangeiter_new(R(o)->start, R(o)->step, R(o)->len); }
static fy_obj *range_reversed(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    fy_range *r = R(self);
    return fy_rangeiter_new(r->start + (r->len - 1) * r->step, -r->step, r->len);
}
static fy_obj *range_index(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_check_nargs("index", n, 1, 1) < 0) return NULL;
    int c = range_contains(self, a[0]);
    if (c < 0) return NULL;
    if (!c || !FY_INT_CHECK(a[0])) return fy_err_format(&fy_ValueError, "%R is not in range", a[0]);
    return fy_int_from((FY_INT_VAL(a[0]) - R(self)->start) / R(self)->step);
}
static fy_obj *range_count(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_check_nargs("count", n, 1, 1) < 0) return NULL;
    int c = range_contains(self, a[0]);
    return c < 0 ? NULL : fy_int_from(c);
}
static fy_obj *range_start(fy_obj *o) { return fy_int_from(R(o)->start); }
static fy_obj *range_stop(fy_obj *o) { return fy_int_from(R(o)->stop); }
static fy_obj *range_step(fy_obj *o) { return fy_int_from(R(o)->step); }
static fy_methoddef range_methods[] = {{"__reversed__", range_reversed, 0, NULL},
                                       {"index", range_index, 0, NULL},
                                       {"count", range_count, 0, NULL},
                                       {NULL}};
static fy_getsetdef range_getsets[] = {
    {"start", range_start, NULL, NULL}, {"stop", range_stop, NULL, NULL}, {"step", range_step, NULL, NULL}, {NULL}};
fy_type fy_range_type = {
    FY_TYPE_INIT("range", sizeof(fy_range)),
    .doc = "range(stop) -> range object\nrange(start, stop[, step]) -> range object",
    .flags = FY_TPF_FINAL,
    .new_ = range_new_slot,
    .repr = range_repr,
    .len = range_len,
    .getitem = range_getitem,
    .contains = range_contains,
    .iter = range_iter,
    .richcmp = range_richcmp,
    .hash = range_hash,
    .methods = range_methods,
    .getsets = range_getsets,
};

/* ------------------------------------------------------------------ slice */

fy_obj *fy_slice_new(fy_obj *start, fy_obj *stop, fy_obj *step) {
    fy_slice *s = (fy_slice *)fy_alloc(&fy_slice_type);
    if (!s) return NULL;
    s->start = fy_ref(start ? start : fy_None);
    s->stop = fy_ref(stop ? stop : fy_None);
    s->step = fy_ref(step ? step : fy_None);
    return &s->h;
}
static void slice_dealloc(fy_obj *o) {
    fy_slice *s = (fy_slice *)o;
    FY_XDECREF(s->start);
    FY_XDECREF(s->stop);
    FY_XDECREF(s->step);
}
static int slice_traverse(fy_obj *o, fy_visitfn v, void *a) {
    fy_slice *s = (fy_slice *)o;
    return v(s->start, a) || v(s->stop, a) || v(s->step, a);
}

static int slice_int(fy_obj *o, int64_t *out) {
    if (FY_INT_CHECK(o)) {
        *out = FY_INT_VAL(o); /* a big value saturates, which clamps the slice like CPython */
        return 0;
    }
    if (o->type->index) return fy_index(o, out);
    fy_err_set(&fy_TypeError, "slice indices must be integers or None or have an __index__ method");
    return -1;
}

int fy_slice_indices(fy_obj *o, int64_t length, int64_t *pstart, int64_t *pstop, int64_t *pstep, int64_t *plen) {
    fy_slice *s = (fy_slice *)o;
    int64_t step = 1, start, stop;
    if (s->step != fy_None) {
        if (slice_int(s->step, &step) < 0) return -1;
        if (step == 0) {
            fy_err_set(&fy_ValueError, "slice step cannot be zero");
            return -1;
        }
    }
    if (s->start == fy_None) start = step < 0 ? length - 1 : 0;
    else {
        if (slice_int(s->start, &start) < 0) return -1;
        if (start < 0) {
            start += length;
            if (start < 0) start = step < 0 ? -1 : 0;
        } else if (start >= length) start = step < 0 ? length - 1 : length;
    }
    if (s->stop == fy_None) stop = step < 0 ? -1 : length;
    else {
        if (slice_int(s->stop, &stop) < 0) return -1;
        if (stop < 0) {
            stop += length;
            if (stop < 0) stop = step < 0 ? -1 : 0;
        } else if (stop >= length) stop = step < 0 ? length - 1 : length;
    }
    int64_t n = 0;
    if (step < 0) {
        if (stop < start) n = (start - stop - 1) / (-step) + 1;
    } else if (start < stop) n = (stop - start - 1) / step + 1;
    *pstart = start;
    *pstop = stop;
    *pstep = step;
    *plen = n;
    return 0;
}

static fy_obj *slice_repr(fy_obj *o) {
    fy_slice *s = (fy_slice *)o;
    return fy_str_printf("slice(%R, %R, %R)", s->start, s->stop, s->step);
}
static fy_obj *slice_new_slot(fy_type *t, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    if (fy_no_kwargs("slice", kw) < 0) return NULL;
    if (nargs == 1) return fy_slice_new(NULL, args[0], NULL);
    if (nargs == 2) return fy_slice_new(args[0], args[1], NULL);
    if (nargs == 3) return fy_slice_new(args[0], args[1], args[2]);
    return fy_err_format(&fy_TypeError, "slice expected at least 1 argument, got %zu", nargs);
}
static fy_obj *slice_richcmp(fy_obj *a, fy_obj *b, int op) {
    if (FY_TYPE(b) != &fy_slice_type) return fy_ref(fy_NotImplemented);
    fy_slice *x = (fy_slice *)a, *y = (fy_slice *)b;
    fy_obj *ta[3] = {x->start, x->stop, x->step}, *tb[3] = {y->start, y->stop, y->step};
    return fy_seq_richcmp(ta, 3, tb, 3, op);
}
static fy_obj *slice_start(fy_obj *o) { return fy_ref(((fy_slice *)o)->start); }
static fy_obj *slice_stop(fy_obj *o) { return fy_ref(((fy_slice *)o)->stop); }
static fy_obj *slice_step(fy_obj *o) { return fy_ref(((fy_slice *)o)->step); }
static fy_obj *slice_indices_m(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_check_nargs("indices", n, 1, 1) < 0) return NULL;
    int64_t len, s0, s1, st, sl;
    if (fy_index(a[0], &len) < 0) return NULL;
    if (fy_slice_indices(self, len, &s0, &s1, &st, &sl) < 0) return NULL;
    fy_obj *x = fy_int_from(s0), *y = fy_int_from(s1), *z = fy_int_from(st);
    fy_obj *t = fy_tuple_pack(3, x, y, z);
    FY_DECREF(x);
    FY_DECREF(y);
    FY_DECREF(z);
    return t;
}
static fy_getsetdef slice_getsets[] = {
    {"start", slice_start, NULL, NULL}, {"stop", slice_stop, NULL, NULL}, {"step", slice_step, NULL, NULL}, {NULL}};
static fy_methoddef slice_methods[] = {{"indices", slice_indices_m, 0, NULL}, {NULL}};
fy_type fy_slice_type = {FY_TYPE_INIT("slice", sizeof(fy_slice)),
                         .flags = FY_TPF_GC | FY_TPF_FINAL,
                         .dealloc = slice_dealloc,
                         .traverse = slice_traverse,
                         .new_ = slice_new_slot,
                         .repr = slice_repr,
                         .richcmp = slice_richcmp,
                         .getsets = slice_getsets,
                         .methods = slice_methods};

/* ------------------------------------------------------------------ module */

fy_obj *fy_module_new(const char *name) {
    fy_module *m = (fy_module *)fy_alloc(&fy_module_type);
    if (!m) return NULL;
    m->dict = fy_dict_new();
    m->name = fy_str_from_cstr(name);
    if (!m->dict || !m->name) {
        FY_DECREF(m);
        return NULL;
    }
    fy_dict_set_cstr(m->dict, "__name__", m->name);
    fy_dict_set_cstr(m->dict, "__doc__", fy_None);
    return &m->h;
}

fy_obj *fy_module_new_c(const char *name, fy_methoddef *funcs, const char *doc) {
    fy_obj *m = fy_module_new(name);
    if (!m) return NULL;
    for (fy_methoddef *f = funcs; f && f->name; f++) {
        fy_cfunction *cf = (fy_cfunction *)fy_cfunction_new(f, m);
        if (!cf) {
            FY_DECREF(m);
            return NULL;
        }
        cf->module = fy_ref(((fy_module *)m)->name);
        fy_dict_set_cstr(((fy_module *)m)->dict, f->name, &cf->h);
        FY_DECREF(cf);
    }
    if (doc) {
        fy_obj *d = fy_str_from_cstr(doc);
        fy_dict_set_cstr(((fy_module *)m)->dict, "__doc__", d);
        FY_XDECREF(d);
    }
    return m;
}

int fy_module_add(fy_obj *m, const char *name, fy_obj *v) { return fy_dict_set_cstr(((fy_module *)m)->dict, name, v); }
int fy_module_add_steal(fy_obj *m, const char *name, fy_obj *v) {
    if (!v) return -1;
    int r = fy_module_add(m, name, v);
    FY_DECREF(v);
    return r;
}

static void module_dealloc(fy_obj *o) {
    FY_XDECREF(((fy_module *)o)->dict);
    FY_XDECREF(((fy_module *)o)->name);
}
static int module_traverse(fy_obj *o, fy_visitfn v, void *a) {
    return ((fy_module *)o)->dict && v(((fy_module *)o)->dict, a);
}
static void module_clear(fy_obj *o) { FY_CLEAR(((fy_module *)o)->dict); }
static fy_obj *module_getattr(fy_obj *o, fy_obj *name) {
    fy_module *m = (fy_module *)o;
    if (m->dict) {
        fy_obj *v = fy_dict_get_str(m->dict, name);
        if (v) return fy_ref(v);
    }
    if (fy_str_eq_cstr(name, "__dict__")) return fy_ref(m->dict);
    fy_obj *r = fy_generic_getattr(o, name);
    if (!r && fy_err_matches(&fy_AttributeError) && m->dict) {
        fy_obj *ga = fy_dict_get_cstr(m->dict, "__getattr__");
        if (ga) {
            fy_err_clear();
            return fy_call1(ga, name);
        }
    }
    return r;
}
static int module_setattr(fy_obj *o, fy_obj *name, fy_obj *v) {
    fy_module *m = (fy_module *)o;
    if (v) return fy_dict_set(m->dict, name, v);
    int r = fy_dict_del(m->dict, name);
    if (r == 1) {
        fy_err_format(&fy_AttributeError, "module '%s' has no attribute '%s'", FY_STR_DATA(m->name), FY_STR_DATA(name));
        return -1;
    }
    return r;
}
static fy_obj *module_repr(fy_obj *o) {
    fy_module *m = (fy_module *)o;
    fy_obj *f = m->dict ? fy_dict_get_cstr(m->dict, "__file__") : NULL;
    if (f) return fy_str_printf("<module %R from %R>", m->name, f);
    return fy_str_printf("<module %R (built-in)>", m->name);
}
static fy_obj *module_new_slot(fy_type *t, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    if (fy_check_nargs("module", nargs, 1, 2) < 0) return NULL;
    if (!FY_STR_CHECK(args[0])) return fy_err_set(&fy_TypeError, "module name must be str");
    fy_obj *m = fy_module_new(FY_STR_DATA(args[0]));
    if (m && nargs > 1) fy_dict_set_cstr(((fy_module *)m)->dict, "__doc__", args[1]);
    return m;
}
fy_type fy_module_type = {FY_TYPE_INIT("module", sizeof(fy_module)),
                          .flags = FY_TPF_GC,
                          .dealloc = module_dealloc,
                          .traverse = module_traverse,
                          .clear = module_clear,
                          .getattr = module_getattr,
                          .setattr = module_setattr,
                          .repr = module_repr,
                          .new_ = module_new_slot};

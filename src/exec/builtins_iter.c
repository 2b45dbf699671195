/* builtins_iter.c - enumerate, zip, map, filter, reversed and iter(callable, sentinel). */
#include <string.h>
#include "exec/interp.h"
#include "objects/object.h"
#include "exec/vm.h"

static fy_obj *self_iter(fy_obj *o) { return fy_ref(o); }

/* ------------------------------------------------------------------ enumerate */
typedef struct {
    fy_obj h;
    fy_obj *it;
    int64_t i;
} enumobj;
static fy_obj *enum_new(fy_type *t, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    static const char *const names[] = {"iterable", "start", NULL};
    fy_obj *a[2];
    if (fy_parse_args("enumerate", args, nargs, kw, names, 1, 2, 2, a) < 0) return NULL;
    int64_t start = 0;
    if (a[1] && fy_index(a[1], &start) < 0) return NULL;
    fy_obj *it = fy_iter(a[0]);
    if (!it) return NULL;
    enumobj *e = (enumobj *)fy_alloc(t);
    if (!e) {
        FY_DECREF(it);
        return NULL;
    }
    e->it = it;
    e->i = start;
    return &e->h;
}
static fy_obj *enum_next(fy_obj *o) {
    enumobj *e = (enumobj *)o;
    fy_obj *v = fy_iter_next(e->it);
    if (!v) return NULL;
    fy_obj *k = fy_int_from(e->i++);
    fy_obj *t = fy_tuple_new(2);
    if (!t || !k) {
        FY_XDECREF(k);
        FY_XDECREF(t);
        FY_DECREF(v);
        return NULL;
    }
    fy_tuple_set_steal(t, 0, k);
    fy_tuple_set_steal(t, 1, v);
    return t;
}
static void one_dealloc(fy_obj *o) { FY_XDECREF(((enumobj *)o)->it); }
static int one_traverse(fy_obj *o, fy_visitfn v, void *a) { return ((enumobj *)o)->it && v(((enumobj *)o)->it, a); }
fy_type fy_enumerate_type = {FY_TYPE_INIT("enumerate", sizeof(enumobj)),
                             .flags = FY_TPF_GC,
                             .doc = "enumerate(iterable, start=0)\nReturn an enumerate object.",
                             .dealloc = one_dealloc,
                             .traverse = one_traverse,
                             .new_ = enum_new,
                             .iter = self_iter,
                             .next = enum_next};

/* ------------------------------------------------------------------ zip */
typedef struct {
    fy_obj h;
    fy_obj *its;
    bool strict;
} zipobj;
static fy_obj *zip_new(fy_type *t, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    bool strict = false;
    for (size_t i = 0; i < fy_kwcount(kw); i++) {
        if (!fy_str_eq_cstr(FY_TUPLE_ITEMS(kw)[i], "strict"))
            return fy_err_format(&fy_TypeError, "zip() got an unexpected keyword argument '%S'", FY_TUPLE_ITEMS(kw)[i]);
        strict = fy_truthy(args[nargs + i]) > 0;
    }
    fy_obj *its = fy_tuple_new(nargs);
    if (!its) return NULL;
    for (size_t i = 0; i < nargs; i++) {
        fy_obj *it = fy_iter(args[i]);
        if (!it) {
            if (fy_err_matches(&fy_TypeError)) {
                fy_err_clear();
                fy_err_format(&fy_TypeError, "zip argument #%zu must support iteration", i + 1);
            }
            for (size_t k = i; k < nargs; k++) FY_TUPLE_ITEMS(its)[k] = fy_none();
            FY_DECREF(its);
            return NULL;
        }
        fy_tuple_set_steal(its, i, it);
    }
    zipobj *z = (zipobj *)fy_alloc(t);
    if (!z) {
        FY_DECREF(its);
        return NULL;
    }
    z->its = its;
    z->strict = strict;
    return &z->h;
}
static fy_obj *zip_next(fy_obj *o) {
    zipobj *z = (zipobj *)o;
    int64_t n = FY_TUPLE_N(z->its);
    if (!n) return NULL;
    fy_obj *t = fy_tuple_new(n);
    if (!t) return NULL;
    for (int64_t i = 0; i < n; i++) {
        fy_obj *v = fy_iter_next(FY_TUPLE_ITEMS(z->its)[i]);
        if (!v) {
            for (int64_t k = i; k < n; k++) FY_TUPLE_ITEMS(t)[k] = fy_none();
            FY_DECREF(t);
            if (z->strict && !fy_err_occurred()) {
                if (i > 0)
                    return fy_err_format(&fy_ValueError, "zip() argument %lld is shorter than argument%s%s",
                                         (long long)(i + 1), i > 1 ? "s 1-" : " ", i > 1 ? "" : "1");
                for (int64_t k = 1; k < n; k++) {
                    fy_obj *w = fy_iter_next(FY_TUPLE_ITEMS(z->its)[k]);
                    if (w) {
                        FY_DECREF(w);
                        return fy_err_format(&fy_ValueError, "zip() argument %lld is longer than argument%s%s",
                                             (long long)(k + 1), k > 1 ? "s 1-" : " ", "1");
                    }
                }
            }
            return NULL;
        }
        fy_tuple_set_steal(t, i, v);
    }
    return t;
}
static void zip_dealloc(fy_obj *o) { FY_XDECREF(((zipobj *)o)->its); }
static int zip_traverse(fy_obj *o, fy_visitfn v, void *a) { return ((zipobj *)o)->its && v(((zipobj *)o)->its, a); }
fy_type fy_zip_type = {FY_TYPE_INIT("zip", sizeof(zipobj)),
                       .flags = FY_TPF_GC,
                       .doc = "zip(*iterables, strict=False)",
                       .dealloc = zip_dealloc,
                       .traverse = zip_traverse,
                       .new_ = zip_new,
                       .iter = self_iter,
                       .next = zip_next};

/* ------------------------------------------------------------------ map */
typedef struct {
    fy_obj h;
    fy_obj *fn;
    fy_obj *its;
} mapobj;
static fy_obj *map_new(fy_type *t, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    if (fy_no_kwargs("map", kw) < 0) return NULL;
    if (nargs < 2) return fy_err_set(&fy_TypeError, "map() must have at least two arguments.");
    fy_obj *its = fy_tuple_new(nargs - 1);
    if (!its) return NULL;
    for (size_t i = 1; i < nargs; i++) {
        fy_obj *it = fy_iter(args[i]);
        if (!it) {
            for (size_t k = i; k < nargs; k++) FY_TUPLE_ITEMS(its)[k - 1] = fy_none();
            FY_DECREF(its);
            return NULL;
        }
        fy_tuple_set_steal(its, i - 1, it);
    }
    mapobj *m = (mapobj *)fy_alloc(t);
    if (!m) {
        FY_DECREF(its);
        return NULL;
    }
    m->fn = fy_ref(args[0]);
    m->its = its;
    return &m->h;
}
static fy_obj *map_next(fy_obj *o) {
    mapobj *m = (mapobj *)o;
    int64_t n = FY_TUPLE_N(m->its);
    fy_obj *buf[8], **args = n <= 8 ? buf : fy_malloc(n * sizeof(fy_obj *));
    if (!args) return NULL;
    int64_t got = 0;
    fy_obj *r = NULL;
    for (; got < n; got++) {
        args[got] = fy_iter_next(FY_TUPLE_ITEMS(m->its)[got]);
        if (!args[got]) goto done;
    }
    r = fy_call(m->fn, args, n, NULL);
done:
    for (int64_t i = 0; i < got; i++) FY_DECREF(args[i]);
    if (args != buf) fy_free(args);
    return r;
}
static void map_dealloc(fy_obj *o) {
    FY_XDECREF(((mapobj *)o)->fn);
    FY_XDECREF(((mapobj *)o)->its);
}
static int map_traverse(fy_obj *o, fy_visitfn v, void *a) {
    mapobj *m = (mapobj *)o;
    return (m->fn && v(m->fn, a)) || (m->its && v(m->its, a));
}
fy_type fy_map_type = {FY_TYPE_INIT("map", sizeof(mapobj)),
                       .flags = FY_TPF_GC,
                       .doc = "map(func, *iterables) --> map object",
                       .dealloc = map_dealloc,
                       .traverse = map_traverse,
                       .new_ = map_new,
                       .iter = self_iter,
                       .next = map_next};

/* ------------------------------------------------------------------ filter */
typedef struct {
    fy_obj h;
    fy_obj *fn;
    fy_obj *it;
} filterobj;
static fy_obj *filter_new(fy_type *t, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    if (fy_no_kwargs("filter", kw) < 0 || fy_check_nargs("filter", nargs, 2, 2) < 0) return NULL;
    fy_obj *it = fy_iter(args[1]);
    if (!it) return NULL;
    filterobj *f = (filterobj *)fy_alloc(t);
    if (!f) {
        FY_DECREF(it);
        return NULL;
    }
    f->fn = fy_ref(args[0]);
    f->it = it;
    return &f->h;
}
static fy_obj *filter_next(fy_obj *o) {
    filterobj *f = (filterobj *)o;
    for (;;) {
        fy_obj *v = fy_iter_next(f->it);
        if (!v) return NULL;
        int ok;
        if (f->fn == fy_None || f->fn == (fy_obj *)&fy_bool_type) ok = fy_truthy(v);
        else {
            fy_obj *r = fy_call1(f->fn, v);
            if (!r) {
                FY_DECREF(v);
                return NULL;
            }
            ok = fy_truthy(r);
            FY_DECREF(r);
        }
        if (ok < 0) {
            FY_DECREF(v);
            return NULL;
        }
        if (ok) return v;
        FY_DECREF(v);
    }
}
static void filter_dealloc(fy_obj *o) {
    FY_XDECREF(((filterobj *)o)->fn);
    FY_XDECREF(((filterobj *)o)->it);
}
static int filter_traverse(fy_obj *o, fy_visitfn v, void *a) {
    filterobj *f = (filterobj *)o;
    return (f->fn && v(f->fn, a)) || (f->it && v(f->it, a));
}
fy_type fy_filter_type = {FY_TYPE_INIT("filter", sizeof(filterobj)),
                          .flags = FY_TPF_GC,
                          .doc = "filter(function or None, iterable) --> filter object",
                          .dealloc = filter_dealloc,
                          .traverse = filter_traverse,
                          .new_ = filter_new,
                          .iter = self_iter,
                          .next = filter_next};

/* ------------------------------------------------------------------ reversed */
typedef struct {
    fy_obj h;
    fy_obj *seq;
    int64_t i;
} revobj;
static fy_obj *reversed_new(fy_type *t, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    if (fy_no_kwargs("reversed", kw) < 0 || fy_check_nargs("reversed", nargs, 1, 1) < 0) return NULL;
    fy_obj *s = args[0];
    fy_obj *rm = fy_type_lookup(s->type, fy_intern("__reversed__"));
    if (rm) return fy_call_method(s, "__reversed__", NULL, 0);
    if (!s->type->getitem || !s->type->len || FY_DICT_CHECK(s))
        return fy_err_format(&fy_TypeError, "'%s' object is not reversible", s->type->name);
    int64_t n = fy_len(s);
    if (n < 0) return NULL;
    revobj *r = (revobj *)fy_alloc(t);
    if (!r) return NULL;
    r->seq = fy_ref(s);
    r->i = n - 1;
    return &r->h;
}
static fy_obj *reversed_next(fy_obj *o) {
    revobj *r = (revobj *)o;
    if (!r->seq || r->i < 0) {
        FY_CLEAR(r->seq);
        return NULL;
    }
    fy_obj *k = fy_int_from(r->i--);
    fy_obj *v = fy_getitem(r->seq, k);
    FY_DECREF(k);
    return v;
}
static void rev_dealloc(fy_obj *o) { FY_XDECREF(((revobj *)o)->seq); }
static int rev_traverse(fy_obj *o, fy_visitfn v, void *a) { return ((revobj *)o)->seq && v(((revobj *)o)->seq, a); }
fy_type fy_reversed_type = {
    FY_TYPE_INIT("reversed", sizeof(revobj)),
    .flags = FY_TPF_GC,
    .doc = "reversed(sequence, /)\nReturn a reverse iterator over the values of the given sequence.",
    .dealloc = rev_dealloc,
    .traverse = rev_traverse,
    .new_ = reversed_new,
    .iter = self_iter,
    .next = reversed_next};

/* ------------------------------------------------------------------ iter(callable, sentinel) */
typedef struct {
    fy_obj h;
    fy_obj *fn;
    fy_obj *sentinel;
} calliter;
static fy_obj *calliter_next(fy_obj *o) {
    calliter *c = (calliter *)o;
    if (!c->fn) return NULL;
    fy_obj *v = fy_call0(c->fn);
    if (!v) return NULL;
    int e = fy_eq(v, c->sentinel);
    if (e) {
        FY_DECREF(v);
        FY_CLEAR(c->fn);
        return NULL;
    }
    return v;
}
static void calliter_dealloc(fy_obj *o) {
    FY_XDECREF(((calliter *)o)->fn);
    FY_XDECREF(((calliter *)o)->sentinel);
}
static int calliter_traverse(fy_obj *o, fy_visitfn v, void *a) {
    calliter *c = (calliter *)o;
    return (c->fn && v(c->fn, a)) || (c->sentinel && v(c->sentinel, a));
}
fy_type fy_calliter_type = {FY_TYPE_INIT("callable_iterator", sizeof(calliter)),
                            .flags = FY_TPF_GC,
                            .dealloc = calliter_dealloc,
                            .traverse = calliter_traverse,
                            .iter = self_iter,
                            .next = calliter_next};
fy_obj *fy_calliter_new(fy_obj *fn, fy_obj *sentinel) {
    calliter *c = (calliter *)fy_alloc(&fy_calliter_type);
    if (!c) return NULL;
    c->fn = fy_ref(fn);
    c->sentinel = fy_ref(sentinel);
    return &c->h;
}

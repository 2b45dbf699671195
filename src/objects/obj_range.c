/* obj_range.c - range, slice and module objects (small C types: a model for new ones).
 * A range whose bounds or length do not fit in int64 keeps them as int objects (r->big) and
 * takes the slower object-arithmetic paths below ("long ranges", as CPython's). */
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

/* ---- long ranges */

static fy_obj *iop(fy_obj *a, fy_obj *b, int op) { return a && b ? fy_int_binop_obj(a, b, op) : NULL; }
#define BIG_START(r) FY_TUPLE_ITEMS((r)->big)[0]
#define BIG_STOP(r) FY_TUPLE_ITEMS((r)->big)[1]
#define BIG_STEP(r) FY_TUPLE_ITEMS((r)->big)[2]
#define BIG_LEN(r) FY_TUPLE_ITEMS((r)->big)[3]

/* range(start, stop, step) of int objects (step != 0), small when everything fits. */
static fy_obj *range_from_objs(fy_obj *start, fy_obj *stop, fy_obj *step) {
    fy_obj *lo = start, *hi = stop, *st = fy_ref(step), *len;
    if (fy_int_sign(step) < 0) {
        lo = stop;
        hi = start;
        FY_SETREF(st, fy_int_neg_obj(step));
        if (!st) return NULL;
    }
    if (fy_int_cmp(lo, hi) >= 0) len = fy_int_from(0);
    else {
        fy_obj *one = fy_int_from(1), *d = iop(hi, lo, FY_NB_SUB), *d1 = iop(d, one, FY_NB_SUB);
        fy_obj *q = iop(d1, st, FY_NB_FLOORDIV);
        len = iop(q, one, FY_NB_ADD);
        FY_DECREF(one);
        FY_XDECREF(d);
        FY_XDECREF(d1);
        FY_XDECREF(q);
    }
    FY_DECREF(st);
    if (!len) return NULL;
    if (!FY_INT_IS_BIG(start) && !FY_INT_IS_BIG(stop) && !FY_INT_IS_BIG(step) && !FY_INT_IS_BIG(len)) {
        FY_DECREF(len);
        return fy_range_new(FY_INT_VAL(start), FY_INT_VAL(stop), FY_INT_VAL(step));
    }
    fy_range *r = (fy_range *)fy_alloc(&fy_range_type);
    if (r) r->big = fy_tuple_pack(4, start, stop, step, len);
    FY_DECREF(len);
    if (r && !r->big) FY_CLEAR(r);
    return (fy_obj *)r;
}
static void range_dealloc(fy_obj *o) { FY_CLEAR(((fy_range *)o)->big); }
/* The four fields of any range as new int objects (start, stop, step, len). */
static int range_fields(fy_obj *o, fy_obj **f) {
    fy_range *r = (fy_range *)o;
    for (int i = 0; i < 4; i++) {
        f[i] = r->big ? fy_ref(FY_TUPLE_ITEMS(r->big)[i])
                      : fy_int_from(i == 0   ? r->start
                                    : i == 1 ? r->stop
                                    : i == 2 ? r->step
                                             : r->len);
        if (!f[i]) {
            while (i--) FY_DECREF(f[i]);
            return -1;
        }
    }
    return 0;
}
static void fields_free(fy_obj **f) {
    for (int i = 0; i < 4; i++) FY_DECREF(f[i]);
}

/* The iterator of a long range: cur, step and the count left as ints. */
typedef struct {
    fy_obj h;
    fy_obj *cur, *step, *left;
} longrangeiter;
static void longrangeiter_dealloc(fy_obj *o) {
    longrangeiter *it = (longrangeiter *)o;
    FY_CLEAR(it->cur);
    FY_CLEAR(it->step);
    FY_CLEAR(it->left);
}
static fy_obj *longrangeiter_next(fy_obj *o) {
    longrangeiter *it = (longrangeiter *)o;
    if (fy_int_sign(it->left) <= 0) return NULL;
    fy_obj *one = fy_int_from(1), *left = iop(it->left, one, FY_NB_SUB), *next = iop(it->cur, it->step, FY_NB_ADD);
    FY_DECREF(one);
    if (!left || !next) {
        FY_XDECREF(left);
        FY_XDECREF(next);
        return NULL;
    }
    FY_SETREF(it->left, left);
    fy_obj *v = it->cur;
    it->cur = next;
    return v;
}
static fy_obj *longrangeiter_len(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    return fy_ref(((longrangeiter *)self)->left);
}
static fy_obj *longrange_self_iter(fy_obj *o) { return fy_ref(o); }
static fy_methoddef longrangeiter_methods[] = {{"__length_hint__", longrangeiter_len, 0, NULL}, {NULL}};
static fy_type longrangeiter_type = {FY_TYPE_INIT("longrange_iterator", sizeof(longrangeiter)),
                                     .dealloc = longrangeiter_dealloc, .iter = longrange_self_iter,
                                     .next = longrangeiter_next, .methods = longrangeiter_methods};
static fy_obj *longrangeiter_new(fy_obj *start, fy_obj *step, fy_obj *len) {
    if (!start || !step || !len) return NULL;
    if (!(longrangeiter_type.flags & FY_TPF_READY) && fy_type_ready(&longrangeiter_type) < 0) return NULL;
    longrangeiter *it = (longrangeiter *)fy_alloc(&longrangeiter_type);
    if (!it) return NULL;
    it->cur = fy_ref(start);
    it->step = fy_ref(step);
    it->left = fy_ref(len);
    return &it->h;
}

/* r[i] for a long range and an int i. */
static fy_obj *longrange_item(fy_range *r, fy_obj *i) {
    fy_obj *len = BIG_LEN(r), *k = fy_int_sign(i) < 0 ? iop(i, len, FY_NB_ADD) : fy_ref(i);
    if (!k) return NULL;
    if (fy_int_sign(k) < 0 || fy_int_cmp(k, len) >= 0) {
        FY_DECREF(k);
        return fy_err_set(&fy_IndexError, "range object index out of range");
    }
    fy_obj *off = iop(k, BIG_STEP(r), FY_NB_MUL), *v = iop(BIG_START(r), off, FY_NB_ADD);
    FY_DECREF(k);
    FY_XDECREF(off);
    return v;
}
/* x in r for a long range and an int x. */
static int longrange_contains_int(fy_range *r, fy_obj *x) {
    fy_obj *start = BIG_START(r), *stop = BIG_STOP(r), *step = BIG_STEP(r);
    if (fy_int_sign(step) > 0 ? (fy_int_cmp(x, start) < 0 || fy_int_cmp(x, stop) >= 0)
                              : (fy_int_cmp(x, start) > 0 || fy_int_cmp(x, stop) <= 0))
        return 0;
    fy_obj *d = iop(x, start, FY_NB_SUB), *m = iop(d, step, FY_NB_MOD);
    FY_XDECREF(d);
    if (!m) return -1;
    int c = fy_int_sign(m) == 0;
    FY_DECREF(m);
    return c;
}

/* One bound of a slice of a long range (CPython's _PySlice_GetLongIndices), new reference. */
static fy_obj *slice_bound(fy_obj *v, fy_obj *len, fy_obj *lower, fy_obj *upper, fy_obj *dflt) {
    if (!v || v == fy_None) return fy_ref(dflt);
    fy_obj *i = fy_number_index(v);
    if (!i) return NULL;
    if (fy_int_sign(i) < 0) {
        FY_SETREF(i, iop(i, len, FY_NB_ADD));
        if (i && fy_int_cmp(i, lower) < 0) FY_SETREF(i, fy_ref(lower));
    } else if (fy_int_cmp(i, upper) > 0) {
        FY_SETREF(i, fy_ref(upper));
    }
    return i;
}
static fy_obj *longrange_slice(fy_range *r, fy_slice *sl) {
    fy_obj *step = sl->step && sl->step != fy_None ? fy_number_index(sl->step) : fy_int_from(1);
    if (!step) return NULL;
    if (fy_int_sign(step) == 0) {
        FY_DECREF(step);
        return fy_err_set(&fy_ValueError, "slice step cannot be zero");
    }
    int neg = fy_int_sign(step) < 0;
    fy_obj *len = BIG_LEN(r), *lower = fy_int_from(neg ? -1 : 0),
           *upper = neg ? iop(len, lower, FY_NB_ADD) : fy_ref(len);
    fy_obj *start = upper ? slice_bound(sl->start, len, lower, upper, neg ? upper : lower) : NULL;
    fy_obj *stop = start ? slice_bound(sl->stop, len, lower, upper, neg ? lower : upper) : NULL, *res = NULL;
    if (stop) {
        fy_obj *o1 = iop(start, BIG_STEP(r), FY_NB_MUL), *a = iop(BIG_START(r), o1, FY_NB_ADD);
        fy_obj *o2 = iop(stop, BIG_STEP(r), FY_NB_MUL), *b = iop(BIG_START(r), o2, FY_NB_ADD);
        fy_obj *c = iop(BIG_STEP(r), step, FY_NB_MUL);
        if (a && b && c) res = range_from_objs(a, b, c);
        FY_XDECREF(o1);
        FY_XDECREF(o2);
        FY_XDECREF(a);
        FY_XDECREF(b);
        FY_XDECREF(c);
    }
    FY_DECREF(step);
    FY_DECREF(lower);
    FY_XDECREF(upper);
    FY_XDECREF(start);
    FY_XDECREF(stop);
    return res;
}

static fy_obj *range_new_slot(fy_type *t, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    if (fy_no_kwargs("range", kw) < 0) return NULL;
    for (size_t i = 0; i < nargs && i < 3; i++)
        if (FY_INT_CHECK(args[i]) && FY_INT_IS_BIG(args[i])) {
            fy_obj *a = nargs == 1 ? fy_int_from(0) : fy_number_index(args[0]);
            fy_obj *b = a ? fy_number_index(args[nargs == 1 ? 0 : 1]) : NULL;
            fy_obj *c = b ? (nargs == 3 ? fy_number_index(args[2]) : fy_int_from(1)) : NULL, *r = NULL;
            if (c && fy_int_sign(c) == 0) fy_err_set(&fy_ValueError, "range() arg 3 must not be zero");
            else if (c) r = range_from_objs(a, b, c);
            FY_XDECREF(a);
            FY_XDECREF(b);
            FY_XDECREF(c);
            return r;
        }
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
    if ((c > 0 && a < b && ((uint64_t)b - (uint64_t)a - 1) / (uint64_t)c >= (uint64_t)INT64_MAX) ||
        (c < 0 && a > b && ((uint64_t)a - (uint64_t)b - 1) / ((uint64_t)0 - (uint64_t)c) >= (uint64_t)INT64_MAX)) {
        /* the length does not fit: a long range */
        fy_obj *ao = fy_int_from(a), *bo = fy_int_from(b), *co = fy_int_from(c);
        fy_obj *r = ao && bo && co ? range_from_objs(ao, bo, co) : NULL;
        FY_XDECREF(ao);
        FY_XDECREF(bo);
        FY_XDECREF(co);
        return r;
    }
    return fy_range_new(a, b, c);
}

#define R(o) ((fy_range *)(o))
static int64_t range_len(fy_obj *o) {
    if (R(o)->big) {
        int64_t n;
        return fy_int_to_i64_msg(BIG_LEN(R(o)), &n, "Python int too large to convert to C ssize_t") < 0 ? -1 : n;
    }
    return R(o)->len;
}
static int range_truth(fy_obj *o) { return R(o)->big ? fy_int_sign(BIG_LEN(R(o))) != 0 : R(o)->len != 0; }
static fy_obj *range_repr(fy_obj *o) {
    if (R(o)->big) {
        fy_range *r = R(o);
        if (!FY_INT_IS_BIG(BIG_STEP(r)) && FY_INT_VAL(BIG_STEP(r)) == 1)
            return fy_str_printf("range(%R, %R)", BIG_START(r), BIG_STOP(r));
        return fy_str_printf("range(%R, %R, %R)", BIG_START(r), BIG_STOP(r), BIG_STEP(r));
    }
    if (R(o)->step == 1) return fy_str_printf("range(%lld, %lld)", (long long)R(o)->start, (long long)R(o)->stop);
    return fy_str_printf("range(%lld, %lld, %lld)", (long long)R(o)->start, (long long)R(o)->stop,
                         (long long)R(o)->step);
}
static fy_obj *range_getitem(fy_obj *o, fy_obj *key) {
    fy_range *r = R(o);
    if (r->big) {
        if (FY_TYPE(key) == &fy_slice_type) return longrange_slice(r, (fy_slice *)key);
        fy_obj *i = fy_number_index(key);
        if (!i) {
            fy_err_clear();
            return fy_err_format(&fy_TypeError, "range indices must be integers or slices, not %s", key->type->name);
        }
        fy_obj *v = longrange_item(r, i);
        FY_DECREF(i);
        return v;
    }
    if (FY_INT_CHECK(key) && FY_INT_IS_BIG(key)) return fy_err_set(&fy_IndexError, "range object index out of range");
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
    if (r->big) {
        if (FY_INT_CHECK(x)) return longrange_contains_int(r, x);
        return 0; /* only ints are looked for in long ranges */
    }
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
    if (x->big || y->big) {
        fy_obj *fa[4], *fb[4];
        if (range_fields(a, fa) < 0) return NULL;
        if (range_fields(b, fb) < 0) {
            fields_free(fa);
            return NULL;
        }
        int n = fy_int_sign(fa[3]) == 0 ? 0 : (!FY_INT_IS_BIG(fa[3]) && FY_INT_VAL(fa[3]) == 1) ? 1 : 2;
        bool eq = fy_int_cmp(fa[3], fb[3]) == 0 &&
                  (n == 0 || (fy_int_cmp(fa[0], fb[0]) == 0 && (n == 1 || fy_int_cmp(fa[2], fb[2]) == 0)));
        fields_free(fa);
        fields_free(fb);
        return fy_bool(op == FY_EQ_OP ? eq : !eq);
    }
    bool eq = x->len == y->len && (x->len == 0 || (x->start == y->start && (x->len == 1 || x->step == y->step)));
    return fy_bool(op == FY_EQ_OP ? eq : !eq);
}
/* Equal ranges hash alike: the length, then the start when non-empty, the step when longer than 1. */
static int64_t range_hash(fy_obj *o) {
    fy_obj *f[4];
    if (range_fields(o, f) < 0) return -1;
    uint64_t h = (uint64_t)fy_int_hash(f[3]);
    int n = fy_int_sign(f[3]) == 0 ? 0 : (!FY_INT_IS_BIG(f[3]) && FY_INT_VAL(f[3]) == 1) ? 1 : 2;
    if (n > 0) h = h * 31 ^ (uint64_t)fy_int_hash(f[0]);
    if (n > 1) h = h * 1000003 ^ (uint64_t)fy_int_hash(f[2]);
    fields_free(f);
    int64_t r = (int64_t)h;
    return r == -1 ? -2 : r;
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
static fy_obj *range_iter(fy_obj *o) {
    fy_range *r = R(o);
    if (r->big) return longrangeiter_new(BIG_START(r), BIG_STEP(r), BIG_LEN(r));
    return fy_rangeiter_new(R(o)->start, R(o)->step, R(o)->len);
}
static fy_obj *range_reversed(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    fy_range *r = R(self);
    if (r->big) {
        fy_obj *one = fy_int_from(1), *l1 = iop(BIG_LEN(r), one, FY_NB_SUB), *off = iop(l1, BIG_STEP(r), FY_NB_MUL);
        fy_obj *last = iop(BIG_START(r), off, FY_NB_ADD), *nstep = fy_int_neg_obj(BIG_STEP(r));
        fy_obj *it = longrangeiter_new(last, nstep, BIG_LEN(r));
        FY_DECREF(one);
        FY_XDECREF(l1);
        FY_XDECREF(off);
        FY_XDECREF(last);
        FY_XDECREF(nstep);
        return it;
    }
    return fy_rangeiter_new(r->start + (r->len - 1) * r->step, -r->step, r->len);
}
static fy_obj *range_index(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_check_nargs("index", n, 1, 1) < 0) return NULL;
    int c = range_contains(self, a[0]);
    if (c < 0) return NULL;
    if (!c || !FY_INT_CHECK(a[0])) return fy_err_format(&fy_ValueError, "%R is not in range", a[0]);
    if (R(self)->big) {
        fy_obj *d = iop(a[0], BIG_START(R(self)), FY_NB_SUB), *q = iop(d, BIG_STEP(R(self)), FY_NB_FLOORDIV);
        FY_XDECREF(d);
        return q;
    }
    return fy_int_from((FY_INT_VAL(a[0]) - R(self)->start) / R(self)->step);
}
static fy_obj *range_count(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_check_nargs("count", n, 1, 1) < 0) return NULL;
    int c = range_contains(self, a[0]);
    return c < 0 ? NULL : fy_int_from(c);
}
static fy_obj *range_start(fy_obj *o) { return R(o)->big ? fy_ref(BIG_START(R(o))) : fy_int_from(R(o)->start); }
static fy_obj *range_stop(fy_obj *o) { return R(o)->big ? fy_ref(BIG_STOP(R(o))) : fy_int_from(R(o)->stop); }
static fy_obj *range_step(fy_obj *o) { return R(o)->big ? fy_ref(BIG_STEP(R(o))) : fy_int_from(R(o)->step); }
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
    .dealloc = range_dealloc,
    .repr = range_repr,
    .truth = range_truth,
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
    /* as types.ModuleType gives them; importlib.util.module_from_spec sets real ones */
    fy_dict_set_cstr(m->dict, "__package__", fy_None);
    fy_dict_set_cstr(m->dict, "__loader__", fy_None);
    fy_dict_set_cstr(m->dict, "__spec__", fy_None);
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

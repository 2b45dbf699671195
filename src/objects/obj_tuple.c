/* obj_tuple.c - tuple, and sequence helpers shared with list (compare, repr, iterators). */
#include <string.h>
#include "exec/interp.h"
#include "objects/object.h"
#include "objects/objects_int.h"

static fy_tuple empty_tuple_s = {{FY_IMMORTAL_RC, &fy_tuple_type}, 0, -1};

fy_obj *fy_empty_tuple(void) { return fy_ref(&empty_tuple_s.h); }

fy_obj *fy_tuple_new(size_t n) {
    if (n == 0) return fy_empty_tuple();
    if (n > fy_mem_limit / sizeof(fy_obj *)) return fy_err_nomem();
    fy_tuple *t = (fy_tuple *)fy_alloc_size(&fy_tuple_type, sizeof(fy_tuple) + n * sizeof(fy_obj *));
    if (!t) return NULL;
    t->n = (int64_t)n;
    t->hash = -1;
    return &t->h;
}

fy_obj *fy_tuple_from(fy_obj *const *items, size_t n) {
    fy_obj *t = fy_tuple_new(n);
    if (!t) return NULL;
    for (size_t i = 0; i < n; i++) FY_TUPLE_ITEMS(t)[i] = fy_ref(items[i]);
    return t;
}

fy_obj *fy_tuple_pack(size_t n, ...) {
    fy_obj *t = fy_tuple_new(n);
    if (!t) return NULL;
    va_list ap;
    va_start(ap, n);
    for (size_t i = 0; i < n; i++) FY_TUPLE_ITEMS(t)[i] = fy_ref(va_arg(ap, fy_obj *));
    va_end(ap);
    return t;
}

static void tuple_dealloc(fy_obj *o) {
    fy_tuple *t = (fy_tuple *)o;
    for (int64_t i = 0; i < t->n; i++) FY_XDECREF(t->items[i]);
}
static int tuple_traverse(fy_obj *o, fy_visitfn v, void *a) {
    fy_tuple *t = (fy_tuple *)o;
    for (int64_t i = 0; i < t->n; i++)
        if (t->items[i] && v(t->items[i], a)) return 1;
    return 0;
}
static void tuple_clear(fy_obj *o) {
    fy_tuple *t = (fy_tuple *)o;
    for (int64_t i = 0; i < t->n; i++) {
        fy_obj *x = t->items[i];
        t->items[i] = fy_ref(fy_None);
        FY_XDECREF(x);
    }
}

/* repr of a sequence of items between open/close. */
fy_obj *fy_seq_repr(fy_obj *self, fy_obj *const *items, int64_t n, const char *open, const char *close,
                    bool one_comma) {
    int rec = fy_repr_enter(self);
    if (rec < 0) return NULL;
    if (rec) return fy_str_printf("%s...%s", open, close);
    fy_sbuf b = {0};
    fy_sbuf_adds(&b, open);
    for (int64_t i = 0; i < n; i++) {
        if (i) fy_sbuf_adds(&b, ", ");
        if (fy_sbuf_add_repr(&b, items[i]) < 0) {
            fy_sbuf_free(&b);
            fy_repr_leave(self);
            return NULL;
        }
    }
    if (one_comma && n == 1) fy_sbuf_addc(&b, ',');
    fy_sbuf_adds(&b, close);
    fy_repr_leave(self);
    return fy_sbuf_finish(&b);
}

static fy_obj *tuple_repr(fy_obj *o) { return fy_seq_repr(o, FY_TUPLE_ITEMS(o), FY_TUPLE_N(o), "(", ")", true); }

static int64_t tuple_hash(fy_obj *o) {
    fy_tuple *t = (fy_tuple *)o;
    if (t->hash != -1) return t->hash;
    uint64_t acc = 2870177450012600261ULL;
    for (int64_t i = 0; i < t->n; i++) {
        int64_t h = fy_hash(t->items[i]);
        if (h == -1) return -1;
        acc += (uint64_t)h * 14029467366897019727ULL;
        acc = (acc << 31) | (acc >> 33);
        acc *= 11400714785074694791ULL;
    }
    acc += (uint64_t)t->n ^ (2870177450012600261ULL ^ 3527539UL);
    int64_t r = (int64_t)acc;
    if (r == -1) r = 1546275796;
    t->hash = r;
    return r;
}

/* Lexicographic rich comparison of two item arrays. */
fy_obj *fy_seq_richcmp(fy_obj *const *a, int64_t na, fy_obj *const *b, int64_t nb, int op) {
    int64_t i;
    for (i = 0; i < na && i < nb; i++) {
        int e = fy_eq(a[i], b[i]);
        if (e < 0) return NULL;
        if (!e) break;
    }
    if (i >= na || i >= nb) {
        int c = na < nb ? -1 : na > nb;
        switch (op) {
        case FY_EQ_OP: return fy_bool(c == 0);
        case FY_NE_OP: return fy_bool(c != 0);
        case FY_LT_OP: return fy_bool(c < 0);
        case FY_LE_OP: return fy_bool(c <= 0);
        case FY_GT_OP: return fy_bool(c > 0);
        default: return fy_bool(c >= 0);
        }
    }
    if (op == FY_EQ_OP) return fy_bool(false);
    if (op == FY_NE_OP) return fy_bool(true);
    return fy_richcmp(a[i], b[i], op);
}

static fy_obj *tuple_richcmp(fy_obj *a, fy_obj *b, int op) {
    if (!FY_TUPLE_CHECK(b)) return fy_ref(fy_NotImplemented);
    return fy_seq_richcmp(FY_TUPLE_ITEMS(a), FY_TUPLE_N(a), FY_TUPLE_ITEMS(b), FY_TUPLE_N(b), op);
}

static int64_t tuple_len(fy_obj *o) { return FY_TUPLE_N(o); }

static fy_obj *tuple_getitem(fy_obj *o, fy_obj *key) {
    int64_t n = FY_TUPLE_N(o);
    if (FY_INT_CHECK(key)) {
        if (FY_INT_IS_BIG(key)) return fy_err_set(&fy_IndexError, "cannot fit 'int' into an index-sized integer");
        int64_t i = FY_INT_VAL(key);
        if (i < 0) i += n;
        if (i < 0 || i >= n) return fy_err_set(&fy_IndexError, "tuple index out of range");
        return fy_ref(FY_TUPLE_ITEMS(o)[i]);
    }
    if (FY_TYPE(key) == &fy_slice_type) {
        int64_t start, stop, step, len;
        if (fy_slice_indices(key, n, &start, &stop, &step, &len) < 0) return NULL;
        if (step == 1 && len == n && FY_TYPE(o) == &fy_tuple_type) return fy_ref(o);
        fy_obj *r = fy_tuple_new(len);
        if (!r) return NULL;
        for (int64_t k = 0, i = start; k < len; k++, i += step) FY_TUPLE_ITEMS(r)[k] = fy_ref(FY_TUPLE_ITEMS(o)[i]);
        return r;
    }
    if (key->type->index) {
        int64_t i;
        if (fy_index(key, &i) < 0) return NULL;
        fy_obj *k = fy_int_from(i);
        fy_obj *r = tuple_getitem(o, k);
        FY_DECREF(k);
        return r;
    }
    return fy_err_format(&fy_TypeError, "tuple indices must be integers or slices, not %s", key->type->name);
}

static int tuple_contains(fy_obj *o, fy_obj *x) {
    for (int64_t i = 0; i < FY_TUPLE_N(o); i++) {
        int r = fy_eq(FY_TUPLE_ITEMS(o)[i], x);
        if (r) return r;
    }
    return 0;
}

static fy_obj *tuple_add(fy_obj *a, fy_obj *b) {
    if (!FY_TUPLE_CHECK(a) || !FY_TUPLE_CHECK(b)) return fy_ref(fy_NotImplemented);
    int64_t na = FY_TUPLE_N(a), nb = FY_TUPLE_N(b);
    fy_obj *r = fy_tuple_new(na + nb);
    if (!r) return NULL;
    for (int64_t i = 0; i < na; i++) FY_TUPLE_ITEMS(r)[i] = fy_ref(FY_TUPLE_ITEMS(a)[i]);
    for (int64_t i = 0; i < nb; i++) FY_TUPLE_ITEMS(r)[na + i] = fy_ref(FY_TUPLE_ITEMS(b)[i]);
    return r;
}

static fy_obj *tuple_mul(fy_obj *a, fy_obj *b) {
    fy_obj *t = FY_TUPLE_CHECK(a) ? a : b, *k = t == a ? b : a;
    int64_t n;
    if (!FY_INT_CHECK(k) && !k->type->index)
        return fy_err_format(&fy_TypeError, "can't multiply sequence by non-int of type '%s'", k->type->name);
    if (fy_index_msg(k, &n, FY_INDEX_FIT_MSG) < 0) return NULL;
    if (n < 0) n = 0;
    int64_t m = FY_TUPLE_N(t);
    if (m && n > (int64_t)(fy_mem_limit / sizeof(fy_obj *)) / m) return fy_err_nomem();
    fy_obj *r = fy_tuple_new(m * n);
    if (!r) return NULL;
    for (int64_t i = 0; i < n; i++)
        for (int64_t j = 0; j < m; j++) FY_TUPLE_ITEMS(r)[i * m + j] = fy_ref(FY_TUPLE_ITEMS(t)[j]);
    return r;
}

/* Iterator over a list or tuple. */
typedef struct {
    fy_obj h;
    fy_obj *seq;
    int64_t i;
} seq_it;
static fy_obj *seqit_next(fy_obj *o) {
    seq_it *it = (seq_it *)o;
    if (!it->seq) return NULL;
    size_t n;
    fy_obj **items = fy_seq_items(it->seq, &n);
    if (it->i < (int64_t)n) return fy_ref(items[it->i++]);
    FY_CLEAR(it->seq);
    return NULL;
}
static void seqit_dealloc(fy_obj *o) { FY_XDECREF(((seq_it *)o)->seq); }
static int seqit_traverse(fy_obj *o, fy_visitfn v, void *a) {
    return ((seq_it *)o)->seq ? v(((seq_it *)o)->seq, a) : 0;
}
static fy_obj *self_iter(fy_obj *o) { return fy_ref(o); }
static fy_obj *seqit_len(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    seq_it *it = (seq_it *)self;
    size_t m = 0;
    if (it->seq) fy_seq_items(it->seq, &m);
    return fy_int_from(it->seq ? (int64_t)m - it->i : 0);
}
static fy_methoddef seqit_methods[] = {{"__length_hint__", seqit_len, 0, NULL}, {NULL}};
fy_type fy_tupleiter_type = {FY_TYPE_INIT("tuple_iterator", sizeof(seq_it)),
                             .flags = FY_TPF_GC,
                             .dealloc = seqit_dealloc,
                             .traverse = seqit_traverse,
                             .iter = self_iter,
                             .next = seqit_next,
                             .methods = seqit_methods};
fy_type fy_listiter_type = {FY_TYPE_INIT("list_iterator", sizeof(seq_it)),
                            .flags = FY_TPF_GC,
                            .dealloc = seqit_dealloc,
                            .traverse = seqit_traverse,
                            .iter = self_iter,
                            .next = seqit_next,
                            .methods = seqit_methods};
fy_obj *fy_seq_iter_new(fy_obj *seq, fy_type *t) {
    seq_it *it = (seq_it *)fy_alloc(t);
    if (!it) return NULL;
    it->seq = fy_ref(seq);
    return &it->h;
}
static fy_obj *tuple_iter(fy_obj *o) { return fy_seq_iter_new(o, &fy_tupleiter_type); }

/* index/count shared with list */
fy_obj *fy_seq_index(fy_obj *const *items, int64_t n, fy_obj *const *args, size_t nargs, const char *what) {
    if (fy_check_nargs("index", nargs, 1, 3) < 0) return NULL;
    int64_t st = 0, en = n;
    if (nargs > 1 && fy_index(args[1], &st) < 0) return NULL;
    if (nargs > 2 && fy_index(args[2], &en) < 0) return NULL;
    if (st < 0) {
        st += n;
        if (st < 0) st = 0;
    }
    if (en < 0) {
        en += n;
        if (en < 0) en = 0;
    }
    for (int64_t i = st; i < en && i < n; i++) {
        int r = fy_eq(items[i], args[0]);
        if (r < 0) return NULL;
        if (r) return fy_int_from(i);
    }
    if (!strcmp(what, "list")) return fy_err_format(&fy_ValueError, "%R is not in list", args[0]);
    return fy_err_set(&fy_ValueError, "tuple.index(x): x not in tuple");
}
fy_obj *fy_seq_count(fy_obj *const *items, int64_t n, fy_obj *x) {
    int64_t c = 0;
    for (int64_t i = 0; i < n; i++) {
        int r = fy_eq(items[i], x);
        if (r < 0) return NULL;
        c += r;
    }
    return fy_int_from(c);
}
static fy_obj *tuple_index(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    return fy_seq_index(FY_TUPLE_ITEMS(self), FY_TUPLE_N(self), args, nargs, "tuple");
}
static fy_obj *tuple_count(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    if (fy_check_nargs("count", nargs, 1, 1) < 0) return NULL;
    return fy_seq_count(FY_TUPLE_ITEMS(self), FY_TUPLE_N(self), args[0]);
}

static fy_obj *tuple_new(fy_type *t, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    if (fy_no_kwargs("tuple", kw) < 0) return NULL;
    if (nargs > 1) return fy_err_format(&fy_TypeError, "tuple expected at most 1 argument, got %zu", nargs);
    fy_obj *r = nargs ? fy_sequence_tuple(args[0]) : fy_empty_tuple();
    if (!r || t == &fy_tuple_type) return r;
    int64_t n = FY_TUPLE_N(r);
    fy_tuple *s = (fy_tuple *)fy_alloc_size(t, fy_var_alloc_size(t, t->basicsize + n * sizeof(fy_obj *)));
    if (!s) {
        FY_DECREF(r);
        return NULL;
    }
    s->n = n;
    s->hash = -1;
    for (int64_t i = 0; i < n; i++) s->items[i] = fy_ref(FY_TUPLE_ITEMS(r)[i]);
    FY_DECREF(r);
    return &s->h;
}

static fy_obj *tuple_getnewargs(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    fy_obj *t = fy_tuple_from(FY_TUPLE_ITEMS(self), FY_TUPLE_N(self));
    fy_obj *r = fy_tuple_pack(1, t);
    FY_DECREF(t);
    return r;
}

static fy_methoddef tuple_methods[] = {{"index", tuple_index, 0, "index(value, start=0, stop=sys.maxsize, /)"},
                                       {"count", tuple_count, 0, "count(value, /)"},
                                       {"__getnewargs__", tuple_getnewargs, 0, NULL},
                                       {NULL}};

fy_type fy_tuple_type = {
    FY_TYPE_INIT("tuple", sizeof(fy_tuple)),
    .doc = "tuple(iterable=(), /)\nBuilt-in immutable sequence.",
    .flags = FY_TPF_GC | FY_TPF_TUPLE_SUB | FY_TPF_VARSIZE,
    .dealloc = tuple_dealloc,
    .traverse = tuple_traverse,
    .clear = tuple_clear,
    .new_ = tuple_new,
    .repr = tuple_repr,
    .hash = tuple_hash,
    .richcmp = tuple_richcmp,
    .len = tuple_len,
    .getitem = tuple_getitem,
    .contains = tuple_contains,
    .iter = tuple_iter,
    .nb = {[FY_NB_ADD] = tuple_add, [FY_NB_MUL] = tuple_mul},
    .methods = tuple_methods,
};

/* obj_list.c - list: growable array, slicing, methods, stable merge sort. */
#include <string.h>
#include "exec/interp.h"
#include "objects/object.h"
#include "objects/objects_int.h"

#define L(o) ((fy_list *)(o))

static int list_reserve(fy_obj *o, int64_t need) {
    fy_list *l = L(o);
    if (need <= l->cap) return 0;
    int64_t nc = l->cap < 4 ? 4 : l->cap + (l->cap >> 1) + 1;
    if (nc < need) nc = need;
    if ((uint64_t)nc > fy_mem_limit / sizeof(fy_obj *)) {
        fy_err_nomem();
        return -1;
    }
    fy_obj **p = fy_realloc(l->items, nc * sizeof(fy_obj *));
    if (!p) return -1;
    l->items = p;
    l->cap = nc;
    return 0;
}

fy_obj *fy_list_new(size_t n) {
    fy_list *l = (fy_list *)fy_alloc(&fy_list_type);
    if (!l) return NULL;
    if (n) {
        if (list_reserve(&l->h, n) < 0) {
            FY_DECREF(l);
            return NULL;
        }
        memset(l->items, 0, n * sizeof(fy_obj *));
        l->n = n;
    }
    return &l->h;
}

fy_obj *fy_list_from(fy_obj *const *items, size_t n) {
    fy_obj *l = fy_list_new(n);
    if (!l) return NULL;
    for (size_t i = 0; i < n; i++) L(l)->items[i] = fy_ref(items[i]);
    return l;
}

int fy_list_append(fy_obj *o, fy_obj *v) {
    fy_list *l = L(o);
    if (l->n == l->cap && list_reserve(o, l->n + 1) < 0) return -1;
    l->items[l->n++] = fy_ref(v);
    return 0;
}

int fy_list_append_steal(fy_obj *o, fy_obj *v) {
    if (!v) return -1;
    fy_list *l = L(o);
    if (l->n == l->cap && list_reserve(o, l->n + 1) < 0) {
        FY_DECREF(v);
        return -1;
    }
    l->items[l->n++] = v;
    return 0;
}

int fy_list_extend(fy_obj *o, fy_obj *it) {
    size_t n;
    fy_obj **items = fy_seq_items(it, &n);
    if (items) {
        if (list_reserve(o, L(o)->n + n) < 0) return -1;
        items = fy_seq_items(it, &n); /* it may be o itself */
        for (size_t i = 0; i < n; i++) L(o)->items[L(o)->n + i] = fy_ref(items[i]);
        L(o)->n += n;
        return 0;
    }
    fy_obj *iter = fy_iter(it);
    if (!iter) return -1;
    fy_obj *x;
    while ((x = fy_iter_next(iter))) {
        if (fy_list_append_steal(o, x) < 0) {
            FY_DECREF(iter);
            return -1;
        }
    }
    FY_DECREF(iter);
    return fy_err_occurred() ? -1 : 0;
}

int fy_list_insert(fy_obj *o, int64_t i, fy_obj *v) {
    fy_list *l = L(o);
    if (i < 0) {
        i += l->n;
        if (i < 0) i = 0;
    }
    if (i > l->n) i = l->n;
    if (list_reserve(o, l->n + 1) < 0) return -1;
    memmove(&l->items[i + 1], &l->items[i], (l->n - i) * sizeof(fy_obj *));
    l->items[i] = fy_ref(v);
    l->n++;
    return 0;
}

fy_obj *fy_list_as_tuple(fy_obj *o) { return fy_tuple_from(L(o)->items, L(o)->n); }

static void list_dealloc(fy_obj *o) {
    fy_list *l = L(o);
    for (int64_t i = 0; i < l->n; i++) FY_XDECREF(l->items[i]);
    fy_free(l->items);
}
static int list_traverse(fy_obj *o, fy_visitfn v, void *a) {
    fy_list *l = L(o);
    for (int64_t i = 0; i < l->n; i++)
        if (l->items[i] && v(l->items[i], a)) return 1;
    return 0;
}
static void list_clear_slot(fy_obj *o) {
    fy_list *l = L(o);
    fy_obj **items = l->items;
    int64_t n = l->n;
    l->items = NULL;
    l->n = l->cap = 0;
    for (int64_t i = 0; i < n; i++) FY_XDECREF(items[i]);
    fy_free(items);
}

static fy_obj *list_repr(fy_obj *o) { return fy_seq_repr(o, L(o)->items, L(o)->n, "[", "]", false); }
static int64_t list_len(fy_obj *o) { return L(o)->n; }

static fy_obj *list_richcmp(fy_obj *a, fy_obj *b, int op) {
    if (!FY_LIST_CHECK(b)) return fy_ref(fy_NotImplemented);
    if ((op == FY_EQ_OP || op == FY_NE_OP) && L(a)->n != L(b)->n) return fy_bool(op == FY_NE_OP);
    return fy_seq_richcmp(L(a)->items, L(a)->n, L(b)->items, L(b)->n, op);
}

static fy_obj *list_getitem(fy_obj *o, fy_obj *key) {
    fy_list *l = L(o);
    if (FY_INT_CHECK(key)) {
        if (FY_INT_IS_BIG(key)) return fy_err_set(&fy_IndexError, "cannot fit 'int' into an index-sized integer");
        int64_t i = FY_INT_VAL(key);
        if (i < 0) i += l->n;
        if (i < 0 || i >= l->n) return fy_err_set(&fy_IndexError, "list index out of range");
        return fy_ref(l->items[i]);
    }
    if (FY_TYPE(key) == &fy_slice_type) {
        int64_t start, stop, step, len;
        if (fy_slice_indices(key, l->n, &start, &stop, &step, &len) < 0) return NULL;
        fy_obj *r = fy_list_new(len);
        if (!r) return NULL;
        for (int64_t k = 0, i = start; k < len; k++, i += step) L(r)->items[k] = fy_ref(l->items[i]);
        return r;
    }
    if (key->type->index) {
        int64_t i;
        if (fy_index(key, &i) < 0) return NULL;
        fy_obj *k = fy_int_from(i);
        fy_obj *r = list_getitem(o, k);
        FY_DECREF(k);
        return r;
    }
    return fy_err_format(&fy_TypeError, "list indices must be integers or slices, not %s", key->type->name);
}

static int list_ass_slice(fy_obj *o, fy_obj *key, fy_obj *v) {
    fy_list *l = L(o);
    int64_t start, stop, step, len;
    if (fy_slice_indices(key, l->n, &start, &stop, &step, &len) < 0) return -1;
    if (!v) {
        if (step < 0) {
            start = start + (len - 1) * step;
            step = -step;
        }
        fy_obj **dead = fy_malloc((len ? len : 1) * sizeof(fy_obj *));
        if (!dead) return -1;
        int64_t w = start, d = 0;
        for (int64_t i = start; i < l->n; i++) {
            if (d < len && i == start + d * step) {
                dead[d++] = l->items[i];
                continue;
            }
            l->items[w++] = l->items[i];
        }
        l->n = w;
        for (int64_t i = 0; i < d; i++) FY_DECREF(dead[i]);
        fy_free(dead);
        return 0;
    }
    fy_obj *seq = fy_sequence_list(v);
    if (!seq) return -1;
    int64_t m = L(seq)->n;
    if (step == 1) {
        int64_t oldn = len;
        fy_obj **old = fy_malloc((oldn ? oldn : 1) * sizeof(fy_obj *));
        if (!old) {
            FY_DECREF(seq);
            return -1;
        }
        if (oldn) memcpy(old, l->items + start, oldn * sizeof(fy_obj *));
        if (m > oldn && list_reserve(o, l->n + m - oldn) < 0) {
            fy_free(old);
            FY_DECREF(seq);
            return -1;
        }
        if (l->n - start - oldn > 0)
            memmove(l->items + start + m, l->items + start + oldn, (l->n - start - oldn) * sizeof(fy_obj *));
        for (int64_t i = 0; i < m; i++) l->items[start + i] = fy_ref(L(seq)->items[i]);
        l->n += m - oldn;
        for (int64_t i = 0; i < oldn; i++) FY_DECREF(old[i]);
        fy_free(old);
        FY_DECREF(seq);
        return 0;
    }
    if (m != len) {
        fy_err_format(&fy_ValueError, "attempt to assign sequence of size %lld to extended slice of size %lld",
                      (long long)m, (long long)len);
        FY_DECREF(seq);
        return -1;
    }
    for (int64_t k = 0, i = start; k < len; k++, i += step) {
        fy_obj *old = l->items[i];
        l->items[i] = fy_ref(L(seq)->items[k]);
        FY_DECREF(old);
    }
    FY_DECREF(seq);
    return 0;
}

static int list_setitem(fy_obj *o, fy_obj *key, fy_obj *v) {
    fy_list *l = L(o);
    if (FY_INT_CHECK(key) || (key->type->index && FY_TYPE(key) != &fy_slice_type)) {
        int64_t i;
        if (fy_index(key, &i) < 0) return -1;
        if (i < 0) i += l->n;
        if (i < 0 || i >= l->n) {
            fy_err_set(&fy_IndexError, v ? "list assignment index out of range" : "list assignment index out of range");
            return -1;
        }
        fy_obj *old = l->items[i];
        if (v) {
            l->items[i] = fy_ref(v);
        } else {
            memmove(&l->items[i], &l->items[i + 1], (l->n - i - 1) * sizeof(fy_obj *));
            l->n--;
        }
        FY_DECREF(old);
        return 0;
    }
    if (FY_TYPE(key) == &fy_slice_type) return list_ass_slice(o, key, v);
    fy_err_format(&fy_TypeError, "list indices must be integers or slices, not %s", key->type->name);
    return -1;
}

static int list_contains(fy_obj *o, fy_obj *x) {
    for (int64_t i = 0; i < L(o)->n; i++) {
        int r = fy_eq(L(o)->items[i], x);
        if (r) return r;
    }
    return 0;
}

static fy_obj *list_iter(fy_obj *o) { return fy_seq_iter_new(o, &fy_listiter_type); }

static fy_obj *list_add(fy_obj *a, fy_obj *b) {
    if (!FY_LIST_CHECK(a) || !FY_LIST_CHECK(b)) return fy_ref(fy_NotImplemented);
    fy_obj *r = fy_list_new(L(a)->n + L(b)->n);
    if (!r) return NULL;
    for (int64_t i = 0; i < L(a)->n; i++) L(r)->items[i] = fy_ref(L(a)->items[i]);
    for (int64_t i = 0; i < L(b)->n; i++) L(r)->items[L(a)->n + i] = fy_ref(L(b)->items[i]);
    return r;
}
static fy_obj *list_iadd(fy_obj *a, fy_obj *b) {
    if (fy_list_extend(a, b) < 0) return NULL;
    return fy_ref(a);
}
static int repeat_count(fy_obj *k, int64_t *n) {
    if (!FY_INT_CHECK(k) && !k->type->index) {
        fy_err_format(&fy_TypeError, "can't multiply sequence by non-int of type '%s'", k->type->name);
        return -1;
    }
    if (fy_index_msg(k, n, FY_INDEX_FIT_MSG) < 0) return -1;
    if (*n < 0) *n = 0;
    return 0;
}
static fy_obj *list_mul(fy_obj *a, fy_obj *b) {
    fy_obj *l = FY_LIST_CHECK(a) ? a : b, *k = l == a ? b : a;
    int64_t n;
    if (repeat_count(k, &n) < 0) return NULL;
    int64_t m = L(l)->n;
    if (m && n > (int64_t)(fy_mem_limit / sizeof(fy_obj *)) / m) return fy_err_nomem();
    fy_obj *r = fy_list_new(m * n);
    if (!r) return NULL;
    for (int64_t i = 0; i < n; i++)
        for (int64_t j = 0; j < m; j++) L(r)->items[i * m + j] = fy_ref(L(l)->items[j]);
    return r;
}
static fy_obj *list_imul(fy_obj *a, fy_obj *b) {
    int64_t n;
    if (repeat_count(b, &n) < 0) return NULL;
    fy_obj *r = list_mul(a, b);
    if (!r) return NULL;
    fy_obj **old = L(a)->items;
    int64_t on = L(a)->n;
    L(a)->items = L(r)->items;
    L(a)->n = L(r)->n;
    L(a)->cap = L(r)->cap;
    L(r)->items = old;
    L(r)->n = on;
    FY_DECREF(r);
    return fy_ref(a);
}

#define METH(name) static fy_obj *name(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw)
METH(list_append_m) {
    if (fy_check_nargs("append", nargs, 1, 1) < 0) return NULL;
    if (fy_list_append(self, args[0]) < 0) return NULL;
    return fy_none();
}
METH(list_extend_m) {
    if (fy_check_nargs("extend", nargs, 1, 1) < 0) return NULL;
    if (fy_list_extend(self, args[0]) < 0) return NULL;
    return fy_none();
}
METH(list_insert_m) {
    if (fy_check_nargs("insert", nargs, 2, 2) < 0) return NULL;
    int64_t i;
    if (fy_index(args[0], &i) < 0) return NULL;
    if (fy_list_insert(self, i, args[1]) < 0) return NULL;
    return fy_none();
}
METH(list_pop) {
    if (fy_check_nargs("pop", nargs, 0, 1) < 0) return NULL;
    fy_list *l = L(self);
    int64_t i = -1;
    if (nargs && fy_index(args[0], &i) < 0) return NULL;
    if (!l->n) return fy_err_set(&fy_IndexError, "pop from empty list");
    if (i < 0) i += l->n;
    if (i < 0 || i >= l->n) return fy_err_set(&fy_IndexError, "pop index out of range");
    fy_obj *r = l->items[i];
    memmove(&l->items[i], &l->items[i + 1], (l->n - i - 1) * sizeof(fy_obj *));
    l->n--;
    return r;
}
METH(list_remove) {
    if (fy_check_nargs("remove", nargs, 1, 1) < 0) return NULL;
    fy_list *l = L(self);
    for (int64_t i = 0; i < l->n; i++) {
        int r = fy_eq(l->items[i], args[0]);
        if (r < 0) return NULL;
        if (r) {
            fy_obj *x = l->items[i];
            memmove(&l->items[i], &l->items[i + 1], (l->n - i - 1) * sizeof(fy_obj *));
            l->n--;
            FY_DECREF(x);
            return fy_none();
        }
    }
    return fy_err_set(&fy_ValueError, "list.remove(x): x not in list");
}
METH(list_index) { return fy_seq_index(L(self)->items, L(self)->n, args, nargs, "list"); }
METH(list_count) {
    if (fy_check_nargs("count", nargs, 1, 1) < 0) return NULL;
    return fy_seq_count(L(self)->items, L(self)->n, args[0]);
}
METH(list_clear_m) {
    list_clear_slot(self);
    return fy_none();
}
METH(list_copy) { return fy_list_from(L(self)->items, L(self)->n); }
METH(list_reverse) {
    fy_obj **it = L(self)->items;
    for (int64_t i = 0, j = L(self)->n - 1; i < j; i++, j--) {
        fy_obj *t = it[i];
        it[i] = it[j];
        it[j] = t;
    }
    return fy_none();
}

/* ------------------------------------------------------------------ sort */

typedef struct {
    fy_obj *key;
    fy_obj *val;
} sortitem;

static int merge_sort(sortitem *a, sortitem *tmp, int64_t n, bool reverse) {
    if (n < 2) return 0;
    if (n <= 8) { /* insertion sort, stable */
        for (int64_t i = 1; i < n; i++) {
            sortitem x = a[i];
            int64_t j = i;
            while (j > 0) {
                int lt = reverse ? fy_richcmp_bool(a[j - 1].key, x.key, FY_LT_OP)
                                 : fy_richcmp_bool(x.key, a[j - 1].key, FY_LT_OP);
                if (lt < 0) {
                    a[j] = x;
                    return -1;
                }
                if (!lt) break;
                a[j] = a[j - 1];
                j--;
            }
            a[j] = x;
        }
        return 0;
    }
    int64_t m = n / 2;
    if (merge_sort(a, tmp, m, reverse) < 0 || merge_sort(a + m, tmp, n - m, reverse) < 0) return -1;
    memcpy(tmp, a, m * sizeof(sortitem));
    int64_t i = 0, j = m, k = 0;
    while (i < m && j < n) {
        /* take from the right only if strictly less (stability) */
        int lt =
            reverse ? fy_richcmp_bool(tmp[i].key, a[j].key, FY_LT_OP) : fy_richcmp_bool(a[j].key, tmp[i].key, FY_LT_OP);
        if (lt < 0) {
            while (i < m) a[k++] = tmp[i++];
            return -1;
        }
        if (lt) a[k++] = a[j++];
        else a[k++] = tmp[i++];
    }
    while (i < m) a[k++] = tmp[i++];
    return 0;
}

int fy_list_sort(fy_obj *self, fy_obj *key, bool reverse) {
    fy_list *l = L(self);
    int64_t n = l->n;
    if (n < 2) return 0;
    sortitem *a = fy_malloc(n * sizeof(sortitem)), *tmp = fy_malloc(n * sizeof(sortitem));
    if (!a || !tmp) {
        fy_free(a);
        fy_free(tmp);
        return -1;
    }
    /* detach items so the list is empty while sorting (as CPython) */
    fy_obj **items = l->items;
    l->items = NULL;
    l->n = l->cap = 0;
    int rc = 0;
    int64_t nk = 0;
    for (int64_t i = 0; i < n; i++) {
        a[i].val = items[i];
        if (key && key != fy_None) {
            a[i].key = fy_call1(key, items[i]);
            if (!a[i].key) {
                rc = -1;
                break;
            }
            nk++;
        } else {
            a[i].key = items[i];
        }
    }
    if (!rc) rc = merge_sort(a, tmp, n, reverse);
    if (!rc) {
        /* reverse with stability: merge_sort with reverse flag keeps equal items in order */
        for (int64_t i = 0; i < n; i++) items[i] = a[i].val;
    }
    if (key && key != fy_None)
        for (int64_t i = 0; i < (rc && nk < n ? nk : n); i++) FY_XDECREF(a[i].key);
    bool modified = l->items != NULL;
    fy_obj **extra = l->items;
    int64_t extran = l->n;
    l->items = items;
    l->n = l->cap = n;
    if (modified) {
        for (int64_t i = 0; i < extran; i++) FY_DECREF(extra[i]);
        fy_free(extra);
        if (!rc) {
            fy_err_set(&fy_ValueError, "list modified during sort");
            rc = -1;
        }
    }
    fy_free(a);
    fy_free(tmp);
    return rc;
}

METH(list_sort) {
    static const char *const names[] = {"key", "reverse", NULL};
    fy_obj *a[2];
    if (nargs) return fy_err_set(&fy_TypeError, "sort() takes no positional arguments");
    if (fy_parse_args("sort", args, nargs, kw, names, 0, 0, 2, a) < 0) return NULL;
    int rev = a[1] ? fy_truthy(a[1]) : 0;
    if (rev < 0) return NULL;
    if (fy_list_sort(self, a[0], rev) < 0) return NULL;
    return fy_none();
}

METH(list_reversed);
static fy_methoddef list_methods[] = {
    {"__reversed__", list_reversed, 0, NULL},
    {"append", list_append_m, 0, "append(object, /)\nAppend object to the end of the list."},
    {"extend", list_extend_m, 0, "extend(iterable, /)\nExtend list by appending elements from the iterable."},
    {"insert", list_insert_m, 0, "insert(index, object, /)\nInsert object before index."},
    {"pop", list_pop, 0, "pop(index=-1, /)\nRemove and return item at index (default last)."},
    {"remove", list_remove, 0, "remove(value, /)\nRemove first occurrence of value."},
    {"index", list_index, 0, "index(value, start=0, stop=sys.maxsize, /)"},
    {"count", list_count, 0, "count(value, /)"},
    {"clear", list_clear_m, 0, "clear()"},
    {"copy", list_copy, 0, "copy()"},
    {"reverse", list_reverse, 0, "reverse()"},
    {"sort", list_sort, 0, "sort(*, key=None, reverse=False)\nSort the list in ascending order and return None."},
    {NULL}};

static fy_obj *list_new_slot(fy_type *t, fy_obj *const *args, size_t nargs, fy_obj *kw) { return fy_alloc(t); }
static int list_init(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    if (FY_TYPE(self) == &fy_list_type && fy_no_kwargs("list", kw) < 0) return -1;
    if (nargs > 1) {
        fy_err_format(&fy_TypeError, "list expected at most 1 argument, got %zu", nargs);
        return -1;
    }
    list_clear_slot(self);
    if (nargs) return fy_list_extend(self, args[0]);
    return 0;
}

/* reversed(list) iterator */
typedef struct {
    fy_obj h;
    fy_obj *seq;
    int64_t i;
} rev_it;
static fy_obj *revit_next(fy_obj *o) {
    rev_it *it = (rev_it *)o;
    if (!it->seq) return NULL;
    if (it->i >= 0 && it->i < L(it->seq)->n) return fy_ref(L(it->seq)->items[it->i--]);
    FY_CLEAR(it->seq);
    return NULL;
}
static void revit_dealloc(fy_obj *o) { FY_XDECREF(((rev_it *)o)->seq); }
static int revit_traverse(fy_obj *o, fy_visitfn v, void *a) {
    return ((rev_it *)o)->seq ? v(((rev_it *)o)->seq, a) : 0;
}
static fy_obj *self_iter(fy_obj *o) { return fy_ref(o); }
fy_type fy_listrevit_type = {FY_TYPE_INIT("list_reverseiterator", sizeof(rev_it)),
                             .flags = FY_TPF_GC,
                             .dealloc = revit_dealloc,
                             .traverse = revit_traverse,
                             .iter = self_iter,
                             .next = revit_next};
METH(list_reversed) {
    rev_it *it = (rev_it *)fy_alloc(&fy_listrevit_type);
    if (!it) return NULL;
    it->seq = fy_ref(self);
    it->i = L(self)->n - 1;
    return &it->h;
}

fy_type fy_list_type = {
    FY_TYPE_INIT("list", sizeof(fy_list)),
    .doc = "list(iterable=(), /)\nBuilt-in mutable sequence.",
    .flags = FY_TPF_BASETYPE | FY_TPF_GC | FY_TPF_LIST_SUB,
    .dealloc = list_dealloc,
    .traverse = list_traverse,
    .clear = list_clear_slot,
    .new_ = list_new_slot,
    .init = list_init,
    .repr = list_repr,
    .richcmp = list_richcmp,
    .len = list_len,
    .getitem = list_getitem,
    .setitem = list_setitem,
    .contains = list_contains,
    .iter = list_iter,
    .nb = {[FY_NB_ADD] = list_add, [FY_NB_MUL] = list_mul},
    .inb = {[FY_NB_ADD] = list_iadd, [FY_NB_MUL] = list_imul},
    .methods = list_methods,
};

/* obj_dict.c - dict: insertion-ordered, compact entries + open-addressing index table. */
#include <string.h>
#include "exec/interp.h"
#include "objects/small_alloc.h"
#include "objects/object.h"

#define D(o) ((fy_dict *)(o))
#define EMPTY (-1)
#define DUMMY (-2)

uint64_t fy_dict_version_counter = 1;

fy_obj *fy_dict_new(void) {
    fy_dict *d = (fy_dict *)fy_alloc(&fy_dict_type);
    if (!d) return NULL;
    d->version = ++fy_dict_version_counter;
    return &d->h;
}

static int dict_build(fy_dict *d, int64_t isize) {
    int32_t *index = fy_small_alloc(isize * sizeof(int32_t));
    int64_t ecap = isize * 2 / 3;
    fy_dict_entry *ents = fy_small_alloc(ecap * sizeof(fy_dict_entry));
    if (!index || !ents) {
        fy_small_free(index);
        fy_small_free(ents);
        return -1;
    }
    memset(index, 0xff, isize * sizeof(int32_t));
    int64_t n = 0;
    uint64_t mask = isize - 1;
    for (int64_t i = 0; i < d->nentries; i++) {
        fy_dict_entry *e = &d->entries[i];
        if (!e->key) continue;
        ents[n] = *e;
        uint64_t perturb = (uint64_t)e->hash, j = perturb & mask;
        while (index[j] != EMPTY) {
            perturb >>= 5;
            j = (j * 5 + perturb + 1) & mask;
        }
        index[j] = (int32_t)n;
        n++;
    }
    fy_small_free(d->index);
    fy_small_free(d->entries);
    d->index = index;
    d->entries = ents;
    d->isize = isize;
    d->ecap = ecap;
    d->nentries = n;
    return 0;
}

static int dict_grow(fy_dict *d) {
    int64_t isize = 8;
    while (isize * 2 / 3 <= d->used * 3 / 2 + 1) isize *= 2;
    if ((uint64_t)isize > ((uint64_t)1 << 31)) {
        fy_err_nomem();
        return -1;
    }
    return dict_build(d, isize);
}

/* Find key: returns the entry index or -1; *slot receives the index-table slot of the key or
 * the first free slot for insertion. -2 on error. */
static int64_t dict_lookup(fy_dict *d, fy_obj *key, int64_t hash, uint64_t *slot) {
    if (!d->isize) {
        *slot = 0;
        return -1;
    }
again:;
    uint64_t mask = d->isize - 1, perturb = (uint64_t)hash, i = perturb & mask;
    int64_t freeslot = -1;
    fy_dict_entry *ents = d->entries;
    for (;;) {
        int32_t ix = d->index[i];
        if (ix == EMPTY) {
            *slot = freeslot >= 0 ? (uint64_t)freeslot : i;
            return -1;
        }
        if (ix == DUMMY) {
            if (freeslot < 0) freeslot = (int64_t)i;
        } else {
            fy_dict_entry *e = &ents[ix];
            if (e->key == key) {
                *slot = i;
                return ix;
            }
            if (e->hash == hash) {
                fy_obj *k = e->key;
                if (FY_TYPE(k) == &fy_str_type && FY_TYPE(key) == &fy_str_type) {
                    if (fy_str_eq(k, key)) {
                        *slot = i;
                        return ix;
                    }
                } else {
                    FY_INCREF(k);
                    int r = fy_eq(k, key);
                    FY_DECREF(k);
                    if (r < 0) return -2;
                    if (d->entries != ents || d->index[i] != ix) goto again;
                    if (r) {
                        *slot = i;
                        return ix;
                    }
                }
            }
        }
        perturb >>= 5;
        i = (i * 5 + perturb + 1) & mask;
    }
}

fy_obj *fy_dict_get_str(fy_obj *o, fy_obj *key) {
    fy_dict *d = D(o);
    if (!d->isize) return NULL;
    int64_t hash = ((fy_strobj *)key)->hash;
    if (hash == -1) hash = fy_str_hash(key);
    uint64_t mask = d->isize - 1, perturb = (uint64_t)hash, i = perturb & mask;
    for (;;) {
        int32_t ix = d->index[i];
        if (ix == EMPTY) return NULL;
        if (ix >= 0) {
            fy_dict_entry *e = &d->entries[ix];
            if (e->key == key) return e->value;
            if (e->hash == hash && FY_TYPE(e->key) == &fy_str_type && fy_str_eq(e->key, key)) return e->value;
            if (e->hash == hash && FY_TYPE(e->key) != &fy_str_type) {
                uint64_t s;
                int64_t r = dict_lookup(d, key, hash, &s);
                return r >= 0 ? d->entries[r].value : NULL;
            }
        }
        perturb >>= 5;
        i = (i * 5 + perturb + 1) & mask;
    }
}

int64_t fy_dict_find_str(fy_obj *o, fy_obj *key) {
    fy_dict *d = D(o);
    if (!d->isize) return -1;
    int64_t hash = ((fy_strobj *)key)->hash;
    if (hash == -1) hash = fy_str_hash(key);
    uint64_t mask = d->isize - 1, perturb = (uint64_t)hash, i = perturb & mask;
    for (;;) {
        int32_t ix = d->index[i];
        if (ix == EMPTY) return -1;
        if (ix >= 0) {
            fy_dict_entry *e = &d->entries[ix];
            if (e->key == key) return ix;
            if (e->hash == hash) {
                /* a key of another type with the same hash: its __eq__ is not run a second time */
                if (FY_TYPE(e->key) != &fy_str_type) return -1;
                if (fy_str_eq(e->key, key)) return ix;
            }
        }
        perturb >>= 5;
        i = (i * 5 + perturb + 1) & mask;
    }
}

fy_obj *fy_dict_get(fy_obj *o, fy_obj *key) {
    if (FY_TYPE(key) == &fy_str_type) return fy_dict_get_str(o, key);
    int64_t h = fy_hash(key);
    if (h == -1) return NULL;
    uint64_t slot;
    int64_t ix = dict_lookup(D(o), key, h, &slot);
    return ix >= 0 ? D(o)->entries[ix].value : NULL;
}

fy_obj *fy_dict_get_cstr(fy_obj *d, const char *key) { return fy_dict_get_str(d, fy_intern(key)); }

static int dict_insert(fy_dict *d, fy_obj *key, int64_t hash, fy_obj *value) {
    uint64_t slot;
    int64_t ix = dict_lookup(d, key, hash, &slot);
    if (ix == -2) return -1;
    if (ix >= 0) {
        fy_obj *old = d->entries[ix].value;
        d->entries[ix].value = fy_ref(value);
        d->version = ++fy_dict_version_counter;
        FY_DECREF(old);
        return 0;
    }
    if (d->nentries >= d->ecap) {
        if (dict_grow(d) < 0) return -1;
        ix = dict_lookup(d, key, hash, &slot);
    }
    fy_dict_entry *e = &d->entries[d->nentries];
    e->hash = hash;
    e->key = fy_ref(key);
    e->value = fy_ref(value);
    d->index[slot] = (int32_t)d->nentries;
    d->nentries++;
    d->used++;
    d->version = ++fy_dict_version_counter;
    return 0;
}

int fy_dict_set(fy_obj *d, fy_obj *key, fy_obj *value) {
    int64_t h = fy_hash(key);
    if (h == -1) return -1;
    return dict_insert(D(d), key, h, value);
}
int fy_dict_set_cstr(fy_obj *d, const char *key, fy_obj *value) { return fy_dict_set(d, fy_intern(key), value); }

int fy_dict_del(fy_obj *o, fy_obj *key) {
    fy_dict *d = D(o);
    int64_t h = fy_hash(key);
    if (h == -1) return -1;
    uint64_t slot;
    int64_t ix = dict_lookup(d, key, h, &slot);
    if (ix == -2) return -1;
    if (ix < 0) return 1;
    fy_dict_entry *e = &d->entries[ix];
    fy_obj *k = e->key, *v = e->value;
    e->key = e->value = NULL;
    d->index[slot] = DUMMY;
    d->used--;
    d->version = ++fy_dict_version_counter;
    FY_DECREF(k);
    FY_DECREF(v);
    return 0;
}

bool fy_dict_next(fy_obj *o, int64_t *pos, fy_obj **key, fy_obj **value) {
    fy_dict *d = D(o);
    while (*pos < d->nentries) {
        fy_dict_entry *e = &d->entries[(*pos)++];
        if (e->key) {
            if (key) *key = e->key;
            if (value) *value = e->value;
            return true;
        }
    }
    return false;
}

void fy_dict_clear(fy_obj *o) {
    fy_dict *d = D(o);
    fy_dict_entry *ents = d->entries;
    int64_t n = d->nentries;
    fy_small_free(d->index);
    d->index = NULL;
    d->entries = NULL;
    d->isize = d->ecap = d->nentries = d->used = 0;
    d->version = ++fy_dict_version_counter;
    for (int64_t i = 0; i < n; i++)
        if (ents[i].key) {
            FY_DECREF(ents[i].key);
            FY_DECREF(ents[i].value);
        }
    fy_small_free(ents);
}

fy_obj *fy_dict_copy(fy_obj *o) {
    fy_obj *r = fy_dict_new();
    if (!r) return NULL;
    int64_t pos = 0;
    fy_obj *k, *v;
    while (fy_dict_next(o, &pos, &k, &v))
        if (dict_insert(D(r), k, D(o)->entries[pos - 1].hash, v) < 0) {
            FY_DECREF(r);
            return NULL;
        }
    return r;
}

fy_obj *fy_dict_keys_list(fy_obj *o) {
    fy_obj *l = fy_list_new(0);
    int64_t pos = 0;
    fy_obj *k;
    while (l && fy_dict_next(o, &pos, &k, NULL))
        if (fy_list_append(l, k) < 0) {
            FY_DECREF(l);
            return NULL;
        }
    return l;
}

int fy_dict_update(fy_obj *d, fy_obj *other) {
    if (FY_DICT_CHECK(other)) {
        int64_t pos = 0;
        fy_obj *k, *v;
        while (fy_dict_next(other, &pos, &k, &v))
            if (dict_insert(D(d), k, D(other)->entries[pos - 1].hash, v) < 0) return -1;
        return 0;
    }
    fy_obj *keys = fy_getattr_opt(other, fy_intern("keys"));
    if (keys) {
        fy_obj *kl = fy_call0(keys);
        FY_DECREF(keys);
        if (!kl) return -1;
        fy_obj *it = fy_iter(kl);
        FY_DECREF(kl);
        if (!it) return -1;
        fy_obj *k;
        while ((k = fy_iter_next(it))) {
            fy_obj *v = fy_getitem(other, k);
            int r = v ? fy_dict_set(d, k, v) : -1;
            FY_XDECREF(v);
            FY_DECREF(k);
            if (r < 0) {
                FY_DECREF(it);
                return -1;
            }
        }
        FY_DECREF(it);
        return fy_err_occurred() ? -1 : 0;
    }
    if (fy_err_occurred()) return -1;
    fy_obj *it = fy_iter(other);
    if (!it) return -1;
    fy_obj *item;
    int64_t n = 0;
    while ((item = fy_iter_next(it))) {
        fy_obj *pair = fy_sequence_tuple(item);
        if (!pair) {
            FY_DECREF(item);
            FY_DECREF(it);
            if (fy_err_matches(&fy_TypeError)) {
                fy_err_clear();
                fy_err_format(&fy_TypeError, "cannot convert dictionary update sequence element #%lld to a sequence",
                              (long long)n);
            }
            return -1;
        }
        FY_DECREF(item);
        if (FY_TUPLE_N(pair) != 2) {
            fy_err_format(&fy_ValueError, "dictionary update sequence element #%lld has length %lld; 2 is required",
                          (long long)n, (long long)FY_TUPLE_N(pair));
            FY_DECREF(pair);
            FY_DECREF(it);
            return -1;
        }
        int r = fy_dict_set(d, FY_TUPLE_ITEMS(pair)[0], FY_TUPLE_ITEMS(pair)[1]);
        FY_DECREF(pair);
        if (r < 0) {
            FY_DECREF(it);
            return -1;
        }
        n++;
    }
    FY_DECREF(it);
    return fy_err_occurred() ? -1 : 0;
}

/* ------------------------------------------------------------------ slots */

static void dict_dealloc(fy_obj *o) { fy_dict_clear(o); }
static int dict_traverse(fy_obj *o, fy_visitfn v, void *a) {
    fy_dict *d = D(o);
    for (int64_t i = 0; i < d->nentries; i++)
        if (d->entries[i].key && (v(d->entries[i].key, a) || v(d->entries[i].value, a))) return 1;
    return 0;
}

static fy_obj *dict_repr(fy_obj *o) {
    int rec = fy_repr_enter(o);
    if (rec < 0) return NULL;
    if (rec) return fy_str_from_cstr("{...}");
    fy_sbuf b = {0};
    fy_sbuf_addc(&b, '{');
    int64_t pos = 0, i = 0;
    fy_obj *k, *v;
    while (fy_dict_next(o, &pos, &k, &v)) {
        if (i++) fy_sbuf_adds(&b, ", ");
        FY_INCREF(k);
        FY_INCREF(v);
        int r = fy_sbuf_add_repr(&b, k);
        if (r == 0) {
            fy_sbuf_adds(&b, ": ");
            r = fy_sbuf_add_repr(&b, v);
        }
        FY_DECREF(k);
        FY_DECREF(v);
        if (r < 0) {
            fy_sbuf_free(&b);
            fy_repr_leave(o);
            return NULL;
        }
    }
    fy_sbuf_addc(&b, '}');
    fy_repr_leave(o);
    return fy_sbuf_finish(&b);
}

static int64_t dict_len(fy_obj *o) { return D(o)->used; }

static fy_obj *dict_getitem(fy_obj *o, fy_obj *key) {
    fy_obj *v = fy_dict_get(o, key);
    if (v) return fy_ref(v);
    if (fy_err_occurred()) return NULL;
    if (FY_TYPE(o) != &fy_dict_type) {
        fy_obj *m = fy_type_lookup(FY_TYPE(o), fy_intern("__missing__"));
        if (m) return fy_call2(m, o, key);
    }
    return fy_err_set_obj(&fy_KeyError, key);
}

static int dict_setitem(fy_obj *o, fy_obj *key, fy_obj *v) {
    if (v) return fy_dict_set(o, key, v);
    int r = fy_dict_del(o, key);
    if (r == 1) {
        fy_err_set_obj(&fy_KeyError, key);
        return -1;
    }
    return r;
}

static int dict_contains(fy_obj *o, fy_obj *key) {
    fy_obj *v = fy_dict_get(o, key);
    if (v) return 1;
    return fy_err_occurred() ? -1 : 0;
}

static fy_obj *dict_richcmp(fy_obj *a, fy_obj *b, int op) {
    if (!FY_DICT_CHECK(b) || (op != FY_EQ_OP && op != FY_NE_OP)) return fy_ref(fy_NotImplemented);
    bool eq = D(a)->used == D(b)->used;
    int64_t pos = 0;
    fy_obj *k, *v;
    while (eq && fy_dict_next(a, &pos, &k, &v)) {
        fy_obj *w = fy_dict_get(b, k);
        if (!w) {
            if (fy_err_occurred()) return NULL;
            eq = false;
            break;
        }
        FY_INCREF(v);
        FY_INCREF(w);
        int r = fy_eq(v, w);
        FY_DECREF(v);
        FY_DECREF(w);
        if (r < 0) return NULL;
        if (!r) eq = false;
    }
    return fy_bool(op == FY_EQ_OP ? eq : !eq);
}

/* iterators and views */
typedef struct {
    fy_obj h;
    fy_obj *d;
    int64_t pos;
    int64_t used;
    int kind;
} dictiter;
enum { DK_KEYS, DK_VALUES, DK_ITEMS };
static fy_obj *dictiter_next(fy_obj *o) {
    dictiter *it = (dictiter *)o;
    if (!it->d) return NULL;
    if (D(it->d)->used != it->used) {
        it->used = -1;
        return fy_err_set(&fy_RuntimeError, "dictionary changed size during iteration");
    }
    fy_obj *k, *v;
    if (!fy_dict_next(it->d, &it->pos, &k, &v)) {
        FY_CLEAR(it->d);
        return NULL;
    }
    if (it->kind == DK_KEYS) return fy_ref(k);
    if (it->kind == DK_VALUES) return fy_ref(v);
    return fy_tuple_pack(2, k, v);
}
static void dictiter_dealloc(fy_obj *o) { FY_XDECREF(((dictiter *)o)->d); }
static int dictiter_traverse(fy_obj *o, fy_visitfn v, void *a) {
    return ((dictiter *)o)->d ? v(((dictiter *)o)->d, a) : 0;
}
static fy_obj *self_iter(fy_obj *o) { return fy_ref(o); }
fy_type fy_dictiter_type = {FY_TYPE_INIT("dict_keyiterator", sizeof(dictiter)),
                            .flags = FY_TPF_GC,
                            .dealloc = dictiter_dealloc,
                            .traverse = dictiter_traverse,
                            .iter = self_iter,
                            .next = dictiter_next};
static fy_obj *dictiter_new(fy_obj *d, int kind) {
    dictiter *it = (dictiter *)fy_alloc(&fy_dictiter_type);
    if (!it) return NULL;
    it->d = fy_ref(d);
    it->used = D(d)->used;
    it->kind = kind;
    return &it->h;
}
static fy_obj *dict_iter(fy_obj *o) { return dictiter_new(o, DK_KEYS); }

typedef struct {
    fy_obj h;
    fy_obj *d;
} dictview;
static void view_dealloc(fy_obj *o) { FY_XDECREF(((dictview *)o)->d); }
static int view_traverse(fy_obj *o, fy_visitfn v, void *a) { return v(((dictview *)o)->d, a); }
static int64_t view_len(fy_obj *o) { return D(((dictview *)o)->d)->used; }
static fy_obj *keys_iter(fy_obj *o) { return dictiter_new(((dictview *)o)->d, DK_KEYS); }
static fy_obj *values_iter(fy_obj *o) { return dictiter_new(((dictview *)o)->d, DK_VALUES); }
static fy_obj *items_iter(fy_obj *o) { return dictiter_new(((dictview *)o)->d, DK_ITEMS); }
static fy_obj *view_repr(fy_obj *o) {
    fy_obj *l = fy_sequence_list(o);
    if (!l) return NULL;
    fy_obj *r = fy_str_printf("%s(%R)", o->type->name, l);
    FY_DECREF(l);
    return r;
}
static int keys_contains(fy_obj *o, fy_obj *k) { return dict_contains(((dictview *)o)->d, k); }
static int items_contains(fy_obj *o, fy_obj *kv) {
    if (!FY_TUPLE_CHECK(kv) || FY_TUPLE_N(kv) != 2) return 0;
    fy_obj *v = fy_dict_get(((dictview *)o)->d, FY_TUPLE_ITEMS(kv)[0]);
    if (!v) return fy_err_occurred() ? -1 : 0;
    return fy_eq(v, FY_TUPLE_ITEMS(kv)[1]);
}
static fy_obj *view_setop(fy_obj *a, fy_obj *b, int op) {
    fy_obj *sa = fy_set_new(a);
    if (!sa) return NULL;
    fy_obj *sb = fy_set_new(b);
    if (!sb) {
        FY_DECREF(sa);
        return NULL;
    }
    fy_obj *r = fy_binop(sa, sb, op);
    FY_DECREF(sa);
    FY_DECREF(sb);
    return r;
}
static fy_obj *view_and(fy_obj *a, fy_obj *b) { return view_setop(a, b, FY_NB_AND); }
static fy_obj *view_or(fy_obj *a, fy_obj *b) { return view_setop(a, b, FY_NB_OR); }
static fy_obj *view_sub(fy_obj *a, fy_obj *b) { return view_setop(a, b, FY_NB_SUB); }
static fy_obj *view_xor(fy_obj *a, fy_obj *b) { return view_setop(a, b, FY_NB_XOR); }
static fy_obj *view_richcmp(fy_obj *a, fy_obj *b, int op) {
    if (FY_TYPE(a) == &fy_dict_values_type) return fy_ref(fy_NotImplemented);
    if (FY_TYPE(b) != FY_TYPE(a) && !FY_ANYSET_CHECK(b)) return fy_ref(fy_NotImplemented);
    fy_obj *sa = fy_set_new(a);
    if (!sa) return NULL;
    fy_obj *sb = fy_set_new(b);
    if (!sb) {
        FY_DECREF(sa);
        return NULL;
    }
    fy_obj *r = fy_richcmp(sa, sb, op);
    FY_DECREF(sa);
    FY_DECREF(sb);
    return r;
}
static fy_obj *view_mapping(fy_obj *o) { return fy_ref(((dictview *)o)->d); }
static fy_getsetdef view_getsets[] = {{"mapping", view_mapping, NULL, NULL}, {NULL}};
/* reversed(view): the view's items in reverse insertion order */
static fy_obj *view_reversed(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    fy_obj *l = fy_sequence_list(self);
    if (!l) return NULL;
    fy_obj **it = FY_LIST_ITEMS(l);
    for (int64_t i = 0, j = FY_LIST_N(l) - 1; i < j; i++, j--) {
        fy_obj *t = it[i];
        it[i] = it[j];
        it[j] = t;
    }
    fy_obj *r = fy_iter(l);
    FY_DECREF(l);
    return r;
}
static fy_methoddef view_methods[] = {{"__reversed__", view_reversed, 0, NULL}, {NULL}};
#define VIEW_TYPE(var, NAME, ITER, CONT, EXTRA) \
    fy_type var = {FY_TYPE_INIT(NAME, sizeof(dictview)), \
                   .flags = FY_TPF_GC, \
                   .dealloc = view_dealloc, \
                   .traverse = view_traverse, \
                   .len = view_len, \
                   .iter = ITER, \
                   .repr = view_repr, \
                   .contains = CONT, \
                   .getsets = view_getsets, \
                   .methods = view_methods, \
                   EXTRA};
#define SETOPS \
    .nb = {[FY_NB_AND] = view_and, [FY_NB_OR] = view_or, [FY_NB_SUB] = view_sub, [FY_NB_XOR] = view_xor}, \
    .richcmp = view_richcmp
VIEW_TYPE(fy_dict_keys_type, "dict_keys", keys_iter, keys_contains, SETOPS)
VIEW_TYPE(fy_dict_values_type, "dict_values", values_iter, NULL, .richcmp = NULL)
VIEW_TYPE(fy_dict_items_type, "dict_items", items_iter, items_contains, SETOPS)

static fy_obj *make_view(fy_obj *d, fy_type *t) {
    dictview *v = (dictview *)fy_alloc(t);
    if (!v) return NULL;
    v->d = fy_ref(d);
    return &v->h;
}

#define METH(name) static fy_obj *name(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw)
METH(dict_keys) { return make_view(self, &fy_dict_keys_type); }
METH(dict_values) { return make_view(self, &fy_dict_values_type); }
METH(dict_items) { return make_view(self, &fy_dict_items_type); }
METH(dict_get_m) {
    if (fy_check_nargs("get", nargs, 1, 2) < 0) return NULL;
    fy_obj *v = fy_dict_get(self, args[0]);
    if (v) return fy_ref(v);
    if (fy_err_occurred()) return NULL;
    return fy_ref(nargs > 1 ? args[1] : fy_None);
}
METH(dict_setdefault) {
    if (fy_check_nargs("setdefault", nargs, 1, 2) < 0) return NULL;
    fy_obj *v = fy_dict_get(self, args[0]);
    if (v) return fy_ref(v);
    if (fy_err_occurred()) return NULL;
    fy_obj *d = nargs > 1 ? args[1] : fy_None;
    if (fy_dict_set(self, args[0], d) < 0) return NULL;
    return fy_ref(d);
}
METH(dict_pop) {
    if (fy_check_nargs("pop", nargs, 1, 2) < 0) return NULL;
    fy_obj *v = fy_dict_get(self, args[0]);
    if (!v) {
        if (fy_err_occurred()) return NULL;
        if (nargs > 1) return fy_ref(args[1]);
        return fy_err_set_obj(&fy_KeyError, args[0]);
    }
    FY_INCREF(v);
    if (fy_dict_del(self, args[0]) < 0) {
        FY_DECREF(v);
        return NULL;
    }
    return v;
}
METH(dict_popitem) {
    fy_dict *d = D(self);
    for (int64_t i = d->nentries - 1; i >= 0; i--) {
        if (!d->entries[i].key) continue;
        fy_obj *t = fy_tuple_pack(2, d->entries[i].key, d->entries[i].value);
        if (!t || fy_dict_del(self, d->entries[i].key) < 0) {
            FY_XDECREF(t);
            return NULL;
        }
        d->nentries = i;
        return t;
    }
    return fy_err_set(&fy_KeyError, "popitem(): dictionary is empty");
}
METH(dict_update_m) {
    if (fy_check_nargs("update", nargs, 0, 1) < 0) return NULL;
    if (nargs && fy_dict_update(self, args[0]) < 0) return NULL;
    for (size_t i = 0; i < fy_kwcount(kw); i++)
        if (fy_dict_set(self, FY_TUPLE_ITEMS(kw)[i], args[nargs + i]) < 0) return NULL;
    return fy_none();
}
METH(dict_clear_m) {
    fy_dict_clear(self);
    return fy_none();
}
METH(dict_copy_m) { return fy_dict_copy(self); }
METH(dict_fromkeys) {
    if (fy_check_nargs("fromkeys", nargs, 1, 2) < 0) return NULL;
    fy_obj *d = fy_call0(self);
    if (!d) return NULL;
    fy_obj *it = fy_iter(args[0]);
    if (!it) {
        FY_DECREF(d);
        return NULL;
    }
    fy_obj *k;
    while ((k = fy_iter_next(it))) {
        int r = fy_setitem(d, k, nargs > 1 ? args[1] : fy_None);
        FY_DECREF(k);
        if (r < 0) {
            FY_DECREF(it);
            FY_DECREF(d);
            return NULL;
        }
    }
    FY_DECREF(it);
    if (fy_err_occurred()) {
        FY_DECREF(d);
        return NULL;
    }
    return d;
}
METH(dict_reversed) {
    fy_obj *l = fy_dict_keys_list(self);
    if (!l) return NULL;
    fy_obj **it = FY_LIST_ITEMS(l);
    for (int64_t i = 0, j = FY_LIST_N(l) - 1; i < j; i++, j--) {
        fy_obj *t = it[i];
        it[i] = it[j];
        it[j] = t;
    }
    fy_obj *r = fy_iter(l);
    FY_DECREF(l);
    return r;
}
static fy_obj *dict_or(fy_obj *a, fy_obj *b) {
    if (!FY_DICT_CHECK(a) || !FY_DICT_CHECK(b)) return fy_ref(fy_NotImplemented);
    fy_obj *r = fy_dict_copy(a);
    if (r && fy_dict_update(r, b) < 0) {
        FY_DECREF(r);
        return NULL;
    }
    return r;
}
static fy_obj *dict_ior(fy_obj *a, fy_obj *b) {
    if (fy_dict_update(a, b) < 0) return NULL;
    return fy_ref(a);
}

static fy_methoddef dict_methods[] = {
    {"keys", dict_keys, 0, "keys()\nA set-like object providing a view on the dict's keys."},
    {"values", dict_values, 0, "values()"},
    {"items", dict_items, 0, "items()"},
    {"get", dict_get_m, 0,
     "get(key, default=None, /)\nReturn the value for key if key is in the dictionary, else default."},
    {"setdefault", dict_setdefault, 0, "setdefault(key, default=None, /)"},
    {"pop", dict_pop, 0, "pop(key[, default])"},
    {"popitem", dict_popitem, 0, "popitem()"},
    {"update", dict_update_m, 0, "update([E, ]**F)"},
    {"clear", dict_clear_m, 0, "clear()"},
    {"copy", dict_copy_m, 0, "copy()"},
    {"fromkeys", dict_fromkeys, FY_METH_CLASS, "fromkeys(iterable, value=None, /)"},
    {"__reversed__", dict_reversed, 0, NULL},
    {NULL}};

static fy_obj *dict_new_slot(fy_type *t, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    fy_obj *d = fy_alloc(t);
    if (d) D(d)->version = ++fy_dict_version_counter;
    return d;
}
static int dict_init(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    if (nargs > 1) {
        fy_err_format(&fy_TypeError, "dict expected at most 1 argument, got %zu", nargs);
        return -1;
    }
    if (nargs && fy_dict_update(self, args[0]) < 0) return -1;
    for (size_t i = 0; i < fy_kwcount(kw); i++)
        if (fy_dict_set(self, FY_TUPLE_ITEMS(kw)[i], args[nargs + i]) < 0) return -1;
    return 0;
}

fy_type fy_dict_type = {
    FY_TYPE_INIT("dict", sizeof(fy_dict)),
    .doc = "dict() -> new empty dictionary\ndict(mapping) -> new dictionary initialized from a mapping object's (key, "
           "value) pairs\n"
           "dict(iterable) -> new dictionary initialized as if via: d = {} for k, v in iterable: d[k] = v\n"
           "dict(**kwargs) -> new dictionary initialized with the name=value pairs",
    .flags = FY_TPF_BASETYPE | FY_TPF_GC | FY_TPF_DICT_SUB,
    .dealloc = dict_dealloc,
    .traverse = dict_traverse,
    .clear = fy_dict_clear,
    .new_ = dict_new_slot,
    .init = dict_init,
    .repr = dict_repr,
    .richcmp = dict_richcmp,
    .len = dict_len,
    .getitem = dict_getitem,
    .setitem = dict_setitem,
    .contains = dict_contains,
    .iter = dict_iter,
    .nb = {[FY_NB_OR] = dict_or},
    .inb = {[FY_NB_OR] = dict_ior},
    .methods = dict_methods,
};

/* obj_set.c - set and frozenset. The probing (linear runs, then perturbed jumps) and resize
 * policy follow CPython's documented behaviour so iteration order of int sets matches. */
#include <string.h>
#include "exec/interp.h"
#include "objects/object.h"
#include "objects/objects_int.h"

#define SET(o) ((fy_set *)(o))
#define MINSIZE 8
#define LINEAR_PROBES 9
static fy_obj dummy_s = {FY_IMMORTAL_RC, &fy_none_type};
#define DUMMY (&dummy_s)

static int set_init_table(fy_set *s) {
    s->table = fy_calloc(MINSIZE, sizeof(fy_set_entry));
    if (!s->table) return -1;
    s->mask = MINSIZE - 1;
    s->fill = s->used = 0;
    return 0;
}

static void insert_clean(fy_set_entry *table, uint64_t mask, fy_obj *key, int64_t hash) {
    uint64_t perturb = (uint64_t)hash, i = (uint64_t)hash & mask;
    for (;;) {
        fy_set_entry *e = &table[i];
        if (!e->key) goto found;
        if (i + LINEAR_PROBES <= mask) {
            for (int j = 0; j < LINEAR_PROBES; j++) {
                e++;
                if (!e->key) goto found;
            }
        }
        perturb >>= 5;
        i = (i * 5 + 1 + perturb) & mask;
        continue;
    found:
        e->key = key;
        e->hash = hash;
        return;
    }
}

static int set_resize(fy_set *s, int64_t minused) {
    int64_t newsize = MINSIZE;
    while (newsize <= minused) newsize <<= 1;
    fy_set_entry *nt = fy_calloc(newsize, sizeof(fy_set_entry));
    if (!nt) return -1;
    fy_set_entry *old = s->table;
    int64_t oldsize = s->mask + 1;
    for (int64_t i = 0; i < oldsize; i++)
        if (old[i].key && old[i].key != DUMMY) insert_clean(nt, newsize - 1, old[i].key, old[i].hash);
    fy_free(old);
    s->table = nt;
    s->mask = newsize - 1;
    s->fill = s->used;
    return 0;
}

/* Find key: returns the entry or NULL (not found); *err set on comparison error. */
static fy_set_entry *set_lookup(fy_set *s, fy_obj *key, int64_t hash, int *err) {
    *err = 0;
    if (!s->table) return NULL;
restart:;
    fy_set_entry *table = s->table;
    uint64_t mask = s->mask, perturb = (uint64_t)hash, i = (uint64_t)hash & mask;
    for (;;) {
        fy_set_entry *e = &table[i];
        int probes = (i + LINEAR_PROBES <= mask) ? LINEAR_PROBES : 0;
        do {
            if (e->hash == 0 && !e->key) return NULL;
            if (e->hash == hash && e->key != DUMMY) {
                fy_obj *k = e->key;
                if (k == key) return e;
                if (FY_TYPE(k) == &fy_str_type && FY_TYPE(key) == &fy_str_type) {
                    if (fy_str_eq(k, key)) return e;
                } else {
                    FY_INCREF(k);
                    int r = fy_eq(k, key);
                    FY_DECREF(k);
                    if (r < 0) {
                        *err = 1;
                        return NULL;
                    }
                    if (table != s->table || e->key != k) goto restart;
                    if (r) return e;
                }
            }
            e++;
        } while (probes--);
        perturb >>= 5;
        i = (i * 5 + 1 + perturb) & mask;
    }
}

static int set_add_hashed(fy_set *s, fy_obj *key, int64_t hash) {
    if (!s->table && set_init_table(s) < 0) return -1;
restart:;
    fy_set_entry *table = s->table;
    uint64_t mask = s->mask, perturb = (uint64_t)hash, i = (uint64_t)hash & mask;
    fy_set_entry *e;
    for (;;) {
        e = &table[i];
        int probes = (i + LINEAR_PROBES <= mask) ? LINEAR_PROBES : 0;
        do {
            if (e->hash == 0 && !e->key) goto found_unused;
            if (e->hash == hash && e->key != DUMMY) {
                fy_obj *k = e->key;
                if (k == key) return 0;
                int r;
                if (FY_TYPE(k) == &fy_str_type && FY_TYPE(key) == &fy_str_type) r = fy_str_eq(k, key);
                else {
                    FY_INCREF(k);
                    r = fy_eq(k, key);
                    FY_DECREF(k);
                    if (r < 0) return -1;
                    if (table != s->table || e->key != k) goto restart;
                }
                if (r) return 0;
            }
            e++;
        } while (probes--);
        perturb >>= 5;
        i = (i * 5 + 1 + perturb) & mask;
    }
found_unused:
    s->fill++;
    s->used++;
    e->key = fy_ref(key);
    e->hash = hash;
    if (s->fill * 5 < (int64_t)mask * 3) return 0;
    return set_resize(s, s->used > 50000 ? s->used * 2 : s->used * 4);
}

int fy_set_add(fy_obj *o, fy_obj *key) {
    int64_t h = fy_hash(key);
    if (h == -1) return -1;
    return set_add_hashed(SET(o), key, h);
}

int fy_set_contains(fy_obj *o, fy_obj *key) {
    int64_t h = fy_hash(key);
    if (h == -1) {
        if (FY_ANYSET_CHECK(key) && fy_err_matches(&fy_TypeError)) {
            /* a set is looked up as the equal frozenset */
            fy_err_clear();
            fy_obj *f = fy_frozenset_new(key);
            if (!f) return -1;
            int r = fy_set_contains(o, f);
            FY_DECREF(f);
            return r;
        }
        return -1;
    }
    int err;
    fy_set_entry *e = set_lookup(SET(o), key, h, &err);
    if (err) return -1;
    return e != NULL;
}

int fy_set_discard(fy_obj *o, fy_obj *key) {
    int64_t h = fy_hash(key);
    if (h == -1) return -1;
    int err;
    fy_set_entry *e = set_lookup(SET(o), key, h, &err);
    if (err) return -1;
    if (!e) return 0;
    fy_obj *k = e->key;
    e->key = DUMMY;
    e->hash = -1;
    SET(o)
    ->used--;
    FY_DECREF(k);
    return 1;
}

bool fy_set_next(fy_obj *o, int64_t *pos, fy_obj **key) {
    fy_set *s = SET(o);
    if (!s->table) return false;
    while (*pos <= s->mask) {
        fy_set_entry *e = &s->table[(*pos)++];
        if (e->key && e->key != DUMMY) {
            *key = e->key;
            return true;
        }
    }
    return false;
}

static int set_merge_set(fy_set *s, fy_set *other) {
    if (!other->used) return 0;
    if (!s->table && set_init_table(s) < 0) return -1;
    if ((s->fill + other->used) * 5 >= s->mask * 3)
        if (set_resize(s, (s->used + other->used) * 2) < 0) return -1;
    if (s->fill == 0 && s->mask == other->mask) {
        for (int64_t i = 0; i <= other->mask; i++) {
            fy_set_entry *e = &other->table[i];
            if (e->key && e->key != DUMMY) {
                s->table[i].key = fy_ref(e->key);
                s->table[i].hash = e->hash;
            }
        }
        s->fill = s->used = other->used;
        return 0;
    }
    for (int64_t i = 0; i <= other->mask; i++) {
        fy_set_entry *e = &other->table[i];
        if (e->key && e->key != DUMMY && set_add_hashed(s, e->key, e->hash) < 0) return -1;
    }
    return 0;
}

int fy_set_update(fy_obj *o, fy_obj *iterable) {
    if (FY_ANYSET_CHECK(iterable)) return set_merge_set(SET(o), SET(iterable));
    if (FY_DICT_CHECK(iterable)) {
        int64_t pos = 0;
        fy_obj *k;
        while (fy_dict_next(iterable, &pos, &k, NULL))
            if (set_add_hashed(SET(o), k, ((fy_dict *)iterable)->entries[pos - 1].hash) < 0) return -1;
        return 0;
    }
    fy_obj *it = fy_iter(iterable);
    if (!it) return -1;
    fy_obj *x;
    while ((x = fy_iter_next(it))) {
        int r = fy_set_add(o, x);
        FY_DECREF(x);
        if (r < 0) {
            FY_DECREF(it);
            return -1;
        }
    }
    FY_DECREF(it);
    return fy_err_occurred() ? -1 : 0;
}

static fy_obj *make_set(fy_type *t, fy_obj *iterable) {
    fy_obj *s = fy_alloc(t);
    if (!s) return NULL;
    if (iterable && fy_set_update(s, iterable) < 0) {
        FY_DECREF(s);
        return NULL;
    }
    SET(s)
    ->hash = -1;
    return s;
}
fy_obj *fy_set_new(fy_obj *iterable) { return make_set(&fy_set_type, iterable); }
fy_obj *fy_frozenset_new(fy_obj *iterable) { return make_set(&fy_frozenset_type, iterable); }

static void set_dealloc(fy_obj *o) {
    fy_set *s = SET(o);
    if (!s->table) return;
    for (int64_t i = 0; i <= s->mask; i++)
        if (s->table[i].key && s->table[i].key != DUMMY) FY_DECREF(s->table[i].key);
    fy_free(s->table);
    s->table = NULL;
}
static void set_clear_slot(fy_obj *o) {
    fy_set *s = SET(o);
    fy_set_entry *t = s->table;
    int64_t m = s->mask;
    s->table = NULL;
    s->fill = s->used = s->mask = 0;
    if (!t) return;
    for (int64_t i = 0; i <= m; i++)
        if (t[i].key && t[i].key != DUMMY) FY_DECREF(t[i].key);
    fy_free(t);
}
static int set_traverse(fy_obj *o, fy_visitfn v, void *a) {
    int64_t pos = 0;
    fy_obj *k;
    while (fy_set_next(o, &pos, &k))
        if (v(k, a)) return 1;
    return 0;
}
static int64_t set_len(fy_obj *o) {
    return SET(o)
    ->used;
}
static int set_contains_slot(fy_obj *o, fy_obj *k) { return fy_set_contains(o, k); }

static fy_obj *set_repr(fy_obj *o) {
    bool frozen = FY_TYPE(o) != &fy_set_type && fy_isinstance_of(o, &fy_frozenset_type);
    bool sub = FY_TYPE(o) != &fy_set_type && FY_TYPE(o) != &fy_frozenset_type;
    if (!SET(o)->used) return fy_str_printf("%s()", o->type->name);
    int rec = fy_repr_enter(o);
    if (rec < 0) return NULL;
    if (rec) return fy_str_printf("%s(...)", o->type->name);
    fy_sbuf b = {0};
    if (frozen || sub) fy_sbuf_printf(&b, "%s(", o->type->name);
    fy_sbuf_addc(&b, '{');
    int64_t pos = 0, i = 0;
    fy_obj *k;
    while (fy_set_next(o, &pos, &k)) {
        if (i++) fy_sbuf_adds(&b, ", ");
        if (fy_sbuf_add_repr(&b, k) < 0) {
            fy_sbuf_free(&b);
            fy_repr_leave(o);
            return NULL;
        }
    }
    fy_sbuf_addc(&b, '}');
    if (frozen || sub) fy_sbuf_addc(&b, ')');
    fy_repr_leave(o);
    return fy_sbuf_finish(&b);
}

/* is every element of a in b? */
static int subset(fy_obj *a, fy_obj *b) {
    if (SET(a)->used > SET(b)->used) return 0;
    int64_t pos = 0;
    fy_obj *k;
    while (fy_set_next(a, &pos, &k)) {
        int r = fy_set_contains(b, k);
        if (r <= 0) return r;
    }
    return 1;
}

static fy_obj *set_richcmp(fy_obj *a, fy_obj *b, int op) {
    if (!FY_ANYSET_CHECK(b)) return fy_ref(fy_NotImplemented);
    int64_t na = SET(a)
    ->used, nb = SET(b)
    ->used;
    int r;
    switch (op) {
    case FY_EQ_OP:
    case FY_NE_OP:
        r = na == nb ? subset(a, b) : 0;
        if (r < 0) return NULL;
        return fy_bool(op == FY_EQ_OP ? r : !r);
    case FY_LE_OP: r = subset(a, b); break;
    case FY_GE_OP: r = subset(b, a); break;
    case FY_LT_OP: r = na < nb ? subset(a, b) : 0; break;
    default: r = na > nb ? subset(b, a) : 0; break;
    }
    if (r < 0) return NULL;
    return fy_bool(r);
}

static int64_t frozenset_hash(fy_obj *o) {
    fy_set *s = SET(o);
    if (s->hash != -1) return s->hash;
    uint64_t h = 0;
    int64_t pos = 0;
    fy_obj *k;
    while (fy_set_next(o, &pos, &k)) {
        uint64_t x = (uint64_t)s->table[pos - 1].hash;
        h ^= ((x ^ 89869747ULL) ^ (x << 16)) * 3644798167ULL;
    }
    h ^= ((uint64_t)s->used + 1) * 1927868237ULL;
    h = h * 69069U + 907133923ULL;
    int64_t r = (int64_t)h;
    if (r == -1) r = 590923713;
    s->hash = r;
    return r;
}

typedef struct {
    fy_obj h;
    fy_obj *s;
    int64_t pos, used;
} setiter;
static fy_obj *setiter_next(fy_obj *o) {
    setiter *it = (setiter *)o;
    if (!it->s) return NULL;
    if (SET(it->s)->used != it->used) {
        it->used = -1;
        return fy_err_set(&fy_RuntimeError, "Set changed size during iteration");
    }
    fy_obj *k;
    if (!fy_set_next(it->s, &it->pos, &k)) {
        FY_CLEAR(it->s);
        return NULL;
    }
    return fy_ref(k);
}
static void setiter_dealloc(fy_obj *o) { FY_XDECREF(((setiter *)o)->s); }
static int setiter_traverse(fy_obj *o, fy_visitfn v, void *a) {
    return ((setiter *)o)->s ? v(((setiter *)o)->s, a) : 0;
}
static fy_obj *self_iter(fy_obj *o) { return fy_ref(o); }
fy_type fy_setiter_type = {FY_TYPE_INIT("set_iterator", sizeof(setiter)),
                           .flags = FY_TPF_GC,
                           .dealloc = setiter_dealloc,
                           .traverse = setiter_traverse,
                           .iter = self_iter,
                           .next = setiter_next};
static fy_obj *set_iter(fy_obj *o) {
    setiter *it = (setiter *)fy_alloc(&fy_setiter_type);
    if (!it) return NULL;
    it->s = fy_ref(o);
    it->used = SET(o)
    ->used;
    return &it->h;
}

/* ------------------------------------------------------------------ algebra */

static fy_type *result_type(fy_obj *a) {
    return fy_isinstance_of(a, &fy_frozenset_type) ? &fy_frozenset_type : &fy_set_type;
}

static fy_obj *set_union2(fy_obj *a, fy_obj *b) {
    fy_obj *r = make_set(result_type(a), a);
    if (r && fy_set_update(r, b) < 0) {
        FY_DECREF(r);
        return NULL;
    }
    return r;
}
static fy_obj *set_inter2(fy_obj *a, fy_obj *b) {
    fy_obj *r = make_set(result_type(a), NULL);
    if (!r) return NULL;
    if (FY_ANYSET_CHECK(b)) {
        fy_obj *small = a, *big = b;
        if (SET(b)->used < SET(a)->used) {
            small = b;
            big = a;
        }
        int64_t pos = 0;
        fy_obj *k;
        while (fy_set_next(small, &pos, &k)) {
            int c = fy_set_contains(big, k);
            if (c < 0 || (c && set_add_hashed(SET(r), k, SET(small)->table[pos - 1].hash) < 0)) {
                FY_DECREF(r);
                return NULL;
            }
        }
        return r;
    }
    fy_obj *it = fy_iter(b);
    if (!it) {
        FY_DECREF(r);
        return NULL;
    }
    fy_obj *x;
    while ((x = fy_iter_next(it))) {
        int c = fy_set_contains(a, x);
        if (c < 0 || (c && fy_set_add(r, x) < 0)) {
            FY_DECREF(x);
            FY_DECREF(it);
            FY_DECREF(r);
            return NULL;
        }
        FY_DECREF(x);
    }
    FY_DECREF(it);
    if (fy_err_occurred()) {
        FY_DECREF(r);
        return NULL;
    }
    return r;
}
static fy_obj *set_diff2(fy_obj *a, fy_obj *b) {
    fy_obj *bs = FY_ANYSET_CHECK(b) ? fy_ref(b) : fy_set_new(b);
    if (!bs) return NULL;
    fy_obj *r = make_set(result_type(a), NULL);
    int64_t pos = 0;
    fy_obj *k;
    while (r && fy_set_next(a, &pos, &k)) {
        int c = fy_set_contains(bs, k);
        if (c < 0 || (!c && set_add_hashed(SET(r), k, SET(a)->table[pos - 1].hash) < 0)) { FY_CLEAR(r); }
    }
    FY_DECREF(bs);
    return r;
}
static fy_obj *set_symdiff2(fy_obj *a, fy_obj *b) {
    fy_obj *bs = FY_ANYSET_CHECK(b) ? fy_ref(b) : fy_set_new(b);
    if (!bs) return NULL;
    fy_obj *r = set_diff2(a, bs);
    fy_obj *r2 = r ? set_diff2(bs, a) : NULL;
    if (r2 && fy_set_update(r, r2) < 0) FY_CLEAR(r);
    FY_XDECREF(r2);
    FY_DECREF(bs);
    if (!r2) FY_CLEAR(r);
    return r;
}

#define BINOP(name, fn) \
    static fy_obj *name(fy_obj *a, fy_obj *b) { \
        if (!FY_ANYSET_CHECK(a) || !FY_ANYSET_CHECK(b)) return fy_ref(fy_NotImplemented); \
        return fn(a, b); \
    }
BINOP(set_or, set_union2)
BINOP(set_and, set_inter2)
BINOP(set_sub, set_diff2)
BINOP(set_xor, set_symdiff2)

static fy_obj *replace_contents(fy_obj *a, fy_obj *r) {
    if (!r) return NULL;
    fy_set tmp = *SET(a);
    SET(a)
    ->table = SET(r)
    ->table;
    SET(a)
    ->fill = SET(r)
    ->fill;
    SET(a)
    ->used = SET(r)
    ->used;
    SET(a)
    ->mask = SET(r)
    ->mask;
    SET(r)
    ->table = tmp.table;
    SET(r)
    ->fill = tmp.fill;
    SET(r)
    ->used = tmp.used;
    SET(r)
    ->mask = tmp.mask;
    FY_DECREF(r);
    return fy_ref(a);
}
static fy_obj *set_ior(fy_obj *a, fy_obj *b) {
    if (!FY_ANYSET_CHECK(b)) return fy_ref(fy_NotImplemented);
    if (fy_set_update(a, b) < 0) return NULL;
    return fy_ref(a);
}
static fy_obj *set_iand(fy_obj *a, fy_obj *b) {
    if (!FY_ANYSET_CHECK(b)) return fy_ref(fy_NotImplemented);
    return replace_contents(a, set_inter2(a, b));
}
static fy_obj *set_isub(fy_obj *a, fy_obj *b) {
    if (!FY_ANYSET_CHECK(b)) return fy_ref(fy_NotImplemented);
    return replace_contents(a, set_diff2(a, b));
}
static fy_obj *set_ixor(fy_obj *a, fy_obj *b) {
    if (!FY_ANYSET_CHECK(b)) return fy_ref(fy_NotImplemented);
    return replace_contents(a, set_symdiff2(a, b));
}

#define METH(name) static fy_obj *name(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw)
METH(m_add) {
    if (fy_check_nargs("add", nargs, 1, 1) < 0 || fy_set_add(self, args[0]) < 0) return NULL;
    return fy_none();
}
METH(m_discard) {
    if (fy_check_nargs("discard", nargs, 1, 1) < 0 || fy_set_discard(self, args[0]) < 0) return NULL;
    return fy_none();
}
METH(m_remove) {
    if (fy_check_nargs("remove", nargs, 1, 1) < 0) return NULL;
    int r = fy_set_discard(self, args[0]);
    if (r < 0) return NULL;
    if (!r) return fy_err_set_obj(&fy_KeyError, args[0]);
    return fy_none();
}
METH(m_pop) {
    fy_set *s = SET(self);
    if (!s->used) return fy_err_set(&fy_KeyError, "pop from an empty set");
    for (int64_t i = 0; i <= s->mask; i++) {
        fy_set_entry *e = &s->table[i];
        if (e->key && e->key != DUMMY) {
            fy_obj *k = e->key;
            e->key = DUMMY;
            e->hash = -1;
            s->used--;
            return k;
        }
    }
    return fy_err_set(&fy_KeyError, "pop from an empty set");
}
METH(m_clear) {
    set_clear_slot(self);
    return fy_none();
}
METH(m_copy) { return make_set(result_type(self), self); }
static fy_obj *inplace_done(fy_obj *r) {
    if (!r) return NULL;
    FY_DECREF(r);
    return fy_none();
}
#define MULTI(name, fn, inplace) \
    METH(name) { \
        fy_obj *acc = fy_ref(self); \
        for (size_t i = 0; i < nargs; i++) { \
            fy_obj *r = fn(acc, args[i]); \
            FY_DECREF(acc); \
            if (!r) return NULL; \
            acc = r; \
        } \
        if (inplace) return inplace_done(replace_contents(self, acc)); \
        if (acc == self) { \
            FY_DECREF(acc); \
            return make_set(result_type(self), self); \
        } \
        return acc; \
    }
MULTI(m_union, set_union2, 0)
MULTI(m_intersection, set_inter2, 0)
MULTI(m_difference, set_diff2, 0)
MULTI(m_intersection_update, set_inter2, 1)
MULTI(m_difference_update, set_diff2, 1)
METH(m_symmetric_difference) {
    if (fy_check_nargs("symmetric_difference", nargs, 1, 1) < 0) return NULL;
    return set_symdiff2(self, args[0]);
}
METH(m_symmetric_difference_update) {
    if (fy_check_nargs("symmetric_difference_update", nargs, 1, 1) < 0) return NULL;
    fy_obj *r = replace_contents(self, set_symdiff2(self, args[0]));
    if (!r) return NULL;
    FY_DECREF(r);
    return fy_none();
}
METH(m_update) {
    for (size_t i = 0; i < nargs; i++)
        if (fy_set_update(self, args[i]) < 0) return NULL;
    return fy_none();
}
static fy_obj *as_set(fy_obj *o) { return FY_ANYSET_CHECK(o) ? fy_ref(o) : fy_set_new(o); }
METH(m_issubset) {
    if (fy_check_nargs("issubset", nargs, 1, 1) < 0) return NULL;
    fy_obj *o = as_set(args[0]);
    if (!o) return NULL;
    int r = subset(self, o);
    FY_DECREF(o);
    return r < 0 ? NULL : fy_bool(r);
}
METH(m_issuperset) {
    if (fy_check_nargs("issuperset", nargs, 1, 1) < 0) return NULL;
    fy_obj *o = as_set(args[0]);
    if (!o) return NULL;
    int r = subset(o, self);
    FY_DECREF(o);
    return r < 0 ? NULL : fy_bool(r);
}
METH(m_isdisjoint) {
    if (fy_check_nargs("isdisjoint", nargs, 1, 1) < 0) return NULL;
    fy_obj *r = set_inter2(self, args[0]);
    if (!r) return NULL;
    bool e = SET(r)
    ->used == 0;
    FY_DECREF(r);
    return fy_bool(e);
}

static fy_methoddef set_methods[] = {{"add", m_add, 0, "add(elem)\nAdd an element to a set."},
                                     {"discard", m_discard, 0, "discard(elem)"},
                                     {"remove", m_remove, 0, "remove(elem)"},
                                     {"pop", m_pop, 0, "pop()"},
                                     {"clear", m_clear, 0, "clear()"},
                                     {"copy", m_copy, 0, "copy()"},
                                     {"union", m_union, 0, "union(*others)"},
                                     {"intersection", m_intersection, 0, "intersection(*others)"},
                                     {"difference", m_difference, 0, "difference(*others)"},
                                     {"symmetric_difference", m_symmetric_difference, 0, "symmetric_difference(other)"},
                                     {"update", m_update, 0, "update(*others)"},
                                     {"intersection_update", m_intersection_update, 0, NULL},
                                     {"difference_update", m_difference_update, 0, NULL},
                                     {"symmetric_difference_update", m_symmetric_difference_update, 0, NULL},
                                     {"issubset", m_issubset, 0, "issubset(other)"},
                                     {"issuperset", m_issuperset, 0, "issuperset(other)"},
                                     {"isdisjoint", m_isdisjoint, 0, "isdisjoint(other)"},
                                     {NULL}};
static fy_methoddef frozenset_methods[] = {
    {"copy", m_copy, 0, "copy()"},
    {"union", m_union, 0, "union(*others)"},
    {"intersection", m_intersection, 0, "intersection(*others)"},
    {"difference", m_difference, 0, "difference(*others)"},
    {"symmetric_difference", m_symmetric_difference, 0, "symmetric_difference(other)"},
    {"issubset", m_issubset, 0, "issubset(other)"},
    {"issuperset", m_issuperset, 0, "issuperset(other)"},
    {"isdisjoint", m_isdisjoint, 0, "isdisjoint(other)"},
    {NULL}};

static fy_obj *set_new_slot(fy_type *t, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    fy_obj *s = fy_alloc(t);
    if (s) SET(s)
    ->hash = -1;
    return s;
}
static int set_init(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    if (FY_TYPE(self) == &fy_set_type && fy_no_kwargs("set", kw) < 0) return -1;
    if (nargs > 1) {
        fy_err_format(&fy_TypeError, "set expected at most 1 argument, got %zu", nargs);
        return -1;
    }
    set_clear_slot(self);
    return nargs ? fy_set_update(self, args[0]) : 0;
}
static fy_obj *frozenset_new_slot(fy_type *t, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    if (fy_no_kwargs("frozenset", kw) < 0) return NULL;
    if (nargs > 1) return fy_err_format(&fy_TypeError, "frozenset expected at most 1 argument, got %zu", nargs);
    if (nargs && FY_TYPE(args[0]) == &fy_frozenset_type && t == &fy_frozenset_type) return fy_ref(args[0]);
    return make_set(t, nargs ? args[0] : NULL);
}

#define SET_COMMON \
    .dealloc = set_dealloc, .traverse = set_traverse, .clear = set_clear_slot, .repr = set_repr, \
    .richcmp = set_richcmp, .len = set_len, .contains = set_contains_slot, .iter = set_iter, \
    .nb = {[FY_NB_OR] = set_or, [FY_NB_AND] = set_and, [FY_NB_SUB] = set_sub, [FY_NB_XOR] = set_xor}

fy_type fy_set_type = {
    FY_TYPE_INIT("set", sizeof(fy_set)),
    .doc = "set() -> new empty set object\nset(iterable) -> new set object",
    .flags = FY_TPF_GC,
    SET_COMMON,
    .inb = {[FY_NB_OR] = set_ior, [FY_NB_AND] = set_iand, [FY_NB_SUB] = set_isub, [FY_NB_XOR] = set_ixor},
    .new_ = set_new_slot,
    .init = set_init,
    .methods = set_methods,
};
fy_type fy_frozenset_type = {
    FY_TYPE_INIT("frozenset", sizeof(fy_set)),
    .doc = "frozenset() -> empty frozenset object\nfrozenset(iterable) -> frozenset object",
    .flags = FY_TPF_GC,
    SET_COMMON,
    .hash = frozenset_hash,
    .new_ = frozenset_new_slot,
    .methods = frozenset_methods,
};

/* obj_weakref.c - weak references: the weakref type and the side table from an object to its
 * weak references.
 *
 * Objects carry no weak-reference slot; instead a table keyed by address maps each object that
 * has weak references to a doubly linked list of them. Deallocation (obj_core.c) calls
 * fy_weakref_notify() while any object is in the table: the object's references go dead and
 * their callbacks run (with the pending exception saved), as in CPython. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "exec/interp.h"
#include "objects/object.h"
#include "objects/objects_int.h"

struct fy_weakref {
    fy_obj h;
    fy_obj *obj;      /* borrowed; NULL once dead */
    fy_obj *callback; /* or NULL */
    int64_t hash;     /* -1 until computed */
    struct fy_weakref *prev, *next;
};

/* ------------------------------------------------------------------ the side table */

typedef struct {
    fy_obj *key; /* NULL: empty; TOMB: deleted */
    fy_weakref *head;
} wslot;
#define TOMB ((fy_obj *)1)
static wslot *tab;
static size_t tcap, tused, tfill; /* capacity (power of 2), live keys, live + tombstones */
size_t fy_weakref_live;

static size_t slot_of(fy_obj *o) { return (size_t)(((uintptr_t)o >> 4) * 0x9E3779B97F4A7C15ull); }

static wslot *find(fy_obj *o) {
    if (!tcap) return NULL;
    for (size_t i = slot_of(o) & (tcap - 1);; i = (i + 1) & (tcap - 1)) {
        if (tab[i].key == o) return &tab[i];
        if (!tab[i].key) return NULL;
    }
}

static int grow(void) {
    size_t nc = tcap ? tcap * 2 : 64;
    while (tused * 2 >= nc) nc *= 2;
    wslot *n = calloc(nc, sizeof *n);
    if (!n) return -1;
    for (size_t i = 0; i < tcap; i++)
        if (tab[i].key && tab[i].key != TOMB) {
            size_t j = slot_of(tab[i].key) & (nc - 1);
            while (n[j].key) j = (j + 1) & (nc - 1);
            n[j] = tab[i];
        }
    free(tab);
    tab = n;
    tcap = nc;
    tfill = tused;
    return 0;
}

static int insert(fy_obj *o, fy_weakref *head) {
    if ((tfill + 1) * 2 > tcap && grow() < 0) return -1;
    size_t i = slot_of(o) & (tcap - 1);
    while (tab[i].key && tab[i].key != TOMB) i = (i + 1) & (tcap - 1);
    if (!tab[i].key) tfill++;
    tab[i].key = o;
    tab[i].head = head;
    tused++;
    fy_weakref_live = tused;
    return 0;
}

static void remove_slot(wslot *s) {
    s->key = TOMB;
    s->head = NULL;
    tused--;
    fy_weakref_live = tused;
}

/* Unlink r from its object's list (the object is alive). */
static void unlink_ref(fy_weakref *r) {
    wslot *s = find(r->obj);
    if (r->prev) r->prev->next = r->next;
    else if (s) s->head = r->next;
    if (r->next) r->next->prev = r->prev;
    r->prev = r->next = NULL;
    if (s && !s->head) remove_slot(s);
    r->obj = NULL;
}

void fy_weakref_notify(fy_obj *o) {
    wslot *s = find(o);
    if (!s) return;
    fy_weakref *head = s->head;
    remove_slot(s);
    /* every reference goes dead first; then the callbacks run in list order (newest first) */
    size_t n = 0;
    for (fy_weakref *r = head; r; r = r->next) n++;
    fy_weakref **cbs = n ? malloc(n * sizeof *cbs) : NULL;
    size_t k = 0;
    for (fy_weakref *r = head, *nx; r; r = nx) {
        nx = r->next;
        r->obj = NULL;
        r->prev = r->next = NULL;
        if (r->callback && cbs) cbs[k++] = (fy_weakref *)fy_ref(&r->h);
    }
    if (k && fy_cur) {
        fy_obj *saved = fy_err_fetch();
        for (size_t i = 0; i < k; i++) {
            fy_weakref *r = cbs[i];
            fy_obj *cb = r->callback;
            r->callback = NULL;
            fy_obj *arg = &r->h;
            fy_obj *res = fy_call(cb, &arg, 1, NULL);
            if (res) FY_DECREF(res);
            else {
                fy_obj *e = fy_err_fetch();
                fy_write_stderr("Exception ignored in a weakref callback\n", 40);
                FY_XDECREF(e);
            }
            FY_DECREF(cb);
            FY_DECREF(r);
        }
        k = 0;
        fy_err_restore(saved);
    }
    while (k) FY_DECREF(cbs[--k]);
    free(cbs);
}

/* ------------------------------------------------------------------ the type */

static bool referenceable(fy_obj *o) {
    fy_type *t = FY_TYPE(o);
    if (t->flags & FY_TPF_HEAP) return true;
    return t != &fy_int_type && t != &fy_bool_type && t != &fy_float_type && t != &fy_str_type && t != &fy_bytes_type &&
           t != &fy_tuple_type && t != &fy_list_type && t != &fy_dict_type && t != &fy_none_type;
}

/* A new reference of type t (the weakref type or a subclass) to o. */
static fy_obj *make_ref(fy_type *t, fy_obj *o, fy_obj *callback) {
    if (!referenceable(o))
        return fy_err_format(&fy_TypeError, "cannot create weak reference to '%s' object", FY_TYPE(o)->name);
    if (callback == fy_None) callback = NULL;
    wslot *s = find(o);
    /* plain references (no callback, not of a subclass) are shared, as in CPython; they are
     * kept first */
    if (t == &fy_weakref_type && !callback && s && s->head && !s->head->callback &&
        FY_TYPE(s->head) == &fy_weakref_type)
        return fy_ref(&s->head->h);
    fy_weakref *r = (fy_weakref *)fy_alloc(t);
    if (!r) return NULL;
    r->obj = o;
    r->callback = callback ? fy_ref(callback) : NULL;
    r->hash = -1;
    if (!s) {
        if (insert(o, r) < 0) {
            r->obj = NULL;
            FY_DECREF(r);
            return fy_err_nomem();
        }
    } else if (!callback || !s->head->callback) {
        /* a plain reference goes first; one with a callback after a plain head */
        fy_weakref *after = callback || t != &fy_weakref_type ? s->head : NULL;
        if (!after) {
            r->next = s->head;
            s->head->prev = r;
            s->head = r;
        } else {
            r->next = after->next;
            r->prev = after;
            if (after->next) after->next->prev = r;
            after->next = r;
        }
    } else {
        r->next = s->head;
        s->head->prev = r;
        s->head = r;
    }
    return &r->h;
}

fy_obj *fy_weakref_new(fy_obj *o, fy_obj *callback) { return make_ref(&fy_weakref_type, o, callback); }

fy_obj *fy_weakref_get(fy_obj *ref) {
    fy_weakref *r = (fy_weakref *)ref;
    return r->obj && r->obj->rc > 0 ? r->obj : NULL;
}

int64_t fy_weakref_count(fy_obj *o) {
    wslot *s = find(o);
    int64_t n = 0;
    for (fy_weakref *r = s ? s->head : NULL; r; r = r->next) n++;
    return n;
}

fy_obj *fy_weakref_list(fy_obj *o) {
    wslot *s = find(o);
    fy_obj *l = fy_list_new(0);
    for (fy_weakref *r = s ? s->head : NULL; l && r; r = r->next)
        if (fy_list_append_steal(l, fy_ref(&r->h)) < 0) FY_CLEAR(l);
    return l;
}

static void wr_dealloc(fy_obj *o) {
    fy_weakref *r = (fy_weakref *)o;
    if (r->obj) unlink_ref(r);
    FY_CLEAR(r->callback);
}
static int wr_traverse(fy_obj *o, fy_visitfn v, void *a) {
    fy_weakref *r = (fy_weakref *)o;
    return r->callback && v(r->callback, a);
}
static void wr_clear(fy_obj *o) { FY_CLEAR(((fy_weakref *)o)->callback); }

/* ref(object[, callback]); a subclass's extra arguments are left to its __init__. */
static fy_obj *wr_new(fy_type *t, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    if (t == &fy_weakref_type && (fy_no_kwargs("ref", kw) < 0 || fy_check_nargs("ref", nargs, 1, 2) < 0)) return NULL;
    if (nargs < 1) return fy_err_set(&fy_TypeError, "__new__ expected at least 1 argument, got 0");
    return make_ref(t, args[0], nargs > 1 ? args[1] : NULL);
}
static int wr_init(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) { return 0; }
static fy_obj *wr_call(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    if (fy_no_kwargs("weakref", kw) < 0 || fy_check_nargs("weakref", nargs, 0, 0) < 0) return NULL;
    fy_obj *o = fy_weakref_get(self);
    return fy_ref(o ? o : fy_None);
}
static fy_obj *wr_repr(fy_obj *self) {
    fy_obj *o = fy_weakref_get(self);
    if (!o) return fy_str_printf("<weakref at %p; dead>", (void *)self);
    return fy_str_printf("<weakref at %p; to '%s' at %p>", (void *)self, FY_TYPE(o)->name, (void *)o);
}
static int64_t wr_hash(fy_obj *self) {
    fy_weakref *r = (fy_weakref *)self;
    if (r->hash != -1) return r->hash;
    fy_obj *o = fy_weakref_get(self);
    if (!o) {
        fy_err_set(&fy_TypeError, "weak object has gone away");
        return -1;
    }
    r->hash = fy_hash(o);
    return r->hash;
}
static fy_obj *wr_richcmp(fy_obj *a, fy_obj *b, int op) {
    if ((op != FY_EQ_OP && op != FY_NE_OP) || !fy_isinstance_of(b, &fy_weakref_type)) return fy_ref(fy_NotImplemented);
    fy_obj *x = fy_weakref_get(a), *y = fy_weakref_get(b);
    if (!x || !y) {
        bool same = a == b;
        return fy_bool(op == FY_EQ_OP ? same : !same);
    }
    return fy_richcmp(x, y, op);
}
static fy_obj *wr_get_callback(fy_obj *self) {
    fy_weakref *r = (fy_weakref *)self;
    return fy_ref(r->callback ? r->callback : fy_None);
}
static fy_getsetdef wr_getsets[] = {{"__callback__", wr_get_callback, NULL, NULL}, {NULL}};

fy_type fy_weakref_type = {FY_TYPE_INIT("ReferenceType", sizeof(fy_weakref)),
                           .doc = "ref(object[, callback]) -> a weak reference to object",
                           .flags = FY_TPF_GC,
                           .dealloc = wr_dealloc,
                           .traverse = wr_traverse,
                           .clear = wr_clear,
                           .new_ = wr_new,
                           .init = wr_init,
                           .repr = wr_repr,
                           .hash = wr_hash,
                           .richcmp = wr_richcmp,
                           .call = wr_call,
                           .getsets = wr_getsets};

/* obj_slots.c - the bridge between C slots and dunder methods.
 *  - C types get "slot wrapper" objects in their __dict__ (int.__add__, object.__repr__, ...).
 *  - Classes get C slots that call their Python dunders (heap slots), or inherit a C slot
 *    directly when the dunder found is a C slot wrapper. */
#include <stddef.h>
#include <string.h>
#include "exec/interp.h"
#include "objects/object.h"
#include "objects/objects_int.h"

typedef enum {
    K_UNARY,
    K_NEXT,
    K_HASH,
    K_LEN,
    K_BOOL,
    K_BINARY,
    K_RBINARY,
    K_INPLACE,
    K_SETITEM,
    K_DELITEM,
    K_CONTAINS,
    K_CALL,
    K_INIT,
    K_RICHCMP,
    K_GETATTR,
    K_SETATTR,
    K_DELATTR,
    K_GET,
    K_SET,
    K_DELETE
} wkind;

typedef struct slotdef {
    const char *name;
    size_t offset; /* of the slot in fy_type */
    wkind kind;
    int op;        /* nb index or comparison op */
    void *heapfn;  /* the heap slot implementation */
} slotdef;

typedef struct {
    fy_obj h;
    const slotdef *sd;
    fy_type *owner;
} slotwrapper;

#define SLOTPTR(t, sd) (*(void **)((char *)(t) + (sd)->offset))

/* ------------------------------------------------------------------ calling dunders */

/* Call the dunder `name` found on type(self) with self prepended; NULL + no error if missing
 * when *missing is given. */
/* The interned str of a dunder name given as a C literal, by the literal's address (fy_intern
 * would hash the text on every call of a slot). Interned names live for the process. */
static fy_obj *dunder_name(const char *name) {
    static struct {
        const char *c;
        fy_obj *s;
    } cache[64];
    size_t h = ((uintptr_t)name >> 3) & 63;
    if (cache[h].c == name) return cache[h].s;
    fy_obj *s = fy_intern(name);
    if (s) {
        cache[h].c = name;
        cache[h].s = s;
    }
    return s;
}

static fy_obj *call_dunder(fy_obj *self, const char *name, fy_obj *const *args, size_t n, bool *missing) {
    fy_obj *f = fy_type_lookup(self->type, dunder_name(name));
    if (!f) {
        if (missing) {
            *missing = true;
            return NULL;
        }
        return fy_err_format(&fy_AttributeError, "'%s' object has no attribute '%s'", self->type->name, name);
    }
    if (missing) *missing = false;
    fy_obj *buf[8];
    if (FY_TYPE(f) == &fy_function_type && n < 7) {
        buf[0] = self;
        for (size_t i = 0; i < n; i++) buf[i + 1] = args[i];
        return fy_call(f, buf, n + 1, NULL);
    }
    fy_obj *bound = f->type->descr_get ? f->type->descr_get(f, self, self->type) : fy_ref(f);
    if (!bound) return NULL;
    fy_obj *r = fy_call(bound, args, n, NULL);
    FY_DECREF(bound);
    return r;
}

static fy_obj *call_dunder_kw(fy_obj *self, const char *name, fy_obj *const *args, size_t n, fy_obj *kw) {
    fy_obj *f = fy_type_lookup(self->type, dunder_name(name));
    if (!f) return fy_err_format(&fy_AttributeError, "'%s' object has no attribute '%s'", self->type->name, name);
    fy_obj *bound = f->type->descr_get ? f->type->descr_get(f, self, self->type) : fy_ref(f);
    if (!bound) return NULL;
    fy_obj *r = fy_call(bound, args, n, kw);
    FY_DECREF(bound);
    return r;
}

#define H_UNARY(fn, NAME) \
    static fy_obj *fn(fy_obj *o) { return call_dunder(o, NAME, NULL, 0, NULL); }
H_UNARY(h_repr, "__repr__")
H_UNARY(h_str, "__str__")
H_UNARY(h_iter, "__iter__")
H_UNARY(h_neg, "__neg__")
H_UNARY(h_pos, "__pos__")
H_UNARY(h_abs, "__abs__")
H_UNARY(h_invert, "__invert__")
H_UNARY(h_index, "__index__")
H_UNARY(h_int, "__int__")
H_UNARY(h_float, "__float__")

static fy_obj *h_next(fy_obj *o) {
    fy_obj *r = call_dunder(o, "__next__", NULL, 0, NULL);
    if (!r && fy_err_matches(&fy_StopIteration)) fy_err_clear();
    return r;
}
static int64_t h_hash(fy_obj *o) {
    fy_obj *r = call_dunder(o, "__hash__", NULL, 0, NULL);
    if (!r) return -1;
    if (!FY_INT_CHECK(r)) {
        FY_DECREF(r);
        fy_err_set(&fy_TypeError, "__hash__ method should return an integer");
        return -1;
    }
    /* as CPython: a result that fits a hash is used as it is (only -1 is reserved) */
    int64_t h = FY_INT_IS_BIG(r) ? fy_int_hash(r) : FY_INT_VAL(r);
    FY_DECREF(r);
    return h == -1 ? -2 : h;
}
static int64_t h_len(fy_obj *o) {
    fy_obj *r = call_dunder(o, "__len__", NULL, 0, NULL);
    if (!r) return -1;
    int64_t n;
    if (fy_index(r, &n) < 0) {
        FY_DECREF(r);
        return -1;
    }
    FY_DECREF(r);
    if (n < 0) {
        fy_err_set(&fy_ValueError, "__len__() should return >= 0");
        return -1;
    }
    return n;
}
static int h_truth(fy_obj *o) {
    bool missing;
    fy_obj *r = call_dunder(o, "__bool__", NULL, 0, &missing);
    if (missing) {
        fy_obj *f = fy_type_lookup(o->type, fy_intern("__len__"));
        if (!f) return 1;
        int64_t n = h_len(o);
        return n < 0 ? -1 : n > 0;
    }
    if (!r) return -1;
    if (FY_TYPE(r) != &fy_bool_type) {
        fy_err_format(&fy_TypeError, "__bool__ should return bool, returned %s", r->type->name);
        FY_DECREF(r);
        return -1;
    }
    int v = r == fy_True;
    FY_DECREF(r);
    return v;
}
static fy_obj *h_getitem(fy_obj *o, fy_obj *k) { return call_dunder(o, "__getitem__", &k, 1, NULL); }
static int h_setitem(fy_obj *o, fy_obj *k, fy_obj *v) {
    fy_obj *args[2] = {k, v};
    fy_obj *r = v ? call_dunder(o, "__setitem__", args, 2, NULL) : call_dunder(o, "__delitem__", args, 1, NULL);
    if (!r) return -1;
    FY_DECREF(r);
    return 0;
}
static int h_contains(fy_obj *o, fy_obj *k) {
    bool missing;
    fy_obj *r = call_dunder(o, "__contains__", &k, 1, &missing);
    if (missing) {
        /* fall back to iteration */
        fy_obj *it = fy_iter(o);
        if (!it) return -1;
        fy_obj *x;
        while ((x = fy_iter_next(it))) {
            int e = fy_eq(x, k);
            FY_DECREF(x);
            if (e) {
                FY_DECREF(it);
                return e;
            }
        }
        FY_DECREF(it);
        return fy_err_occurred() ? -1 : 0;
    }
    if (!r) return -1;
    int v = fy_truthy(r);
    FY_DECREF(r);
    return v;
}
static fy_obj *h_call(fy_obj *self, fy_obj *const *args, size_t n, fy_obj *kw) {
    return call_dunder_kw(self, "__call__", args, n, kw);
}
static int h_init(fy_obj *self, fy_obj *const *args, size_t n, fy_obj *kw) {
    fy_obj *r = call_dunder_kw(self, "__init__", args, n, kw);
    if (!r) return -1;
    if (r != fy_None) {
        fy_err_format(&fy_TypeError, "__init__() should return None, not '%s'", r->type->name);
        FY_DECREF(r);
        return -1;
    }
    FY_DECREF(r);
    return 0;
}
static fy_obj *h_new(fy_type *t, fy_obj *const *args, size_t n, fy_obj *kw) {
    fy_obj *f = fy_type_lookup(t, fy_intern("__new__"));
    if (!f) return fy_err_set(&fy_TypeError, "no __new__");
    fy_obj *fn = f->type->descr_get ? f->type->descr_get(f, NULL, t) : fy_ref(f);
    if (!fn) return NULL;
    size_t nk = fy_kwcount(kw);
    fy_obj *stackbuf[16];
    fy_obj **buf = n + nk + 1 <= 16 ? stackbuf : fy_malloc((n + nk + 1) * sizeof(fy_obj *));
    if (!buf) {
        FY_DECREF(fn);
        return NULL;
    }
    buf[0] = (fy_obj *)t;
    for (size_t i = 0; i < n + nk; i++) buf[i + 1] = args[i];
    fy_obj *r = fy_call(fn, buf, n + 1, kw);
    if (buf != stackbuf) fy_free(buf);
    FY_DECREF(fn);
    return r;
}
static const char *cmp_names[6] = {"__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__"};
static fy_obj *h_richcmp(fy_obj *a, fy_obj *b, int op) {
    bool missing;
    fy_obj *r = call_dunder(a, cmp_names[op], &b, 1, &missing);
    if (missing) return fy_ref(fy_NotImplemented);
    return r;
}
static fy_obj *h_getattribute(fy_obj *o, fy_obj *name) {
    fy_obj *r = call_dunder(o, "__getattribute__", &name, 1, NULL);
    if (!r && fy_err_matches(&fy_AttributeError)) {
        fy_obj *ga = fy_type_lookup(o->type, fy_intern("__getattr__"));
        if (ga) {
            fy_err_clear();
            return call_dunder(o, "__getattr__", &name, 1, NULL);
        }
    }
    return r;
}
static int h_setattr(fy_obj *o, fy_obj *name, fy_obj *v) {
    fy_obj *args[2] = {name, v};
    fy_obj *r = v ? call_dunder(o, "__setattr__", args, 2, NULL) : call_dunder(o, "__delattr__", args, 1, NULL);
    if (!r) return -1;
    FY_DECREF(r);
    return 0;
}
static fy_obj *h_get(fy_obj *d, fy_obj *obj, fy_type *owner) {
    fy_obj *args[2] = {obj ? obj : fy_None, owner ? (fy_obj *)owner : fy_None};
    return call_dunder(d, "__get__", args, 2, NULL);
}
static int h_set(fy_obj *d, fy_obj *obj, fy_obj *v) {
    fy_obj *args[2] = {obj, v};
    fy_obj *r = v ? call_dunder(d, "__set__", args, 2, NULL) : call_dunder(d, "__delete__", args, 1, NULL);
    if (!r) return -1;
    FY_DECREF(r);
    return 0;
}

/* binary ops: a op b, with the reflected method of b */
static const char *nb_names[FY_NB_COUNT] = {"__add__", "__sub__", "__mul__",     "__matmul__", "__truediv__",
                                            "__mod__", "__pow__", "__lshift__",  "__rshift__", "__or__",
                                            "__xor__", "__and__", "__floordiv__"};
static const char *nb_rnames[FY_NB_COUNT] = {"__radd__", "__rsub__", "__rmul__",     "__rmatmul__", "__rtruediv__",
                                             "__rmod__", "__rpow__", "__rlshift__",  "__rrshift__", "__ror__",
                                             "__rxor__", "__rand__", "__rfloordiv__"};
static const char *nb_inames[FY_NB_COUNT] = {"__iadd__", "__isub__", "__imul__",     "__imatmul__", "__itruediv__",
                                             "__imod__", "__ipow__", "__ilshift__",  "__irshift__", "__ior__",
                                             "__ixor__", "__iand__", "__ifloordiv__"};
static fy_binfn heap_nb[FY_NB_COUNT];

static fy_obj *heap_binop(int op, fy_obj *a, fy_obj *b) {
    fy_type *ta = a->type, *tb = b->type;
    bool do_other = ta != tb && tb->nb[op] == heap_nb[op] && fy_type_lookup(tb, fy_intern(nb_rnames[op]));
    if (ta->nb[op] == heap_nb[op]) {
        if (do_other && fy_type_is_subtype(tb, ta)) {
            fy_obj *r = call_dunder(b, nb_rnames[op], &a, 1, NULL);
            if (r != fy_NotImplemented) return r;
            FY_DECREF(r);
            do_other = false;
        }
        bool missing;
        fy_obj *r = call_dunder(a, nb_names[op], &b, 1, &missing);
        if (!missing) {
            if (r != fy_NotImplemented || ta == tb) return r;
            FY_DECREF(r);
        }
    }
    if (do_other) return call_dunder(b, nb_rnames[op], &a, 1, NULL);
    return fy_ref(fy_NotImplemented);
}
static fy_obj *heap_inplace(int op, fy_obj *a, fy_obj *b) {
    bool missing;
    fy_obj *r = call_dunder(a, nb_inames[op], &b, 1, &missing);
    if (missing) return fy_ref(fy_NotImplemented);
    return r;
}
#define HB(i) \
    static fy_obj *hb##i(fy_obj *a, fy_obj *b) { return heap_binop(i, a, b); } \
    static fy_obj *hi##i(fy_obj *a, fy_obj *b) { return heap_inplace(i, a, b); }
HB(0)
HB(1)
HB(2)
HB(3)
HB(4)
HB(5)
HB(6)
HB(7)
HB(8)
HB(9)
HB(10)
HB(11)
HB(12)

/* ------------------------------------------------------------------ the table */

#define OFF(f) offsetof(fy_type, f)
#define NB(i) \
    {NULL, OFF(nb[i]), K_BINARY, i, (void *)hb##i}, {NULL, OFF(nb[i]), K_RBINARY, i, (void *)hb##i}, { \
        NULL, OFF(inb[i]), K_INPLACE, i, (void *)hi##i \
    }
static slotdef slotdefs[] = {{"__repr__", OFF(repr), K_UNARY, 0, (void *)h_repr},
                             {"__str__", OFF(str), K_UNARY, 0, (void *)h_str},
                             {"__hash__", OFF(hash), K_HASH, 0, (void *)h_hash},
                             {"__call__", OFF(call), K_CALL, 0, (void *)h_call},
                             {"__len__", OFF(len), K_LEN, 0, (void *)h_len},
                             {"__getitem__", OFF(getitem), K_BINARY, -1, (void *)h_getitem},
                             {"__setitem__", OFF(setitem), K_SETITEM, 0, (void *)h_setitem},
                             {"__delitem__", OFF(setitem), K_DELITEM, 0, (void *)h_setitem},
                             {"__contains__", OFF(contains), K_CONTAINS, 0, (void *)h_contains},
                             {"__iter__", OFF(iter), K_UNARY, 0, (void *)h_iter},
                             {"__next__", OFF(next), K_NEXT, 0, (void *)h_next},
                             {"__bool__", OFF(truth), K_BOOL, 0, (void *)h_truth},
                             {"__init__", OFF(init), K_INIT, 0, (void *)h_init},
                             {"__eq__", OFF(richcmp), K_RICHCMP, FY_EQ_OP, (void *)h_richcmp},
                             {"__ne__", OFF(richcmp), K_RICHCMP, FY_NE_OP, (void *)h_richcmp},
                             {"__lt__", OFF(richcmp), K_RICHCMP, FY_LT_OP, (void *)h_richcmp},
                             {"__le__", OFF(richcmp), K_RICHCMP, FY_LE_OP, (void *)h_richcmp},
                             {"__gt__", OFF(richcmp), K_RICHCMP, FY_GT_OP, (void *)h_richcmp},
                             {"__ge__", OFF(richcmp), K_RICHCMP, FY_GE_OP, (void *)h_richcmp},
                             {"__getattribute__", OFF(getattr), K_GETATTR, 0, (void *)h_getattribute},
                             {"__setattr__", OFF(setattr), K_SETATTR, 0, (void *)h_setattr},
                             {"__delattr__", OFF(setattr), K_DELATTR, 0, (void *)h_setattr},
                             {"__get__", OFF(descr_get), K_GET, 0, (void *)h_get},
                             {"__set__", OFF(descr_set), K_SET, 0, (void *)h_set},
                             {"__delete__", OFF(descr_set), K_DELETE, 0, (void *)h_set},
                             {"__neg__", OFF(neg), K_UNARY, 0, (void *)h_neg},
                             {"__pos__", OFF(pos), K_UNARY, 0, (void *)h_pos},
                             {"__abs__", OFF(abs), K_UNARY, 0, (void *)h_abs},
                             {"__invert__", OFF(invert), K_UNARY, 0, (void *)h_invert},
                             {"__index__", OFF(index), K_UNARY, 0, (void *)h_index},
                             {"__int__", OFF(to_int), K_UNARY, 0, (void *)h_int},
                             {"__float__", OFF(to_float), K_UNARY, 0, (void *)h_float},
                             NB(0),
                             NB(1),
                             NB(2),
                             NB(3),
                             NB(4),
                             NB(5),
                             NB(6),
                             NB(7),
                             NB(8),
                             NB(9),
                             NB(10),
                             NB(11),
                             NB(12),
                             {NULL, 0, 0, 0, NULL}};
#define NSLOTDEFS (sizeof slotdefs / sizeof slotdefs[0] - 1)

static void fill_names(void) {
    static bool done;
    if (done) return;
    done = true;
    for (size_t i = 0; i < NSLOTDEFS; i++) {
        slotdef *sd = &slotdefs[i];
        if (sd->name) continue;
        sd->name = sd->kind == K_BINARY    ? nb_names[sd->op]
                   : sd->kind == K_RBINARY ? nb_rnames[sd->op]
                                           : nb_inames[sd->op];
    }
    heap_nb[0] = hb0;
    heap_nb[1] = hb1;
    heap_nb[2] = hb2;
    heap_nb[3] = hb3;
    heap_nb[4] = hb4;
    heap_nb[5] = hb5;
    heap_nb[6] = hb6;
    heap_nb[7] = hb7;
    heap_nb[8] = hb8;
    heap_nb[9] = hb9;
    heap_nb[10] = hb10;
    heap_nb[11] = hb11;
    heap_nb[12] = hb12;
}

/* ------------------------------------------------------------------ slot wrapper objects */

static fy_obj *sw_call(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    slotwrapper *w = (slotwrapper *)self;
    const slotdef *sd = w->sd;
    void *fn = SLOTPTR(w->owner, sd);
    if (nargs < 1)
        return fy_err_format(&fy_TypeError, "descriptor '%s' of '%s' object needs an argument", sd->name,
                             w->owner->name);
    fy_obj *s = args[0];
    if (!fy_isinstance_of(s, w->owner) && sd->kind != K_RBINARY && sd->kind != K_BINARY)
        return fy_err_format(&fy_TypeError, "descriptor '%s' requires a '%s' object but received a '%s'", sd->name,
                             w->owner->name, s->type->name);
    args++;
    nargs--;
    if (!fn) return fy_err_format(&fy_TypeError, "'%s' has no %s", w->owner->name, sd->name);
    if (sd->kind != K_CALL && sd->kind != K_INIT && fy_no_kwargs(sd->name, kw) < 0) return NULL;
#define NEED(k) \
    if (fy_check_nargs(sd->name, nargs, k, k) < 0) return NULL
    switch (sd->kind) {
    case K_UNARY: NEED(0); return ((fy_unaryfn)fn)(s);
    case K_NEXT: {
        NEED(0);
        fy_obj *r = ((fy_unaryfn)fn)(s);
        if (!r && !fy_err_occurred()) fy_err_set_obj(&fy_StopIteration, NULL);
        return r;
    }
    case K_HASH: {
        NEED(0);
        int64_t h = ((int64_t (*)(fy_obj *))fn)(s);
        return h == -1 ? NULL : fy_int_from(h);
    }
    case K_LEN: {
        NEED(0);
        int64_t n = ((int64_t (*)(fy_obj *))fn)(s);
        return n < 0 ? NULL : fy_int_from(n);
    }
    case K_BOOL: {
        NEED(0);
        int v = ((int (*)(fy_obj *))fn)(s);
        return v < 0 ? NULL : fy_bool(v);
    }
    case K_BINARY: NEED(1); return ((fy_binfn)fn)(s, args[0]);
    case K_RBINARY: NEED(1); return ((fy_binfn)fn)(args[0], s);
    case K_INPLACE: NEED(1); return ((fy_binfn)fn)(s, args[0]);
    case K_SETITEM:
        NEED(2);
        if (((int (*)(fy_obj *, fy_obj *, fy_obj *))fn)(s, args[0], args[1]) < 0) return NULL;
        return fy_none();
    case K_DELITEM:
        NEED(1);
        if (((int (*)(fy_obj *, fy_obj *, fy_obj *))fn)(s, args[0], NULL) < 0) return NULL;
        return fy_none();
    case K_CONTAINS: {
        NEED(1);
        int v = ((int (*)(fy_obj *, fy_obj *))fn)(s, args[0]);
        return v < 0 ? NULL : fy_bool(v);
    }
    case K_CALL: return ((fy_cfunc)fn)(s, args, nargs, kw);
    case K_INIT:
        if (((int (*)(fy_obj *, fy_obj *const *, size_t, fy_obj *))fn)(s, args, nargs, kw) < 0) return NULL;
        return fy_none();
    case K_RICHCMP: NEED(1); return ((fy_obj * (*)(fy_obj *, fy_obj *, int)) fn)(s, args[0], sd->op);
    case K_GETATTR:
        NEED(1);
        if (!FY_STR_CHECK(args[0]))
            return fy_err_format(&fy_TypeError, "attribute name must be string, not '%s'", args[0]->type->name);
        return ((fy_binfn)fn)(s, args[0]);
    case K_SETATTR:
        NEED(2);
        if (!FY_STR_CHECK(args[0]))
            return fy_err_format(&fy_TypeError, "attribute name must be string, not '%s'", args[0]->type->name);
        if (((int (*)(fy_obj *, fy_obj *, fy_obj *))fn)(s, args[0], args[1]) < 0) return NULL;
        return fy_none();
    case K_DELATTR:
        NEED(1);
        if (((int (*)(fy_obj *, fy_obj *, fy_obj *))fn)(s, args[0], NULL) < 0) return NULL;
        return fy_none();
    case K_GET: {
        if (fy_check_nargs(sd->name, nargs, 1, 2) < 0) return NULL;
        fy_obj *obj = args[0] == fy_None ? NULL : args[0];
        fy_type *owner = nargs > 1 && args[1] != fy_None ? (fy_type *)args[1] : (obj ? obj->type : NULL);
        return ((fy_obj * (*)(fy_obj *, fy_obj *, fy_type *)) fn)(s, obj, owner);
    }
    case K_SET:
        NEED(2);
        if (((int (*)(fy_obj *, fy_obj *, fy_obj *))fn)(s, args[0], args[1]) < 0) return NULL;
        return fy_none();
    case K_DELETE:
        NEED(1);
        if (((int (*)(fy_obj *, fy_obj *, fy_obj *))fn)(s, args[0], NULL) < 0) return NULL;
        return fy_none();
    }
#undef NEED
    return fy_err_set(&fy_SystemError, "bad slot wrapper");
}

static fy_obj *sw_descr_get(fy_obj *d, fy_obj *obj, fy_type *owner) {
    if (!obj) return fy_ref(d);
    return fy_method_new(d, obj);
}
static fy_obj *sw_repr(fy_obj *o) {
    slotwrapper *w = (slotwrapper *)o;
    return fy_str_printf("<slot wrapper '%s' of '%s' objects>", w->sd->name, w->owner->name);
}
static fy_obj *sw_get_name(fy_obj *o) { return fy_str_from_cstr(((slotwrapper *)o)->sd->name); }
static fy_obj *sw_get_objclass(fy_obj *o) { return fy_ref((fy_obj *)((slotwrapper *)o)->owner); }
static fy_getsetdef sw_getsets[] = {{"__name__", sw_get_name, NULL, NULL},
                                    {"__qualname__", sw_get_name, NULL, NULL},
                                    {"__objclass__", sw_get_objclass, NULL, NULL},
                                    {NULL}};
fy_type fy_slotwrapper_type = {FY_TYPE_INIT("wrapper_descriptor", sizeof(slotwrapper)),
                               .flags = FY_TPF_FINAL,
                               .call = sw_call,
                               .descr_get = sw_descr_get,
                               .repr = sw_repr,
                               .getsets = sw_getsets};

/* __new__ of a C type: a builtin taking the class first. */
static fy_obj *tp_new_wrapper(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    fy_type *owner = (fy_type *)self;
    if (nargs < 1) return fy_err_format(&fy_TypeError, "%s.__new__(): not enough arguments", owner->name);
    if (!fy_isinstance_of(args[0], &fy_type_type))
        return fy_err_format(&fy_TypeError, "%s.__new__(X): X is not a type object (%s)", owner->name,
                             args[0]->type->name);
    fy_type *sub = (fy_type *)args[0];
    if (!fy_type_is_subtype(sub, owner))
        return fy_err_format(&fy_TypeError, "%s.__new__(%s): %s is not a subtype of %s", owner->name, sub->name,
                             sub->name, owner->name);
    fy_type *solid = owner;
    if (!solid->new_) return fy_err_format(&fy_TypeError, "cannot create '%s' instances", owner->name);
    if (owner == &fy_object_type) {
        /* object.__new__(cls, *args): args tolerated when __init__ is overridden */
        if (sub->flags & FY_TPF_HEAP) {
            fy_obj *abs = fy_dict_get_cstr(sub->dict, "__abstractmethods__");
            if (abs && fy_truthy(abs) > 0)
                return fy_err_format(&fy_TypeError, "Can't instantiate abstract class %s", sub->name);
        }
        return fy_alloc(sub);
    }
    return solid->new_(sub, args + 1, nargs - 1, kw);
}
static fy_methoddef tp_new_def = {"__new__", tp_new_wrapper, 0, "Create and return a new object."};

void fy_slots_add_wrappers(fy_type *t) {
    fill_names();
    fy_type *b = t->base;
    for (size_t i = 0; i < NSLOTDEFS; i++) {
        const slotdef *sd = &slotdefs[i];
        void *fn = SLOTPTR(t, sd);
        if (!fn) continue;
        if (b && SLOTPTR(b, sd) == fn) continue;
        if (sd->kind == K_INPLACE && !t->inb[sd->op]) continue;
        if (fy_dict_get_cstr(t->dict, sd->name)) continue;
        slotwrapper *w = (slotwrapper *)fy_alloc(&fy_slotwrapper_type);
        if (!w) return;
        w->sd = sd;
        w->owner = t;
        fy_dict_set_cstr(t->dict, sd->name, &w->h);
        FY_DECREF(w);
    }
    if (!t->hash && t != &fy_object_type && !fy_dict_get_cstr(t->dict, "__hash__"))
        fy_dict_set_cstr(t->dict, "__hash__", fy_None);
    if (t->new_ && (!b || b->new_ != t->new_ || t == &fy_object_type) && !fy_dict_get_cstr(t->dict, "__new__")) {
        fy_obj *f = fy_cfunction_new(&tp_new_def, (fy_obj *)t);
        if (f) {
            fy_obj *sm;
            fy_wrapper *w = (fy_wrapper *)fy_alloc(&fy_staticmethod_type);
            if (w) {
                w->callable = f;
                sm = &w->h;
                fy_dict_set_cstr(t->dict, "__new__", sm);
                FY_DECREF(sm);
            } else FY_DECREF(f);
        }
    }
}

/* Decide each slot of a class: a heap slot when a Python dunder defines it, the C slot of the
 * wrapper found otherwise, or nothing. */
void fy_slots_fixup_heap(fy_type *t) {
    fill_names();
    /* reset slots to NULL, then assign */
    for (size_t i = 0; i < NSLOTDEFS; i++) SLOTPTR(t, &slotdefs[i]) = NULL;
    for (size_t i = 0; i < NSLOTDEFS; i++) {
        const slotdef *sd = &slotdefs[i];
        fy_obj *f = fy_type_lookup(t, fy_intern(sd->name));
        if (!f) continue;
        void *cur = SLOTPTR(t, sd);
        if (FY_TYPE(f) == &fy_slotwrapper_type) {
            slotwrapper *w = (slotwrapper *)f;
            if (w->sd->offset != sd->offset) continue;
            if (!cur) SLOTPTR(t, sd) = SLOTPTR(w->owner, w->sd);
            continue;
        }
        if (sd->offset == OFF(hash) && f == fy_None) {
            SLOTPTR(t, sd) = NULL;
            continue;
        }
        SLOTPTR(t, sd) = sd->heapfn; /* a Python-level definition wins over a C one */
    }
    /* __new__: a Python staticmethod -> heap new; otherwise inherited */
    fy_obj *nw = fy_type_lookup(t, fy_intern("__new__"));
    if (nw && FY_TYPE(nw) == &fy_staticmethod_type && FY_TYPE(((fy_wrapper *)nw)->callable) == &fy_function_type)
        t->new_ = h_new;
    else t->new_ = t->base->new_;
    /* hash: inherit unless __eq__ is defined without __hash__ (handled via __hash__ = None) */
    fy_obj *hs = fy_type_lookup(t, fy_intern("__hash__"));
    if (hs == fy_None) t->hash = NULL;
    /* data descriptors need both get and set; keep get-only types non-data */
    /* instances' __dict__ attribute */
    if (t->dictoffset && !fy_type_lookup(t, fy_intern("__dict__"))) {
        fy_obj *d = fy_getsetdescr_new(&fy_instance_dict_getset, t);
        if (d) {
            fy_dict_set_cstr(t->dict, "__dict__", d);
            FY_DECREF(d);
        }
    }
    fy_type_epoch++;
}

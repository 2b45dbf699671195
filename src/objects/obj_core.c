/* obj_core.c - allocation, deallocation, GC tracking and the generic object protocols. */
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "objects/small_alloc.h"
#include "objects/gc.h"
#include "exec/interp.h"
#include "objects/object.h"
#include "objects/objects_int.h"

_Thread_local fy_interp *fy_cur;
size_t fy_mem_used, fy_mem_limit = (size_t)8 << 30;

/* ------------------------------------------------------------------ raw memory */

void *fy_malloc(size_t n) {
    if (n > fy_mem_limit || fy_mem_used + n > fy_mem_limit) {
        fy_err_nomem();
        return NULL;
    }
    void *p = malloc(n ? n : 1);
    if (!p) {
        fy_err_nomem();
        return NULL;
    }
    fy_mem_used += malloc_usable_size(p);
    return p;
}
void *fy_calloc(size_t n, size_t m) {
    if (m && n > fy_mem_limit / m) {
        fy_err_nomem();
        return NULL;
    }
    void *p = fy_malloc(n * m);
    if (p) memset(p, 0, n * m);
    return p;
}
void *fy_realloc(void *p, size_t n) {
    if (!p) return fy_malloc(n);
    size_t old = malloc_usable_size(p);
    if (n > fy_mem_limit || fy_mem_used - old + n > fy_mem_limit) {
        fy_err_nomem();
        return NULL;
    }
    void *q = realloc(p, n ? n : 1);
    if (!q) {
        fy_err_nomem();
        return NULL;
    }
    fy_mem_used = fy_mem_used - old + malloc_usable_size(q);
    return q;
}
void fy_free(void *p) {
    if (!p) return;
    fy_mem_used -= malloc_usable_size(p);
    free(p);
}

/* ------------------------------------------------------------------ objects */

fy_gchead fy_gc_list = {&fy_gc_list, &fy_gc_list, 0};

/* Object memory comes from the small-object arena (small_alloc.h) up to its size limit. */
#define block_alloc fy_small_alloc
#define block_free fy_small_free

fy_obj *fy_alloc_size(fy_type *t, size_t size) {
    fy_obj *o;
    if (t->flags & FY_TPF_GC) {
        fy_gchead *g = block_alloc(sizeof(fy_gchead) + size);
        if (!g) return NULL;
        memset(g, 0, sizeof(fy_gchead) + size);
        g->next = &fy_gc_list;
        g->prev = fy_gc_list.prev;
        fy_gc_list.prev->next = g;
        fy_gc_list.prev = g;
        o = FY_FROM_GC(g);
        if (fy_cur) fy_cur->gc_allocs++;
    } else {
        o = block_alloc(size);
        if (!o) return NULL;
        memset(o, 0, size);
    }
    o->rc = 1;
    o->type = t;
    if (t->flags & FY_TPF_HEAP) FY_INCREF(t);
    return o;
}

fy_obj *fy_alloc(fy_type *t) { return fy_alloc_size(t, t->basicsize); }

bool fy_gc_is_tracked(fy_obj *o) { return (o->type->flags & FY_TPF_GC) != 0; }

/* Free the memory of o (after its contents were released). */
static void free_mem(fy_obj *o, fy_type *t) {
    if (t->flags & FY_TPF_GC) {
        fy_gchead *g = FY_AS_GC(o);
        g->prev->next = g->next;
        g->next->prev = g->prev;
        block_free(g);
        /* the collector counts containers allocated and not freed since it last ran (as
         * CPython's youngest generation does): loops that make and drop tuples never trigger it */
        if (fy_cur && fy_cur->gc_allocs > 0) fy_cur->gc_allocs--;
    } else {
        block_free(o);
    }
}

/* Deallocation can recurse (a long chain of nested containers); past a depth we queue the
 * objects and free them iteratively once back at the top (a "trashcan"). */
static int dealloc_depth;
static fy_obj **dealloc_queue;
static size_t dealloc_qn, dealloc_qcap;

static void dealloc_one(fy_obj *o) {
    fy_type *t = o->type;
    if (t == &fy_int_type) {
        fy_int_free(o);
        return;
    }
    if (t == &fy_float_type) {
        fy_float_free(o);
        return;
    }
    if (fy_weakref_live) fy_weakref_notify(o);
    if (t->flags & FY_TPF_HEAP) {
        fy_type *solid = t;
        while (solid->flags & FY_TPF_HEAP) solid = solid->base;
        fy_obj **dp = fy_heap_dict_ptr(o);
        if (dp) FY_CLEAR(*dp);
        if (solid->dealloc) solid->dealloc(o);
        free_mem(o, t);
        FY_DECREF(t);
        return;
    }
    if (t->dealloc) t->dealloc(o);
    free_mem(o, t);
}

void fy_dealloc(fy_obj *o) {
    if (o->rc != 0) return;
    /* ints and floats hold nothing: back to their free lists without the depth bookkeeping */
    if (o->type == &fy_float_type) {
        fy_float_free(o);
        return;
    }
    if (o->type == &fy_int_type) {
        fy_int_free(o);
        return;
    }
    if (dealloc_depth > 200) {
        if (dealloc_qn == dealloc_qcap) {
            size_t nc = dealloc_qcap ? dealloc_qcap * 2 : 256;
            fy_obj **q = realloc(dealloc_queue, nc * sizeof *q);
            if (!q) {
                dealloc_one(o);
                return;
            } /* last resort: recurse */
            dealloc_queue = q;
            dealloc_qcap = nc;
        }
        dealloc_queue[dealloc_qn++] = o;
        return;
    }
    dealloc_depth++;
    dealloc_one(o);
    dealloc_depth--;
    if (dealloc_depth == 0) {
        while (dealloc_qn) {
            fy_obj *q = dealloc_queue[--dealloc_qn];
            dealloc_depth++;
            dealloc_one(q);
            dealloc_depth--;
        }
    }
}

/* ------------------------------------------------------------------ singletons */

static fy_obj *none_repr(fy_obj *o) { return fy_ref(fy_intern("None")); }
static int none_truth(fy_obj *o) { return 0; }
static int64_t none_hash(fy_obj *o) { return 0x5f3759df; }
static fy_obj *none_new(fy_type *t, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (n || kw) return fy_err_set(&fy_TypeError, "NoneType takes no arguments");
    return fy_none();
}
fy_type fy_none_type = {FY_TYPE_INIT("NoneType", sizeof(fy_obj)),
                        .flags = 0,
                        .repr = none_repr,
                        .truth = none_truth,
                        .hash = none_hash,
                        .new_ = none_new};
static fy_obj *ni_repr(fy_obj *o) { return fy_ref(fy_intern("NotImplemented")); }
fy_type fy_notimpl_type = {FY_TYPE_INIT("NotImplementedType", sizeof(fy_obj)), .flags = 0, .repr = ni_repr};
static fy_obj *ell_repr(fy_obj *o) { return fy_ref(fy_intern("Ellipsis")); }
fy_type fy_ellipsis_type = {FY_TYPE_INIT("ellipsis", sizeof(fy_obj)), .flags = 0, .repr = ell_repr};

fy_obj fy_None_s = {FY_IMMORTAL_RC, &fy_none_type};
fy_obj fy_NotImplemented_s = {FY_IMMORTAL_RC, &fy_notimpl_type};
fy_obj fy_Ellipsis_s = {FY_IMMORTAL_RC, &fy_ellipsis_type};
fy_obj *fy_none(void) { return fy_ref(fy_None); }

/* ------------------------------------------------------------------ text protocols */

fy_obj *fy_repr(fy_obj *o) {
    if (!o->type->repr) return fy_str_printf("<%s object at %p>", o->type->name, (void *)o);
    if (fy_enter_recursive(" while getting the repr of an object")) return NULL;
    fy_obj *r = o->type->repr(o);
    fy_leave_recursive();
    if (r && !FY_STR_CHECK(r)) {
        fy_err_format(&fy_TypeError, "__repr__ returned non-string (type %s)", r->type->name);
        FY_DECREF(r);
        return NULL;
    }
    return r;
}

fy_obj *fy_str(fy_obj *o) {
    if (FY_TYPE(o) == &fy_str_type) return fy_ref(o);
    if (!o->type->str) return fy_repr(o);
    if (fy_enter_recursive(" while getting the str of an object")) return NULL;
    fy_obj *r = o->type->str(o);
    fy_leave_recursive();
    if (r && !FY_STR_CHECK(r)) {
        fy_err_format(&fy_TypeError, "__str__ returned non-string (type %s)", r->type->name);
        FY_DECREF(r);
        return NULL;
    }
    return r;
}

int fy_repr_enter(fy_obj *o) {
    fy_obj *st = fy_cur->repr_stack;
    for (int64_t i = 0; i < FY_LIST_N(st); i++)
        if (FY_LIST_ITEMS(st)[i] == o) return 1;
    if (fy_list_append(st, o) < 0) return -1;
    return 0;
}
void fy_repr_leave(fy_obj *o) {
    fy_obj *st = fy_cur->repr_stack;
    for (int64_t i = FY_LIST_N(st) - 1; i >= 0; i--)
        if (FY_LIST_ITEMS(st)[i] == o) {
            fy_obj *x = FY_LIST_ITEMS(st)[i];
            memmove(&FY_LIST_ITEMS(st)[i], &FY_LIST_ITEMS(st)[i + 1], (FY_LIST_N(st) - i - 1) * sizeof(fy_obj *));
            FY_LIST_N(st)--;
            FY_DECREF(x);
            return;
        }
}

int64_t fy_hash(fy_obj *o) {
    fy_type *t = o->type;
    if (t == &fy_str_type) return fy_str_hash(o);
    if (t == &fy_int_type) return fy_int_hash(o);
    if (!t->hash) {
        fy_err_format(&fy_TypeError, "unhashable type: '%s'", t->name);
        return -1;
    }
    return t->hash(o);
}

int fy_truthy(fy_obj *o) {
    if (o == fy_True) return 1;
    if (o == fy_False || o == fy_None) return 0;
    fy_type *t = o->type;
    if (t->truth) return t->truth(o);
    if (t->len) {
        int64_t n = t->len(o);
        return n < 0 ? -1 : n > 0;
    }
    return 1;
}

/* ------------------------------------------------------------------ attributes */

#define ALIGN_PTR(n) (((n) + sizeof(fy_obj *) - 1) & ~(sizeof(fy_obj *) - 1))

/* Size of the built-in part of a str/bytes/tuple (subclass) instance, as allocated. */
static size_t var_base_size(fy_obj *o) {
    fy_type *t = o->type;
    if (t->flags & FY_TPF_STR_SUB) return sizeof(fy_strobj) + (size_t)FY_STR_LEN(o) + 1;
    if (t->flags & FY_TPF_TUPLE_SUB) return sizeof(fy_tuple) + (size_t)FY_TUPLE_N(o) * sizeof(fy_obj *);
    return sizeof(fy_bytes) + (size_t)((fy_bytes *)o)->len + 1;
}

size_t fy_var_alloc_size(fy_type *t, size_t n) {
    return t->dictoffset == FY_DICTOFF_VAR ? ALIGN_PTR(n) + sizeof(fy_obj *) : n;
}

fy_obj **fy_instance_dict_ptr(fy_obj *o) {
    size_t off = o->type->dictoffset;
    if (!off) return NULL;
    if (off == FY_DICTOFF_VAR) off = ALIGN_PTR(var_base_size(o));
    return (fy_obj **)((char *)o + off);
}

fy_obj **fy_heap_dict_ptr(fy_obj *o) {
    fy_type *t = o->type;
    if (!(t->flags & FY_TPF_HEAP) || !t->dictoffset) return NULL;
    if (t->dictoffset == FY_DICTOFF_VAR) return fy_instance_dict_ptr(o);
    fy_type *solid = t;
    while (solid->flags & FY_TPF_HEAP) solid = solid->base;
    return t->dictoffset >= solid->basicsize ? fy_instance_dict_ptr(o) : NULL;
}

static fy_obj *attr_error(fy_obj *o, fy_obj *name) {
    if (o->type == &fy_module_type) {
        fy_obj *mn = ((fy_module *)o)->name;
        return fy_err_format(&fy_AttributeError, "module '%s' has no attribute '%s'", mn ? FY_STR_DATA(mn) : "?",
                             FY_STR_DATA(name));
    }
    if (o->type == &fy_type_type || fy_type_is_subtype(o->type, &fy_type_type))
        return fy_err_format(&fy_AttributeError, "type object '%s' has no attribute '%s'", ((fy_type *)o)->name,
                             FY_STR_DATA(name));
    return fy_err_format(&fy_AttributeError, "'%s' object has no attribute '%s'", o->type->name, FY_STR_DATA(name));
}

fy_obj *fy_generic_getattr(fy_obj *o, fy_obj *name) {
    fy_type *t = o->type;
    fy_obj *descr = fy_type_lookup(t, name);
    if (descr) {
        fy_type *dt = descr->type;
        if (dt->descr_get && dt->descr_set) return dt->descr_get(descr, o, t);
    }
    fy_obj **dp = fy_instance_dict_ptr(o);
    if (dp && *dp) {
        fy_obj *v = fy_dict_get(*dp, name);
        if (v) return fy_ref(v);
        if (fy_err_occurred()) return NULL;
    }
    if (descr) {
        if (descr->type->descr_get) return descr->type->descr_get(descr, o, t);
        return fy_ref(descr);
    }
    /* __getattr__ fallback for classes */
    if (t->flags & FY_TPF_HEAP) {
        fy_obj *ga = fy_type_lookup(t, fy_intern("__getattr__"));
        if (ga) {
            fy_obj *args[2] = {o, name};
            return fy_call(ga, args, 2, NULL);
        }
    }
    return attr_error(o, name);
}

int fy_generic_setattr(fy_obj *o, fy_obj *name, fy_obj *v) {
    fy_type *t = o->type;
    fy_obj *descr = fy_type_lookup(t, name);
    if (descr && descr->type->descr_set) return descr->type->descr_set(descr, o, v);
    fy_obj **dp = fy_instance_dict_ptr(o);
    if (!dp) {
        if (descr)
            fy_err_format(&fy_AttributeError, "'%s' object attribute '%s' is read-only", t->name, FY_STR_DATA(name));
        else fy_err_format(&fy_AttributeError, "'%s' object has no attribute '%s'", t->name, FY_STR_DATA(name));
        return -1;
    }
    if (!*dp) {
        if (!v) goto missing;
        *dp = fy_dict_new();
        if (!*dp) return -1;
    }
    if (v) return fy_dict_set(*dp, name, v);
    int r = fy_dict_del(*dp, name);
    if (r == 1) goto missing;
    return r;
missing:
    fy_err_format(&fy_AttributeError, "'%s' object has no attribute '%s'", t->name, FY_STR_DATA(name));
    return -1;
}

fy_obj *fy_getattr(fy_obj *o, fy_obj *name) {
    fy_type *t = o->type;
    if (t->getattr) return t->getattr(o, name);
    return fy_generic_getattr(o, name);
}

fy_obj *fy_getattr_cstr(fy_obj *o, const char *name) { return fy_getattr(o, fy_intern(name)); }

fy_obj *fy_getattr_opt(fy_obj *o, fy_obj *name) {
    fy_obj *r = fy_getattr(o, name);
    if (!r && fy_err_matches(&fy_AttributeError)) fy_err_clear();
    return r;
}

int fy_setattr(fy_obj *o, fy_obj *name, fy_obj *v) {
    fy_type *t = o->type;
    if (t->setattr) return t->setattr(o, name, v);
    return fy_generic_setattr(o, name, v);
}
int fy_setattr_cstr(fy_obj *o, const char *name, fy_obj *v) { return fy_setattr(o, fy_intern(name), v); }
int fy_hasattr_cstr(fy_obj *o, const char *name) {
    fy_obj *r = fy_getattr_opt(o, fy_intern(name));
    if (!r) return fy_err_occurred() ? -1 : 0;
    FY_DECREF(r);
    return 1;
}

/* ------------------------------------------------------------------ calls */

size_t fy_kwcount(fy_obj *kwnames) { return kwnames ? (size_t)FY_TUPLE_N(kwnames) : 0; }

bool fy_callable(fy_obj *o) { return o->type->call != NULL; }

fy_obj *fy_call(fy_obj *f, fy_obj *const *args, size_t nargs, fy_obj *kwnames) {
    fy_cfunc c = f->type->call;
    if (!c) return fy_err_format(&fy_TypeError, "'%s' object is not callable", f->type->name);
    return c(f, args, nargs, kwnames);
}
fy_obj *fy_call0(fy_obj *f) { return fy_call(f, NULL, 0, NULL); }
fy_obj *fy_call1(fy_obj *f, fy_obj *a) { return fy_call(f, &a, 1, NULL); }
fy_obj *fy_call2(fy_obj *f, fy_obj *a, fy_obj *b) {
    fy_obj *args[2] = {a, b};
    return fy_call(f, args, 2, NULL);
}

fy_obj *fy_call_method(fy_obj *o, const char *name, fy_obj *const *args, size_t nargs) {
    fy_obj *m = fy_getattr_cstr(o, name);
    if (!m) return NULL;
    fy_obj *r = fy_call(m, args, nargs, NULL);
    FY_DECREF(m);
    return r;
}

fy_obj *fy_call_tuple_dict(fy_obj *f, fy_obj *args, fy_obj *kwargs) {
    size_t np = args ? (size_t)FY_TUPLE_N(args) : 0;
    size_t nk = kwargs ? (size_t)((fy_dict *)kwargs)->used : 0;
    if (!nk) return fy_call(f, np ? FY_TUPLE_ITEMS(args) : NULL, np, NULL);
    fy_obj *stackbuf[16];
    fy_obj **buf = np + nk <= 16 ? stackbuf : fy_malloc((np + nk) * sizeof(fy_obj *));
    if (!buf) return NULL;
    for (size_t i = 0; i < np; i++) buf[i] = FY_TUPLE_ITEMS(args)[i];
    fy_obj *names = fy_tuple_new(nk);
    if (!names) {
        if (buf != stackbuf) fy_free(buf);
        return NULL;
    }
    int64_t pos = 0;
    fy_obj *k, *v;
    size_t i = 0;
    while (fy_dict_next(kwargs, &pos, &k, &v)) {
        if (!FY_STR_CHECK(k)) {
            FY_DECREF(names);
            if (buf != stackbuf) fy_free(buf);
            return fy_err_set(&fy_TypeError, "keywords must be strings");
        }
        fy_tuple_set_steal(names, i, fy_ref(k));
        buf[np + i] = v;
        i++;
    }
    fy_obj *r = fy_call(f, buf, np, names);
    FY_DECREF(names);
    if (buf != stackbuf) fy_free(buf);
    return r;
}

int fy_no_kwargs(const char *fname, fy_obj *kwnames) {
    if (kwnames && FY_TUPLE_N(kwnames)) {
        fy_err_format(&fy_TypeError, "%s() takes no keyword arguments", fname);
        return -1;
    }
    return 0;
}

int fy_check_nargs(const char *fname, size_t nargs, size_t min, size_t max) {
    if (nargs >= min && nargs <= max) return 0;
    if (min == max) {
        if (min == 0) fy_err_format(&fy_TypeError, "%s() takes no arguments (%zu given)", fname, nargs);
        else if (min == 1) fy_err_format(&fy_TypeError, "%s() takes exactly one argument (%zu given)", fname, nargs);
        else fy_err_format(&fy_TypeError, "%s expected %zu arguments, got %zu", fname, min, nargs);
    } else if (nargs < min) {
        fy_err_format(&fy_TypeError, "%s expected at least %zu argument%s, got %zu", fname, min, min == 1 ? "" : "s",
                      nargs);
    } else {
        fy_err_format(&fy_TypeError, "%s expected at most %zu argument%s, got %zu", fname, max, max == 1 ? "" : "s",
                      nargs);
    }
    return -1;
}

int fy_parse_args(const char *fname, fy_obj *const *args, size_t nargs, fy_obj *kwnames, const char *const *names,
                  int nreq, int npos, int nparams, fy_obj **out) {
    for (int i = 0; i < nparams; i++) out[i] = NULL;
    if ((int)nargs > npos) {
        if (npos == nparams && nreq == npos)
            fy_err_format(&fy_TypeError, "%s() takes exactly %d argument%s (%zu given)", fname, npos,
                          npos == 1 ? "" : "s", nargs);
        else
            fy_err_format(&fy_TypeError, "%s() takes at most %d argument%s (%zu given)", fname, npos,
                          npos == 1 ? "" : "s", nargs);
        return -1;
    }
    for (size_t i = 0; i < nargs; i++) out[i] = args[i];
    size_t nk = fy_kwcount(kwnames);
    for (size_t k = 0; k < nk; k++) {
        fy_obj *kn = FY_TUPLE_ITEMS(kwnames)[k];
        int found = -1;
        for (int i = 0; names && i < nparams && names[i]; i++)
            if (fy_str_eq_cstr(kn, names[i])) {
                found = i;
                break;
            }
        if (found < 0) {
            fy_err_format(&fy_TypeError, "%s() got an unexpected keyword argument '%s'", fname, FY_STR_DATA(kn));
            return -1;
        }
        if (out[found]) {
            fy_err_format(&fy_TypeError, "argument for %s() given by name ('%s') and position (%d)", fname,
                          names[found], found + 1);
            return -1;
        }
        out[found] = args[nargs + k];
    }
    for (int i = 0; i < nreq; i++)
        if (!out[i]) {
            if (names && names[i] && i >= (int)nargs)
                fy_err_format(&fy_TypeError, "%s() missing required argument '%s' (pos %d)", fname, names[i], i + 1);
            else
                fy_err_format(&fy_TypeError, "%s() takes at least %d argument%s (%zu given)", fname, nreq,
                              nreq == 1 ? "" : "s", nargs);
            return -1;
        }
    return 0;
}

/* ------------------------------------------------------------------ numbers */

static const char *nb_syms[FY_NB_COUNT] = {"+",  "-",  "*", "@", "/", "%", "** or pow()",
                                           "<<", ">>", "|", "^", "&", "//"};
static const char *nb_isyms[FY_NB_COUNT] = {
    "+=", "-=", "*=", "@=", "/=", "%=", "**=", "<<=", ">>=", "|=", "^=", "&=", "//="};
const char *fy_nb_symbol(int op) { return op == FY_NB_POW ? "**" : nb_syms[op]; }

static fy_obj *binop_try(fy_obj *a, fy_obj *b, int op, bool inplace) {
    fy_type *ta = a->type, *tb = b->type;
    if (inplace && ta->inb[op]) {
        fy_obj *r = ta->inb[op](a, b);
        if (r != fy_NotImplemented) return r;
        FY_DECREF(r);
    }
    fy_binfn sa = ta->nb[op];
    fy_binfn sb = tb != ta ? tb->nb[op] : NULL;
    if (sb == sa) sb = NULL;
    if (sa) {
        if (sb && fy_type_is_subtype(tb, ta)) {
            fy_obj *r = sb(a, b);
            if (r != fy_NotImplemented) return r;
            FY_DECREF(r);
            sb = NULL;
        }
        fy_obj *r = sa(a, b);
        if (r != fy_NotImplemented) return r;
        FY_DECREF(r);
    }
    if (sb) {
        fy_obj *r = sb(a, b);
        if (r != fy_NotImplemented) return r;
        FY_DECREF(r);
    }
    return fy_NotImplemented;
}

fy_obj *fy_binop(fy_obj *a, fy_obj *b, int op) {
    fy_obj *r = binop_try(a, b, op, false);
    if (r != fy_NotImplemented) return r;
    if (op == FY_NB_ADD && a->type != b->type && (FY_STR_CHECK(a) || FY_LIST_CHECK(a) || FY_TUPLE_CHECK(a)))
        return fy_err_format(&fy_TypeError, "can only concatenate %s (not \"%s\") to %s", a->type->name, b->type->name,
                             a->type->name);
    if (op == FY_NB_POW)
        return fy_err_format(&fy_TypeError, "unsupported operand type(s) for ** or pow(): '%s' and '%s'", a->type->name,
                             b->type->name);
    return fy_err_format(&fy_TypeError, "unsupported operand type(s) for %s: '%s' and '%s'", nb_syms[op], a->type->name,
                         b->type->name);
}

fy_obj *fy_inplace_op(fy_obj *a, fy_obj *b, int op) {
    fy_obj *r = binop_try(a, b, op, true);
    if (r != fy_NotImplemented) return r;
    if (op == FY_NB_ADD && (FY_STR_CHECK(a) || FY_LIST_CHECK(a) || FY_TUPLE_CHECK(a)))
        return fy_err_format(&fy_TypeError, "can only concatenate %s (not \"%s\") to %s", a->type->name, b->type->name,
                             a->type->name);
    return fy_err_format(&fy_TypeError, "unsupported operand type(s) for %s: '%s' and '%s'", nb_isyms[op],
                         a->type->name, b->type->name);
}

#define UNARY(fn, slot, sym) \
    fy_obj *fn(fy_obj *a) { \
        if (a->type->slot) return a->type->slot(a); \
        return fy_err_format(&fy_TypeError, "bad operand type for " sym ": '%s'", a->type->name); \
    }
UNARY(fy_neg, neg, "unary -")
UNARY(fy_pos, pos, "unary +")
UNARY(fy_invert, invert, "unary ~")
UNARY(fy_abs, abs, "abs()")

fy_obj *fy_number_index(fy_obj *o) {
    if (FY_INT_CHECK(o)) return fy_ref(o);
    if (o->type->index) {
        fy_obj *r = o->type->index(o);
        if (r && !FY_INT_CHECK(r)) {
            fy_err_format(&fy_TypeError, "__index__ returned non-int (type %s)", r->type->name);
            FY_DECREF(r);
            return NULL;
        }
        return r;
    }
    return fy_err_format(&fy_TypeError, "'%s' object cannot be interpreted as an integer", o->type->name);
}

int fy_index(fy_obj *o, int64_t *out) { return fy_index_msg(o, out, "Python int too large to convert to C ssize_t"); }

int fy_index_msg(fy_obj *o, int64_t *out, const char *msg) {
    if (FY_INT_CHECK(o)) return fy_int_to_i64_msg(o, out, msg);
    if (o->type->index) {
        fy_obj *r = o->type->index(o);
        if (!r) return -1;
        if (!FY_INT_CHECK(r)) {
            fy_err_format(&fy_TypeError, "__index__ returned non-int (type %s)", r->type->name);
            FY_DECREF(r);
            return -1;
        }
        int rc = fy_int_to_i64_msg(r, out, msg);
        FY_DECREF(r);
        return rc;
    }
    fy_err_format(&fy_TypeError, "'%s' object cannot be interpreted as an integer", o->type->name);
    return -1;
}

/* ------------------------------------------------------------------ comparison */

static const char *cmp_syms[6] = {"==", "!=", "<", "<=", ">", ">="};
static const int cmp_swap[6] = {FY_EQ_OP, FY_NE_OP, FY_GT_OP, FY_GE_OP, FY_LT_OP, FY_LE_OP};

fy_obj *fy_richcmp(fy_obj *a, fy_obj *b, int op) {
    fy_type *ta = a->type, *tb = b->type;
    bool checked_reverse = false;
    if (ta != tb && tb->richcmp && fy_type_is_subtype(tb, ta)) {
        checked_reverse = true;
        fy_obj *r = tb->richcmp(b, a, cmp_swap[op]);
        if (!r || r != fy_NotImplemented) return r;
        FY_DECREF(r);
    }
    if (ta->richcmp) {
        fy_obj *r = ta->richcmp(a, b, op);
        if (!r || r != fy_NotImplemented) return r;
        FY_DECREF(r);
    }
    if (!checked_reverse && tb->richcmp) {
        fy_obj *r = tb->richcmp(b, a, cmp_swap[op]);
        if (!r || r != fy_NotImplemented) return r;
        FY_DECREF(r);
    }
    if (op == FY_EQ_OP) return fy_bool(a == b);
    if (op == FY_NE_OP) return fy_bool(a != b);
    return fy_err_format(&fy_TypeError, "'%s' not supported between instances of '%s' and '%s'", cmp_syms[op], ta->name,
                         tb->name);
}

int fy_richcmp_bool(fy_obj *a, fy_obj *b, int op) {
    if (FY_INT_EXACT(a) && FY_INT_EXACT(b) && FY_INT_BOTH_SMALL(a, b)) {
        int64_t x = FY_INT_VAL(a), y = FY_INT_VAL(b);
        switch (op) {
        case FY_EQ_OP: return x == y;
        case FY_NE_OP: return x != y;
        case FY_LT_OP: return x < y;
        case FY_LE_OP: return x <= y;
        case FY_GT_OP: return x > y;
        default: return x >= y;
        }
    }
    fy_obj *r = fy_richcmp(a, b, op);
    if (!r) return -1;
    int t = fy_truthy(r);
    FY_DECREF(r);
    return t;
}

int fy_eq(fy_obj *a, fy_obj *b) {
    if (a == b) return 1;
    if (a->type == &fy_str_type && b->type == &fy_str_type) return fy_str_eq(a, b);
    return fy_richcmp_bool(a, b, FY_EQ_OP);
}

/* ------------------------------------------------------------------ containers */

int64_t fy_len(fy_obj *o) {
    if (o->type->len) return o->type->len(o);
    fy_err_format(&fy_TypeError, "object of type '%s' has no len()", o->type->name);
    return -1;
}

fy_obj *fy_getitem(fy_obj *o, fy_obj *key) {
    if (o->type->getitem) return o->type->getitem(o, key);
    if (o->type == &fy_type_type || fy_type_is_subtype(o->type, &fy_type_type)) {
        /* list[int] and friends: __class_getitem__ or a generic alias (we return the class) */
        fy_obj *cg = fy_type_lookup((fy_type *)o, fy_intern("__class_getitem__"));
        if (cg) {
            fy_obj *f = cg->type->descr_get ? cg->type->descr_get(cg, NULL, (fy_type *)o) : fy_ref(cg);
            if (!f) return NULL;
            fy_obj *r = fy_call1(f, key);
            FY_DECREF(f);
            return r;
        }
        return fy_ref(o);
    }
    return fy_err_format(&fy_TypeError, "'%s' object is not subscriptable", o->type->name);
}

int fy_setitem(fy_obj *o, fy_obj *key, fy_obj *v) {
    if (o->type->setitem) return o->type->setitem(o, key, v);
    fy_err_format(&fy_TypeError, "'%s' object does not support item assignment", o->type->name);
    return -1;
}

int fy_delitem(fy_obj *o, fy_obj *key) {
    if (o->type->setitem) return o->type->setitem(o, key, NULL);
    fy_err_format(&fy_TypeError, "'%s' object does not support item deletion", o->type->name);
    return -1;
}

int fy_contains(fy_obj *c, fy_obj *item) {
    if (c->type->contains) return c->type->contains(c, item);
    fy_obj *it = fy_iter(c);
    if (!it) {
        if (fy_err_matches(&fy_TypeError)) {
            fy_err_clear();
            fy_err_format(&fy_TypeError, "argument of type '%s' is not iterable", c->type->name);
        }
        return -1;
    }
    fy_obj *x;
    while ((x = fy_iter_next(it))) {
        int r = fy_eq(x, item);
        FY_DECREF(x);
        if (r != 0) {
            FY_DECREF(it);
            return r;
        }
    }
    FY_DECREF(it);
    return fy_err_occurred() ? -1 : 0;
}

/* Iterator over an object with only __getitem__ (old sequence protocol). */
typedef struct {
    fy_obj h;
    fy_obj *seq;
    int64_t i;
} seqiter;
static fy_obj *seqiter_next(fy_obj *o) {
    seqiter *s = (seqiter *)o;
    if (!s->seq) return NULL;
    fy_obj *k = fy_int_from(s->i);
    fy_obj *r = fy_getitem(s->seq, k);
    FY_DECREF(k);
    if (!r) {
        if (fy_err_matches(&fy_IndexError) || fy_err_matches(&fy_StopIteration)) {
            fy_err_clear();
            FY_CLEAR(s->seq);
        }
        return NULL;
    }
    s->i++;
    return r;
}
static void seqiter_dealloc(fy_obj *o) { FY_XDECREF(((seqiter *)o)->seq); }
static int seqiter_traverse(fy_obj *o, fy_visitfn v, void *a) {
    return ((seqiter *)o)->seq ? v(((seqiter *)o)->seq, a) : 0;
}
static fy_obj *self_iter(fy_obj *o) { return fy_ref(o); }
fy_type fy_seqiter_type = {FY_TYPE_INIT("iterator", sizeof(seqiter)),
                           .flags = FY_TPF_GC,
                           .dealloc = seqiter_dealloc,
                           .traverse = seqiter_traverse,
                           .iter = self_iter,
                           .next = seqiter_next};

fy_obj *fy_iter(fy_obj *o) {
    fy_type *t = o->type;
    if (t->iter) {
        fy_obj *r = t->iter(o);
        if (r && !r->type->next) {
            fy_err_format(&fy_TypeError, "iter() returned non-iterator of type '%s'", r->type->name);
            FY_DECREF(r);
            return NULL;
        }
        return r;
    }
    if (t->getitem && !FY_DICT_CHECK(o)) {
        seqiter *s = (seqiter *)fy_alloc(&fy_seqiter_type);
        if (!s) return NULL;
        s->seq = fy_ref(o);
        return &s->h;
    }
    return fy_err_format(&fy_TypeError, "'%s' object is not iterable", t->name);
}

fy_obj *fy_iter_next(fy_obj *it) {
    fy_unaryfn n = it->type->next;
    if (!n) return fy_err_format(&fy_TypeError, "'%s' object is not an iterator", it->type->name);
    if (fy_cur && fy_step(fy_cur) < 0) return NULL;
    return n(it);
}

fy_obj **fy_seq_items(fy_obj *o, size_t *n) {
    if (FY_LIST_CHECK(o)) {
        *n = FY_LIST_N(o);
        return FY_LIST_ITEMS(o);
    }
    if (FY_TUPLE_CHECK(o)) {
        *n = FY_TUPLE_N(o);
        return FY_TUPLE_ITEMS(o);
    }
    return NULL;
}

fy_obj *fy_sequence_list(fy_obj *iterable) {
    fy_obj *l = fy_list_new(0);
    if (!l) return NULL;
    if (fy_list_extend(l, iterable) < 0) {
        FY_DECREF(l);
        return NULL;
    }
    return l;
}

fy_obj *fy_sequence_tuple(fy_obj *iterable) {
    if (FY_TYPE(iterable) == &fy_tuple_type) return fy_ref(iterable);
    if (FY_LIST_CHECK(iterable)) return fy_tuple_from(FY_LIST_ITEMS(iterable), FY_LIST_N(iterable));
    fy_obj *l = fy_sequence_list(iterable);
    if (!l) return NULL;
    fy_obj *t = fy_list_as_tuple(l);
    FY_DECREF(l);
    return t;
}

/* ------------------------------------------------------------------ recursion / interrupts */

int fy_check_interrupt(void) {
    fy_interp *ip = fy_cur;
    if (ip && ip->interrupt) {
        ip->interrupt = 0;
        fy_err_set(&fy_KeyboardInterrupt, "");
        return -1;
    }
    return 0;
}

int fy_enter_recursive(const char *where) {
    fy_interp *ip = fy_cur;
    char probe;
    if (ip && ip->stack_limit && &probe < ip->stack_limit) {
        fy_err_format(&fy_RecursionError, "maximum recursion depth exceeded%s", where);
        return -1;
    }
    return 0;
}
void fy_leave_recursive(void) {}

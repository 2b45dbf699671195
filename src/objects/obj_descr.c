/* obj_descr.c - callables and descriptors: builtin functions, method descriptors, getset
 * descriptors, bound methods, staticmethod, classmethod, property, super, cell. */
#include <string.h>
#include "exec/interp.h"
#include "objects/object.h"
#include "objects/objects_int.h"
#include "exec/vm.h"

/* ------------------------------------------------------------------ builtin function */

fy_obj *fy_cfunction_new(fy_methoddef *def, fy_obj *self) {
    fy_cfunction *f = (fy_cfunction *)fy_alloc(&fy_cfunction_type);
    if (!f) return NULL;
    f->def = def;
    f->self = self ? fy_ref(self) : NULL;
    return &f->h;
}
static void cfunc_dealloc(fy_obj *o) {
    FY_XDECREF(((fy_cfunction *)o)->self);
    FY_XDECREF(((fy_cfunction *)o)->module);
}
static int cfunc_traverse(fy_obj *o, fy_visitfn v, void *a) {
    fy_cfunction *f = (fy_cfunction *)o;
    return (f->self && v(f->self, a)) || (f->module && v(f->module, a));
}
static fy_obj *cfunc_call(fy_obj *o, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    fy_cfunction *f = (fy_cfunction *)o;
    return f->def->fn(f->self, args, nargs, kw);
}
static fy_obj *cfunc_repr(fy_obj *o) {
    fy_cfunction *f = (fy_cfunction *)o;
    if (!f->self || FY_TYPE(f->self) == &fy_module_type) return fy_str_printf("<built-in function %s>", f->def->name);
    if (fy_isinstance_of(f->self, &fy_type_type))
        return fy_str_printf("<built-in method %s of type object at %p>", f->def->name, (void *)f->self);
    return fy_str_printf("<built-in method %s of %s object at %p>", f->def->name, f->self->type->name, (void *)f->self);
}
static fy_obj *cfunc_name(fy_obj *o) { return fy_str_from_cstr(((fy_cfunction *)o)->def->name); }
static fy_obj *cfunc_doc(fy_obj *o) {
    const char *d = ((fy_cfunction *)o)->def->doc;
    return d ? fy_str_from_cstr(d) : fy_none();
}
static fy_obj *cfunc_self(fy_obj *o) {
    fy_cfunction *f = (fy_cfunction *)o;
    return fy_ref(f->self ? f->self : fy_None);
}
static fy_obj *cfunc_module(fy_obj *o) {
    fy_cfunction *f = (fy_cfunction *)o;
    if (f->module) return fy_ref(f->module);
    if (f->self && FY_TYPE(f->self) == &fy_module_type) return fy_ref(((fy_module *)f->self)->name);
    return fy_none();
}
static int64_t cfunc_hash(fy_obj *o) { return (int64_t)(((uintptr_t)o) >> 4); }
static fy_obj *cfunc_richcmp(fy_obj *a, fy_obj *b, int op) {
    if (FY_TYPE(b) != &fy_cfunction_type || (op != FY_EQ_OP && op != FY_NE_OP)) return fy_ref(fy_NotImplemented);
    fy_cfunction *x = (fy_cfunction *)a, *y = (fy_cfunction *)b;
    bool eq = x->def == y->def && x->self == y->self;
    return fy_bool(op == FY_EQ_OP ? eq : !eq);
}
static fy_getsetdef cfunc_getsets[] = {
    {"__name__", cfunc_name, NULL, NULL}, {"__qualname__", cfunc_name, NULL, NULL}, {"__doc__", cfunc_doc, NULL, NULL},
    {"__self__", cfunc_self, NULL, NULL}, {"__module__", cfunc_module, NULL, NULL}, {NULL}};
fy_type fy_cfunction_type = {FY_TYPE_INIT("builtin_function_or_method", sizeof(fy_cfunction)),
                             .flags = FY_TPF_GC | FY_TPF_FINAL,
                             .dealloc = cfunc_dealloc,
                             .traverse = cfunc_traverse,
                             .call = cfunc_call,
                             .repr = cfunc_repr,
                             .getsets = cfunc_getsets,
                             .hash = cfunc_hash,
                             .richcmp = cfunc_richcmp};

/* ------------------------------------------------------------------ method descriptor */

typedef struct {
    fy_obj h;
    fy_methoddef *def;
    fy_type *owner;
} methoddescr;

fy_obj *fy_methoddescr_new(fy_methoddef *def, fy_type *owner) {
    methoddescr *d = (methoddescr *)fy_alloc(&fy_methoddescr_type);
    if (!d) return NULL;
    d->def = def;
    d->owner = owner;
    return &d->h;
}
static fy_obj *md_get(fy_obj *o, fy_obj *obj, fy_type *owner) {
    methoddescr *d = (methoddescr *)o;
    if (d->def->flags & FY_METH_CLASS) return fy_cfunction_new(d->def, (fy_obj *)(owner ? owner : obj->type));
    if (d->def->flags & FY_METH_STATIC) return fy_cfunction_new(d->def, NULL);
    if (!obj) return fy_ref(o);
    return fy_cfunction_new(d->def, obj);
}
static fy_obj *md_call(fy_obj *o, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    methoddescr *d = (methoddescr *)o;
    if (d->def->flags & FY_METH_STATIC) return d->def->fn(NULL, args, nargs, kw);
    if (d->def->flags & FY_METH_CLASS) {
        if (nargs < 1) return fy_err_format(&fy_TypeError, "descriptor '%s' needs a type", d->def->name);
        return d->def->fn(args[0], args + 1, nargs - 1, kw);
    }
    if (nargs < 1)
        return fy_err_format(&fy_TypeError, "unbound method %s.%s() needs an argument", d->owner->name, d->def->name);
    if (!fy_isinstance_of(args[0], d->owner))
        return fy_err_format(&fy_TypeError, "descriptor '%s' for '%s' objects doesn't apply to a '%s' object",
                             d->def->name, d->owner->name, args[0]->type->name);
    return d->def->fn(args[0], args + 1, nargs - 1, kw);
}
static fy_obj *md_repr(fy_obj *o) {
    methoddescr *d = (methoddescr *)o;
    return fy_str_printf("<method '%s' of '%s' objects>", d->def->name, d->owner->name);
}
static fy_obj *md_name(fy_obj *o) { return fy_str_from_cstr(((methoddescr *)o)->def->name); }
static fy_obj *md_doc(fy_obj *o) {
    const char *d = ((methoddescr *)o)->def->doc;
    return d ? fy_str_from_cstr(d) : fy_none();
}
static fy_obj *md_qualname(fy_obj *o) {
    methoddescr *d = (methoddescr *)o;
    return fy_str_printf("%s.%s", d->owner->name, d->def->name);
}
static fy_getsetdef md_getsets[] = {{"__name__", md_name, NULL, NULL},
                                    {"__doc__", md_doc, NULL, NULL},
                                    {"__qualname__", md_qualname, NULL, NULL},
                                    {NULL}};
fy_type fy_methoddescr_type = {FY_TYPE_INIT("method_descriptor", sizeof(methoddescr)),
                               .flags = FY_TPF_FINAL,
                               .descr_get = md_get,
                               .call = md_call,
                               .repr = md_repr,
                               .getsets = md_getsets};

/* The C function behind a method descriptor (for the VM's fast method calls); NULL if o is not one. */
fy_methoddef *fy_methoddescr_def(fy_obj *o) {
    if (FY_TYPE(o) != &fy_methoddescr_type) return NULL;
    methoddescr *d = (methoddescr *)o;
    return d->def->flags ? NULL : d->def;
}

/* ------------------------------------------------------------------ getset descriptor */

typedef struct {
    fy_obj h;
    fy_getsetdef *def;
    fy_type *owner;
} getsetdescr;
fy_obj *fy_getsetdescr_new(fy_getsetdef *def, fy_type *owner) {
    getsetdescr *d = (getsetdescr *)fy_alloc(&fy_getsetdescr_type);
    if (!d) return NULL;
    d->def = def;
    d->owner = owner;
    return &d->h;
}
static fy_obj *gs_get(fy_obj *o, fy_obj *obj, fy_type *owner) {
    getsetdescr *d = (getsetdescr *)o;
    if (!obj) return fy_ref(o);
    if (!fy_isinstance_of(obj, d->owner))
        return fy_err_format(&fy_TypeError, "descriptor '%s' for '%s' objects doesn't apply to a '%s' object",
                             d->def->name, d->owner->name, obj->type->name);
    return d->def->get(obj);
}
static int gs_set(fy_obj *o, fy_obj *obj, fy_obj *v) {
    getsetdescr *d = (getsetdescr *)o;
    if (!d->def->set) {
        fy_err_format(&fy_AttributeError, "attribute '%s' of '%s' objects is not writable", d->def->name,
                      d->owner->name);
        return -1;
    }
    return d->def->set(obj, v);
}
static fy_obj *gs_repr(fy_obj *o) {
    getsetdescr *d = (getsetdescr *)o;
    return fy_str_printf("<attribute '%s' of '%s' objects>", d->def->name, d->owner->name);
}
fy_type fy_getsetdescr_type = {FY_TYPE_INIT("getset_descriptor", sizeof(getsetdescr)), .flags = FY_TPF_FINAL,
                               .descr_get = gs_get, .descr_set = gs_set, .repr = gs_repr};

/* ------------------------------------------------------------------ bound method */

fy_obj *fy_method_new(fy_obj *func, fy_obj *self) {
    fy_method *m = (fy_method *)fy_alloc(&fy_method_type);
    if (!m) return NULL;
    m->func = fy_ref(func);
    m->self = fy_ref(self);
    return &m->h;
}
static void meth_dealloc(fy_obj *o) {
    FY_XDECREF(((fy_method *)o)->func);
    FY_XDECREF(((fy_method *)o)->self);
}
static int meth_traverse(fy_obj *o, fy_visitfn v, void *a) {
    fy_method *m = (fy_method *)o;
    return (m->func && v(m->func, a)) || (m->self && v(m->self, a));
}
static void meth_clear(fy_obj *o) {
    FY_CLEAR(((fy_method *)o)->func);
    FY_CLEAR(((fy_method *)o)->self);
}
static fy_obj *meth_call(fy_obj *o, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    fy_method *m = (fy_method *)o;
    if (!m->func) return fy_err_set(&fy_SystemError, "dead method");
    size_t total = nargs + fy_kwcount(kw);
    fy_obj *stackbuf[12];
    fy_obj **buf = total + 1 <= 12 ? stackbuf : fy_malloc((total + 1) * sizeof(fy_obj *));
    if (!buf) return NULL;
    buf[0] = m->self;
    for (size_t i = 0; i < total; i++) buf[i + 1] = args[i];
    fy_obj *r = fy_call(m->func, buf, nargs + 1, kw);
    if (buf != stackbuf) fy_free(buf);
    return r;
}
static fy_obj *meth_repr(fy_obj *o) {
    fy_method *m = (fy_method *)o;
    fy_obj *qn = fy_getattr_opt(m->func, fy_intern("__qualname__"));
    if (!qn) {
        fy_err_clear();
        qn = fy_str_from_cstr("?");
    }
    fy_obj *r = fy_str_printf("<bound method %S of %R>", qn, m->self);
    FY_DECREF(qn);
    return r;
}
static fy_obj *meth_getattr(fy_obj *o, fy_obj *name) {
    fy_obj *r = fy_generic_getattr(o, name);
    if (r || !fy_err_matches(&fy_AttributeError)) return r;
    fy_err_clear();
    return fy_getattr(((fy_method *)o)->func, name);
}
static fy_obj *meth_func(fy_obj *o) { return fy_ref(((fy_method *)o)->func); }
static fy_obj *meth_self(fy_obj *o) { return fy_ref(((fy_method *)o)->self); }
static fy_obj *meth_richcmp(fy_obj *a, fy_obj *b, int op) {
    if (FY_TYPE(b) != &fy_method_type || (op != FY_EQ_OP && op != FY_NE_OP)) return fy_ref(fy_NotImplemented);
    fy_method *x = (fy_method *)a, *y = (fy_method *)b;
    bool eq = x->func == y->func && x->self == y->self;
    return fy_bool(op == FY_EQ_OP ? eq : !eq);
}
static int64_t meth_hash(fy_obj *o) {
    fy_method *m = (fy_method *)o;
    return (int64_t)((((uintptr_t)m->func) >> 4) ^ (((uintptr_t)m->self) >> 4));
}
static fy_getsetdef meth_getsets[] = {{"__func__", meth_func, NULL, NULL}, {"__self__", meth_self, NULL, NULL}, {NULL}};
fy_type fy_method_type = {FY_TYPE_INIT("method", sizeof(fy_method)),
                          .flags = FY_TPF_GC | FY_TPF_FINAL,
                          .dealloc = meth_dealloc,
                          .traverse = meth_traverse,
                          .clear = meth_clear,
                          .call = meth_call,
                          .repr = meth_repr,
                          .getattr = meth_getattr,
                          .getsets = meth_getsets,
                          .richcmp = meth_richcmp,
                          .hash = meth_hash};

/* ------------------------------------------------------------------ staticmethod / classmethod */

static void wr_dealloc(fy_obj *o) { FY_XDECREF(((fy_wrapper *)o)->callable); }
static int wr_traverse(fy_obj *o, fy_visitfn v, void *a) {
    return ((fy_wrapper *)o)->callable ? v(((fy_wrapper *)o)->callable, a) : 0;
}
static void wr_clear(fy_obj *o) { FY_CLEAR(((fy_wrapper *)o)->callable); }
static fy_obj *wr_new(fy_type *t, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    if (fy_check_nargs(t->name, nargs, 1, 1) < 0) return NULL;
    fy_wrapper *w = (fy_wrapper *)fy_alloc(t);
    if (!w) return NULL;
    w->callable = fy_ref(args[0]);
    return &w->h;
}
static fy_obj *sm_get(fy_obj *o, fy_obj *obj, fy_type *owner) { return fy_ref(((fy_wrapper *)o)->callable); }
static fy_obj *cm_get(fy_obj *o, fy_obj *obj, fy_type *owner) {
    fy_obj *c = ((fy_wrapper *)o)->callable;
    fy_obj *cls = owner ? (fy_obj *)owner : (fy_obj *)obj->type;
    if (c->type->descr_get && FY_TYPE(c) != &fy_function_type && FY_TYPE(c) != &fy_cfunction_type)
        return c->type->descr_get(c, cls, (fy_type *)cls);
    return fy_method_new(c, cls);
}
static fy_obj *sm_call(fy_obj *o, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    return fy_call(((fy_wrapper *)o)->callable, args, nargs, kw);
}
static fy_obj *wr_func(fy_obj *o) { return fy_ref(((fy_wrapper *)o)->callable); }
static fy_obj *wr_getattr(fy_obj *o, fy_obj *name) {
    fy_obj *r = fy_generic_getattr(o, name);
    if (r || !fy_err_matches(&fy_AttributeError)) return r;
    const char *n = FY_STR_DATA(name);
    if (!strcmp(n, "__name__") || !strcmp(n, "__qualname__") || !strcmp(n, "__doc__") ||
        !strcmp(n, "__isabstractmethod__")) {
        fy_err_clear();
        return fy_getattr(((fy_wrapper *)o)->callable, name);
    }
    return NULL;
}
static fy_getsetdef wr_getsets[] = {{"__func__", wr_func, NULL, NULL}, {"__wrapped__", wr_func, NULL, NULL}, {NULL}};
fy_type fy_staticmethod_type = {FY_TYPE_INIT("staticmethod", sizeof(fy_wrapper)),
                                .doc = "staticmethod(function) -> method",
                                .flags = FY_TPF_GC,
                                .dealloc = wr_dealloc,
                                .traverse = wr_traverse,
                                .clear = wr_clear,
                                .new_ = wr_new,
                                .descr_get = sm_get,
                                .call = sm_call,
                                .getsets = wr_getsets,
                                .getattr = wr_getattr};
fy_type fy_classmethod_type = {FY_TYPE_INIT("classmethod", sizeof(fy_wrapper)),
                               .doc = "classmethod(function) -> method",
                               .flags = FY_TPF_GC,
                               .dealloc = wr_dealloc,
                               .traverse = wr_traverse,
                               .clear = wr_clear,
                               .new_ = wr_new,
                               .descr_get = cm_get,
                               .getsets = wr_getsets,
                               .getattr = wr_getattr};

/* ------------------------------------------------------------------ property */

static void prop_dealloc(fy_obj *o) {
    fy_property *p = (fy_property *)o;
    FY_XDECREF(p->fget);
    FY_XDECREF(p->fset);
    FY_XDECREF(p->fdel);
    FY_XDECREF(p->doc);
    FY_XDECREF(p->name);
}
static int prop_traverse(fy_obj *o, fy_visitfn v, void *a) {
    fy_property *p = (fy_property *)o;
    return (p->fget && v(p->fget, a)) || (p->fset && v(p->fset, a)) || (p->fdel && v(p->fdel, a)) ||
           (p->doc && v(p->doc, a));
}
static void prop_clear(fy_obj *o) {
    fy_property *p = (fy_property *)o;
    FY_CLEAR(p->fget);
    FY_CLEAR(p->fset);
    FY_CLEAR(p->fdel);
    FY_CLEAR(p->doc);
}
static fy_obj *prop_new(fy_type *t, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    static const char *const names[] = {"fget", "fset", "fdel", "doc", NULL};
    fy_obj *a[4];
    if (fy_parse_args("property", args, nargs, kw, names, 0, 4, 4, a) < 0) return NULL;
    fy_property *p = (fy_property *)fy_alloc(t);
    if (!p) return NULL;
    for (int i = 0; i < 4; i++)
        if (a[i] == fy_None) a[i] = NULL;
    p->fget = a[0] ? fy_ref(a[0]) : NULL;
    p->fset = a[1] ? fy_ref(a[1]) : NULL;
    p->fdel = a[2] ? fy_ref(a[2]) : NULL;
    if (a[3]) p->doc = fy_ref(a[3]);
    else if (a[0]) {
        fy_obj *d = fy_getattr_opt(a[0], fy_intern("__doc__"));
        if (!d) fy_err_clear();
        p->doc = d;
    }
    if (a[0]) {
        fy_obj *n = fy_getattr_opt(a[0], fy_intern("__name__"));
        if (!n) fy_err_clear();
        p->name = n;
    }
    return &p->h;
}
static int prop_init(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) { return 0; }
static const char *prop_name(fy_property *p) { return p->name && FY_STR_CHECK(p->name) ? FY_STR_DATA(p->name) : "?"; }
static fy_obj *prop_get(fy_obj *o, fy_obj *obj, fy_type *owner) {
    fy_property *p = (fy_property *)o;
    if (!obj) return fy_ref(o);
    if (!p->fget)
        return fy_err_format(&fy_AttributeError, "property '%s' of '%s' object has no getter", prop_name(p),
                             obj->type->name);
    return fy_call1(p->fget, obj);
}
static int prop_set(fy_obj *o, fy_obj *obj, fy_obj *v) {
    fy_property *p = (fy_property *)o;
    fy_obj *f = v ? p->fset : p->fdel;
    if (!f) {
        fy_err_format(&fy_AttributeError,
                      v ? "property '%s' of '%s' object has no setter" : "property '%s' of '%s' object has no deleter",
                      prop_name(p), obj->type->name);
        return -1;
    }
    fy_obj *r = v ? fy_call2(f, obj, v) : fy_call1(f, obj);
    if (!r) return -1;
    FY_DECREF(r);
    return 0;
}
static fy_obj *prop_copy(fy_obj *o, fy_obj *g, fy_obj *s, fy_obj *d) {
    fy_property *p = (fy_property *)o;
    fy_property *n = (fy_property *)fy_alloc(o->type);
    if (!n) return NULL;
    n->fget = g ? g : p->fget;
    n->fset = s ? s : p->fset;
    n->fdel = d ? d : p->fdel;
    FY_XINCREF(n->fget);
    FY_XINCREF(n->fset);
    FY_XINCREF(n->fdel);
    n->doc = p->doc ? fy_ref(p->doc) : NULL;
    n->name = p->name ? fy_ref(p->name) : NULL;
    if (g && !n->name) {
        n->name = fy_getattr_opt(g, fy_intern("__name__"));
        if (!n->name) fy_err_clear();
    }
    return &n->h;
}
static fy_obj *prop_getter(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_check_nargs("getter", n, 1, 1) < 0) return NULL;
    return prop_copy(self, a[0], NULL, NULL);
}
static fy_obj *prop_setter(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_check_nargs("setter", n, 1, 1) < 0) return NULL;
    return prop_copy(self, NULL, a[0], NULL);
}
static fy_obj *prop_deleter(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_check_nargs("deleter", n, 1, 1) < 0) return NULL;
    return prop_copy(self, NULL, NULL, a[0]);
}
static fy_obj *prop_set_name(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (n == 2) FY_SETREF(((fy_property *)self)->name, fy_ref(a[1]));
    return fy_none();
}
static fy_obj *prop_fget(fy_obj *o) {
    fy_obj *f = ((fy_property *)o)->fget;
    return fy_ref(f ? f : fy_None);
}
static fy_obj *prop_fset(fy_obj *o) {
    fy_obj *f = ((fy_property *)o)->fset;
    return fy_ref(f ? f : fy_None);
}
static fy_obj *prop_fdel(fy_obj *o) {
    fy_obj *f = ((fy_property *)o)->fdel;
    return fy_ref(f ? f : fy_None);
}
static fy_obj *prop_doc(fy_obj *o) {
    fy_obj *f = ((fy_property *)o)->doc;
    return fy_ref(f ? f : fy_None);
}
static fy_obj *prop_isabs(fy_obj *o) {
    fy_property *p = (fy_property *)o;
    if (p->fget) {
        fy_obj *r = fy_getattr_opt(p->fget, fy_intern("__isabstractmethod__"));
        if (r) return r;
        fy_err_clear();
    }
    return fy_bool(false);
}
static fy_methoddef prop_methods[] = {{"getter", prop_getter, 0, NULL},
                                      {"setter", prop_setter, 0, NULL},
                                      {"deleter", prop_deleter, 0, NULL},
                                      {"__set_name__", prop_set_name, 0, NULL},
                                      {NULL}};
static fy_getsetdef prop_getsets[] = {{"fget", prop_fget, NULL, NULL},
                                      {"fset", prop_fset, NULL, NULL},
                                      {"fdel", prop_fdel, NULL, NULL},
                                      {"__doc__", prop_doc, NULL, NULL},
                                      {"__isabstractmethod__", prop_isabs, NULL, NULL},
                                      {NULL}};
fy_type fy_property_type = {FY_TYPE_INIT("property", sizeof(fy_property)),
                            .doc = "property(fget=None, fset=None, fdel=None, doc=None)",
                            .flags = FY_TPF_GC,
                            .dealloc = prop_dealloc,
                            .traverse = prop_traverse,
                            .clear = prop_clear,
                            .new_ = prop_new,
                            .init = prop_init,
                            .descr_get = prop_get,
                            .descr_set = prop_set,
                            .methods = prop_methods,
                            .getsets = prop_getsets};

/* ------------------------------------------------------------------ super */

typedef struct {
    fy_obj h;
    fy_type *type;
    fy_obj *obj;
    fy_type *obj_type;
} superobj;

static fy_obj *super_new(fy_type *t, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    fy_type *type;
    fy_obj *obj = NULL;
    if (nargs == 0) {
        if (fy_super_zero_args(&type, &obj) < 0) return NULL;
    } else {
        if (!fy_isinstance_of(args[0], &fy_type_type))
            return fy_err_format(&fy_TypeError, "super() argument 1 must be a type, not %s", args[0]->type->name);
        type = (fy_type *)args[0];
        obj = nargs > 1 ? args[1] : NULL;
    }
    fy_type *ot = NULL;
    if (obj) {
        if (fy_isinstance_of(obj, &fy_type_type) && fy_type_is_subtype((fy_type *)obj, type)) ot = (fy_type *)obj;
        else if (fy_isinstance_of(obj, type)) ot = obj->type;
        else return fy_err_set(&fy_TypeError, "super(type, obj): obj must be an instance or subtype of type");
    }
    superobj *s = (superobj *)fy_alloc(t);
    if (!s) return NULL;
    s->type = type;
    FY_INCREF(type);
    s->obj = obj ? fy_ref(obj) : NULL;
    s->obj_type = ot;
    if (ot) FY_INCREF(ot);
    return &s->h;
}
static int super_init(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) { return 0; }
static void super_dealloc(fy_obj *o) {
    superobj *s = (superobj *)o;
    FY_XDECREF((fy_obj *)s->type);
    FY_XDECREF(s->obj);
    FY_XDECREF((fy_obj *)s->obj_type);
}
static int super_traverse(fy_obj *o, fy_visitfn v, void *a) {
    superobj *s = (superobj *)o;
    return (s->obj && v(s->obj, a)) || (s->type && v((fy_obj *)s->type, a));
}
static fy_obj *super_getattr(fy_obj *o, fy_obj *name) {
    superobj *s = (superobj *)o;
    if (s->obj_type && !fy_str_eq_cstr(name, "__class__")) {
        fy_obj *mro = s->obj_type->mro;
        int64_t n = FY_TUPLE_N(mro), i;
        for (i = 0; i < n; i++)
            if ((fy_type *)FY_TUPLE_ITEMS(mro)[i] == s->type) break;
        for (i++; i < n; i++) {
            fy_type *b = (fy_type *)FY_TUPLE_ITEMS(mro)[i];
            fy_obj *r = b->dict ? fy_dict_get_str(b->dict, name) : NULL;
            if (!r) continue;
            if (r->type->descr_get)
                return r->type->descr_get(r, s->obj == (fy_obj *)s->obj_type ? NULL : s->obj, s->obj_type);
            return fy_ref(r);
        }
    }
    fy_obj *r = fy_generic_getattr(o, name);
    if (!r && fy_err_matches(&fy_AttributeError)) {
        fy_err_clear();
        fy_err_format(&fy_AttributeError, "'super' object has no attribute '%s'", FY_STR_DATA(name));
    }
    return r;
}
static fy_obj *super_repr(fy_obj *o) {
    superobj *s = (superobj *)o;
    if (s->obj_type) return fy_str_printf("<super: <class '%s'>, <%s object>>", s->type->name, s->obj_type->name);
    return fy_str_printf("<super: <class '%s'>, NULL>", s->type->name);
}
fy_type fy_super_type = {FY_TYPE_INIT("super", sizeof(superobj)),
                         .flags = FY_TPF_GC,
                         .doc = "super() -> same as super(__class__, <first argument>)",
                         .dealloc = super_dealloc,
                         .traverse = super_traverse,
                         .new_ = super_new,
                         .init = super_init,
                         .getattr = super_getattr,
                         .repr = super_repr};

/* ------------------------------------------------------------------ cell */

fy_obj *fy_cell_new(fy_obj *v) {
    fy_cell *c = (fy_cell *)fy_alloc(&fy_cell_type);
    if (!c) return NULL;
    c->ref = v ? fy_ref(v) : NULL;
    return &c->h;
}
static void cell_dealloc(fy_obj *o) { FY_XDECREF(((fy_cell *)o)->ref); }
static int cell_traverse(fy_obj *o, fy_visitfn v, void *a) {
    return ((fy_cell *)o)->ref ? v(((fy_cell *)o)->ref, a) : 0;
}
static void cell_clear(fy_obj *o) { FY_CLEAR(((fy_cell *)o)->ref); }
static fy_obj *cell_contents(fy_obj *o) {
    fy_cell *c = (fy_cell *)o;
    if (!c->ref) return fy_err_set(&fy_ValueError, "Cell is empty");
    return fy_ref(c->ref);
}
static fy_getsetdef cell_getsets[] = {{"cell_contents", cell_contents, NULL, NULL}, {NULL}};
fy_type fy_cell_type = {FY_TYPE_INIT("cell", sizeof(fy_cell)),
                        .flags = FY_TPF_GC | FY_TPF_FINAL,
                        .dealloc = cell_dealloc,
                        .traverse = cell_traverse,
                        .clear = cell_clear,
                        .getsets = cell_getsets};

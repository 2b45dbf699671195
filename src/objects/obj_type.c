/* obj_type.c - `type` and `object`: type readiness, C3 MRO, class creation, attribute lookup
 * on types, instance creation. Slot plumbing between dunders and C slots is in obj_slots.c. */
#include <stdio.h>
#include <string.h>
#include "objects/gc.h"
#include "exec/interp.h"
#include "objects/object.h"
#include "objects/objects_int.h"
#include "exec/vm.h"

uint64_t fy_type_epoch = 1;

/* ------------------------------------------------------------------ MRO */

bool fy_type_is_subtype(fy_type *t, fy_type *base) {
    if (t == base) return true;
    fy_obj *mro = t->mro;
    if (mro) {
        for (int64_t i = 0; i < FY_TUPLE_N(mro); i++)
            if ((fy_type *)FY_TUPLE_ITEMS(mro)[i] == base) return true;
        return false;
    }
    for (fy_type *b = t->base; b; b = b->base)
        if (b == base) return true;
    return base == &fy_object_type;
}

/* Method cache: (type, name) -> result, valid while the epoch is unchanged. */
#define MCACHE_SIZE 4096
static struct {
    fy_type *t;
    fy_obj *name;
    fy_obj *v;
    uint64_t epoch;
} mcache[MCACHE_SIZE];

fy_obj *fy_type_lookup(fy_type *t, fy_obj *name) {
    uintptr_t h = (((uintptr_t)t >> 4) ^ ((uintptr_t)name >> 4) * 31) & (MCACHE_SIZE - 1);
    bool interned = ((fy_strobj *)name)->interned;
    if (interned && mcache[h].t == t && mcache[h].name == name && mcache[h].epoch == fy_type_epoch) return mcache[h].v;
    fy_obj *res = NULL;
    fy_obj *mro = t->mro;
    if (!mro) {
        for (fy_type *b = t; b && !res; b = b->base)
            if (b->dict) res = fy_dict_get_str(b->dict, name);
    } else {
        for (int64_t i = 0; i < FY_TUPLE_N(mro); i++) {
            fy_type *b = (fy_type *)FY_TUPLE_ITEMS(mro)[i];
            if (!b->dict) continue;
            res = fy_dict_get_str(b->dict, name);
            if (res) break;
        }
    }
    if (interned) {
        mcache[h].t = t;
        mcache[h].name = name;
        mcache[h].v = res;
        mcache[h].epoch = fy_type_epoch;
    }
    return res;
}

fy_obj *fy_type_lookup_cstr(fy_type *t, const char *name) { return fy_type_lookup(t, fy_intern(name)); }

/* C3 linearization of t given its bases tuple. Returns a new tuple or NULL (TypeError). */
static fy_obj *c3_mro(fy_type *t, fy_obj *bases) {
    int64_t nb = FY_TUPLE_N(bases);
    if (nb == 0) return fy_tuple_pack(1, (fy_obj *)t);
    if (nb == 1) {
        fy_type *b = (fy_type *)FY_TUPLE_ITEMS(bases)[0];
        int64_t n = FY_TUPLE_N(b->mro);
        fy_obj *r = fy_tuple_new(n + 1);
        if (!r) return NULL;
        FY_TUPLE_ITEMS(r)[0] = fy_ref((fy_obj *)t);
        for (int64_t i = 0; i < n; i++) FY_TUPLE_ITEMS(r)[i + 1] = fy_ref(FY_TUPLE_ITEMS(b->mro)[i]);
        return r;
    }
    /* sequences: each base's MRO, then the bases list */
    int64_t nseq = nb + 1;
    fy_obj **seqs[64];
    int64_t lens[64], pos[64];
    if (nseq > 64) return fy_err_set(&fy_TypeError, "too many base classes");
    for (int64_t i = 0; i < nb; i++) {
        fy_type *b = (fy_type *)FY_TUPLE_ITEMS(bases)[i];
        seqs[i] = FY_TUPLE_ITEMS(b->mro);
        lens[i] = FY_TUPLE_N(b->mro);
        pos[i] = 0;
    }
    seqs[nb] = FY_TUPLE_ITEMS(bases);
    lens[nb] = nb;
    pos[nb] = 0;
    fy_obj *res = fy_list_new(0);
    if (!res || fy_list_append(res, (fy_obj *)t) < 0) {
        FY_XDECREF(res);
        return NULL;
    }
    for (;;) {
        bool any = false;
        fy_obj *cand = NULL;
        for (int64_t i = 0; i < nseq; i++) {
            if (pos[i] >= lens[i]) continue;
            any = true;
            fy_obj *c = seqs[i][pos[i]];
            bool in_tail = false;
            for (int64_t j = 0; j < nseq && !in_tail; j++)
                for (int64_t k = pos[j] + 1; k < lens[j]; k++)
                    if (seqs[j][k] == c) {
                        in_tail = true;
                        break;
                    }
            if (!in_tail) {
                cand = c;
                break;
            }
        }
        if (!any) break;
        if (!cand) {
            fy_sbuf b = {0};
            fy_sbuf_adds(&b, "Cannot create a consistent method resolution\norder (MRO) for bases");
            for (int64_t i = 0; i < nb; i++) {
                fy_sbuf_adds(&b, i ? ", " : " ");
                fy_sbuf_adds(&b, ((fy_type *)FY_TUPLE_ITEMS(bases)[i])->name);
            }
            fy_obj *m = fy_sbuf_finish(&b);
            if (m) {
                fy_err_set_obj(&fy_TypeError, m);
                FY_DECREF(m);
            }
            FY_DECREF(res);
            return NULL;
        }
        if (fy_list_append(res, cand) < 0) {
            FY_DECREF(res);
            return NULL;
        }
        for (int64_t i = 0; i < nseq; i++)
            if (pos[i] < lens[i] && seqs[i][pos[i]] == cand) pos[i]++;
    }
    fy_obj *r = fy_list_as_tuple(res);
    FY_DECREF(res);
    return r;
}

/* ------------------------------------------------------------------ readiness */

static void inherit_slots(fy_type *t, fy_type *b) {
#define INH(f) \
    if (!t->f) t->f = b->f
    INH(repr);
    INH(str);
    INH(richcmp);
    INH(truth);
    INH(getattr);
    INH(setattr);
    INH(descr_get);
    INH(descr_set);
    INH(call);
    INH(len);
    INH(getitem);
    INH(setitem);
    INH(contains);
    INH(iter);
    INH(next);
    INH(neg);
    INH(pos);
    INH(invert);
    INH(abs);
    INH(index);
    INH(to_int);
    INH(to_float);
    INH(init);
    INH(new_);
    for (int i = 0; i < FY_NB_COUNT; i++) {
        INH(nb[i]);
        INH(inb[i]);
    }
    if (!t->hash && !t->richcmp) t->hash = b->hash;
    else if (!t->hash && t->richcmp == b->richcmp) t->hash = b->hash;
    if (!t->traverse && (b->flags & FY_TPF_GC)) {
        t->traverse = b->traverse;
        t->clear = b->clear;
    }
    if (!t->dealloc) t->dealloc = b->dealloc;
#undef INH
    t->flags |= b->flags & (FY_TPF_INT_SUB | FY_TPF_STR_SUB | FY_TPF_TUPLE_SUB | FY_TPF_LIST_SUB | FY_TPF_DICT_SUB |
                            FY_TPF_EXC_SUB | FY_TPF_TYPE_SUB | FY_TPF_GC | FY_TPF_VARSIZE | FY_TPF_BYTES_SUB);
}

int fy_type_ready(fy_type *t) {
    if (t->flags & FY_TPF_READY) return 0;
    if (t != &fy_object_type && !t->base) t->base = &fy_object_type;
    if (t->base && !(t->base->flags & FY_TPF_READY) && fy_type_ready(t->base) < 0) return -1;
    t->flags |= FY_TPF_READY;
    if (!t->bases) t->bases = t->base ? fy_tuple_pack(1, (fy_obj *)t->base) : fy_empty_tuple();
    if (!t->mro) {
        t->mro = c3_mro(t, t->bases);
        if (!t->mro) return -1;
    }
    if (!t->dict) t->dict = fy_dict_new();
    if (!t->dict) return -1;
    if (t->base) inherit_slots(t, t->base);
    for (fy_methoddef *m = t->methods; m && m->name; m++) {
        if (fy_dict_get_cstr(t->dict, m->name)) continue;
        fy_obj *d = fy_methoddescr_new(m, t);
        if (!d || fy_dict_set_cstr(t->dict, m->name, d) < 0) return -1;
        FY_DECREF(d);
    }
    for (fy_getsetdef *g = t->getsets; g && g->name; g++) {
        if (fy_dict_get_cstr(t->dict, g->name)) continue;
        fy_obj *d = fy_getsetdescr_new(g, t);
        if (!d || fy_dict_set_cstr(t->dict, g->name, d) < 0) return -1;
        FY_DECREF(d);
    }
    fy_slots_add_wrappers(t);
    if (t->doc && !fy_dict_get_cstr(t->dict, "__doc__")) {
        fy_obj *d = fy_str_from_cstr(t->doc);
        fy_dict_set_cstr(t->dict, "__doc__", d);
        FY_XDECREF(d);
    }
    fy_type_epoch++;
    return 0;
}

int fy_type_add(fy_type *t, const char *name, fy_obj *value) {
    fy_type_epoch++;
    return fy_dict_set_cstr(t->dict, name, value);
}

/* ------------------------------------------------------------------ class creation */

static fy_type *solid_base(fy_type *t) {
    while (t->flags & FY_TPF_HEAP) t = t->base;
    return t;
}

/* Pick the primary base: the one whose solid layout is most derived. */
static fy_type *best_base(fy_obj *bases) {
    fy_type *best = NULL, *bsolid = NULL;
    for (int64_t i = 0; i < FY_TUPLE_N(bases); i++) {
        fy_type *b = (fy_type *)FY_TUPLE_ITEMS(bases)[i];
        fy_type *s = solid_base(b);
        if (!best || fy_type_is_subtype(s, bsolid)) {
            best = b;
            bsolid = s;
        } else if (!fy_type_is_subtype(bsolid, s)) {
            fy_err_set(&fy_TypeError, "multiple bases have instance lay-out conflict");
            return NULL;
        }
    }
    return best;
}

fy_obj *fy_type_new_meta(fy_type *meta, fy_obj *name, fy_obj *bases, fy_obj *dict) {
    if (!FY_STR_CHECK(name)) return fy_err_set(&fy_TypeError, "type.__new__() argument 1 must be str");
    fy_obj *own_bases = NULL;
    if (!bases || FY_TUPLE_N(bases) == 0) own_bases = fy_tuple_pack(1, (fy_obj *)&fy_object_type);
    else own_bases = fy_ref(bases);
    for (int64_t i = 0; i < FY_TUPLE_N(own_bases); i++) {
        fy_obj *b = FY_TUPLE_ITEMS(own_bases)[i];
        if (!fy_isinstance_of(b, &fy_type_type)) {
            FY_DECREF(own_bases);
            return fy_err_format(&fy_TypeError, "bases must be types");
        }
        if (((fy_type *)b)->flags & FY_TPF_FINAL) {
            FY_DECREF(own_bases);
            return fy_err_format(&fy_TypeError, "type '%s' is not an acceptable base type", ((fy_type *)b)->name);
        }
    }
    fy_type *base = best_base(own_bases);
    if (!base) {
        FY_DECREF(own_bases);
        return NULL;
    }
    fy_type *t = (fy_type *)fy_alloc_size(meta, meta->basicsize > sizeof(fy_type) ? meta->basicsize : sizeof(fy_type));
    if (!t) {
        FY_DECREF(own_bases);
        return NULL;
    }
    t->flags = FY_TPF_HEAP | FY_TPF_READY | FY_TPF_GC;
    t->name_obj = fy_ref(name);
    t->name = FY_STR_DATA(name);
    t->base = base;
    FY_INCREF(base);
    t->bases = own_bases;
    t->dict = fy_dict_copy(dict);
    if (!t->dict) goto fail;
    t->mro = c3_mro(t, own_bases);
    if (!t->mro) goto fail;
    /* layout: base layout + an instance dict unless the base already has one */
    t->basicsize = base->basicsize;
    t->dictoffset = base->dictoffset;
    if (!t->dictoffset && (base->flags & FY_TPF_VARSIZE) && !fy_type_is_subtype(base, &fy_type_type)) {
        t->dictoffset = FY_DICTOFF_VAR; /* after the items: see fy_instance_dict_ptr */
    } else if (!t->dictoffset && !fy_type_is_subtype(base, &fy_type_type)) {
        t->dictoffset = t->basicsize;
        t->basicsize += sizeof(fy_obj *);
    }
    inherit_slots(t, base);
    t->flags |= FY_TPF_GC;
    t->dealloc = NULL;
    fy_obj *mod = fy_dict_get_cstr(t->dict, "__module__");
    if (!mod && fy_cur && fy_cur->frame) {
        fy_obj *g = fy_frame_globals();
        fy_obj *mn = g ? fy_dict_get_cstr(g, "__name__") : NULL;
        if (mn) fy_dict_set_cstr(t->dict, "__module__", mn);
    }
    mod = fy_dict_get_cstr(t->dict, "__module__");
    t->module = mod ? fy_ref(mod) : NULL;
    fy_obj *qn = fy_dict_get_cstr(t->dict, "__qualname__");
    t->qualname = qn ? fy_ref(qn) : fy_ref(name);
    if (qn) fy_dict_del(t->dict, fy_intern("__qualname__"));
    /* __eq__ without __hash__ makes instances unhashable */
    if (fy_dict_get_cstr(t->dict, "__eq__") && !fy_dict_get_cstr(t->dict, "__hash__"))
        fy_dict_set_cstr(t->dict, "__hash__", fy_None);
    /* __init_subclass__ / __class_getitem__ are implicit classmethods, __new__ a staticmethod */
    static const char *implicit_cm[] = {"__init_subclass__", "__class_getitem__"};
    for (int i = 0; i < 2; i++) {
        fy_obj *f = fy_dict_get_cstr(t->dict, implicit_cm[i]);
        if (f && FY_TYPE(f) == &fy_function_type) {
            fy_wrapper *w = (fy_wrapper *)fy_alloc(&fy_classmethod_type);
            if (!w) goto fail;
            w->callable = fy_ref(f);
            fy_dict_set_cstr(t->dict, implicit_cm[i], &w->h);
            FY_DECREF(w);
        }
    }
    fy_obj *nf = fy_dict_get_cstr(t->dict, "__new__");
    if (nf && FY_TYPE(nf) == &fy_function_type) {
        fy_wrapper *w = (fy_wrapper *)fy_alloc(&fy_staticmethod_type);
        if (!w) goto fail;
        w->callable = fy_ref(nf);
        fy_dict_set_cstr(t->dict, "__new__", &w->h);
        FY_DECREF(w);
    }
    fy_obj *doc = fy_dict_get_cstr(t->dict, "__doc__");
    if (!doc) fy_dict_set_cstr(t->dict, "__doc__", fy_None);
    fy_type_epoch++;
    fy_slots_fixup_heap(t);
    /* __set_name__ on attributes */
    int64_t pos = 0;
    fy_obj *k, *v;
    fy_obj *items = fy_list_new(0);
    while (items && fy_dict_next(t->dict, &pos, &k, &v)) {
        fy_obj *pair = fy_tuple_pack(2, k, v);
        fy_list_append_steal(items, pair);
    }
    for (int64_t i = 0; items && i < FY_LIST_N(items); i++) {
        fy_obj *pair = FY_LIST_ITEMS(items)[i];
        fy_obj *val = FY_TUPLE_ITEMS(pair)[1];
        fy_obj *sn = fy_type_lookup(val->type, fy_intern("__set_name__"));
        if (sn) {
            fy_obj *args[3] = {val, (fy_obj *)t, FY_TUPLE_ITEMS(pair)[0]};
            fy_obj *r = fy_call(sn, args, 3, NULL);
            if (!r) {
                FY_DECREF(items);
                goto fail;
            }
            FY_DECREF(r);
        }
    }
    FY_XDECREF(items);
    return (fy_obj *)t;
fail:
    FY_DECREF(t);
    return NULL;
}

/* Call __init_subclass__ of the parent (after the class object exists). */
int fy_type_init_subclass(fy_obj *t, fy_obj *kwnames, fy_obj *const *kwvals) {
    fy_obj *sup_args[2] = {(fy_obj *)&fy_super_type, NULL};
    (void)sup_args;
    fy_type *ty = (fy_type *)t;
    fy_obj *mro = ty->mro;
    for (int64_t i = 1; i < FY_TUPLE_N(mro); i++) {
        fy_type *b = (fy_type *)FY_TUPLE_ITEMS(mro)[i];
        fy_obj *f = fy_dict_get_cstr(b->dict, "__init_subclass__");
        if (!f) continue;
        fy_obj *bound = f->type->descr_get ? f->type->descr_get(f, NULL, ty) : fy_ref(f);
        if (!bound) return -1;
        fy_obj *r = fy_call(bound, kwvals, 0, kwnames);
        FY_DECREF(bound);
        if (!r) return -1;
        FY_DECREF(r);
        return 0;
    }
    return 0;
}

fy_obj *fy_type_new_heap(fy_obj *name, fy_obj *bases, fy_obj *dict) {
    fy_obj *t = fy_type_new_meta(&fy_type_type, name, bases, dict);
    if (t && fy_type_init_subclass(t, NULL, NULL) < 0) {
        FY_DECREF(t);
        return NULL;
    }
    return t;
}

/* ------------------------------------------------------------------ type's slots */

static fy_obj *type_call(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    fy_type *t = (fy_type *)self;
    if (t == &fy_type_type && nargs == 1 && !fy_kwcount(kw)) return fy_ref((fy_obj *)args[0]->type);
    if (!t->new_) return fy_err_format(&fy_TypeError, "cannot create '%s' instances", t->name);
    fy_obj *o = t->new_(t, args, nargs, kw);
    if (!o) return NULL;
    if (!fy_isinstance_of(o, t)) return o;
    fy_type *ot = o->type;
    if (ot->init) {
        if (ot->init(o, args, nargs, kw) < 0) {
            FY_DECREF(o);
            return NULL;
        }
    }
    return o;
}

static fy_obj *type_new(fy_type *meta, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    if (nargs == 1 && !fy_kwcount(kw)) return fy_ref((fy_obj *)args[0]->type);
    if (nargs != 3) return fy_err_set(&fy_TypeError, "type() takes 1 or 3 arguments");
    if (!FY_TUPLE_CHECK(args[1]) || !FY_DICT_CHECK(args[2]))
        return fy_err_set(&fy_TypeError, "type.__new__() argument 2 must be tuple, argument 3 must be dict");
    fy_obj *t = fy_type_new_meta(meta, args[0], args[1], args[2]);
    if (t && fy_type_init_subclass(t, kw, args + nargs) < 0) {
        FY_DECREF(t);
        return NULL;
    }
    return t;
}
static int type_init(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) { return 0; }

static fy_obj *type_repr(fy_obj *o) {
    fy_type *t = (fy_type *)o;
    if (t->module && FY_STR_CHECK(t->module) && !fy_str_eq_cstr(t->module, "builtins"))
        return fy_str_printf("<class '%s.%s'>", FY_STR_DATA(t->module),
                             t->qualname ? FY_STR_DATA(t->qualname) : t->name);
    return fy_str_printf("<class '%s'>", t->name);
}

static fy_obj *type_getattr(fy_obj *o, fy_obj *name) {
    fy_type *t = (fy_type *)o, *meta = o->type;
    fy_obj *ma = fy_type_lookup(meta, name);
    if (ma && ma->type->descr_get && ma->type->descr_set) return ma->type->descr_get(ma, o, meta);
    fy_obj *a = fy_type_lookup(t, name);
    if (a) {
        if (a->type->descr_get) return a->type->descr_get(a, NULL, t);
        return fy_ref(a);
    }
    if (ma) {
        if (ma->type->descr_get) return ma->type->descr_get(ma, o, meta);
        return fy_ref(ma);
    }
    if (meta->flags & FY_TPF_HEAP) {
        fy_obj *ga = fy_type_lookup(meta, fy_intern("__getattr__"));
        if (ga) return fy_call2(ga, o, name);
    }
    return fy_err_format(&fy_AttributeError, "type object '%s' has no attribute '%s'", t->name, FY_STR_DATA(name));
}

static int type_setattr(fy_obj *o, fy_obj *name, fy_obj *v) {
    fy_type *t = (fy_type *)o;
    fy_obj *ma = fy_type_lookup(o->type, name);
    if (ma && ma->type->descr_set) return ma->type->descr_set(ma, o, v);
    if (!(t->flags & FY_TPF_HEAP)) {
        fy_err_format(&fy_TypeError, "cannot set '%s' attribute of immutable type '%s'", FY_STR_DATA(name), t->name);
        return -1;
    }
    fy_type_epoch++;
    int r;
    if (v) r = fy_dict_set(t->dict, name, v);
    else {
        r = fy_dict_del(t->dict, name);
        if (r == 1) {
            fy_err_format(&fy_AttributeError, "type object '%s' has no attribute '%s'", t->name, FY_STR_DATA(name));
            return -1;
        }
    }
    const char *s = FY_STR_DATA(name);
    if (r == 0 && s[0] == '_' && s[1] == '_') fy_slots_fixup_heap(t);
    return r;
}

static void type_dealloc(fy_obj *o) {
    fy_type *t = (fy_type *)o;
    if (!(t->flags & FY_TPF_HEAP)) return;
    FY_XDECREF(t->dict);
    FY_XDECREF(t->bases);
    FY_XDECREF(t->mro);
    FY_XDECREF(t->qualname);
    FY_XDECREF(t->module);
    FY_XDECREF((fy_obj *)t->base);
    FY_XDECREF(t->name_obj);
    fy_type_epoch++;
}
static int type_traverse(fy_obj *o, fy_visitfn v, void *a) {
    fy_type *t = (fy_type *)o;
    if (!(t->flags & FY_TPF_HEAP)) return 0;
    if (t->dict && v(t->dict, a)) return 1;
    if (t->bases && v(t->bases, a)) return 1;
    if (t->mro && v(t->mro, a)) return 1;
    if (t->base && v((fy_obj *)t->base, a)) return 1;
    return 0;
}
static void type_clear(fy_obj *o) {
    fy_type *t = (fy_type *)o;
    if (!(t->flags & FY_TPF_HEAP)) return;
    FY_CLEAR(t->dict);
    FY_CLEAR(t->mro);
    fy_type_epoch++;
}

static fy_obj *type_get_name(fy_obj *o) {
    fy_type *t = (fy_type *)o;
    return t->name_obj ? fy_ref(t->name_obj) : fy_str_from_cstr(t->name);
}
static int type_set_name(fy_obj *o, fy_obj *v) {
    fy_type *t = (fy_type *)o;
    if (!(t->flags & FY_TPF_HEAP) || !v || !FY_STR_CHECK(v)) {
        fy_err_set(&fy_TypeError, "can only assign string to __name__");
        return -1;
    }
    FY_SETREF(t->name_obj, fy_ref(v));
    t->name = FY_STR_DATA(v);
    return 0;
}
static fy_obj *type_get_qualname(fy_obj *o) {
    fy_type *t = (fy_type *)o;
    return t->qualname ? fy_ref(t->qualname) : type_get_name(o);
}
static int type_set_qualname(fy_obj *o, fy_obj *v) {
    fy_type *t = (fy_type *)o;
    if (!v || !FY_STR_CHECK(v)) {
        fy_err_set(&fy_TypeError, "can only assign string to __qualname__");
        return -1;
    }
    FY_SETREF(t->qualname, fy_ref(v));
    return 0;
}
static fy_obj *type_get_module(fy_obj *o) {
    fy_type *t = (fy_type *)o;
    if (t->flags & FY_TPF_HEAP) {
        fy_obj *m = fy_dict_get_cstr(t->dict, "__module__");
        if (m) return fy_ref(m);
    }
    return fy_ref(t->module ? t->module : fy_intern("builtins"));
}
static int type_set_module(fy_obj *o, fy_obj *v) {
    fy_type *t = (fy_type *)o;
    if (!(t->flags & FY_TPF_HEAP) || !v) {
        fy_err_set(&fy_TypeError, "cannot set __module__");
        return -1;
    }
    FY_SETREF(t->module, fy_ref(v));
    return fy_dict_set_cstr(t->dict, "__module__", v);
}
static fy_obj *type_get_bases(fy_obj *o) {
    return fy_ref(((fy_type *)o)->bases ? ((fy_type *)o)->bases : fy_empty_tuple());
}
static fy_obj *type_get_base(fy_obj *o) {
    return fy_ref(((fy_type *)o)->base ? (fy_obj *)((fy_type *)o)->base : fy_None);
}
static fy_obj *type_get_mro(fy_obj *o) { return fy_ref(((fy_type *)o)->mro); }
static fy_obj *type_get_dict(fy_obj *o) { return fy_dict_copy(((fy_type *)o)->dict); }
static fy_obj *type_get_doc(fy_obj *o) {
    fy_type *t = (fy_type *)o;
    fy_obj *d = fy_dict_get_cstr(t->dict, "__doc__");
    if (d && d->type->descr_get) return d->type->descr_get(d, NULL, t);
    return fy_ref(d ? d : fy_None);
}
static fy_obj *type_mro_m(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    return fy_sequence_list(((fy_type *)self)->mro);
}
static fy_obj *type_subclasses(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) { return fy_list_new(0); }
static fy_obj *type_instancecheck(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_check_nargs("__instancecheck__", n, 1, 1) < 0) return NULL;
    return fy_bool(fy_isinstance_of(a[0], (fy_type *)self));
}
static fy_obj *type_subclasscheck(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_check_nargs("__subclasscheck__", n, 1, 1) < 0) return NULL;
    if (!fy_isinstance_of(a[0], &fy_type_type)) return fy_err_set(&fy_TypeError, "issubclass() arg 1 must be a class");
    return fy_bool(fy_type_is_subtype((fy_type *)a[0], (fy_type *)self));
}
static fy_obj *type_prepare(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) { return fy_dict_new(); }
static fy_obj *type_or(fy_obj *a, fy_obj *b) {
    /* X | Y in annotations: return a tuple-like union object; we keep it simple: a tuple */
    if ((a == fy_None || fy_isinstance_of(a, &fy_type_type)) &&
        (b == fy_None || fy_isinstance_of(b, &fy_type_type) || FY_TUPLE_CHECK(b)))
        return fy_tuple_pack(2, a, b);
    return fy_ref(fy_NotImplemented);
}

static fy_getsetdef type_getsets[] = {{"__name__", type_get_name, type_set_name, NULL},
                                      {"__qualname__", type_get_qualname, type_set_qualname, NULL},
                                      {"__module__", type_get_module, type_set_module, NULL},
                                      {"__bases__", type_get_bases, NULL, NULL},
                                      {"__base__", type_get_base, NULL, NULL},
                                      {"__mro__", type_get_mro, NULL, NULL},
                                      {"__dict__", type_get_dict, NULL, NULL},
                                      {"__doc__", type_get_doc, NULL, NULL},
                                      {NULL}};
static fy_methoddef type_methods[] = {{"mro", type_mro_m, 0, "mro()\nReturn a type's method resolution order."},
                                      {"__subclasses__", type_subclasses, 0, NULL},
                                      {"__instancecheck__", type_instancecheck, 0, NULL},
                                      {"__subclasscheck__", type_subclasscheck, 0, NULL},
                                      {"__prepare__", type_prepare, FY_METH_CLASS, NULL},
                                      {NULL}};

static int64_t object_hash(fy_obj *o) {
    uintptr_t p = (uintptr_t)o;
    return (int64_t)((p >> 4) | (p << (8 * sizeof(p) - 4))) & INT64_MAX;
}

fy_type fy_type_type = {
    FY_TYPE_INIT("type", sizeof(fy_type)),
    .doc = "type(object) -> the object's type\ntype(name, bases, dict, **kwds) -> a new type",
    .flags = FY_TPF_GC | FY_TPF_TYPE_SUB,
    .dealloc = type_dealloc,
    .traverse = type_traverse,
    .clear = type_clear,
    .call = type_call,
    .new_ = type_new,
    .init = type_init,
    .repr = type_repr,
    .getattr = type_getattr,
    .setattr = type_setattr,
    .hash = object_hash,
    .nb = {[FY_NB_OR] = type_or},
    .getsets = type_getsets,
    .methods = type_methods,
};

/* ------------------------------------------------------------------ object */

static fy_obj *object_new(fy_type *t, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    if (nargs || fy_kwcount(kw)) {
        if (t->new_ != object_new)
            return fy_err_set(&fy_TypeError, "object.__new__() takes exactly one argument (the type to instantiate)");
        if (t->init == fy_object_init) return fy_err_format(&fy_TypeError, "%s() takes no arguments", t->name);
    }
    if (t->flags & FY_TPF_HEAP) {
        static fy_obj *abs_name;
        if (!abs_name) abs_name = fy_intern("__abstractmethods__");
        fy_obj *abs = abs_name ? fy_dict_get_str(t->dict, abs_name) : NULL;
        if (abs && fy_truthy(abs) > 0)
            return fy_err_format(&fy_TypeError, "Can't instantiate abstract class %s", t->name);
    }
    return fy_alloc(t);
}

int fy_object_init(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    fy_type *t = self->type;
    if (nargs || fy_kwcount(kw)) {
        if (t->init != fy_object_init) {
            fy_err_set(&fy_TypeError, "object.__init__() takes exactly one argument (the instance to initialize)");
            return -1;
        }
        if (t->new_ == object_new) {
            fy_err_format(&fy_TypeError, "%s() takes no arguments", t->name);
            return -1;
        }
    }
    return 0;
}

static fy_obj *object_repr(fy_obj *o) {
    fy_type *t = o->type;
    fy_obj *mod = (t->flags & FY_TPF_HEAP) ? fy_dict_get_cstr(t->dict, "__module__") : NULL;
    const char *qn = t->qualname ? FY_STR_DATA(t->qualname) : t->name;
    if (mod && FY_STR_CHECK(mod) && !fy_str_eq_cstr(mod, "builtins"))
        return fy_str_printf("<%s.%s object at %p>", FY_STR_DATA(mod), qn, (void *)o);
    return fy_str_printf("<%s object at %p>", qn, (void *)o);
}

static fy_obj *object_richcmp(fy_obj *a, fy_obj *b, int op) {
    if (op == FY_EQ_OP) return fy_ref(a == b ? fy_True : fy_NotImplemented);
    if (op == FY_NE_OP) {
        /* default __ne__ inverts __eq__ */
        fy_type *t = a->type;
        if (t->richcmp && t->richcmp != object_richcmp) {
            fy_obj *r = t->richcmp(a, b, FY_EQ_OP);
            if (!r || r == fy_NotImplemented) return r;
            int v = fy_truthy(r);
            FY_DECREF(r);
            if (v < 0) return NULL;
            return fy_bool(!v);
        }
        return fy_ref(a == b ? fy_False : fy_NotImplemented);
    }
    return fy_ref(fy_NotImplemented);
}

static fy_obj *object_get_class(fy_obj *o) { return fy_ref((fy_obj *)o->type); }
static int object_set_class(fy_obj *o, fy_obj *v) {
    if (!v || !fy_isinstance_of(v, &fy_type_type)) {
        fy_err_set(&fy_TypeError, "__class__ must be set to a class");
        return -1;
    }
    fy_type *nt = (fy_type *)v;
    if (!(nt->flags & FY_TPF_HEAP) || !(o->type->flags & FY_TPF_HEAP) || nt->basicsize != o->type->basicsize) {
        fy_err_set(&fy_TypeError, "__class__ assignment only supported for compatible heap types");
        return -1;
    }
    FY_INCREF(nt);
    fy_type *old = o->type;
    o->type = nt;
    FY_DECREF((fy_obj *)old);
    return 0;
}
static fy_obj *object_get_dict(fy_obj *o) {
    fy_obj **dp = fy_instance_dict_ptr(o);
    if (!dp) return fy_err_format(&fy_AttributeError, "'%s' object has no attribute '__dict__'", o->type->name);
    if (!*dp) *dp = fy_dict_new();
    return *dp ? fy_ref(*dp) : NULL;
}
static int object_set_dict(fy_obj *o, fy_obj *v) {
    fy_obj **dp = fy_instance_dict_ptr(o);
    if (!dp || !v || !FY_DICT_CHECK(v)) {
        fy_err_set(&fy_TypeError, "__dict__ must be set to a dictionary");
        return -1;
    }
    FY_SETREF(*dp, fy_ref(v));
    return 0;
}

static fy_obj *object_format(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_check_nargs("__format__", n, 1, 1) < 0) return NULL;
    if (FY_STR_CHECK(a[0]) && FY_STR_LEN(a[0]))
        return fy_err_format(&fy_TypeError, "unsupported format string passed to %s.__format__", self->type->name);
    return fy_str(self);
}
static fy_obj *object_dir(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) { return fy_builtin_dir_of(self); }
static fy_obj *object_init_subclass(fy_obj *cls, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (n || fy_kwcount(kw)) {
        if (fy_kwcount(kw))
            return fy_err_format(&fy_TypeError, "%s.__init_subclass__() takes no keyword arguments",
                                 ((fy_type *)cls)->name);
        return fy_err_set(&fy_TypeError, "__init_subclass__() takes no arguments");
    }
    return fy_none();
}
static fy_obj *object_reduce_ex(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    return fy_err_format(&fy_TypeError, "cannot pickle '%s' object", self->type->name);
}
static fy_obj *object_sizeof(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    return fy_int_from((int64_t)self->type->basicsize);
}

static fy_getsetdef object_getsets[] = {{"__class__", object_get_class, object_set_class, NULL}, {NULL}};
fy_getsetdef fy_instance_dict_getset = {"__dict__", object_get_dict, object_set_dict, NULL};
static fy_methoddef object_methods[] = {{"__format__", object_format, 0, NULL},
                                        {"__dir__", object_dir, 0, NULL},
                                        {"__init_subclass__", object_init_subclass, FY_METH_CLASS, NULL},
                                        {"__reduce_ex__", object_reduce_ex, 0, NULL},
                                        {"__sizeof__", object_sizeof, 0, NULL},
                                        {NULL}};

fy_type fy_object_type = {
    FY_TYPE_INIT("object", sizeof(fy_obj)),
    .doc = "The base class of the class hierarchy.",
    .new_ = object_new,
    .init = fy_object_init,
    .repr = object_repr,
    .hash = object_hash,
    .richcmp = object_richcmp,
    .getattr = fy_generic_getattr,
    .setattr = fy_generic_setattr,
    .getsets = object_getsets,
    .methods = object_methods,
};

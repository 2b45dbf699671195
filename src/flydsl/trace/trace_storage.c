/* trace_storage.c - LDS storage in traced kernels: fx.SharedAllocator() (static placement: one allocation per
 * leaf and per union, FlyDSL's fly.make_ptr {allocBytes, allocAlign} -> !fly.ptr<i8, shared>, emitted where
 * allocate() is called; the layout lowering makes each an LDS global), its Storage (.peek(), .poke(v), .field,
 * ._ptr: a union's one pointer, shared by its members) and array references (.view(layout), [i], [i] = v);
 * SharedAllocator(static=False) is FlyDSL's dynamic placement: one fly.get_dyn_shared base where the allocator
 * is made, allocations at byte offsets into it, .base_ptr that pointer, and the launch's smem at least
 * allocated_bytes (fy_ckernel.dyn_smem); fx.get_dyn_shared (fly.get_dyn_shared) and fx.recast_iter. A leaf's address is its allocation's pointer advanced by the leaf's byte
 * offset (fly.add_offset) and recast to its element type; views are fly.make_view over it, so element access is
 * the kernel tensor's. The types it places (fx.Array, fx.struct, fx.union) are trace_smem.c's. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "flydsl/api/dsl.h"
#include "flydsl/api/dsl_numeric.h"
#include "flydsl/trace/trace_int.h"
#include "flydsl/trace/trace_smem.h"

#define U(x) ((unsigned long long)(x))

/* ---- storage, array references ---- */
/* One leaf: n elements of et in LDS allocation sym (tr->lds_ssa[sym]), which holds just them (gbytes 0) or is
 * the gbytes bytes of a union with the leaf at byte offset boff. */
typedef struct leaf {
    int sym;
    fy_dsl_numeric *et;
    int64_t n;
    int is_array;
    int64_t boff, gbytes;
} leaf;
/* st: a struct or union whose storage starts at global base: its fields at byte offsets from boff of that
 * one global when gbytes > 0 (inside a union), else one global per leaf from base on (static placement);
 * no st: leaf l. extra: attributes assigned to the storage (lds.buf = lds.buf.peek()). */
typedef struct storage {
    fy_obj h;
    structty *st;
    leaf l;
    int base;
    int64_t boff, gbytes;
    fy_obj *extra;
    fy_obj *tt; /* the target type (FlyDSL's _target_type): the allocated type, a field's annotation */
    fy_obj *ptr; /* _ptr once made: a union's, which each of its members shares (FlyDSL's one pointer) */
} storage;
typedef struct aref {
    fy_obj h;
    leaf l;
} aref;
static fy_type storage_type, aref_type, sview_type;

static fy_tracer *need_tracer(const char *what) {
    fy_tracer *tr = fy_trace_cur();
    if (!tr) fy_err_format(&fy_RuntimeError, "%s is only available inside a kernel", what);
    return tr;
}

/* !fly.ptr<T, shared> of leaf l's first element: its allocation's i8 pointer (fly.make_ptr), advanced by the
 * leaf's byte offset in it and recast to the element type. */
static int leaf_ptr(fy_tracer *tr, const leaf *l, uint64_t *out) {
    if (l->sym < 0 || l->sym >= tr->nlds) return fy_err_set(&fy_RuntimeError, "LDS storage of another kernel"), -1;
    uint64_t p = tr->lds_ssa[l->sym];
    if (l->boff) { /* a union member or a field of the dynamic arena: the allocation plus the byte offset */
        uint64_t c = fy_trace_new_ssa(tr), q = fy_trace_new_ssa(tr);
        fy_trace_emit(tr, "      %%%llu = \"fly.static\"() : () -> !fly.int_tuple<%lld>", U(c), (long long)l->boff);
        fy_trace_end_line(tr);
        fy_trace_emit(
            tr,
            "      %%%llu = \"fly.add_offset\"(%%%llu, %%%llu) : (!fly.ptr<i8, shared>, !fly.int_tuple<%lld>) "
            "-> !fly.ptr<i8, shared>",
            U(q), U(p), U(c), (long long)l->boff);
        fy_trace_end_line(tr);
        p = q;
    }
    if (l->et != &fy_dsl_t_i8) {
        uint64_t c = fy_trace_new_ssa(tr), r = fy_trace_new_ssa(tr);
        fy_trace_emit(tr,
                      "      %%%llu = builtin.unrealized_conversion_cast %%%llu : !fly.ptr<i8, shared> to !llvm.ptr<3>",
                      U(c), U(p));
        fy_trace_end_line(tr);
        fy_trace_emit(tr,
                      "      %%%llu = builtin.unrealized_conversion_cast %%%llu : !llvm.ptr<3> to !fly.ptr<%s, shared>",
                      U(r), U(c), fy_trace_mlir_type(l->et));
        fy_trace_end_line(tr);
        p = r;
    }
    *out = p;
    return tr->failed ? (fy_err_nomem(), -1) : 0;
}

static fy_obj *leaf_view(const leaf *l, const fly_layout *L) {
    fy_tracer *tr = need_tracer("LDS views");
    if (!tr) return NULL;
    fly_error err;
    int64_t cos;
    if (fly_layout_cosize_static(L, &cos, &err)) return fy_dsl_raise(&err);
    if (cos > l->n) {
        char lt[512];
        fly_layout_print(L, lt, sizeof lt);
        return fy_err_format(&fy_ValueError, "view: layout %s spans %lld elements, the LDS array has %lld", lt,
                             (long long)cos, (long long)l->n);
    }
    uint64_t p;
    if (leaf_ptr(tr, l, &p) < 0) return NULL;
    uint64_t lay = fy_trace_static_layout(tr, L);
    uint64_t r = fy_trace_new_ssa(tr);
    fy_obj *res = fy_ttensor_new(r, l->et, FY_SP_SHARED, L);
    if (!res) return NULL;
    char lt[512];
    fly_layout_print(L, lt, sizeof lt);
    fy_trace_emit(tr,
                  "      %%%llu = \"fly.make_view\"(%%%llu, %%%llu) : (!fly.ptr<%s, shared>, !fly.layout<%s>) -> %s",
                  U(r), U(p), U(lay), fy_trace_mlir_type(l->et), lt, ((fy_ttensor *)res)->ty);
    fy_trace_end_line(tr);
    return res;
}

/* .view(composed): a swizzled view of the array (trace_swizzle.c), its span checked like a plain view's. */
static fy_obj *leaf_view_composed(const leaf *l, fy_obj *co) {
    fy_tracer *tr = need_tracer("LDS views");
    if (!tr) return NULL;
    const fly_composed *c = &((fy_dsl_composed *)co)->c;
    fly_error err;
    int64_t cos;
    if (fly_layout_cosize_static(&c->outer, &cos, &err)) return fy_dsl_raise(&err);
    if (cos > l->n) {
        char lt[512];
        fly_layout_print(&c->outer, lt, sizeof lt);
        return fy_err_format(&fy_ValueError, "view: layout %s spans %lld elements, the LDS array has %lld", lt,
                             (long long)cos, (long long)l->n);
    }
    uint64_t p;
    if (leaf_ptr(tr, l, &p) < 0) return NULL;
    return fy_trace_view_composed(tr, p, l->et, FY_SP_SHARED, c);
}

static fy_obj *leaf_flat(const leaf *l) {
    fly_layout L;
    memset(&L, 0, sizeof L);
    fly_inttuple_int(&L.shape, l->n);
    fly_inttuple_int(&L.stride, 1);
    return leaf_view(l, &L);
}

static fy_obj *aref_new(const leaf *l) {
    if (fy_type_ready(&aref_type) < 0) return NULL;
    aref *r = (aref *)fy_alloc(&aref_type);
    if (r) r->l = *l;
    return r ? &r->h : NULL;
}

/* peek of a leaf: the array reference, or the scalar's value. */
static fy_obj *leaf_peek(const leaf *l) {
    if (l->is_array) return aref_new(l);
    fy_obj *v = leaf_flat(l);
    if (!v) return NULL;
    fy_obj *z = fy_int_from(0);
    fy_obj *r = z ? fy_getitem(v, z) : NULL;
    FY_XDECREF(z);
    FY_DECREF(v);
    return r;
}

static fy_obj *aref_view(fy_obj *o, fy_obj *const *a, size_t na, fy_obj *kw) {
    if (fy_no_kwargs("view", kw) < 0 || fy_check_nargs("view", na, 1, 1) < 0) return NULL;
    if (fy_isinstance_of(a[0], &fy_dsl_composed_type)) return leaf_view_composed(&((aref *)o)->l, a[0]);
    fly_layout L;
    if (fy_dsl_to_layout(a[0], &L, 1, "view", "layout") < 0) return NULL;
    return leaf_view(&((aref *)o)->l, &L);
}
static fy_obj *aref_getitem(fy_obj *o, fy_obj *k) {
    fy_obj *v = leaf_flat(&((aref *)o)->l);
    if (!v) return NULL;
    fy_obj *r = fy_getitem(v, k);
    FY_DECREF(v);
    return r;
}
static int aref_setitem(fy_obj *o, fy_obj *k, fy_obj *x) {
    if (!x) return fy_err_set(&fy_TypeError, "LDS array elements cannot be deleted"), -1;
    fy_obj *v = leaf_flat(&((aref *)o)->l);
    if (!v) return -1;
    int r = fy_setitem(v, k, x);
    FY_DECREF(v);
    return r;
}
static int64_t aref_len(fy_obj *o) { return ((aref *)o)->l.n; }
/* .ptr: a shared pointer to the first element (fx.make_view, +, recast_iter take it). */
static fy_obj *aref_ptr(fy_obj *o) {
    fy_tracer *tr = need_tracer("LDS array .ptr");
    uint64_t p;
    if (!tr || leaf_ptr(tr, &((aref *)o)->l, &p) < 0) return NULL;
    return fy_trace_ptr_new(p, ((aref *)o)->l.et, FY_SP_SHARED);
}
static fy_obj *aref_repr(fy_obj *o) {
    aref *r = (aref *)o;
    return fy_str_printf("Array<%s, %lld, shared>", fy_trace_mlir_type(r->l.et), (long long)r->l.n);
}
static fy_methoddef aref_methods[] = {{"view", aref_view, 0, "view(layout)\nA shared tensor over the array."}, {0}};
static fy_getsetdef aref_gs[] = {{"ptr", aref_ptr, NULL, "the array's pointer"}, {0}};
static fy_type aref_type = {FY_TYPE_INIT("SharedArray", sizeof(aref)),
                            .flags = FY_TPF_FINAL,
                            .repr = aref_repr,
                            .getitem = aref_getitem,
                            .setitem = aref_setitem,
                            .len = aref_len,
                            .methods = aref_methods,
                            .getsets = aref_gs};

/* LDS globals a composite's static placement takes: one per leaf, one for a union. */
static int nsyms(const structty *st) {
    if (st->is_union) return 1;
    int n = 0;
    for (int i = 0; i < st->nf; i++) n += st->f[i].sub ? nsyms(st->f[i].sub) : 1;
    return n;
}
/* Where field i of composite storage s lives: global *sym, byte offset *boff in it, *gbytes (0: the field's
 * own global). */
static void field_place(const storage *s, int i, int *sym, int64_t *boff, int64_t *gbytes) {
    const sfield *f = &s->st->f[i];
    if (s->gbytes) {
        *sym = s->base, *boff = s->boff + f->off, *gbytes = s->gbytes;
        return;
    }
    int b = s->base;
    for (int j = 0; j < i; j++) b += s->st->f[j].sub ? nsyms(s->st->f[j].sub) : 1;
    *sym = b, *boff = 0, *gbytes = f->sub && f->sub->is_union ? f->sub->size : 0;
}
/* field i (not a nested composite) of storage s as a leaf */
static leaf field_leaf(storage *s, int i) {
    sfield *f = &s->st->f[i];
    leaf l = {0, f->et, f->n, f->is_array, 0, 0};
    field_place(s, i, &l.sym, &l.boff, &l.gbytes);
    return l;
}
static fy_obj *storage_new(fy_type *t, structty *st, const leaf *l, int base);
/* field i (a nested struct or union) of storage s: its storage (type t: storage_type or sview_type) */
static fy_obj *field_sub(storage *s, int i, fy_type *t) {
    int sym;
    int64_t boff, gb;
    field_place(s, i, &sym, &boff, &gb);
    fy_obj *r = storage_new(t, s->st->f[i].sub, NULL, sym);
    if (r) ((storage *)r)->boff = boff, ((storage *)r)->gbytes = gb, ((storage *)r)->tt = fy_ref(s->st->f[i].ty);
    return r;
}
static fy_obj *no_union_peek(structty *st) {
    return fy_err_format(&fy_NotImplementedError, "%s does not support __peek_from_ptr__", st->name);
}
static int field_index(storage *s, fy_obj *name) {
    if (!s->st || !FY_STR_CHECK(name)) return -1;
    for (int i = 0; i < s->st->nf; i++)
        if (fy_str_eq_cstr(name, s->st->f[i].name)) return i;
    return -1;
}

/* the struct view from peek(): fields as array references / loaded scalars */
static fy_obj *sview_getattr(fy_obj *o, fy_obj *name) {
    storage *s = (storage *)o;
    int i = field_index(s, name);
    if (i < 0) {
        fy_obj *r = fy_generic_getattr(o, name);
        if (!r && fy_err_matches(&fy_AttributeError))
            fy_err_format(&fy_AttributeError, "struct %s has no field %R", s->st->name, name);
        return r;
    }
    if (s->st->f[i].sub)
        return s->st->f[i].sub->is_union ? no_union_peek(s->st->f[i].sub) : field_sub(s, i, &sview_type);
    leaf l = field_leaf(s, i);
    return leaf_peek(&l);
}
static int sview_setattr(fy_obj *o, fy_obj *name, fy_obj *v) {
    storage *s = (storage *)o;
    int i = field_index(s, name);
    if (i < 0 || s->st->f[i].is_array || s->st->f[i].sub || !v)
        return fy_err_format(&fy_AttributeError, "cannot assign %R of struct %s (assign scalar fields only)", name,
                             s->st->name),
               -1;
    leaf l = field_leaf(s, i);
    fy_obj *t = leaf_flat(&l);
    if (!t) return -1;
    fy_obj *z = fy_int_from(0);
    int r = z ? fy_setitem(t, z, v) : -1;
    FY_XDECREF(z);
    FY_DECREF(t);
    return r;
}
static void st_dealloc(fy_obj *o) {
    FY_CLEAR(((storage *)o)->st);
    FY_CLEAR(((storage *)o)->extra);
    FY_CLEAR(((storage *)o)->tt);
    FY_CLEAR(((storage *)o)->ptr);
}
static fy_type sview_type = {FY_TYPE_INIT("SharedStruct", sizeof(storage)), .flags = FY_TPF_FINAL,
                             .dealloc = st_dealloc, .getattr = sview_getattr, .setattr = sview_setattr};

static fy_obj *storage_new(fy_type *t, structty *st, const leaf *l, int base) {
    if (fy_type_ready(t) < 0) return NULL;
    storage *s = (storage *)fy_alloc(t);
    if (!s) return NULL;
    if (st) s->st = (structty *)fy_ref(&st->h);
    if (l) s->l = *l;
    s->base = base;
    return &s->h;
}

static fy_obj *stor_peek(fy_obj *o, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)a;
    if (fy_no_kwargs("peek", kw) < 0 || fy_check_nargs("peek", na, 0, 0) < 0) return NULL;
    if (!need_tracer("Storage.peek")) return NULL;
    storage *s = (storage *)o;
    if (!s->st) return leaf_peek(&s->l);
    if (s->st->is_union) return no_union_peek(s->st);
    fy_obj *r = storage_new(&sview_type, s->st, NULL, s->base);
    if (r) ((storage *)r)->boff = s->boff, ((storage *)r)->gbytes = s->gbytes;
    return r;
}
static fy_obj *stor_poke(fy_obj *o, fy_obj *const *a, size_t na, fy_obj *kw) {
    if (fy_no_kwargs("poke", kw) < 0 || fy_check_nargs("poke", na, 1, 1) < 0) return NULL;
    storage *s = (storage *)o;
    if (s->st || s->l.is_array)
        return fy_err_set(&fy_NotImplementedError,
                          "Storage.poke: only scalar storage can be poked (use [i] = v on arrays)");
    fy_obj *t = leaf_flat(&s->l);
    if (!t) return NULL;
    fy_obj *z = fy_int_from(0);
    int r = z ? fy_setitem(t, z, a[0]) : -1;
    FY_XDECREF(z);
    FY_DECREF(t);
    return r < 0 ? NULL : fy_none();
}
/* _ptr: the shared pointer of a leaf's or a union's storage (a union's: to its bytes, which every member
 * views), None for a struct's (each leaf has its own global, as FlyDSL's static placement). */
static fy_obj *stor_ptr(storage *s) {
    if (s->ptr) return fy_ref(s->ptr);
    leaf l = s->l;
    if (s->st) {
        if (!s->gbytes || !s->st->is_union) return fy_none();
        l = (leaf){s->base, &fy_dsl_t_i8, s->gbytes, 1, s->boff, s->gbytes};
    }
    fy_tracer *tr = need_tracer("Storage._ptr");
    uint64_t p;
    if (!tr || leaf_ptr(tr, &l, &p) < 0) return NULL;
    fy_obj *r = fy_trace_ptr_new(p, l.et, FY_SP_SHARED);
    if (r && s->st) s->ptr = fy_ref(r); /* a union's: made once */
    return r;
}
static fy_obj *stor_ptr_get(fy_obj *o) { return stor_ptr((storage *)o); }
static fy_obj *stor_getattr(fy_obj *o, fy_obj *name) {
    storage *s = (storage *)o;
    if (s->extra) {
        fy_obj *v = fy_dict_get(s->extra, name);
        if (v) return fy_ref(v);
    }
    int i = field_index(s, name);
    if (i < 0) {
        if (FY_STR_CHECK(name) && !strcmp(FY_STR_DATA(name), "_target_type")) return fy_ref(s->tt ? s->tt : fy_None);
        if (FY_STR_CHECK(name) && !strcmp(FY_STR_DATA(name), "_ptr")) return stor_ptr(s);
        for (int j = 0; s->st && j < s->st->nord; j++)
            if (s->st->ord[j].fi < 0 && fy_str_eq_cstr(name, s->st->ord[j].name))
                return fy_err_format(&fy_AttributeError, "Storage[%s] field %R is compile-time only and has no storage",
                                     s->st->name, name);
        return fy_generic_getattr(o, name);
    }
    if (s->st->f[i].sub) { /* one Storage per nested composite (FlyDSL's prebuilt tree): a union's pointer is one */
        fy_obj *r = field_sub(s, i, &storage_type);
        if (r && ((!s->extra && !(s->extra = fy_dict_new())) || fy_dict_set(s->extra, name, r) < 0)) FY_CLEAR(r);
        return r;
    }
    leaf l = field_leaf(s, i);
    fy_obj *r = storage_new(&storage_type, NULL, &l, 0);
    if (r) ((storage *)r)->tt = fy_ref(s->st->f[i].ty);
    if (r && s->st->is_union && s->gbytes && s->st->f[i].off == 0 && !(((storage *)r)->ptr = stor_ptr(s)))
        FY_CLEAR(r); /* a union member: the union's pointer */
    return r;
}
/* Storage takes attributes as a Python object does (FlyDSL's kernels keep peeked views on it); they shadow
 * the fields of the same name. */
static int stor_setattr(fy_obj *o, fy_obj *name, fy_obj *v) {
    storage *s = (storage *)o;
    if (!s->extra && !(s->extra = fy_dict_new())) return -1;
    if (v) return fy_dict_set(s->extra, name, v);
    if (!fy_dict_get(s->extra, name))
        return fy_err_format(&fy_AttributeError, "'Storage' object has no attribute %R", name), -1;
    return fy_dict_del(s->extra, name);
}
static fy_obj *stor_repr(fy_obj *o) {
    storage *s = (storage *)o;
    if (s->st) return fy_str_printf("Storage[%s]", s->st->name);
    return fy_str_printf("Storage[%s x %lld]", s->l.et->name, (long long)s->l.n);
}
static fy_methoddef stor_methods[] = {{"peek", stor_peek, 0, "peek()\nThe stored value (arrays: a reference)."},
                                      {"poke", stor_poke, 0, "poke(v)\nStores a scalar."},
                                      {0}};
static fy_getsetdef stor_gs[] = {{"_ptr", stor_ptr_get, NULL, "the storage's shared pointer (None: a struct's)"}, {0}};
static fy_type storage_type = {FY_TYPE_INIT("Storage", sizeof(storage)),
                               .flags = FY_TPF_FINAL,
                               .dealloc = st_dealloc,
                               .repr = stor_repr,
                               .getattr = stor_getattr,
                               .setattr = stor_setattr,
                               .methods = stor_methods,
                               .getsets = stor_gs};

/* ---- fx.SharedAllocator ---- */
typedef struct salloc {
    fy_obj h;
    int64_t base_align, bytes;
    int dynamic; /* static=False: FlyDSL's offsets into one dynamic-LDS base (fly.get_dyn_shared), allocation dsym */
    int dsym;
    fy_obj *base; /* base_ptr, made once */
} salloc;
static fy_type salloc_type;

/* Allocation sym: fly.make_ptr {allocBytes = n elements of et, allocAlign = align} -> !fly.ptr<i8, shared>, one LDS
 * global once lowered (FlyDSL's static placement). */
static int emit_global(fy_tracer *tr, int sym, fy_dsl_numeric *et, int64_t n, int64_t align) {
    int64_t eb = et->width >= 8 ? et->width / 8 : 1, a = align > 0 ? align : 1;
    if (sym >= FY_TRACE_MAXLDS)
        return fy_err_format(&fy_ValueError, "SharedAllocator: more than %d LDS allocations", FY_TRACE_MAXLDS), -1;
    tr->lds_bytes = (tr->lds_bytes + a - 1) / a * a + n * eb;
    uint64_t p = fy_trace_new_ssa(tr);
    fy_trace_emit(
        tr,
        "      %%%llu = \"fly.make_ptr\"() {dictAttrs = {allocAlign = %lld : i64, allocBytes = %lld : i64}} : "
        "() -> !fly.ptr<i8, shared>",
        U(p), (long long)a, (long long)(n * eb));
    fy_trace_end_line(tr);
    tr->lds_ssa[sym] = p;
    return tr->failed ? (fy_err_nomem(), -1) : 0;
}

/* The allocations of a composite's static placement (nsyms of them), the first aligned to at least al. */
static int emit_tree(fy_tracer *tr, const structty *st, int64_t al) {
    if (st->is_union) return emit_global(tr, tr->nlds++, &fy_dsl_t_i8, st->size, al > st->align ? al : st->align);
    for (int i = 0; i < st->nf; i++) {
        const sfield *f = &st->f[i];
        int64_t a = i == 0 && al > f->align ? al : f->align;
        if (f->sub ? emit_tree(tr, f->sub, a) : emit_global(tr, tr->nlds++, f->et, f->n, a)) return -1;
    }
    return 0;
}

/* s with target type tt (stolen; NULL: the error of making it). */
static fy_obj *with_target(fy_obj *s, fy_obj *tt) {
    if (!s || !tt) {
        FY_XDECREF(s);
        FY_XDECREF(tt);
        return NULL;
    }
    ((storage *)s)->tt = tt;
    return s;
}

static fy_obj *sa_allocate(fy_obj *o, fy_obj *const *a, size_t na, fy_obj *kw) {
    static const char *const names[] = {"type", "alignment", NULL};
    fy_obj *v[2] = {NULL, NULL};
    if (fy_parse_args("allocate", a, na, kw, names, 1, 2, 2, v) < 0) return NULL;
    fy_tracer *tr = need_tracer("SharedAllocator.allocate");
    if (!tr) return NULL;
    salloc *sa = (salloc *)o;
    int64_t align = 0, req = 0; /* req: the allocation's alignment as FlyDSL counts allocated_bytes */
    if (v[1] && v[1] != fy_None && fy_dsl_to_int(v[1], &align, "allocate", "alignment") < 0) return NULL;
    if (align < 0 || (align & (align - 1)) || align > 4096)
        return fy_err_format(&fy_ValueError, "allocate: alignment must be a power of two <= 4096, not %lld",
                             (long long)align);
    if (fy_smem_schema_of(v[0])) {
        structty *st = fy_smem_schema_of(v[0]);
        if (fy_smem_need_layout(st) < 0) return NULL;
        int64_t al = align > st->align ? align : st->align;
        req = al;
        if (al < sa->base_align) al = sa->base_align;
        int64_t off = (sa->bytes + req - 1) / req * req;
        sa->bytes = off + st->size;
        if (sa->dynamic) { /* the arena: every field at its byte offset from the dynamic base */
            tr->dyn_lds_bytes = sa->bytes;
            fy_obj *r = storage_new(&storage_type, st, NULL, sa->dsym);
            if (r) ((storage *)r)->boff = off, ((storage *)r)->gbytes = st->size > 0 ? st->size : 1;
            return with_target(r, fy_ref(v[0]));
        }
        int base = tr->nlds;
        if (emit_tree(tr, st, al) < 0) return NULL;
        fy_obj *r = storage_new(&storage_type, st, NULL, base);
        if (r && st->is_union) ((storage *)r)->gbytes = st->size;
        if (r) ((storage *)r)->tt = fy_ref(v[0]);
        return r;
    }
    if (fy_smem_is_array(v[0])) {
        arrty *at = (arrty *)v[0];
        int64_t al = align > at->align ? align : at->align;
        req = al;
        if (al < sa->base_align) al = sa->base_align;
        int64_t off = (sa->bytes + req - 1) / req * req;
        sa->bytes = off + at->n * (at->et->width / 8);
        if (sa->dynamic) {
            tr->dyn_lds_bytes = sa->bytes;
            leaf l = {sa->dsym, at->et, at->n, 1, off, 1};
            return with_target(storage_new(&storage_type, NULL, &l, 0), fy_ref(v[0]));
        }
        leaf l = {tr->nlds++, at->et, at->n, 1, 0, 0};
        if (emit_global(tr, l.sym, at->et, at->n, al) < 0) return NULL;
        return with_target(storage_new(&storage_type, NULL, &l, 0), fy_ref(v[0]));
    }
    if (FY_DSL_IS_NUMERIC_TYPE(v[0])) {
        if (!fy_smem_storable(v[0], "allocate")) return NULL;
        fy_dsl_numeric *et = (fy_dsl_numeric *)v[0];
        int64_t al = align > et->width / 8 ? align : et->width / 8;
        req = al;
        if (al < sa->base_align) al = sa->base_align;
        int64_t off = (sa->bytes + req - 1) / req * req;
        sa->bytes = off + et->width / 8;
        if (sa->dynamic) {
            tr->dyn_lds_bytes = sa->bytes;
            leaf l = {sa->dsym, et, 1, 0, off, 1};
            return with_target(storage_new(&storage_type, NULL, &l, 0), fy_ref(v[0]));
        }
        leaf l = {tr->nlds++, et, 1, 0, 0, 0};
        if (emit_global(tr, l.sym, et, 1, al) < 0) return NULL;
        return with_target(storage_new(&storage_type, NULL, &l, 0), fy_ref(v[0]));
    }
    int64_t nbytes;
    if (fy_type_is_subtype(FY_TYPE(v[0]), &fy_type_type) && fy_type_lookup_cstr((fy_type *)v[0], "__flyi_schema__")) {
        /* an fx.struct class without a C layout: its own error (a field that is no Storable) */
        fy_obj *r = fy_call_method(v[0], "__dsl_size_of__", NULL, 0);
        if (!r) return NULL;
        FY_DECREF(r);
    }
    if (!FY_INT_CHECK(v[0]) && !FY_DSL_NUM_CHECK(v[0]))
        return fy_err_format(&fy_TypeError,
                             "allocate: expected an fx.struct type, fx.Array[...] or a byte count, not '%s'",
                             fy_type_name(v[0]));
    if (fy_dsl_to_int(v[0], &nbytes, "allocate", "nbytes") < 0) return NULL;
    if (nbytes <= 0) return fy_err_format(&fy_ValueError, "allocate size must be > 0, got %lld", (long long)nbytes);
    if (nbytes > 65536)
        return fy_err_format(&fy_ValueError, "allocate: %lld bytes is more than the 65536 of LDS", (long long)nbytes);
    int64_t al = v[1] && v[1] != fy_None ? align : sa->base_align; /* FlyDSL: alignment, else base_alignment */
    if (al <= 0) al = 1;
    int64_t off = (sa->bytes + al - 1) / al * al;
    sa->bytes = off + nbytes;
    fy_dsl_numeric *u8 = fy_dsl_numeric_by_name("Uint8");
    if (sa->dynamic) {
        tr->dyn_lds_bytes = sa->bytes;
        leaf l = {sa->dsym, &fy_dsl_t_i8, nbytes, 1, off, 1};
        return with_target(storage_new(&storage_type, NULL, &l, 0), u8 ? fy_smem_array_type(u8, nbytes, 1) : fy_none());
    }
    if (al < sa->base_align) al = sa->base_align;
    leaf l = {tr->nlds++, &fy_dsl_t_i8, nbytes, 1, 0, 0};
    if (emit_global(tr, l.sym, &fy_dsl_t_i8, nbytes, al) < 0) return NULL;
    return with_target(storage_new(&storage_type, NULL, &l, 0), u8 ? fy_smem_array_type(u8, nbytes, 1) : fy_none());
}
static fy_obj *sa_bytes(fy_obj *o) { return fy_int_from(((salloc *)o)->bytes); }
static fy_obj *sa_is_static(fy_obj *o) { return fy_bool(!((salloc *)o)->dynamic); }
static fy_obj *sa_base_ptr(fy_obj *o) {
    salloc *sa = (salloc *)o;
    if (!sa->dynamic)
        return fy_err_set(&fy_RuntimeError, "SharedAllocator(static=True) has no shared base pointer: each leaf is its "
                                            "own allocation (fly.make_ptr)");
    if (!sa->base) {
        fy_tracer *tr = need_tracer("SharedAllocator.base_ptr");
        if (!tr) return NULL;
        if (sa->dsym >= tr->nlds) return fy_err_set(&fy_RuntimeError, "SharedAllocator of another kernel");
        if (!(sa->base = fy_trace_ptr_new(tr->lds_ssa[sa->dsym], &fy_dsl_t_i8, FY_SP_SHARED))) return NULL;
    }
    return fy_ref(sa->base);
}
static void sa_dealloc(fy_obj *o) { FY_CLEAR(((salloc *)o)->base); }
static fy_methoddef sa_methods[] = {
    {"allocate", sa_allocate, 0,
     "allocate(type_or_nbytes, alignment=None)\nLDS storage (static: one global per leaf)."},
    {0}};
static fy_getsetdef sa_gs[] = {{"allocated_bytes", sa_bytes, NULL, "LDS bytes allocated so far"},
                               {"is_static", sa_is_static, NULL, "False for SharedAllocator(static=False)"},
                               {"base_ptr", sa_base_ptr, NULL, "the arena's start (static=False)"},
                               {0}};
static fy_type salloc_type = {FY_TYPE_INIT("SharedAllocator", sizeof(salloc)), .flags = FY_TPF_FINAL,
                              .dealloc = sa_dealloc, .methods = sa_methods, .getsets = sa_gs};

static uint64_t emit_dyn_shared(fy_tracer *tr);
static fy_obj *f_shared_allocator(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)self;
    static const char *const names[] = {"base_alignment", "static", NULL};
    fy_obj *v[2] = {NULL, NULL};
    if (fy_parse_args("SharedAllocator", a, na, kw, names, 0, 1, 2, v) < 0) return NULL;
    fy_tracer *tr = fy_trace_cur();
    if (!tr || tr->host)
        return fy_err_set(&fy_RuntimeError, "SharedAllocator can only be created inside a @kernel function");
    int64_t ba = 16;
    if (v[0] && fy_dsl_to_int(v[0], &ba, "SharedAllocator", "base_alignment") < 0) return NULL;
    if (ba <= 0 || (ba & (ba - 1)) || ba > 4096)
        return fy_err_format(&fy_ValueError, "SharedAllocator: base_alignment must be a power of two <= 4096, not %lld",
                             (long long)ba);
    int st = 1;
    if (v[1] && (st = fy_truthy(v[1])) < 0) return NULL;
    if (tr->nallocators++)
        return fy_err_format(&fy_RuntimeError,
                             "Only one SharedAllocator is allowed per kernel; kernel '%s' already has one",
                             fy_trace_name(tr));
    if (fy_type_ready(&salloc_type) < 0) return NULL;
    salloc *s = (salloc *)fy_alloc(&salloc_type);
    if (!s) return NULL;
    s->base_align = ba;
    s->dynamic = !st;
    if (s->dynamic) { /* FlyDSL's base: one fly.get_dyn_shared where the allocator is made */
        if (tr->nlds >= FY_TRACE_MAXLDS) {
            FY_DECREF(&s->h);
            return fy_err_format(&fy_ValueError, "SharedAllocator: more than %d LDS allocations", FY_TRACE_MAXLDS);
        }
        s->dsym = tr->nlds++;
        tr->lds_ssa[s->dsym] = emit_dyn_shared(tr);
        if (tr->failed) {
            FY_DECREF(&s->h);
            return fy_err_nomem();
        }
    }
    return &s->h;
}

/* fly.get_dyn_shared() -> !fly.ptr<i8, shared>: the start of the dynamic LDS the launch sizes (smem=), placed
 * after the static LDS (the layout lowering makes it gpu.dynamic_shared_memory's address); its SSA handle. */
static uint64_t emit_dyn_shared(fy_tracer *tr) {
    uint64_t f = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu = \"fly.get_dyn_shared\"() : () -> !fly.ptr<i8, shared>", U(f));
    fy_trace_end_line(tr);
    return f;
}

/* fx.get_dyn_shared(dtype=None): a pointer to the start of the dynamic LDS; Int8 elements unless dtype is given
 * (then recast, as FlyDSL's). */
static fy_obj *f_get_dyn_shared(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)self;
    static const char *const names[] = {"dtype", NULL};
    fy_obj *v[1] = {NULL};
    if (fy_parse_args("get_dyn_shared", a, na, kw, names, 0, 1, 1, v) < 0) return NULL;
    fy_tracer *tr = need_tracer("fx.get_dyn_shared");
    if (!tr) return NULL;
    fy_dsl_numeric *et = &fy_dsl_t_i8;
    if (v[0] && v[0] != fy_None && !fy_smem_storable(v[0], "get_dyn_shared")) return NULL;
    if (v[0] && v[0] != fy_None) et = (fy_dsl_numeric *)v[0];
    uint64_t f = emit_dyn_shared(tr);
    if (et != &fy_dsl_t_i8) {
        uint64_t c = fy_trace_new_ssa(tr), r = fy_trace_new_ssa(tr);
        fy_trace_emit(tr,
                      "      %%%llu = builtin.unrealized_conversion_cast %%%llu : !fly.ptr<i8, shared> to !llvm.ptr<3>",
                      U(c), U(f));
        fy_trace_end_line(tr);
        fy_trace_emit(tr,
                      "      %%%llu = builtin.unrealized_conversion_cast %%%llu : !llvm.ptr<3> to !fly.ptr<%s, shared>",
                      U(r), U(c), fy_trace_mlir_type(et));
        fy_trace_end_line(tr);
        f = r;
    }
    if (tr->failed) return fy_err_nomem();
    return fy_trace_ptr_new(f, et, FY_SP_SHARED);
}

/* fx.recast_iter(dtype, ptr): the same address as a pointer to dtype elements. */
static fy_obj *f_recast_iter(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)self;
    static const char *const names[] = {"dtype", "ptr", NULL};
    fy_obj *v[2] = {NULL, NULL};
    if (fy_parse_args("recast_iter", a, na, kw, names, 2, 2, 2, v) < 0) return NULL;
    fy_tracer *tr = need_tracer("fx.recast_iter");
    if (!tr) return NULL;
    fy_dsl_numeric *et = FY_DSL_IS_NUMERIC_TYPE(v[0]) ? (fy_dsl_numeric *)v[0] : NULL;
    int buf = 0;
    if (!et && !(et = fy_trace_ptr_type_elem(v[0], &buf, "recast_iter"))) return NULL; /* a PointerType */
    if (fy_trace_buffer_is_ptr(v[1])) return fy_trace_buffer_as_ptr(v[1], et);  /* a buffer-descriptor pointer */
    if (buf)
        return fy_err_format(&fy_TypeError, "recast_iter: a buffer-descriptor pointer type for a %s pointer",
                             FY_TYPE(v[1]) == &fy_trace_ptr_type ? fy_trace_space_name(((fy_trace_ptr *)v[1])->reg)
                                                                 : fy_type_name(v[1]));
    if (FY_TYPE(v[1]) != &fy_trace_ptr_type)
        return fy_err_format(&fy_TypeError, "recast_iter: expected a kernel Pointer, not '%s'", fy_type_name(v[1]));
    fy_trace_ptr *p = (fy_trace_ptr *)v[1];
    if (fy_trace_ptr_plain(v[1], "recast_iter") < 0) return NULL;
    const char *sp = fy_trace_space_name(p->reg);
    int as = p->reg == FY_SP_SHARED ? 3 : p->reg == FY_SP_REG ? 5 : 1; /* register memory: an alloca (5) */
    uint64_t l = fy_trace_new_ssa(tr), r = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu = builtin.unrealized_conversion_cast %%%llu : !fly.ptr<%s, %s> to !llvm.ptr<%d>",
                  U(l), U(p->ssa), fy_trace_mlir_type(p->et), sp, as);
    fy_trace_end_line(tr);
    fy_trace_emit(tr, "      %%%llu = builtin.unrealized_conversion_cast %%%llu : !llvm.ptr<%d> to !fly.ptr<%s, %s>",
                  U(r), U(l), as, fy_trace_mlir_type(et), sp);
    fy_trace_end_line(tr);
    if (tr->failed) return fy_err_nomem();
    return fy_trace_ptr_new(r, et, p->reg);
}

static fy_methoddef storage_funcs[] = {
    {"get_dyn_shared", f_get_dyn_shared, 0, "get_dyn_shared(dtype=None)\nPointer to the dynamic LDS (launch smem=)."},
    {"recast_iter", f_recast_iter, 0, "recast_iter(dtype, ptr)\nThe pointer with another element type."},
    {"SharedAllocator", f_shared_allocator, 0, "SharedAllocator(base_alignment=16, *, static=True)\nLDS allocator."},
    {0}};

int fy_trace_add_storage_fx(fy_obj *m) {
    for (fy_methoddef *d = storage_funcs; d->name; d++) {
        fy_obj *f = fy_cfunction_new(d, m);
        if (!f || fy_module_add_steal(m, d->name, f) < 0) return -1;
    }
    return 0;
}

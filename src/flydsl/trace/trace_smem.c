/* trace_smem.c - LDS inside traced kernels: fx.Array[E, N(, A)], @fx.struct classes (fields laid out by
 * the C rule: each field aligned, size rounded to the largest alignment), fx.SharedAllocator() (one LDS
 * global per leaf: a gpu.module-level memref.global in address space 3; static=False places the same way), Storage
 * (.peek(), .poke(v), .field) and array references (.view(layout), [i], [i] = v). A leaf's address
 * is memref.get_global + extract_aligned_pointer_as_index + llvm.inttoptr to !llvm.ptr<3>, cast to
 * !fly.ptr<T, shared>; views are fly.make_view over it, so element access is the kernel tensor's.
 * Calling a struct class makes a frozen struct value (fields read as attributes, .replace(**fields)).
 * fx.Align[T, N] raises T's alignment to N (a field's, or dsl_align_of's). A field may be an fx.Vector or a
 * vector alias: a value-only field (FlyDSL's Vector is no Storable), so that struct has no storage layout. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "flydsl/api/dsl.h"
#include "flydsl/api/dsl_numeric.h"
#include "flydsl/trace/trace_int.h"
#include "flydsl/trace/trace_scf.h"

#define U(x) ((unsigned long long)(x))
#define MAXF 64

/* ---- fx.Array[E, N, A] ---- */
typedef struct arrty {
    fy_obj h;
    fy_dsl_numeric *et;
    int64_t n, align;
} arrty;
static fy_obj *arrty_repr(fy_obj *o) {
    arrty *a = (arrty *)o;
    return fy_str_printf("Array[%s, %lld, %lld]", a->et->name, (long long)a->n, (long long)a->align);
}
static fy_type arrty_type = {FY_TYPE_INIT("ArrayType", sizeof(arrty)), .flags = FY_TPF_FINAL, .repr = arrty_repr};

static int storable(fy_obj *e, const char *what) {
    if (!e || !FY_DSL_IS_NUMERIC_TYPE(e)) {
        fy_err_format(&fy_TypeError, "%s: expected a numeric type (fx.Float32, fx.Int32, ...), not '%s'", what,
                      e ? fy_type_name(e) : "nothing");
        return 0;
    }
    fy_dsl_numeric *t = (fy_dsl_numeric *)e;
    if (t->width < 8 || t->kind == FY_DSL_K_BOOL || t->kind == FY_DSL_K_INDEX) {
        fy_err_format(&fy_TypeError, "%s: %s is not storable in shared memory", what, t->name);
        return 0;
    }
    return 1;
}

static fy_obj *arrf_getitem(fy_obj *s, fy_obj *k) {
    (void)s;
    size_t n = 0;
    fy_obj **it = FY_TUPLE_CHECK(k) ? fy_seq_items(k, &n) : NULL;
    if (n < 2 || n > 3) return fy_err_set(&fy_TypeError, "fx.Array[E, N] or fx.Array[E, N, alignment] expected");
    if (!storable(it[0], "fx.Array")) return NULL;
    int64_t cnt, al;
    if (fy_dsl_to_int(it[1], &cnt, "fx.Array", "count") < 0) return NULL;
    fy_dsl_numeric *et = (fy_dsl_numeric *)it[0];
    al = et->width / 8;
    if (n == 3 && fy_dsl_to_int(it[2], &al, "fx.Array", "alignment") < 0) return NULL;
    if (cnt <= 0 || cnt > (1 << 24))
        return fy_err_format(&fy_ValueError, "fx.Array: count must be in 1..2^24, not %lld", (long long)cnt);
    if (al <= 0 || (al & (al - 1)) || al > 4096)
        return fy_err_format(&fy_ValueError, "fx.Array: alignment must be a power of two <= 4096, not %lld",
                             (long long)al);
    if (fy_type_ready(&arrty_type) < 0) return NULL;
    arrty *a = (arrty *)fy_alloc(&arrty_type);
    if (!a) return NULL;
    a->et = et;
    a->n = cnt;
    a->align = al;
    return &a->h;
}
typedef struct arrf {
    fy_obj h;
} arrf;
static fy_type arrf_type = {FY_TYPE_INIT("ArrayFactory", sizeof(arrf)), .flags = FY_TPF_FINAL, .getitem = arrf_getitem};
static arrf the_array = {{FY_IMMORTAL_RC, &arrf_type}};

/* ---- fx.Align[T, N]: T (a numeric, fx.Array or struct type) with its alignment raised to N ---- */
typedef struct alignty {
    fy_obj h;
    fy_obj *inner;
    int64_t align;
} alignty;
static fy_type structty_type;
static const char *structty_name(fy_obj *t);
/* A type's name as FlyDSL's messages write it: its __name__ (a struct's class name), else its repr. */
static fy_obj *type_name_of(fy_obj *t) {
    if (FY_TYPE(t) == &structty_type) return fy_str_from_cstr(structty_name(t));
    fy_obj *n = fy_getattr_cstr(t, "__name__");
    if (n && FY_STR_CHECK(n)) return n;
    FY_XDECREF(n);
    fy_err_clear();
    if (FY_TYPE(t) == &arrty_type) return arrty_repr(t);
    return fy_repr(t);
}
static fy_obj *alignty_repr(fy_obj *o) {
    alignty *t = (alignty *)o;
    fy_obj *n = type_name_of(t->inner);
    fy_obj *r = n ? fy_str_printf("struct.Align[%S, %lld]", n, (long long)t->align) : NULL;
    FY_XDECREF(n);
    return r;
}
static void alignty_dealloc(fy_obj *o) { FY_CLEAR(((alignty *)o)->inner); }
static fy_obj *alignty_dtype(fy_obj *o) { return fy_ref(((alignty *)o)->inner); }
static fy_obj *alignty_align(fy_obj *o) { return fy_int_from(((alignty *)o)->align); }
static fy_getsetdef alignty_gs[] = {
    {"dtype", alignty_dtype, NULL, "the aligned type"}, {"align", alignty_align, NULL, "the alignment in bytes"}, {0}};
static fy_type alignty_type = {FY_TYPE_INIT("AlignType", sizeof(alignty)), .flags = FY_TPF_FINAL, .repr = alignty_repr,
                               .dealloc = alignty_dealloc, .getsets = alignty_gs};

/* fx.Align[T, N], with FlyDSL's checks in its order: the form, N an int (not a bool), positive, a power of
 * two, and no smaller than T's natural alignment. */
static fy_obj *alignf_getitem(fy_obj *s, fy_obj *k) {
    (void)s;
    size_t n = 0;
    fy_obj **it = FY_TUPLE_CHECK(k) ? fy_seq_items(k, &n) : NULL;
    if (n != 2) return fy_err_set(&fy_TypeError, "struct.Align expects struct.Align[Type, N]");
    fy_obj *req = it[1];
    if (FY_TYPE(req) == &fy_bool_type || !FY_INT_CHECK(req))
        return fy_err_format(&fy_TypeError, "struct.Align alignment must be an int, got %R", req);
    int64_t al = 0;
    if (fy_dsl_to_int(req, &al, "struct.Align", "alignment") < 0) return NULL;
    if (al <= 0)
        return fy_err_format(&fy_ValueError, "struct.Align alignment must be positive, got %lld", (long long)al);
    if (al & (al - 1))
        return fy_err_format(&fy_ValueError, "struct.Align alignment must be a power of two, got %lld", (long long)al);
    int64_t sz, nat;
    int r = fy_trace_type_size(it[0], &sz, &nat);
    if (r < 0) return NULL;
    if (!r) return fy_err_format(&fy_TypeError, "type %S does not implement the Storable protocol", it[0]);
    if (al < nat) {
        fy_obj *nm = type_name_of(it[0]);
        if (!nm) return NULL;
        fy_err_format(&fy_ValueError,
                      "struct.Align[%S, %lld]: requested alignment %lld is smaller than natural alignment %lld of %S; "
                      "use a value >= %lld.",
                      nm, (long long)al, (long long)al, (long long)nat, nm, (long long)nat);
        FY_DECREF(nm);
        return NULL;
    }
    if (fy_type_ready(&alignty_type) < 0) return NULL;
    alignty *t = (alignty *)fy_alloc(&alignty_type);
    if (!t) return NULL;
    t->inner = fy_ref(it[0]);
    t->align = al;
    return &t->h;
}
static fy_type alignf_type = {FY_TYPE_INIT("AlignFactory", sizeof(arrf)), .flags = FY_TPF_FINAL,
                              .getitem = alignf_getitem};
static arrf the_align = {{FY_IMMORTAL_RC, &alignf_type}};

/* ---- @fx.struct, @fx.union ---- */
struct structty;
/* A field: n elements of et (a scalar or an fx.Array), a nested struct / union (sub), or a Vector (vt: fx.Vector
 * or an alias such as fx.Float32x4; a value-only field: FlyDSL's Vector is no Storable, so its struct has no
 * storage layout). */
typedef struct sfield {
    char name[64];
    fy_dsl_numeric *et;
    struct structty *sub;
    fy_obj *vt;
    int64_t n, align, off, size;
    int is_array;
} sfield;
/* ord: every annotated field in declaration order (constexpr fields included) as an index into f, -1: constexpr */
typedef struct structty {
    fy_obj h;
    char name[64];
    int is_union; /* every field at offset 0, size the largest field's (rounded to the alignment) */
    int nf;
    sfield f[MAXF];
    int64_t size, align;
    char nostore[64], nostore_ty[64]; /* the first field that is no Storable (a Vector), and its type's name */
    int nord;
    struct {
        char name[64];
        int fi;
    } ord[MAXF];
} structty;
static const char *structty_name(fy_obj *t) { return ((structty *)t)->name; }
/* The C layout of a struct type: o itself, or the __flyi_schema__ of a class made by fx.struct / fx.union
 * (flydsl.expr._composite); NULL for anything else (no error). */
static structty *schema_of_type(fy_obj *o) {
    if (FY_TYPE(o) == &structty_type) return (structty *)o;
    if (!fy_type_is_subtype(FY_TYPE(o), &fy_type_type)) return NULL;
    fy_obj *s = fy_type_lookup_cstr((fy_type *)o, "__flyi_schema__");
    return s && FY_TYPE(s) == &structty_type ? (structty *)s : NULL;
}
/* A struct value of such a class: its field values in declaration order (its _flyi_vals tuple, held by the
 * value), or NULL (no error) when o is none. */
fy_obj *fy_trace_pystruct_vals(fy_obj *o) {
    if (!o || fy_type_is_subtype(FY_TYPE(o), &fy_type_type)) return NULL;
    fy_obj *sc = fy_type_lookup_cstr(FY_TYPE(o), "__flyi_schema__");
    if (!sc) return NULL;
    fy_obj **d = fy_instance_dict_ptr(o);
    fy_obj *t = d && *d ? fy_dict_get_cstr(*d, "_flyi_vals") : NULL;
    return t && FY_TUPLE_CHECK(t) ? t : NULL;
}
static fy_obj *structty_repr(fy_obj *o) {
    structty *s = (structty *)o;
    if (s->nostore[0]) /* a Vector field: a value type without a storage layout */
        return fy_str_printf("<fx.%s %s: value only, field '%s' is no Storable>", s->is_union ? "union" : "struct",
                             s->name, s->nostore);
    return fy_str_printf("<fx.%s %s: %lld bytes, align %lld>", s->is_union ? "union" : "struct", s->name,
                         (long long)s->size, (long long)s->align);
}
static void structty_dealloc(fy_obj *o) {
    structty *s = (structty *)o;
    for (int i = 0; i < s->nf; i++) {
        FY_CLEAR(s->f[i].sub);
        FY_CLEAR(s->f[i].vt);
    }
}
/* 0, or -1 with FlyDSL's TypeError when st has a field that is no Storable (no size, alignment or offsets). */
static int need_layout(const structty *st) {
    if (!st->nostore[0]) return 0;
    fy_err_format(&fy_TypeError,
                  "Cannot compute layout for type %s: field '%s' has type %s which does not implement the Storable "
                  "protocol.",
                  st->name, st->nostore, st->nostore_ty);
    return -1;
}
static fy_obj *structty_call(fy_obj *o, fy_obj *const *a, size_t na, fy_obj *kw);
static fy_obj *structty_size(fy_obj *o) {
    return need_layout((structty *)o) < 0 ? NULL : fy_int_from(((structty *)o)->size);
}
static fy_obj *structty_align(fy_obj *o) {
    return need_layout((structty *)o) < 0 ? NULL : fy_int_from(((structty *)o)->align);
}
static fy_obj *structty_is_union(fy_obj *o) { return fy_bool(((structty *)o)->is_union); }
/* {field name: byte offset} of the stored fields, in declaration order (constexpr fields have no storage) */
static fy_obj *structty_offsets(fy_obj *o) {
    structty *s = (structty *)o;
    if (need_layout(s) < 0) return NULL;
    fy_obj *d = fy_dict_new();
    for (int i = 0; d && i < s->nf; i++) {
        fy_obj *v = fy_int_from(s->f[i].off);
        if (!v || fy_dict_set_cstr(d, s->f[i].name, v) < 0) {
            FY_XDECREF(v);
            FY_DECREF(d);
            return NULL;
        }
        FY_DECREF(v);
    }
    return d;
}
static fy_getsetdef structty_gs[] = {{"size_in_bytes", structty_size, NULL, "size in bytes (C rule)"},
                                     {"_field_offsets", structty_offsets, NULL, "{field: byte offset}"},
                                     {"alignment", structty_align, NULL, "alignment in bytes"},
                                     {"is_union", structty_is_union, NULL, "True for an fx.union type"},
                                     {0}};
static fy_type structty_type = {FY_TYPE_INIT("StructType", sizeof(structty)),
                                .flags = FY_TPF_FINAL,
                                .repr = structty_repr,
                                .dealloc = structty_dealloc,
                                .call = structty_call,
                                .getsets = structty_gs};

/* The struct (is_union 0) or union type of class a's annotated fields. */
static fy_obj *make_composite(fy_obj *cls, int is_union) {
    const char *kind = is_union ? "fx.union" : "fx.struct";
    fy_obj *ann = fy_getattr_cstr(cls, "__annotations__");
    if (!ann) return NULL;
    if (!FY_DICT_CHECK(ann)) {
        FY_DECREF(ann);
        return fy_err_format(&fy_TypeError, "%s: the class has no field annotations", kind);
    }
    structty *s = fy_type_ready(&structty_type) < 0 ? NULL : (structty *)fy_alloc(&structty_type);
    if (!s) {
        FY_DECREF(ann);
        return NULL;
    }
    fy_obj *nm = fy_getattr_cstr(cls, "__name__");
    snprintf(s->name, sizeof s->name, "%s", nm && FY_STR_CHECK(nm) ? FY_STR_DATA(nm) : is_union ? "Union" : "Struct");
    FY_XDECREF(nm);
    fy_err_clear();
    s->is_union = is_union;
    int64_t pos = 0, off = 0, mal = 1, usz = 0;
    fy_obj *k, *v;
    while (fy_dict_next(ann, &pos, &k, &v)) {
        const char *fn = FY_STR_CHECK(k) ? FY_STR_DATA(k) : "?";
        if (s->nord >= MAXF || strlen(fn) >= sizeof s->f[0].name) {
            fy_err_format(&fy_ValueError, "%s %s: too many fields or field name too long", kind, s->name);
            goto fail;
        }
        snprintf(s->ord[s->nord].name, sizeof s->ord[0].name, "%s", fn);
        s->ord[s->nord++].fi = fy_trace_is_constexpr(v) ? -1 : s->nf;
        if (fy_trace_is_constexpr(v)) continue;
        /* underscore names: flydsl.expr._composite validates them (its anonymous fields _0, _1 reach here) */
        if (!strcmp(fn, "replace") || !strcmp(fn, "peek") || !strcmp(fn, "poke")) {
            fy_err_format(&fy_ValueError, "%s %s: field name '%s' is reserved", kind, s->name, fn);
            goto fail;
        }
        sfield *f = &s->f[s->nf];
        snprintf(f->name, sizeof f->name, "%s", fn);
        int64_t req_align = 0; /* fx.Align[T, N]: T's field with alignment N */
        if (FY_TYPE(v) == &alignty_type) req_align = ((alignty *)v)->align, v = ((alignty *)v)->inner;
        if (fy_trace_is_vector_type(v)) {
            f->vt = fy_ref(v);
            f->et = NULL, f->n = 1, f->align = 1, f->size = 0, f->is_array = 0;
            if (!s->nostore[0]) {
                fy_obj *tn = type_name_of(v);
                if (!tn) goto fail;
                snprintf(s->nostore, sizeof s->nostore, "%s", fn);
                snprintf(s->nostore_ty, sizeof s->nostore_ty, "%s", FY_STR_CHECK(tn) ? FY_STR_DATA(tn) : "Vector");
                FY_DECREF(tn);
            }
        } else if (FY_TYPE(v) == &arrty_type) {
            arrty *at = (arrty *)v;
            f->et = at->et, f->n = at->n, f->align = at->align, f->is_array = 1;
            f->size = f->n * (f->et->width / 8);
        } else if (schema_of_type(v)) {
            structty *sub = schema_of_type(v);
            f->sub = (structty *)fy_ref(&sub->h);
            f->et = NULL, f->n = 1, f->align = sub->align, f->size = sub->size, f->is_array = 0;
            if (sub->nostore[0] && !s->nostore[0]) {
                snprintf(s->nostore, sizeof s->nostore, "%s", fn);
                snprintf(s->nostore_ty, sizeof s->nostore_ty, "%s", sub->name);
            }
        } else {
            char what[128];
            snprintf(what, sizeof what, "%s %s field '%s'", kind, s->name, fn);
            if (!storable(v, what)) goto fail;
            f->et = (fy_dsl_numeric *)v, f->n = 1, f->align = f->et->width / 8, f->is_array = 0;
            f->size = f->et->width / 8;
        }
        if (req_align > f->align) f->align = req_align;
        s->nf++;
        if (is_union) {
            f->off = 0;
            if (f->size > usz) usz = f->size;
        } else {
            off = (off + f->align - 1) / f->align * f->align;
            f->off = off;
            off += f->size;
        }
        if (f->align > mal) mal = f->align;
    }
    if (!s->nord) { /* constexpr fields only is a struct of compile-time parameters */
        fy_err_format(&fy_ValueError, "%s %s: no fields", kind, s->name);
        goto fail;
    }
    s->align = mal;
    if (is_union) off = usz;
    s->size = (off + mal - 1) / mal * mal;
    FY_DECREF(ann);
    return &s->h;
fail:
    FY_DECREF(ann);
    FY_DECREF(&s->h);
    return NULL;
}
static fy_obj *f_struct(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)self;
    if (fy_no_kwargs("struct", kw) < 0 || fy_check_nargs("struct", na, 1, 1) < 0) return NULL;
    return make_composite(a[0], 0);
}
static fy_obj *f_union(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)self;
    if (fy_no_kwargs("union", kw) < 0 || fy_check_nargs("union", na, 1, 1) < 0) return NULL;
    return make_composite(a[0], 1);
}

/* ---- struct values: Pair(a, b), p.a, p.replace(a=...) ----
 * A frozen value holding one DSL value per scalar field (converted to the field's type) and the Python value
 * of each constexpr field; array fields have no value form. */
typedef struct sval {
    fy_obj h;
    structty *st;
    fy_obj *v[MAXF];
} sval; /* v: per ord entry */
static fy_type sval_type;
static void sval_dealloc(fy_obj *o) {
    sval *s = (sval *)o;
    for (int i = 0; s->st && i < s->st->nord; i++) FY_CLEAR(s->v[i]);
    FY_CLEAR(s->st);
}
static int ord_index(structty *st, fy_obj *name) {
    if (!FY_STR_CHECK(name)) return -1;
    for (int i = 0; i < st->nord; i++)
        if (fy_str_eq_cstr(name, st->ord[i].name)) return i;
    return -1;
}
/* Stores Vector field value x as entry i of s, as FlyDSL's Vector.__coerce__ does: x itself when it is an
 * instance of the field's type vt, else vt(x) (an alias re-checks lanes and element type, broadcasts a scalar,
 * builds from a list); its failure is the TypeError "expects T, got U (why)". 0 or -1. */
static int sval_put_vector(sval *s, int i, fy_obj *vt, fy_obj *x) {
    fy_obj *c = fy_isinstance_of(x, (fy_type *)vt) ? fy_ref(x) : fy_call(vt, &x, 1, NULL);
    if (!c) {
        fy_obj *exc = fy_err_fetch();
        fy_obj *why = exc ? fy_str(exc) : NULL, *tn = type_name_of(vt);
        if (!why) fy_err_clear();
        if (tn)
            fy_err_format(&fy_TypeError, "%s(...) field '%s' expects %S, got %s (%S)", s->st->name, s->st->ord[i].name,
                          tn, fy_type_name(x), why ? why : fy_None);
        FY_XDECREF(why);
        FY_XDECREF(tn);
        FY_XDECREF(exc);
        return -1;
    }
    FY_XDECREF(s->v[i]);
    s->v[i] = c;
    return 0;
}
/* Stores x (converted) as entry i of s; 0 or -1. */
static int sval_put(sval *s, int i, fy_obj *x) {
    int fi = s->st->ord[i].fi;
    structty *sub = fi < 0 ? NULL : s->st->f[fi].sub;
    fy_obj *vt = fi < 0 ? NULL : s->st->f[fi].vt;
    if (vt) return sval_put_vector(s, i, vt, x);
    if (sub && (FY_TYPE(x) != &sval_type || ((sval *)x)->st != sub)) {
        fy_err_format(&fy_TypeError, "%s(...) field '%s' expects %s, got %s.", s->st->name, s->st->ord[i].name,
                      sub->name, FY_TYPE(x) == &sval_type ? ((sval *)x)->st->name : fy_type_name(x));
        return -1;
    }
    fy_obj *c = fi < 0 || sub ? fy_ref(x) : fy_dsl_num_convert(s->st->f[fi].et, x);
    if (!c) return -1;
    FY_XDECREF(s->v[i]);
    s->v[i] = c;
    return 0;
}
static sval *sval_alloc(structty *st) {
    if (st->is_union) {
        fy_err_format(&fy_TypeError, "Union %s has no value form; use Storage[...] or allocator.allocate().", st->name);
        return NULL;
    }
    for (int i = 0; i < st->nf; i++)
        if (st->f[i].is_array) {
            fy_err_format(&fy_NotImplementedError,
                          "%s(...): struct values with array fields ('%s') are not supported (use it as LDS storage)",
                          st->name, st->f[i].name);
            return NULL;
        }
    if (fy_type_ready(&sval_type) < 0) return NULL;
    sval *s = (sval *)fy_alloc(&sval_type);
    if (s) s->st = (structty *)fy_ref(&st->h);
    return s;
}
static fy_obj *structty_call(fy_obj *o, fy_obj *const *a, size_t na, fy_obj *kw) {
    structty *st = (structty *)o;
    if (na > (size_t)st->nord)
        return fy_err_format(&fy_TypeError, "%s() takes %d field values but %zu were given", st->name, st->nord, na);
    sval *s = sval_alloc(st);
    if (!s) return NULL;
    for (size_t i = 0; i < na; i++)
        if (sval_put(s, (int)i, a[i]) < 0) goto fail;
    size_t nk = fy_kwcount(kw);
    size_t nkn = 0;
    fy_obj **kn = nk ? fy_seq_items(kw, &nkn) : NULL;
    for (size_t j = 0; j < nk; j++) {
        int i = ord_index(st, kn[j]);
        if (i < 0) {
            fy_err_format(&fy_TypeError, "%s() got an unexpected field %R", st->name, kn[j]);
            goto fail;
        }
        if (s->v[i]) {
            fy_err_format(&fy_TypeError, "%s() got multiple values for field %R", st->name, kn[j]);
            goto fail;
        }
        if (sval_put(s, i, a[na + j]) < 0) goto fail;
    }
    for (int i = 0; i < st->nord; i++)
        if (!s->v[i]) {
            fy_err_format(&fy_TypeError, "%s() missing a value for field '%s'", st->name, st->ord[i].name);
            goto fail;
        }
    return &s->h;
fail:
    FY_DECREF(&s->h);
    return NULL;
}
static fy_obj *sval_getattr(fy_obj *o, fy_obj *name) {
    sval *s = (sval *)o;
    int i = ord_index(s->st, name);
    if (i >= 0) return fy_ref(s->v[i]);
    fy_obj *r = fy_generic_getattr(o, name);
    if (!r && fy_err_matches(&fy_AttributeError))
        fy_err_format(&fy_AttributeError, "struct %s has no field %R", s->st->name, name);
    return r;
}
static int sval_setattr(fy_obj *o, fy_obj *name, fy_obj *v) {
    (void)v;
    fy_err_format(&fy_AttributeError, "struct %s values are frozen: cannot assign %R (use .replace(%S=...))",
                  ((sval *)o)->st->name, name, name);
    return -1;
}
/* replace(**fields): a copy with the given fields replaced. */
static fy_obj *sval_replace(fy_obj *o, fy_obj *const *a, size_t na, fy_obj *kw) {
    sval *s = (sval *)o;
    if (na) return fy_err_set(&fy_TypeError, "replace() takes keyword arguments only");
    sval *r = sval_alloc(s->st);
    if (!r) return NULL;
    for (int i = 0; i < s->st->nord; i++) r->v[i] = fy_ref(s->v[i]);
    size_t nk = fy_kwcount(kw);
    size_t nkn = 0;
    fy_obj **kn = nk ? fy_seq_items(kw, &nkn) : NULL;
    for (size_t j = 0; j < nk; j++) {
        fy_obj *k = kn[j], *v = a[na + j];
        int i = ord_index(s->st, k);
        if (i < 0) {
            fy_err_format(&fy_TypeError, "replace(): struct %s has no field %R", s->st->name, k);
            FY_DECREF(&r->h);
            return NULL;
        }
        if (sval_put(r, i, v) < 0) {
            FY_DECREF(&r->h);
            return NULL;
        }
    }
    return &r->h;
}
static fy_obj *sval_repr(fy_obj *o) {
    sval *s = (sval *)o;
    fy_obj *out = fy_str_printf("%s(", s->st->name);
    for (int i = 0; out && i < s->st->nord; i++) {
        fy_obj *n = fy_str_printf("%S%s%s=%R", out, i ? ", " : "", s->st->ord[i].name, s->v[i]);
        FY_DECREF(out);
        out = n;
    }
    if (!out) return NULL;
    fy_obj *n = fy_str_printf("%S)", out);
    FY_DECREF(out);
    return n;
}
/* __cache_signature__(): what a compile cache keys a struct value by (FlyDSL's protocol): the struct type and
 * each field's (name, value), a value that cannot be hashed by its repr. FlyDSL folds the Constexpr fields
 * into a specialised type; here the one type is shared, so they are listed with the others. */
static fy_obj *sval_cache_signature(fy_obj *o, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)a;
    if (fy_no_kwargs("__cache_signature__", kw) < 0 || fy_check_nargs("__cache_signature__", na, 0, 0) < 0) return NULL;
    sval *s = (sval *)o;
    fy_obj *t = fy_tuple_new((size_t)s->st->nord + 1);
    if (!t) return NULL;
    fy_tuple_set_steal(t, 0, fy_ref(&s->st->h));
    for (int i = 0; i < s->st->nord; i++) {
        fy_obj *v = s->v[i], *sig = fy_hash(v) == -1 ? (fy_err_clear(), fy_repr(v)) : fy_ref(v);
        fy_obj *pair = sig ? fy_tuple_new(2) : NULL, *nm = pair ? fy_str_from_cstr(s->st->ord[i].name) : NULL;
        if (!nm) {
            FY_XDECREF(sig);
            FY_XDECREF(pair);
            FY_DECREF(t);
            return NULL;
        }
        fy_tuple_set_steal(pair, 0, nm);
        fy_tuple_set_steal(pair, 1, sig);
        fy_tuple_set_steal(t, (size_t)i + 1, pair);
    }
    return t;
}
int fy_trace_is_static_struct(fy_obj *o) {
    fy_obj *pf = fy_trace_pystruct_vals(o);
    if (!pf && FY_TYPE(o) != &sval_type) return 0;
    int n = pf ? (int)FY_TUPLE_N(pf) : ((sval *)o)->st->nord;
    for (int i = 0; i < n; i++) {
        fy_obj *v = pf ? FY_TUPLE_ITEMS(pf)[i] : ((sval *)o)->v[i];
        int host = v == fy_None || FY_INT_CHECK(v) || FY_FLOAT_CHECK(v) || FY_STR_CHECK(v) ||
                   (FY_DSL_NUM_CHECK(v) && ((fy_dsl_num *)v)->is_static);
        if (!host) return 0;
    }
    return 1;
}
static fy_methoddef sval_methods[] = {{"replace", sval_replace, 0, "replace(**fields)\nA copy with fields replaced."},
                                      {"__cache_signature__", sval_cache_signature, 0,
                                       "__cache_signature__()\nThe struct type and its fields' (name, value) pairs."},
                                      {0}};
static fy_type sval_type = {FY_TYPE_INIT("StructValue", sizeof(sval)),
                            .flags = FY_TPF_FINAL,
                            .repr = sval_repr,
                            .dealloc = sval_dealloc,
                            .getattr = sval_getattr,
                            .setattr = sval_setattr,
                            .methods = sval_methods};

/* Struct values through control flow (trace_scf.h): the fields, and a copy with other field values. */
int fy_trace_struct_fields(fy_obj *o, fy_obj ***v, int *n) {
    fy_obj *pf = fy_trace_pystruct_vals(o);
    if (pf) {
        *v = FY_TUPLE_ITEMS(pf);
        *n = (int)FY_TUPLE_N(pf);
        return 1;
    }
    if (!o || FY_TYPE(o) != &sval_type) return 0;
    sval *s = (sval *)o;
    *v = s->v;
    *n = s->st->nord;
    return 1;
}
fy_obj *fy_trace_struct_with(fy_obj *o, fy_obj *const *v) {
    fy_obj *pf = fy_trace_pystruct_vals(o);
    if (pf) {
        size_t n = FY_TUPLE_N(pf);
        fy_obj *t = fy_tuple_new(n);
        if (!t) return NULL;
        for (size_t i = 0; i < n; i++) fy_tuple_set_steal(t, i, fy_ref(v[i]));
        fy_obj *r = fy_call_method(o, "_flyi_with", &t, 1);
        FY_DECREF(t);
        return r;
    }
    sval *s = (sval *)o, *r = sval_alloc(s->st);
    if (!r) return NULL;
    for (int i = 0; i < s->st->nord; i++)
        if (sval_put(r, i, v[i]) < 0) {
            FY_DECREF(&r->h);
            return NULL;
        }
    return &r->h;
}

/* Size and alignment in bytes of a struct type, fx.Array type, fx.Align type or numeric type (dsl_size_of /
 * dsl_align_of); 1 when o is one of them, 0 when not, -1 with a TypeError for a struct with a non-Storable field. */
int fy_trace_type_size(fy_obj *o, int64_t *size, int64_t *align) {
    if (FY_TYPE(o) == &alignty_type) {
        int r = fy_trace_type_size(((alignty *)o)->inner, size, align);
        if (r == 1) *align = ((alignty *)o)->align;
        return r;
    }
    structty *sc = schema_of_type(o);
    if (sc) {
        if (need_layout(sc) < 0) return -1;
        *size = sc->size, *align = sc->align;
        return 1;
    }
    if (FY_TYPE(o) == &arrty_type) {
        arrty *t = (arrty *)o;
        *size = t->n * ((t->et->width + 7) / 8), *align = t->align;
        return 1;
    }
    if (FY_DSL_IS_NUMERIC_TYPE(o)) {
        int64_t b = (((fy_dsl_numeric *)o)->width + 7) / 8;
        *size = b, *align = b;
        return 1;
    }
    return 0;
}

/* ---- storage, array references ---- */
/* One leaf: n elements of et in LDS global @__flyi_lds_<sym>, which holds just them (gbytes 0) or is the
 * gbytes bytes of a union with the leaf at byte offset boff. */
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

/* !fly.ptr<T, shared> of leaf l's first element. */
static int leaf_ptr(fy_tracer *tr, const leaf *l, uint64_t *out) {
    const char *t = fy_trace_mlir_type(l->et);
    char mt[96];
    if (l->gbytes) snprintf(mt, sizeof mt, "memref<%lldxi8, 3>", (long long)l->gbytes);
    else snprintf(mt, sizeof mt, "memref<%lldx%s, 3>", (long long)l->n, t);
    uint64_t g = fy_trace_new_ssa(tr), x = fy_trace_new_ssa(tr), i = fy_trace_new_ssa(tr), p = fy_trace_new_ssa(tr),
             f = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu = memref.get_global @__flyi_lds_%d : %s", U(g), l->sym, mt);
    fy_trace_end_line(tr);
    fy_trace_emit(tr, "      %%%llu = memref.extract_aligned_pointer_as_index %%%llu : %s -> index", U(x), U(g), mt);
    fy_trace_end_line(tr);
    fy_trace_emit(tr, "      %%%llu = arith.index_cast %%%llu : index to i64", U(i), U(x));
    fy_trace_end_line(tr);
    if (l->boff) { /* a union member: the global's address plus the member's byte offset */
        uint64_t c = fy_trace_new_ssa(tr), s = fy_trace_new_ssa(tr);
        fy_trace_emit(tr, "      %%%llu = arith.constant %lld : i64", U(c), (long long)l->boff);
        fy_trace_end_line(tr);
        fy_trace_emit(tr, "      %%%llu = arith.addi %%%llu, %%%llu : i64", U(s), U(i), U(c));
        fy_trace_end_line(tr);
        i = s;
    }
    fy_trace_emit(tr, "      %%%llu = llvm.inttoptr %%%llu : i64 to !llvm.ptr<3>", U(p), U(i));
    fy_trace_end_line(tr);
    fy_trace_emit(tr, "      %%%llu = builtin.unrealized_conversion_cast %%%llu : !llvm.ptr<3> to !fly.ptr<%s, shared>",
                  U(f), U(p), t);
    fy_trace_end_line(tr);
    *out = f;
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
    if (r) ((storage *)r)->boff = boff, ((storage *)r)->gbytes = gb;
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
static fy_obj *stor_getattr(fy_obj *o, fy_obj *name) {
    storage *s = (storage *)o;
    if (s->extra) {
        fy_obj *v = fy_dict_get(s->extra, name);
        if (v) return fy_ref(v);
    }
    int i = field_index(s, name);
    if (i < 0) return fy_generic_getattr(o, name);
    if (s->st->f[i].sub) return field_sub(s, i, &storage_type);
    leaf l = field_leaf(s, i);
    return storage_new(&storage_type, NULL, &l, 0);
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
static fy_type storage_type = {FY_TYPE_INIT("Storage", sizeof(storage)),
                               .flags = FY_TPF_FINAL,
                               .dealloc = st_dealloc,
                               .repr = stor_repr,
                               .getattr = stor_getattr,
                               .setattr = stor_setattr,
                               .methods = stor_methods};

/* ---- fx.SharedAllocator ---- */
typedef struct salloc {
    fy_obj h;
    int64_t base_align, bytes;
    int dynamic; /* static=False: FlyDSL's offsets into one dynamic-LDS base; here the same leaves, each its
                  * own LDS global as in static mode (what a kernel reads and writes is the same; only
                  * .base_ptr, the arena's start, has no counterpart) */
} salloc;
static fy_type salloc_type;

static void emit_global(fy_tracer *tr, int sym, fy_dsl_numeric *et, int64_t n, int64_t align) {
    int64_t eb = et->width >= 8 ? et->width / 8 : 1, a = align > 0 ? align : 1;
    tr->lds_bytes = (tr->lds_bytes + a - 1) / a * a + n * eb;
    fy_trace_emit_prelude(
        tr,
        "    memref.global \"private\" @__flyi_lds_%d : memref<%lldx%s, 3> = uninitialized {alignment = %lld : i64}\n",
        sym, (long long)n, fy_trace_mlir_type(et), (long long)align);
}

/* The globals of a composite's static placement (nsyms of them), the first aligned to at least al. */
static void emit_tree(fy_tracer *tr, const structty *st, int64_t al) {
    if (st->is_union) {
        emit_global(tr, tr->nlds++, &fy_dsl_t_i8, st->size, al > st->align ? al : st->align);
        return;
    }
    for (int i = 0; i < st->nf; i++) {
        const sfield *f = &st->f[i];
        int64_t a = i == 0 && al > f->align ? al : f->align;
        if (f->sub) emit_tree(tr, f->sub, a);
        else emit_global(tr, tr->nlds++, f->et, f->n, a);
    }
}

static fy_obj *sa_allocate(fy_obj *o, fy_obj *const *a, size_t na, fy_obj *kw) {
    static const char *const names[] = {"type", "alignment", NULL};
    fy_obj *v[2] = {NULL, NULL};
    if (fy_parse_args("allocate", a, na, kw, names, 1, 2, 2, v) < 0) return NULL;
    fy_tracer *tr = need_tracer("SharedAllocator.allocate");
    if (!tr) return NULL;
    salloc *sa = (salloc *)o;
    int64_t align = 0;
    if (v[1] && v[1] != fy_None && fy_dsl_to_int(v[1], &align, "allocate", "alignment") < 0) return NULL;
    if (align < 0 || (align & (align - 1)) || align > 4096)
        return fy_err_format(&fy_ValueError, "allocate: alignment must be a power of two <= 4096, not %lld",
                             (long long)align);
    if (schema_of_type(v[0])) {
        structty *st = schema_of_type(v[0]);
        if (need_layout(st) < 0) return NULL;
        int64_t al = align > st->align ? align : st->align;
        if (al < sa->base_align) al = sa->base_align;
        sa->bytes = (sa->bytes + al - 1) / al * al + st->size;
        int base = tr->nlds;
        emit_tree(tr, st, al);
        fy_obj *r = storage_new(&storage_type, st, NULL, base);
        if (r && st->is_union) ((storage *)r)->gbytes = st->size;
        return r;
    }
    if (FY_TYPE(v[0]) == &arrty_type) {
        arrty *at = (arrty *)v[0];
        int64_t al = align > at->align ? align : at->align;
        if (al < sa->base_align) al = sa->base_align;
        sa->bytes = (sa->bytes + al - 1) / al * al + at->n * (at->et->width / 8);
        leaf l = {tr->nlds++, at->et, at->n, 1, 0, 0};
        emit_global(tr, l.sym, at->et, at->n, al);
        return storage_new(&storage_type, NULL, &l, 0);
    }
    if (FY_DSL_IS_NUMERIC_TYPE(v[0])) {
        if (!storable(v[0], "allocate")) return NULL;
        fy_dsl_numeric *et = (fy_dsl_numeric *)v[0];
        int64_t al = align > et->width / 8 ? align : et->width / 8;
        if (al < sa->base_align) al = sa->base_align;
        sa->bytes = (sa->bytes + al - 1) / al * al + et->width / 8;
        leaf l = {tr->nlds++, et, 1, 0, 0, 0};
        emit_global(tr, l.sym, et, 1, al);
        return storage_new(&storage_type, NULL, &l, 0);
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
    if (nbytes <= 0 || nbytes > 65536)
        return fy_err_format(&fy_ValueError, "allocate: %lld bytes is outside 1..65536", (long long)nbytes);
    int64_t al = align > sa->base_align ? align : sa->base_align;
    sa->bytes = (sa->bytes + al - 1) / al * al + nbytes;
    leaf l = {tr->nlds++, &fy_dsl_t_i8, nbytes, 1, 0, 0};
    emit_global(tr, l.sym, &fy_dsl_t_i8, nbytes, al);
    return storage_new(&storage_type, NULL, &l, 0);
}
static fy_obj *sa_bytes(fy_obj *o) { return fy_int_from(((salloc *)o)->bytes); }
static fy_obj *sa_is_static(fy_obj *o) { return fy_bool(!((salloc *)o)->dynamic); }
static fy_obj *sa_base_ptr(fy_obj *o) {
    if (!((salloc *)o)->dynamic)
        return fy_err_set(&fy_RuntimeError, "SharedAllocator(static=True) has no shared base pointer: each leaf is its "
                                            "own LDS global");
    return fy_err_set(&fy_NotImplementedError,
                      "SharedAllocator(static=False).base_ptr: flyi places the allocations as separate LDS globals, "
                      "so there is no arena start; use the allocations' pointers");
}
static fy_methoddef sa_methods[] = {
    {"allocate", sa_allocate, 0,
     "allocate(type_or_nbytes, alignment=None)\nLDS storage (static: one global per leaf)."},
    {0}};
static fy_getsetdef sa_gs[] = {{"allocated_bytes", sa_bytes, NULL, "LDS bytes allocated so far"},
                               {"is_static", sa_is_static, NULL, "False for SharedAllocator(static=False)"},
                               {"base_ptr", sa_base_ptr, NULL, "the arena's start (static=False)"},
                               {0}};
static fy_type salloc_type = {FY_TYPE_INIT("SharedAllocator", sizeof(salloc)), .flags = FY_TPF_FINAL,
                              .methods = sa_methods, .getsets = sa_gs};

static fy_obj *f_shared_allocator(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)self;
    static const char *const names[] = {"base_alignment", "static", NULL};
    fy_obj *v[2] = {NULL, NULL};
    if (fy_parse_args("SharedAllocator", a, na, kw, names, 0, 1, 2, v) < 0) return NULL;
    fy_tracer *tr = need_tracer("fx.SharedAllocator");
    if (!tr) return NULL;
    int64_t ba = 16;
    if (v[0] && fy_dsl_to_int(v[0], &ba, "SharedAllocator", "base_alignment") < 0) return NULL;
    if (ba <= 0 || (ba & (ba - 1)) || ba > 4096)
        return fy_err_format(&fy_ValueError, "SharedAllocator: base_alignment must be a power of two <= 4096, not %lld",
                             (long long)ba);
    int st = 1;
    if (v[1] && (st = fy_truthy(v[1])) < 0) return NULL;
    if (tr->nallocators++) return fy_err_set(&fy_RuntimeError, "fx.SharedAllocator: at most one allocator per kernel");
    if (fy_type_ready(&salloc_type) < 0) return NULL;
    salloc *s = (salloc *)fy_alloc(&salloc_type);
    if (!s) return NULL;
    s->base_align = ba;
    s->dynamic = !st;
    return &s->h;
}

/* fx.get_dyn_shared(dtype=None): a pointer to the start of the dynamic LDS the launch sizes with smem=
 * (gpu.dynamic_shared_memory, placed after the static LDS); Int8 elements unless dtype is given. */
static fy_obj *f_get_dyn_shared(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)self;
    static const char *const names[] = {"dtype", NULL};
    fy_obj *v[1] = {NULL};
    if (fy_parse_args("get_dyn_shared", a, na, kw, names, 0, 1, 1, v) < 0) return NULL;
    fy_tracer *tr = need_tracer("fx.get_dyn_shared");
    if (!tr) return NULL;
    fy_dsl_numeric *et = &fy_dsl_t_i8;
    if (v[0] && v[0] != fy_None && !storable(v[0], "get_dyn_shared")) return NULL;
    if (v[0] && v[0] != fy_None) et = (fy_dsl_numeric *)v[0];
    const char *mt = "memref<?xi8, #gpu.address_space<workgroup>>";
    uint64_t g = fy_trace_new_ssa(tr), x = fy_trace_new_ssa(tr), i = fy_trace_new_ssa(tr), p = fy_trace_new_ssa(tr),
             f = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu = gpu.dynamic_shared_memory : %s", U(g), mt);
    fy_trace_end_line(tr);
    fy_trace_emit(tr, "      %%%llu = memref.extract_aligned_pointer_as_index %%%llu : %s -> index", U(x), U(g), mt);
    fy_trace_end_line(tr);
    fy_trace_emit(tr, "      %%%llu = arith.index_cast %%%llu : index to i64", U(i), U(x));
    fy_trace_end_line(tr);
    fy_trace_emit(tr, "      %%%llu = llvm.inttoptr %%%llu : i64 to !llvm.ptr<3>", U(p), U(i));
    fy_trace_end_line(tr);
    fy_trace_emit(tr, "      %%%llu = builtin.unrealized_conversion_cast %%%llu : !llvm.ptr<3> to !fly.ptr<%s, shared>",
                  U(f), U(p), fy_trace_mlir_type(et));
    fy_trace_end_line(tr);
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
    if (p->reg == FY_SP_REG)
        return fy_err_set(&fy_NotImplementedError, "recast_iter of a register pointer is not supported");
    const char *sp = fy_trace_space_name(p->reg);
    int as = p->reg == FY_SP_SHARED ? 3 : 1;
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

static fy_methoddef smem_funcs[] = {
    {"get_dyn_shared", f_get_dyn_shared, 0, "get_dyn_shared(dtype=None)\nPointer to the dynamic LDS (launch smem=)."},
    {"recast_iter", f_recast_iter, 0, "recast_iter(dtype, ptr)\nThe pointer with another element type."},
    {"SharedAllocator", f_shared_allocator, 0, "SharedAllocator(base_alignment=16, *, static=True)\nLDS allocator."},
    {"struct", f_struct, 0, "struct(cls)\nA struct type from the class's annotated fields (C layout)."},
    {"union", f_union, 0, "union(cls)\nA union type of the class's annotated fields (all at offset 0)."},
    {0}};

int fy_trace_add_smem_fx(fy_obj *m) {
    if (fy_type_ready(&arrf_type) < 0 || fy_module_add(m, "Array", &the_array.h) < 0) return -1;
    if (fy_type_ready(&alignf_type) < 0 || fy_module_add(m, "Align", &the_align.h) < 0) return -1;
    for (fy_methoddef *d = smem_funcs; d->name; d++) {
        fy_obj *f = fy_cfunction_new(d, m);
        if (!f || fy_module_add_steal(m, d->name, f) < 0) return -1;
    }
    return 0;
}

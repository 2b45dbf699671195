/* trace_smem.c - the composite types: fx.Array[E, N(, A)], @fx.struct classes (fields laid out by
 * the C rule: each field aligned, size rounded to the largest alignment) and @fx.union; their LDS storage
 * (fx.SharedAllocator, Storage) is trace_storage.c's. Calling a struct class makes a frozen struct value (fields read as attributes, .replace(**fields)).
 * fx.Align[T, N] raises T's alignment to N (a field's, or dsl_align_of's). A field may be an fx.Vector or a
 * vector alias: a value-only field (FlyDSL's Vector is no Storable), so that struct has no storage layout. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "flydsl/api/dsl.h"
#include "flydsl/api/dsl_numeric.h"
#include "flydsl/trace/trace_int.h"
#include "flydsl/trace/trace_scf.h"
#include "flydsl/trace/trace_smem.h"

#define U(x) ((unsigned long long)(x))

/* FlyDSL's name of an array type: Array[E, N], with the alignment when it is not E's size. */
static fy_obj *arrty_repr(fy_obj *o) {
    arrty *a = (arrty *)o;
    int64_t eb = a->et->width >= 8 ? a->et->width / 8 : 1;
    if (a->align == eb) return fy_str_printf("Array[%s, %lld]", a->et->name, (long long)a->n);
    return fy_str_printf("Array[%s, %lld, %lld]", a->et->name, (long long)a->n, (long long)a->align);
}
static fy_obj *arrty_dtype(fy_obj *o) { return fy_ref(&((arrty *)o)->et->h); }
static fy_obj *arrty_size(fy_obj *o) { return fy_int_from(((arrty *)o)->n); }
static fy_obj *arrty_align(fy_obj *o) { return fy_int_from(((arrty *)o)->align); }
static fy_obj *arrty_nbytes(fy_obj *o, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)a;
    if (fy_no_kwargs("__dsl_size_of__", kw) < 0 || fy_check_nargs("__dsl_size_of__", na, 0, 0) < 0) return NULL;
    arrty *t = (arrty *)o;
    return fy_int_from(t->n * ((t->et->width + 7) / 8));
}
static fy_obj *arrty_alignof(fy_obj *o, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)a;
    if (fy_no_kwargs("__dsl_align_of__", kw) < 0 || fy_check_nargs("__dsl_align_of__", na, 0, 0) < 0) return NULL;
    return fy_int_from(((arrty *)o)->align);
}
/* __peek_from_ptr__(ptr): the array over ptr (flydsl.expr._storage's array reference: [i], [i] = v, .view). */
static fy_obj *arrty_peek(fy_obj *o, fy_obj *const *a, size_t na, fy_obj *kw) {
    if (fy_no_kwargs("__peek_from_ptr__", kw) < 0 || fy_check_nargs("__peek_from_ptr__", na, 1, 1) < 0) return NULL;
    fy_obj *args[2] = {o, a[0]};
    return fy_smem_call_storage("_array_peek", args, 2);
}
static fy_obj *arrty_poke(fy_obj *o, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)a;
    if (fy_no_kwargs("__poke_into_ptr__", kw) < 0 || fy_check_nargs("__poke_into_ptr__", na, 2, 2) < 0) return NULL;
    fy_obj *n = arrty_repr(o);
    if (n) fy_err_format(&fy_NotImplementedError, "%S does not support __poke_into_ptr__ yet", n);
    FY_XDECREF(n);
    return NULL;
}
/* __construct_from_ir_values__(values, exemplar=None): the array over its one value, a pointer (FlyDSL's protocol). */
static fy_obj *arrty_construct(fy_obj *o, fy_obj *const *a, size_t na, fy_obj *kw) {
    if (fy_no_kwargs("__construct_from_ir_values__", kw) < 0 ||
        fy_check_nargs("__construct_from_ir_values__", na, 1, 2) < 0)
        return NULL;
    fy_obj *args[2] = {o, a[0]};
    return fy_smem_call_storage("_array_from_ir_values", args, 2);
}
static fy_getsetdef arrty_gs[] = {{"dtype", arrty_dtype, NULL, "the element type"},
                                  {"size", arrty_size, NULL, "the number of elements"},
                                  {"align", arrty_align, NULL, "the alignment in bytes"},
                                  {"__name__", arrty_repr, NULL, "Array[E, N(, A)]"},
                                  {0}};
static fy_methoddef arrty_methods[] = {
    {"__dsl_size_of__", arrty_nbytes, 0, "__dsl_size_of__()\nSize in bytes."},
    {"__dsl_align_of__", arrty_alignof, 0, "__dsl_align_of__()\nAlignment in bytes."},
    {"__peek_from_ptr__", arrty_peek, 0, "__peek_from_ptr__(ptr)\nThe array at ptr."},
    {"__poke_into_ptr__", arrty_poke, 0, "__poke_into_ptr__(ptr, value)\nNot supported (as in FlyDSL)."},
    {"__construct_from_ir_values__", arrty_construct, 0,
     "__construct_from_ir_values__(values, exemplar=None)\nThe array over its one ir.Value, a pointer."},
    {0}};
static fy_type arrty_type = {FY_TYPE_INIT("ArrayType", sizeof(arrty)), .flags = FY_TPF_FINAL, .repr = arrty_repr,
                             .getsets = arrty_gs, .methods = arrty_methods};

/* The one array type of (et, n, align): array types are cached, as FlyDSL's (Array[E, N] is Array[E, N]). A new
 * reference, or NULL with an error. */
#define NARRCACHE 1024
static arrty *arr_cache[NARRCACHE];
static int n_arr_cache;
fy_obj *fy_smem_array_type(fy_dsl_numeric *et, int64_t n, int64_t align) {
    for (int i = 0; i < n_arr_cache; i++)
        if (arr_cache[i]->et == et && arr_cache[i]->n == n && arr_cache[i]->align == align)
            return fy_ref(&arr_cache[i]->h);
    if (fy_type_ready(&arrty_type) < 0) return NULL;
    arrty *a = (arrty *)fy_alloc(&arrty_type);
    if (!a) return NULL;
    a->et = et;
    a->n = n;
    a->align = align;
    if (n_arr_cache < NARRCACHE) arr_cache[n_arr_cache++] = (arrty *)fy_ref(&a->h); /* kept for the session */
    return &a->h;
}

/* f(args) of the Python half of storage, flydsl.expr._storage. */
fy_obj *fy_smem_call_storage(const char *f, fy_obj *const *args, size_t n) {
    fy_obj *m = fy_import("flydsl.expr._storage");
    fy_obj *fn = m ? fy_getattr_cstr(m, f) : NULL;
    FY_XDECREF(m);
    fy_obj *r = fn ? fy_call(fn, args, n, NULL) : NULL;
    FY_XDECREF(fn);
    return r;
}

static int storable(fy_obj *e, const char *what) {
    if (!e || !FY_DSL_IS_NUMERIC_TYPE(e)) {
        fy_obj *n = e ? fy_getattr_cstr(e, "__name__") : NULL;
        if (!n || !FY_STR_CHECK(n)) fy_err_clear();
        fy_err_format(&fy_TypeError,
                      "%s: type %s does not implement the Storable protocol (expected a numeric type such as "
                      "fx.Float32, an fx.Array or a struct)",
                      what,
                      n && FY_STR_CHECK(n) ? FY_STR_DATA(n)
                      : e                  ? fy_type_name(e)
                                           : "nothing");
        FY_XDECREF(n);
        return 0;
    }
    fy_dsl_numeric *t = (fy_dsl_numeric *)e;
    if (t->width < 8 || t->kind == FY_DSL_K_BOOL || t->kind == FY_DSL_K_INDEX) {
        fy_err_format(&fy_TypeError, "%s: %s is not storable in shared memory", what, t->name);
        return 0;
    }
    return 1;
}

/* fx.Array[E, N] / fx.Array[E, N, A], with FlyDSL's checks and messages (E a Numeric type, N and A positive
 * ints), then flyi's: E storable (8 bits or more), N at most 2^24, A a power of two <= 4096. */
static fy_obj *arrf_getitem(fy_obj *s, fy_obj *k) {
    (void)s;
    size_t n = 1;
    fy_obj *const *it = &k;
    if (FY_TUPLE_CHECK(k)) it = fy_seq_items(k, &n);
    if (n < 2 || n > 3)
        return fy_err_set(&fy_TypeError, "Array expects Array[dtype, size] or Array[dtype, size, align]");
    if (!FY_DSL_IS_NUMERIC_TYPE(it[0]))
        return fy_err_format(&fy_TypeError, "Array dtype must be a Numeric subclass, got %R", it[0]);
    for (size_t i = 1; i < n; i++) {
        int64_t v = 0;
        if (!FY_INT_CHECK(it[i]) || fy_dsl_to_int(it[i], &v, "fx.Array", "size") < 0 || v <= 0) {
            fy_err_clear();
            return fy_err_format(&fy_TypeError, "Array %s must be a positive integer, got %R",
                                 i == 1 ? "size" : "align", it[i]);
        }
    }
    if (!storable(it[0], "fx.Array")) return NULL;
    int64_t cnt, al;
    if (fy_dsl_to_int(it[1], &cnt, "fx.Array", "count") < 0) return NULL;
    fy_dsl_numeric *et = (fy_dsl_numeric *)it[0];
    al = et->width / 8;
    if (n == 3 && fy_dsl_to_int(it[2], &al, "fx.Array", "alignment") < 0) return NULL;
    if (cnt > (1 << 24))
        return fy_err_format(&fy_ValueError, "fx.Array: count must be in 1..2^24, not %lld", (long long)cnt);
    if ((al & (al - 1)) || al > 4096)
        return fy_err_format(&fy_ValueError, "fx.Array: alignment must be a power of two <= 4096, not %lld",
                             (long long)al);
    return fy_smem_array_type(et, cnt, al);
}
typedef struct arrf {
    fy_obj h;
} arrf;
static fy_type arrf_type = {FY_TYPE_INIT("ArrayFactory", sizeof(arrf)), .flags = FY_TPF_FINAL, .getitem = arrf_getitem};
static arrf the_array = {{FY_IMMORTAL_RC, &arrf_type}};

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
/* __peek_from_ptr__ / __poke_into_ptr__: the aligned type's (fx.Align changes the alignment only). */
static fy_obj *alignty_peek(fy_obj *o, fy_obj *const *a, size_t na, fy_obj *kw) {
    if (fy_no_kwargs("__peek_from_ptr__", kw) < 0 || fy_check_nargs("__peek_from_ptr__", na, 1, 1) < 0) return NULL;
    fy_obj *args[2] = {((alignty *)o)->inner, a[0]};
    return fy_smem_call_storage("peek_from_ptr", args, 2);
}
static fy_obj *alignty_poke(fy_obj *o, fy_obj *const *a, size_t na, fy_obj *kw) {
    if (fy_no_kwargs("__poke_into_ptr__", kw) < 0 || fy_check_nargs("__poke_into_ptr__", na, 2, 2) < 0) return NULL;
    fy_obj *args[3] = {((alignty *)o)->inner, a[0], a[1]};
    return fy_smem_call_storage("poke_into_ptr", args, 3);
}
static fy_methoddef alignty_methods[] = {
    {"__peek_from_ptr__", alignty_peek, 0, "__peek_from_ptr__(ptr)\nThe aligned type's value at ptr."},
    {"__poke_into_ptr__", alignty_poke, 0, "__poke_into_ptr__(ptr, value)\nStores the aligned type's value."},
    {0}};
static fy_type alignty_type = {FY_TYPE_INIT("AlignType", sizeof(alignty)),
                               .flags = FY_TPF_FINAL,
                               .repr = alignty_repr,
                               .dealloc = alignty_dealloc,
                               .getsets = alignty_gs,
                               .methods = alignty_methods};

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

static const char *structty_name(fy_obj *t) { return ((structty *)t)->name; }
/* The C layout of a struct type: o itself, or the __flyi_schema__ of a class made by fx.struct / fx.union
 * (flydsl.expr._composite); NULL for anything else (no error). */
structty *fy_smem_schema_of(fy_obj *o) {
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
        FY_CLEAR(s->f[i].ty);
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
static fy_obj *structty_name_get(fy_obj *o) { return fy_str_from_cstr(((structty *)o)->name); }
/* _flyi_field_types: [(name, annotation)] of every field in declaration order, None for a constexpr field's
 * (flydsl.expr._storage's Storage reads them). */
static fy_obj *structty_field_types(fy_obj *o) {
    structty *s = (structty *)o;
    fy_obj *l = fy_list_new(0);
    for (int i = 0; l && i < s->nord; i++) {
        int fi = s->ord[i].fi;
        fy_obj *t = fy_tuple_new(2), *nm = t ? fy_str_from_cstr(s->ord[i].name) : NULL;
        if (!nm) {
            FY_XDECREF(t);
            FY_DECREF(l);
            return NULL;
        }
        fy_tuple_set_steal(t, 0, nm);
        fy_tuple_set_steal(t, 1, fi < 0 ? fy_none() : fy_ref(s->f[fi].ty));
        int r = fy_list_append(l, t);
        FY_DECREF(t);
        if (r < 0) FY_CLEAR(l);
    }
    return l;
}
/* __peek_from_ptr__(ptr) / __poke_into_ptr__(ptr, value): the struct's fields read from / written to their
 * offsets from ptr (flydsl.expr._storage); a union has no value form (NotImplementedError, as FlyDSL's). */
static fy_obj *structty_peek(fy_obj *o, fy_obj *const *a, size_t na, fy_obj *kw) {
    if (fy_no_kwargs("__peek_from_ptr__", kw) < 0 || fy_check_nargs("__peek_from_ptr__", na, 1, 1) < 0) return NULL;
    if (((structty *)o)->is_union)
        return fy_err_format(&fy_NotImplementedError, "%s does not support __peek_from_ptr__", ((structty *)o)->name);
    fy_obj *args[2] = {o, a[0]};
    return fy_smem_call_storage("_struct_peek", args, 2);
}
static fy_obj *structty_poke(fy_obj *o, fy_obj *const *a, size_t na, fy_obj *kw) {
    if (fy_no_kwargs("__poke_into_ptr__", kw) < 0 || fy_check_nargs("__poke_into_ptr__", na, 2, 2) < 0) return NULL;
    if (((structty *)o)->is_union)
        return fy_err_format(&fy_NotImplementedError, "%s does not support __poke_into_ptr__", ((structty *)o)->name);
    fy_obj *args[3] = {o, a[0], a[1]};
    return fy_smem_call_storage("_struct_poke", args, 3);
}
static fy_methoddef structty_methods[] = {
    {"__peek_from_ptr__", structty_peek, 0, "__peek_from_ptr__(ptr)\nThe struct value stored at ptr."},
    {"__poke_into_ptr__", structty_poke, 0, "__poke_into_ptr__(ptr, value)\nStores a struct value at ptr."},
    {0}};
static fy_getsetdef structty_gs[] = {{"size_in_bytes", structty_size, NULL, "size in bytes (C rule)"},
                                     {"_field_offsets", structty_offsets, NULL, "{field: byte offset}"},
                                     {"alignment", structty_align, NULL, "alignment in bytes"},
                                     {"is_union", structty_is_union, NULL, "True for an fx.union type"},
                                     {"_flyi_field_types", structty_field_types, NULL, "[(name, annotation)]"},
                                     {"__name__", structty_name_get, NULL, "the class's name"},
                                     {0}};
static fy_type structty_type = {FY_TYPE_INIT("StructType", sizeof(structty)),
                                .flags = FY_TPF_FINAL,
                                .repr = structty_repr,
                                .dealloc = structty_dealloc,
                                .call = structty_call,
                                .methods = structty_methods,
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
        f->ty = fy_ref(v);
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
        } else if (fy_smem_schema_of(v)) {
            structty *sub = fy_smem_schema_of(v);
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

/* Size and alignment of a type of the Storable protocol written in Python (__dsl_size_of__ and __dsl_align_of__,
 * as flydsl.compiler.protocol calls them): 1, 0 when o has neither, -1 with the error they raised. */
static int protocol_size(fy_obj *o, int64_t *size, int64_t *align) {
    static const char *const names[] = {"__dsl_size_of__", "__dsl_align_of__"};
    int64_t *out[] = {size, align};
    for (int i = 0; i < 2; i++) {
        fy_obj *f = fy_getattr_cstr(o, names[i]);
        if (!f) {
            if (!fy_err_matches(&fy_AttributeError)) return -1;
            fy_err_clear();
            return 0;
        }
        fy_obj *r = fy_call(f, NULL, 0, NULL);
        FY_DECREF(f);
        if (!r) return -1;
        int st = fy_dsl_to_int(r, out[i], names[i], "result");
        FY_DECREF(r);
        if (st < 0) return -1;
    }
    return 1;
}

/* Size and alignment in bytes of a struct type, fx.Array type, fx.Align type or numeric type (dsl_size_of /
 * dsl_align_of); 1 when o is one of them, 0 when not, -1 with a TypeError for a struct with a non-Storable field. */
int fy_trace_type_size(fy_obj *o, int64_t *size, int64_t *align) {
    if (FY_TYPE(o) == &alignty_type) {
        int r = fy_trace_type_size(((alignty *)o)->inner, size, align);
        if (r == 1) *align = ((alignty *)o)->align;
        return r;
    }
    structty *sc = fy_smem_schema_of(o);
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
        fy_dsl_numeric *t = (fy_dsl_numeric *)o;
        if (t->width < 8) {
            fy_err_format(&fy_TypeError, "sub-byte type %s (width=%d) is not Storable", t->name, t->width);
            return -1;
        }
        *size = (t->width + 7) / 8, *align = *size;
        return 1;
    }
    return protocol_size(o, size, align);
}

int fy_smem_is_array(fy_obj *o) { return FY_TYPE(o) == &arrty_type; }
int fy_smem_is_struct(fy_obj *o) { return FY_TYPE(o) == &structty_type; }
int fy_smem_is_align(fy_obj *o) { return FY_TYPE(o) == &alignty_type; }
int fy_smem_storable(fy_obj *e, const char *what) { return storable(e, what); }
int fy_smem_need_layout(const structty *st) { return need_layout(st); }

static fy_methoddef smem_funcs[] = {
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
    return fy_trace_add_storage_fx(m);
}

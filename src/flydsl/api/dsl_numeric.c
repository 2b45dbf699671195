/* dsl_numeric.c - the numeric types of flydsl.expr (fx.Int32, fx.Float32, fx.Boolean, ...): the type
 * table, construction T(x) with FlyDSL's wrap-around rules, literal typing and the promotion table.
 * Operators and methods of the values are in dsl_numeric_ops.c, fx.math and fx.max/min in
 * dsl_numeric_math.c. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "flydsl/api/dsl.h"
#include "flydsl/api/dsl_numeric.h"
#include "flydsl/trace/trace.h"
#include "flydsl/mlir/mlir.h"

/* ------------------------------------------------------------------ the type table */

static fy_obj *num_str(fy_obj *self) { return fy_str_from_cstr(((fy_dsl_numeric *)self)->name); }

static fy_obj *num_call(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    fy_dsl_numeric *t = (fy_dsl_numeric *)self;
    if (fy_kwcount(kw)) return fy_err_format(&fy_TypeError, "%s() takes no keyword arguments", t->name);
    if (na != 1) return fy_err_format(&fy_TypeError, "%s() takes exactly one argument (%zu given)", t->name, na);
    if (t->kind == FY_DSL_K_ABSTRACT) { /* FlyDSL's defaults: Integer is 32-bit signed, Float 32-bit */
        if (t == &fy_dsl_t_integer) t = &fy_dsl_t_i32;
        else if (t == &fy_dsl_t_float) t = &fy_dsl_t_f32;
        else if (FY_DSL_NUM_CHECK(a[0])) return fy_ref(a[0]);
        else {
            fy_obj *r = fy_dsl_as_numeric(a[0]);
            if (!r && !fy_err_occurred())
                fy_err_format(&fy_TypeError, "Numeric(): cannot convert '%s' to a numeric value", fy_type_name(a[0]));
            return r;
        }
    }
    return fy_dsl_num_convert(t, a[0]);
}

static fy_obj *num_width(fy_obj *self) {
    fy_dsl_numeric *t = (fy_dsl_numeric *)self;
    return fy_int_from(t->kind == FY_DSL_K_ABSTRACT ? t->zero_width : t->width);
}
static fy_obj *num_mlir(fy_obj *self) {
    fy_dsl_numeric *t = (fy_dsl_numeric *)self;
    return t->mlir ? fy_str_from_cstr(t->mlir) : fy_none();
}
/* The MLIR type (signless integers: Uint32 is i32), as its text. */
static fy_obj *num_ir_type(fy_obj *self) {
    fy_dsl_numeric *t = (fy_dsl_numeric *)self;
    if (t->kind == FY_DSL_K_ABSTRACT) return fy_none();
    /* an MLIR type object as T's (prints as its text, equals it, and names this numeric type) */
    char text[32];
    if (t->kind == FY_DSL_K_FLOAT || t->kind == FY_DSL_K_INDEX) snprintf(text, sizeof text, "%s", t->mlir);
    else snprintf(text, sizeof text, "i%d", t->width);
    return fy_dsl_ir_type_of(text, self);
}
static int is_float_class(const fy_dsl_numeric *t) { return t->kind == FY_DSL_K_FLOAT || t == &fy_dsl_t_float; }
static int is_int_class(const fy_dsl_numeric *t) {
    return t->kind == FY_DSL_K_INT || t->kind == FY_DSL_K_BOOL || t->kind == FY_DSL_K_INDEX || t == &fy_dsl_t_integer;
}
static fy_obj *num_is_float(fy_obj *self) { return fy_bool(is_float_class((fy_dsl_numeric *)self)); }
static fy_obj *num_is_integer(fy_obj *self) { return fy_bool(is_int_class((fy_dsl_numeric *)self)); }
static fy_obj *num_signed(fy_obj *self) {
    fy_dsl_numeric *t = (fy_dsl_numeric *)self;
    if (t == &fy_dsl_t_numeric) return fy_none();
    return fy_bool(is_float_class(t) || t->is_signed);
}
/* FlyDSL's zero of the class: 0 for integers, 0.0 for floats. */
static fy_obj *num_zero(fy_obj *self) {
    fy_dsl_numeric *t = (fy_dsl_numeric *)self;
    if (is_float_class(t)) return fy_float_from(0.0);
    if (is_int_class(t)) return fy_int_from(0);
    return fy_err_format(&fy_ValueError, "no zero value for %s", t->name);
}
static fy_obj *num_name(fy_obj *self) { return num_str(self); }
static fy_obj *num_log_width(fy_obj *self) {
    fy_dsl_numeric *t = (fy_dsl_numeric *)self;
    int w = t->kind == FY_DSL_K_ABSTRACT ? t->zero_width : t->width, l = 0;
    while ((1 << l) < w) l++;
    return fy_int_from(l);
}

static fy_getsetdef num_getsets[] = {
    {"width", num_width, NULL, "bit width"},
    {"log_width", num_log_width, NULL, "log2 of the bit width"},
    {"signed", num_signed, NULL, "True for signed integers and floats"},
    {"mlir_type", num_mlir, NULL, "the MLIR type name, e.g. f32"},
    {"ir_type", num_ir_type, NULL, "the MLIR type, e.g. i32 (integers are signless)"},
    {"is_float", num_is_float, NULL, "True for floating-point types"},
    {"is_integer", num_is_integer, NULL, "True for integer types (Boolean, Index too)"},
    {"zero", num_zero, NULL, "0 for integer types, 0.0 for floating-point ones"},
    {"__name__", num_name, NULL, "the type's name"},
    {0}};

/* NumericMeta: the metaclass of the numeric classes (FlyDSL's). */
fy_type fy_dsl_numeric_type = {
    FY_TYPE_INIT("NumericMeta", sizeof(fy_dsl_numeric)),
    .base = &fy_type_type,
    .doc = "The metaclass of the numeric types (Float32, Int32, ...): calling one builds a typed value.",
    .flags = FY_TPF_FINAL,
    .repr = num_str,
    .str = num_str,
    .call = num_call,
    .getsets = num_getsets,
};

#define NUM_CLASS(NAME, BASE) \
    {.h = {FY_IMMORTAL_RC, &fy_dsl_numeric_type}, \
     .name = NAME, \
     .basicsize = sizeof(fy_dsl_num), \
     .base = BASE, \
     .flags = FY_TPF_FINAL}
#define NUM_FIELDS(NAME, MLIR, W, K, S, ZW) \
    .name = NAME, .mlir = MLIR, .width = W, .kind = K, .is_signed = S, .zero_width = ZW
fy_dsl_numeric fy_dsl_t_integer = {.t = NUM_CLASS("Integer", &fy_dsl_num_type),
                                   NUM_FIELDS("Integer", NULL, 32, FY_DSL_K_ABSTRACT, 1, 32)};
fy_dsl_numeric fy_dsl_t_float = {.t = NUM_CLASS("Float", &fy_dsl_num_type),
                                 NUM_FIELDS("Float", NULL, 32, FY_DSL_K_ABSTRACT, 1, 32)};
#define NUM(id, name, mlir, w, k, s) \
    fy_dsl_numeric id = {.t = NUM_CLASS(name, (k) == FY_DSL_K_FLOAT ? &fy_dsl_t_float.t : &fy_dsl_t_integer.t), \
                         NUM_FIELDS(name, mlir, w, k, s, 0)};
NUM(fy_dsl_t_bool, "Boolean", "i1", 1, FY_DSL_K_BOOL, 0)
NUM(t_i4, "Int4", "i4", 4, FY_DSL_K_INT, 1)
NUM(fy_dsl_t_i8, "Int8", "i8", 8, FY_DSL_K_INT, 1)
NUM(fy_dsl_t_i16, "Int16", "i16", 16, FY_DSL_K_INT, 1)
NUM(fy_dsl_t_i32, "Int32", "i32", 32, FY_DSL_K_INT, 1)
NUM(fy_dsl_t_i64, "Int64", "i64", 64, FY_DSL_K_INT, 1)
/* 128-bit integers: traced (i128) and typed like FlyDSL's; static values hold all 128 bits (lo in i, hi) */
NUM(t_i128, "Int128", "i128", 128, FY_DSL_K_INT, 1)
NUM(t_u128, "Uint128", "ui128", 128, FY_DSL_K_INT, 0)
NUM(t_u8, "Uint8", "ui8", 8, FY_DSL_K_INT, 0)
NUM(t_u16, "Uint16", "ui16", 16, FY_DSL_K_INT, 0)
NUM(fy_dsl_t_u32, "Uint32", "ui32", 32, FY_DSL_K_INT, 0)
NUM(t_u64, "Uint64", "ui64", 64, FY_DSL_K_INT, 0)
NUM(fy_dsl_t_index, "Index", "index", 64, FY_DSL_K_INDEX, 1)
NUM(fy_dsl_t_f16, "Float16", "f16", 16, FY_DSL_K_FLOAT, 1)
NUM(t_bf16, "BFloat16", "bf16", 16, FY_DSL_K_FLOAT, 1)
NUM(fy_dsl_t_f32, "Float32", "f32", 32, FY_DSL_K_FLOAT, 1)
NUM(fy_dsl_t_f64, "Float64", "f64", 64, FY_DSL_K_FLOAT, 1)
NUM(t_f8e5m2, "Float8E5M2", "f8E5M2", 8, FY_DSL_K_FLOAT, 1)
NUM(t_f8e4m3fn, "Float8E4M3FN", "f8E4M3FN", 8, FY_DSL_K_FLOAT, 1)
NUM(t_f8e4m3fnuz, "Float8E4M3FNUZ", "f8E4M3FNUZ", 8, FY_DSL_K_FLOAT, 1)
NUM(t_f8e5m2fnuz, "Float8E5M2FNUZ", "f8E5M2FNUZ", 8, FY_DSL_K_FLOAT, 1)
NUM(t_f8e4m3b11fnuz, "Float8E4M3B11FNUZ", "f8E4M3B11FNUZ", 8, FY_DSL_K_FLOAT, 1)
NUM(t_f8e4m3, "Float8E4M3", "f8E4M3", 8, FY_DSL_K_FLOAT, 1)
NUM(t_f8e8m0fnu, "Float8E8M0FNU", "f8E8M0FNU", 8, FY_DSL_K_FLOAT, 1)
NUM(t_f6e2m3fn, "Float6E2M3FN", "f6E2M3FN", 6, FY_DSL_K_FLOAT, 1)
NUM(t_f6e3m2fn, "Float6E3M2FN", "f6E3M2FN", 6, FY_DSL_K_FLOAT, 1)
NUM(t_f4e2m1fn, "Float4E2M1FN", "f4E2M1FN", 4, FY_DSL_K_FLOAT, 1)

static fy_dsl_numeric *const all_numeric[] = {
    &fy_dsl_t_bool,   &t_i4,         &fy_dsl_t_i8,  &fy_dsl_t_i16, &fy_dsl_t_i32, &fy_dsl_t_i64,   &t_i128,
    &t_u128,          &t_u8,         &t_u16,        &fy_dsl_t_u32, &t_u64,        &fy_dsl_t_index, &fy_dsl_t_f16,
    &t_bf16,          &fy_dsl_t_f32, &fy_dsl_t_f64, &t_f8e5m2,     &t_f8e4m3fn,   &t_f8e4m3fnuz,   &t_f8e5m2fnuz,
    &t_f8e4m3b11fnuz, &t_f8e4m3,     &t_f8e8m0fnu,  &t_f6e2m3fn,   &t_f6e3m2fn,   &t_f4e2m1fn,     NULL};

fy_dsl_numeric *fy_dsl_numeric_by_name(const char *name) {
    for (int i = 0; all_numeric[i]; i++)
        if (!strcmp(all_numeric[i]->name, name)) return all_numeric[i];
    return NULL;
}

int fy_dsl_numeric_ready(void) {
    if (fy_type_ready(&fy_dsl_numeric_type) < 0) return -1;
    for (int i = 0; all_numeric[i]; i++)
        if (fy_type_ready(&all_numeric[i]->t) < 0) return -1;
    return 0;
}

int fy_dsl_numeric_add(fy_obj *m) {
    if (fy_dsl_numeric_ready() < 0) return -1;
    for (int i = 0; all_numeric[i]; i++)
        if (fy_module_add(m, all_numeric[i]->name, &all_numeric[i]->t.h) < 0) return -1;
    if (fy_module_add(m, "NumericMeta", &fy_dsl_numeric_type.h) < 0) return -1;
    if (fy_module_add(m, "Integer", &fy_dsl_t_integer.t.h) < 0) return -1;
    if (fy_module_add(m, "Float", &fy_dsl_t_float.t.h) < 0) return -1;
    return fy_module_add(m, "Numeric", &fy_dsl_num_type.h);
}

const char *fy_dsl_numeric_mlir_name(fy_obj *o) {
    if (!o || !FY_DSL_IS_NUMERIC_TYPE(o)) return NULL;
    return ((fy_dsl_numeric *)o)->mlir;
}

/* The scalar numeric type an MLIR-level type object names (T.f32, ir.F32Type.get()), or NULL without an
 * exception: T's types carry theirs (_numeric, no _lanes), the bindings' types their text (_s). */
static fy_dsl_numeric *numeric_of_ir_type(fy_obj *o) {
    fy_dsl_numeric *r = NULL;
    if (FY_STR_CHECK(o)) return fy_mlir_numeric_of(FY_STR_DATA(o)); /* a numeric's .ir_type ("f16") */
    fy_obj *n = fy_getattr_opt(o, fy_intern("_numeric"));
    fy_obj *lanes = n ? fy_getattr_opt(o, fy_intern("_lanes")) : NULL;
    if (n && FY_DSL_IS_NUMERIC_TYPE(n) && lanes == fy_None) r = (fy_dsl_numeric *)n; /* static objects */
    FY_XDECREF(n);
    FY_XDECREF(lanes);
    if (!r) {
        fy_obj *s = fy_getattr_opt(o, fy_intern("_s"));
        if (s && FY_STR_CHECK(s)) r = fy_mlir_numeric_of(FY_STR_DATA(s));
        FY_XDECREF(s);
    }
    fy_err_clear();
    return r;
}

fy_dsl_numeric *fy_dsl_to_numeric_type(fy_obj *o, const char *op) {
    if (o && FY_DSL_IS_NUMERIC_TYPE(o)) return (fy_dsl_numeric *)o;
    fy_dsl_numeric *t = o ? numeric_of_ir_type(o) : NULL;
    if (t) return t;
    fy_err_format(&fy_TypeError, "%s: expected a numeric type such as fx.Int32, not '%s'", op,
                  o ? fy_type_name(o) : "NULL");
    return NULL;
}

/* ------------------------------------------------------------------ values */

int64_t fy_dsl_wrap(const fy_dsl_numeric *t, int64_t v) {
    if (t->kind == FY_DSL_K_BOOL) return v != 0;
    if (t->width >= 64) return v;
    uint64_t m = ((uint64_t)1 << t->width) - 1, u = (uint64_t)v & m;
    if (t->is_signed && (u >> (t->width - 1)) & 1) u |= ~m;
    return (int64_t)u;
}

static fy_dsl_num *num_alloc(fy_dsl_numeric *t) {
    fy_dsl_num *v = (fy_dsl_num *)fy_alloc(&t->t);
    if (v) v->dt = t;
    return v;
}

fy_obj *fy_dsl_num_int(fy_dsl_numeric *t, int64_t x) {
    fy_dsl_num *v = num_alloc(t);
    if (!v) return NULL;
    v->is_static = 1;
    if (t->kind == FY_DSL_K_FLOAT) v->f = (double)x;
    else v->i = fy_dsl_wrap(t, x);
    v->hi = FY_DSL_IS_WIDE(t) && x < 0 ? -1 : 0; /* an int64 sign-extends into a 128-bit value */
    return &v->h;
}

fy_dsl_i128 fy_dsl_num_i128(const fy_dsl_num *v) {
    if (FY_DSL_IS_WIDE(v->dt)) return (fy_dsl_i128)(((fy_dsl_u128)(uint64_t)v->hi << 64) | (uint64_t)v->i);
    if (v->dt->kind == FY_DSL_K_BOOL || !v->dt->is_signed) return (fy_dsl_i128)(uint64_t)v->i;
    return (fy_dsl_i128)v->i;
}

fy_obj *fy_dsl_num_int128(fy_dsl_numeric *t, fy_dsl_i128 x) {
    if (!FY_DSL_IS_WIDE(t)) return fy_dsl_num_int(t, (int64_t)(uint64_t)(fy_dsl_u128)x);
    fy_dsl_num *v = num_alloc(t);
    if (!v) return NULL;
    v->is_static = 1;
    v->i = (int64_t)(uint64_t)(fy_dsl_u128)x;
    v->hi = (int64_t)(uint64_t)((fy_dsl_u128)x >> 64); /* the widest type is 128 bits: nothing to wrap */
    return &v->h;
}

fy_obj *fy_dsl_i128_to_int(fy_dsl_i128 x, int uns) {
    unsigned char b[16];
    fy_dsl_u128 u = (fy_dsl_u128)x;
    for (int k = 0; k < 16; k++) b[k] = (unsigned char)(u >> (8 * k));
    return fy_int_from_bytes(b, 16, true, !uns);
}

void fy_dsl_i128_text(fy_dsl_i128 x, int uns, char *buf, size_t cap) {
    char d[48];
    int n = 0, neg = !uns && x < 0;
    fy_dsl_u128 u = neg ? (fy_dsl_u128)0 - (fy_dsl_u128)x : (fy_dsl_u128)x;
    do {
        d[n++] = (char)('0' + (int)(u % 10));
        u /= 10;
    } while (u);
    size_t o = 0;
    if (neg && o + 1 < cap) buf[o++] = '-';
    while (n && o + 1 < cap) buf[o++] = d[--n];
    if (cap) buf[o] = 0;
}

fy_obj *fy_dsl_num_float(fy_dsl_numeric *t, double x) {
    if (t->kind != FY_DSL_K_FLOAT) {
        if (isnan(x)) return fy_err_set(&fy_ValueError, "cannot convert float NaN to integer");
        if (isinf(x)) return fy_err_set(&fy_OverflowError, "cannot convert float infinity to integer");
        double tr = trunc(x);
        int64_t iv;
        if (fabs(tr) < 9223372036854775808.0) iv = (int64_t)tr;
        else
            iv = (int64_t)(uint64_t)fmod(fmod(tr, 18446744073709551616.0) + 18446744073709551616.0,
                                         18446744073709551616.0);
        if (t->kind == FY_DSL_K_BOOL) iv = x != 0.0;
        return fy_dsl_num_int(t, iv);
    }
    fy_dsl_num *v = num_alloc(t);
    if (!v) return NULL;
    v->is_static = 1;
    v->f = x;
    return &v->h;
}

fy_obj *fy_dsl_num_dynamic(fy_dsl_numeric *t, uint64_t ssa) {
    fy_dsl_num *v = num_alloc(t);
    if (!v) return NULL;
    v->ssa = ssa;
    return &v->h;
}

double fy_dsl_num_as_double(const fy_dsl_num *v) {
    if (v->dt->kind == FY_DSL_K_FLOAT) return v->f;
    if (FY_DSL_IS_WIDE(v->dt))
        return v->dt->is_signed ? (double)fy_dsl_num_i128(v) : (double)(fy_dsl_u128)fy_dsl_num_i128(v);
    if (!v->dt->is_signed && v->dt->width == 64) return (double)(uint64_t)v->i;
    return (double)v->i;
}

fy_obj *fy_dsl_num_dynamic_unsupported(const char *what) {
    return fy_err_format(&fy_RuntimeError, "%s of a dynamic value is only possible while tracing a kernel", what);
}

/* x mod 2**w as a Python int (w <= 64: the low 64 bits, which fy_dsl_num_int wraps further), read signed for a
 * signed type wider than 64 bits; NULL with an exception. */
static fy_obj *big_int_mod(fy_dsl_numeric *t, fy_obj *x) {
    int w = t->kind == FY_DSL_K_INT && t->width > 64 ? t->width : 64;
    fy_obj *one = fy_int_from(1), *sh = fy_int_from(w), *m = one && sh ? fy_int_binop_obj(one, sh, FY_NB_LSHIFT) : NULL;
    fy_obj *mask = m ? fy_int_binop_obj(m, one, FY_NB_SUB) : NULL,
           *r = mask ? fy_int_binop_obj(x, mask, FY_NB_AND) : NULL;
    if (r && w > 64 && t->is_signed) { /* r >= 2**(w-1): r - 2**w */
        fy_obj *hsh = fy_int_from(w - 1), *half = hsh ? fy_int_binop_obj(one, hsh, FY_NB_LSHIFT) : NULL;
        if (!half) FY_CLEAR(r);
        else if (fy_int_cmp(r, half) >= 0) {
            fy_obj *n = fy_int_binop_obj(r, m, FY_NB_SUB);
            FY_DECREF(r);
            r = n;
        }
        FY_XDECREF(hsh);
        FY_XDECREF(half);
    }
    FY_XDECREF(one);
    FY_XDECREF(sh);
    FY_XDECREF(m);
    FY_XDECREF(mask);
    return r;
}

/* A static integer of type t from a Python int beyond 64 bits, reduced mod 2**width as FlyDSL does
 * (Uint64(2**64 + 5) is 5; an Int128 / Uint128 keeps all 128 bits). */
static fy_obj *big_int_value(fy_dsl_numeric *t, fy_obj *x) {
    fy_obj *r = big_int_mod(t, x);
    if (!r) return NULL;
    fy_obj *res = NULL;
    if (FY_DSL_IS_WIDE(t) && t->width == 128) {
        fy_obj *by = fy_int_to_bytes(r, 16, true, t->is_signed);
        if (by) {
            fy_dsl_u128 u = 0;
            for (int k = 15; k >= 0; k--) u = u << 8 | ((unsigned char *)((fy_bytes *)by)->data)[k];
            res = fy_dsl_num_int128(t, (fy_dsl_i128)u);
            FY_DECREF(by);
        }
    } else if (!FY_INT_IS_BIG(r)) res = fy_dsl_num_int(t, FY_INT_VAL(r));
    else {
        fy_obj *bl = fy_call_method(r, "bit_length", NULL, 0);
        int64_t nb = bl ? FY_INT_VAL(bl) : 0;
        FY_XDECREF(bl);
        if (bl && nb <= 64 && fy_int_sign(r) > 0 && (t->width <= 64 || !t->is_signed)) {
            /* 2**63 <= r < 2**64: the same 64 bits as r - 2**64 */
            fy_obj *m = fy_int_from_u64(UINT64_MAX), *w = m ? fy_int_binop_obj(r, m, FY_NB_SUB) : NULL;
            if (w) res = fy_dsl_num_int(t, FY_INT_VAL(w) - 1);
            FY_XDECREF(m);
            FY_XDECREF(w);
        } else if (bl) {
            res = fy_err_format(&fy_OverflowError, "%s(): Python int does not fit in a static %s (a %lld-bit value)",
                                t->name, t->name, (long long)nb);
        }
    }
    FY_DECREF(r);
    return res;
}

fy_obj *fy_dsl_num_convert(fy_dsl_numeric *t, fy_obj *x) {
    if (FY_DSL_NUM_CHECK(x)) {
        fy_dsl_num *v = (fy_dsl_num *)x;
        if (!v->is_static) {
            if (v->dt == t) return fy_ref(x);
            if (fy_trace_active()) return fy_trace_num_convert(t, x); /* Float32(traced) in a kernel */
            return fy_dsl_num_dynamic_unsupported("conversion");
        }
        if (v->dt->kind == FY_DSL_K_FLOAT) return fy_dsl_num_float(t, v->f);
        if (t->kind == FY_DSL_K_FLOAT) return fy_dsl_num_float(t, fy_dsl_num_as_double(v));
        return fy_dsl_num_int128(t, fy_dsl_num_i128(v)); /* extended by the source's sign, wrapped to t */
    }
    if (x == fy_True || x == fy_False) return fy_dsl_num_int(t, x == fy_True);
    if (FY_INT_CHECK(x)) {
        if (FY_INT_IS_BIG(x) && t->kind == FY_DSL_K_FLOAT) {
            double d;
            if (fy_int_to_double(x, &d) < 0) return NULL;
            return fy_dsl_num_float(t, d);
        }
        if (FY_INT_IS_BIG(x)) return big_int_value(t, x);
        return fy_dsl_num_int(t, FY_INT_VAL(x));
    }
    if (FY_FLOAT_CHECK(x)) return fy_dsl_num_float(t, FY_FLOAT_VAL(x));
    fy_obj *iv = fy_mlir_as_numeric(x); /* an ir.Value (flydsl._mlir) of a scalar type */
    if (iv) {
        fy_obj *r = fy_dsl_num_convert(t, iv);
        FY_DECREF(iv);
        return r;
    }
    return fy_err_format(&fy_TypeError, "%s(): cannot convert '%s' to a numeric value", t->name, fy_type_name(x));
}

fy_obj *fy_dsl_as_numeric(fy_obj *o) {
    if (FY_DSL_NUM_CHECK(o)) return fy_ref(o);
    if (o == fy_True || o == fy_False) return fy_dsl_num_int(&fy_dsl_t_bool, o == fy_True);
    if (FY_INT_CHECK(o)) {
        int64_t v;
        if (fy_dsl_int_value(o, &v, "integer constant") < 0) return NULL;
        return fy_dsl_num_int(v >= INT32_MIN && v <= INT32_MAX ? &fy_dsl_t_i32 : &fy_dsl_t_i64, v);
    }
    if (FY_FLOAT_CHECK(o)) return fy_dsl_num_float(&fy_dsl_t_f32, FY_FLOAT_VAL(o));
    return fy_mlir_as_numeric(o); /* an ir.Value of a scalar type */
}

/* ------------------------------------------------------------------ promotion */

static fy_dsl_numeric *float_of_width(int w) {
    if (w <= 16) return &fy_dsl_t_f16;
    if (w <= 32) return &fy_dsl_t_f32;
    return &fy_dsl_t_f64;
}

fy_dsl_numeric *fy_dsl_common_type(fy_dsl_numeric *a, fy_dsl_numeric *b, int bitwise) {
    /* FlyDSL widens a Boolean to Int32 for arithmetic only; elsewhere it is a signed 1-bit integer
     * (Boolean & Int8 is Int8, Boolean & Uint8 is Uint8, select(Boolean, Boolean) is Boolean) */
    if (!bitwise && a->kind == FY_DSL_K_BOOL) a = &fy_dsl_t_i32;
    if (!bitwise && b->kind == FY_DSL_K_BOOL) b = &fy_dsl_t_i32;
    if (a == b) return a;
    int af = a->kind == FY_DSL_K_FLOAT, bf = b->kind == FY_DSL_K_FLOAT;
    if (af && bf) {
        if (a->width != b->width) return a->width > b->width ? a : b;
        return float_of_width(a->width * 2);
    }
    if (af || bf) {
        fy_dsl_numeric *f = af ? a : b, *i = af ? b : a;
        if (f->width >= i->width) return f;
        return float_of_width(i->width);
    }
    /* two integers (Index counts as a signed 64-bit integer) */
    if (a->kind == FY_DSL_K_INDEX || b->kind == FY_DSL_K_INDEX) {
        fy_dsl_numeric *o = a->kind == FY_DSL_K_INDEX ? b : a;
        if (o->kind == FY_DSL_K_INDEX || o->is_signed || o->width < 64) return &fy_dsl_t_index;
        return o;
    }
    if (a->is_signed == b->is_signed) return a->width >= b->width ? a : b;
    fy_dsl_numeric *u = a->is_signed ? b : a, *s = a->is_signed ? a : b;
    return u->width >= s->width ? u : s;
}

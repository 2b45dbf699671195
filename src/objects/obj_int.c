/* obj_int.c - int and bool: the type, its slots and methods. Values that fit in int64 take
 * the fast paths here; anything that overflows goes to obj_bigint.c (arbitrary precision) and
 * comes back normalised. Text and bytes conversions live in obj_int_conv.c. */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "exec/interp.h"
#include "objects/small_alloc.h"
#include "objects/freelist.h"
#include "objects/object.h"
#include "objects/objects_int.h"

fy_int fy_small_ints[FY_SMALLINT_MAX - FY_SMALLINT_MIN + 1];
fy_int fy_True_s = {{FY_IMMORTAL_RC, &fy_bool_type}, 1, NULL};
fy_int fy_False_s = {{FY_IMMORTAL_RC, &fy_bool_type}, 0, NULL};

static fy_freelist int_freelist;

fy_obj *fy_int_alloc(int64_t v) {
    fy_int *o = fy_freelist_pop(&int_freelist); /* cached ints have big == NULL (fy_int_free) */
    if (!o) {
        if (!(o = fy_small_alloc(sizeof(fy_int)))) return NULL;
        o->big = NULL;
    }
    o->h.rc = 1;
    o->h.type = &fy_int_type;
    o->v = v;
    return &o->h;
}

/* fy_int_free of a big int: the digits go first (out of line, so the small path needs no frame). */
__attribute__((noinline, cold)) static void int_free_big(fy_obj *o) {
    fy_int *i = (fy_int *)o;
    fy_free(i->big);
    i->big = NULL;
    if (!fy_freelist_push(&int_freelist, o, 4096)) fy_small_free(o);
}

void fy_int_free(fy_obj *o) {
    if (__builtin_expect(((fy_int *)o)->big != NULL, 0)) {
        int_free_big(o);
        return;
    }
    if (!fy_freelist_push(&int_freelist, o, 4096)) fy_small_free(o);
}

/* Instances of int subclasses: release the digits (the memory itself is freed by fy_dealloc). */
static void int_dealloc(fy_obj *o) {
    fy_int *i = (fy_int *)o;
    fy_free(i->big);
    i->big = NULL;
}

/* A new exact int equal to the int a (a itself when exact). */
static fy_obj *int_exact(fy_obj *a) {
    if (FY_INT_EXACT(a)) return fy_ref(a);
    if (!FY_INT_IS_BIG(a)) return fy_int_from(FY_INT_VAL(a));
    fy_bnview v;
    fy_bn_view(a, &v);
    return fy_bn_from_view(&v);
}

int fy_int_to_i64_msg(fy_obj *o, int64_t *out, const char *msg) {
    if (FY_INT_IS_BIG(o)) {
        fy_err_set(&fy_OverflowError, msg);
        return -1;
    }
    *out = FY_INT_VAL(o);
    return 0;
}

int fy_int_sign(fy_obj *o) {
    if (FY_INT_IS_BIG(o)) return ((fy_int *)o)->big->neg ? -1 : 1;
    return FY_INT_VAL(o) < 0 ? -1 : FY_INT_VAL(o) > 0;
}

/* The exact result of an int64 operation that overflowed (kept out of line: the int64 paths of
 * fy_int_binop stay a leaf function). */
__attribute__((noinline, cold)) static fy_obj *promote(int64_t a, int64_t b, int op) {
    fy_bnview x, y;
    fy_bn_view_i64(a, &x);
    fy_bn_view_i64(b, &y);
    return fy_bn_binop(&x, &y, NULL, op);
}

int64_t fy_hash_i64(int64_t v) {
    const uint64_t M = ((uint64_t)1 << 61) - 1;
    uint64_t a = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
    int64_t h = (int64_t)(a % M);
    if (v < 0) h = -h;
    if (h == -1) h = -2;
    return h;
}

int fy_int_as_i64(fy_obj *o, int64_t *out) {
    if (FY_INT_CHECK(o)) return fy_int_to_i64_msg(o, out, "Python int too large to convert to C long");
    return fy_index(o, out);
}

static int64_t floordiv64(int64_t a, int64_t b) {
    int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0))) q--;
    return q;
}
static int64_t mod64(int64_t a, int64_t b) {
    int64_t m = a % b;
    if (m != 0 && ((m < 0) != (b < 0))) m += b;
    return m;
}

fy_obj *fy_int_binop(int64_t a, int64_t b, int op) {
    int64_t r;
    switch (op) {
    case FY_NB_ADD:
        if (__builtin_add_overflow(a, b, &r)) return promote(a, b, op);
        break;
    case FY_NB_SUB:
        if (__builtin_sub_overflow(a, b, &r)) return promote(a, b, op);
        break;
    case FY_NB_MUL:
        if (__builtin_mul_overflow(a, b, &r)) return promote(a, b, op);
        break;
    case FY_NB_TRUEDIV:
        if (b == 0) return fy_err_set(&fy_ZeroDivisionError, "division by zero");
        if ((a < 0 ? -(uint64_t)a : (uint64_t)a) > ((uint64_t)1 << 53) ||
            (b < 0 ? -(uint64_t)b : (uint64_t)b) > ((uint64_t)1 << 53))
            return promote(a, b, op); /* not exact as doubles: divide exactly, round once */
        return fy_float_from((double)a / (double)b);
    case FY_NB_FLOORDIV:
        if (b == 0) return fy_err_set(&fy_ZeroDivisionError, "integer division or modulo by zero");
        if (a == INT64_MIN && b == -1) return promote(a, b, op);
        r = floordiv64(a, b);
        break;
    case FY_NB_MOD:
        if (b == 0) return fy_err_set(&fy_ZeroDivisionError, "integer modulo by zero");
        if (b == -1) {
            r = 0;
            break;
        }
        r = mod64(a, b);
        break;
    case FY_NB_POW: {
        if (b < 0) {
            if (a == 0) return fy_err_set(&fy_ZeroDivisionError, "0.0 cannot be raised to a negative power");
            return fy_float_from(pow((double)a, (double)b));
        }
        if (a == 0 || a == 1) return fy_int_from(b == 0 ? 1 : a);
        int64_t base = a, acc = 1;
        uint64_t e = (uint64_t)b;
        while (e) {
            if (e & 1)
                if (__builtin_mul_overflow(acc, base, &acc)) return promote(a, b, op);
            e >>= 1;
            if (e && __builtin_mul_overflow(base, base, &base)) return promote(a, b, op);
        }
        r = acc;
        break;
    }
    case FY_NB_LSHIFT:
        if (b < 0) return fy_err_set(&fy_ValueError, "negative shift count");
        if (a == 0) {
            r = 0;
            break;
        }
        if (b >= 63) return promote(a, b, op);
        r = (int64_t)((uint64_t)a << b);
        if ((r >> b) != a) return promote(a, b, op);
        break;
    case FY_NB_RSHIFT:
        if (b < 0) return fy_err_set(&fy_ValueError, "negative shift count");
        r = b >= 64 ? (a < 0 ? -1 : 0) : (a >> b);
        break;
    case FY_NB_AND: r = a & b; break;
    case FY_NB_OR: r = a | b; break;
    case FY_NB_XOR: r = a ^ b; break;
    default: return fy_ref(fy_NotImplemented);
    }
    return fy_int_from(r);
}

#define INTOP(name, OP) \
    static fy_obj *name(fy_obj *a, fy_obj *b) { \
        if (!FY_INT_CHECK(a) || !FY_INT_CHECK(b)) return fy_ref(fy_NotImplemented); \
        if (FY_INT_BOTH_SMALL(a, b)) return fy_int_binop(FY_INT_VAL(a), FY_INT_VAL(b), OP); \
        return fy_int_binop_obj(a, b, OP); \
    }
INTOP(int_add, FY_NB_ADD)
INTOP(int_sub, FY_NB_SUB)
INTOP(int_mul, FY_NB_MUL)
INTOP(int_truediv, FY_NB_TRUEDIV)
INTOP(int_floordiv, FY_NB_FLOORDIV)
INTOP(int_mod, FY_NB_MOD)
INTOP(int_pow, FY_NB_POW)
INTOP(int_lshift, FY_NB_LSHIFT)
INTOP(int_rshift, FY_NB_RSHIFT)
INTOP(int_and, FY_NB_AND)
INTOP(int_or, FY_NB_OR)
INTOP(int_xor, FY_NB_XOR)

static fy_obj *bool_and(fy_obj *a, fy_obj *b) {
    if (FY_TYPE(a) == &fy_bool_type && FY_TYPE(b) == &fy_bool_type) return fy_bool(a == fy_True && b == fy_True);
    return int_and(a, b);
}
static fy_obj *bool_or(fy_obj *a, fy_obj *b) {
    if (FY_TYPE(a) == &fy_bool_type && FY_TYPE(b) == &fy_bool_type) return fy_bool(a == fy_True || b == fy_True);
    return int_or(a, b);
}
static fy_obj *bool_xor(fy_obj *a, fy_obj *b) {
    if (FY_TYPE(a) == &fy_bool_type && FY_TYPE(b) == &fy_bool_type) return fy_bool((a == fy_True) != (b == fy_True));
    return int_xor(a, b);
}

static fy_obj *int_neg(fy_obj *a) {
    if (FY_INT_IS_BIG(a) || FY_INT_VAL(a) == INT64_MIN) return fy_int_neg_obj(a);
    return fy_int_from(-FY_INT_VAL(a));
}
static fy_obj *int_pos(fy_obj *a) { return int_exact(a); }
static fy_obj *int_abs(fy_obj *a) {
    if (fy_int_sign(a) < 0) return int_neg(a);
    return int_exact(a);
}
static fy_obj *int_invert(fy_obj *a) {
    if (!FY_INT_IS_BIG(a)) return fy_int_from(~FY_INT_VAL(a));
    fy_obj *one = fy_int_from(1), *n = fy_int_neg_obj(a), *r = n ? fy_int_binop_obj(n, one, FY_NB_SUB) : NULL;
    FY_XDECREF(n);
    FY_DECREF(one);
    return r;
}
static int int_truth(fy_obj *a) { return FY_INT_IS_BIG(a) || FY_INT_VAL(a) != 0; }
static int64_t int_hash(fy_obj *a) { return fy_int_hash(a); }
static fy_obj *int_index(fy_obj *a) { return int_exact(a); }
static fy_obj *int_tofloat(fy_obj *a) {
    double d;
    if (fy_int_to_double(a, &d) < 0) return NULL;
    return fy_float_from(d);
}

static fy_obj *bool_repr(fy_obj *o) { return fy_ref(fy_intern(o == fy_True || FY_INT_VAL(o) ? "True" : "False")); }

/* Compare int64 a with double d: -1, 0, 1 (d not nan). */
int fy_cmp_int_double(int64_t a, double d) {
    if (d >= 9223372036854775808.0) return -1;
    if (d < -9223372036854775808.0) return 1;
    double fl = floor(d);
    int64_t di = (int64_t)fl;
    if (a < di) return -1;
    if (a > di) return 1;
    return fl == d ? 0 : -1;
}

static fy_obj *int_richcmp(fy_obj *a, fy_obj *b, int op) {
    int c;
    if (FY_INT_CHECK(b)) {
        c = fy_int_cmp(a, b);
    } else if (FY_FLOAT_CHECK(b)) {
        double d = FY_FLOAT_VAL(b);
        if (isnan(d)) return fy_bool(op == FY_NE_OP);
        c = fy_int_cmp_double(a, d);
    } else {
        return fy_ref(fy_NotImplemented);
    }
    switch (op) {
    case FY_EQ_OP: return fy_bool(c == 0);
    case FY_NE_OP: return fy_bool(c != 0);
    case FY_LT_OP: return fy_bool(c < 0);
    case FY_LE_OP: return fy_bool(c <= 0);
    case FY_GT_OP: return fy_bool(c > 0);
    default: return fy_bool(c >= 0);
    }
}

static fy_obj *int_new(fy_type *t, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    static const char *const names[] = {"", "base", NULL};
    fy_obj *a[2];
    if (fy_parse_args("int", args, nargs, kw, names, 0, 2, 2, a) < 0) return NULL;
    fy_obj *r;
    if (!a[0]) {
        if (a[1]) return fy_err_set(&fy_TypeError, "int() missing string argument");
        r = fy_int_from(0);
    } else if (a[1]) {
        int64_t base;
        if (fy_index(a[1], &base) < 0) return NULL;
        if ((base != 0 && base < 2) || base > 36)
            return fy_err_set(&fy_ValueError, "int() base must be >= 2 and <= 36, or 0");
        if (!FY_STR_CHECK(a[0]) && !FY_BYTES_CHECK(a[0]))
            return fy_err_set(&fy_TypeError, "int() can't convert non-string with explicit base");
        r = fy_int_from_string(FY_STR_CHECK(a[0]) ? FY_STR_DATA(a[0]) : ((fy_bytes *)a[0])->data,
                               FY_STR_CHECK(a[0]) ? FY_STR_LEN(a[0]) : ((fy_bytes *)a[0])->len, (int)base);
    } else {
        fy_obj *x = a[0];
        if (FY_INT_EXACT(x)) r = fy_ref(x);
        else if (FY_INT_CHECK(x)) r = int_exact(x);
        else if (FY_FLOAT_CHECK(x)) r = fy_int_from_double(FY_FLOAT_VAL(x));
        else if (FY_STR_CHECK(x)) r = fy_int_from_string(FY_STR_DATA(x), FY_STR_LEN(x), 10);
        else if (FY_BYTES_CHECK(x)) r = fy_int_from_string(((fy_bytes *)x)->data, ((fy_bytes *)x)->len, 10);
        else if (x->type->to_int) r = x->type->to_int(x);
        else if (x->type->index) r = x->type->index(x);
        else {
            fy_obj *tr = fy_type_lookup(x->type, fy_intern("__trunc__"));
            if (tr) r = fy_call_method(x, "__trunc__", NULL, 0);
            else
                return fy_err_format(&fy_TypeError,
                                     "int() argument must be a string, a bytes-like object or a "
                                     "real number, not '%s'",
                                     x->type->name);
        }
    }
    if (!r || t == &fy_int_type) return r;
    /* subclass of int */
    fy_obj *o = fy_alloc(t);
    if (o) {
        ((fy_int *)o)->v = FY_INT_VAL(r);
        if (FY_INT_IS_BIG(r)) {
            fy_bignum *b = ((fy_int *)r)->big;
            size_t sz = sizeof(fy_bignum) + b->n * sizeof(uint32_t);
            fy_bignum *c = fy_malloc(sz);
            if (!c) {
                FY_DECREF(o);
                FY_DECREF(r);
                return NULL;
            }
            memcpy(c, b, sz);
            ((fy_int *)o)->big = c;
        }
    }
    FY_DECREF(r);
    return o;
}

static fy_obj *bool_new(fy_type *t, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    if (fy_no_kwargs("bool", kw) < 0) return NULL;
    if (nargs > 1) return fy_err_format(&fy_TypeError, "bool expected at most 1 argument, got %zu", nargs);
    if (!nargs) return fy_bool(false);
    int r = fy_truthy(args[0]);
    if (r < 0) return NULL;
    return fy_bool(r);
}

static fy_obj *int_bit_length(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_check_nargs("bit_length", n, 0, 0) < 0) return NULL;
    fy_bnview v;
    fy_bn_view(self, &v);
    return fy_int_from((int64_t)fy_mag_bitlen(v.d, v.n));
}
static fy_obj *int_bit_count(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    fy_bnview v;
    fy_bn_view(self, &v);
    int64_t c = 0;
    for (size_t i = 0; i < v.n; i++) c += __builtin_popcount(v.d[i]);
    return fy_int_from(c);
}
static fy_obj *int_conjugate(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) { return int_exact(self); }
static fy_obj *int_as_ratio(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    fy_obj *x = int_exact(self), *one = fy_int_from(1);
    if (!x) return NULL;
    fy_obj *t = fy_tuple_pack(2, x, one);
    FY_DECREF(x);
    FY_DECREF(one);
    return t;
}
/* byteorder argument: 0 big, 1 little, -1 error. */
static int byteorder_arg(const char *fn, fy_obj *o) {
    if (!o) return 0;
    if (!FY_STR_CHECK(o)) {
        fy_err_format(&fy_TypeError, "%s() argument 'byteorder' must be str, not %s", fn, o->type->name);
        return -1;
    }
    if (fy_str_eq_cstr(o, "little")) return 1;
    if (fy_str_eq_cstr(o, "big")) return 0;
    fy_err_set(&fy_ValueError, "byteorder must be either 'little' or 'big'");
    return -1;
}
static fy_obj *int_to_bytes(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    static const char *const names[] = {"length", "byteorder", "signed", NULL};
    fy_obj *a[3];
    if (fy_parse_args("to_bytes", args, nargs, kw, names, 0, 2, 3, a) < 0) return NULL;
    int64_t len = 1;
    if (a[0] && fy_index_msg(a[0], &len, "Python int too large to convert to C ssize_t") < 0) return NULL;
    int little = byteorder_arg("to_bytes", a[1]);
    if (little < 0) return NULL;
    int sign = a[2] ? fy_truthy(a[2]) : 0;
    if (sign < 0) return NULL;
    return fy_int_to_bytes(self, len, little, sign);
}
static fy_obj *int_from_bytes(fy_obj *cls, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    static const char *const names[] = {"bytes", "byteorder", "signed", NULL};
    fy_obj *a[3];
    if (fy_parse_args("from_bytes", args, nargs, kw, names, 1, 2, 3, a) < 0) return NULL;
    const char *d;
    int64_t n;
    fy_obj *tmp = NULL;
    if (!fy_bytes_buf(a[0], &d, &n)) {
        /* any iterable of ints, like CPython's bytes(x) */
        tmp = fy_call1((fy_obj *)&fy_bytes_type, a[0]);
        if (!tmp) return NULL;
        fy_bytes_buf(tmp, &d, &n);
    }
    int little = byteorder_arg("from_bytes", a[1]);
    int sign = little < 0 ? 0 : a[2] ? fy_truthy(a[2]) : 0;
    fy_obj *r = little < 0 || sign < 0 ? NULL : fy_int_from_bytes((const unsigned char *)d, n, little, sign);
    FY_XDECREF(tmp);
    if (!r || (fy_type *)cls == &fy_int_type) return r;
    fy_obj *o = fy_call1(cls, r);
    FY_DECREF(r);
    return o;
}

static fy_obj *int_get_real(fy_obj *o) { return int_exact(o); }
static fy_obj *int_get_imag(fy_obj *o) { return fy_int_from(0); }
static fy_obj *int_get_one(fy_obj *o) { return fy_int_from(1); }

static fy_methoddef int_methods[] = {
    {"bit_length", int_bit_length, 0, "bit_length($self, /)\nNumber of bits necessary to represent self in binary."},
    {"bit_count", int_bit_count, 0, "bit_count($self, /)"},
    {"conjugate", int_conjugate, 0, "conjugate($self, /)"},
    {"as_integer_ratio", int_as_ratio, 0, "as_integer_ratio($self, /)"},
    {"to_bytes", int_to_bytes, 0, "to_bytes($self, /, length=1, byteorder='big', *, signed=False)"},
    {"from_bytes", int_from_bytes, FY_METH_CLASS, "from_bytes(bytes, byteorder='big', *, signed=False)"},
    {NULL}};
static fy_getsetdef int_getsets[] = {{"real", int_get_real, NULL, NULL},
                                     {"imag", int_get_imag, NULL, NULL},
                                     {"numerator", int_get_real, NULL, NULL},
                                     {"denominator", int_get_one, NULL, NULL},
                                     {NULL}};

fy_type fy_int_type = {
    FY_TYPE_INIT("int", sizeof(fy_int)),
    .doc = "int([x]) -> integer\nint(x, base=10) -> integer",
    .flags = FY_TPF_BASETYPE | FY_TPF_INT_SUB,
    .new_ = int_new,
    .dealloc = int_dealloc,
    .repr = fy_int_repr,
    .richcmp = int_richcmp,
    .hash = int_hash,
    .truth = int_truth,
    .nb = {[FY_NB_ADD] = int_add,
           [FY_NB_SUB] = int_sub,
           [FY_NB_MUL] = int_mul,
           [FY_NB_TRUEDIV] = int_truediv,
           [FY_NB_FLOORDIV] = int_floordiv,
           [FY_NB_MOD] = int_mod,
           [FY_NB_POW] = int_pow,
           [FY_NB_LSHIFT] = int_lshift,
           [FY_NB_RSHIFT] = int_rshift,
           [FY_NB_AND] = int_and,
           [FY_NB_OR] = int_or,
           [FY_NB_XOR] = int_xor},
    .neg = int_neg,
    .pos = int_pos,
    .abs = int_abs,
    .invert = int_invert,
    .index = int_index,
    .to_int = int_index,
    .to_float = int_tofloat,
    .methods = int_methods,
    .getsets = int_getsets,
};

fy_type fy_bool_type = {
    FY_TYPE_INIT("bool", sizeof(fy_int)),
    .doc = "bool(x) -> bool",
    .flags = FY_TPF_INT_SUB | FY_TPF_FINAL,
    .base = &fy_int_type,
    .new_ = bool_new,
    .repr = bool_repr,
    .nb = {[FY_NB_AND] = bool_and, [FY_NB_OR] = bool_or, [FY_NB_XOR] = bool_xor},
};

void fy_int_init(void) {
    for (int i = 0; i <= FY_SMALLINT_MAX - FY_SMALLINT_MIN; i++) {
        fy_small_ints[i].h.rc = FY_IMMORTAL_RC;
        fy_small_ints[i].h.type = &fy_int_type;
        fy_small_ints[i].v = i + FY_SMALLINT_MIN;
    }
}

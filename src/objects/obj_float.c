/* obj_float.c - float (IEEE double, Python repr) and a minimal complex. */
#include <ctype.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "exec/interp.h"
#include "objects/small_alloc.h"
#include "objects/freelist.h"
#include "objects/object.h"
#include "objects/objects_int.h"

static fy_freelist float_freelist;

fy_obj *fy_float_from(double v) {
    fy_float *o = fy_freelist_pop(&float_freelist);
    if (!o && !(o = fy_small_alloc(sizeof(fy_float)))) return NULL;
    o->h.rc = 1;
    o->h.type = &fy_float_type;
    o->v = v;
    return &o->h;
}

void fy_float_free(fy_obj *o) {
    if (!fy_freelist_push(&float_freelist, o, 4096)) fy_small_free(o);
}

int fy_as_double(fy_obj *o, double *out) {
    if (FY_FLOAT_CHECK(o)) {
        *out = FY_FLOAT_VAL(o);
        return 0;
    }
    if (FY_INT_CHECK(o)) {
        if (FY_INT_IS_BIG(o)) return fy_int_to_double(o, out);
        *out = (double)FY_INT_VAL(o);
        return 0;
    }
    if (o->type->to_float) {
        fy_obj *r = o->type->to_float(o);
        if (!r) return -1;
        if (!FY_FLOAT_CHECK(r)) {
            fy_err_format(&fy_TypeError, "%s.__float__ returned non-float (type %s)", o->type->name, r->type->name);
            FY_DECREF(r);
            return -1;
        }
        *out = FY_FLOAT_VAL(r);
        FY_DECREF(r);
        return 0;
    }
    if (o->type->index) {
        int64_t v;
        if (fy_index(o, &v) < 0) return -1;
        *out = (double)v;
        return 0;
    }
    fy_err_format(&fy_TypeError, "must be real number, not %s", o->type->name);
    return -1;
}

/* Shortest repr: the fewest significant digits that round-trip, in Python's layout. */
/* tmp is "[-]d.ddde[+-]XX": replace it by the string one unit up or down in its last digit when
 * that one reads back as v; returns whether it did. */
static bool neighbour_digits(char *tmp, double v) {
    char *e = strchr(tmp, 'e');
    if (!e) return false;
    for (int dir = 1; dir >= -1; dir -= 2) {
        char alt[40];
        snprintf(alt, sizeof alt, "%s", tmp);
        char *q = alt + (e - tmp) - 1;
        char *first = alt[0] == '-' ? alt + 1 : alt;
        bool ok = true;
        for (;; q--) {
            if (*q == '.') continue;
            if (dir > 0 && *q < '9') {
                (*q)++;
                break;
            }
            if (dir < 0 && *q > '0' && !(q == first && *q == '1')) {
                (*q)--;
                break;
            }
            if (q == first) { /* a carry or borrow out of the first digit: not a neighbour we try */
                ok = false;
                break;
            }
            *q = dir > 0 ? '0' : '9';
        }
        if (ok && strtod(alt, NULL) == v) {
            memcpy(tmp, alt, strlen(alt) + 1);
            return true;
        }
    }
    return false;
}

/* The shortest digits of a in [1e-4, 2**43) when at most 12 significant digits round-trip, without
 * printf or strtod: the first k with N = round(a * 10**k) and N / 10**k == a. N and 10**k are exact
 * doubles (N < 2**43, k <= 22), so the division is correctly rounded, the value strtod gives for the
 * decimal N * 10**-k; a product whose fraction is near .5 (where its rounding error could pick the
 * wrong neighbour) falls back. The interval that reads back as a is symmetric about it (a is no
 * power of two here), so the nearest N of the smallest such k is the shortest, correctly rounded one.
 * digits: NUL-terminated, no trailing zeros; *exp: the decimal exponent of the first digit. */
static bool repr_fast(double a, char *digits, int *exp) {
    static const double p10[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
    const double limit = 8796093022208.0; /* 2**43 */
    if (!(a >= 1e-4 && a < limit)) return false;
    for (int k = 0; k <= 22; k++) {
        double y = a * p10[k];
        if (y >= limit) return false;
        double n = floor(y), fr = y - n;
        if (fabs(fr - 0.5) < 1e-3) return false;
        if (fr > 0.5) n += 1;
        if (n / p10[k] != a) continue;
        char tmp[24];
        int nd = 0;
        for (uint64_t u = (uint64_t)n; u; u /= 10) tmp[nd++] = (char)('0' + u % 10);
        if (!nd) return false;
        *exp = nd - 1 - k;
        int len = 0;
        while (len < nd && tmp[len] == '0') len++; /* trailing zeros (tmp is reversed) */
        int o = 0;
        for (int i = nd - 1; i >= len; i--) digits[o++] = tmp[i];
        digits[o] = 0;
        return true;
    }
    return false;
}

void fy_double_repr(double v, char *buf, size_t cap) {
    if (isnan(v)) {
        snprintf(buf, cap, "nan");
        return;
    }
    if (isinf(v)) {
        snprintf(buf, cap, v < 0 ? "-inf" : "inf");
        return;
    }
    if (v == 0) {
        snprintf(buf, cap, signbit(v) ? "-0.0" : "0.0");
        return;
    }
    char tmp[40];
    int fexp;
    char digits[24];
    int nd = 0, exp = 0;
    bool neg = signbit(v) != 0;
    if (frexp(fabs(v), &fexp) != 0.5 && repr_fast(fabs(v), digits, &exp)) {
        nd = (int)strlen(digits);
    } else if (frexp(fabs(v), &fexp) == 0.5) {
        /* a power of two: the values that read back as v reach half as far below it as above,
         * so the correctly rounded digits may miss while their neighbour one unit up or down in
         * the last place round-trips (2**-24 is 5.960464477539063e-08): CPython takes that one */
        for (int prec = 1; prec <= 17; prec++) {
            snprintf(tmp, sizeof tmp, "%.*e", prec - 1, v);
            if (strtod(tmp, NULL) == v) break;
            if (prec >= 2 && prec < 17 && neighbour_digits(tmp, v)) break;
        }
    } else {
        /* elsewhere the interval that reads back as v is symmetric about it, and the correctly
         * rounded p+1 digits are never farther from v than the p digits: whether they round-trip
         * is monotone in p, so the fewest digits are found by bisection (17 always do) */
        /* most doubles need 16 or 17 digits: look there first, then bisect below 16 */
        char best[40];
        int lo = 1, hi = 17;
        snprintf(tmp, sizeof tmp, "%.*e", 15, v);
        if (strtod(tmp, NULL) != v) {
            snprintf(tmp, sizeof tmp, "%.*e", 16, v);
            lo = hi = 17;
        } else {
            memcpy(best, tmp, sizeof best);
            hi = 16;
            while (lo < hi) {
                int mid = (lo + hi) / 2;
                snprintf(tmp, sizeof tmp, "%.*e", mid - 1, v);
                if (strtod(tmp, NULL) == v) {
                    hi = mid;
                    memcpy(best, tmp, sizeof best);
                } else lo = mid + 1;
            }
            memcpy(tmp, best, sizeof best);
        }
    }
    if (!nd) { /* tmp = [-]d[.ddd]e[+-]XX */
        const char *p = tmp;
        if (*p == '-') p++;
        for (; *p && *p != 'e'; p++)
            if (isdigit((unsigned char)*p)) digits[nd++] = *p;
        exp = atoi(p + 1);
        while (nd > 1 && digits[nd - 1] == '0') nd--;
        digits[nd] = 0;
    }
    int decpt = exp + 1; /* position of the decimal point relative to digits */
    char out[64];
    int o = 0;
    if (neg) out[o++] = '-';
    if (decpt > -4 && decpt <= 16) {
        if (decpt <= 0) {
            out[o++] = '0';
            out[o++] = '.';
            for (int i = 0; i < -decpt; i++) out[o++] = '0';
            for (int i = 0; i < nd; i++) out[o++] = digits[i];
        } else {
            for (int i = 0; i < decpt; i++) out[o++] = i < nd ? digits[i] : '0';
            out[o++] = '.';
            if (decpt < nd)
                for (int i = decpt; i < nd; i++) out[o++] = digits[i];
            else out[o++] = '0';
        }
        out[o] = 0;
    } else {
        out[o++] = digits[0];
        if (nd > 1) {
            out[o++] = '.';
            for (int i = 1; i < nd; i++) out[o++] = digits[i];
        }
        out[o] = 0;
        snprintf(out + o, sizeof out - o, "e%c%02d", exp < 0 ? '-' : '+', exp < 0 ? -exp : exp);
    }
    snprintf(buf, cap, "%s", out);
}

static fy_obj *float_repr(fy_obj *o) {
    char buf[64];
    fy_double_repr(FY_FLOAT_VAL(o), buf, sizeof buf);
    return fy_str_from_utf8(buf, strlen(buf));
}

int64_t fy_hash_double(double v) {
    if (isinf(v)) return v > 0 ? 314159 : -314159;
    if (isnan(v)) return 0;
    const uint64_t M = ((uint64_t)1 << 61) - 1;
    int e;
    double m = frexp(v, &e);
    int sign = 1;
    if (m < 0) {
        sign = -1;
        m = -m;
    }
    uint64_t x = 0;
    while (m) {
        x = ((x << 28) & M) | x >> (61 - 28);
        m *= 268435456.0;
        e -= 28;
        uint64_t y = (uint64_t)m;
        m -= (double)y;
        x += y;
        if (x >= M) x -= M;
    }
    e = e >= 0 ? e % 61 : 61 - 1 - ((-1 - e) % 61);
    x = ((x << e) & M) | x >> (61 - e);
    int64_t h = (int64_t)x * sign;
    if (h == -1) h = -2;
    return h;
}
static int64_t float_hash(fy_obj *o) { return fy_hash_double(FY_FLOAT_VAL(o)); }
static int float_truth(fy_obj *o) { return FY_FLOAT_VAL(o) != 0.0; }

__attribute__((noinline)) static int big_to_double(fy_obj *o, double *d) { return fy_int_to_double(o, d) < 0 ? -1 : 1; }
/* 1 with *d set, 0 when o is no float/int, -1 with OverflowError (a huge int). */
static inline int to_double(fy_obj *o, double *d) {
    if (FY_FLOAT_CHECK(o)) {
        *d = FY_FLOAT_VAL(o);
        return 1;
    }
    if (FY_INT_CHECK(o)) {
        if (FY_INT_IS_BIG(o)) return big_to_double(o, d);
        *d = (double)FY_INT_VAL(o);
        return 1;
    }
    return 0;
}
/* Both operands as doubles: 1, 0 (NotImplemented) or -1 (error). */
static int to_double2(fy_obj *a, fy_obj *b, double *x, double *y) {
    int k = to_double(a, x);
    return k <= 0 ? k : to_double(b, y);
}

static double fy_float_mod(double a, double b) {
    double m = fmod(a, b);
    if (m) {
        if ((b < 0) != (m < 0)) m += b;
    } else {
        m = copysign(0.0, b);
    }
    return m;
}

static fy_obj *float_pow_d(double a, double b) {
    if (a == 0 && b < 0) return fy_err_set(&fy_ZeroDivisionError, "0.0 cannot be raised to a negative power");
    if (a < 0 && b != floor(b) && isfinite(b)) {
        /* result is complex */
        double r = pow(-a, b), th = M_PI * b;
        return fy_complex_from(r * cos(th), r * sin(th));
    }
    double r = pow(a, b);
    if (isinf(r) && isfinite(a) && isfinite(b))
        return fy_err_set(&fy_OverflowError, "(34, 'Numerical result out of range')");
    return fy_float_from(r);
}

fy_obj *fy_float_binop(double a, double b, int op) {
    switch (op) {
    case FY_NB_ADD: return fy_float_from(a + b);
    case FY_NB_SUB: return fy_float_from(a - b);
    case FY_NB_MUL: return fy_float_from(a * b);
    case FY_NB_TRUEDIV:
        if (b == 0) return fy_err_set(&fy_ZeroDivisionError, "float division by zero");
        return fy_float_from(a / b);
    case FY_NB_FLOORDIV:
        if (b == 0) return fy_err_set(&fy_ZeroDivisionError, "float floor division by zero");
        return fy_float_from(floor((a - fy_float_mod(a, b)) / b + 0.0));
    case FY_NB_MOD:
        if (b == 0) return fy_err_set(&fy_ZeroDivisionError, "float modulo");
        return fy_float_from(fy_float_mod(a, b));
    case FY_NB_POW: return float_pow_d(a, b);
    default: return fy_ref(fy_NotImplemented);
    }
}

static fy_obj *float_nb(fy_obj *a, fy_obj *b, int op) {
    double x, y;
    int k = to_double2(a, b, &x, &y);
    if (k <= 0) return k < 0 ? NULL : fy_ref(fy_NotImplemented);
    if (op == FY_NB_FLOORDIV && y != 0) {
        double m = fy_float_mod(x, y);
        double q = (x - m) / y;
        /* correct rounding like Python's divmod */
        double fq = floor(q);
        if (q - fq > 0.5) fq += 1.0;
        return fy_float_from(fq);
    }
    return fy_float_binop(x, y, op);
}
#define FOP(name, OP) \
    static fy_obj *name(fy_obj *a, fy_obj *b) { return float_nb(a, b, OP); }
FOP(float_add, FY_NB_ADD)
FOP(float_sub, FY_NB_SUB)
FOP(float_mul, FY_NB_MUL)
FOP(float_div, FY_NB_TRUEDIV)
FOP(float_fdiv, FY_NB_FLOORDIV)
FOP(float_mod, FY_NB_MOD)
FOP(float_pow, FY_NB_POW)

static fy_obj *float_neg(fy_obj *a) { return fy_float_from(-FY_FLOAT_VAL(a)); }
static fy_obj *float_pos(fy_obj *a) { return fy_float_from(FY_FLOAT_VAL(a)); }
static fy_obj *float_absf(fy_obj *a) { return fy_float_from(fabs(FY_FLOAT_VAL(a))); }
static fy_obj *float_toint(fy_obj *a) { return fy_int_from_double(FY_FLOAT_VAL(a)); }
static fy_obj *float_tofloat(fy_obj *a) { return fy_float_from(FY_FLOAT_VAL(a)); }

static fy_obj *float_richcmp(fy_obj *a, fy_obj *b, int op) {
    double x = FY_FLOAT_VAL(a), y;
    int c;
    if (FY_FLOAT_CHECK(b)) {
        y = FY_FLOAT_VAL(b);
        switch (op) {
        case FY_EQ_OP: return fy_bool(x == y);
        case FY_NE_OP: return fy_bool(x != y);
        case FY_LT_OP: return fy_bool(x < y);
        case FY_LE_OP: return fy_bool(x <= y);
        case FY_GT_OP: return fy_bool(x > y);
        default: return fy_bool(x >= y);
        }
    } else if (FY_INT_CHECK(b)) {
        if (isnan(x)) return fy_bool(op == FY_NE_OP);
        c = -fy_int_cmp_double(b, x);
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

/* Parse Python float text; returns 0 ok, -1 bad. */
static int fy_parse_double(const char *s, size_t len, double *out) {
    char buf[128];
    const char *p = s, *end = s + len;
    while (p < end && isspace((unsigned char)*p)) p++;
    while (end > p && isspace((unsigned char)end[-1])) end--;
    size_t n = 0;
    if (end - p >= (ptrdiff_t)sizeof buf) return -1;
    int prev_digit = 0;
    for (const char *q = p; q < end; q++) {
        if (*q == '_') {
            if (!prev_digit || q + 1 >= end || !isdigit((unsigned char)q[1])) return -1;
            continue;
        }
        prev_digit = isdigit((unsigned char)*q);
        buf[n++] = *q;
    }
    buf[n] = 0;
    if (!n) return -1;
    const char *b = buf;
    int sign = 1;
    if (*b == '+' || *b == '-') {
        sign = *b == '-' ? -1 : 1;
        b++;
    }
    if (!strcasecmp(b, "inf") || !strcasecmp(b, "infinity")) {
        *out = sign * INFINITY;
        return 0;
    }
    if (!strcasecmp(b, "nan")) {
        *out = sign < 0 ? -NAN : NAN;
        return 0;
    }
    for (const char *q = b; *q; q++)
        if (!(isdigit((unsigned char)*q) || *q == '.' || *q == 'e' || *q == 'E' || *q == '+' || *q == '-')) return -1;
    char *e;
    double d = strtod(buf, &e);
    if (*e || e == buf) return -1;
    *out = d;
    return 0;
}

static fy_obj *float_new(fy_type *t, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    if (fy_no_kwargs("float", kw) < 0) return NULL;
    if (nargs > 1) return fy_err_format(&fy_TypeError, "float expected at most 1 argument, got %zu", nargs);
    double d = 0;
    if (nargs) {
        fy_obj *x = args[0];
        if (FY_STR_CHECK(x)) {
            if (fy_parse_double(FY_STR_DATA(x), FY_STR_LEN(x), &d) < 0)
                return fy_err_format(&fy_ValueError, "could not convert string to float: %R", x);
        } else if (FY_BYTES_CHECK(x)) {
            if (fy_parse_double(((fy_bytes *)x)->data, ((fy_bytes *)x)->len, &d) < 0)
                return fy_err_format(&fy_ValueError, "could not convert string to float: %R", x);
        } else if (FY_INT_CHECK(x) || FY_FLOAT_CHECK(x) || x->type->to_float || x->type->index) {
            if (fy_as_double(x, &d) < 0) return NULL;
        } else {
            return fy_err_format(&fy_TypeError, "float() argument must be a string or a real number, not '%s'",
                                 x->type->name);
        }
    }
    if (t == &fy_float_type) return fy_float_from(d);
    fy_obj *o = fy_alloc(t);
    if (o) ((fy_float *)o)->v = d;
    return o;
}

static fy_obj *float_is_integer(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    double d = FY_FLOAT_VAL(self);
    return fy_bool(isfinite(d) && d == floor(d));
}
static fy_obj *float_conjugate(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    return fy_float_from(FY_FLOAT_VAL(self));
}
static fy_obj *float_as_ratio(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    double d = FY_FLOAT_VAL(self);
    if (isinf(d)) return fy_err_set(&fy_OverflowError, "cannot convert Infinity to integer ratio");
    if (isnan(d)) return fy_err_set(&fy_ValueError, "cannot convert NaN to integer ratio");
    int e;
    double m = frexp(d, &e);
    for (int i = 0; i < 300 && m != floor(m); i++) {
        m *= 2.0;
        e--;
    }
    /* m is an integer below 2**53 now: d = m * 2**e exactly, with ints of any size */
    fy_obj *x = fy_int_binop((int64_t)m, e > 0 ? e : 0, FY_NB_LSHIFT),
           *y = fy_int_binop(1, e < 0 ? -e : 0, FY_NB_LSHIFT);
    fy_obj *t = x && y ? fy_tuple_pack(2, x, y) : NULL;
    FY_XDECREF(x);
    FY_XDECREF(y);
    return t;
}
static fy_obj *float_hex(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    char buf[64];
    double d = FY_FLOAT_VAL(self);
    if (isinf(d) || isnan(d)) return float_repr(self);
    snprintf(buf, sizeof buf, "%a", d);
    return fy_str_from_cstr(buf);
}
static fy_obj *float_fromhex(fy_obj *cls, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_check_nargs("fromhex", n, 1, 1) < 0) return NULL;
    if (!FY_STR_CHECK(a[0])) return fy_err_set(&fy_TypeError, "fromhex() argument must be str");
    char *e;
    double d = strtod(FY_STR_DATA(a[0]), &e);
    if (*e) return fy_err_set(&fy_ValueError, "invalid hexadecimal floating-point string");
    return fy_float_from(d);
}
static fy_obj *float_get_real(fy_obj *o) { return fy_float_from(FY_FLOAT_VAL(o)); }
static fy_obj *float_get_imag(fy_obj *o) { return fy_float_from(0.0); }

static fy_methoddef float_methods[] = {{"is_integer", float_is_integer, 0, "is_integer($self, /)"},
                                       {"conjugate", float_conjugate, 0, "conjugate($self, /)"},
                                       {"as_integer_ratio", float_as_ratio, 0, "as_integer_ratio($self, /)"},
                                       {"hex", float_hex, 0, "hex($self, /)"},
                                       {"fromhex", float_fromhex, FY_METH_CLASS, "fromhex(string, /)"},
                                       {NULL}};
static fy_getsetdef float_getsets[] = {
    {"real", float_get_real, NULL, NULL}, {"imag", float_get_imag, NULL, NULL}, {NULL}};

fy_type fy_float_type = {
    FY_TYPE_INIT("float", sizeof(fy_float)),
    .doc = "float(x=0, /)\nConvert a string or number to a floating point number, if possible.",
    .new_ = float_new,
    .repr = float_repr,
    .richcmp = float_richcmp,
    .hash = float_hash,
    .truth = float_truth,
    .nb = {[FY_NB_ADD] = float_add,
           [FY_NB_SUB] = float_sub,
           [FY_NB_MUL] = float_mul,
           [FY_NB_TRUEDIV] = float_div,
           [FY_NB_FLOORDIV] = float_fdiv,
           [FY_NB_MOD] = float_mod,
           [FY_NB_POW] = float_pow},
    .neg = float_neg,
    .pos = float_pos,
    .abs = float_absf,
    .to_int = float_toint,
    .to_float = float_tofloat,
    .methods = float_methods,
    .getsets = float_getsets,
};

/* ------------------------------------------------------------------ complex (minimal) */

fy_obj *fy_complex_from(double re, double im) {
    fy_complex *c = (fy_complex *)fy_alloc(&fy_complex_type);
    if (!c) return NULL;
    c->re = re;
    c->im = im;
    return &c->h;
}
static int to_complex(fy_obj *o, double *re, double *im) {
    if (FY_TYPE(o) == &fy_complex_type) {
        *re = ((fy_complex *)o)->re;
        *im = ((fy_complex *)o)->im;
        return 1;
    }
    *im = 0;
    return to_double(o, re);
}
static fy_obj *complex_nb(fy_obj *a, fy_obj *b, int op) {
    double ar, ai, br, bi;
    int k = to_complex(a, &ar, &ai);
    if (k > 0) k = to_complex(b, &br, &bi);
    if (k <= 0) return k < 0 ? NULL : fy_ref(fy_NotImplemented);
    switch (op) {
    case FY_NB_ADD: return fy_complex_from(ar + br, ai + bi);
    case FY_NB_SUB: return fy_complex_from(ar - br, ai - bi);
    case FY_NB_MUL: return fy_complex_from(ar * br - ai * bi, ar * bi + ai * br);
    case FY_NB_TRUEDIV: {
        double d = br * br + bi * bi;
        if (d == 0) return fy_err_set(&fy_ZeroDivisionError, "complex division by zero");
        return fy_complex_from((ar * br + ai * bi) / d, (ai * br - ar * bi) / d);
    }
    default: return fy_ref(fy_NotImplemented);
    }
}
static fy_obj *c_add(fy_obj *a, fy_obj *b) { return complex_nb(a, b, FY_NB_ADD); }
static fy_obj *c_sub(fy_obj *a, fy_obj *b) { return complex_nb(a, b, FY_NB_SUB); }
static fy_obj *c_mul(fy_obj *a, fy_obj *b) { return complex_nb(a, b, FY_NB_MUL); }
static fy_obj *c_div(fy_obj *a, fy_obj *b) { return complex_nb(a, b, FY_NB_TRUEDIV); }
static fy_obj *c_neg(fy_obj *a) { return fy_complex_from(-((fy_complex *)a)->re, -((fy_complex *)a)->im); }
static fy_obj *c_abs(fy_obj *a) { return fy_float_from(hypot(((fy_complex *)a)->re, ((fy_complex *)a)->im)); }
static int c_truth(fy_obj *a) { return ((fy_complex *)a)->re != 0 || ((fy_complex *)a)->im != 0; }
static fy_obj *c_repr(fy_obj *a) {
    fy_complex *c = (fy_complex *)a;
    char re[64], im[64];
    fy_double_repr(c->im, im, sizeof im);
    size_t n = strlen(im);
    if (n > 2 && !strcmp(im + n - 2, ".0")) im[n - 2] = 0;
    if (c->re == 0 && !signbit(c->re)) return fy_str_printf("%sj", im);
    fy_double_repr(c->re, re, sizeof re);
    n = strlen(re);
    if (n > 2 && !strcmp(re + n - 2, ".0")) re[n - 2] = 0;
    return fy_str_printf("(%s%s%sj)", re, (c->im >= 0 || isnan(c->im)) ? "+" : "", im);
}
static fy_obj *c_richcmp(fy_obj *a, fy_obj *b, int op) {
    double ar, ai, br, bi;
    int k = to_complex(a, &ar, &ai);
    if (k > 0) k = to_complex(b, &br, &bi);
    if (k <= 0) return k < 0 ? NULL : fy_ref(fy_NotImplemented);
    if (op == FY_EQ_OP) return fy_bool(ar == br && ai == bi);
    if (op == FY_NE_OP) return fy_bool(!(ar == br && ai == bi));
    return fy_ref(fy_NotImplemented);
}
static int64_t c_hash(fy_obj *a) {
    return fy_hash_double(((fy_complex *)a)->re) + 1000003 * fy_hash_double(((fy_complex *)a)->im);
}
static fy_obj *c_real(fy_obj *o) { return fy_float_from(((fy_complex *)o)->re); }
static fy_obj *c_imag(fy_obj *o) { return fy_float_from(((fy_complex *)o)->im); }
static fy_obj *c_conj(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    return fy_complex_from(((fy_complex *)self)->re, -((fy_complex *)self)->im);
}
static fy_obj *complex_new(fy_type *t, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    double re = 0, im = 0, r2, i2;
    int k = nargs > 0 ? to_complex(args[0], &re, &im) : 1;
    if (k < 0) return NULL;
    if (!k) return fy_err_set(&fy_TypeError, "complex() first argument must be a string or a number");
    if (nargs > 1) {
        if ((k = to_complex(args[1], &r2, &i2)) < 0) return NULL;
        if (!k) return fy_err_set(&fy_TypeError, "complex() second argument must be a number");
        re -= i2;
        im += r2;
    }
    return fy_complex_from(re, im);
}
static fy_methoddef complex_methods[] = {{"conjugate", c_conj, 0, NULL}, {NULL}};
static fy_getsetdef complex_getsets[] = {{"real", c_real, NULL, NULL}, {"imag", c_imag, NULL, NULL}, {NULL}};
fy_type fy_complex_type = {
    FY_TYPE_INIT("complex", sizeof(fy_complex)),
    .new_ = complex_new,
    .repr = c_repr,
    .richcmp = c_richcmp,
    .hash = c_hash,
    .truth = c_truth,
    .nb = {[FY_NB_ADD] = c_add, [FY_NB_SUB] = c_sub, [FY_NB_MUL] = c_mul, [FY_NB_TRUEDIV] = c_div},
    .neg = c_neg,
    .abs = c_abs,
    .methods = complex_methods,
    .getsets = complex_getsets,
};

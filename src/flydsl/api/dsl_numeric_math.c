/* dsl_numeric_math.c - fx.max / fx.min / fx.ceildiv and the fx.math functions on typed values.
 * Static operands fold in C (results keep the operand's DSL type; domain errors give NaN as the MLIR
 * math ops do); dynamic operands are recorded by the tracer. */
#include <math.h>
#include <string.h>

#include "flydsl/api/dsl.h"
#include "flydsl/api/dsl_numeric.h"
#include "flydsl/trace/trace.h"

#define V(o) ((fy_dsl_num *)(o))

/* Appends the typed values of o (a number, typed value, or nested list/tuple of them) to out. */
static int flatten(fy_obj *o, fy_obj *out, const char *op) {
    size_t n;
    fy_obj **items = fy_seq_items(o, &n);
    if (items) {
        for (size_t i = 0; i < n; i++)
            if (flatten(items[i], out, op) < 0) return -1;
        return 0;
    }
    fy_obj *v = fy_dsl_as_numeric(o);
    if (!v) {
        if (!fy_err_occurred())
            fy_err_format(&fy_TypeError, "%s: expected numeric values, not '%s'", op, fy_type_name(o));
        return -1;
    }
    return fy_list_append_steal(out, v);
}

/* Strict "a before b" for max/min on static values of common type t: NaN wins, -0 < +0. */
static int less(const fy_dsl_numeric *t, fy_dsl_num *a, fy_dsl_num *b) {
    if (t->kind == FY_DSL_K_FLOAT) {
        double x = fy_dsl_num_as_double(a), y = fy_dsl_num_as_double(b);
        if (x == 0.0 && y == 0.0) return signbit(x) && !signbit(y);
        return x < y;
    }
    if (!t->is_signed && t->width == 64) return (uint64_t)a->i < (uint64_t)b->i;
    return a->i < b->i;
}

/* An op's explicit fastmath= (a keyword; kw holds the keywords' names, their values follow a[na - 1]) in place of the ambient flags while it emits: 0 (with *prev to
 * give back to fy_trace_fastmath_override), or -1 with an error. */
static int fm_enter(fy_obj *const *a, size_t na, fy_obj *kw, int *prev) {
    fy_obj *v = NULL;
    for (size_t i = 0; i < fy_kwcount(kw); i++) {
        fy_obj *k = FY_TUPLE_ITEMS(kw)[i];
        if (FY_STR_CHECK(k) && !strcmp(FY_STR_DATA(k), "fastmath")) v = a[na + i];
    }
    int bits = -1;
    if (v && fy_trace_fastmath_parse(v, &bits) < 0) return -1;
    *prev = fy_trace_fastmath_override(bits);
    return 0;
}

#define WITH_FM(RET, NAME, PARAMS, ARGS) \
    static RET NAME##_body PARAMS; \
    static RET NAME PARAMS { \
        int prev_; \
        if (fm_enter(a, na, kw, &prev_) < 0) return NULL; \
        RET r_ = NAME##_body ARGS; \
        fy_trace_fastmath_override(prev_); \
        return r_; \
    }

/* Is one of the n operands a Vector? */
static int any_vector(fy_obj *const *a, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (fy_trace_is_vector(a[i])) return 1;
    return 0;
}

WITH_FM(fy_obj *, minmax, (fy_obj *const *a, size_t na, fy_obj *kw, int is_max), (a, na, kw, is_max))
static fy_obj *minmax_body(fy_obj *const *a, size_t na, fy_obj *kw, int is_max) {
    const char *op = is_max ? "max" : "min";
    if (any_vector(a, na))
        return is_max ? fy_trace_vector_fold(a, na, "arith.maximumf", "arith.maxsi", "arith.maxui")
                      : fy_trace_vector_fold(a, na, "arith.minimumf", "arith.minsi", "arith.minui");
    size_t nkw = fy_kwcount(kw);
    (void)nkw; /* fastmath= is accepted and has no effect on static values */
    fy_obj *vals = fy_list_new(0);
    if (!vals) return NULL;
    for (size_t i = 0; i < na; i++)
        if (flatten(a[i], vals, op) < 0) goto fail;
    size_t n;
    fy_obj **it = fy_seq_items(vals, &n);
    if (n == 0) {
        fy_err_format(&fy_ValueError, "%s() needs at least one value", op);
        goto fail;
    }
    fy_dsl_numeric *t = V(it[0])->dt;
    int all_static = 1;
    for (size_t i = 0; i < n; i++) {
        t = fy_dsl_common_type(t, V(it[i])->dt, 0);
        all_static &= V(it[i])->is_static;
    }
    if (!all_static) {
        fy_obj *r = fy_trace_num_math(op, t, it, n);
        FY_DECREF(vals);
        return r;
    }
    fy_obj *best = NULL;
    for (size_t i = 0; i < n; i++) {
        fy_obj *c = fy_dsl_num_convert(t, it[i]);
        if (!c) {
            FY_XDECREF(best);
            goto fail;
        }
        if (!best) {
            best = c;
            continue;
        }
        int take;
        if (t->kind == FY_DSL_K_FLOAT && isnan(V(best)->f)) take = 0;
        else if (t->kind == FY_DSL_K_FLOAT && isnan(V(c)->f)) take = 1;
        else take = is_max ? less(t, V(best), V(c)) : less(t, V(c), V(best));
        if (take) FY_SETREF(best, c);
        else FY_DECREF(c);
    }
    FY_DECREF(vals);
    return best;
fail:
    FY_DECREF(vals);
    return NULL;
}

static fy_obj *f_max(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    return minmax(a, na, kw, 1);
}
static fy_obj *f_min(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    return minmax(a, na, kw, 0);
}

static fy_obj *f_ceildiv(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    if (fy_no_kwargs("ceildiv", kw) < 0 || fy_check_nargs("ceildiv", na, 2, 2) < 0) return NULL;
    if (any_vector(a, na)) return fy_trace_vector_fold(a, na, NULL, "arith.ceildivsi", "arith.ceildivui");
    fy_obj *x = fy_dsl_as_numeric(a[0]);
    if (!x)
        return fy_err_occurred()
                   ? NULL
                   : fy_err_format(&fy_TypeError, "ceildiv: expected integers, not '%s'", fy_type_name(a[0]));
    fy_obj *y = fy_dsl_as_numeric(a[1]);
    if (!y) {
        FY_DECREF(x);
        return fy_err_occurred()
                   ? NULL
                   : fy_err_format(&fy_TypeError, "ceildiv: expected integers, not '%s'", fy_type_name(a[1]));
    }
    fy_obj *r = NULL;
    if (V(x)->dt->kind == FY_DSL_K_FLOAT || V(y)->dt->kind == FY_DSL_K_FLOAT) {
        r = fy_err_format(&fy_TypeError, "ceildiv: expected integers, got %s and %s", V(x)->dt->name, V(y)->dt->name);
    } else {
        fy_dsl_numeric *t = fy_dsl_common_type(V(x)->dt, V(y)->dt, 0);
        fy_obj *cx = fy_dsl_num_convert(t, x), *cy = cx ? fy_dsl_num_convert(t, y) : NULL;
        if (cy && (!V(cx)->is_static || !V(cy)->is_static)) {
            fy_obj *args[2] = {cx, cy};
            r = fy_trace_num_math("ceildiv", t, args, 2);
        } else if (cy) {
            int64_t p = V(cx)->i, q = V(cy)->i;
            if (q == 0) r = fy_err_set(&fy_ZeroDivisionError, "ceildiv: division by zero");
            else if (!t->is_signed) r = fy_dsl_num_int(t, (int64_t)(((uint64_t)p + (uint64_t)q - 1) / (uint64_t)q));
            else {
                int64_t d = p / q; /* C truncates; round toward +inf */
                if (p % q != 0 && ((p < 0) == (q < 0))) d++;
                r = fy_dsl_num_int(t, d);
            }
        }
        FY_XDECREF(cx);
        FY_XDECREF(cy);
    }
    FY_DECREF(x);
    FY_DECREF(y);
    return r;
}

/* maxnumf / minnumf(a, b): floats, the non-NaN operand where one is NaN (libm's fmax / fmin). */
WITH_FM(fy_obj *, numf, (fy_obj *const *a, size_t na, fy_obj *kw, int is_max), (a, na, kw, is_max))
static fy_obj *numf_body(fy_obj *const *a, size_t na, fy_obj *kw, int is_max) {
    const char *op = is_max ? "maxnumf" : "minnumf";
    (void)kw; /* fastmath= is accepted */
    if (fy_check_nargs(op, na, 2, 2) < 0) return NULL;
    if (any_vector(a, na)) return fy_trace_vector_fold(a, na, is_max ? "arith.maxnumf" : "arith.minnumf", NULL, NULL);
    fy_obj *x = fy_dsl_as_numeric(a[0]), *y = x ? fy_dsl_as_numeric(a[1]) : NULL;
    if (!y) {
        FY_XDECREF(x);
        return fy_err_occurred() ? NULL : fy_err_format(&fy_TypeError, "%s: expected float values", op);
    }
    fy_obj *r = NULL;
    fy_dsl_numeric *t = fy_dsl_common_type(V(x)->dt, V(y)->dt, 0);
    if (t->kind != FY_DSL_K_FLOAT) r = fy_err_format(&fy_TypeError, "%s: expected float values, got %s", op, t->name);
    else if (!V(x)->is_static || !V(y)->is_static) {
        fy_obj *args[2] = {x, y};
        r = fy_trace_num_math(op, t, args, 2);
    } else {
        double p = fy_dsl_num_as_double(V(x)), q = fy_dsl_num_as_double(V(y));
        r = fy_dsl_num_float(t, is_max ? fmax(p, q) : fmin(p, q));
    }
    FY_DECREF(x);
    FY_DECREF(y);
    return r;
}
static fy_obj *f_maxnumf(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    return numf(a, na, kw, 1);
}
static fy_obj *f_minnumf(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    return numf(a, na, kw, 0);
}

fy_methoddef fy_dsl_numeric_funcs[] = {
    {"maxnumf", f_maxnumf, 0, "maxnumf(a, b, fastmath=None)\nThe larger float; a NaN operand loses (fmax)."},
    {"minnumf", f_minnumf, 0, "minnumf(a, b, fastmath=None)\nThe smaller float; a NaN operand loses (fmin)."},
    {"max", f_max, 0, "max(*xs, fastmath=None)\nThe largest value (floats propagate NaN; -0 < +0)."},
    {"min", f_min, 0, "min(*xs, fastmath=None)\nThe smallest value (floats propagate NaN; -0 < +0)."},
    {"ceildiv", f_ceildiv, 0, "ceildiv(a, b)\nInteger division rounded up."},
    {0}};

/* ------------------------------------------------------------------ fx.math */

/* The n typed operands of a math function (Python floats become Float32); all[0] gives the type. */
static int math_args(const char *name, fy_obj *const *a, size_t na, fy_obj *kw, size_t want, fy_obj **out,
                     int *all_static) {
    static const char *const names[] = {"x", "y", "z", "fastmath", NULL};
    fy_obj *o[4] = {0};
    const char *const *nm = names;
    if (fy_parse_args(name, a, na, kw,
                      want == 1   ? (const char *const[]){"x", "fastmath", NULL}
                      : want == 2 ? (const char *const[]){"x", "y", "fastmath", NULL}
                                  : nm,
                      (int)want, (int)want, (int)want + 1, o) < 0)
        return -1;
    *all_static = 1;
    for (size_t i = 0; i < want; i++) {
        out[i] = fy_dsl_as_numeric(o[i]);
        if (!out[i]) {
            if (!fy_err_occurred())
                fy_err_format(&fy_TypeError, "math.%s: expected a numeric value, not '%s'", name, fy_type_name(o[i]));
            while (i--) FY_DECREF(out[i]);
            return -1;
        }
        *all_static &= V(out[i])->is_static;
    }
    return 0;
}

static void release(fy_obj **v, size_t n) {
    for (size_t i = 0; i < n; i++) FY_DECREF(v[i]);
}

static double rsqrt_d(double x) { return 1.0 / sqrt(x); }
static double round_even(double x) { return nearbyint(x); }

/* A float function of one operand: the result keeps the operand's (float) type. */
WITH_FM(fy_obj *, math1, (const char *name, double (*fn)(double), fy_obj *const *a, size_t na, fy_obj *kw),
        (name, fn, a, na, kw))
static fy_obj *math1_body(const char *name, double (*fn)(double), fy_obj *const *a, size_t na, fy_obj *kw) {
    fy_obj *v[1];
    int st;
    if (na >= 1 && fy_trace_is_vector(a[0])) { /* elementwise on a traced Vector (trace_vector.c) */
        static const char *const names[] = {"x", "fastmath", NULL};
        fy_obj *o[2] = {NULL, NULL};
        if (fy_parse_args(name, a, na, kw, names, 1, 1, 2, o) < 0) return NULL;
        return fy_trace_vector_math(name, a[0]);
    }
    if (math_args(name, a, na, kw, 1, v, &st) < 0) return NULL;
    fy_dsl_numeric *t = V(v[0])->dt;
    fy_obj *r;
    if (t->kind != FY_DSL_K_FLOAT)
        r = fy_err_format(&fy_TypeError, "math.%s expects a float operand, got %s", name, t->name);
    else if (!st) r = fy_trace_num_math(name, t, v, 1);
    else r = fy_dsl_num_float(t, fn(V(v[0])->f));
    release(v, 1);
    return r;
}

#define MATH1(NAME, FN) \
    static fy_obj *m_##NAME(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) { \
        (void)s; \
        return math1(#NAME, FN, a, na, kw); \
    }
MATH1(absf, fabs)
MATH1(ceil, ceil)
MATH1(floor, floor)
MATH1(trunc, trunc)
MATH1(round, round)
MATH1(roundeven, round_even)
MATH1(exp, exp)
MATH1(exp2, exp2)
MATH1(expm1, expm1)
MATH1(log, log)
MATH1(log2, log2)
MATH1(log10, log10)
MATH1(log1p, log1p)
MATH1(sqrt, sqrt)
MATH1(rsqrt, rsqrt_d)
MATH1(cbrt, cbrt)
MATH1(sin, sin)
MATH1(cos, cos)
MATH1(tan, tan)
MATH1(asin, asin)
MATH1(acos, acos)
MATH1(atan, atan)
MATH1(sinh, sinh)
MATH1(cosh, cosh)
MATH1(tanh, tanh)
MATH1(asinh, asinh)
MATH1(acosh, acosh)
MATH1(atanh, atanh)
MATH1(erf, erf)
MATH1(erfc, erfc)

/* A float function of two operands (powf, atan2, copysign): common float type. */
WITH_FM(fy_obj *, math2, (const char *name, double (*fn)(double, double), fy_obj *const *a, size_t na, fy_obj *kw),
        (name, fn, a, na, kw))
static fy_obj *math2_body(const char *name, double (*fn)(double, double), fy_obj *const *a, size_t na, fy_obj *kw) {
    fy_obj *v[2];
    int st;
    if (math_args(name, a, na, kw, 2, v, &st) < 0) return NULL;
    fy_dsl_numeric *t = fy_dsl_common_type(V(v[0])->dt, V(v[1])->dt, 0);
    fy_obj *r;
    if (t->kind != FY_DSL_K_FLOAT)
        r = fy_err_format(&fy_TypeError, "math.%s expects float operands, got %s", name, t->name);
    else if (!st) r = fy_trace_num_math(name, t, v, 2);
    else r = fy_dsl_num_float(t, fn(fy_dsl_num_as_double(V(v[0])), fy_dsl_num_as_double(V(v[1]))));
    release(v, 2);
    return r;
}
#define MATH2(NAME, FN) \
    static fy_obj *m_##NAME(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) { \
        (void)s; \
        return math2(#NAME, FN, a, na, kw); \
    }
MATH2(powf, pow)
MATH2(atan2, atan2)
MATH2(copysign, copysign)

static fy_obj *m_fma(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    fy_obj *v[3];
    int st;
    if (na >= 3 && any_vector(a, 3)) { /* elementwise on traced Vectors (trace_vector.c) */
        static const char *const names[] = {"a", "b", "c", "fastmath", NULL};
        fy_obj *o[4] = {NULL, NULL, NULL, NULL};
        if (fy_parse_args("fma", a, na, kw, names, 3, 3, 4, o) < 0) return NULL;
        return fy_trace_vector_fma(a[0], a[1], a[2]);
    }
    if (math_args("fma", a, na, kw, 3, v, &st) < 0) return NULL;
    fy_dsl_numeric *t = fy_dsl_common_type(fy_dsl_common_type(V(v[0])->dt, V(v[1])->dt, 0), V(v[2])->dt, 0);
    fy_obj *r;
    if (t->kind != FY_DSL_K_FLOAT) r = fy_err_format(&fy_TypeError, "math.fma expects float operands, got %s", t->name);
    else if (!st) r = fy_trace_num_math("fma", t, v, 3);
    else
        r = fy_dsl_num_float(
            t, fma(fy_dsl_num_as_double(V(v[0])), fy_dsl_num_as_double(V(v[1])), fy_dsl_num_as_double(V(v[2]))));
    release(v, 3);
    return r;
}

/* Float classification: a Boolean. */
static fy_obj *classify(const char *name, int which, fy_obj *const *a, size_t na, fy_obj *kw) {
    fy_obj *v[1];
    int st;
    if (math_args(name, a, na, kw, 1, v, &st) < 0) return NULL;
    fy_dsl_numeric *t = V(v[0])->dt;
    fy_obj *r;
    if (t->kind != FY_DSL_K_FLOAT)
        r = fy_err_format(&fy_TypeError, "math.%s expects a float operand, got %s", name, t->name);
    else if (!st) r = fy_trace_num_math(name, &fy_dsl_t_bool, v, 1);
    else {
        double x = V(v[0])->f;
        int c = which == 0   ? isnan(x) != 0
                : which == 1 ? isinf(x) != 0
                : which == 2 ? isfinite(x) != 0
                             : isnormal(x) != 0;
        r = fy_dsl_num_int(&fy_dsl_t_bool, c);
    }
    release(v, 1);
    return r;
}
#define CLASSIFY(NAME, W) \
    static fy_obj *m_##NAME(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) { \
        (void)s; \
        return classify(#NAME, W, a, na, kw); \
    }
CLASSIFY(isnan, 0)
CLASSIFY(isinf, 1)
CLASSIFY(isfinite, 2)
CLASSIFY(isnormal, 3)

/* Integer functions of one operand: absi, ctlz, cttz, ctpop (the operand's width counts). */
static fy_obj *mathi(const char *name, int which, fy_obj *const *a, size_t na, fy_obj *kw) {
    fy_obj *v[1];
    int st;
    if (math_args(name, a, na, kw, 1, v, &st) < 0) return NULL;
    fy_dsl_numeric *t = V(v[0])->dt;
    fy_obj *r;
    if (t->kind == FY_DSL_K_FLOAT)
        r = fy_err_format(&fy_TypeError, "math.%s expects an integer operand, got %s", name, t->name);
    else if (!st) r = fy_trace_num_math(name, t, v, 1);
    else {
        int w = t->width;
        uint64_t x = w >= 64 ? (uint64_t)V(v[0])->i : (uint64_t)V(v[0])->i & (((uint64_t)1 << w) - 1);
        int64_t res = 0;
        if (which == 0) res = V(v[0])->i < 0 ? -V(v[0])->i : V(v[0])->i;
        else if (which == 1) res = x ? (int64_t)__builtin_clzll(x) - (64 - w) : w;
        else if (which == 2) res = x ? __builtin_ctzll(x) : w;
        else res = __builtin_popcountll(x);
        r = fy_dsl_num_int(t, res);
    }
    release(v, 1);
    return r;
}
#define MATHI(NAME, W) \
    static fy_obj *m_##NAME(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) { \
        (void)s; \
        return mathi(#NAME, W, a, na, kw); \
    }
MATHI(absi, 0)
MATHI(ctlz, 1)
MATHI(cttz, 2)
MATHI(ctpop, 3)

static fy_obj *m_clampf(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    fy_obj *v[3];
    int st;
    if (math_args("clampf", a, na, kw, 3, v, &st) < 0) return NULL;
    fy_dsl_numeric *t = V(v[0])->dt;
    fy_obj *r;
    if (t->kind != FY_DSL_K_FLOAT)
        r = fy_err_format(&fy_TypeError, "math.clampf expects a float operand, got %s", t->name);
    else if (!st) r = fy_trace_num_math("clampf", t, v, 3);
    else {
        double x = V(v[0])->f, lo = fy_dsl_num_as_double(V(v[1])), hi = fy_dsl_num_as_double(V(v[2]));
        r = fy_dsl_num_float(t, isnan(x) ? x : x < lo ? lo : x > hi ? hi : x);
    }
    release(v, 3);
    return r;
}

static fy_obj *m_sincos(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    fy_obj *sn = m_sin(s, a, na, kw);
    if (!sn) return NULL;
    fy_obj *cs = m_cos(s, a, na, kw);
    if (!cs) {
        FY_DECREF(sn);
        return NULL;
    }
    fy_obj *t = fy_tuple_new(2);
    if (!t) {
        FY_DECREF(sn);
        FY_DECREF(cs);
        return NULL;
    }
    fy_tuple_set_steal(t, 0, sn);
    fy_tuple_set_steal(t, 1, cs);
    return t;
}

#define ENTRY(NAME, DOC) {#NAME, m_##NAME, 0, #NAME DOC}
fy_methoddef fy_dsl_math_funcs[] = {ENTRY(absf, "(x, *, fastmath=None)"),
                                    ENTRY(ceil, "(x, *, fastmath=None)"),
                                    ENTRY(floor, "(x, *, fastmath=None)"),
                                    ENTRY(trunc, "(x, *, fastmath=None)"),
                                    ENTRY(round, "(x, *, fastmath=None)"),
                                    ENTRY(roundeven, "(x, *, fastmath=None)"),
                                    ENTRY(exp, "(x, *, fastmath=None)"),
                                    ENTRY(exp2, "(x, *, fastmath=None)"),
                                    ENTRY(expm1, "(x, *, fastmath=None)"),
                                    ENTRY(log, "(x, *, fastmath=None)"),
                                    ENTRY(log2, "(x, *, fastmath=None)"),
                                    ENTRY(log10, "(x, *, fastmath=None)"),
                                    ENTRY(log1p, "(x, *, fastmath=None)"),
                                    ENTRY(sqrt, "(x, *, fastmath=None)"),
                                    ENTRY(rsqrt, "(x, *, fastmath=None)"),
                                    ENTRY(cbrt, "(x, *, fastmath=None)"),
                                    ENTRY(sin, "(x, *, fastmath=None)"),
                                    ENTRY(cos, "(x, *, fastmath=None)"),
                                    ENTRY(tan, "(x, *, fastmath=None)"),
                                    ENTRY(asin, "(x, *, fastmath=None)"),
                                    ENTRY(acos, "(x, *, fastmath=None)"),
                                    ENTRY(atan, "(x, *, fastmath=None)"),
                                    ENTRY(sinh, "(x, *, fastmath=None)"),
                                    ENTRY(cosh, "(x, *, fastmath=None)"),
                                    ENTRY(tanh, "(x, *, fastmath=None)"),
                                    ENTRY(asinh, "(x, *, fastmath=None)"),
                                    ENTRY(acosh, "(x, *, fastmath=None)"),
                                    ENTRY(atanh, "(x, *, fastmath=None)"),
                                    ENTRY(erf, "(x, *, fastmath=None)"),
                                    ENTRY(erfc, "(x, *, fastmath=None)"),
                                    ENTRY(powf, "(x, y, *, fastmath=None)"),
                                    ENTRY(atan2, "(x, y, *, fastmath=None)"),
                                    ENTRY(copysign, "(x, y, *, fastmath=None)"),
                                    ENTRY(fma, "(x, y, z, *, fastmath=None)"),
                                    ENTRY(isnan, "(x)"),
                                    ENTRY(isinf, "(x)"),
                                    ENTRY(isfinite, "(x)"),
                                    ENTRY(isnormal, "(x)"),
                                    ENTRY(absi, "(x)"),
                                    ENTRY(ctlz, "(x)"),
                                    ENTRY(cttz, "(x)"),
                                    ENTRY(ctpop, "(x)"),
                                    ENTRY(clampf, "(x, lo, hi, *, fastmath=None)"),
                                    ENTRY(sincos, "(x, *, fastmath=None)"),
                                    {0}};

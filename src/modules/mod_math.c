/* mod_math.c - the `math` module: CPython 3.11's functions, constants and error messages.
 * The integer functions (gcd, lcm, isqrt, factorial, comb, perm) work on ints of any size. */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "modules/mod_registry.h"
#include "objects/object.h"

/* ------------------------------------------------------------------ argument helpers */

/* x as a double; TypeError "must be real number, not T" otherwise. */
static int real_arg(fy_obj *x, double *out) {
    if (FY_FLOAT_CHECK(x)) {
        *out = FY_FLOAT_VAL(x);
        return 0;
    }
    if (FY_INT_CHECK(x)) return fy_int_to_double(x, out);
    if (fy_as_double(x, out) == 0) return 0;
    if (fy_err_matches(&fy_TypeError)) {
        fy_err_clear();
        fy_err_format(&fy_TypeError, "must be real number, not %T", x);
    }
    return -1;
}

static fy_obj *domain_error(void) { return fy_err_set(&fy_ValueError, "math domain error"); }
static fy_obj *range_error(void) { return fy_err_set(&fy_OverflowError, "math range error"); }

/* A float that is integral (floor/ceil/trunc result) as an int. */
static fy_obj *int_from_double(double d) {
    if (isinf(d)) return fy_err_set(&fy_OverflowError, "cannot convert float infinity to integer");
    if (isnan(d)) return fy_err_set(&fy_ValueError, "cannot convert float NaN to integer");
    return fy_int_from_double(d);
}

static int one_arg(const char *name, size_t nargs, fy_obj *kw) {
    if (fy_no_kwargs(name, kw) < 0) return -1;
    if (nargs != 1) {
        fy_err_format(&fy_TypeError, "math.%s() takes exactly one argument (%zu given)", name, nargs);
        return -1;
    }
    return 0;
}

static int two_args(const char *name, size_t nargs, fy_obj *kw) {
    if (fy_no_kwargs(name, kw) < 0) return -1;
    if (nargs != 2) {
        fy_err_format(&fy_TypeError, "%s expected 2 arguments, got %zu", name, nargs);
        return -1;
    }
    return 0;
}

/* ------------------------------------------------------------------ one-argument float functions */

/* Apply f to the single argument with CPython's error rules: a NaN from a non-NaN is a domain
 * error; an infinity from a finite value is a range error when can_overflow, else a domain
 * error. */
static fy_obj *math_1(const char *name, fy_obj *const *a, size_t n, fy_obj *kw, double (*f)(double), int can_overflow) {
    double x;
    if (one_arg(name, n, kw) < 0 || real_arg(a[0], &x) < 0) return NULL;
    double r = f(x);
    if (isnan(r) && !isnan(x)) return domain_error();
    if (isinf(r) && isfinite(x)) return can_overflow ? range_error() : domain_error();
    return fy_float_from(r);
}

#define M1(name, fn, ovf) \
    static fy_obj *m_##name(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) { \
        return math_1(#name, a, n, kw, fn, ovf); \
    }
M1(acos, acos, 0)
M1(acosh, acosh, 0)
M1(asin, asin, 0)
M1(asinh, asinh, 0)
M1(atan, atan, 0)
M1(atanh, atanh, 0)
M1(cbrt, cbrt, 0)
M1(cos, cos, 0)
M1(cosh, cosh, 1)
M1(erf, erf, 0)
M1(erfc, erfc, 0)
M1(exp, exp, 1)
M1(exp2, exp2, 1)
M1(expm1, expm1, 1)
M1(fabs, fabs, 0)
M1(sin, sin, 0)
M1(sinh, sinh, 1)
M1(sqrt, sqrt, 0)
M1(tan, tan, 0)
M1(tanh, tanh, 0)

static fy_obj *m_gamma(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    double x;
    if (one_arg("gamma", n, kw) < 0 || real_arg(a[0], &x) < 0) return NULL;
    if (isnan(x)) return fy_float_from(x);
    if (x == -INFINITY || (x <= 0 && x == floor(x))) return domain_error();
    if (x == INFINITY) return fy_float_from(x);
    double r = tgamma(x);
    if (isinf(r)) return range_error();
    return fy_float_from(r);
}

static fy_obj *m_lgamma(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    double x;
    if (one_arg("lgamma", n, kw) < 0 || real_arg(a[0], &x) < 0) return NULL;
    if (!isfinite(x)) return fy_float_from(isnan(x) ? x : INFINITY);
    if (x <= 0 && x == floor(x)) return domain_error();
    int sign;
    double r = lgamma_r(x, &sign);
    if (isinf(r)) return range_error();
    return fy_float_from(r);
}

static fy_obj *m_degrees(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    double x;
    if (one_arg("degrees", n, kw) < 0 || real_arg(a[0], &x) < 0) return NULL;
    return fy_float_from(x * (180.0 / M_PI));
}

static fy_obj *m_radians(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    double x;
    if (one_arg("radians", n, kw) < 0 || real_arg(a[0], &x) < 0) return NULL;
    return fy_float_from(x * (M_PI / 180.0));
}

static fy_obj *m_isfinite(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    double x;
    if (one_arg("isfinite", n, kw) < 0 || real_arg(a[0], &x) < 0) return NULL;
    return fy_bool(isfinite(x));
}
static fy_obj *m_isinf(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    double x;
    if (one_arg("isinf", n, kw) < 0 || real_arg(a[0], &x) < 0) return NULL;
    return fy_bool(isinf(x));
}
static fy_obj *m_isnan(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    double x;
    if (one_arg("isnan", n, kw) < 0 || real_arg(a[0], &x) < 0) return NULL;
    return fy_bool(isnan(x));
}

/* ------------------------------------------------------------------ rounding to int */

/* floor/ceil/trunc: ints pass through, objects may define __floor__/__ceil__/__trunc__. */
static fy_obj *rounding(const char *name, const char *dunder, fy_obj *const *a, size_t n, fy_obj *kw,
                        double (*f)(double), int trunc) {
    if (one_arg(name, n, kw) < 0) return NULL;
    fy_obj *x = a[0];
    if (FY_INT_CHECK(x)) return fy_call1((fy_obj *)&fy_int_type, x);
    if (FY_IS_TYPE(x, fy_float_type)) return int_from_double(f(FY_FLOAT_VAL(x)));
    if (fy_type_lookup_cstr(FY_TYPE(x), dunder)) return fy_call_method(x, dunder, NULL, 0);
    if (trunc) return fy_err_format(&fy_TypeError, "type %s doesn't define __trunc__ method", fy_type_name(x));
    double d;
    if (real_arg(x, &d) < 0) return NULL;
    return int_from_double(f(d));
}
static fy_obj *m_floor(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    return rounding("floor", "__floor__", a, n, kw, floor, 0);
}
static fy_obj *m_ceil(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    return rounding("ceil", "__ceil__", a, n, kw, ceil, 0);
}
static fy_obj *m_trunc(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    return rounding("trunc", "__trunc__", a, n, kw, trunc, 1);
}

/* ------------------------------------------------------------------ two-argument float functions */

static fy_obj *m_atan2(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    double y, x;
    if (two_args("atan2", n, kw) < 0 || real_arg(a[0], &y) < 0 || real_arg(a[1], &x) < 0) return NULL;
    return fy_float_from(atan2(y, x));
}

static fy_obj *m_copysign(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    double x, y;
    if (two_args("copysign", n, kw) < 0 || real_arg(a[0], &x) < 0 || real_arg(a[1], &y) < 0) return NULL;
    return fy_float_from(copysign(x, y));
}

static fy_obj *m_fmod(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    double x, y;
    if (two_args("fmod", n, kw) < 0 || real_arg(a[0], &x) < 0 || real_arg(a[1], &y) < 0) return NULL;
    if (isinf(y) && isfinite(x)) return fy_float_from(x);
    double r = fmod(x, y);
    if (isnan(r) && !isnan(x) && !isnan(y)) return domain_error();
    return fy_float_from(r);
}

static fy_obj *m_remainder(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    double x, y;
    if (two_args("remainder", n, kw) < 0 || real_arg(a[0], &x) < 0 || real_arg(a[1], &y) < 0) return NULL;
    if (isnan(x) || isnan(y)) return fy_float_from(NAN);
    if (isinf(x) || y == 0) return domain_error();
    if (isinf(y)) return fy_float_from(x);
    return fy_float_from(remainder(x, y));
}

static fy_obj *m_pow(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    double x, y;
    if (two_args("pow", n, kw) < 0 || real_arg(a[0], &x) < 0 || real_arg(a[1], &y) < 0) return NULL;
    if (!isfinite(x) || !isfinite(y)) {
        if (isnan(x)) return fy_float_from(y == 0.0 ? 1.0 : x);
        if (isnan(y)) return fy_float_from(x == 1.0 ? 1.0 : y);
        return fy_float_from(pow(x, y));
    }
    if (x == 0.0 && y < 0.0) return domain_error();
    double r = pow(x, y);
    if (isnan(r)) return domain_error();
    if (isinf(r)) return range_error();
    return fy_float_from(r);
}

static fy_obj *m_nextafter(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    double x, y;
    if (two_args("nextafter", n, kw) < 0 || real_arg(a[0], &x) < 0 || real_arg(a[1], &y) < 0) return NULL;
    return fy_float_from(nextafter(x, y));
}

static fy_obj *m_ulp(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    double x;
    if (one_arg("ulp", n, kw) < 0 || real_arg(a[0], &x) < 0) return NULL;
    if (isnan(x)) return fy_float_from(x);
    x = fabs(x);
    if (isinf(x)) return fy_float_from(x);
    double x2 = nextafter(x, INFINITY);
    if (isinf(x2)) return fy_float_from(x - nextafter(x, -INFINITY));
    return fy_float_from(x2 - x);
}

static fy_obj *m_ldexp(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    double x;
    int64_t e;
    if (two_args("ldexp", n, kw) < 0 || real_arg(a[0], &x) < 0) return NULL;
    if (!FY_INT_CHECK(a[1])) return fy_err_set(&fy_TypeError, "Expected an int as second argument to ldexp.");
    e = FY_INT_IS_BIG(a[1]) ? (fy_int_sign(a[1]) < 0 ? INT64_MIN : INT64_MAX) : FY_INT_VAL(a[1]);
    if (x == 0 || !isfinite(x)) return fy_float_from(x);
    if (e > 100000) return range_error();
    if (e < -100000) return fy_float_from(copysign(0.0, x));
    double r = ldexp(x, (int)e);
    if (isinf(r)) return range_error();
    return fy_float_from(r);
}

static fy_obj *m_frexp(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    double x;
    if (one_arg("frexp", n, kw) < 0 || real_arg(a[0], &x) < 0) return NULL;
    int e = 0;
    double m = (x == 0 || !isfinite(x)) ? x : frexp(x, &e);
    fy_obj *mo = fy_float_from(m), *eo = fy_int_from(e);
    fy_obj *t = (mo && eo) ? fy_tuple_pack(2, mo, eo) : NULL;
    FY_XDECREF(mo);
    FY_XDECREF(eo);
    return t;
}

static fy_obj *m_modf(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    double x, ip, fp;
    if (one_arg("modf", n, kw) < 0 || real_arg(a[0], &x) < 0) return NULL;
    if (isinf(x)) {
        ip = x;
        fp = copysign(0.0, x);
    } else fp = modf(x, &ip);
    fy_obj *fo = fy_float_from(fp), *io = fy_float_from(ip);
    fy_obj *t = (fo && io) ? fy_tuple_pack(2, fo, io) : NULL;
    FY_XDECREF(fo);
    FY_XDECREF(io);
    return t;
}

/* ------------------------------------------------------------------ logarithms */

/* f(x) for a logarithm: 0, or -1 with ValueError for x <= 0. */
static int log_of(fy_obj *x, double (*f)(double), double *out) {
    double d;
    *out = 0;
    if (FY_INT_CHECK(x) && FY_INT_IS_BIG(x)) {
        /* too big for a double maybe: f(x) = f(m * 2**e) = f(m) + e * f(2) */
        if (fy_int_sign(x) < 0) {
            domain_error();
            return -1;
        }
        if (fy_int_to_double(x, &d) == 0) {
            *out = f(d);
            return 0;
        }
        fy_err_clear();
        fy_obj *bl = fy_call_method(x, "bit_length", NULL, 0);
        if (!bl) return -1;
        int64_t e = FY_INT_VAL(bl);
        FY_DECREF(bl);
        fy_obj *eo = fy_int_from(e - 64), *top = fy_int_binop_obj(x, eo, FY_NB_RSHIFT);
        FY_DECREF(eo);
        if (!top || fy_int_to_double(top, &d) < 0) {
            FY_XDECREF(top);
            return -1;
        }
        FY_DECREF(top);
        *out = f(ldexp(d, -64)) + (double)e * f(2.0);
        return 0;
    }
    if (real_arg(x, &d) < 0) return -1;
    if (isnan(d)) {
        *out = d;
        return 0;
    }
    if (d <= 0) {
        domain_error();
        return -1;
    }
    *out = f(d);
    return 0;
}

static fy_obj *m_log(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_no_kwargs("log", kw) < 0) return NULL;
    if (n < 1) return fy_err_format(&fy_TypeError, "log expected at least 1 argument, got %zu", n);
    if (n > 2) return fy_err_format(&fy_TypeError, "log expected at most 2 arguments, got %zu", n);
    double num, den;
    if (log_of(a[0], log, &num) < 0) return NULL;
    if (n == 1) return fy_float_from(num);
    if (log_of(a[1], log, &den) < 0) return NULL;
    if (den == 0) return fy_err_set(&fy_ZeroDivisionError, "float division by zero");
    return fy_float_from(num / den);
}

#define MLOG(name, fn) \
    static fy_obj *m_##name(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) { \
        double r; \
        if (one_arg(#name, n, kw) < 0 || log_of(a[0], fn, &r) < 0) return NULL; \
        return fy_float_from(r); \
    }
MLOG(log2, log2)
MLOG(log10, log10)

static fy_obj *m_log1p(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    double x;
    if (one_arg("log1p", n, kw) < 0 || real_arg(a[0], &x) < 0) return NULL;
    if (isnan(x)) return fy_float_from(x);
    if (x <= -1.0) return domain_error();
    return fy_float_from(log1p(x));
}

/* ------------------------------------------------------------------ sums and norms */

/* Shewchuk's exact summation with partials (the algorithm of "Adaptive Precision Floating-Point
 * Arithmetic and Fast Robust Geometric Predicates"), rounded correctly at the end. */
static fy_obj *m_fsum(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (one_arg("fsum", n, kw) < 0) return NULL;
    fy_obj *it = fy_iter(a[0]);
    if (!it) return NULL;
    size_t np = 0, cap = 32;
    double stack[32], *p = stack;
    double special = 0.0, inf_sum = 0.0;
    int have_special = 0;
    fy_obj *item;
    while ((item = fy_iter_next(it))) {
        double x;
        int rc = real_arg(item, &x);
        FY_DECREF(item);
        if (rc < 0) goto fail;
        double xsave = x;
        size_t j = 0;
        for (size_t i = 0; i < np; i++) {
            double y = p[i];
            if (fabs(x) < fabs(y)) {
                double t = x;
                x = y;
                y = t;
            }
            double hi = x + y, lo = y - (hi - x);
            if (lo != 0.0) p[j++] = lo;
            x = hi;
        }
        np = j;
        if (x != 0.0) {
            if (!isfinite(x)) {
                if (isfinite(xsave)) {
                    fy_err_set(&fy_OverflowError, "intermediate overflow in fsum");
                    goto fail;
                }
                if (isinf(xsave)) inf_sum += xsave;
                special += xsave;
                have_special = 1;
                np = 0;
            } else {
                if (np >= cap) {
                    double *q = p == stack ? fy_malloc(2 * cap * sizeof *q) : fy_realloc(p, 2 * cap * sizeof *q);
                    if (!q) goto fail;
                    if (p == stack) memcpy(q, stack, sizeof stack);
                    p = q;
                    cap *= 2;
                }
                p[np++] = x;
            }
        }
    }
    if (fy_err_occurred()) goto fail;
    FY_DECREF(it);
    double hi = 0.0;
    if (have_special) {
        if (p != stack) fy_free(p);
        if (isnan(inf_sum)) return fy_err_set(&fy_ValueError, "-inf + inf in fsum");
        return fy_float_from(special);
    }
    if (np > 0) {
        size_t i = np - 1;
        hi = p[i];
        double lo = 0;
        while (i > 0) {
            double x = hi, y = p[--i];
            hi = x + y;
            double yr = hi - x;
            lo = y - yr;
            if (lo != 0.0) break;
        }
        /* Round half-even correctly when the remaining partials say so. */
        if (i > 0 && ((lo < 0.0 && p[i - 1] < 0.0) || (lo > 0.0 && p[i - 1] > 0.0))) {
            double y = lo * 2.0, x = hi + y, yr = x - hi;
            if (y == yr) hi = x;
        }
    }
    if (p != stack) fy_free(p);
    return fy_float_from(hi);
fail:
    if (p != stack) fy_free(p);
    FY_DECREF(it);
    return NULL;
}

/* Euclidean norm of v[0..n) (all finite or inf/nan handled), scaled to avoid overflow. */
static double vector_norm(const double *v, size_t n) {
    double maxv = 0.0;
    int found_nan = 0;
    for (size_t i = 0; i < n; i++) {
        double x = fabs(v[i]);
        if (isnan(x)) found_nan = 1;
        else if (x > maxv) maxv = x;
    }
    if (isinf(maxv)) return maxv;
    if (found_nan) return NAN;
    if (maxv == 0 || n <= 1) return maxv;
    if (n == 2) return hypot(v[0], v[1]);
    int e;
    frexp(maxv, &e);
    double sum = 0.0, comp = 0.0;
    for (size_t i = 0; i < n; i++) {
        double x = ldexp(fabs(v[i]), -e);
        double sq = x * x;
        double t = sum + sq;
        if (fabs(sum) >= fabs(sq)) comp += (sum - t) + sq;
        else comp += (sq - t) + sum;
        sum = t;
    }
    return ldexp(sqrt(sum + comp), e);
}

static fy_obj *m_hypot(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_no_kwargs("hypot", kw) < 0) return NULL;
    double stack[16], *v = n <= 16 ? stack : fy_malloc(n * sizeof *v);
    if (!v) return NULL;
    for (size_t i = 0; i < n; i++)
        if (real_arg(a[i], &v[i]) < 0) {
            if (v != stack) fy_free(v);
            return NULL;
        }
    double r = vector_norm(v, n);
    if (v != stack) fy_free(v);
    return fy_float_from(r);
}

static fy_obj *m_dist(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (two_args("dist", n, kw) < 0) return NULL;
    fy_obj *p = fy_sequence_tuple(a[0]);
    if (!p) return NULL;
    fy_obj *q = fy_sequence_tuple(a[1]);
    if (!q) {
        FY_DECREF(p);
        return NULL;
    }
    fy_obj *res = NULL;
    size_t m = (size_t)FY_TUPLE_N(p);
    double *v = NULL;
    if ((size_t)FY_TUPLE_N(q) != m) {
        fy_err_set(&fy_ValueError, "both points must have the same number of dimensions");
        goto out;
    }
    v = fy_malloc((m ? m : 1) * sizeof *v);
    if (!v) goto out;
    for (size_t i = 0; i < m; i++) {
        double x, y;
        if (real_arg(FY_TUPLE_ITEMS(p)[i], &x) < 0 || real_arg(FY_TUPLE_ITEMS(q)[i], &y) < 0) goto out;
        v[i] = x - y;
    }
    res = fy_float_from(vector_norm(v, m));
out:
    fy_free(v);
    FY_DECREF(p);
    FY_DECREF(q);
    return res;
}

static fy_obj *m_isclose(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    static const char *const names[] = {"a", "b", "rel_tol", "abs_tol", NULL};
    fy_obj *o[4] = {0};
    if (fy_parse_args("isclose", a, n, kw, names, 2, 2, 4, o) < 0) return NULL;
    double x, y, rel = 1e-09, abs_tol = 0.0;
    if (real_arg(o[0], &x) < 0 || real_arg(o[1], &y) < 0) return NULL;
    if (o[2] && real_arg(o[2], &rel) < 0) return NULL;
    if (o[3] && real_arg(o[3], &abs_tol) < 0) return NULL;
    if (rel < 0.0 || abs_tol < 0.0) return fy_err_set(&fy_ValueError, "tolerances must be non-negative");
    if (x == y) return fy_bool(true);
    if (isinf(x) || isinf(y)) return fy_bool(false);
    double diff = fabs(y - x);
    return fy_bool(diff <= fabs(rel * y) || diff <= fabs(rel * x) || diff <= abs_tol);
}

static fy_obj *m_prod(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    static const char *const names[] = {"", "start", NULL};
    fy_obj *o[2] = {0};
    if (fy_parse_args("prod", a, n, kw, names, 1, 1, 2, o) < 0) return NULL;
    fy_obj *it = fy_iter(o[0]);
    if (!it) return NULL;
    fy_obj *acc = o[1] ? fy_ref(o[1]) : fy_int_from(1), *item;
    while ((item = fy_iter_next(it))) {
        fy_obj *r = fy_binop(acc, item, FY_NB_MUL);
        FY_DECREF(item);
        FY_DECREF(acc);
        if (!r) {
            FY_DECREF(it);
            return NULL;
        }
        acc = r;
    }
    FY_DECREF(it);
    if (fy_err_occurred()) {
        FY_DECREF(acc);
        return NULL;
    }
    return acc;
}

/* ------------------------------------------------------------------ integer functions */

/* Integer arithmetic on int objects (any size); NULL propagates. */
static fy_obj *iop(fy_obj *a, fy_obj *b, int op) {
    if (!a || !b) return NULL;
    return fy_int_binop_obj(a, b, op);
}
/* iop that consumes a. */
static fy_obj *iop_steal(fy_obj *a, fy_obj *b, int op) {
    fy_obj *r = iop(a, b, op);
    FY_XDECREF(a);
    return r;
}
static fy_obj *iabs(fy_obj *a) {
    if (!a || fy_int_sign(a) >= 0) return a;
    fy_obj *z = fy_int_from(0), *r = iop(z, a, FY_NB_SUB);
    FY_DECREF(z);
    FY_DECREF(a);
    return r;
}
/* x as an exact int, via __index__ (new reference). */
static fy_obj *int_obj_arg(fy_obj *x) {
    fy_obj *r = fy_number_index(x);
    if (r && !FY_INT_EXACT(r)) FY_SETREF(r, fy_call1((fy_obj *)&fy_int_type, r));
    return r;
}

/* gcd of two non-negative ints. */
static fy_obj *gcd2(fy_obj *x, fy_obj *y) {
    x = fy_ref(x);
    y = fy_ref(y);
    while (x && y && fy_int_sign(y) != 0) {
        if (!FY_INT_BOTH_SMALL(x, y)) {
            fy_obj *t = iop(x, y, FY_NB_MOD);
            FY_DECREF(x);
            x = y;
            y = t;
            continue;
        }
        uint64_t a = (uint64_t)FY_INT_VAL(x), b = (uint64_t)FY_INT_VAL(y);
        while (b) {
            uint64_t t = a % b;
            a = b;
            b = t;
        }
        FY_DECREF(x);
        FY_DECREF(y);
        return fy_int_from_u64(a);
    }
    FY_XDECREF(y);
    return x;
}

static fy_obj *m_gcd(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_no_kwargs("gcd", kw) < 0) return NULL;
    fy_obj *g = fy_int_from(0);
    for (size_t i = 0; i < n && g; i++) {
        fy_obj *v = iabs(int_obj_arg(a[i]));
        if (!v) FY_CLEAR(g);
        else {
            FY_SETREF(g, gcd2(g, v));
            FY_DECREF(v);
        }
    }
    return g;
}

static fy_obj *m_lcm(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_no_kwargs("lcm", kw) < 0) return NULL;
    fy_obj *l = fy_int_from(1);
    for (size_t i = 0; i < n && l; i++) {
        fy_obj *v = iabs(int_obj_arg(a[i]));
        if (!v) {
            FY_CLEAR(l);
            break;
        }
        if (fy_int_sign(l) == 0 || fy_int_sign(v) == 0) {
            FY_SETREF(l, fy_int_from(0));
        } else {
            fy_obj *g = gcd2(l, v);
            FY_SETREF(l, iop_steal(iop(l, g, FY_NB_FLOORDIV), v, FY_NB_MUL));
            FY_XDECREF(g);
        }
        FY_DECREF(v);
    }
    return l;
}

static fy_obj *m_isqrt(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (one_arg("isqrt", n, kw) < 0) return NULL;
    fy_obj *v = int_obj_arg(a[0]);
    if (!v) return NULL;
    if (fy_int_sign(v) < 0) {
        FY_DECREF(v);
        return fy_err_set(&fy_ValueError, "isqrt() argument must be nonnegative");
    }
    if (!FY_INT_IS_BIG(v)) {
        uint64_t u = (uint64_t)FY_INT_VAL(v), r = (uint64_t)sqrt((double)u);
        FY_DECREF(v);
        while (r * r > u) r--;
        while ((r + 1) * (r + 1) <= u && (r + 1) < ((uint64_t)1 << 32)) r++;
        return fy_int_from((int64_t)r);
    }
    /* Newton from above: x = 2**ceil(bits/2) >= sqrt(v) */
    fy_obj *bl = fy_call_method(v, "bit_length", NULL, 0), *one = fy_int_from(1), *two = fy_int_from(2);
    fy_obj *h = bl ? iop(bl, two, FY_NB_FLOORDIV) : NULL, *h1 = iop(h, one, FY_NB_ADD), *x = iop(one, h1, FY_NB_LSHIFT);
    FY_XDECREF(bl);
    FY_XDECREF(h);
    FY_XDECREF(h1);
    while (x) {
        fy_obj *y = iop_steal(iop_steal(iop(v, x, FY_NB_FLOORDIV), x, FY_NB_ADD), one, FY_NB_RSHIFT);
        if (!y || fy_int_cmp(y, x) >= 0) {
            FY_XDECREF(y);
            break;
        }
        FY_SETREF(x, y);
    }
    FY_DECREF(v);
    FY_DECREF(one);
    FY_DECREF(two);
    return x;
}

static fy_obj *m_factorial(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (one_arg("factorial", n, kw) < 0) return NULL;
    fy_obj *vo = int_obj_arg(a[0]);
    if (!vo) return NULL;
    int64_t v;
    int big = FY_INT_IS_BIG(vo), neg = fy_int_sign(vo) < 0;
    v = big ? 0 : FY_INT_VAL(vo);
    FY_DECREF(vo);
    if (neg) return fy_err_set(&fy_ValueError, "factorial() not defined for negative values");
    if (big) return fy_err_set(&fy_OverflowError, "factorial() argument should not exceed 9223372036854775807");
    fy_obj *r = fy_int_from(1);
    for (int64_t i = 2; i <= v && r; i++) {
        fy_obj *k = fy_int_from(i);
        FY_SETREF(r, iop(r, k, FY_NB_MUL));
        FY_DECREF(k);
    }
    return r;
}

/* n! / (n-k)! (perm) or n choose k, 0 <= k <= n, k an int64. */
static fy_obj *perm_comb(fy_obj *nn, int64_t k, int comb) {
    fy_obj *r = fy_int_from(1);
    for (int64_t i = 0; i < k && r; i++) {
        fy_obj *ii = fy_int_from(i), *f = iop(nn, ii, FY_NB_SUB);
        FY_SETREF(r, iop(r, f, FY_NB_MUL));
        FY_XDECREF(f);
        FY_DECREF(ii);
        if (comb && r) {
            fy_obj *d = fy_int_from(i + 1);
            FY_SETREF(r, iop(r, d, FY_NB_FLOORDIV));
            FY_DECREF(d);
        }
    }
    return r;
}

/* The n, k arguments of comb/perm: 0, 1 (k > n: the result is 0) or -1. */
static int nk_args(fy_obj *na, fy_obj *ka, fy_obj **n, int64_t *k, int comb) {
    *n = int_obj_arg(na);
    fy_obj *ko = *n ? int_obj_arg(ka) : NULL;
    if (!ko) goto fail;
    if (fy_int_sign(*n) < 0) {
        fy_err_set(&fy_ValueError, "n must be a non-negative integer");
        goto fail;
    }
    if (fy_int_sign(ko) < 0) {
        fy_err_set(&fy_ValueError, "k must be a non-negative integer");
        goto fail;
    }
    if (fy_int_cmp(ko, *n) > 0) {
        FY_DECREF(ko);
        return 1;
    }
    if (comb) { /* k = min(k, n - k) */
        fy_obj *nk = iop(*n, ko, FY_NB_SUB);
        if (!nk) goto fail;
        if (fy_int_cmp(nk, ko) < 0) FY_SETREF(ko, nk);
        else FY_DECREF(nk);
    }
    if (fy_int_to_i64_msg(ko, k,
                          comb ? "min(n - k, k) must not exceed 9223372036854775807"
                               : "k must not exceed 9223372036854775807") < 0)
        goto fail;
    FY_DECREF(ko);
    return 0;
fail:
    FY_XDECREF(ko);
    FY_CLEAR(*n);
    return -1;
}

static fy_obj *m_comb(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (two_args("comb", n, kw) < 0) return NULL;
    fy_obj *nn;
    int64_t k;
    int rc = nk_args(a[0], a[1], &nn, &k, 1);
    if (rc < 0) return NULL;
    fy_obj *r = rc ? fy_int_from(0) : perm_comb(nn, k, 1);
    FY_XDECREF(nn);
    return r;
}

static fy_obj *m_perm(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_no_kwargs("perm", kw) < 0) return NULL;
    if (n < 1 || n > 2) return fy_err_format(&fy_TypeError, "perm expected at most 2 arguments, got %zu", n);
    fy_obj *nn;
    int64_t k;
    int rc = nk_args(a[0], n == 1 || a[1] == fy_None ? a[0] : a[1], &nn, &k, 0);
    if (rc < 0) return NULL;
    fy_obj *r = rc ? fy_int_from(0) : perm_comb(nn, k, 0);
    FY_XDECREF(nn);
    return r;
}

/* ------------------------------------------------------------------ module */

static fy_methoddef math_funcs[] = {
    {"acos", m_acos, 0, "acos(x, /)\nReturn the arc cosine (measured in radians) of x."},
    {"acosh", m_acosh, 0, "acosh(x, /)\nReturn the inverse hyperbolic cosine of x."},
    {"asin", m_asin, 0, "asin(x, /)\nReturn the arc sine (measured in radians) of x."},
    {"asinh", m_asinh, 0, "asinh(x, /)\nReturn the inverse hyperbolic sine of x."},
    {"atan", m_atan, 0, "atan(x, /)\nReturn the arc tangent (measured in radians) of x."},
    {"atan2", m_atan2, 0, "atan2(y, x, /)\nReturn the arc tangent (measured in radians) of y/x."},
    {"atanh", m_atanh, 0, "atanh(x, /)\nReturn the inverse hyperbolic tangent of x."},
    {"cbrt", m_cbrt, 0, "cbrt(x, /)\nReturn the cube root of x."},
    {"ceil", m_ceil, 0, "ceil(x, /)\nReturn the ceiling of x as an Integral."},
    {"comb", m_comb, 0, "comb(n, k, /)\nNumber of ways to choose k items from n items."},
    {"copysign", m_copysign, 0, "copysign(x, y, /)\nReturn x with the sign of y."},
    {"cos", m_cos, 0, "cos(x, /)\nReturn the cosine of x (measured in radians)."},
    {"cosh", m_cosh, 0, "cosh(x, /)\nReturn the hyperbolic cosine of x."},
    {"degrees", m_degrees, 0, "degrees(x, /)\nConvert angle x from radians to degrees."},
    {"dist", m_dist, 0, "dist(p, q, /)\nEuclidean distance between two points."},
    {"erf", m_erf, 0, "erf(x, /)\nError function at x."},
    {"erfc", m_erfc, 0, "erfc(x, /)\nComplementary error function at x."},
    {"exp", m_exp, 0, "exp(x, /)\nReturn e raised to the power of x."},
    {"exp2", m_exp2, 0, "exp2(x, /)\nReturn 2 raised to the power of x."},
    {"expm1", m_expm1, 0, "expm1(x, /)\nReturn exp(x)-1."},
    {"fabs", m_fabs, 0, "fabs(x, /)\nReturn the absolute value of the float x."},
    {"factorial", m_factorial, 0, "factorial(n, /)\nFind n!."},
    {"floor", m_floor, 0, "floor(x, /)\nReturn the floor of x as an Integral."},
    {"fmod", m_fmod, 0, "fmod(x, y, /)\nReturn fmod(x, y), according to platform C."},
    {"frexp", m_frexp, 0, "frexp(x, /)\nReturn the mantissa and exponent of x, as pair (m, e)."},
    {"fsum", m_fsum, 0, "fsum(seq, /)\nReturn an accurate floating point sum of values."},
    {"gamma", m_gamma, 0, "gamma(x, /)\nGamma function at x."},
    {"gcd", m_gcd, 0, "gcd(*integers)\nGreatest Common Divisor."},
    {"hypot", m_hypot, 0, "hypot(*coordinates) -> value\nMultidimensional Euclidean distance."},
    {"isclose", m_isclose, 0, "isclose(a, b, *, rel_tol=1e-09, abs_tol=0.0)\nDetermine whether two floats are close."},
    {"isfinite", m_isfinite, 0, "isfinite(x, /)\nReturn True if x is neither an infinity nor a NaN."},
    {"isinf", m_isinf, 0, "isinf(x, /)\nReturn True if x is a positive or negative infinity."},
    {"isnan", m_isnan, 0, "isnan(x, /)\nReturn True if x is a NaN (not a number)."},
    {"isqrt", m_isqrt, 0, "isqrt(n, /)\nReturn the integer part of the square root of n."},
    {"lcm", m_lcm, 0, "lcm(*integers)\nLeast Common Multiple."},
    {"ldexp", m_ldexp, 0, "ldexp(x, i, /)\nReturn x * (2**i)."},
    {"lgamma", m_lgamma, 0, "lgamma(x, /)\nNatural logarithm of absolute value of Gamma at x."},
    {"log", m_log, 0, "log(x, [base=math.e])\nReturn the logarithm of x to the given base."},
    {"log10", m_log10, 0, "log10(x, /)\nReturn the base 10 logarithm of x."},
    {"log1p", m_log1p, 0, "log1p(x, /)\nReturn the natural logarithm of 1+x (base e)."},
    {"log2", m_log2, 0, "log2(x, /)\nReturn the base 2 logarithm of x."},
    {"modf", m_modf, 0, "modf(x, /)\nReturn the fractional and integer parts of x."},
    {"nextafter", m_nextafter, 0, "nextafter(x, y, /)\nReturn the next float after x towards y."},
    {"perm", m_perm, 0, "perm(n, k=None, /)\nNumber of ways to choose k items from n, in order."},
    {"pow", m_pow, 0, "pow(x, y, /)\nReturn x**y (x to the power of y)."},
    {"prod", m_prod, 0, "prod(iterable, /, *, start=1)\nProduct of the elements of iterable."},
    {"radians", m_radians, 0, "radians(x, /)\nConvert angle x from degrees to radians."},
    {"remainder", m_remainder, 0, "remainder(x, y, /)\nIEEE 754-style remainder of x by y."},
    {"sin", m_sin, 0, "sin(x, /)\nReturn the sine of x (measured in radians)."},
    {"sinh", m_sinh, 0, "sinh(x, /)\nReturn the hyperbolic sine of x."},
    {"sqrt", m_sqrt, 0, "sqrt(x, /)\nReturn the square root of x."},
    {"tan", m_tan, 0, "tan(x, /)\nReturn the tangent of x (measured in radians)."},
    {"tanh", m_tanh, 0, "tanh(x, /)\nReturn the hyperbolic tangent of x."},
    {"trunc", m_trunc, 0, "trunc(x, /)\nTruncates the Real x to the nearest Integral toward 0."},
    {"ulp", m_ulp, 0, "ulp(x, /)\nReturn the value of the least significant bit of the float x."},
    {NULL, NULL, 0, NULL}};

static int add_float(fy_obj *m, const char *name, double v) {
    fy_obj *f = fy_float_from(v);
    if (!f) return -1;
    int rc = fy_module_add(m, name, f);
    FY_DECREF(f);
    return rc;
}

fy_obj *fy_mod_math_init(void) {
    fy_obj *m = fy_module_new_c("math", math_funcs,
                                "This module provides access to the mathematical functions\n"
                                "defined by the C standard.");
    if (!m) return NULL;
    if (add_float(m, "pi", M_PI) < 0 || add_float(m, "e", M_E) < 0 || add_float(m, "tau", 2 * M_PI) < 0 ||
        add_float(m, "inf", INFINITY) < 0 || add_float(m, "nan", NAN) < 0) {
        FY_DECREF(m);
        return NULL;
    }
    return m;
}

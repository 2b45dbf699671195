/* tensor_create.c - creation functions: tensor, zeros, ones, empty, full, arange, linspace,
 * eye, the *_like variants, and the module-level cat / stack / nonzero. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "torch/torch.h"

/* ------------------------------------------------------------------ creation keywords */

typedef struct {
    int dtype;
    fy_torch_device dev;
    bool rg;
} copts;
static const char *const cnames[] = {"dtype",         "device", "requires_grad", "pin_memory", "layout",
                                     "memory_format", "out",    "generator",     NULL};

/* Parse the common keywords; dtype stays -1 when not given. */
static int parse_copts(const char *fname, fy_obj *const *a, size_t n, fy_obj *kw, copts *o, fy_obj **k) {
    if (fy_torch_kwargs(fname, a, n, kw, cnames, k) < 0) return -1;
    o->dtype = -1;
    o->dev = fy_torch_cpu;
    o->rg = false;
    if (k[0] && k[0] != fy_None && (o->dtype = fy_torch_dtype_from(k[0])) < 0) return -1;
    if (k[1] && k[1] != fy_None && fy_torch_parse_device(k[1], &o->dev) < 0) return -1;
    if (o->dev.type == 1 && o->dev.index < 0) o->dev.index = 0;
    if (k[2]) {
        int b = fy_truthy(k[2]);
        if (b < 0) return -1;
        o->rg = b;
    }
    return 0;
}

static fy_obj *finish(fy_torch_tensor *t, const copts *o) {
    if (t && o->rg) {
        if (!fy_torch_is_float(t->dtype)) {
            FY_DECREF(t);
            return fy_err_set(&fy_RuntimeError,
                              "Only Tensors of floating point and complex dtype can require gradients");
        }
        t->requires_grad = true;
    }
    return (fy_obj *)t;
}

/* ------------------------------------------------------------------ torch.tensor */

typedef struct {
    int64_t shape[FY_TORCH_MAXDIM];
    int nd;
    bool any_float, any_int, any_bool;
} infer_t;

static bool is_seq(fy_obj *o) { return !FY_TORCH_CHECK(o) && (FY_LIST_CHECK(o) || FY_TUPLE_CHECK(o)); }

/* Shape from the first elements, then a check of every element against it. */
static int check(fy_obj *o, int depth, infer_t *s) {
    if (depth < s->nd) {
        size_t n;
        if (!is_seq(o)) {
            fy_err_set(&fy_TypeError, "not a sequence");
            return -1;
        }
        fy_obj **items = fy_seq_items(o, &n);
        if ((int64_t)n != s->shape[depth]) {
            fy_err_format(&fy_ValueError, "expected sequence of length %lld at dim %d (got %zu)",
                          (long long)s->shape[depth], depth, n);
            return -1;
        }
        for (size_t i = 0; i < n; i++)
            if (check(items[i], depth + 1, s) < 0) return -1;
        return 0;
    }
    if (is_seq(o)) {
        size_t n;
        fy_seq_items(o, &n);
        fy_err_format(&fy_ValueError, "expected sequence of length %lld at dim %d (got %zu)", 0LL, depth, n);
        return -1;
    }
    if (FY_TORCH_CHECK(o)) {
        fy_torch_tensor *t = FY_TT(o);
        if (fy_torch_numel(t) != 1) {
            fy_err_set(&fy_ValueError, "only one element tensors can be converted to Python scalars");
            return -1;
        }
        if (fy_torch_is_float(t->dtype)) s->any_float = true;
        else if (t->dtype == FY_TORCH_BOOL) s->any_bool = true;
        else s->any_int = true;
        return 0;
    }
    if (FY_IS_TYPE(o, fy_bool_type)) s->any_bool = true;
    else if (FY_INT_CHECK(o) && FY_INT_IS_BIG(o)) {
        fy_err_set(&fy_RuntimeError, "Overflow when unpacking long");
        return -1;
    } else if (FY_INT_CHECK(o)) s->any_int = true;
    else if (FY_FLOAT_CHECK(o)) s->any_float = true;
    else {
        fy_err_format(&fy_TypeError, "new(): invalid data type '%s'", o->type->name);
        return -1;
    }
    return 0;
}

static int infer(fy_obj *o, int depth, infer_t *s) {
    fy_obj *cur = o;
    while (is_seq(cur)) {
        size_t n;
        fy_obj **items = fy_seq_items(cur, &n);
        if (s->nd >= FY_TORCH_MAXDIM) {
            fy_err_set(&fy_ValueError, "too many dimensions");
            return -1;
        }
        s->shape[s->nd++] = (int64_t)n;
        if (n == 0) break;
        cur = items[0];
    }
    return check(o, depth, s);
}

static void fill_rec(fy_obj *o, fy_torch_tensor *t, char **p) {
    size_t n = 0;
    fy_obj **items = is_seq(o) ? fy_seq_items(o, &n) : NULL;
    if (is_seq(o)) {
        for (size_t i = 0; i < n; i++) fill_rec(items[i], t, p);
        return;
    }
    if (FY_TORCH_CHECK(o)) {
        fy_torch_tensor *s = FY_TT(o);
        if (fy_torch_is_float(s->dtype)) fy_torch_storef(*p, t->dtype, fy_torch_loadf(fy_torch_data(s), s->dtype));
        else fy_torch_storei(*p, t->dtype, fy_torch_loadi(fy_torch_data(s), s->dtype));
    } else if (FY_FLOAT_CHECK(o)) fy_torch_storef(*p, t->dtype, FY_FLOAT_VAL(o));
    else fy_torch_storei(*p, t->dtype, FY_INT_VAL(o));
    *p += fy_torch_itemsize(t->dtype);
}

fy_torch_tensor *fy_torch_from_data(fy_obj *data, int dtype, fy_torch_device dev) {
    if (FY_TORCH_CHECK(data)) return fy_torch_copy_as(FY_TT(data), dtype < 0 ? FY_TT(data)->dtype : dtype, dev);
    infer_t s;
    memset(&s, 0, sizeof s);
    if (infer(data, 0, &s) < 0) return NULL;
    if (dtype < 0)
        dtype = s.any_float ? FY_TORCH_F32 : s.any_int ? FY_TORCH_I64 : s.any_bool ? FY_TORCH_BOOL : FY_TORCH_F32;
    fy_torch_tensor *t = fy_torch_empty(dtype, s.nd, s.shape, dev);
    if (!t) return NULL;
    char *p = fy_torch_storage_host(t->st);
    fill_rec(data, t, &p);
    return t;
}

static fy_obj *f_tensor(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    copts o;
    fy_obj *k[8];
    if (parse_copts("tensor", a, n, kw, &o, k) < 0) return NULL;
    if (n != 1) return fy_err_format(&fy_TypeError, "tensor() takes 1 positional argument but %zu were given", n);
    return finish(fy_torch_from_data(a[0], o.dtype, o.dev), &o);
}
static fy_obj *f_as_tensor(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    copts o;
    fy_obj *k[8];
    if (parse_copts("as_tensor", a, n, kw, &o, k) < 0) return NULL;
    if (n != 1) return fy_err_set(&fy_TypeError, "as_tensor() takes 1 positional argument");
    if (FY_TORCH_CHECK(a[0])) {
        fy_torch_tensor *t = FY_TT(a[0]);
        int dt = o.dtype < 0 ? t->dtype : o.dtype;
        fy_torch_device dev = k[1] && k[1] != fy_None ? o.dev : t->st->dev;
        if (dt == t->dtype && fy_torch_same_device(dev, t->st->dev)) return fy_ref(a[0]);
        return (fy_obj *)fy_torch_copy_as(t, dt, dev);
    }
    return (fy_obj *)fy_torch_from_data(a[0], o.dtype, o.dev);
}

/* ------------------------------------------------------------------ zeros / ones / empty / full */

static fy_obj *filled(const char *fname, fy_obj *const *a, size_t n, fy_obj *kw, fy_obj *value, int defdt) {
    copts o;
    fy_obj *k[8];
    int64_t shape[FY_TORCH_MAXDIM];
    int nd;
    if (parse_copts(fname, a, n, kw, &o, k) < 0) return NULL;
    if (fy_torch_parse_shape(fname, a, n, shape, &nd) < 0) return NULL;
    fy_torch_tensor *t = fy_torch_empty(o.dtype < 0 ? defdt : o.dtype, nd, shape, o.dev);
    if (t && value && fy_torch_fill(t, value) < 0) {
        FY_DECREF(t);
        return NULL;
    }
    return finish(t, &o);
}
static fy_obj *f_zeros(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    return filled("zeros", a, n, kw, NULL, FY_TORCH_F32);
}
static fy_obj *f_empty(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    return filled("empty", a, n, kw, NULL, FY_TORCH_F32);
}
static fy_obj *f_ones(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    fy_obj *one = fy_int_from(1);
    fy_obj *r = filled("ones", a, n, kw, one, FY_TORCH_F32);
    FY_DECREF(one);
    return r;
}
static int scalar_dtype(fy_obj *v) {
    if (FY_IS_TYPE(v, fy_bool_type)) return FY_TORCH_BOOL;
    if (FY_INT_CHECK(v)) return FY_TORCH_I64;
    if (FY_TORCH_CHECK(v)) return FY_TT(v)->dtype;
    return FY_TORCH_F32;
}
static fy_obj *f_full(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    static const char *const names[] = {"size",          "fill_value", "dtype",  "device",
                                        "requires_grad", "pin_memory", "layout", NULL};
    fy_obj *k[7];
    if (fy_parse_args("full", a, n, kw, names, 2, 2, 7, k) < 0) return NULL;
    copts o = {-1, fy_torch_cpu, false};
    if (k[2] && k[2] != fy_None && (o.dtype = fy_torch_dtype_from(k[2])) < 0) return NULL;
    if (k[3] && k[3] != fy_None && fy_torch_parse_device(k[3], &o.dev) < 0) return NULL;
    if (o.dev.type == 1 && o.dev.index < 0) o.dev.index = 0;
    o.rg = k[4] && fy_truthy(k[4]) > 0;
    int64_t shape[FY_TORCH_MAXDIM];
    int nd;
    if (fy_torch_parse_shape("full", &k[0], 1, shape, &nd) < 0) return NULL;
    fy_torch_tensor *t = fy_torch_empty(o.dtype < 0 ? scalar_dtype(k[1]) : o.dtype, nd, shape, o.dev);
    if (t && fy_torch_fill(t, k[1]) < 0) {
        FY_DECREF(t);
        return NULL;
    }
    return finish(t, &o);
}

/* *_like(t, ...): same shape, dtype and device unless overridden. */
static fy_obj *like(const char *fname, fy_obj *const *a, size_t n, fy_obj *kw, fy_obj *value, bool has_value) {
    copts o;
    fy_obj *k[8];
    if (parse_copts(fname, a, n, kw, &o, k) < 0) return NULL;
    if (n != (has_value ? 2u : 1u))
        return fy_err_format(&fy_TypeError, "%s() takes %d positional arguments but %zu were given", fname,
                             has_value ? 2 : 1, n);
    if (!FY_TORCH_CHECK(a[0]))
        return fy_err_format(&fy_TypeError, "%s(): argument 'input' (position 1) must be Tensor, not %T", fname, a[0]);
    fy_torch_tensor *src = FY_TT(a[0]);
    if (has_value) value = a[1];
    fy_torch_device dev = k[1] && k[1] != fy_None ? o.dev : src->st->dev;
    fy_torch_tensor *t = fy_torch_empty(o.dtype < 0 ? src->dtype : o.dtype, src->ndim, src->shape, dev);
    if (t && value && fy_torch_fill(t, value) < 0) {
        FY_DECREF(t);
        return NULL;
    }
    return finish(t, &o);
}
static fy_obj *f_zeros_like(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    return like("zeros_like", a, n, kw, NULL, false);
}
static fy_obj *f_empty_like(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    return like("empty_like", a, n, kw, NULL, false);
}
static fy_obj *f_full_like(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    return like("full_like", a, n, kw, NULL, true);
}
static fy_obj *f_ones_like(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    fy_obj *one = fy_int_from(1);
    fy_obj *r = like("ones_like", a, n, kw, one, false);
    FY_DECREF(one);
    return r;
}

/* ------------------------------------------------------------------ arange / linspace / eye */

static fy_obj *f_arange(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    copts o;
    fy_obj *k[8];
    static const char *const names[] = {"start",         "end",        "step",   "dtype", "device",
                                        "requires_grad", "pin_memory", "layout", "out",   NULL};
    fy_obj *kk[9];
    if (fy_torch_kwargs("arange", a, n, kw, names, kk) < 0) return NULL;
    (void)k;
    if (n > 3) return fy_err_format(&fy_TypeError, "arange() takes at most 3 positional arguments (%zu given)", n);
    fy_obj *start = NULL, *end = NULL, *step = NULL;
    if (n == 1) end = a[0];
    else if (n >= 2) {
        start = a[0];
        end = a[1];
        if (n == 3) step = a[2];
    }
    if (kk[0]) start = kk[0];
    if (kk[1]) end = kk[1];
    if (kk[2]) step = kk[2];
    if (!end) {
        if (start && !kk[0]) end = start, start = NULL;
        else return fy_err_set(&fy_TypeError, "arange() missing required argument 'end'");
    }
    o.dtype = -1;
    o.dev = fy_torch_cpu;
    o.rg = kk[5] && fy_truthy(kk[5]) > 0;
    if (kk[3] && kk[3] != fy_None && (o.dtype = fy_torch_dtype_from(kk[3])) < 0) return NULL;
    if (kk[4] && kk[4] != fy_None && fy_torch_parse_device(kk[4], &o.dev) < 0) return NULL;
    if (o.dev.type == 1 && o.dev.index < 0) o.dev.index = 0;
    fy_obj *vals[3] = {start, end, step};
    bool anyf = false;
    double d[3] = {0, 0, 1};
    int64_t iv[3] = {0, 0, 1};
    for (int i = 0; i < 3; i++) {
        fy_obj *v = vals[i];
        if (!v) continue;
        if (FY_TORCH_CHECK(v)) {
            fy_obj *it = fy_torch_item(FY_TT(v));
            if (!it) return NULL;
            if (FY_FLOAT_CHECK(it)) {
                anyf = true;
                d[i] = FY_FLOAT_VAL(it);
            } else {
                iv[i] = FY_INT_VAL(it);
                d[i] = (double)iv[i];
            }
            FY_DECREF(it);
        } else if (FY_FLOAT_CHECK(v)) {
            anyf = true;
            d[i] = FY_FLOAT_VAL(v);
        } else if (FY_INT_CHECK(v)) {
            if (FY_INT_IS_BIG(v)) return fy_err_set(&fy_RuntimeError, "Overflow when unpacking long");
            iv[i] = FY_INT_VAL(v);
            d[i] = (double)iv[i];
        } else return fy_err_format(&fy_TypeError, "arange(): argument 'end' must be Number, not %T", v);
    }
    int dt = o.dtype >= 0 ? o.dtype : anyf ? FY_TORCH_F32 : FY_TORCH_I64;
    if (d[2] == 0) return fy_err_set(&fy_RuntimeError, "step must be nonzero");
    if ((d[2] > 0 && d[1] < d[0]) || (d[2] < 0 && d[1] > d[0]))
        return fy_err_set(&fy_RuntimeError, "upper bound and larger bound inconsistent with step sign");
    int64_t len;
    if (!anyf && !fy_torch_is_float(dt)) {
        int64_t span = iv[1] - iv[0];
        len = iv[2] > 0 ? (span + iv[2] - 1) / iv[2] : (span + iv[2] + 1) / iv[2];
    } else len = (int64_t)ceil((d[1] - d[0]) / d[2]);
    if (len < 0) len = 0;
    fy_torch_tensor *t = fy_torch_empty(dt, 1, &len, o.dev);
    if (!t) return NULL;
    size_t isz = fy_torch_itemsize(dt);
    for (int64_t i = 0; i < len; i++) {
        if (anyf || fy_torch_is_float(dt))
            fy_torch_storef(fy_torch_storage_host(t->st) + i * (int64_t)isz, dt, d[0] + (double)i * d[2]);
        else fy_torch_storei(fy_torch_storage_host(t->st) + i * (int64_t)isz, dt, iv[0] + i * iv[2]);
    }
    return finish(t, &o);
}

static fy_obj *f_linspace(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    static const char *const names[] = {"start", "end", "steps", "dtype", "device", "requires_grad", NULL};
    fy_obj *k[6];
    double s, e;
    int64_t steps;
    if (fy_parse_args("linspace", a, n, kw, names, 3, 3, 6, k) < 0) return NULL;
    if (fy_as_double(k[0], &s) < 0 || fy_as_double(k[1], &e) < 0 || fy_index(k[2], &steps) < 0) return NULL;
    if (steps < 0) return fy_err_set(&fy_RuntimeError, "number of steps must be non-negative");
    int dt = FY_TORCH_F32;
    fy_torch_device dev = fy_torch_cpu;
    if (k[3] && k[3] != fy_None && (dt = fy_torch_dtype_from(k[3])) < 0) return NULL;
    if (k[4] && k[4] != fy_None && fy_torch_parse_device(k[4], &dev) < 0) return NULL;
    fy_torch_tensor *t = fy_torch_empty(dt, 1, &steps, dev);
    if (!t) return NULL;
    size_t isz = fy_torch_itemsize(dt);
    double step = steps > 1 ? (e - s) / (double)(steps - 1) : 0;
    int64_t half = steps / 2;
    for (int64_t i = 0; i < steps; i++) {
        double v = i < half ? s + step * (double)i : e - step * (double)(steps - 1 - i);
        fy_torch_storef(fy_torch_storage_host(t->st) + i * (int64_t)isz, dt, v);
    }
    return (fy_obj *)t;
}

static fy_obj *f_eye(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    copts o;
    fy_obj *k[8];
    if (parse_copts("eye", a, n, kw, &o, k) < 0) return NULL;
    int64_t sh[2];
    if (n < 1 || n > 2) return fy_err_set(&fy_TypeError, "eye() takes 1 or 2 positional arguments");
    if (fy_index(a[0], &sh[0]) < 0) return NULL;
    sh[1] = sh[0];
    if (n == 2 && fy_index(a[1], &sh[1]) < 0) return NULL;
    int dt = o.dtype < 0 ? FY_TORCH_F32 : o.dtype;
    fy_torch_tensor *t = fy_torch_empty(dt, 2, sh, o.dev);
    if (!t) return NULL;
    size_t isz = fy_torch_itemsize(dt);
    for (int64_t i = 0; i < sh[0] && i < sh[1]; i++)
        fy_torch_storei(fy_torch_storage_host(t->st) + (i * sh[1] + i) * (int64_t)isz, dt, 1);
    return finish(t, &o);
}

/* ------------------------------------------------------------------ cat / stack / nonzero */

static fy_obj *cat_common(fy_obj *const *a, size_t n, fy_obj *kw, bool stack) {
    static const char *const names[] = {"tensors", "dim", "out", NULL};
    fy_obj *k[3];
    int64_t dim = 0;
    if (fy_parse_args(stack ? "stack" : "cat", a, n, kw, names, 1, 2, 3, k) < 0) return NULL;
    if (k[1] && fy_index(k[1], &dim) < 0) return NULL;
    return fy_torch_cat(k[0], dim, stack);
}
static fy_obj *f_cat(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) { return cat_common(a, n, kw, false); }
static fy_obj *f_stack(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) { return cat_common(a, n, kw, true); }
static fy_obj *f_nonzero(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    static const char *const names[] = {"input", "as_tuple", NULL};
    fy_obj *k[2] = {NULL, NULL};
    if (fy_parse_args("nonzero", a, n, kw, names, 1, 1, 2, k) < 0) return NULL;
    if (!FY_TORCH_CHECK(k[0]))
        return fy_err_format(&fy_TypeError, "nonzero(): argument 'input' must be Tensor, not %T", k[0]);
    int t = k[1] ? fy_truthy(k[1]) : 0;
    return t < 0 ? NULL : fy_torch_nonzero_obj(FY_TT(k[0]), t);
}
static fy_obj *f_is_tensor(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_check_nargs("is_tensor", n, 1, 1) < 0) return NULL;
    return fy_bool(FY_TORCH_CHECK(a[0]));
}
static fy_obj *f_numel(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_check_nargs("numel", n, 1, 1) < 0) return NULL;
    if (!FY_TORCH_CHECK(a[0]))
        return fy_err_format(&fy_TypeError, "numel(): argument 'input' must be Tensor, not %T", a[0]);
    return fy_int_from(fy_torch_numel(FY_TT(a[0])));
}
static fy_obj *f_promote_types(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_check_nargs("promote_types", n, 2, 2) < 0) return NULL;
    int x = fy_torch_dtype_from(a[0]), y = x < 0 ? -1 : fy_torch_dtype_from(a[1]);
    if (y < 0) return NULL;
    int r = fy_torch_promote(x, y);
    return r < 0 ? NULL : fy_torch_dtype_get(r);
}
static fy_obj *f_result_type(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_check_nargs("result_type", n, 2, 2) < 0) return NULL;
    fy_torch_tensor *x = fy_torch_as_tensor(a[0], fy_torch_cpu), *y = x ? fy_torch_as_tensor(a[1], fy_torch_cpu) : NULL;
    int r = y ? fy_torch_result_type(x, y) : -1;
    FY_XDECREF(x);
    FY_XDECREF(y);
    return r < 0 ? NULL : fy_torch_dtype_get(r);
}

fy_methoddef fy_torch_create_funcs[] = {
    {"tensor", f_tensor, 0, "tensor(data, dtype=None, device=None, requires_grad=False)"},
    {"as_tensor", f_as_tensor, 0, "as_tensor(data, dtype=None, device=None)"},
    {"zeros", f_zeros, 0, "zeros(*size, dtype=None, device=None)"},
    {"ones", f_ones, 0, "ones(*size, dtype=None, device=None)"},
    {"empty", f_empty, 0, "empty(*size, dtype=None, device=None)"},
    {"full", f_full, 0, "full(size, fill_value, dtype=None, device=None)"},
    {"zeros_like", f_zeros_like, 0, "zeros_like(input, dtype=None, device=None)"},
    {"ones_like", f_ones_like, 0, "ones_like(input, dtype=None, device=None)"},
    {"empty_like", f_empty_like, 0, "empty_like(input, dtype=None, device=None)"},
    {"full_like", f_full_like, 0, "full_like(input, fill_value, dtype=None, device=None)"},
    {"arange", f_arange, 0, "arange(start=0, end, step=1, dtype=None, device=None)"},
    {"linspace", f_linspace, 0, "linspace(start, end, steps, dtype=None, device=None)"},
    {"eye", f_eye, 0, "eye(n, m=None, dtype=None, device=None)"},
    {"cat", f_cat, 0, "cat(tensors, dim=0)"},
    {"concat", f_cat, 0, "concat(tensors, dim=0)"},
    {"stack", f_stack, 0, "stack(tensors, dim=0)"},
    {"nonzero", f_nonzero, 0, "nonzero(input)"},
    {"is_tensor", f_is_tensor, 0, "is_tensor(obj)"},
    {"numel", f_numel, 0, "numel(input)"},
    {"promote_types", f_promote_types, 0, "promote_types(type1, type2)"},
    {"result_type", f_result_type, 0, "result_type(tensor1, tensor2)"},
    {NULL}};

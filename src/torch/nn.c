/* nn.c - torch.nn.functional: layer_norm, rms_norm, softmax, log_softmax, linear and the
 * pointwise activations. Normalisations are computed per row in double and rounded once to
 * the input's dtype. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "torch/torch.h"

/* Contiguous float64 copy of an optional weight/bias with `inner` elements; NULL when absent. */
static fy_torch_tensor *affine_param(fy_obj *o, const char *what, int64_t inner, int *err) {
    *err = 0;
    if (!o || o == fy_None) return NULL;
    if (!FY_TORCH_CHECK(o)) {
        fy_err_format(&fy_TypeError, "%s must be a Tensor, not %T", what, o);
        *err = 1;
        return NULL;
    }
    if (fy_torch_numel(FY_TT(o)) != inner) {
        char s[256];
        fy_torch_shape_str(FY_TT(o)->shape, FY_TT(o)->ndim, s, sizeof s);
        fy_err_format(&fy_RuntimeError, "%s has shape %s but %lld elements were expected", what, s, (long long)inner);
        *err = 1;
        return NULL;
    }
    fy_torch_tensor *c = fy_torch_copy_as(FY_TT(o), FY_TORCH_F64, fy_torch_cpu);
    if (!c) *err = 1;
    return c;
}

/* Shared by layer_norm (rms = false) and rms_norm. */
static fy_obj *norm(fy_obj *x, fy_obj *nshape, fy_obj *w, fy_obj *bias, double eps, bool rms) {
    const char *fname = rms ? "rms_norm" : "layer_norm";
    if (!FY_TORCH_CHECK(x))
        return fy_err_format(&fy_TypeError, "%s(): argument 'input' (position 1) must be Tensor, not %T", fname, x);
    fy_torch_tensor *t = FY_TT(x);
    int64_t ns[FY_TORCH_MAXDIM];
    int nn;
    if (fy_torch_parse_shape(fname, &nshape, 1, ns, &nn) < 0) return NULL;
    bool ok = nn <= t->ndim;
    for (int i = 0; ok && i < nn; i++) ok = t->shape[t->ndim - nn + i] == ns[i];
    if (!ok) {
        char a[256], b[256];
        fy_torch_shape_str(ns, nn, a, sizeof a);
        fy_torch_shape_str(t->shape, t->ndim, b, sizeof b);
        char star[260];
        snprintf(star, sizeof star, "[*, %s", a + 1);
        return fy_err_format(&fy_RuntimeError,
                             "Given normalized_shape=%s, expected input with shape %s, but got input of size%s", a,
                             star, b);
    }
    if (!fy_torch_is_float(t->dtype))
        return fy_err_format(&fy_RuntimeError, "\"LayerNormKernelImpl\" not implemented for '%s'",
                             fy_torch_scalar_name(t->dtype));
    int64_t inner = 1;
    for (int i = 0; i < nn; i++) inner *= ns[i];
    int64_t outer = inner ? fy_torch_numel(t) / inner : 0;
    int err;
    fy_torch_tensor *wt = affine_param(w, "weight", inner, &err);
    if (err) return NULL;
    fy_torch_tensor *bt = affine_param(bias, "bias", inner, &err);
    if (err) {
        FY_XDECREF(wt);
        return NULL;
    }
    fy_torch_tensor *r = fy_torch_empty_uninit(t->dtype, t->ndim, t->shape, t->st->dev);
    const double *W = wt ? (const double *)fy_torch_data(wt) : NULL, *B = bt ? (const double *)fy_torch_data(bt) : NULL;
    if (r && fy_torch_norm_rows(t, outer, inner, W, B, eps, rms, r) < 0) {
        FY_DECREF(r);
        r = NULL;
    }
    FY_XDECREF(wt);
    FY_XDECREF(bt);
    return (fy_obj *)r;
}

static fy_obj *f_layer_norm(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    static const char *const names[] = {"input", "normalized_shape", "weight", "bias", "eps", NULL};
    fy_obj *k[5];
    double eps = 1e-5;
    if (fy_parse_args("layer_norm", a, n, kw, names, 2, 5, 5, k) < 0) return NULL;
    if (k[4] && fy_as_double(k[4], &eps) < 0) return NULL;
    return norm(k[0], k[1], k[2], k[3], eps, false);
}

static fy_obj *f_rms_norm(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    static const char *const names[] = {"input", "normalized_shape", "weight", "eps", NULL};
    fy_obj *k[4];
    if (fy_parse_args("rms_norm", a, n, kw, names, 2, 4, 4, k) < 0) return NULL;
    double eps = -1;
    if (k[3] && k[3] != fy_None && fy_as_double(k[3], &eps) < 0) return NULL;
    if (eps < 0) {
        int dt = FY_TORCH_CHECK(k[0]) ? FY_TT(k[0])->dtype : FY_TORCH_F32;
        eps = dt == FY_TORCH_F64    ? 2.220446049250313e-16
              : dt == FY_TORCH_F16  ? 0.0009765625
              : dt == FY_TORCH_BF16 ? 0.0078125
                                    : 1.1920928955078125e-07;
    }
    return norm(k[0], k[1], k[2], NULL, eps, true);
}

static fy_obj *f_linear(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    static const char *const names[] = {"input", "weight", "bias", NULL};
    fy_obj *k[3];
    if (fy_parse_args("linear", a, n, kw, names, 2, 3, 3, k) < 0) return NULL;
    if (!FY_TORCH_CHECK(k[0]) || !FY_TORCH_CHECK(k[1]))
        return fy_err_set(&fy_TypeError, "linear(): input and weight must be Tensors");
    fy_torch_tensor *w = FY_TT(k[1]);
    fy_torch_tensor *wt = w->ndim == 2 ? fy_torch_transpose(w, 0, 1) : (fy_torch_tensor *)fy_ref(&w->h);
    if (!wt) return NULL;
    fy_obj *r = fy_torch_matmul(FY_TT(k[0]), wt);
    FY_DECREF(wt);
    if (!r || !k[2] || k[2] == fy_None) return r;
    fy_obj *s = fy_torch_binary(r, k[2], FY_TOP_ADD, NULL);
    FY_DECREF(r);
    return s;
}

/* Pointwise activations computed from the unary kernels. */
static fy_obj *act(fy_obj *const *a, size_t n, fy_obj *kw, const char *name, int which) {
    if (n < 1) return fy_err_format(&fy_TypeError, "%s() missing required argument 'input'", name);
    if (!FY_TORCH_CHECK(a[0]))
        return fy_err_format(&fy_TypeError, "%s(): argument 'input' must be Tensor, not %T", name, a[0]);
    fy_torch_tensor *t = FY_TT(a[0]);
    if (which < FY_TUN_COUNT) return fy_torch_unary(a[0], which);
    /* silu = x * sigmoid(x); gelu = 0.5 x (1 + erf(x / sqrt 2)), or with approximate="tanh"
     * 0.5 x (1 + tanh(sqrt(2 / pi) (x + 0.044715 x^3))) */
    bool tanh_approx = false;
    for (size_t i = 0; kw && i < (size_t)FY_TUPLE_N(kw); i++) {
        fy_obj *k = FY_TUPLE_ITEMS(kw)[i], *v = a[n + i];
        if (!strcmp(FY_STR_DATA(k), "approximate") && which == FY_TUN_COUNT + 1 && FY_STR_CHECK(v))
            tanh_approx = !strcmp(FY_STR_DATA(v), "tanh");
        else if (strcmp(FY_STR_DATA(k), "inplace") != 0)
            return fy_err_format(&fy_TypeError, "%s() got an unexpected keyword argument '%s'", name, FY_STR_DATA(k));
    }
    fy_torch_tensor *xd = fy_torch_copy_as(t, FY_TORCH_F64, t->st->dev);
    if (!xd) return NULL;
    int64_t m = fy_torch_numel(xd);
    double *v = (double *)fy_torch_data(xd);
    for (int64_t i = 0; i < m; i++)
        v[i] = which == FY_TUN_COUNT ? v[i] / (1.0 + exp(-v[i]))
               : tanh_approx ? 0.5 * v[i] * (1.0 + tanh(sqrt(2.0 / M_PI) * (v[i] + 0.044715 * v[i] * v[i] * v[i])))
                             : 0.5 * v[i] * (1.0 + erf(v[i] / sqrt(2.0)));
    fy_obj *r = (fy_obj *)fy_torch_copy_as(xd, fy_torch_is_float(t->dtype) ? t->dtype : FY_TORCH_F32, t->st->dev);
    FY_DECREF(xd);
    return r;
}
static fy_obj *f_relu(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    return act(a, n, kw, "relu", FY_TUN_RELU);
}
static fy_obj *f_sigmoid(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    return act(a, n, kw, "sigmoid", FY_TUN_SIGMOID);
}
static fy_obj *f_tanh(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    return act(a, n, kw, "tanh", FY_TUN_TANH);
}
static fy_obj *f_silu(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    return act(a, n, kw, "silu", FY_TUN_COUNT);
}
static fy_obj *f_gelu(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    return act(a, n, kw, "gelu", FY_TUN_COUNT + 1);
}

static fy_obj *f_softmax_fwd(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw, const char *name) {
    fy_obj *m = fy_import("torch");
    if (!m) return NULL;
    fy_obj *f = fy_getattr_cstr(m, name);
    FY_DECREF(m);
    if (!f) return NULL;
    fy_obj *r = fy_call(f, a, n, kw);
    FY_DECREF(f);
    return r;
}
static fy_obj *f_softmax(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    return f_softmax_fwd(self, a, n, kw, "softmax");
}
static fy_obj *f_log_softmax(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    return f_softmax_fwd(self, a, n, kw, "log_softmax");
}

fy_methoddef fy_torch_nn_funcs[] = {
    {"layer_norm", f_layer_norm, 0, "layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-05)"},
    {"rms_norm", f_rms_norm, 0, "rms_norm(input, normalized_shape, weight=None, eps=None)"},
    {"softmax", f_softmax, 0, "softmax(input, dim=None, dtype=None)"},
    {"log_softmax", f_log_softmax, 0, "log_softmax(input, dim=None, dtype=None)"},
    {"linear", f_linear, 0, "linear(input, weight, bias=None)"},
    {"relu", f_relu, 0, "relu(input)"},
    {"sigmoid", f_sigmoid, 0, "sigmoid(input)"},
    {"tanh", f_tanh, 0, "tanh(input)"},
    {"silu", f_silu, 0, "silu(input)"},
    {"gelu", f_gelu, 0, "gelu(input)"},
    {NULL}};

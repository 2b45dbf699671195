/* tensor_reduce.c - reductions (sum mean prod max min argmax argmin amax amin all any var std)
 * with dim=/keepdim=, and the comparisons isclose / allclose / equal. Floating reductions
 * accumulate in double, integer ones in int64. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "torch/torch.h"

enum { R_SUM, R_MEAN, R_PROD, R_MAX, R_MIN, R_ARGMAX, R_ARGMIN, R_ALL, R_ANY, R_VAR, R_STD };
static const char *const rnames[] = {"sum",    "mean", "prod", "max", "min", "argmax",
                                     "argmin", "all",  "any",  "var", "std"};

typedef struct {
    double s, best, mean, m2;
    int64_t si, bi, count, idx;
    bool any, all, have;
} acc_t;

/* Reduce t over the dims in mask into out (shape without/with kept dims); idx receives
 * arg-indices for max/min when non-NULL. */
static void reduce_into(fy_torch_tensor *t, const bool *mask, int op, bool fl, fy_torch_tensor *out,
                        fy_torch_tensor *idx, int64_t correction) {
    int64_t kshape[FY_TORCH_MAXDIM], kstride[FY_TORCH_MAXDIM], rshape[FY_TORCH_MAXDIM], rstride[FY_TORCH_MAXDIM];
    int nk = 0, nr = 0;
    int64_t isz = (int64_t)fy_torch_itemsize(t->dtype);
    for (int d = 0; d < t->ndim; d++) {
        if (mask[d]) {
            rshape[nr] = t->shape[d];
            rstride[nr++] = t->stride[d] * isz;
        } else {
            kshape[nk] = t->shape[d];
            kstride[nk++] = t->stride[d] * isz;
        }
    }
    int64_t nout = 1, nred = 1;
    for (int i = 0; i < nk; i++) nout *= kshape[i];
    for (int i = 0; i < nr; i++) nred *= rshape[i];
    char *odata = fy_torch_data(out), *idata = idx ? fy_torch_data(idx) : NULL;
    size_t osz = fy_torch_itemsize(out->dtype);
    int64_t kidx[FY_TORCH_MAXDIM] = {0};
    const char *base = fy_torch_data(t);
    for (int64_t o = 0; o < nout; o++) {
        acc_t a = {0};
        a.all = true;
        a.s = op == R_PROD ? 1.0 : 0.0;
        a.si = op == R_PROD ? 1 : 0;
        int64_t ridx[FY_TORCH_MAXDIM] = {0};
        const char *p = base;
        for (int64_t i = 0; i < nred; i++) {
            if (fl) {
                double v = fy_torch_loadf(p, t->dtype);
                switch (op) {
                case R_SUM:
                case R_MEAN: a.s += v; break;
                case R_PROD: a.s *= v; break;
                case R_MAX:
                case R_ARGMAX:
                    if (!a.have || (!isnan(a.best) && (v > a.best || isnan(v)))) {
                        a.best = v;
                        a.bi = i;
                        a.have = true;
                    }
                    break;
                case R_MIN:
                case R_ARGMIN:
                    if (!a.have || (!isnan(a.best) && (v < a.best || isnan(v)))) {
                        a.best = v;
                        a.bi = i;
                        a.have = true;
                    }
                    break;
                case R_ALL: a.all &= v != 0; break;
                case R_ANY: a.any |= v != 0; break;
                default: {
                    a.count++;
                    double d = v - a.mean;
                    a.mean += d / (double)a.count;
                    a.m2 += d * (v - a.mean);
                }
                }
            } else {
                int64_t v = fy_torch_loadi(p, t->dtype);
                switch (op) {
                case R_SUM:
                case R_MEAN: a.si = (int64_t)((uint64_t)a.si + (uint64_t)v); break;
                case R_PROD: a.si = (int64_t)((uint64_t)a.si * (uint64_t)v); break;
                case R_MAX:
                case R_ARGMAX:
                    if (!a.have || v > a.si) {
                        a.si = v;
                        a.bi = i;
                        a.have = true;
                    }
                    break;
                case R_MIN:
                case R_ARGMIN:
                    if (!a.have || v < a.si) {
                        a.si = v;
                        a.bi = i;
                        a.have = true;
                    }
                    break;
                case R_ALL: a.all &= v != 0; break;
                case R_ANY: a.any |= v != 0; break;
                default: break;
                }
            }
            for (int d = nr - 1; d >= 0; d--) {
                p += rstride[d];
                if (++ridx[d] < rshape[d]) break;
                p -= rstride[d] * rshape[d];
                ridx[d] = 0;
            }
        }
        char *q = odata + o * (int64_t)osz;
        switch (op) {
        case R_SUM:
        case R_PROD:
            if (fl) fy_torch_storef(q, out->dtype, a.s);
            else fy_torch_storei(q, out->dtype, a.si);
            break;
        case R_MEAN: fy_torch_storef(q, out->dtype, (fl ? a.s : (double)a.si) / (double)nred); break;
        case R_MAX:
        case R_MIN:
            if (fl) fy_torch_storef(q, out->dtype, a.best);
            else fy_torch_storei(q, out->dtype, a.si);
            if (idata) fy_torch_storei(idata + o * 8, FY_TORCH_I64, a.bi);
            break;
        case R_ARGMAX:
        case R_ARGMIN: fy_torch_storei(q, out->dtype, a.bi); break;
        case R_ALL: fy_torch_storei(q, out->dtype, a.all); break;
        case R_ANY: fy_torch_storei(q, out->dtype, a.any); break;
        default: {
            double den = (double)(a.count - correction);
            double var = den > 0 ? a.m2 / den : (den == 0 ? NAN : NAN);
            fy_torch_storef(q, out->dtype, op == R_STD ? sqrt(var) : var);
        }
        }
        for (int d = nk - 1; d >= 0; d--) {
            base += kstride[d];
            if (++kidx[d] < kshape[d]) break;
            base -= kstride[d] * kshape[d];
            kidx[d] = 0;
        }
    }
}

/* ------------------------------------------------------------------ argument handling */

static int parse_dims(fy_obj *d, int ndim, bool *mask, bool *all) {
    memset(mask, 0, sizeof(bool) * FY_TORCH_MAXDIM);
    *all = false;
    if (!d || d == fy_None) {
        *all = true;
        for (int i = 0; i < ndim; i++) mask[i] = true;
        return 0;
    }
    int64_t dims[FY_TORCH_MAXDIM];
    int nd;
    if (fy_torch_parse_shape("sum", &d, 1, dims, &nd) < 0) return -1;
    if (nd == 0) {
        *all = true;
        for (int i = 0; i < ndim; i++) mask[i] = true;
        return 0;
    }
    for (int i = 0; i < nd; i++) {
        int x;
        if (fy_torch_wrap_dim(dims[i], ndim, &x) < 0) return -1;
        if (ndim == 0) continue;
        if (mask[x]) {
            fy_err_format(&fy_RuntimeError, "dim %d appears multiple times in the list of dims", x);
            return -1;
        }
        mask[x] = true;
    }
    return 0;
}

static void out_shape(fy_torch_tensor *t, const bool *mask, bool keepdim, int64_t *shape, int *nd) {
    int k = 0;
    for (int d = 0; d < t->ndim; d++) {
        if (!mask[d]) shape[k++] = t->shape[d];
        else if (keepdim) shape[k++] = 1;
    }
    *nd = k;
}

static fy_obj *ret_pair(const char *name, fy_obj *values, fy_obj *indices);

/* values_only: amax / amin (the values of max / min along dims, without the indices). */
static fy_obj *reduce_common(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw, int op, bool values_only) {
    fy_torch_tensor *t = FY_TT(self);
    static const char *const names[] = {"dim", "keepdim", "dtype", "unbiased", "correction", NULL};
    fy_obj *k[5] = {0};
    if (fy_torch_kwargs(rnames[op], a, n, kw, names, k) < 0) return NULL;
    if (n > 2) return fy_err_format(&fy_TypeError, "%s() takes at most 2 positional arguments", rnames[op]);
    fy_obj *dimarg = n >= 1 ? a[0] : k[0];
    fy_obj *keeparg = n >= 2 ? a[1] : k[1];
    if ((op == R_MAX || op == R_MIN) && dimarg && FY_TORCH_CHECK(dimarg))
        return fy_torch_binary(self, dimarg, op == R_MAX ? FY_TOP_MAX : FY_TOP_MIN, NULL);
    if ((op == R_VAR || op == R_STD) && n >= 1 && FY_IS_TYPE(a[0], fy_bool_type)) {
        k[3] = a[0];
        dimarg = k[0];
    }
    bool keepdim = keeparg && fy_truthy(keeparg) > 0;
    bool mask[FY_TORCH_MAXDIM], all;
    if (parse_dims(dimarg, t->ndim, mask, &all) < 0) return NULL;
    int dt = t->dtype, odt = dt;
    bool fl = fy_torch_is_float(dt);
    switch (op) {
    case R_SUM:
    case R_PROD:
        if (!fl) odt = FY_TORCH_I64;
        break;
    case R_MEAN:
    case R_VAR:
    case R_STD:
        if (!fl && !(k[2] && k[2] != fy_None))
            return fy_err_format(&fy_RuntimeError,
                                 "%s(): could not infer output dtype. Input dtype must be either a floating point or "
                                 "complex dtype. Got: %s",
                                 op == R_MEAN ? "mean" : rnames[op], fy_torch_scalar_name(dt));
        break;
    case R_ARGMAX:
    case R_ARGMIN: odt = FY_TORCH_I64; break;
    case R_ALL:
    case R_ANY: odt = FY_TORCH_BOOL; break;
    default: break;
    }
    if (k[2] && k[2] != fy_None) {
        if ((odt = fy_torch_dtype_from(k[2])) < 0) return NULL;
        fl = fy_torch_is_float(odt) || fl;
    }
    int64_t correction = 1;
    if (k[3] && fy_truthy(k[3]) == 0) correction = 0;
    if (k[4] && k[4] != fy_None && fy_index(k[4], &correction) < 0) return NULL;
    bool argflat = (op == R_ARGMAX || op == R_ARGMIN) && all && t->ndim > 1;
    fy_torch_tensor *src = t;
    if (argflat) {
        int64_t nn = fy_torch_numel(t);
        src = fy_torch_reshape(t, &nn, 1, false);
        if (!src) return NULL;
        mask[0] = true;
    } else FY_INCREF(src);
    if (fy_torch_numel(src) == 0 && (op == R_MAX || op == R_MIN || op == R_ARGMAX || op == R_ARGMIN)) {
        bool empty_red = all;
        for (int d = 0; d < src->ndim && !empty_red; d++)
            if (mask[d] && src->shape[d] == 0) empty_red = true;
        if (empty_red) {
            FY_DECREF(src);
            if (all)
                return fy_err_format(&fy_RuntimeError,
                                     "%s(): Expected reduction dim to be specified for input.numel() == 0. Specify the "
                                     "reduction dim with the 'dim' argument.",
                                     rnames[op]);
            return fy_err_format(&fy_IndexError, "%s(): Expected reduction dim %d to have non-zero size.", rnames[op],
                                 0);
        }
    }
    int64_t shape[FY_TORCH_MAXDIM];
    int nd;
    out_shape(src, mask, keepdim && !argflat, shape, &nd);
    if (argflat && keepdim) {
        nd = t->ndim;
        for (int i = 0; i < nd; i++) shape[i] = 1;
    }
    fy_torch_tensor *out = fy_torch_empty_uninit(odt, nd, shape, t->st->dev), *idx = NULL;
    bool pair = (op == R_MAX || op == R_MIN) && !all && !values_only;
    if (out && pair) idx = fy_torch_empty_uninit(FY_TORCH_I64, nd, shape, t->st->dev);
    if (!out || (pair && !idx)) {
        FY_XDECREF(out);
        FY_DECREF(src);
        return NULL;
    }
    static const int fast_op[] = {[R_SUM] = FY_TRED_SUM + 1,
                                  [R_MEAN] = FY_TRED_MEAN + 1,
                                  [R_MAX] = FY_TRED_MAX + 1,
                                  [R_MIN] = FY_TRED_MIN + 1,
                                  [R_ARGMAX] = FY_TRED_ARGMAX + 1,
                                  [R_ARGMIN] = FY_TRED_ARGMIN + 1,
                                  [R_STD] = 0};
    if (!fast_op[op] || !fy_torch_reduce_fast(src, mask, fast_op[op] - 1, out, idx))
        reduce_into(src, mask, op, fy_torch_is_float(dt), out, idx, correction);
    FY_DECREF(src);
    if (!pair) return (fy_obj *)out;
    fy_obj *r = ret_pair(rnames[op], &out->h, &idx->h);
    FY_DECREF(out);
    FY_DECREF(idx);
    return r;
}

#define RM(name, op) \
    static fy_obj *m_##name(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) { \
        return reduce_common(self, a, n, kw, op, false); \
    }
RM(sum, R_SUM)
RM(mean, R_MEAN)
RM(prod, R_PROD)
RM(max, R_MAX)
RM(min, R_MIN)
RM(argmax, R_ARGMAX)
RM(argmin, R_ARGMIN)
RM(all, R_ALL)
RM(any, R_ANY)
RM(var, R_VAR)
RM(std, R_STD)
static fy_obj *m_amax(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    fy_obj *r = reduce_common(self, a, n, kw, R_MAX, true);
    if (!r || FY_TORCH_CHECK(r)) return r;
    fy_obj *v = fy_ref(FY_TUPLE_ITEMS(r)[0]);
    FY_DECREF(r);
    return v;
}
static fy_obj *m_amin(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    fy_obj *r = reduce_common(self, a, n, kw, R_MIN, true);
    if (!r || FY_TORCH_CHECK(r)) return r;
    fy_obj *v = fy_ref(FY_TUPLE_ITEMS(r)[0]);
    FY_DECREF(r);
    return v;
}

/* ------------------------------------------------------------------ return_types.max/min */

static fy_obj *rt_repr(fy_obj *o) {
    return fy_str_printf("torch.return_types.%s(\nvalues=%R,\nindices=%R)", o->type->name, FY_TUPLE_ITEMS(o)[0],
                         FY_TUPLE_ITEMS(o)[1]);
}
static fy_obj *rt_values(fy_obj *o) { return fy_ref(FY_TUPLE_ITEMS(o)[0]); }
static fy_obj *rt_indices(fy_obj *o) { return fy_ref(FY_TUPLE_ITEMS(o)[1]); }
static fy_getsetdef rt_getsets[] = {{"values", rt_values, NULL, NULL}, {"indices", rt_indices, NULL, NULL}, {NULL}};
static fy_type rt_max_type = {FY_TYPE_INIT("max", sizeof(fy_tuple)), .base = &fy_tuple_type, .repr = rt_repr,
                              .str = rt_repr, .getsets = rt_getsets};
static fy_type rt_min_type = {FY_TYPE_INIT("min", sizeof(fy_tuple)), .base = &fy_tuple_type, .repr = rt_repr,
                              .str = rt_repr, .getsets = rt_getsets};

static fy_type rt_cummax_type = {FY_TYPE_INIT("cummax", sizeof(fy_tuple)), .base = &fy_tuple_type, .repr = rt_repr,
                                 .str = rt_repr, .getsets = rt_getsets};
static fy_type rt_cummin_type = {FY_TYPE_INIT("cummin", sizeof(fy_tuple)), .base = &fy_tuple_type, .repr = rt_repr,
                                 .str = rt_repr, .getsets = rt_getsets};
static fy_type rt_sort_type = {FY_TYPE_INIT("sort", sizeof(fy_tuple)), .base = &fy_tuple_type, .repr = rt_repr,
                               .str = rt_repr, .getsets = rt_getsets};
static fy_type rt_topk_type = {FY_TYPE_INIT("topk", sizeof(fy_tuple)), .base = &fy_tuple_type, .repr = rt_repr,
                               .str = rt_repr, .getsets = rt_getsets};

fy_obj *fy_torch_return_pair(const char *name, fy_obj *values, fy_obj *indices) {
    return ret_pair(name, values, indices);
}

static fy_obj *ret_pair(const char *name, fy_obj *values, fy_obj *indices) {
    fy_type *t = !strcmp(name, "max")      ? &rt_max_type
                 : !strcmp(name, "cummax") ? &rt_cummax_type
                 : !strcmp(name, "cummin") ? &rt_cummin_type
                 : !strcmp(name, "sort")   ? &rt_sort_type
                 : !strcmp(name, "topk")   ? &rt_topk_type
                                           : &rt_min_type;
    if (fy_type_ready(t) < 0) return NULL;
    fy_tuple *r = (fy_tuple *)fy_alloc_size(t, sizeof(fy_tuple) + 2 * sizeof(fy_obj *));
    if (!r) return NULL;
    r->n = 2;
    r->hash = -1;
    r->items[0] = fy_ref(values);
    r->items[1] = fy_ref(indices);
    return &r->h;
}

/* ------------------------------------------------------------------ closeness */

/* The float32 / bfloat16 / float16 path of isclose, by pieces of [lo, hi) (tensor_kern.c's kernel). */
typedef struct {
    const char *x, *y;
    uint8_t *out;
    int dt;
    float rt, at;
    bool equal_nan, zero_tol;
} close_job;

static void close_task(void *vj, int64_t lo, int64_t hi) {
    close_job *j = vj;
    float xb[1024], yb[1024];
    int64_t isz = (int64_t)fy_torch_itemsize(j->dt);
    for (int64_t i = lo; i < hi; i += 1024) {
        int64_t m = hi - i < 1024 ? hi - i : 1024;
        const float *x = (const float *)(const void *)(j->x + i * isz),
                    *y = (const float *)(const void *)(j->y + i * isz);
        if (j->dt != FY_TORCH_F32) {
            fy_torch_cvt_to_f32(j->x + i * isz, isz, j->dt, xb, m);
            fy_torch_cvt_to_f32(j->y + i * isz, isz, j->dt, yb, m);
            x = xb;
            y = yb;
        }
        fy_torch_close_f32(x, y, m, j->rt, j->at, j->equal_nan, j->zero_tol, j->dt, j->out + i);
    }
}

fy_torch_tensor *fy_torch_isclose(fy_torch_tensor *a, fy_torch_tensor *b, double rtol, double atol, bool equal_nan) {
    if (a->dtype != b->dtype) {
        fy_err_format(&fy_RuntimeError, "%s did not match %s", fy_torch_scalar_name(a->dtype),
                      fy_torch_scalar_name(b->dtype));
        return NULL;
    }
    int64_t shape[FY_TORCH_MAXDIM];
    int nd;
    if (fy_torch_broadcast_shapes(a->shape, a->ndim, b->shape, b->ndim, shape, &nd) < 0) return NULL;
    fy_torch_tensor *ea = fy_torch_expand(a, shape, nd), *eb = ea ? fy_torch_expand(b, shape, nd) : NULL;
    fy_torch_tensor *r = eb ? fy_torch_empty_uninit(FY_TORCH_BOOL, nd, shape, a->st->dev) : NULL;
    if (!r) {
        FY_XDECREF(ea);
        FY_XDECREF(eb);
        return NULL;
    }
    fy_torch_tensor *ca = fy_torch_contiguous(ea), *cb = ca ? fy_torch_contiguous(eb) : NULL;
    FY_DECREF(ea);
    FY_DECREF(eb);
    if (!cb) {
        FY_XDECREF(ca);
        FY_DECREF(r);
        return NULL;
    }
    int dt = a->dtype;
    /* torch computes the tolerances in the tensors' dtype (float32 for integer inputs) */
    int cdt = fy_torch_is_float(dt) ? dt : FY_TORCH_F32;
    double rt = fy_torch_round_to(rtol, cdt), at = fy_torch_round_to(atol, cdt);
    int64_t n = fy_torch_numel(r);
    size_t isz = fy_torch_itemsize(dt);
    if (dt == FY_TORCH_F32 || dt == FY_TORCH_BF16 || dt == FY_TORCH_F16) {
        close_job j = {fy_torch_data_ro(ca),
                       fy_torch_data_ro(cb),
                       (uint8_t *)fy_torch_data(r),
                       dt,
                       (float)rt,
                       (float)at,
                       equal_nan,
                       rtol == 0 && atol == 0};
        if (n < FY_TORCH_PAR_MIN) close_task(&j, 0, n);
        else fy_torch_parallel(n, FY_TORCH_PAR_GRAIN, close_task, &j);
        n = 0; /* done */
    }
    for (int64_t i = 0; i < n; i++) {
        bool c;
        if (fy_torch_is_float(dt)) {
            double x = fy_torch_loadf(fy_torch_data(ca) + i * (int64_t)isz, dt);
            double y = fy_torch_loadf(fy_torch_data(cb) + i * (int64_t)isz, dt);
            c = x == y || (equal_nan && isnan(x) && isnan(y));
            if (!c && !(rtol == 0 && atol == 0)) {
                double allowed =
                    fy_torch_round_to(at + fy_torch_round_to(fabs(fy_torch_round_to(rt * y, cdt)), cdt), cdt);
                double actual = fy_torch_round_to(fabs(fy_torch_round_to(x - y, cdt)), cdt);
                c = isfinite(actual) && actual <= allowed;
            }
        } else {
            int64_t x = fy_torch_loadi(fy_torch_data(ca) + i * (int64_t)isz, dt);
            int64_t y = fy_torch_loadi(fy_torch_data(cb) + i * (int64_t)isz, dt);
            c = x == y;
            if (!c && !(rtol == 0 && atol == 0)) {
                double allowed = fy_torch_round_to(at + fabs(fy_torch_round_to(rt * (double)y, cdt)), cdt);
                c = fabs((double)x - (double)y) <= allowed;
            }
        }
        ((uint8_t *)fy_torch_data(r))[i] = c;
    }
    FY_DECREF(ca);
    FY_DECREF(cb);
    return r;
}

static int close_args(const char *fname, fy_obj *const *a, size_t n, fy_obj *kw, fy_torch_tensor **x,
                      fy_torch_tensor **y, double *rtol, double *atol, bool *eqnan) {
    static const char *const names[] = {"input", "other", "rtol", "atol", "equal_nan", NULL};
    fy_obj *k[5];
    if (fy_parse_args(fname, a, n, kw, names, 2, 5, 5, k) < 0) return -1;
    for (int i = 0; i < 2; i++)
        if (!FY_TORCH_CHECK(k[i])) {
            fy_err_format(&fy_TypeError, "%s(): argument '%s' (position %d) must be Tensor, not %T", fname, names[i],
                          i + 1, k[i]);
            return -1;
        }
    *x = FY_TT(k[0]);
    *y = FY_TT(k[1]);
    *rtol = 1e-5;
    *atol = 1e-8;
    if (k[2] && fy_as_double(k[2], rtol) < 0) return -1;
    if (k[3] && fy_as_double(k[3], atol) < 0) return -1;
    *eqnan = k[4] && fy_truthy(k[4]) > 0;
    return 0;
}

static fy_obj *f_isclose(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    fy_torch_tensor *x, *y;
    double rt, at;
    bool en;
    if (close_args("isclose", a, n, kw, &x, &y, &rt, &at, &en) < 0) return NULL;
    return (fy_obj *)fy_torch_isclose(x, y, rt, at, en);
}
static fy_obj *f_allclose(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    fy_torch_tensor *x, *y;
    double rt, at;
    bool en;
    if (close_args("allclose", a, n, kw, &x, &y, &rt, &at, &en) < 0) return NULL;
    fy_torch_tensor *c = fy_torch_isclose(x, y, rt, at, en);
    if (!c) return NULL;
    int64_t m = fy_torch_numel(c);
    bool ok = !m || !memchr(fy_torch_data_ro(c), 0, (size_t)m);
    FY_DECREF(c);
    return fy_bool(ok);
}
static fy_obj *f_equal(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_check_nargs("equal", n, 2, 2) < 0) return NULL;
    if (!FY_TORCH_CHECK(a[0]) || !FY_TORCH_CHECK(a[1]))
        return fy_err_format(&fy_TypeError, "equal(): argument 'input' must be Tensor, not %T",
                             FY_TORCH_CHECK(a[0]) ? a[1] : a[0]);
    fy_torch_tensor *x = FY_TT(a[0]), *y = FY_TT(a[1]);
    if (x->ndim != y->ndim || memcmp(x->shape, y->shape, sizeof(int64_t) * (size_t)x->ndim)) return fy_bool(false);
    fy_obj *eq = fy_torch_binary(a[0], a[1], FY_TOP_EQ, NULL);
    if (!eq) return NULL;
    fy_torch_tensor *e = FY_TT(eq);
    fy_torch_tensor *c = fy_torch_contiguous(e);
    FY_DECREF(eq);
    if (!c) return NULL;
    bool ok = true;
    int64_t m = fy_torch_numel(c);
    for (int64_t i = 0; i < m && ok; i++) ok = ((uint8_t *)fy_torch_data(c))[i] != 0;
    FY_DECREF(c);
    return fy_bool(ok);
}

static fy_obj *m_allclose(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    fy_obj *args[6];
    if (n > 4) return fy_err_set(&fy_TypeError, "allclose() takes at most 4 positional arguments");
    args[0] = self;
    size_t nk = fy_kwcount(kw);
    for (size_t i = 0; i < n + nk; i++) args[i + 1] = a[i];
    return f_allclose(NULL, args, n + 1, kw);
}
static fy_obj *m_isclose(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    fy_obj *args[6];
    if (n > 4) return fy_err_set(&fy_TypeError, "isclose() takes at most 4 positional arguments");
    args[0] = self;
    size_t nk = fy_kwcount(kw);
    for (size_t i = 0; i < n + nk; i++) args[i + 1] = a[i];
    return f_isclose(NULL, args, n + 1, kw);
}
static fy_obj *m_equal(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    fy_obj *args[2] = {self, n ? a[0] : NULL};
    if (n != 1) return fy_err_set(&fy_TypeError, "equal() takes exactly one argument");
    return f_equal(NULL, args, 2, kw);
}

/* ------------------------------------------------------------------ matmul */

static const char *cxx_name(int dt) {
    static const char *const n[] = {"bool",
                                    "unsigned char",
                                    "signed char",
                                    "short int",
                                    "int",
                                    "long int",
                                    "c10::Half",
                                    "c10::BFloat16",
                                    "float",
                                    "double",
                                    "c10::Float8_e4m3fn",
                                    "c10::Float8_e4m3fnuz",
                                    "c10::Float8_e5m2"};
    return n[dt];
}

fy_obj *fy_torch_matmul(fy_torch_tensor *a, fy_torch_tensor *b) {
    if (a->ndim == 0 || b->ndim == 0)
        return fy_err_format(&fy_RuntimeError,
                             "both arguments to matmul need to be at least 1D, but they are %dD and %dD", a->ndim,
                             b->ndim);
    if (a->dtype != b->dtype)
        return fy_err_format(&fy_RuntimeError, "expected m1 and m2 to have the same dtype, but got: %s != %s",
                             cxx_name(a->dtype), cxx_name(b->dtype));
    int64_t K = a->shape[a->ndim - 1];
    int64_t M = a->ndim >= 2 ? a->shape[a->ndim - 2] : 1;
    int64_t Kb = b->ndim >= 2 ? b->shape[b->ndim - 2] : b->shape[0];
    int64_t N = b->ndim >= 2 ? b->shape[b->ndim - 1] : 1;
    if (K != Kb) {
        if (a->ndim == 1 && b->ndim == 1)
            return fy_err_format(&fy_RuntimeError,
                                 "inconsistent tensor size, expected tensor [%lld] and src [%lld] to have the same "
                                 "number of elements, but got %lld and %lld elements respectively",
                                 (long long)K, (long long)Kb, (long long)K, (long long)Kb);
        if (a->ndim == 2 && b->ndim == 1)
            return fy_err_format(&fy_RuntimeError, "size mismatch, got input (%lld), mat (%lldx%lld), vec (%lld)",
                                 (long long)M, (long long)M, (long long)K, (long long)Kb);
        return fy_err_format(&fy_RuntimeError, "mat1 and mat2 shapes cannot be multiplied (%lldx%lld and %lldx%lld)",
                             (long long)M, (long long)K, (long long)Kb, (long long)N);
    }
    /* batch dims */
    int64_t ba[FY_TORCH_MAXDIM], bb[FY_TORCH_MAXDIM], bshape[FY_TORCH_MAXDIM];
    int na = a->ndim > 2 ? a->ndim - 2 : 0, nb = b->ndim > 2 ? b->ndim - 2 : 0, nbt;
    memcpy(ba, a->shape, sizeof(int64_t) * (size_t)na);
    memcpy(bb, b->shape, sizeof(int64_t) * (size_t)nb);
    if (fy_torch_broadcast_shapes(ba, na, bb, nb, bshape, &nbt) < 0) return NULL;
    int64_t B = 1;
    for (int i = 0; i < nbt; i++) B *= bshape[i];
    /* expand both to [batch..., M, K] / [batch..., K, N] and make contiguous */
    int64_t sa[FY_TORCH_MAXDIM], sb[FY_TORCH_MAXDIM];
    memcpy(sa, bshape, sizeof(int64_t) * (size_t)nbt);
    memcpy(sb, bshape, sizeof(int64_t) * (size_t)nbt);
    sa[nbt] = M;
    sa[nbt + 1] = K;
    sb[nbt] = K;
    sb[nbt + 1] = N;
    int64_t s2a[2] = {M, K}, s2b[2] = {K, N};
    fy_torch_tensor *a2 = a->ndim == 1 ? fy_torch_reshape(a, s2a, 2, false) : (fy_torch_tensor *)fy_ref(&a->h);
    fy_torch_tensor *b2 = !a2            ? NULL
                          : b->ndim == 1 ? fy_torch_reshape(b, s2b, 2, false)
                                         : (fy_torch_tensor *)fy_ref(&b->h);
    fy_torch_tensor *ea = b2 ? fy_torch_expand(a2, sa, nbt + 2) : NULL,
                    *eb = ea ? fy_torch_expand(b2, sb, nbt + 2) : NULL;
    FY_XDECREF(a2);
    FY_XDECREF(b2);
    if (!eb) {
        FY_XDECREF(ea);
        return NULL;
    }
    bool fl = fy_torch_is_float(a->dtype);
    /* float32 / float16 / bfloat16 accumulate in float32 (as PyTorch's CPU matmul), float64 in double */
    bool f32 = a->dtype == FY_TORCH_F32 || a->dtype == FY_TORCH_F16 || a->dtype == FY_TORCH_BF16;
    int wdt = f32 ? FY_TORCH_F32 : fl ? FY_TORCH_F64 : FY_TORCH_I64;
    /* contiguous operands of the working dtype are read in place */
    bool ia = ea->dtype == wdt && fy_torch_is_contiguous(ea), ib = eb->dtype == wdt && fy_torch_is_contiguous(eb);
    fy_torch_tensor *da = ia ? (fy_torch_tensor *)fy_ref(&ea->h) : fy_torch_copy_as(ea, wdt, fy_torch_cpu);
    fy_torch_tensor *db = !da ? NULL : ib ? (fy_torch_tensor *)fy_ref(&eb->h) : fy_torch_copy_as(eb, wdt, fy_torch_cpu);
    FY_DECREF(ea);
    FY_DECREF(eb);
    int64_t oshape[FY_TORCH_MAXDIM];
    int ond = 0;
    for (int i = 0; i < nbt; i++) oshape[ond++] = bshape[i];
    if (a->ndim >= 2) oshape[ond++] = M;
    if (b->ndim >= 2) oshape[ond++] = N;
    fy_torch_tensor *r = db ? fy_torch_empty_uninit(a->dtype, ond, oshape, a->st->dev) : NULL;
    if (!r) {
        FY_XDECREF(da);
        FY_XDECREF(db);
        return NULL;
    }
    size_t osz = fy_torch_itemsize(a->dtype);
    char *out = fy_torch_data(r);
    if (f32) {
        if (fy_torch_matmul_f32(B, M, N, K, (const float *)fy_torch_data_ro(da), (const float *)fy_torch_data_ro(db),
                                out, a->dtype) < 0) {
            FY_DECREF(da);
            FY_DECREF(db);
            FY_DECREF(r);
            return NULL;
        }
    } else if (fl) {
        if (fy_torch_matmul_f64(B, M, N, K, (const double *)fy_torch_data_ro(da), (const double *)fy_torch_data_ro(db),
                                out, a->dtype) < 0) {
            FY_DECREF(da);
            FY_DECREF(db);
            FY_DECREF(r);
            return NULL;
        }
    } else {
        const int64_t *A = (const int64_t *)fy_torch_data(da), *Bm = (const int64_t *)fy_torch_data(db);
        for (int64_t bt = 0; bt < B; bt++)
            for (int64_t i = 0; i < M; i++)
                for (int64_t j = 0; j < N; j++) {
                    uint64_t s = 0;
                    for (int64_t k = 0; k < K; k++)
                        s += (uint64_t)A[(bt * M + i) * K + k] * (uint64_t)Bm[(bt * K + k) * N + j];
                    fy_torch_storei(out + ((bt * M + i) * N + j) * (int64_t)osz, a->dtype, (int64_t)s);
                }
    }
    FY_DECREF(da);
    FY_DECREF(db);
    return (fy_obj *)r;
}

static fy_obj *m_matmul(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_check_nargs("matmul", n, 1, 1) < 0) return NULL;
    if (!FY_TORCH_CHECK(a[0]))
        return fy_err_format(&fy_TypeError, "matmul(): argument 'other' (position 1) must be Tensor, not %T", a[0]);
    return fy_torch_matmul(FY_TT(self), FY_TT(a[0]));
}
static fy_obj *m_mm(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_check_nargs("mm", n, 1, 1) < 0) return NULL;
    if (!FY_TORCH_CHECK(a[0]))
        return fy_err_format(&fy_TypeError, "mm(): argument 'mat2' (position 1) must be Tensor, not %T", a[0]);
    if (FY_TT(self)->ndim != 2) return fy_err_set(&fy_RuntimeError, "self must be a matrix");
    if (FY_TT(a[0])->ndim != 2) return fy_err_set(&fy_RuntimeError, "mat2 must be a matrix");
    return fy_torch_matmul(FY_TT(self), FY_TT(a[0]));
}

/* ------------------------------------------------------------------ softmax */

fy_obj *fy_torch_softmax(fy_torch_tensor *x, int dim, int dt) {
    fy_torch_tensor *r = fy_torch_empty_uninit(dt, x->ndim, x->shape, x->st->dev);
    if (!r) return NULL;
    if (x->ndim == 0) {
        fy_torch_storef(fy_torch_data(r), dt, 1.0);
        return (fy_obj *)r;
    }
    if (fy_torch_softmax_rows(x, dim, r) < 0) {
        FY_DECREF(r);
        return NULL;
    }
    return (fy_obj *)r;
}

static fy_obj *softmax_args(fy_obj *x, fy_obj *const *a, size_t n, fy_obj *kw, bool log) {
    static const char *const names[] = {"dim", "dtype", "_stacklevel", NULL};
    fy_obj *k[3];
    if (fy_parse_args(log ? "log_softmax" : "softmax", a, n, kw, names, 0, 3, 3, k) < 0) return NULL;
    if (!FY_TORCH_CHECK(x))
        return fy_err_format(&fy_TypeError, "softmax(): argument 'input' (position 1) must be Tensor, not %T", x);
    fy_torch_tensor *t = FY_TT(x);
    int64_t d64 = t->ndim <= 1 ? 0 : 1; /* torch's legacy implicit dim */
    if (k[0] && k[0] != fy_None && fy_index(k[0], &d64) < 0) return NULL;
    int dim, dt = t->dtype;
    if (fy_torch_wrap_dim(d64, t->ndim, &dim) < 0) return NULL;
    if (k[1] && k[1] != fy_None && (dt = fy_torch_dtype_from(k[1])) < 0) return NULL;
    if (!fy_torch_is_float(dt))
        return fy_err_format(&fy_RuntimeError, "\"softmax_lastdim_kernel_impl\" not implemented for '%s'",
                             fy_torch_scalar_name(dt));
    if (!log) return fy_torch_softmax(t, dim, dt);
    fy_obj *s = fy_torch_softmax(t, dim, FY_TORCH_F64);
    if (!s) return NULL;
    fy_obj *l = fy_torch_unary(s, FY_TUN_LOG);
    FY_DECREF(s);
    if (!l) return NULL;
    fy_obj *r = (fy_obj *)fy_torch_copy_as(FY_TT(l), dt, t->st->dev);
    FY_DECREF(l);
    return r;
}
static fy_obj *m_softmax(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    return softmax_args(self, a, n, kw, false);
}
static fy_obj *m_log_softmax(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    return softmax_args(self, a, n, kw, true);
}
static fy_obj *f_softmax(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (n < 1) return fy_err_set(&fy_TypeError, "softmax() missing required argument 'input'");
    return softmax_args(a[0], a + 1, n - 1, kw, false);
}
static fy_obj *f_log_softmax(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (n < 1) return fy_err_set(&fy_TypeError, "log_softmax() missing required argument 'input'");
    return softmax_args(a[0], a + 1, n - 1, kw, true);
}

/* self.method(args) on a new reference; consumes self_new when asked (chains of tensor calls). */
static fy_obj *chain(fy_obj *x, bool own, const char *m, fy_obj *const *args, size_t n) {
    fy_obj *r = x ? fy_call_method(x, m, args, n) : NULL;
    if (own) FY_XDECREF(x);
    return r;
}

/* x.norm(p='fro', dim=None, keepdim=False): torch's vector norm of a float tensor (over all elements, or
 * along dim): p 2 / 'fro' sqrt(sum(x^2)), 1 sum(|x|), inf max(|x|), 0 the count of nonzeros, other p
 * sum(|x|^p)^(1/p). */
static fy_obj *m_norm(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    static const char *const names[] = {"p", "dim", "keepdim", "dtype", NULL};
    fy_obj *k[4] = {NULL, NULL, NULL, NULL};
    if (fy_parse_args("norm", a, n, kw, names, 0, 4, 4, k) < 0) return NULL;
    fy_torch_tensor *t = FY_TT(self);
    if (!fy_torch_is_float(t->dtype))
        return fy_err_format(&fy_RuntimeError,
                             "linalg.vector_norm: Expected a floating point or complex tensor as input. Got %s",
                             fy_torch_scalar_name(t->dtype));
    double p = 2.0;
    if (k[0] && k[0] != fy_None && !(FY_STR_CHECK(k[0]) && strcmp(FY_STR_DATA(k[0]), "fro") == 0) &&
        fy_as_double(k[0], &p) < 0)
        return NULL;
    fy_obj *red[2] = {k[1] && k[1] != fy_None ? k[1] : fy_None, k[2] ? k[2] : fy_False};
    fy_obj *ax = fy_call_method(self, "abs", NULL, 0);
    if (p == 2.0) {
        fy_obj *sq = ax ? fy_binop(ax, ax, FY_NB_MUL) : NULL;
        FY_XDECREF(ax);
        return chain(chain(sq, true, "sum", red, 2), true, "sqrt", NULL, 0);
    }
    if (p == 1.0) return chain(ax, true, "sum", red, 2);
    if (isinf(p)) return chain(ax, true, p > 0 ? "amax" : "amin", red, 2);
    fy_obj *pe = fy_float_from(p == 0.0 ? 0.0 : p), *inv = fy_float_from(p == 0.0 ? 1.0 : 1.0 / p);
    fy_obj *r = NULL;
    if (pe && inv) {
        fy_obj *pw =
            p == 0.0 ? chain(chain(ax, false, "ne", &pe, 1), true, "float", NULL, 0) : chain(ax, false, "pow", &pe, 1);
        r = chain(chain(pw, true, "sum", red, 2), true, "pow", &inv, 1);
    }
    FY_XDECREF(ax);
    FY_XDECREF(pe);
    FY_XDECREF(inv);
    return r;
}

fy_methoddef fy_torch_reduce_methods[] = {
    {"norm", m_norm, 0, "norm(p='fro', dim=None, keepdim=False)"},
    {"sum", m_sum, 0, "sum(dim=None, keepdim=False, dtype=None)"},
    {"mean", m_mean, 0, "mean(dim=None, keepdim=False, dtype=None)"},
    {"prod", m_prod, 0, "prod(dim=None, keepdim=False)"},
    {"max", m_max, 0, "max(dim=None, keepdim=False) -> Tensor or (values, indices)"},
    {"min", m_min, 0, "min(dim=None, keepdim=False) -> Tensor or (values, indices)"},
    {"amax", m_amax, 0, "amax(dim=None, keepdim=False)"},
    {"amin", m_amin, 0, "amin(dim=None, keepdim=False)"},
    {"argmax", m_argmax, 0, "argmax(dim=None, keepdim=False)"},
    {"argmin", m_argmin, 0, "argmin(dim=None, keepdim=False)"},
    {"all", m_all, 0, "all(dim=None, keepdim=False)"},
    {"any", m_any, 0, "any(dim=None, keepdim=False)"},
    {"var", m_var, 0, "var(dim=None, unbiased=True, keepdim=False)"},
    {"std", m_std, 0, "std(dim=None, unbiased=True, keepdim=False)"},
    {"allclose", m_allclose, 0, "allclose(other, rtol=1e-05, atol=1e-08, equal_nan=False)"},
    {"isclose", m_isclose, 0, "isclose(other, rtol=1e-05, atol=1e-08, equal_nan=False)"},
    {"equal", m_equal, 0, "equal(other)"},
    {"matmul", m_matmul, 0, "matmul(other)"},
    {"mm", m_mm, 0, "mm(mat2)"},
    {"softmax", m_softmax, 0, "softmax(dim, dtype=None)"},
    {"log_softmax", m_log_softmax, 0, "log_softmax(dim, dtype=None)"},
    {NULL}};

fy_methoddef fy_torch_reduce_funcs[] = {
    {"isclose", f_isclose, 0, "isclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False)"},
    {"allclose", f_allclose, 0, "allclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False)"},
    {"equal", f_equal, 0, "equal(input, other)"},
    {"softmax", f_softmax, 0, "softmax(input, dim, dtype=None)"},
    {"log_softmax", f_log_softmax, 0, "log_softmax(input, dim, dtype=None)"},
    {NULL}};

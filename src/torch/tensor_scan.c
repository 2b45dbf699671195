/* tensor_scan.c - ops that walk one dimension: cumsum, cumprod (integers and bools in int64, floats in
 * double, stored in the result's dtype), cummax, cummin (values and the index where each running extreme
 * was met: the latest of equal values, a NaN once met stays, as torch does), repeat_interleave, and
 * sort / argsort / topk (a stable merge sort of each slice; NaN sorts above every number, as torch's). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "torch/torch.h"

enum { SCAN_SUM, SCAN_PROD, SCAN_MAX, SCAN_MIN };
static const char *const scan_names[] = {"cumsum", "cumprod", "cummax", "cummin"};

/* The scan of x along dim into a new tensor of dtype dt (and the indices for max/min). */
static fy_obj *scan(fy_torch_tensor *x0, int dim, int dt, int op) {
    fy_torch_tensor *x = fy_torch_contiguous(x0);
    if (!x) return NULL;
    fy_torch_tensor *r = fy_torch_empty(dt, x->ndim, x->shape, x->st->dev);
    fy_torch_tensor *ix = op >= SCAN_MAX && r ? fy_torch_empty(FY_TORCH_I64, x->ndim, x->shape, x->st->dev) : NULL;
    if (!r || (op >= SCAN_MAX && !ix)) {
        FY_XDECREF(r);
        FY_DECREF(x);
        return NULL;
    }
    int64_t outer = 1, inner = 1, L = x->ndim ? x->shape[dim] : 1;
    for (int d = 0; d < x->ndim; d++) {
        if (d < dim) outer *= x->shape[d];
        if (d > dim) inner *= x->shape[d];
    }
    size_t xs = fy_torch_itemsize(x->dtype), rs = fy_torch_itemsize(dt);
    const char *px = fy_torch_data_ro(x);
    char *pr = fy_torch_data(r), *pi = ix ? fy_torch_data(ix) : NULL;
    bool fl = fy_torch_is_float(x->dtype) || fy_torch_is_float(dt);
    for (int64_t o = 0; o < outer; o++)
        for (int64_t j = 0; j < inner; j++) {
            double af = op == SCAN_PROD ? 1.0 : 0.0;
            int64_t ai = op == SCAN_PROD ? 1 : 0, best = 0;
            for (int64_t i = 0; i < L; i++) {
                int64_t e = (o * L + i) * inner + j;
                const char *p = px + e * (int64_t)xs;
                if (op == SCAN_SUM || op == SCAN_PROD) {
                    if (fl) {
                        double v = fy_torch_loadf(p, x->dtype);
                        af = op == SCAN_SUM ? af + v : af * v;
                        fy_torch_storef(pr + e * (int64_t)rs, dt, af);
                    } else {
                        int64_t v = fy_torch_loadi(p, x->dtype);
                        ai = op == SCAN_SUM ? (int64_t)((uint64_t)ai + (uint64_t)v)
                                            : (int64_t)((uint64_t)ai * (uint64_t)v);
                        fy_torch_storei(pr + e * (int64_t)rs, dt, ai);
                    }
                    continue;
                }
                /* max / min: keep the value and where it was met; ties move to the latest */
                if (fy_torch_is_float(x->dtype)) {
                    double v = fy_torch_loadf(p, x->dtype);
                    bool take = i == 0 || isnan(v) || (!isnan(af) && (op == SCAN_MAX ? v >= af : v <= af));
                    if (take) af = v, best = i;
                    fy_torch_storef(pr + e * (int64_t)rs, dt, af);
                } else {
                    int64_t v = fy_torch_loadi(p, x->dtype);
                    if (i == 0 || (op == SCAN_MAX ? v >= ai : v <= ai)) ai = v, best = i;
                    fy_torch_storei(pr + e * (int64_t)rs, dt, ai);
                }
                fy_torch_storei(pi + e * 8, FY_TORCH_I64, best);
            }
        }
    FY_DECREF(x);
    if (op < SCAN_MAX) return (fy_obj *)r;
    fy_obj *pair = fy_torch_return_pair(scan_names[op], (fy_obj *)r, (fy_obj *)ix);
    FY_DECREF(r);
    FY_DECREF(ix);
    return pair;
}

/* The arguments (self, dim, *, dtype) of scan op on tensor x. */
static fy_obj *scan_args(fy_obj *x, fy_obj *const *a, size_t n, fy_obj *kw, int op) {
    static const char *const names[] = {"dim", "dtype", NULL};
    fy_obj *k[2] = {NULL, NULL};
    if (fy_parse_args(scan_names[op], a, n, kw, names, 1, op < SCAN_MAX ? 2 : 1, 2, k) < 0) return NULL;
    if (!FY_TORCH_CHECK(x))
        return fy_err_format(&fy_TypeError, "%s(): argument 'input' (position 1) must be Tensor, not %T",
                             scan_names[op], x);
    fy_torch_tensor *t = FY_TT(x);
    int64_t d64;
    int dim;
    if (fy_index(k[0], &d64) < 0 || fy_torch_wrap_dim(d64, t->ndim ? t->ndim : 1, &dim) < 0) return NULL;
    if (!t->ndim) dim = 0;
    /* torch: integer and bool sums/products are int64 unless dtype says otherwise */
    int dt = op < SCAN_MAX && !fy_torch_is_float(t->dtype) ? FY_TORCH_I64 : t->dtype;
    if (k[1] && k[1] != fy_None && (dt = fy_torch_dtype_from(k[1])) < 0) return NULL;
    return scan(t, dim, dt, op);
}

/* repeat_interleave(repeats, dim=None): each slice along dim repeated repeats times (an int, or one count a
 * slice in a 1-D integer tensor); dim None: over the flattened tensor. */
static fy_obj *repeat_interleave(fy_obj *x, fy_obj *const *a, size_t n, fy_obj *kw) {
    static const char *const names[] = {"repeats", "dim", "output_size", NULL};
    fy_obj *k[3] = {NULL, NULL, NULL};
    if (fy_parse_args("repeat_interleave", a, n, kw, names, 1, 3, 3, k) < 0) return NULL;
    if (!FY_TORCH_CHECK(x))
        return fy_err_format(&fy_TypeError, "repeat_interleave(): argument 'input' must be Tensor, not %T", x);
    fy_torch_tensor *t0 = FY_TT(x), *t = NULL;
    int flat = !k[1] || k[1] == fy_None, dim = 0;
    int64_t one = fy_torch_numel(t0);
    t = flat ? fy_torch_reshape(t0, &one, 1, false) : fy_torch_contiguous(t0);
    if (!t) return NULL;
    if (!flat) {
        int64_t d64;
        if (fy_index(k[1], &d64) < 0 || fy_torch_wrap_dim(d64, t->ndim, &dim) < 0) goto fail;
    }
    fy_torch_tensor *c = fy_torch_contiguous(t);
    FY_DECREF(t);
    t = c;
    if (!t) return NULL;
    int64_t L = t->ndim ? t->shape[dim] : 1, total = 0;
    int64_t *reps = fy_malloc(sizeof(int64_t) * (size_t)(L ? L : 1));
    if (!reps) goto fail;
    if (FY_TORCH_CHECK(k[0])) {
        fy_torch_tensor *r = FY_TT(k[0]);
        int64_t rn = fy_torch_numel(r);
        if (fy_torch_is_float(r->dtype) || r->ndim > 1 || (rn != L && rn != 1)) {
            fy_free(reps);
            fy_err_format(&fy_RuntimeError, "repeats must be 0-dim or 1-dim tensor of integers with %lld elements",
                          (long long)L);
            goto fail;
        }
        fy_torch_tensor *rc = fy_torch_contiguous(r);
        if (!rc) {
            fy_free(reps);
            goto fail;
        }
        for (int64_t i = 0; i < L; i++)
            reps[i] = fy_torch_loadi(fy_torch_data_ro(rc) + (rn == 1 ? 0 : i) * (int64_t)fy_torch_itemsize(rc->dtype),
                                     rc->dtype);
        FY_DECREF(rc);
    } else {
        int64_t v;
        if (fy_index(k[0], &v) < 0) {
            fy_free(reps);
            goto fail;
        }
        for (int64_t i = 0; i < L; i++) reps[i] = v;
    }
    for (int64_t i = 0; i < L; i++) {
        if (reps[i] < 0) {
            fy_free(reps);
            fy_err_set(&fy_RuntimeError, "repeats can not be negative");
            goto fail;
        }
        total += reps[i];
    }
    int64_t shape[FY_TORCH_MAXDIM], outer = 1, inner = 1;
    for (int d = 0; d < t->ndim; d++) {
        shape[d] = d == dim ? total : t->shape[d];
        if (d < dim) outer *= t->shape[d];
        if (d > dim) inner *= t->shape[d];
    }
    fy_torch_tensor *r = fy_torch_empty(t->dtype, t->ndim, shape, t->st->dev);
    if (!r) {
        fy_free(reps);
        goto fail;
    }
    size_t is = fy_torch_itemsize(t->dtype);
    const char *src = fy_torch_data_ro(t);
    char *dst = fy_torch_data(r);
    for (int64_t o = 0; o < outer; o++) {
        int64_t at = 0;
        for (int64_t i = 0; i < L; i++)
            for (int64_t rep = 0; rep < reps[i]; rep++, at++)
                memcpy(dst + ((o * total + at) * inner) * (int64_t)is, src + ((o * L + i) * inner) * (int64_t)is,
                       (size_t)inner * is);
    }
    fy_free(reps);
    FY_DECREF(t);
    return (fy_obj *)r;
fail:
    FY_XDECREF(t);
    return NULL;
}
static fy_obj *m_repeat_interleave(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    return repeat_interleave(self, a, n, kw);
}
static fy_obj *f_repeat_interleave(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    (void)self;
    if (n < 1) return fy_err_set(&fy_TypeError, "repeat_interleave() missing required argument 'input'");
    return repeat_interleave(a[0], a + 1, n - 1, kw);
}

#define SCAN_FNS(NAME, OP) \
    static fy_obj *m_##NAME(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) { \
        return scan_args(self, a, n, kw, OP); \
    } \
    static fy_obj *f_##NAME(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) { \
        (void)self; \
        if (n < 1) return fy_err_format(&fy_TypeError, "%s() missing required argument 'input'", scan_names[OP]); \
        return scan_args(a[0], a + 1, n - 1, kw, OP); \
    }
SCAN_FNS(cumsum, SCAN_SUM)
SCAN_FNS(cumprod, SCAN_PROD)
SCAN_FNS(cummax, SCAN_MAX)
SCAN_FNS(cummin, SCAN_MIN)

/* ---- sort, argsort, topk ---- */

typedef struct skey {
    double f;  /* the value (floats) */
    int64_t v; /* the value (integers) */
    int64_t i; /* its index along the dimension */
} skey;

/* a before b in ascending order (NaN last); desc: in descending order (NaN first); ties keep order. */
static int skey_less(const skey *a, const skey *b, bool fl, bool desc) {
    if (fl) {
        bool na = isnan(a->f), nb = isnan(b->f);
        if (na || nb) return desc ? na && !nb : nb && !na;
        return desc ? a->f > b->f : a->f < b->f;
    }
    return desc ? a->v > b->v : a->v < b->v;
}

static void skey_sort(skey *v, skey *tmp, int64_t n, bool fl, bool desc) {
    if (n < 2) return;
    int64_t h = n / 2;
    skey_sort(v, tmp, h, fl, desc);
    skey_sort(v + h, tmp, n - h, fl, desc);
    int64_t i = 0, j = h, k = 0;
    while (i < h && j < n) tmp[k++] = skey_less(&v[j], &v[i], fl, desc) ? v[j++] : v[i++];
    while (i < h) tmp[k++] = v[i++];
    while (j < n) tmp[k++] = v[j++];
    memcpy(v, tmp, (size_t)n * sizeof *v);
}

/* The first k of each slice of x along dim in the order (desc: descending), as (values, indices) of op
 * `name` (values NULL: argsort, the indices alone). */
static fy_obj *sorted_slices(fy_torch_tensor *x0, int dim, int64_t k, bool desc, const char *name, bool values) {
    fy_torch_tensor *x = fy_torch_contiguous(x0);
    if (!x) return NULL;
    int64_t shape[FY_TORCH_MAXDIM], L = x->ndim ? x->shape[dim] : 1, outer = 1, inner = 1;
    for (int d = 0; d < x->ndim; d++) {
        shape[d] = d == dim ? k : x->shape[d];
        if (d < dim) outer *= x->shape[d];
        if (d > dim) inner *= x->shape[d];
    }
    fy_torch_tensor *r = values ? fy_torch_empty(x->dtype, x->ndim, shape, x->st->dev) : NULL;
    fy_torch_tensor *ix = fy_torch_empty(FY_TORCH_I64, x->ndim, shape, x->st->dev);
    skey *keys = malloc((size_t)(L ? L : 1) * 2 * sizeof *keys);
    if ((values && !r) || !ix || !keys) {
        FY_XDECREF(r);
        FY_XDECREF(ix);
        FY_DECREF(x);
        free(keys);
        return keys ? NULL : fy_err_nomem();
    }
    bool fl = fy_torch_is_float(x->dtype);
    size_t xs = fy_torch_itemsize(x->dtype);
    const char *px = fy_torch_data_ro(x);
    char *pr = r ? fy_torch_data(r) : NULL, *pi = fy_torch_data(ix);
    for (int64_t o = 0; o < outer; o++)
        for (int64_t j = 0; j < inner; j++) {
            for (int64_t i = 0; i < L; i++) {
                const char *p = px + ((o * L + i) * inner + j) * (int64_t)xs;
                keys[i] = (skey){fl ? fy_torch_loadf(p, x->dtype) : 0, fl ? 0 : fy_torch_loadi(p, x->dtype), i};
            }
            skey_sort(keys, keys + L, L, fl, desc);
            for (int64_t i = 0; i < k; i++) {
                int64_t e = (o * k + i) * inner + j;
                if (pr) {
                    const char *src = px + ((o * L + keys[i].i) * inner + j) * (int64_t)xs;
                    memcpy(pr + e * (int64_t)xs, src, xs);
                }
                fy_torch_storei(pi + e * 8, FY_TORCH_I64, keys[i].i);
            }
        }
    free(keys);
    FY_DECREF(x);
    if (!values) return (fy_obj *)ix;
    fy_obj *pair = fy_torch_return_pair(name, (fy_obj *)r, (fy_obj *)ix);
    FY_DECREF(r);
    FY_DECREF(ix);
    return pair;
}

static int tensor_dim(const char *op, fy_obj *x, fy_obj *d, int *dim) {
    if (!FY_TORCH_CHECK(x)) {
        fy_err_format(&fy_TypeError, "%s(): argument 'input' (position 1) must be Tensor, not %T", op, x);
        return -1;
    }
    int64_t d64 = -1;
    if (d && d != fy_None && fy_index(d, &d64) < 0) return -1;
    int nd = FY_TT(x)->ndim;
    if (fy_torch_wrap_dim(d64, nd ? nd : 1, dim) < 0) return -1;
    if (!nd) *dim = 0;
    return 0;
}

/* sort(dim=-1, descending=False, stable=False) and argsort(...). */
static fy_obj *sort_args(fy_obj *x, fy_obj *const *a, size_t n, fy_obj *kw, bool values) {
    static const char *const names[] = {"dim", "descending", "stable", NULL};
    fy_obj *v[3] = {NULL, NULL, NULL};
    const char *op = values ? "sort" : "argsort";
    if (fy_parse_args(op, a, n, kw, names, 0, 2, 3, v) < 0) return NULL;
    int dim;
    if (tensor_dim(op, x, v[0], &dim) < 0) return NULL;
    int desc = v[1] ? fy_truthy(v[1]) : 0;
    if (desc < 0) return NULL;
    fy_torch_tensor *t = FY_TT(x);
    return sorted_slices(t, dim, t->ndim ? t->shape[dim] : 1, desc, op, values);
}

/* topk(k, dim=-1, largest=True, sorted=True): the k largest (smallest) of each slice, in order. */
static fy_obj *topk_args(fy_obj *x, fy_obj *const *a, size_t n, fy_obj *kw) {
    static const char *const names[] = {"k", "dim", "largest", "sorted", NULL};
    fy_obj *v[4] = {NULL, NULL, NULL, NULL};
    if (fy_parse_args("topk", a, n, kw, names, 1, 4, 4, v) < 0) return NULL;
    int dim;
    int64_t k;
    if (tensor_dim("topk", x, v[1], &dim) < 0 || fy_index(v[0], &k) < 0) return NULL;
    fy_torch_tensor *t = FY_TT(x);
    int64_t L = t->ndim ? t->shape[dim] : 1;
    if (k < 0 || k > L) return fy_err_format(&fy_RuntimeError, "selected index k out of range");
    int largest = v[2] ? fy_truthy(v[2]) : 1;
    if (largest < 0) return NULL;
    return sorted_slices(t, dim, k, largest, "topk", true);
}

static fy_obj *m_sort(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) { return sort_args(self, a, n, kw, true); }
static fy_obj *f_sort(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    (void)self;
    if (!n) return fy_err_set(&fy_TypeError, "sort() missing required argument 'input'");
    return sort_args(a[0], a + 1, n - 1, kw, true);
}
static fy_obj *m_argsort(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    return sort_args(self, a, n, kw, false);
}
static fy_obj *f_argsort(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    (void)self;
    if (!n) return fy_err_set(&fy_TypeError, "argsort() missing required argument 'input'");
    return sort_args(a[0], a + 1, n - 1, kw, false);
}
static fy_obj *m_topk(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) { return topk_args(self, a, n, kw); }
static fy_obj *f_topk(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    (void)self;
    if (!n) return fy_err_set(&fy_TypeError, "topk() missing required argument 'input'");
    return topk_args(a[0], a + 1, n - 1, kw);
}

/* ---- index_add ---- */

/* t.index_add_(dim, index, source, *, alpha=1): t.select(dim, index[i]) += alpha * source.select(dim, i) for
 * each i in order (floats added in double and rounded to t's dtype each time, as torch's CPU loop; bool: or).
 * inplace 0 adds into a copy of t. torch's checks and messages. */
static fy_obj *index_add(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw, bool inplace) {
    static const char *const names[] = {"dim", "index", "source", "alpha", NULL};
    fy_obj *k[4] = {NULL, NULL, NULL, NULL};
    const char *fn = inplace ? "index_add_" : "index_add";
    if (fy_parse_args(fn, a, n, kw, names, 3, 3, 4, k) < 0) return NULL;
    fy_torch_tensor *t = FY_TT(self);
    int64_t d64;
    int dim, tnd = t->ndim ? t->ndim : 1;
    if (fy_index(k[0], &d64) < 0 || fy_torch_wrap_dim(d64, tnd, &dim) < 0) return NULL;
    if (!FY_TORCH_CHECK(k[1]) || !FY_TORCH_CHECK(k[2]))
        return fy_err_format(&fy_TypeError, "%s(): argument '%s' must be Tensor, not %s", fn,
                             FY_TORCH_CHECK(k[1]) ? "source" : "index",
                             fy_type_name(FY_TORCH_CHECK(k[1]) ? k[2] : k[1]));
    fy_torch_tensor *ix = FY_TT(k[1]), *src = FY_TT(k[2]);
    if (ix->dtype != FY_TORCH_I64 && ix->dtype != FY_TORCH_I32)
        return fy_err_set(&fy_RuntimeError, "index_add_(): Expected dtype int32/int64 for index");
    if (ix->ndim > 1) return fy_err_set(&fy_IndexError, "index_add_(): Index is supposed to be a vector");
    if (src->dtype != t->dtype)
        return fy_err_format(&fy_RuntimeError, "index_add_(): self (%s) and source (%s) must have the same scalar type",
                             fy_torch_scalar_name(t->dtype), fy_torch_scalar_name(src->dtype));
    int64_t ni = fy_torch_numel(ix);
    int64_t tsh[FY_TORCH_MAXDIM], ssh[FY_TORCH_MAXDIM], tst[FY_TORCH_MAXDIM], sst[FY_TORCH_MAXDIM];
    for (int d = 0; d < tnd; d++) {
        tsh[d] = t->ndim ? t->shape[d] : 1, tst[d] = t->ndim ? t->stride[d] : 0;
        ssh[d] = src->ndim ? (d < src->ndim ? src->shape[d] : 1) : 1, sst[d] = src->ndim > d ? src->stride[d] : 0;
    }
    int64_t sdim = src->ndim ? ssh[dim] : 1;
    if (ni != sdim)
        return fy_err_format(&fy_RuntimeError,
                             "index_add_(): Number of indices (%lld) should be equal to source.size(dim) (%lld)",
                             (long long)ni, (long long)sdim);
    bool same = src->ndim == t->ndim || (src->ndim <= 1 && t->ndim <= 1);
    for (int d = 0; same && d < tnd; d++) same = d == dim || tsh[d] == ssh[d];
    if (!same) {
        char b1[128], b2[128];
        fy_torch_shape_str(t->shape, t->ndim, b1, sizeof b1);
        fy_torch_shape_str(src->shape, src->ndim, b2, sizeof b2);
        return fy_err_format(&fy_RuntimeError,
                             "source tensor shape must match self tensor shape, excluding the specified dimension. "
                             "Got self.shape = %s source.shape = %s",
                             b1, b2);
    }
    int dt = t->dtype;
    bool fl = fy_torch_is_float(dt);
    double af = 1.0;
    int64_t ai = 1;
    if (k[3]) {
        if (!fl && FY_FLOAT_CHECK(k[3]))
            return fy_err_set(&fy_RuntimeError,
                              "For integral input tensors, argument alpha must not be a floating point number.");
        if (fl ? fy_as_double(k[3], &af) < 0 : fy_index(k[3], &ai) < 0) return NULL;
    }
    const char *ip = fy_torch_data_ro(ix);
    int64_t isz = (int64_t)fy_torch_itemsize(ix->dtype), ist = ix->ndim ? ix->stride[0] : 0;
    for (int64_t i = 0; i < ni; i++) { /* checked before anything is written */
        int64_t v = fy_torch_loadi(ip + i * ist * isz, ix->dtype);
        if (v < 0 || v >= tsh[dim]) return fy_err_set(&fy_IndexError, "index out of range in self");
    }
    fy_torch_tensor *r = inplace ? (fy_torch_tensor *)fy_ref(self) : fy_torch_copy_as(t, dt, t->st->dev);
    if (!r) return NULL;
    for (int d = 0; d < tnd; d++) tst[d] = r->ndim ? r->stride[d] : 0;
    int64_t esz = (int64_t)fy_torch_itemsize(dt), total = 1, c[FY_TORCH_MAXDIM] = {0};
    for (int d = 0; d < tnd; d++) total *= d == dim ? ni : ssh[d];
    char *rp = fy_torch_data(r);
    const char *sp = fy_torch_data_ro(src);
    for (int64_t e = 0; e < total; e++) {
        int64_t so = 0, ro = 0;
        for (int d = 0; d < tnd; d++) {
            so += c[d] * sst[d];
            ro += (d == dim ? fy_torch_loadi(ip + c[d] * ist * isz, ix->dtype) : c[d]) * tst[d];
        }
        char *q = rp + ro * esz;
        const char *x = sp + so * esz;
        if (fl) fy_torch_storef(q, dt, fy_torch_loadf(q, dt) + af * fy_torch_loadf(x, dt));
        else if (dt == FY_TORCH_BOOL) fy_torch_storei(q, dt, fy_torch_loadi(q, dt) || (ai && fy_torch_loadi(x, dt)));
        else
            fy_torch_storei(
                q, dt, (int64_t)((uint64_t)fy_torch_loadi(q, dt) + (uint64_t)ai * (uint64_t)fy_torch_loadi(x, dt)));
        for (int d = tnd - 1; d >= 0; d--) { /* next coordinate, last dimension fastest */
            if (++c[d] < (d == dim ? ni : ssh[d])) break;
            c[d] = 0;
        }
    }
    return &r->h;
}
static fy_obj *m_index_add_(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    return index_add(self, a, n, kw, true);
}
static fy_obj *m_index_add(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    return index_add(self, a, n, kw, false);
}
static fy_obj *f_index_add(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    (void)self;
    if (!n || !FY_TORCH_CHECK(a[0])) return fy_err_set(&fy_TypeError, "index_add(): argument 'input' must be Tensor");
    return index_add(a[0], a + 1, n - 1, kw, false);
}

fy_methoddef fy_torch_scan_methods[] = {
    {"cumsum", m_cumsum, 0, "cumsum(dim, *, dtype=None)"},
    {"cumprod", m_cumprod, 0, "cumprod(dim, *, dtype=None)"},
    {"cummax", m_cummax, 0, "cummax(dim) -> (values, indices)"},
    {"cummin", m_cummin, 0, "cummin(dim) -> (values, indices)"},
    {"repeat_interleave", m_repeat_interleave, 0, "repeat_interleave(repeats, dim=None)"},
    {"sort", m_sort, 0, "sort(dim=-1, descending=False, stable=False) -> (values, indices)"},
    {"argsort", m_argsort, 0, "argsort(dim=-1, descending=False, stable=False)"},
    {"topk", m_topk, 0, "topk(k, dim=-1, largest=True, sorted=True) -> (values, indices)"},
    {"index_add_", m_index_add_, 0, "index_add_(dim, index, source, *, alpha=1)"},
    {"index_add", m_index_add, 0, "index_add(dim, index, source, *, alpha=1)"},
    {NULL}};

fy_methoddef fy_torch_scan_funcs[] = {
    {"cumsum", f_cumsum, 0, "cumsum(input, dim, *, dtype=None)"},
    {"cumprod", f_cumprod, 0, "cumprod(input, dim, *, dtype=None)"},
    {"cummax", f_cummax, 0, "cummax(input, dim) -> (values, indices)"},
    {"cummin", f_cummin, 0, "cummin(input, dim) -> (values, indices)"},
    {"repeat_interleave", f_repeat_interleave, 0, "repeat_interleave(input, repeats, dim=None)"},
    {"sort", f_sort, 0, "sort(input, dim=-1, descending=False, stable=False) -> (values, indices)"},
    {"argsort", f_argsort, 0, "argsort(input, dim=-1, descending=False, stable=False)"},
    {"topk", f_topk, 0, "topk(input, k, dim=-1, largest=True, sorted=True) -> (values, indices)"},
    {"index_add", f_index_add, 0, "index_add(input, dim, index, source, *, alpha=1)"},
    {NULL}};

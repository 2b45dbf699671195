/* tensor_index.c - t[key] and t[key] = value: ints, slices with steps, None, Ellipsis and
 * tuples of them give views; index tensors (and lists of ints) and boolean masks give
 * torch's advanced indexing (a copy on read, a scatter on write), with broadcasting. */
#include <stdio.h>
#include <string.h>
#include "torch/torch.h"

enum { K_INT, K_SLICE, K_NONE, K_ELLIPSIS, K_TENSOR, K_MASK };
typedef struct {
    int kind;
    int64_t i;
    fy_obj *o;
    fy_torch_tensor *t;
} item_t;

#define MAXITEMS 32
#define MAXADV FY_TORCH_MAXDIM

typedef struct {
    fy_torch_tensor *view;           /* basic-indexed view (advanced dims kept whole) */
    int nadv;
    int advdim[MAXADV];              /* dim of view each index applies to */
    fy_torch_tensor *adv[MAXADV];    /* int64 contiguous indices, expanded to bshape */
    int64_t bshape[FY_TORCH_MAXDIM];
    int nb;
} plan_t;

static void plan_free(plan_t *p) {
    FY_XDECREF(p->view);
    for (int i = 0; i < p->nadv; i++) FY_XDECREF(p->adv[i]);
}

static int classify(fy_obj *o, item_t *it) {
    it->o = o;
    it->t = NULL;
    if (o == fy_None) {
        it->kind = K_NONE;
        return 0;
    }
    if (o == fy_Ellipsis) {
        it->kind = K_ELLIPSIS;
        return 0;
    }
    if (FY_IS_TYPE(o, fy_slice_type)) {
        it->kind = K_SLICE;
        return 0;
    }
    if (FY_TORCH_CHECK(o)) {
        fy_torch_tensor *t = FY_TT(o);
        if (t->dtype == FY_TORCH_BOOL || t->dtype == FY_TORCH_U8) {
            it->kind = K_MASK;
            it->t = (fy_torch_tensor *)fy_ref(o);
            return 0;
        }
        if (fy_torch_is_float(t->dtype)) {
            fy_err_set(&fy_IndexError, "tensors used as indices must be long, int, byte or bool tensors");
            return -1;
        }
        if (t->ndim == 0) {
            it->kind = K_INT;
            it->i = fy_torch_loadi(fy_torch_data(t), t->dtype);
            return 0;
        }
        it->kind = K_TENSOR;
        it->t = (fy_torch_tensor *)fy_ref(o);
        return 0;
    }
    if (FY_IS_TYPE(o, fy_bool_type)) {
        fy_err_set(&fy_IndexError, "flyi: indexing with a Python bool is not supported");
        return -1;
    }
    if (FY_INT_CHECK(o) || o->type->index) {
        it->kind = K_INT;
        return fy_index(o, &it->i);
    }
    if (FY_LIST_CHECK(o) || FY_TUPLE_CHECK(o)) {
        fy_torch_tensor *t = fy_torch_from_data(o, -1, fy_torch_cpu);
        if (!t) return -1;
        if (fy_torch_is_float(t->dtype)) {
            FY_DECREF(t);
            fy_err_set(&fy_IndexError, "tensors used as indices must be long, int, byte or bool tensors");
            return -1;
        }
        it->kind = t->dtype == FY_TORCH_BOOL ? K_MASK : K_TENSOR;
        it->t = t;
        return 0;
    }
    fy_err_format(
        &fy_IndexError,
        "only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables are valid indices (got %s)",
        o->type->name);
    return -1;
}

/* Build the plan for t[key]. */
static int make_plan(fy_torch_tensor *t, fy_obj *key, plan_t *p) {
    memset(p, 0, sizeof *p);
    item_t items[MAXITEMS];
    int n = 0, rc = -1;
    fy_obj *const *keys = &key;
    size_t nk = 1;
    if (FY_TUPLE_CHECK(key)) {
        keys = FY_TUPLE_ITEMS(key);
        nk = (size_t)FY_TUPLE_N(key);
    }
    if (nk > MAXITEMS) {
        fy_err_set(&fy_IndexError, "too many indices");
        return -1;
    }
    int consumed = 0, nell = 0;
    for (size_t i = 0; i < nk; i++) {
        if (classify(keys[i], &items[n]) < 0) goto out;
        item_t *it = &items[n++];
        if (it->kind == K_ELLIPSIS) {
            if (nell++) {
                fy_err_set(&fy_IndexError, "an index can only have a single ellipsis ('...')");
                goto out;
            }
        } else if (it->kind == K_MASK) consumed += it->t->ndim;
        else if (it->kind != K_NONE) consumed++;
    }
    if (consumed > t->ndim) {
        fy_err_format(&fy_IndexError, "too many indices for tensor of dimension %d", t->ndim);
        goto out;
    }
    int64_t shape[FY_TORCH_MAXDIM], stride[FY_TORCH_MAXDIM], offset = t->offset;
    int nd = 0, src = 0;
    fy_torch_tensor *idx[MAXADV];
    int nidx = 0;
    for (int i = 0; i < n; i++) {
        item_t *it = &items[i];
        if (nd >= FY_TORCH_MAXDIM && it->kind != K_INT) {
            fy_err_set(&fy_IndexError, "too many dimensions");
            goto out;
        }
        switch (it->kind) {
        case K_NONE:
            shape[nd] = 1;
            stride[nd++] = 0;
            break;
        case K_ELLIPSIS: {
            int k = t->ndim - consumed;
            for (int j = 0; j < k; j++, src++) {
                shape[nd] = t->shape[src];
                stride[nd++] = t->stride[src];
            }
            break;
        }
        case K_INT: {
            int64_t sz = t->shape[src], v = it->i;
            if (v < -sz || v >= sz) {
                fy_err_format(&fy_IndexError, "index %lld is out of bounds for dimension %d with size %lld",
                              (long long)it->i, src, (long long)sz);
                goto out;
            }
            if (v < 0) v += sz;
            offset += v * t->stride[src++];
            break;
        }
        case K_SLICE: {
            int64_t start, stop, step, len;
            if (fy_slice_indices(it->o, t->shape[src], &start, &stop, &step, &len) < 0) goto out;
            if (step <= 0) {
                fy_err_set(&fy_ValueError, "step must be greater than zero");
                goto out;
            }
            shape[nd] = len;
            stride[nd++] = t->stride[src] * step;
            if (len > 0) offset += start * t->stride[src];
            src++;
            break;
        }
        case K_TENSOR:
            if (nidx >= MAXADV) {
                fy_err_set(&fy_IndexError, "too many index tensors");
                goto out;
            }
            p->advdim[nidx] = nd;
            idx[nidx++] = (fy_torch_tensor *)fy_ref(&it->t->h);
            shape[nd] = t->shape[src];
            stride[nd++] = t->stride[src++];
            break;
        case K_MASK: {
            fy_torch_tensor *m = it->t;
            for (int j = 0; j < m->ndim; j++)
                if (m->shape[j] != t->shape[src + j]) {
                    fy_err_format(&fy_IndexError,
                                  "The shape of the mask [%lld] at index %d does not match the shape of the indexed "
                                  "tensor [%lld] at index %d",
                                  (long long)m->shape[j], j, (long long)t->shape[src + j], src + j);
                    goto out;
                }
            fy_torch_tensor *nz = fy_torch_nonzero(m);
            if (!nz) goto out;
            if (m->ndim == 0) {
                /* t[True]: a new dim of size 1 (or 0 for False) */
                shape[nd] = nz->shape[0];
                stride[nd++] = 0;
                FY_DECREF(nz);
                break;
            }
            for (int j = 0; j < m->ndim; j++) {
                if (nidx >= MAXADV) {
                    FY_DECREF(nz);
                    fy_err_set(&fy_IndexError, "too many index tensors");
                    goto out;
                }
                fy_torch_tensor *col = fy_torch_view_of(nz, 1, nz->shape, nz->stride, nz->offset + j);
                if (!col) {
                    FY_DECREF(nz);
                    goto out;
                }
                p->advdim[nidx] = nd;
                idx[nidx++] = col;
                shape[nd] = t->shape[src];
                stride[nd++] = t->stride[src++];
            }
            FY_DECREF(nz);
            break;
        }
        }
    }
    for (; src < t->ndim; src++) {
        shape[nd] = t->shape[src];
        stride[nd++] = t->stride[src];
    }
    p->view = fy_torch_view_of(t, nd, shape, stride, offset);
    if (!p->view) {
        for (int i = 0; i < nidx; i++) FY_DECREF(idx[i]);
        goto out;
    }
    /* broadcast the index tensors together */
    p->nb = 0;
    bool first = true;
    for (int i = 0; i < nidx; i++) {
        if (first) {
            memcpy(p->bshape, idx[i]->shape, sizeof(int64_t) * (size_t)idx[i]->ndim);
            p->nb = idx[i]->ndim;
            first = false;
            continue;
        }
        int64_t tmp[FY_TORCH_MAXDIM];
        int nt;
        if (fy_torch_broadcast_shapes(p->bshape, p->nb, idx[i]->shape, idx[i]->ndim, tmp, &nt) < 0) {
            fy_err_clear();
            fy_err_set(&fy_IndexError, "shape mismatch: indexing tensors could not be broadcast together");
            for (int j = i; j < nidx; j++) FY_DECREF(idx[j]);
            goto out;
        }
        memcpy(p->bshape, tmp, sizeof tmp);
        p->nb = nt;
    }
    for (int i = 0; i < nidx; i++) {
        fy_torch_tensor *e = fy_torch_expand(idx[i], p->bshape, p->nb);
        fy_torch_tensor *c = e ? fy_torch_copy_as(e, FY_TORCH_I64, fy_torch_cpu) : NULL;
        FY_XDECREF(e);
        FY_DECREF(idx[i]);
        if (!c) {
            for (int j = i + 1; j < nidx; j++) FY_DECREF(idx[j]);
            goto out;
        }
        p->adv[p->nadv++] = c;
        /* bounds */
        int64_t sz = p->view->shape[p->advdim[i]], m = fy_torch_numel(c);
        int64_t *v = (int64_t *)fy_torch_data(c);
        for (int64_t k = 0; k < m; k++) {
            if (v[k] < -sz || v[k] >= sz) {
                fy_err_format(&fy_IndexError, "index %lld is out of bounds for dimension %d with size %lld",
                              (long long)v[k], p->advdim[i], (long long)sz);
                for (int j = i + 1; j < nidx; j++) FY_DECREF(idx[j]);
                goto out;
            }
            if (v[k] < 0) v[k] += sz;
        }
    }
    rc = 0;
out:
    for (int i = 0; i < n; i++) FY_XDECREF(items[i].t);
    if (rc < 0) plan_free(p);
    return rc;
}

/* Result geometry of an advanced plan: for each result dim, the view dim it walks (>= 0) or
 * the broadcast-index dim (-1 - k). */
static int adv_layout(plan_t *p, int64_t *rshape, int *rmap) {
    bool isadv[FY_TORCH_MAXDIM] = {0};
    for (int i = 0; i < p->nadv; i++) isadv[p->advdim[i]] = true;
    bool consecutive = true;
    for (int i = 1; i < p->nadv; i++)
        if (p->advdim[i] != p->advdim[i - 1] + 1 && p->advdim[i] != p->advdim[i - 1]) consecutive = false;
    int nr = 0;
    fy_torch_tensor *v = p->view;
    if (consecutive) {
        int first = p->advdim[0];
        for (int d = 0; d < first; d++) {
            rshape[nr] = v->shape[d];
            rmap[nr++] = d;
        }
        for (int k = 0; k < p->nb; k++) {
            rshape[nr] = p->bshape[k];
            rmap[nr++] = -1 - k;
        }
        for (int d = first; d < v->ndim; d++)
            if (!isadv[d]) {
                rshape[nr] = v->shape[d];
                rmap[nr++] = d;
            }
    } else {
        for (int k = 0; k < p->nb; k++) {
            rshape[nr] = p->bshape[k];
            rmap[nr++] = -1 - k;
        }
        for (int d = 0; d < v->ndim; d++)
            if (!isadv[d]) {
                rshape[nr] = v->shape[d];
                rmap[nr++] = d;
            }
    }
    return nr;
}

/* Visit every element of the advanced result: fn(source element, result linear index). */
static void adv_walk(plan_t *p, const int64_t *rshape, const int *rmap, int nr,
                     void (*fn)(char *srcp, int64_t o, void *ctx), void *ctx) {
    fy_torch_tensor *v = p->view;
    int64_t total = 1;
    for (int i = 0; i < nr; i++) total *= rshape[i];
    int64_t bstr[FY_TORCH_MAXDIM], s = 1;
    for (int k = p->nb - 1; k >= 0; k--) {
        bstr[k] = s;
        s *= p->bshape[k];
    }
    int64_t idx[FY_TORCH_MAXDIM] = {0};
    size_t isz = fy_torch_itemsize(v->dtype);
    for (int64_t o = 0; o < total; o++) {
        int64_t off = v->offset, b = 0;
        for (int i = 0; i < nr; i++) {
            if (rmap[i] >= 0) off += idx[i] * v->stride[rmap[i]];
            else b += idx[i] * bstr[-1 - rmap[i]];
        }
        for (int j = 0; j < p->nadv; j++) off += ((int64_t *)fy_torch_data(p->adv[j]))[b] * v->stride[p->advdim[j]];
        fn(fy_torch_storage_host(v->st) + off * (int64_t)isz, o, ctx);
        for (int i = nr - 1; i >= 0; i--) {
            if (++idx[i] < rshape[i]) break;
            idx[i] = 0;
        }
    }
}

typedef struct {
    char *dst;
    size_t isz;
} gctx;
static void gather_one(char *srcp, int64_t o, void *c) {
    gctx *g = c;
    memcpy(g->dst + o * (int64_t)g->isz, srcp, g->isz);
}
static void scatter_one(char *srcp, int64_t o, void *c) {
    gctx *g = c;
    memcpy(srcp, g->dst + o * (int64_t)g->isz, g->isz);
}

fy_obj *fy_torch_getitem(fy_obj *self, fy_obj *key) {
    plan_t p;
    if (make_plan(FY_TT(self), key, &p) < 0) return NULL;
    if (p.nadv == 0) {
        fy_obj *r = fy_ref(&p.view->h);
        plan_free(&p);
        return r;
    }
    int64_t rshape[FY_TORCH_MAXDIM * 2];
    int rmap[FY_TORCH_MAXDIM * 2];
    int nr = adv_layout(&p, rshape, rmap);
    fy_torch_tensor *r = fy_torch_empty(p.view->dtype, nr, rshape, p.view->st->dev);
    if (r) {
        gctx g = {fy_torch_data(r), fy_torch_itemsize(r->dtype)};
        adv_walk(&p, rshape, rmap, nr, gather_one, &g);
    }
    plan_free(&p);
    return (fy_obj *)r;
}

int fy_torch_setitem(fy_obj *self, fy_obj *key, fy_obj *value) {
    if (!value) {
        fy_err_set(&fy_TypeError, "'Tensor' object does not support item deletion");
        return -1;
    }
    plan_t p;
    fy_torch_tensor *t = FY_TT(self);
    if (make_plan(t, key, &p) < 0) return -1;
    fy_torch_tensor *v;
    if (FY_TORCH_CHECK(value)) v = (fy_torch_tensor *)fy_ref(value);
    else if (FY_INT_CHECK(value) || FY_FLOAT_CHECK(value)) v = fy_torch_from_scalar(value, fy_torch_cpu);
    else v = fy_torch_from_data(value, t->dtype, fy_torch_cpu);
    if (!v) {
        plan_free(&p);
        return -1;
    }
    int rc = -1;
    if (p.nadv == 0) {
        rc = fy_torch_copy_into(p.view, v);
    } else {
        int64_t rshape[FY_TORCH_MAXDIM * 2];
        int rmap[FY_TORCH_MAXDIM * 2];
        int nr = adv_layout(&p, rshape, rmap);
        fy_torch_tensor *e = fy_torch_expand(v, rshape, nr);
        if (!e) {
            char a[256], b[256];
            fy_err_clear();
            fy_torch_shape_str(v->shape, v->ndim, a, sizeof a);
            fy_torch_shape_str(rshape, nr, b, sizeof b);
            fy_err_format(&fy_RuntimeError,
                          "shape mismatch: value tensor of shape %s cannot be broadcast to indexing result of shape %s",
                          a, b);
        } else {
            fy_torch_tensor *c = fy_torch_copy_as(e, t->dtype, fy_torch_cpu);
            FY_DECREF(e);
            if (c) {
                gctx g = {fy_torch_data(c), fy_torch_itemsize(t->dtype)};
                adv_walk(&p, rshape, rmap, nr, scatter_one, &g);
                FY_DECREF(c);
                rc = 0;
            }
        }
    }
    FY_DECREF(v);
    plan_free(&p);
    return rc;
}

fy_torch_tensor *fy_torch_nonzero(fy_torch_tensor *t) {
    fy_torch_tensor *c = fy_torch_copy_as(t, FY_TORCH_BOOL, fy_torch_cpu);
    if (!c) return NULL;
    int64_t n = fy_torch_numel(c), cnt = 0;
    const uint8_t *d = (const uint8_t *)fy_torch_data(c);
    for (int64_t i = 0; i < n; i++) cnt += d[i] != 0;
    int64_t shape[2] = {cnt, t->ndim};
    fy_torch_tensor *r = fy_torch_empty(FY_TORCH_I64, 2, shape, t->st->dev);
    if (!r) {
        FY_DECREF(c);
        return NULL;
    }
    int64_t *out = (int64_t *)fy_torch_data(r), idx[FY_TORCH_MAXDIM] = {0};
    for (int64_t i = 0; i < n; i++) {
        if (d[i])
            for (int k = 0; k < t->ndim; k++) *out++ = idx[k];
        for (int k = t->ndim - 1; k >= 0; k--) {
            if (++idx[k] < t->shape[k]) break;
            idx[k] = 0;
        }
    }
    FY_DECREF(c);
    return r;
}

/* tensor.c - the Tensor type: allocation, views, scalars, conversions, copies, properties and
 * the basic methods (dim, numel, item, tolist, to, cpu/cuda, clone, fill_, copy_, ...), plus
 * torch.Size and the argument helpers shared by the module's functions. */
#include <stddef.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "torch/torch.h"

/* ------------------------------------------------------------------ allocation */

static void tensor_dealloc(fy_obj *o) {
    FY_CLEAR(FY_TT(o)->dict);
    FY_CLEAR(FY_TT(o)->grad);
    FY_CLEAR(FY_TT(o)->grad_fn);
    fy_torch_storage_release(FY_TT(o)->st);
}

static fy_torch_tensor *tensor_alloc(void) { return (fy_torch_tensor *)fy_alloc(&fy_torch_tensor_type); }

fy_torch_tensor *fy_torch_empty(int dtype, int ndim, const int64_t *shape, fy_torch_device dev) {
    if (ndim > FY_TORCH_MAXDIM) {
        fy_err_format(&fy_RuntimeError, "flyi tensors have at most %d dimensions", FY_TORCH_MAXDIM);
        return NULL;
    }
    int64_t n = 1;
    for (int i = 0; i < ndim; i++) {
        if (shape[i] < 0) {
            fy_err_format(&fy_RuntimeError,
                          "Trying to create tensor with negative dimension %lld: ", (long long)shape[i]);
            return NULL;
        }
        if (shape[i] && n > INT64_MAX / 16 / shape[i]) {
            fy_err_nomem();
            return NULL;
        }
        n *= shape[i];
    }
    fy_torch_storage *st = fy_torch_alloc_storage((size_t)n * fy_torch_itemsize(dtype), dev);
    if (!st) return NULL;
    st->dtype = dtype;
    fy_torch_tensor *t = tensor_alloc();
    if (!t) {
        fy_torch_storage_release(st);
        return NULL;
    }
    t->st = st;
    t->dtype = dtype;
    t->ndim = ndim;
    int64_t s = 1;
    for (int i = ndim - 1; i >= 0; i--) {
        t->shape[i] = shape[i];
        t->stride[i] = s;
        s *= shape[i] ? shape[i] : 1;
    }
    return t;
}

fy_torch_tensor *fy_torch_empty_uninit(int dtype, int ndim, const int64_t *shape, fy_torch_device dev) {
    fy_torch_storage_noinit = true;
    fy_torch_tensor *t = fy_torch_empty(dtype, ndim, shape, dev);
    fy_torch_storage_noinit = false;
    return t;
}

fy_torch_tensor *fy_torch_view_of(fy_torch_tensor *base, int ndim, const int64_t *shape, const int64_t *stride,
                                  int64_t offset) {
    if (ndim > FY_TORCH_MAXDIM) {
        fy_err_format(&fy_RuntimeError, "flyi tensors have at most %d dimensions", FY_TORCH_MAXDIM);
        return NULL;
    }
    fy_torch_tensor *t = tensor_alloc();
    if (!t) return NULL;
    t->st = base->st;
    t->st->rc++;
    t->dtype = base->dtype;
    t->ndim = ndim;
    t->offset = offset;
    for (int i = 0; i < ndim; i++) {
        t->shape[i] = shape[i];
        t->stride[i] = stride[i];
    }
    return t;
}

fy_torch_tensor *fy_torch_from_scalar(fy_obj *v, fy_torch_device dev) {
    int dt;
    if (FY_IS_TYPE(v, fy_bool_type)) dt = FY_TORCH_BOOL;
    else if (FY_INT_CHECK(v) && FY_INT_IS_BIG(v)) {
        fy_err_set(&fy_RuntimeError, "Overflow when unpacking long");
        return NULL;
    } else if (FY_INT_CHECK(v)) dt = FY_TORCH_I64;
    else if (FY_FLOAT_CHECK(v)) dt = FY_TORCH_F64;
    else {
        fy_err_format(&fy_TypeError, "expected Tensor or number, got %T", v);
        return NULL;
    }
    fy_torch_tensor *t = fy_torch_empty(dt, 0, NULL, dev);
    if (!t) return NULL;
    if (dt == FY_TORCH_F64) fy_torch_storef(fy_torch_storage_host(t->st), dt, FY_FLOAT_VAL(v));
    else fy_torch_storei(fy_torch_storage_host(t->st), dt, FY_INT_VAL(v));
    t->wrapped = true;
    return t;
}

fy_torch_tensor *fy_torch_as_tensor(fy_obj *o, fy_torch_device dev) {
    if (FY_TORCH_CHECK(o)) return (fy_torch_tensor *)fy_ref(o);
    return fy_torch_from_scalar(o, dev);
}

int64_t fy_torch_numel(const fy_torch_tensor *t) {
    int64_t n = 1;
    for (int i = 0; i < t->ndim; i++) n *= t->shape[i];
    return n;
}

bool fy_torch_is_contiguous(const fy_torch_tensor *t) {
    int64_t s = 1;
    for (int i = t->ndim - 1; i >= 0; i--) {
        if (t->shape[i] == 0) return true;
        if (t->shape[i] != 1 && t->stride[i] != s) return false;
        s *= t->shape[i];
    }
    return true;
}

/* ------------------------------------------------------------------ copies */

typedef struct {
    int ddt, sdt;
    bool intpath, f32path;
} copyctx;

/* Conversions that go exactly through float32: from a format of at most float32's precision (or float64,
 * which fy_torch_storef rounds to float32 first) to one that is not float64 (from float64 to float64
 * is a plain copy). */
static bool via_f32(int ddt, int sdt) {
    return ddt != sdt && fy_torch_cvt_f32_ok(sdt, false) && fy_torch_cvt_f32_ok(ddt, true) &&
           (ddt != FY_TORCH_F64 || sdt != FY_TORCH_F64);
}
static void copy_row(char **p, const int64_t *bs, int64_t n, void *vctx) {
    copyctx *c = vctx;
    char *d = p[0], *s = p[1];
    if (c->ddt == c->sdt) {
        size_t isz = fy_torch_itemsize(c->ddt);
        if ((int64_t)isz == bs[0] && (int64_t)isz == bs[1]) {
            memmove(d, s, isz * (size_t)n);
            return;
        }
        for (int64_t i = 0; i < n; i++, d += bs[0], s += bs[1]) memmove(d, s, isz);
        return;
    }
    if (c->f32path) {
        /* float formats through float32 blocks: fy_torch_storef rounds through float32 too (tensor_kern.c) */
        float buf[1024];
        bool direct = c->sdt == FY_TORCH_F32 && bs[1] == 4; /* contiguous float32: read in place */
        for (int64_t i = 0; i < n; i += 1024) {
            int64_t m = n - i < 1024 ? n - i : 1024;
            const float *f = (const float *)(const void *)(s + i * bs[1]);
            if (!direct) {
                fy_torch_cvt_to_f32(s + i * bs[1], bs[1], c->sdt, buf, m);
                f = buf;
            }
            fy_torch_cvt_from_f32(f, d + i * bs[0], bs[0], c->ddt, m);
        }
        return;
    }
    if (c->intpath)
        for (int64_t i = 0; i < n; i++, d += bs[0], s += bs[1]) fy_torch_storei(d, c->ddt, fy_torch_loadi(s, c->sdt));
    else
        for (int64_t i = 0; i < n; i++, d += bs[0], s += bs[1]) fy_torch_storef(d, c->ddt, fy_torch_loadf(s, c->sdt));
}

int fy_torch_copy_into(fy_torch_tensor *dst, fy_torch_tensor *src) {
    fy_torch_tensor *e = fy_torch_expand(src, dst->shape, dst->ndim);
    if (!e) return -1;
    copyctx c = {dst->dtype, src->dtype, !fy_torch_is_float(src->dtype), via_f32(dst->dtype, src->dtype)};
    fy_torch_tensor *ops[2] = {dst, e};
    /* overlapping storage: copy through a temporary */
    if (dst->st == src->st && src != dst) {
        fy_torch_tensor *tmp = fy_torch_copy_as(e, e->dtype, e->st->dev);
        FY_DECREF(e);
        if (!tmp) return -1;
        ops[1] = tmp;
        fy_torch_foreach(2, ops, dst->shape, dst->ndim, copy_row, &c);
        FY_DECREF(tmp);
        return 0;
    }
    fy_torch_foreach(2, ops, dst->shape, dst->ndim, copy_row, &c);
    FY_DECREF(e);
    return 0;
}

fy_torch_tensor *fy_torch_copy_as(fy_torch_tensor *t, int dtype, fy_torch_device dev) {
    fy_torch_tensor *r = fy_torch_empty_uninit(dtype, t->ndim, t->shape, dev);
    if (!r) return NULL;
    copyctx c = {dtype, t->dtype, !fy_torch_is_float(t->dtype), via_f32(dtype, t->dtype)};
    fy_torch_tensor *ops[2] = {r, t};
    fy_torch_foreach(2, ops, t->shape, t->ndim, copy_row, &c);
    r->requires_grad = false;
    return r;
}

fy_torch_tensor *fy_torch_contiguous(fy_torch_tensor *t) {
    if (fy_torch_is_contiguous(t)) return (fy_torch_tensor *)fy_ref(&t->h);
    return fy_torch_copy_as(t, t->dtype, t->st->dev);
}

int fy_torch_fill(fy_torch_tensor *t, fy_obj *v) {
    fy_torch_tensor *s;
    if (FY_TORCH_CHECK(v)) {
        if (FY_TT(v)->ndim != 0) {
            fy_err_format(&fy_RuntimeError,
                          "fill_ only supports 0-dimension value tensor but got tensor with %d dimensions.",
                          FY_TT(v)->ndim);
            return -1;
        }
        s = (fy_torch_tensor *)fy_ref(v);
    } else {
        s = fy_torch_from_scalar(v, fy_torch_cpu);
        if (!s) return -1;
    }
    int r = fy_torch_copy_into(t, s);
    FY_DECREF(s);
    return r;
}

fy_obj *fy_torch_elem_obj(fy_torch_tensor *t, const char *p) {
    if (t->dtype == FY_TORCH_BOOL) return fy_bool(*(const uint8_t *)p != 0);
    if (fy_torch_is_float(t->dtype)) return fy_float_from(fy_torch_loadf(p, t->dtype));
    return fy_int_from(fy_torch_loadi(p, t->dtype));
}

fy_obj *fy_torch_item(fy_torch_tensor *t) {
    int64_t n = fy_torch_numel(t);
    if (n != 1)
        return fy_err_format(&fy_RuntimeError, "a Tensor with %lld elements cannot be converted to Scalar",
                             (long long)n);
    return fy_torch_elem_obj(t, fy_torch_data_ro(t));
}

/* ------------------------------------------------------------------ helpers */

int fy_torch_wrap_dim(int64_t dim, int ndim, int *out) {
    int n = ndim > 0 ? ndim : 1;
    if (dim < -n || dim >= n) {
        fy_err_format(&fy_IndexError, "Dimension out of range (expected to be in range of [%d, %d], but got %lld)", -n,
                      n - 1, (long long)dim);
        return -1;
    }
    *out = (int)(dim < 0 ? dim + n : dim);
    return 0;
}

void fy_torch_shape_str(const int64_t *shape, int ndim, char *buf, size_t cap) {
    size_t k = (size_t)snprintf(buf, cap, "[");
    for (int i = 0; i < ndim && k < cap; i++)
        k += (size_t)snprintf(buf + k, cap - k, "%s%lld", i ? ", " : "", (long long)shape[i]);
    if (k < cap) snprintf(buf + k, cap - k, "]");
}

int fy_torch_parse_shape(const char *fname, fy_obj *const *args, size_t nargs, int64_t *shape, int *ndim) {
    fy_obj *const *items = args;
    size_t n = nargs;
    if (nargs == 1 && !FY_INT_CHECK(args[0])) {
        fy_obj **it = fy_seq_items(args[0], &n);
        if (!it && !FY_LIST_CHECK(args[0]) && !FY_TUPLE_CHECK(args[0])) { /* an empty list has no items */
            fy_err_format(&fy_TypeError,
                          "%s(): argument 'size' must be tuple of ints, but found element of type %T at pos 0", fname,
                          args[0]);
            return -1;
        }
        items = it;
    }
    if (n > FY_TORCH_MAXDIM) {
        fy_err_format(&fy_RuntimeError, "flyi tensors have at most %d dimensions", FY_TORCH_MAXDIM);
        return -1;
    }
    for (size_t i = 0; i < n; i++) {
        if (FY_TORCH_CHECK(items[i]) && FY_TT(items[i])->ndim == 0 && !fy_torch_is_float(FY_TT(items[i])->dtype)) {
            shape[i] = fy_torch_loadi(fy_torch_data(FY_TT(items[i])), FY_TT(items[i])->dtype);
            continue;
        }
        if (!FY_INT_CHECK(items[i]) && !(items[i]->type->index)) {
            fy_err_format(&fy_TypeError,
                          "%s(): argument 'size' must be tuple of ints, but found element of type %T at pos %zu", fname,
                          items[i], i);
            return -1;
        }
        if (fy_index(items[i], &shape[i]) < 0) return -1;
    }
    *ndim = (int)n;
    return 0;
}

int fy_torch_kwargs(const char *fname, fy_obj *const *args, size_t nargs, fy_obj *kwnames, const char *const *names,
                    fy_obj **out) {
    int k = 0;
    for (; names[k]; k++) out[k] = NULL;
    size_t nkw = fy_kwcount(kwnames);
    for (size_t i = 0; i < nkw; i++) {
        fy_obj *key = FY_TUPLE_ITEMS(kwnames)[i];
        int j = 0;
        for (; names[j]; j++)
            if (fy_str_eq_cstr(key, names[j])) break;
        if (!names[j]) {
            fy_err_format(&fy_TypeError, "%s() got an unexpected keyword argument '%s'", fname, FY_STR_DATA(key));
            return -1;
        }
        out[j] = args[nargs + i];
    }
    return 0;
}

/* ------------------------------------------------------------------ torch.Size */

fy_obj *fy_torch_size_new(const int64_t *shape, int ndim) {
    fy_tuple *s = (fy_tuple *)fy_alloc_size(&fy_torch_size_type, sizeof(fy_tuple) + (size_t)ndim * sizeof(fy_obj *));
    if (!s) return NULL;
    s->n = ndim;
    s->hash = -1;
    for (int i = 0; i < ndim; i++) {
        s->items[i] = fy_int_from(shape[i]);
        if (!s->items[i]) {
            s->n = i;
            FY_DECREF(&s->h);
            return NULL;
        }
    }
    return &s->h;
}
static fy_obj *size_repr(fy_obj *o) {
    fy_sbuf b = {0};
    fy_sbuf_adds(&b, "torch.Size([");
    for (int64_t i = 0; i < FY_TUPLE_N(o); i++) {
        if (i) fy_sbuf_adds(&b, ", ");
        if (fy_sbuf_add_repr(&b, FY_TUPLE_ITEMS(o)[i]) < 0) {
            fy_sbuf_free(&b);
            return NULL;
        }
    }
    fy_sbuf_adds(&b, "])");
    return fy_sbuf_finish(&b);
}
static fy_obj *size_numel(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    int64_t r = 1;
    for (int64_t i = 0; i < FY_TUPLE_N(self); i++) {
        int64_t v;
        if (fy_index(FY_TUPLE_ITEMS(self)[i], &v) < 0) return NULL;
        r *= v;
    }
    return fy_int_from(r);
}
static fy_obj *size_new(fy_type *t, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    int64_t shape[FY_TORCH_MAXDIM];
    int nd = 0;
    if (nargs > 1) return fy_err_set(&fy_TypeError, "Size expected at most 1 argument");
    if (nargs == 1 && fy_torch_parse_shape("Size", args, 1, shape, &nd) < 0) return NULL;
    return fy_torch_size_new(shape, nd);
}
/* FlyDSL host code treats a jit's tensor argument as an fx.Tensor and writes A.shape.unpack();
 * here the argument stays a torch tensor, so its Size answers unpack() with the plain ints. */
static fy_obj *size_unpack(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_no_kwargs("unpack", kw) < 0 || fy_check_nargs("unpack", n, 0, 0) < 0) return NULL;
    return fy_tuple_from(FY_TUPLE_ITEMS(self), (size_t)FY_TUPLE_N(self));
}
static fy_methoddef size_methods[] = {
    {"numel", size_numel, 0, "numel()"},
    {"unpack", size_unpack, 0, "unpack()\nThe sizes as a tuple of ints (FlyDSL's IntTuple.unpack())."},
    {NULL}};
fy_type fy_torch_size_type = {
    FY_TYPE_INIT("Size", sizeof(fy_tuple)),
    .base = &fy_tuple_type,
    .repr = size_repr,
    .str = size_repr,
    .new_ = size_new,
    .methods = size_methods,
};

/* ------------------------------------------------------------------ properties */

static fy_obj *t_shape(fy_obj *o) { return fy_torch_size_new(FY_TT(o)->shape, FY_TT(o)->ndim); }
static fy_obj *t_dtype(fy_obj *o) { return fy_torch_dtype_get(FY_TT(o)->dtype); }
static fy_obj *t_device(fy_obj *o) { return fy_torch_device_new(FY_TT(o)->st->dev); }
static fy_obj *t_ndim(fy_obj *o) { return fy_int_from(FY_TT(o)->ndim); }
static fy_obj *t_is_cuda(fy_obj *o) { return fy_bool(FY_TT(o)->st->dev.type == 1); }
static fy_obj *t_itemsize(fy_obj *o) { return fy_int_from((int64_t)fy_torch_itemsize(FY_TT(o)->dtype)); }
static fy_obj *t_nbytes(fy_obj *o) {
    return fy_int_from(fy_torch_numel(FY_TT(o)) * (int64_t)fy_torch_itemsize(FY_TT(o)->dtype));
}
static fy_obj *t_rg(fy_obj *o) { return fy_bool(FY_TT(o)->requires_grad); }
static int t_set_rg(fy_obj *o, fy_obj *v) { return fy_torch_ag_set_requires_grad(o, v); }
static fy_obj *t_data(fy_obj *o) {
    fy_torch_tensor *t = FY_TT(o);
    return (fy_obj *)fy_torch_view_of(t, t->ndim, t->shape, t->stride, t->offset);
}
static fy_obj *t_T(fy_obj *o) {
    fy_torch_tensor *t = FY_TT(o);
    int perm[FY_TORCH_MAXDIM];
    for (int i = 0; i < t->ndim; i++) perm[i] = t->ndim - 1 - i;
    return (fy_obj *)fy_torch_permute(t, perm);
}
static fy_obj *t_mT(fy_obj *o) {
    fy_torch_tensor *t = FY_TT(o);
    if (t->ndim < 2)
        return fy_err_set(&fy_RuntimeError,
                          "tensor.mT is only supported on matrices or batches of matrices. Got 1-D tensor.");
    return (fy_obj *)fy_torch_transpose(t, t->ndim - 2, t->ndim - 1);
}

static fy_getsetdef tensor_getsets[] = {{"shape", t_shape, NULL, "torch.Size of the tensor"},
                                        {"dtype", t_dtype, NULL, NULL},
                                        {"device", t_device, NULL, NULL},
                                        {"ndim", t_ndim, NULL, NULL},
                                        {"is_cuda", t_is_cuda, NULL, NULL},
                                        {"grad", fy_torch_ag_get_grad, fy_torch_ag_set_grad, NULL},
                                        {"grad_fn", fy_torch_ag_get_grad_fn, NULL, NULL},
                                        {"is_leaf", fy_torch_ag_is_leaf, NULL, NULL},
                                        {"itemsize", t_itemsize, NULL, NULL},
                                        {"nbytes", t_nbytes, NULL, "numel() * itemsize"},
                                        {"requires_grad", t_rg, t_set_rg, NULL},
                                        {"data", t_data, NULL, NULL},
                                        {"T", t_T, NULL, NULL},
                                        {"mT", t_mT, NULL, NULL},
                                        {NULL}};

/* ------------------------------------------------------------------ methods */

#define SELF FY_TT(self)
static fy_obj *m_dim(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) { return fy_int_from(SELF->ndim); }
static fy_obj *m_numel(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    return fy_int_from(fy_torch_numel(SELF));
}
static fy_obj *m_element_size(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    return fy_int_from((int64_t)fy_torch_itemsize(SELF->dtype));
}
static fy_obj *m_data_ptr(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    return fy_int_from((int64_t)(intptr_t)fy_torch_device_data(SELF));
}
static fy_obj *m_storage_offset(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    return fy_int_from(SELF->offset);
}
static fy_obj *m_size_stride(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw, bool stride) {
    static const char *const names[] = {"dim", NULL};
    fy_obj *d[1];
    if (fy_parse_args(stride ? "stride" : "size", a, n, kw, names, 0, 1, 1, d) < 0) return NULL;
    const int64_t *v = stride ? SELF->stride : SELF->shape;
    if (d[0] && d[0] != fy_None) {
        int64_t k;
        int dim;
        if (fy_index(d[0], &k) < 0 || fy_torch_wrap_dim(k, SELF->ndim, &dim) < 0) return NULL;
        if (SELF->ndim == 0)
            return fy_err_format(&fy_IndexError, "dimension specified as %lld but tensor has no dimensions",
                                 (long long)k);
        return fy_int_from(v[dim]);
    }
    if (!stride) return fy_torch_size_new(v, SELF->ndim);
    fy_obj *t = fy_tuple_new((size_t)SELF->ndim);
    if (!t) return NULL;
    for (int i = 0; i < SELF->ndim; i++) fy_tuple_set_steal(t, (size_t)i, fy_int_from(v[i]));
    return t;
}
static fy_obj *m_size(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    return m_size_stride(self, a, n, kw, false);
}
static fy_obj *m_stride(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    return m_size_stride(self, a, n, kw, true);
}
static fy_obj *m_item(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_check_nargs("item", n, 0, 0) < 0) return NULL;
    return fy_torch_item(SELF);
}

static fy_obj *tolist_rec(fy_torch_tensor *t, int d, const char *p) {
    if (d == t->ndim) return fy_torch_elem_obj(t, p);
    fy_obj *l = fy_list_new((size_t)t->shape[d]);
    if (!l) return NULL;
    int64_t bs = t->stride[d] * (int64_t)fy_torch_itemsize(t->dtype);
    for (int64_t i = 0; i < t->shape[d]; i++) {
        fy_obj *v = tolist_rec(t, d + 1, p + i * bs);
        if (!v) {
            for (int64_t j = i; j < t->shape[d]; j++) FY_LIST_ITEMS(l)[j] = fy_none();
            FY_DECREF(l);
            return NULL;
        }
        FY_LIST_ITEMS(l)[i] = v;
    }
    return l;
}
static fy_obj *m_tolist(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    return tolist_rec(SELF, 0, fy_torch_data_ro(SELF));
}

/* Result of .to()/.cpu()/...: self when nothing changes, else a converted copy. */
static fy_obj *convert(fy_torch_tensor *t, int dtype, fy_torch_device dev, bool copy) {
    if (!copy && dtype == t->dtype && fy_torch_same_device(dev, t->st->dev)) return fy_ref(&t->h);
    if (dev.type == 1 && dev.index < 0) dev.index = 0;
    return (fy_obj *)fy_torch_copy_as(t, dtype, dev);
}

static fy_obj *m_to(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    static const char *const names[] = {"dtype", "device", "non_blocking", "copy", "memory_format", NULL};
    fy_obj *k[5];
    if (fy_torch_kwargs("to", a, n, kw, names, k) < 0) return NULL;
    int dtype = SELF->dtype;
    fy_torch_device dev = SELF->st->dev;
    for (size_t i = 0; i < n; i++) {
        fy_obj *x = a[i];
        if (FY_IS_TYPE(x, fy_torch_dtype_type)) dtype = ((fy_torch_dtype_obj *)x)->id;
        else if (FY_TORCH_CHECK(x)) {
            dtype = FY_TT(x)->dtype;
            dev = FY_TT(x)->st->dev;
        } else if (FY_IS_TYPE(x, fy_bool_type)) continue; /* non_blocking */
        else if (fy_torch_parse_device(x, &dev) < 0) return NULL;
    }
    if (k[0] && k[0] != fy_None && (dtype = fy_torch_dtype_from(k[0])) < 0) return NULL;
    if (k[1] && k[1] != fy_None && fy_torch_parse_device(k[1], &dev) < 0) return NULL;
    bool copy = k[3] && fy_truthy(k[3]) > 0;
    return convert(SELF, dtype, dev, copy);
}
static fy_obj *m_cpu(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    return convert(SELF, SELF->dtype, fy_torch_cpu, false);
}
static fy_obj *m_cuda(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    fy_torch_device d = {1, 0};
    if (n >= 1 && a[0] != fy_None && fy_torch_parse_device(a[0], &d) < 0) return NULL;
    d.type = 1;
    if (d.index < 0) d.index = 0;
    return convert(SELF, SELF->dtype, d, false);
}
#define CONV(name, dt) \
    static fy_obj *m_##name(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) { \
        return convert(SELF, dt, SELF->st->dev, false); \
    }
CONV(float, FY_TORCH_F32)
CONV(double, FY_TORCH_F64)
CONV(half, FY_TORCH_F16)
CONV(bfloat16, FY_TORCH_BF16)
CONV(long, FY_TORCH_I64)
CONV(int, FY_TORCH_I32)
CONV(short, FY_TORCH_I16)
CONV(char, FY_TORCH_I8)
CONV(byte, FY_TORCH_U8)
CONV(bool, FY_TORCH_BOOL)

static fy_obj *m_type(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (n == 0) {
        const char *names[] = {"BoolTensor",       "ByteTensor",   "CharTensor",          "ShortTensor",
                               "IntTensor",        "LongTensor",   "HalfTensor",          "BFloat16Tensor",
                               "FloatTensor",      "DoubleTensor", "Float8_e4m3fnTensor", "Float8_e4m3fnuzTensor",
                               "Float8_e5m2Tensor"};
        return fy_str_printf("torch.%s%s", SELF->st->dev.type == 1 ? "cuda." : "", names[SELF->dtype]);
    }
    int dt = fy_torch_dtype_from(a[0]);
    if (dt < 0) return NULL;
    return convert(SELF, dt, SELF->st->dev, false);
}
static fy_obj *m_contiguous(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    return (fy_obj *)fy_torch_contiguous(SELF);
}
static fy_obj *m_is_contiguous(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    return fy_bool(fy_torch_is_contiguous(SELF));
}
static fy_obj *m_is_floating_point(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    return fy_bool(fy_torch_is_float(SELF->dtype));
}
static fy_obj *m_clone(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    return (fy_obj *)fy_torch_copy_as(SELF, SELF->dtype, SELF->st->dev);
}
/* copy.deepcopy(t): a new tensor with t's values on t's device (requires_grad kept), as torch's is. */
static fy_obj *m_deepcopy(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    fy_obj *r = (fy_obj *)fy_torch_copy_as(SELF, SELF->dtype, SELF->st->dev);
    if (r && SELF->requires_grad && fy_torch_ag_set_requires_grad(r, fy_True) < 0) {
        FY_DECREF(r);
        return NULL;
    }
    return r;
}
static fy_obj *m_detach(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    return (fy_obj *)fy_torch_view_of(SELF, SELF->ndim, SELF->shape, SELF->stride, SELF->offset);
}
static fy_obj *m_zero_(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    fy_obj *z = fy_int_from(0);
    int r = fy_torch_fill(SELF, z);
    FY_DECREF(z);
    return r < 0 ? NULL : fy_ref(self);
}
static fy_obj *m_fill_(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_check_nargs("fill_", n, 1, 1) < 0) return NULL;
    return fy_torch_fill(SELF, a[0]) < 0 ? NULL : fy_ref(self);
}
static fy_obj *m_copy_(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (n < 1) return fy_err_set(&fy_TypeError, "copy_() missing required argument 'src'");
    if (!FY_TORCH_CHECK(a[0]))
        return fy_err_format(&fy_TypeError, "copy_(): argument 'src' must be Tensor, not %T", a[0]);
    return fy_torch_copy_into(SELF, FY_TT(a[0])) < 0 ? NULL : fy_ref(self);
}
static fy_obj *m_requires_grad_(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (t_set_rg(self, n ? a[0] : fy_True) < 0) return NULL;
    return fy_ref(self);
}
static fy_obj *m_format(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_check_nargs("__format__", n, 1, 1) < 0) return NULL;
    if (SELF->ndim == 0) {
        fy_obj *v = fy_torch_item(SELF);
        if (!v) return NULL;
        fy_obj *r = fy_format(v, a[0]);
        FY_DECREF(v);
        return r;
    }
    return fy_repr(self);
}
static fy_obj *m_new_tensor_like(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw, int fill) {
    int64_t shape[FY_TORCH_MAXDIM];
    int nd;
    static const char *const names[] = {"dtype", "device", "requires_grad", NULL};
    fy_obj *k[3];
    if (fy_torch_kwargs("new_zeros", a, n, kw, names, k) < 0) return NULL;
    if (fy_torch_parse_shape("new_zeros", a, n, shape, &nd) < 0) return NULL;
    int dt = SELF->dtype;
    fy_torch_device dev = SELF->st->dev;
    if (k[0] && k[0] != fy_None && (dt = fy_torch_dtype_from(k[0])) < 0) return NULL;
    if (k[1] && k[1] != fy_None && fy_torch_parse_device(k[1], &dev) < 0) return NULL;
    fy_torch_tensor *t = fy_torch_empty(dt, nd, shape, dev);
    if (t && fill) {
        fy_obj *one = fy_int_from(1);
        fy_torch_fill(t, one);
        FY_DECREF(one);
    }
    return (fy_obj *)t;
}
static fy_obj *m_new_zeros(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    return m_new_tensor_like(self, a, n, kw, 0);
}
static fy_obj *m_new_ones(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    return m_new_tensor_like(self, a, n, kw, 1);
}
static fy_obj *m_new_empty(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    return m_new_tensor_like(self, a, n, kw, 0);
}

static fy_methoddef tensor_methods[] = {{"dim", m_dim, 0, "dim()"},
                                        {"ndimension", m_dim, 0, "ndimension()"},
                                        {"numel", m_numel, 0, "numel()"},
                                        {"nelement", m_numel, 0, "nelement()"},
                                        {"element_size", m_element_size, 0, "element_size()"},
                                        {"data_ptr", m_data_ptr, 0, "data_ptr(): address of the first element"},
                                        {"storage_offset", m_storage_offset, 0, "storage_offset()"},
                                        {"size", m_size, 0, "size(dim=None)"},
                                        {"stride", m_stride, 0, "stride(dim=None)"},
                                        {"item", m_item, 0, "item()"},
                                        {"tolist", m_tolist, 0, "tolist()"},
                                        {"to", m_to, 0, "to(dtype|device|tensor, ...)"},
                                        {"cpu", m_cpu, 0, "cpu()"},
                                        {"cuda", m_cuda, 0, "cuda(device=None)"},
                                        {"float", m_float, 0, "float()"},
                                        {"double", m_double, 0, "double()"},
                                        {"half", m_half, 0, "half()"},
                                        {"bfloat16", m_bfloat16, 0, "bfloat16()"},
                                        {"long", m_long, 0, "long()"},
                                        {"int", m_int, 0, "int()"},
                                        {"short", m_short, 0, "short()"},
                                        {"char", m_char, 0, "char()"},
                                        {"byte", m_byte, 0, "byte()"},
                                        {"bool", m_bool, 0, "bool()"},
                                        {"type", m_type, 0, "type(dtype=None)"},
                                        {"contiguous", m_contiguous, 0, "contiguous()"},
                                        {"is_contiguous", m_is_contiguous, 0, "is_contiguous()"},
                                        {"is_floating_point", m_is_floating_point, 0, "is_floating_point()"},
                                        {"clone", m_clone, 0, "clone()"},
                                        {"__deepcopy__", m_deepcopy, 0, "__deepcopy__(memo)"},
                                        {"detach", m_detach, 0, "detach()"},
                                        {"zero_", m_zero_, 0, "zero_()"},
                                        {"fill_", m_fill_, 0, "fill_(value)"},
                                        {"copy_", m_copy_, 0, "copy_(src)"},
                                        {"requires_grad_", m_requires_grad_, 0, "requires_grad_(requires_grad=True)"},
                                        {"new_zeros", m_new_zeros, 0, "new_zeros(size)"},
                                        {"new_ones", m_new_ones, 0, "new_ones(size)"},
                                        {"new_empty", m_new_empty, 0, "new_empty(size)"},
                                        {"__format__", m_format, 0, NULL},
                                        {NULL}};

/* ------------------------------------------------------------------ slots */

static int tensor_truth(fy_obj *o) {
    int64_t n = fy_torch_numel(FY_TT(o));
    if (n != 1) {
        if (n == 0) fy_err_set(&fy_RuntimeError, "Boolean value of Tensor with no values is ambiguous");
        else fy_err_set(&fy_RuntimeError, "Boolean value of Tensor with more than one value is ambiguous");
        return -1;
    }
    return fy_torch_loadf(fy_torch_data_ro(FY_TT(o)), FY_TT(o)->dtype) != 0;
}
static fy_obj *tensor_to_float(fy_obj *o) {
    fy_obj *v = fy_torch_item(FY_TT(o));
    if (!v || FY_FLOAT_CHECK(v)) return v;
    fy_obj *r = fy_float_from((double)FY_INT_VAL(v));
    FY_DECREF(v);
    return r;
}
static fy_obj *tensor_to_int(fy_obj *o) {
    fy_obj *v = fy_torch_item(FY_TT(o));
    if (!v || !FY_FLOAT_CHECK(v)) {
        if (v && FY_IS_TYPE(v, fy_bool_type)) {
            fy_obj *r = fy_int_from(FY_INT_VAL(v));
            FY_DECREF(v);
            return r;
        }
        return v;
    }
    double d = FY_FLOAT_VAL(v);
    FY_DECREF(v);
    if (!isfinite(d)) return fy_err_set(&fy_ValueError, "cannot convert float NaN or infinity to integer");
    return fy_int_from((int64_t)d);
}
static fy_obj *tensor_index(fy_obj *o) {
    if (fy_torch_is_float(FY_TT(o)->dtype) || fy_torch_numel(FY_TT(o)) != 1)
        return fy_err_set(&fy_TypeError, "only integer tensors of a single element can be converted to an index");
    return tensor_to_int(o);
}
static int64_t tensor_hash(fy_obj *o) { return (int64_t)((uintptr_t)o >> 4); }
static int64_t tensor_len(fy_obj *o) {
    if (FY_TT(o)->ndim == 0) {
        fy_err_set(&fy_TypeError, "len() of a 0-d tensor");
        return -1;
    }
    return FY_TT(o)->shape[0];
}
static fy_obj *tensor_iter(fy_obj *o) {
    fy_torch_tensor *t = FY_TT(o);
    if (t->ndim == 0) return fy_err_set(&fy_TypeError, "iteration over a 0-d tensor");
    fy_obj *l = fy_list_new((size_t)t->shape[0]);
    if (!l) return NULL;
    fy_obj **items = FY_LIST_ITEMS(l);
    for (int64_t i = 0; i < t->shape[0]; i++)
        items[i] =
            (fy_obj *)fy_torch_view_of(t, t->ndim - 1, t->shape + 1, t->stride + 1, t->offset + i * t->stride[0]);
    for (int64_t i = 0; i < t->shape[0]; i++)
        if (!FY_LIST_ITEMS(l)[i]) {
            for (int64_t j = 0; j < t->shape[0]; j++)
                if (!FY_LIST_ITEMS(l)[j]) FY_LIST_ITEMS(l)[j] = fy_none();
            FY_DECREF(l);
            return NULL;
        }
    fy_obj *it = fy_iter(l);
    FY_DECREF(l);
    return it;
}

static fy_obj *tensor_new(fy_type *tp, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    fy_obj *m = fy_import("torch");
    if (!m) return NULL;
    fy_obj *f = fy_getattr_cstr(m, nargs == 1 && !FY_INT_CHECK(args[0]) ? "tensor" : "empty");
    FY_DECREF(m);
    if (!f) return NULL;
    fy_obj *r = fy_call(f, args, nargs, kw);
    FY_DECREF(f);
    return r;
}

fy_type fy_torch_tensor_type = {
    FY_TYPE_INIT("Tensor", sizeof(fy_torch_tensor)),
    .dictoffset = offsetof(fy_torch_tensor, dict), /* a tensor takes attributes, as torch's do */
    .dealloc = tensor_dealloc,
    .new_ = tensor_new,
    .repr = fy_torch_repr,
    .truth = tensor_truth,
    .hash = tensor_hash,
    .len = tensor_len,
    .iter = tensor_iter,
    .getitem = fy_torch_getitem,
    .setitem = fy_torch_setitem,
    .to_float = tensor_to_float,
    .to_int = tensor_to_int,
    .index = tensor_index,
    .getsets = tensor_getsets,
};

/* Build the Tensor type's method table from the per-file tables, then ready the types. */
int fy_torch_types_ready(void) {
    static bool done;
    if (done) return 0;
    fy_methoddef *tabs[] = {tensor_methods,          fy_torch_shape_methods, fy_torch_ops_methods,
                            fy_torch_reduce_methods, fy_torch_scan_methods,  fy_torch_random_methods,
                            fy_torch_ag_methods,     fy_torch_numpy_methods};
    size_t total = 0;
    for (size_t i = 0; i < sizeof tabs / sizeof *tabs; i++)
        for (fy_methoddef *m = tabs[i]; m->name; m++) total++;
    fy_methoddef *all = calloc(total + 1, sizeof *all);
    if (!all) {
        fy_err_nomem();
        return -1;
    }
    size_t k = 0;
    for (size_t i = 0; i < sizeof tabs / sizeof *tabs; i++)
        for (fy_methoddef *m = tabs[i]; m->name; m++) all[k++] = *m;
    fy_torch_ag_wrap(all, true);
    fy_torch_tensor_type.methods = all;
    fy_torch_ops_install(&fy_torch_tensor_type);
    fy_torch_ag_wrap_type(&fy_torch_tensor_type);
    fy_type *types[] = {&fy_torch_dtype_type,  &fy_torch_device_type,    &fy_torch_size_type,
                        &fy_torch_tensor_type, &fy_torch_generator_type, &fy_torch_parameter_type};
    for (size_t i = 0; i < sizeof types / sizeof *types; i++)
        if (fy_type_ready(types[i]) < 0) return -1;
    done = true;
    return 0;
}

/* tensor_shape.c - views and shape changes: reshape/view, transpose, permute, (un)squeeze,
 * flatten, expand, narrow, split/chunk, and torch.cat / torch.stack. */
#include <stdio.h>
#include <string.h>
#include "torch/torch.h"

/* Strides for viewing t as new_shape without copying, or false when impossible. */
static bool view_strides(const fy_torch_tensor *t, const int64_t *ns, int nn, int64_t *out) {
    int64_t numel = fy_torch_numel(t);
    if (numel == 0 || t->ndim == 0) {
        int64_t s = 1;
        for (int i = nn - 1; i >= 0; i--) {
            out[i] = s;
            s *= ns[i] ? ns[i] : 1;
        }
        return true;
    }
    int vd = nn - 1;
    int64_t base = t->stride[t->ndim - 1], tn = 1, vn = 1;
    for (int td = t->ndim - 1; td >= 0; td--) {
        tn *= t->shape[td];
        /* a chunk ends where the next-outer dim is not laid out right after this one */
        if (td == 0 || (t->shape[td - 1] != 1 && t->stride[td - 1] != tn * base)) {
            while (vd >= 0 && (vn < tn || ns[vd] == 1)) {
                out[vd] = vn * base;
                vn *= ns[vd];
                vd--;
            }
            if (vn != tn) return false;
            if (td > 0) {
                base = t->stride[td - 1];
                tn = 1;
                vn = 1;
            }
        }
    }
    return vd == -1;
}

fy_torch_tensor *fy_torch_reshape(fy_torch_tensor *t, const int64_t *shape, int ndim, bool view_only) {
    int64_t ns[FY_TORCH_MAXDIM], known = 1, numel = fy_torch_numel(t);
    int infer = -1;
    for (int i = 0; i < ndim; i++) {
        ns[i] = shape[i];
        if (shape[i] == -1) {
            if (infer >= 0) {
                fy_err_set(&fy_RuntimeError, "only one dimension can be inferred");
                return NULL;
            }
            infer = i;
        } else if (shape[i] < 0) {
            fy_err_format(&fy_RuntimeError, "invalid shape dimension %lld", (long long)shape[i]);
            return NULL;
        } else known *= shape[i];
    }
    if (infer >= 0 && known != 0 && numel % known == 0) ns[infer] = numel / known;
    else if (infer >= 0 || known != numel) {
        char buf[256];
        fy_torch_shape_str(shape, ndim, buf, sizeof buf);
        fy_err_format(&fy_RuntimeError, "shape '%s' is invalid for input of size %lld", buf, (long long)numel);
        return NULL;
    }
    int64_t st[FY_TORCH_MAXDIM];
    if (view_strides(t, ns, ndim, st)) return fy_torch_view_of(t, ndim, ns, st, t->offset);
    if (view_only) {
        fy_err_set(&fy_RuntimeError,
                   "view size is not compatible with input tensor's size and stride (at least one dimension "
                   "spans across two contiguous subspaces). Use .reshape(...) instead.");
        return NULL;
    }
    fy_torch_tensor *c = fy_torch_copy_as(t, t->dtype, t->st->dev);
    if (!c) return NULL;
    fy_torch_tensor *r = fy_torch_reshape(c, ns, ndim, true);
    FY_DECREF(c);
    return r;
}

fy_torch_tensor *fy_torch_transpose(fy_torch_tensor *t, int a, int b) {
    fy_torch_tensor *r = fy_torch_view_of(t, t->ndim, t->shape, t->stride, t->offset);
    if (!r || t->ndim == 0) return r;
    int64_t x = r->shape[a];
    r->shape[a] = r->shape[b];
    r->shape[b] = x;
    x = r->stride[a];
    r->stride[a] = r->stride[b];
    r->stride[b] = x;
    return r;
}

fy_torch_tensor *fy_torch_permute(fy_torch_tensor *t, const int *perm) {
    int64_t sh[FY_TORCH_MAXDIM], st[FY_TORCH_MAXDIM];
    for (int i = 0; i < t->ndim; i++) {
        sh[i] = t->shape[perm[i]];
        st[i] = t->stride[perm[i]];
    }
    return fy_torch_view_of(t, t->ndim, sh, st, t->offset);
}

fy_torch_tensor *fy_torch_unsqueeze(fy_torch_tensor *t, int dim) {
    int64_t sh[FY_TORCH_MAXDIM], st[FY_TORCH_MAXDIM];
    if (t->ndim >= FY_TORCH_MAXDIM) {
        fy_err_format(&fy_RuntimeError, "flyi tensors have at most %d dimensions", FY_TORCH_MAXDIM);
        return NULL;
    }
    for (int i = 0, j = 0; i <= t->ndim; i++) {
        if (i == dim) {
            sh[i] = 1;
            st[i] = dim < t->ndim ? t->shape[dim] * t->stride[dim] : 1;
            continue;
        }
        sh[i] = t->shape[j];
        st[i] = t->stride[j];
        j++;
    }
    return fy_torch_view_of(t, t->ndim + 1, sh, st, t->offset);
}

/* ------------------------------------------------------------------ methods */

/* t.view(dtype): the same bytes as dt elements. With another element size the last dimension (stride 1)
 * is scaled by the size ratio, and the other strides and the offset with it (torch's rules and errors). */
static fy_obj *view_dtype(fy_torch_tensor *t, int dt) {
    int64_t os = (int64_t)fy_torch_itemsize(t->dtype), ns = (int64_t)fy_torch_itemsize(dt);
    int64_t sh[FY_TORCH_MAXDIM], st[FY_TORCH_MAXDIM], off = t->offset;
    memcpy(sh, t->shape, sizeof sh);
    memcpy(st, t->stride, sizeof st);
    const char *from = fy_torch_scalar_name(t->dtype), *to = fy_torch_scalar_name(dt);
    if (os != ns) {
        int last = t->ndim - 1;
        if (t->ndim == 0)
            return fy_err_format(&fy_RuntimeError, "self.dim() cannot be 0 to view %s as %s (different element sizes)",
                                 from, to);
        if (st[last] != 1)
            return fy_err_format(&fy_RuntimeError,
                                 "self.stride(-1) must be 1 to view %s as %s (different element sizes), but got %lld",
                                 from, to, (long long)st[last]);
        if (ns > os) {
            int64_t r = ns / os;
            if (sh[last] % r)
                return fy_err_format(&fy_RuntimeError,
                                     "self.size(-1) must be divisible by %lld to view %s as %s (different element "
                                     "sizes), but got %lld",
                                     (long long)r, from, to, (long long)sh[last]);
            if (off % r)
                return fy_err_format(&fy_RuntimeError,
                                     "self.storage_offset() must be divisible by %lld to view %s as %s (different "
                                     "element sizes), but got %lld",
                                     (long long)r, from, to, (long long)off);
            for (int d = 0; d < last; d++)
                if (st[d] % r)
                    return fy_err_format(&fy_RuntimeError,
                                         "self.stride(%d) must be divisible by %lld to view %s as %s (different "
                                         "element sizes), but got %lld",
                                         d, (long long)r, from, to, (long long)st[d]);
            for (int d = 0; d < last; d++) st[d] /= r;
            sh[last] /= r, off /= r;
        } else {
            int64_t r = os / ns;
            for (int d = 0; d < last; d++) st[d] *= r;
            sh[last] *= r, off *= r;
        }
    }
    fy_torch_tensor *r = fy_torch_view_of(t, t->ndim, sh, st, off);
    if (r) r->dtype = dt;
    return (fy_obj *)r;
}

#define SELF FY_TT(self)
static fy_obj *reshape_common(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw, bool view, const char *name) {
    if (fy_no_kwargs(name, kw) < 0) return NULL;
    if (view && n == 1 && FY_IS_TYPE(a[0], fy_torch_dtype_type))
        return view_dtype(SELF, ((fy_torch_dtype_obj *)a[0])->id);
    int64_t shape[FY_TORCH_MAXDIM];
    int nd;
    if (fy_torch_parse_shape(name, a, n, shape, &nd) < 0) return NULL;
    return (fy_obj *)fy_torch_reshape(SELF, shape, nd, view);
}
static fy_obj *m_reshape(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    return reshape_common(self, a, n, kw, false, "reshape");
}
static fy_obj *m_view(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    return reshape_common(self, a, n, kw, true, "view");
}
static fy_obj *m_as(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw, bool view) {
    if (fy_check_nargs(view ? "view_as" : "reshape_as", n, 1, 1) < 0) return NULL;
    if (!FY_TORCH_CHECK(a[0])) return fy_err_format(&fy_TypeError, "expected Tensor, got %T", a[0]);
    return (fy_obj *)fy_torch_reshape(SELF, FY_TT(a[0])->shape, FY_TT(a[0])->ndim, view);
}
static fy_obj *m_view_as(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) { return m_as(self, a, n, kw, true); }
static fy_obj *m_reshape_as(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    return m_as(self, a, n, kw, false);
}

static int dim_arg(fy_obj *o, int ndim, int *out) {
    int64_t d;
    if (fy_index(o, &d) < 0) return -1;
    return fy_torch_wrap_dim(d, ndim, out);
}

static fy_obj *m_transpose(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    static const char *const names[] = {"dim0", "dim1", NULL};
    fy_obj *d[2];
    int x, y;
    if (fy_parse_args("transpose", a, n, kw, names, 2, 2, 2, d) < 0) return NULL;
    if (dim_arg(d[0], SELF->ndim, &x) < 0 || dim_arg(d[1], SELF->ndim, &y) < 0) return NULL;
    return (fy_obj *)fy_torch_transpose(SELF, x, y);
}
static fy_obj *m_t(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (SELF->ndim > 2)
        return fy_err_format(&fy_RuntimeError, "t() expects a tensor with <= 2 dimensions, but self is %dD",
                             SELF->ndim);
    return (fy_obj *)fy_torch_transpose(SELF, 0, SELF->ndim == 2 ? 1 : 0);
}
static fy_obj *m_permute(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    int64_t dims[FY_TORCH_MAXDIM];
    int nd, perm[FY_TORCH_MAXDIM], seen[FY_TORCH_MAXDIM] = {0};
    if (fy_no_kwargs("permute", kw) < 0 || fy_torch_parse_shape("permute", a, n, dims, &nd) < 0) return NULL;
    if (nd != SELF->ndim)
        return fy_err_format(
            &fy_RuntimeError,
            "permute(sparse_coo): number of dimensions in the tensor input does not match the "
            "length of the desired ordering of dimensions i.e. input.dim() = %d is not equal to len(dims) = %d",
            SELF->ndim, nd);
    for (int i = 0; i < nd; i++) {
        if (fy_torch_wrap_dim(dims[i], nd, &perm[i]) < 0) return NULL;
        if (seen[perm[i]]++) return fy_err_set(&fy_RuntimeError, "permute(): duplicate dims are not allowed.");
    }
    return (fy_obj *)fy_torch_permute(SELF, perm);
}
static fy_obj *m_unsqueeze(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    static const char *const names[] = {"dim", NULL};
    fy_obj *d[1];
    int64_t k;
    int dim;
    if (fy_parse_args("unsqueeze", a, n, kw, names, 1, 1, 1, d) < 0 || fy_index(d[0], &k) < 0) return NULL;
    if (fy_torch_wrap_dim(k, SELF->ndim + 1, &dim) < 0) return NULL;
    return (fy_obj *)fy_torch_unsqueeze(SELF, dim);
}
static fy_obj *m_squeeze(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    static const char *const names[] = {"dim", NULL};
    fy_obj *d[1];
    if (fy_parse_args("squeeze", a, n, kw, names, 0, 1, 1, d) < 0) return NULL;
    bool drop[FY_TORCH_MAXDIM] = {0};
    if (d[0] && d[0] != fy_None) {
        int64_t dims[FY_TORCH_MAXDIM];
        int nd;
        if (fy_torch_parse_shape("squeeze", d, 1, dims, &nd) < 0) return NULL;
        for (int i = 0; i < nd; i++) {
            int x;
            if (fy_torch_wrap_dim(dims[i], SELF->ndim, &x) < 0) return NULL;
            if (SELF->ndim && SELF->shape[x] == 1) drop[x] = true;
        }
    } else {
        for (int i = 0; i < SELF->ndim; i++) drop[i] = SELF->shape[i] == 1;
    }
    int64_t sh[FY_TORCH_MAXDIM], st[FY_TORCH_MAXDIM];
    int k = 0;
    for (int i = 0; i < SELF->ndim; i++)
        if (!drop[i]) {
            sh[k] = SELF->shape[i];
            st[k] = SELF->stride[i];
            k++;
        }
    return (fy_obj *)fy_torch_view_of(SELF, k, sh, st, SELF->offset);
}
static fy_obj *m_flatten(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    static const char *const names[] = {"start_dim", "end_dim", NULL};
    fy_obj *d[2];
    int64_t s0 = 0, e0 = -1;
    int s, e;
    if (fy_parse_args("flatten", a, n, kw, names, 0, 2, 2, d) < 0) return NULL;
    if ((d[0] && fy_index(d[0], &s0) < 0) || (d[1] && fy_index(d[1], &e0) < 0)) return NULL;
    if (SELF->ndim == 0) {
        int64_t one = 1;
        return (fy_obj *)fy_torch_reshape(SELF, &one, 1, false);
    }
    if (fy_torch_wrap_dim(s0, SELF->ndim, &s) < 0 || fy_torch_wrap_dim(e0, SELF->ndim, &e) < 0) return NULL;
    if (s > e) return fy_err_set(&fy_RuntimeError, "flatten() has invalid args: start_dim cannot come after end_dim");
    int64_t sh[FY_TORCH_MAXDIM];
    int k = 0;
    for (int i = 0; i < s; i++) sh[k++] = SELF->shape[i];
    int64_t m = 1;
    for (int i = s; i <= e; i++) m *= SELF->shape[i];
    sh[k++] = m;
    for (int i = e + 1; i < SELF->ndim; i++) sh[k++] = SELF->shape[i];
    return (fy_obj *)fy_torch_reshape(SELF, sh, k, false);
}
static fy_obj *m_expand(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    int64_t shape[FY_TORCH_MAXDIM];
    int nd;
    if (fy_no_kwargs("expand", kw) < 0 || fy_torch_parse_shape("expand", a, n, shape, &nd) < 0) return NULL;
    for (int i = 0; i < nd; i++) {
        int j = SELF->ndim - nd + i;
        if (shape[i] == -1) {
            if (j < 0)
                return fy_err_format(
                    &fy_RuntimeError,
                    "The expanded size of the tensor (-1) isn't allowed in a leading, non-existing dimension %d", i);
            shape[i] = SELF->shape[j];
        }
    }
    return (fy_obj *)fy_torch_expand(SELF, shape, nd);
}
static fy_obj *m_expand_as(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_check_nargs("expand_as", n, 1, 1) < 0) return NULL;
    if (!FY_TORCH_CHECK(a[0])) return fy_err_format(&fy_TypeError, "expected Tensor, got %T", a[0]);
    return (fy_obj *)fy_torch_expand(SELF, FY_TT(a[0])->shape, FY_TT(a[0])->ndim);
}
static fy_obj *m_narrow(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    static const char *const names[] = {"dim", "start", "length", NULL};
    fy_obj *d[3];
    int64_t k, start, len;
    int dim;
    if (fy_parse_args("narrow", a, n, kw, names, 3, 3, 3, d) < 0 || fy_index(d[0], &k) < 0 ||
        fy_index(d[1], &start) < 0 || fy_index(d[2], &len) < 0)
        return NULL;
    if (fy_torch_wrap_dim(k, SELF->ndim, &dim) < 0) return NULL;
    if (start < 0) start += SELF->shape[dim];
    if (start < 0 || len < 0 || start + len > SELF->shape[dim])
        return fy_err_format(&fy_RuntimeError, "start (%lld) + length (%lld) exceeds dimension size (%lld).",
                             (long long)start, (long long)len, (long long)SELF->shape[dim]);
    fy_torch_tensor *r =
        fy_torch_view_of(SELF, SELF->ndim, SELF->shape, SELF->stride, SELF->offset + start * SELF->stride[dim]);
    if (r) r->shape[dim] = len;
    return (fy_obj *)r;
}
/* split(size) / chunk(n): a tuple of views along dim. */
static fy_obj *pieces(fy_torch_tensor *t, int64_t size, int dim) {
    int64_t len = t->shape[dim];
    int64_t count = size > 0 ? (len + size - 1) / size : 0;
    if (count == 0) count = 1;
    fy_obj *tup = fy_tuple_new((size_t)count);
    if (!tup) return NULL;
    for (int64_t i = 0; i < count; i++) {
        int64_t s = i * size, l = len - s < size ? len - s : size;
        fy_torch_tensor *r = fy_torch_view_of(t, t->ndim, t->shape, t->stride, t->offset + s * t->stride[dim]);
        if (!r) {
            for (int64_t j = i; j < count; j++) fy_tuple_set_steal(tup, (size_t)j, fy_none());
            FY_DECREF(tup);
            return NULL;
        }
        r->shape[dim] = l < 0 ? 0 : l;
        fy_tuple_set_steal(tup, (size_t)i, &r->h);
    }
    return tup;
}
static fy_obj *m_split_chunk(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw, bool chunk) {
    static const char *const names[] = {"split_size", "dim", NULL};
    fy_obj *d[2];
    int64_t k, dd = 0;
    int dim;
    if (fy_parse_args(chunk ? "chunk" : "split", a, n, kw, names, 1, 2, 2, d) < 0 || fy_index(d[0], &k) < 0)
        return NULL;
    if (d[1] && fy_index(d[1], &dd) < 0) return NULL;
    if (fy_torch_wrap_dim(dd, SELF->ndim, &dim) < 0) return NULL;
    if (k <= 0)
        return fy_err_set(&fy_RuntimeError, chunk ? "chunk expects `chunks` to be greater than 0"
                                                  : "split expects split_size be non-negative");
    if (chunk) k = (SELF->shape[dim] + k - 1) / k;
    return pieces(SELF, k, dim);
}
static fy_obj *m_split(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    return m_split_chunk(self, a, n, kw, false);
}
static fy_obj *m_chunk(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    return m_split_chunk(self, a, n, kw, true);
}

fy_methoddef fy_torch_shape_methods[] = {{"reshape", m_reshape, 0, "reshape(*shape)"},
                                         {"view", m_view, 0, "view(*shape) or view(dtype)"},
                                         {"view_as", m_view_as, 0, "view_as(other)"},
                                         {"reshape_as", m_reshape_as, 0, "reshape_as(other)"},
                                         {"transpose", m_transpose, 0, "transpose(dim0, dim1)"},
                                         {"t", m_t, 0, "t()"},
                                         {"permute", m_permute, 0, "permute(*dims)"},
                                         {"unsqueeze", m_unsqueeze, 0, "unsqueeze(dim)"},
                                         {"squeeze", m_squeeze, 0, "squeeze(dim=None)"},
                                         {"flatten", m_flatten, 0, "flatten(start_dim=0, end_dim=-1)"},
                                         {"expand", m_expand, 0, "expand(*sizes)"},
                                         {"expand_as", m_expand_as, 0, "expand_as(other)"},
                                         {"broadcast_to", m_expand, 0, "broadcast_to(shape)"},
                                         {"narrow", m_narrow, 0, "narrow(dim, start, length)"},
                                         {"split", m_split, 0, "split(split_size, dim=0)"},
                                         {"chunk", m_chunk, 0, "chunk(chunks, dim=0)"},
                                         {NULL}};

/* ------------------------------------------------------------------ cat / stack */

fy_obj *fy_torch_cat(fy_obj *seq, int64_t dim0, bool stack) {
    const char *fname = stack ? "stack" : "cat";
    size_t n;
    fy_obj **items = fy_seq_items(seq, &n);
    if (!items)
        return fy_err_format(&fy_TypeError, "%s(): argument 'tensors' must be tuple of Tensors, not %T", fname, seq);
    if (n == 0)
        return fy_err_format(&fy_RuntimeError, stack ? "stack expects a non-empty TensorList"
                                                     : "torch.cat(): expected a non-empty list of Tensors");
    for (size_t i = 0; i < n; i++)
        if (!FY_TORCH_CHECK(items[i]))
            return fy_err_format(&fy_TypeError, "expected Tensor as element %zu in argument 0, but got %T", i,
                                 items[i]);
    fy_torch_tensor *first = FY_TT(items[0]);
    int dt = first->dtype, dim;
    for (size_t i = 1; i < n; i++)
        if ((dt = fy_torch_promote(dt, FY_TT(items[i])->dtype)) < 0) return NULL;
    int nd = first->ndim + (stack ? 1 : 0);
    if (fy_torch_wrap_dim(dim0, nd, &dim) < 0) return NULL;
    int64_t shape[FY_TORCH_MAXDIM];
    int64_t total = 0;
    for (size_t i = 0; i < n; i++) {
        fy_torch_tensor *t = FY_TT(items[i]);
        if (stack) {
            if (t->ndim != first->ndim || memcmp(t->shape, first->shape, sizeof(int64_t) * (size_t)t->ndim)) {
                char a[256], b[256];
                fy_torch_shape_str(first->shape, first->ndim, a, sizeof a);
                fy_torch_shape_str(t->shape, t->ndim, b, sizeof b);
                return fy_err_format(
                    &fy_RuntimeError,
                    "stack expects each tensor to be equal size, but got %s at entry 0 and %s at entry %zu", a, b, i);
            }
            continue;
        }
        if (t->ndim == 1 && t->shape[0] == 0) continue; /* legacy empty tensors are skipped */
        if (t->ndim != first->ndim)
            return fy_err_format(&fy_RuntimeError, "Tensors must have same number of dimensions: got %d and %d",
                                 first->ndim, t->ndim);
        for (int d = 0; d < t->ndim; d++)
            if (d != dim && t->shape[d] != first->shape[d])
                return fy_err_format(&fy_RuntimeError,
                                     "Sizes of tensors must match except in dimension %d. Expected size %lld but got "
                                     "size %lld for tensor number %zu in the list.",
                                     dim, (long long)first->shape[d], (long long)t->shape[d], i);
        total += t->shape[dim];
    }
    if (stack) {
        for (int d = 0, j = 0; d < nd; d++) shape[d] = d == dim ? (int64_t)n : first->shape[j++];
    } else {
        memcpy(shape, first->shape, sizeof(int64_t) * (size_t)nd);
        shape[dim] = total;
    }
    fy_torch_tensor *r = fy_torch_empty(dt, nd, shape, first->st->dev);
    if (!r) return NULL;
    int64_t pos = 0;
    for (size_t i = 0; i < n; i++) {
        fy_torch_tensor *t = FY_TT(items[i]);
        if (!stack && t->ndim == 1 && t->shape[0] == 0 && nd != 1) continue;
        int64_t len = stack ? 1 : t->shape[dim];
        fy_torch_tensor *dst = fy_torch_view_of(r, nd, r->shape, r->stride, pos * r->stride[dim]);
        if (!dst) {
            FY_DECREF(r);
            return NULL;
        }
        dst->shape[dim] = len;
        fy_torch_tensor *src = stack ? fy_torch_unsqueeze(t, dim) : (fy_torch_tensor *)fy_ref(&t->h);
        int rc = src ? fy_torch_copy_into(dst, src) : -1;
        FY_XDECREF(src);
        FY_DECREF(dst);
        if (rc < 0) {
            FY_DECREF(r);
            return NULL;
        }
        pos += len;
    }
    return (fy_obj *)r;
}

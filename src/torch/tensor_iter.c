/* tensor_iter.c - broadcasting and the strided multi-operand loop behind elementwise ops. */
#include <stdio.h>
#include <string.h>
#include "torch/torch.h"

int fy_torch_broadcast_shapes(const int64_t *a, int na, const int64_t *b, int nb, int64_t *out, int *nout) {
    int n = na > nb ? na : nb;
    for (int i = n - 1; i >= 0; i--) {
        int ia = na - n + i, ib = nb - n + i;
        int64_t x = ia >= 0 ? a[ia] : 1, y = ib >= 0 ? b[ib] : 1;
        if (x != y && x != 1 && y != 1) {
            fy_err_format(&fy_RuntimeError,
                          "The size of tensor a (%lld) must match the size of tensor b (%lld) at "
                          "non-singleton dimension %d",
                          (long long)x, (long long)y, i);
            return -1;
        }
        out[i] = x == 1 ? y : x;
    }
    *nout = n;
    return 0;
}

int fy_torch_expand_strides(const fy_torch_tensor *t, const int64_t *shape, int ndim, int64_t *stride) {
    if (t->ndim > ndim) goto bad;
    for (int i = 0; i < ndim; i++) {
        int j = t->ndim - ndim + i;
        if (j < 0) {
            stride[i] = 0;
            continue;
        }
        if (t->shape[j] == shape[i]) stride[i] = t->stride[j];
        else if (t->shape[j] == 1) stride[i] = 0;
        else goto bad;
    }
    return 0;
bad:;
    char a[256], b[256];
    fy_torch_shape_str(t->shape, t->ndim, a, sizeof a);
    fy_torch_shape_str(shape, ndim, b, sizeof b);
    for (int i = 0; i < ndim && t->ndim <= ndim; i++) {
        int j = t->ndim - ndim + i;
        if (j >= 0 && t->shape[j] != shape[i] && t->shape[j] != 1) {
            fy_err_format(&fy_RuntimeError,
                          "The expanded size of the tensor (%lld) must match the existing size (%lld) "
                          "at non-singleton dimension %d.  Target sizes: %s.  Tensor sizes: %s",
                          (long long)shape[i], (long long)t->shape[j], i, b, a);
            return -1;
        }
    }
    fy_err_format(&fy_RuntimeError,
                  "expand: the number of sizes provided (%d) must be greater or equal to the number "
                  "of dimensions in the tensor (%d)",
                  ndim, t->ndim);
    return -1;
}

fy_torch_tensor *fy_torch_expand(fy_torch_tensor *t, const int64_t *shape, int ndim) {
    int64_t st[FY_TORCH_MAXDIM];
    if (fy_torch_expand_strides(t, shape, ndim, st) < 0) return NULL;
    return fy_torch_view_of(t, ndim, shape, st, t->offset);
}

/* The merged geometry of a foreach, and the rows [lo, hi) of elements (row-major over it) that one
 * piece of a split loop walks. */
typedef struct {
    int nops, nd;
    int64_t sh[FY_TORCH_MAXDIM], bs[4][FY_TORCH_MAXDIM];
    char *base[4];
    fy_torch_rowfn fn;
    void *ctx;
} fe_job;

static void fe_run(void *vj, int64_t lo, int64_t hi) {
    fe_job *j = vj;
    int nd = j->nd, nops = j->nops;
    int64_t inner = j->sh[nd - 1], idx[FY_TORCH_MAXDIM], inner_s[4];
    char *p[4];
    int64_t row = lo / inner, off = lo % inner;
    for (int d = nd - 2; d >= 0; d--) {
        idx[d] = row % j->sh[d];
        row /= j->sh[d];
    }
    for (int k = 0; k < nops; k++) {
        inner_s[k] = j->bs[k][nd - 1];
        p[k] = j->base[k] + off * inner_s[k];
        for (int d = 0; d < nd - 1; d++) p[k] += idx[d] * j->bs[k][d];
    }
    while (lo < hi) {
        int64_t m = inner - off < hi - lo ? inner - off : hi - lo;
        char *q[4];
        for (int k = 0; k < nops; k++) q[k] = p[k];
        j->fn(q, inner_s, m, j->ctx);
        lo += m;
        if (lo >= hi) break;
        for (int k = 0; k < nops; k++) p[k] -= off * inner_s[k];
        off = 0;
        for (int d = nd - 2; d >= 0; d--) {
            idx[d]++;
            for (int k = 0; k < nops; k++) p[k] += j->bs[k][d];
            if (idx[d] < j->sh[d]) break;
            for (int k = 0; k < nops; k++) p[k] -= j->bs[k][d] * j->sh[d];
            idx[d] = 0;
        }
    }
}

/* The row functions of this loop are C only (no interpreter objects), so a large loop is split over the
 * worker pool by element ranges. */
void fy_torch_foreach(int nops, fy_torch_tensor *const *ops, const int64_t *shape, int ndim, fy_torch_rowfn fn,
                      void *ctx) {
    fe_job j = {.nops = nops, .fn = fn, .ctx = ctx};
    int nd = 0;
    for (int d = 0; d < ndim; d++)
        if (shape[d] == 0) return;
    /* drop size-1 dims, then merge dims that are contiguous for every operand */
    for (int d = 0; d < ndim; d++) {
        if (shape[d] == 1) continue;
        bool merge = nd > 0;
        for (int k = 0; k < nops && merge; k++) {
            int64_t isz = (int64_t)fy_torch_itemsize(ops[k]->dtype);
            int64_t s = ops[k]->stride[ops[k]->ndim - ndim + d] * isz;
            if (j.bs[k][nd - 1] != s * shape[d]) merge = false;
        }
        for (int k = 0; k < nops; k++) {
            int64_t isz = (int64_t)fy_torch_itemsize(ops[k]->dtype);
            int64_t s = ops[k]->stride[ops[k]->ndim - ndim + d] * isz;
            if (merge) j.bs[k][nd - 1] = s;
            else j.bs[k][nd] = s;
        }
        if (merge) j.sh[nd - 1] *= shape[d];
        else j.sh[nd++] = shape[d];
    }
    /* ops[0] is written, the others only read */
    for (int k = 0; k < nops; k++) j.base[k] = k ? (char *)fy_torch_data_ro(ops[k]) : fy_torch_data(ops[k]);
    if (nd == 0) {
        int64_t z[4] = {0, 0, 0, 0};
        fn(j.base, z, 1, ctx);
        return;
    }
    j.nd = nd;
    int64_t total = 1;
    for (int d = 0; d < nd; d++) total *= j.sh[d];
    if (total < FY_TORCH_PAR_MIN) fe_run(&j, 0, total);
    else fy_torch_parallel(total, FY_TORCH_PAR_GRAIN, fe_run, &j);
}

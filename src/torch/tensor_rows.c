/* tensor_rows.c - row kernels of host tensor ops, split over the worker pool: softmax (fused per row),
 * layer_norm / rms_norm (fused per row), and the float matrix product (blocked).
 *
 * Each output is computed with exactly the operations, in exactly the order, of the scalar loops they
 * replace (softmax: max, exp in double, a running sum, one division; the norms: running sums in double;
 * matmul: each element's products added in double in k order, no fused multiply-add), so the results
 * do not depend on the thread count and are those of before. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("tree-vectorize", "vect-cost-model=dynamic")
#endif
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "torch/torch.h"

/* ------------------------------------------------------------------ softmax */

typedef struct {
    const char *x;
    char *r;
    int xdt, rdt, nd;
    int64_t L, xs, rs; /* along dim, bytes */
    int64_t sh[FY_TORCH_MAXDIM], xst[FY_TORCH_MAXDIM], rst[FY_TORCH_MAXDIM];
    int oom;
} smx_job;

static void smx_task(void *vj, int64_t lo, int64_t hi) {
    smx_job *j = vj;
    double *buf = malloc(sizeof(double) * (size_t)j->L);
    if (!buf) {
        __atomic_store_n(&j->oom, 1, __ATOMIC_RELAXED);
        return;
    }
    for (int64_t o = lo; o < hi; o++) {
        int64_t rem = o, xo = 0, ro = 0;
        for (int d = j->nd - 1; d >= 0; d--) {
            int64_t i = rem % j->sh[d];
            rem /= j->sh[d];
            xo += i * j->xst[d];
            ro += i * j->rst[d];
        }
        fy_torch_load_f64(j->x + xo, j->xs, j->xdt, buf, j->L);
        double mx = -INFINITY, s = 0;
        for (int64_t i = 0; i < j->L; i++)
            if (buf[i] > mx || isnan(buf[i])) mx = buf[i];
        for (int64_t i = 0; i < j->L; i++) {
            buf[i] = exp(buf[i] - mx);
            s += buf[i];
        }
        for (int64_t i = 0; i < j->L; i++) buf[i] = buf[i] / s;
        fy_torch_store_f64(buf, j->r + ro, j->rs, j->rdt, j->L);
    }
    free(buf);
}

int fy_torch_softmax_rows(fy_torch_tensor *x, int dim, fy_torch_tensor *r) {
    smx_job j = {.x = fy_torch_data_ro(x), .r = fy_torch_data(r), .xdt = x->dtype, .rdt = r->dtype};
    int64_t xi = (int64_t)fy_torch_itemsize(x->dtype), ri = (int64_t)fy_torch_itemsize(r->dtype), rows = 1;
    j.L = x->shape[dim];
    j.xs = x->stride[dim] * xi;
    j.rs = r->stride[dim] * ri;
    for (int d = 0; d < x->ndim; d++)
        if (d != dim) {
            j.sh[j.nd] = x->shape[d];
            j.xst[j.nd] = x->stride[d] * xi;
            j.rst[j.nd++] = r->stride[d] * ri;
            rows *= x->shape[d];
        }
    if (rows == 0 || j.L == 0) return 0;
    int64_t grain = (FY_TORCH_PAR_GRAIN + j.L - 1) / j.L;
    if (rows * j.L < FY_TORCH_PAR_MIN / 4) smx_task(&j, 0, rows);
    else fy_torch_parallel(rows, grain, smx_task, &j);
    if (j.oom) {
        fy_err_nomem();
        return -1;
    }
    return 0;
}

/* ------------------------------------------------------------------ layer_norm / rms_norm */

typedef struct {
    const char *x;
    char *r;
    int dt;
    bool rms;
    int64_t inner;
    const double *W, *B;
    double eps;
    int oom;
} norm_job;

static void norm_task(void *vj, int64_t lo, int64_t hi) {
    norm_job *j = vj;
    int64_t inner = j->inner, isz = (int64_t)fy_torch_itemsize(j->dt);
    double *row = malloc(sizeof(double) * (size_t)inner);
    if (!row) {
        __atomic_store_n(&j->oom, 1, __ATOMIC_RELAXED);
        return;
    }
    for (int64_t o = lo; o < hi; o++) {
        fy_torch_load_f64(j->x + o * inner * isz, isz, j->dt, row, inner);
        double mean = 0, var = 0;
        if (!j->rms) {
            for (int64_t i = 0; i < inner; i++) mean += row[i];
            mean /= (double)inner;
            for (int64_t i = 0; i < inner; i++) var += (row[i] - mean) * (row[i] - mean);
        } else {
            for (int64_t i = 0; i < inner; i++) var += row[i] * row[i];
        }
        var /= (double)inner;
        double inv = 1.0 / sqrt(var + j->eps);
        for (int64_t i = 0; i < inner; i++) {
            double y = (row[i] - mean) * inv;
            if (j->W) y *= j->W[i];
            if (j->B) y += j->B[i];
            row[i] = y;
        }
        fy_torch_store_f64(row, j->r + o * inner * isz, isz, j->dt, inner);
    }
    free(row);
}

int fy_torch_norm_rows(fy_torch_tensor *x, int64_t outer, int64_t inner, const double *w, const double *b, double eps,
                       bool rms, fy_torch_tensor *r) {
    fy_torch_tensor *c = fy_torch_contiguous(x);
    if (!c) return -1;
    norm_job j = {.x = fy_torch_data_ro(c),
                  .r = fy_torch_data(r),
                  .dt = x->dtype,
                  .rms = rms,
                  .inner = inner,
                  .W = w,
                  .B = b,
                  .eps = eps};
    if (outer && inner) {
        int64_t grain = (FY_TORCH_PAR_GRAIN + inner - 1) / inner;
        if (outer * inner < FY_TORCH_PAR_MIN / 4) norm_task(&j, 0, outer);
        else fy_torch_parallel(outer, grain, norm_task, &j);
    }
    FY_DECREF(c);
    if (j.oom) {
        fy_err_nomem();
        return -1;
    }
    return 0;
}

/* ------------------------------------------------------------------ matmul */

#define MR 4
#define NR 8
#define KC 256
#define MC 64

typedef double v4d __attribute__((vector_size(32)));

typedef struct {
    int64_t M, N, K, Np, nbatch;
    const double *A;  /* [batch][M][K] */
    const double *Bp; /* packed: [batch][N/NR panels][K][NR], zero columns past N */
    double *C;        /* [batch][M][Np] */
} mm_job;

/* C[0..MR)[0..NR) (row stride ldc) += A[0..MR)[k0..k1) (row stride lda) x panel[k0..k1)[0..NR), in k
 * order, each product rounded then added (no fused multiply-add). first: C starts at zero. */
static inline __attribute__((always_inline)) void micro(const double *a, int64_t lda, const double *p, double *c,
                                                        int64_t ldc, int64_t kn, bool first) {
    v4d acc[MR][2];
    for (int r = 0; r < MR; r++)
        for (int h = 0; h < 2; h++) {
            if (first) acc[r][h] = (v4d){0, 0, 0, 0};
            else memcpy(&acc[r][h], c + r * ldc + 4 * h, 32);
        }
    for (int64_t k = 0; k < kn; k++) {
        v4d b0, b1;
        memcpy(&b0, p + k * NR, 32);
        memcpy(&b1, p + k * NR + 4, 32);
        for (int r = 0; r < MR; r++) {
            double av = a[r * lda + k];
            v4d x = {av, av, av, av};
            v4d m0 = x * b0, m1 = x * b1;
            acc[r][0] = acc[r][0] + m0;
            acc[r][1] = acc[r][1] + m1;
        }
    }
    for (int r = 0; r < MR; r++)
        for (int h = 0; h < 2; h++) memcpy(c + r * ldc + 4 * h, &acc[r][h], 32);
}

/* Rows [i0, i1) of one batch (i1 - i0 a multiple of MR but for the last block, done one row at a time). */
static inline __attribute__((always_inline)) void mm_rows(const mm_job *j, int64_t bt, int64_t i0, int64_t i1) {
    const double *A = j->A + bt * j->M * j->K, *Bp = j->Bp + bt * j->Np * j->K;
    double *C = j->C + bt * j->M * j->Np;
    int64_t np = j->Np / NR, K = j->K;
    int64_t full = i0 + (i1 - i0) / MR * MR;
    for (int64_t k0 = 0; k0 < K || k0 == 0; k0 += KC) {
        int64_t kn = K - k0 < KC ? K - k0 : KC;
        for (int64_t q = 0; q < np; q++) {
            const double *panel = Bp + q * K * NR + k0 * NR;
            for (int64_t i = i0; i < full; i += MR)
                micro(A + i * K + k0, K, panel, C + i * j->Np + q * NR, j->Np, kn, k0 == 0);
            for (int64_t i = full; i < i1; i++) { /* the last rows */
                double *c = C + i * j->Np + q * NR;
                const double *a = A + i * K + k0;
                for (int h = 0; h < NR; h++) {
                    double s = k0 == 0 ? 0.0 : c[h];
                    for (int64_t k = 0; k < kn; k++) {
                        double m = a[k] * panel[k * NR + h];
                        s = s + m;
                    }
                    c[h] = s;
                }
            }
        }
        if (K == 0) break;
    }
}

__attribute__((target("avx2"))) static void mm_rows_avx2(const mm_job *j, int64_t bt, int64_t i0, int64_t i1) {
    mm_rows(j, bt, i0, i1);
}
static void mm_rows_base(const mm_job *j, int64_t bt, int64_t i0, int64_t i1) { mm_rows(j, bt, i0, i1); }

static int have_avx2 = -1;

static void mm_task(void *vj, int64_t lo, int64_t hi) {
    mm_job *j = vj;
    int64_t per = (j->M + MC - 1) / MC;
    for (int64_t it = lo; it < hi; it++) {
        int64_t bt = it / per, i0 = (it % per) * MC, i1 = i0 + MC < j->M ? i0 + MC : j->M;
        if (have_avx2) mm_rows_avx2(j, bt, i0, i1);
        else mm_rows_base(j, bt, i0, i1);
    }
}

int fy_torch_matmul_f64(int64_t nbatch, int64_t M, int64_t N, int64_t K, const double *A, const double *B, char *out,
                        int odt) {
    if (have_avx2 < 0) have_avx2 = __builtin_cpu_supports("avx2") != 0;
    int64_t Np = (N + NR - 1) / NR * NR;
    double *Bp = malloc(sizeof(double) * (size_t)(nbatch * Np * K + 1));
    double *C = malloc(sizeof(double) * (size_t)(nbatch * M * Np + 1));
    if (!Bp || !C) {
        free(Bp);
        free(C);
        fy_err_nomem();
        return -1;
    }
    for (int64_t bt = 0; bt < nbatch; bt++)
        for (int64_t q = 0; q < Np / NR; q++)
            for (int64_t k = 0; k < K; k++) {
                double *d = Bp + bt * Np * K + q * K * NR + k * NR;
                const double *s = B + (bt * K + k) * N + q * NR;
                for (int h = 0; h < NR; h++) d[h] = q * NR + h < N ? s[h] : 0.0;
            }
    mm_job j = {M, N, K, Np, nbatch, A, Bp, C};
    int64_t items = nbatch * ((M + MC - 1) / MC);
    if (M * N * K < (int64_t)1 << 21) mm_task(&j, 0, items);
    else fy_torch_parallel(items, 1, mm_task, &j);
    int64_t osz = (int64_t)fy_torch_itemsize(odt);
    for (int64_t bt = 0; bt < nbatch; bt++)
        for (int64_t i = 0; i < M; i++)
            fy_torch_store_f64(C + (bt * M + i) * Np, out + (bt * M + i) * N * osz, osz, odt, N);
    free(Bp);
    free(C);
    return 0;
}

/* tensor_rows.c - row kernels of host tensor ops, split over the worker pool: softmax (fused per row),
 * layer_norm / rms_norm (fused per row), and the float matrix product (blocked).
 *
 * Each output is computed with exactly the operations, in exactly the order, of the scalar loops they
 * replace (softmax: max, exp in double - libm's for float64 results, tensor_exp.c's vectorised one for the
 * others -, a running sum, one division; the norms: running sums in double;
 * float64 matmul: each element's products added in double in k order, no fused multiply-add), so the
 * results do not depend on the thread count and are those of before (softmax's float32 / 16-bit results:
 * those of the float64 softmax rounded, within the bound tensor_exp.c proves). The float32 / 16-bit matmul (at the
 * end) is a float32 fused multiply-add chain per element, as PyTorch's CPU matmul accumulates. */
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
        if (j->rdt == FY_TORCH_F64) {
            double mx = -INFINITY, s = 0;
            for (int64_t i = 0; i < j->L; i++)
                if (buf[i] > mx || isnan(buf[i])) mx = buf[i];
            for (int64_t i = 0; i < j->L; i++) {
                buf[i] = exp(buf[i] - mx);
                s += buf[i];
            }
            for (int64_t i = 0; i < j->L; i++) buf[i] = buf[i] / s;
        } else { /* the same steps in the same order with the vectorised exp (tensor_exp.c) */
            fy_torch_softmax_vrow(buf, j->L);
        }
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

/* ------------------------------------------------------------------ matmul in float32 */

/* As PyTorch's CPU matmul of float32 (and of float16 / bfloat16, which it accumulates in float32): each element
 * of C is a float32 fused multiply-add chain over k ascending from zero, c = fmaf(a[i][k], b[k][j], c). The
 * blocking below keeps that chain (a partial sum is stored and resumed in float32), so the result does not
 * depend on the block sizes or the thread count. */
#define FMR 6
#define FNR 16
#define FKC 256
#define FMC 96

typedef float v8f __attribute__((vector_size(32)));

typedef struct {
    int64_t M, N, K, Np;
    const float *A;  /* [batch][M][K] */
    const float *Bp; /* packed: [batch][Np/FNR panels][K][FNR], zero columns past N */
    float *C;        /* [batch][M][Np] */
} mmf_job;

/* Eight fused multiply-adds acc = fmaf(x, b, acc) (one vfmadd231ps where the function is compiled for FMA). */
#define FMA8(acc, x, b) \
    for (int e_ = 0; e_ < 8; e_++) (acc)[e_] = __builtin_fmaf((x)[e_], (b)[e_], (acc)[e_])

static inline __attribute__((always_inline)) void fmicro(const float *a, int64_t lda, const float *p, float *c,
                                                         int64_t ldc, int64_t kn, int rows, bool first) {
    v8f acc[FMR][2];
    for (int r = 0; r < FMR; r++)
        for (int h = 0; h < 2; h++) {
            if (first || r >= rows) acc[r][h] = (v8f){0};
            else memcpy(&acc[r][h], c + r * ldc + 8 * h, 32);
        }
    for (int64_t k = 0; k < kn; k++) {
        v8f b0, b1;
        memcpy(&b0, p + k * FNR, 32);
        memcpy(&b1, p + k * FNR + 8, 32);
        for (int r = 0; r < FMR; r++) {
            float av = r < rows ? a[r * lda + k] : 0.0f;
            v8f x = {av, av, av, av, av, av, av, av};
            FMA8(acc[r][0], x, b0);
            FMA8(acc[r][1], x, b1);
        }
    }
    for (int r = 0; r < rows; r++)
        for (int h = 0; h < 2; h++) memcpy(c + r * ldc + 8 * h, &acc[r][h], 32);
}

static inline __attribute__((always_inline)) void mmf_rows(const mmf_job *j, int64_t bt, int64_t i0, int64_t i1) {
    const float *A = j->A + bt * j->M * j->K, *Bp = j->Bp + bt * j->Np * j->K;
    float *C = j->C + bt * j->M * j->Np;
    int64_t np = j->Np / FNR, K = j->K;
    if (K == 0) {
        for (int64_t i = i0; i < i1; i++) memset(C + i * j->Np, 0, sizeof(float) * (size_t)j->Np);
        return;
    }
    for (int64_t k0 = 0; k0 < K; k0 += FKC) {
        int64_t kn = K - k0 < FKC ? K - k0 : FKC;
        for (int64_t q = 0; q < np; q++) {
            const float *panel = Bp + q * K * FNR + k0 * FNR;
            for (int64_t i = i0; i < i1; i += FMR) {
                int rows = i1 - i < FMR ? (int)(i1 - i) : FMR;
                if (rows == FMR) fmicro(A + i * K + k0, K, panel, C + i * j->Np + q * FNR, j->Np, kn, FMR, k0 == 0);
                else fmicro(A + i * K + k0, K, panel, C + i * j->Np + q * FNR, j->Np, kn, rows, k0 == 0);
            }
        }
    }
}

#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
#include <immintrin.h>
/* fmicro in AVX2 + FMA intrinsics over a packed A panel (ap[k][r], FMR rows a k; rows past the matrix are
 * zeros and their results are not stored). The 12 accumulators are named variables: GCC keeps an array of
 * them in memory. */
#define FMR_ROWS(X) X(0) X(1) X(2) X(3) X(4) X(5)
__attribute__((target("avx2,fma"))) static void fmicro_x86(const float *ap, const float *p, float *c, int64_t ldc,
                                                           int64_t kn, int rows, bool first) {
#define ACC_DECL(r) __m256 a##r##0 = _mm256_setzero_ps(), a##r##1 = _mm256_setzero_ps();
    FMR_ROWS(ACC_DECL)
#define ACC_LOAD(r) \
    if (!first && r < rows) a##r##0 = _mm256_loadu_ps(c + r * ldc), a##r##1 = _mm256_loadu_ps(c + r * ldc + 8);
    FMR_ROWS(ACC_LOAD)
    for (int64_t k = 0; k < kn; k++) {
        __m256 b0 = _mm256_load_ps(p + k * FNR), b1 = _mm256_load_ps(p + k * FNR + 8), x;
#define ACC_FMA(r) \
    x = _mm256_broadcast_ss(ap + k * FMR + r); \
    a##r##0 = _mm256_fmadd_ps(x, b0, a##r##0); \
    a##r##1 = _mm256_fmadd_ps(x, b1, a##r##1);
        FMR_ROWS(ACC_FMA)
    }
#define ACC_STORE(r) \
    if (r < rows) _mm256_storeu_ps(c + r * ldc, a##r##0), _mm256_storeu_ps(c + r * ldc + 8, a##r##1);
    FMR_ROWS(ACC_STORE)
#undef ACC_DECL
#undef ACC_LOAD
#undef ACC_FMA
#undef ACC_STORE
}

__attribute__((target("avx2,fma"))) static void mmf_rows_fma(const mmf_job *j, int64_t bt, int64_t i0, int64_t i1) {
    const float *A = j->A + bt * j->M * j->K, *Bp = j->Bp + bt * j->Np * j->K;
    float *C = j->C + bt * j->M * j->Np;
    int64_t np = j->Np / FNR, K = j->K;
    if (K == 0) {
        for (int64_t i = i0; i < i1; i++) memset(C + i * j->Np, 0, sizeof(float) * (size_t)j->Np);
        return;
    }
    _Alignas(32) float ap[(FMC + FMR - 1) / FMR * FKC * FMR];
    for (int64_t k0 = 0; k0 < K; k0 += FKC) {
        int64_t kn = K - k0 < FKC ? K - k0 : FKC;
        for (int64_t i = i0; i < i1; i += FMR) /* A's rows [i0, i1) x [k0, k0 + kn) packed by FMR-row panels */
            for (int64_t k = 0; k < kn; k++)
                for (int r = 0; r < FMR; r++)
                    ap[(i - i0) / FMR * kn * FMR + k * FMR + r] = i + r < i1 ? A[(i + r) * K + k0 + k] : 0.0f;
        for (int64_t q = 0; q < np; q++) {
            const float *panel = Bp + q * K * FNR + k0 * FNR;
            for (int64_t i = i0; i < i1; i += FMR)
                fmicro_x86(ap + (i - i0) / FMR * kn * FMR, panel, C + i * j->Np + q * FNR, j->Np, kn,
                           i1 - i < FMR ? (int)(i1 - i) : FMR, k0 == 0);
        }
    }
}
static int have_fma = -1;
#endif
static void mmf_rows_base(const mmf_job *j, int64_t bt, int64_t i0, int64_t i1) { mmf_rows(j, bt, i0, i1); }

static void mmf_task(void *vj, int64_t lo, int64_t hi) {
    mmf_job *j = vj;
    int64_t per = (j->M + FMC - 1) / FMC;
    for (int64_t it = lo; it < hi; it++) {
        int64_t bt = it / per, i0 = (it % per) * FMC, i1 = i0 + FMC < j->M ? i0 + FMC : j->M;
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
        if (have_fma) {
            mmf_rows_fma(j, bt, i0, i1);
            continue;
        }
#endif
        mmf_rows_base(j, bt, i0, i1);
    }
}

int fy_torch_matmul_f32(int64_t nbatch, int64_t M, int64_t N, int64_t K, const float *A, const float *B, char *out,
                        int odt) {
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
    if (have_fma < 0) have_fma = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
#endif
    int64_t Np = (N + FNR - 1) / FNR * FNR;
    float *Bp = aligned_alloc(32, sizeof(float) * (size_t)((nbatch * Np * K + 8) / 8 * 8));
    /* a float32 result whose rows are whole panels is written in place */
    bool direct = odt == FY_TORCH_F32 && Np == N;
    float *C =
        direct ? (float *)(void *)out : aligned_alloc(32, sizeof(float) * (size_t)((nbatch * M * Np + 8) / 8 * 8));
    double *row = malloc(sizeof(double) * (size_t)(N + 1));
    if (!Bp || !C || !row) {
        free(Bp);
        if (!direct) free(C);
        free(row);
        fy_err_nomem();
        return -1;
    }
    for (int64_t bt = 0; bt < nbatch; bt++)
        for (int64_t q = 0; q < Np / FNR; q++)
            for (int64_t k = 0; k < K; k++) {
                float *d = Bp + bt * Np * K + q * K * FNR + k * FNR;
                const float *s = B + (bt * K + k) * N + q * FNR;
                for (int h = 0; h < FNR; h++) d[h] = q * FNR + h < N ? s[h] : 0.0f;
            }
    mmf_job j = {M, N, K, Np, A, Bp, C};
    int64_t items = nbatch * ((M + FMC - 1) / FMC);
    if (M * N * K < (int64_t)1 << 21) mmf_task(&j, 0, items);
    else fy_torch_parallel(items, 1, mmf_task, &j);
    int64_t osz = (int64_t)fy_torch_itemsize(odt);
    for (int64_t bt = 0; bt < nbatch && !direct; bt++)
        for (int64_t i = 0; i < M; i++) {
            const float *c = C + (bt * M + i) * Np;
            char *o = out + (bt * M + i) * N * osz;
            if (odt == FY_TORCH_F32) memcpy(o, c, sizeof(float) * (size_t)N);
            else { /* float -> double is exact, so one rounding to the 16-bit format */
                for (int64_t x = 0; x < N; x++) row[x] = c[x];
                fy_torch_store_f64(row, o, osz, odt, N);
            }
        }
    free(Bp);
    if (!direct) free(C);
    free(row);
    return 0;
}

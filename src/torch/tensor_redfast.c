/* tensor_redfast.c - the fast path of float reductions (sum, mean, max, min and their arg-indices) over
 * a contiguous tensor whose reduced dimensions are one block: the tensor is read as [P, R, S] (kept
 * prefix, reduced block, kept suffix) and large ones are split over the worker pool.
 *
 * Summation order (fixed, whatever the number of threads): over the last dimensions (S = 1) each row
 * is cut into blocks of FAST_BLOCK elements; a block is summed in double in 8 interleaved partial sums
 * (element i into sum i mod 8), added as ((s0+s1)+(s2+s3))+((s4+s5)+(s6+s7)); the blocks' sums are
 * added in order. Over other dimensions (S > 1) each output adds its R inputs in order, as the
 * generic loop does. Maximum and minimum return what the generic loop returns (the first NaN, else the
 * first of the extreme values, and its index). */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("tree-vectorize", "vect-cost-model=dynamic")
#endif
#include <math.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include "torch/torch.h"

#define FAST_BLOCK 16384
#define PIECE 1024
#define TILE 1024 /* the widest tile of outputs (S > 1) */

typedef struct {
    int op, dt;
    const char *x;
    int64_t P, R, S, isz, nb; /* nb: blocks a row (S = 1) */
    int64_t tw;               /* S > 1: outputs a tile (at most TILE) */
    double *part;             /* S = 1: per (row, block) partial sums or extremes */
    uint8_t *nan;             /* S = 1, max/min: per (row, block) any NaN */
    double *val;              /* S > 1: per output */
    int64_t *idx;             /* S > 1: per output arg-index */
} red_job;

static bool is_max(int op) { return op == FY_TRED_MAX || op == FY_TRED_ARGMAX; }
static bool is_ext(int op) { return op >= FY_TRED_MAX; }

#define LANES_SUM(T) \
    FY_TORCH_SIMD_CLONES static void lanes_sum_##T(double acc[8], const T *x, int64_t m) { \
        int64_t m8 = m & ~(int64_t)7; \
        for (int64_t i = 0; i < m8; i += 8) \
            for (int j = 0; j < 8; j++) acc[j] += (double)x[i + j]; \
        for (int64_t j = 0; j < m - m8; j++) acc[j] += (double)x[m8 + j]; \
    }
LANES_SUM(float)
LANES_SUM(double)

/* Extremes of x[0..m) into m8 lanes (lanes start at -inf for max, +inf for min) and a NaN flag. */
#define LANES_EXT(T) \
    static void lanes_ext_##T(T acc[8], int *nan, const T *x, int64_t m, bool mx) { \
        int n = 0; \
        if (mx) \
            for (int64_t i = 0; i + 8 <= m; i += 8) \
                for (int j = 0; j < 8; j++) { \
                    T v = x[i + j]; \
                    acc[j] = v > acc[j] ? v : acc[j]; \
                    n |= v != v; \
                } \
        else \
            for (int64_t i = 0; i + 8 <= m; i += 8) \
                for (int j = 0; j < 8; j++) { \
                    T v = x[i + j]; \
                    acc[j] = v < acc[j] ? v : acc[j]; \
                    n |= v != v; \
                } \
        for (int64_t i = m & ~(int64_t)7; i < m; i++) { \
            T v = x[i]; \
            acc[0] = mx ? (v > acc[0] ? v : acc[0]) : (v < acc[0] ? v : acc[0]); \
            n |= v != v; \
        } \
        *nan |= n; \
    }
LANES_EXT(float)
LANES_EXT(double)

/* One block of a row (S = 1): its sum or its extreme and NaN flag. */
static void row_block(red_job *j, int64_t item) {
    int64_t row = item / j->nb, b = item % j->nb;
    int64_t lo = b * FAST_BLOCK, m = j->R - lo < FAST_BLOCK ? j->R - lo : FAST_BLOCK;
    const char *p = j->x + (row * j->R + lo) * j->isz;
    bool mx = is_max(j->op);
    if (!is_ext(j->op)) {
        double acc[8] = {0, 0, 0, 0, 0, 0, 0, 0};
        if (j->dt == FY_TORCH_F64) lanes_sum_double(acc, (const double *)(const void *)p, m);
        else if (j->dt == FY_TORCH_F32) lanes_sum_float(acc, (const float *)(const void *)p, m);
        else {
            float buf[PIECE];
            for (int64_t i = 0; i < m; i += PIECE) {
                int64_t k = m - i < PIECE ? m - i : PIECE;
                fy_torch_cvt_to_f32(p + i * j->isz, j->isz, j->dt, buf, k);
                lanes_sum_float(acc, buf, k);
            }
        }
        j->part[item] = ((acc[0] + acc[1]) + (acc[2] + acc[3])) + ((acc[4] + acc[5]) + (acc[6] + acc[7]));
        return;
    }
    int nan = 0;
    double r;
    if (j->dt == FY_TORCH_F64) {
        double acc[8];
        for (int k = 0; k < 8; k++) acc[k] = mx ? -INFINITY : INFINITY;
        lanes_ext_double(acc, &nan, (const double *)(const void *)p, m, mx);
        r = acc[0];
        for (int k = 1; k < 8; k++) r = mx ? (acc[k] > r ? acc[k] : r) : (acc[k] < r ? acc[k] : r);
    } else {
        float acc[8], buf[PIECE];
        for (int k = 0; k < 8; k++) acc[k] = mx ? -INFINITY : INFINITY;
        if (j->dt == FY_TORCH_F32) lanes_ext_float(acc, &nan, (const float *)(const void *)p, m, mx);
        else
            for (int64_t i = 0; i < m; i += PIECE) {
                int64_t k = m - i < PIECE ? m - i : PIECE;
                fy_torch_cvt_to_f32(p + i * j->isz, j->isz, j->dt, buf, k);
                lanes_ext_float(acc, &nan, buf, k, mx);
            }
        float f = acc[0];
        for (int k = 1; k < 8; k++) f = mx ? (acc[k] > f ? acc[k] : f) : (acc[k] < f ? acc[k] : f);
        r = f;
    }
    j->part[item] = r;
    j->nan[item] = (uint8_t)nan;
}

static void rows_task(void *vj, int64_t lo, int64_t hi) {
    for (int64_t i = lo; i < hi; i++) row_block(vj, i);
}

/* The tile's extremes in float (float32 / 16-bit inputs, no indices wanted): the generic loop's rule, vectorised;
 * comparing floats gives what comparing their doubles does. */
static inline __attribute__((always_inline)) void col_ext_body(float *fv, const float *f, int64_t w, bool first,
                                                               bool mx) {
    if (first) memcpy(fv, f, 4 * (size_t)w);
    else if (mx)
        for (int64_t s = 0; s < w; s++) {
            float v = f[s], b = fv[s];
            fv[s] = (b == b) & ((v > b) | (v != v)) ? v : b;
        }
    else
        for (int64_t s = 0; s < w; s++) {
            float v = f[s], b = fv[s];
            fv[s] = (b == b) & ((v < b) | (v != v)) ? v : b;
        }
}

#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
__attribute__((target("avx2"))) static void col_ext_avx2(float *fv, const float *f, int64_t w, bool first, bool mx) {
    col_ext_body(fv, f, w, first, mx);
}
#endif

static void col_ext_float(float *fv, const float *f, int64_t w, bool first, bool mx) {
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
    static _Atomic int avx2 = -1; /* the pool's threads may ask first */
    int on = atomic_load_explicit(&avx2, memory_order_relaxed);
    if (on < 0) atomic_store_explicit(&avx2, on = __builtin_cpu_supports("avx2") != 0, memory_order_relaxed);
    if (on) {
        col_ext_avx2(fv, f, w, first, mx);
        return;
    }
#endif
    col_ext_body(fv, f, w, first, mx);
}

/* One tile of outputs (S > 1): out[p][s0..s1) over r in order, the generic loop's rules (sums in double, each
 * output's inputs added in r order). */
FY_TORCH_SIMD_CLONES static void col_tile(red_job *j, int64_t item) {
    int64_t ntile = (j->S + j->tw - 1) / j->tw, p = item / ntile, s0 = (item % ntile) * j->tw;
    int64_t w = j->S - s0 < j->tw ? j->S - s0 : j->tw;
    double *val = j->val + p * j->S + s0;
    int64_t *bi = j->idx ? j->idx + p * j->S + s0 : NULL;
    double row[TILE];
    float buf[TILE], fv[TILE];
    bool ext = is_ext(j->op), mx = is_max(j->op), fext = ext && !bi && j->dt != FY_TORCH_F64;
    for (int64_t r = 0; r < j->R; r++) {
        const char *q = j->x + ((p * j->R + r) * j->S + s0) * j->isz;
        const float *f = (const float *)(const void *)q;
        if (j->dt != FY_TORCH_F64 && j->dt != FY_TORCH_F32) {
            fy_torch_cvt_to_f32(q, j->isz, j->dt, buf, w);
            f = buf;
        }
        if (fext) {
            col_ext_float(fv, f, w, r == 0, mx);
            continue;
        }
        if (!ext && j->dt == FY_TORCH_F32 && r > 0 && r + 4 <= j->R) { /* 4 rows a pass, each sum in r order */
            const float *f1 = f + j->S, *f2 = f1 + j->S, *f3 = f2 + j->S;
            for (int64_t s = 0; s < w; s++) {
                double v = val[s];
                v += (double)f[s];
                v += (double)f1[s];
                v += (double)f2[s];
                v += (double)f3[s];
                val[s] = v;
            }
            r += 3;
            continue;
        }
        if (!ext && j->dt != FY_TORCH_F64) {
            if (r == 0)
                for (int64_t s = 0; s < w; s++) val[s] = 0.0 + (double)f[s];
            else
                for (int64_t s = 0; s < w; s++) val[s] += (double)f[s];
            continue;
        }
        if (j->dt == FY_TORCH_F64) memcpy(row, q, 8 * (size_t)w);
        else
            for (int64_t s = 0; s < w; s++) row[s] = f[s];
        if (!ext) {
            if (r == 0)
                for (int64_t s = 0; s < w; s++) val[s] = 0.0 + row[s];
            else
                for (int64_t s = 0; s < w; s++) val[s] += row[s];
        } else if (r == 0) {
            memcpy(val, row, 8 * (size_t)w);
            if (bi) memset(bi, 0, 8 * (size_t)w);
        } else
            for (int64_t s = 0; s < w; s++) {
                double v = row[s], b = val[s];
                int take = (b == b) & ((mx ? v > b : v < b) | (v != v)); /* bitwise: no branches */
                val[s] = take ? v : b;
                if (bi) bi[s] = take ? r : bi[s];
            }
    }
    if (fext)
        for (int64_t s = 0; s < w; s++) val[s] = fv[s];
}

static void cols_task(void *vj, int64_t lo, int64_t hi) {
    for (int64_t i = lo; i < hi; i++) col_tile(vj, i);
}

/* Float extremes without indices over S > 1 (amax / amin of float32 and 16-bit inputs), split over R as well:
 * an item is one p, one full-width tile and one chunk of rows (rows read contiguously, every thread
 * streaming its own rows); the chunks' extremes are then combined in chunk order by the same rule, which
 * gives what one pass in r order gives (the first NaN, else the first of the extreme values). */
typedef struct {
    red_job *j;
    int64_t ntile, nchunk, rc; /* rc: rows a chunk */
    float *part;               /* [nchunk][P][S] */
} ext_job;

static void ext_item(ext_job *e, int64_t item) {
    red_job *j = e->j;
    int64_t c = item % e->nchunk, t = item / e->nchunk, p = t / e->ntile, s0 = (t % e->ntile) * TILE;
    int64_t w = j->S - s0 < TILE ? j->S - s0 : TILE, r0 = c * e->rc, r1 = r0 + e->rc < j->R ? r0 + e->rc : j->R;
    float *fv = e->part + (c * j->P + p) * j->S + s0, buf[TILE];
    bool mx = is_max(j->op);
    for (int64_t r = r0; r < r1; r++) {
        const char *q = j->x + ((p * j->R + r) * j->S + s0) * j->isz;
        const float *f = (const float *)(const void *)q;
        if (j->dt != FY_TORCH_F32) {
            fy_torch_cvt_to_f32(q, j->isz, j->dt, buf, w);
            f = buf;
        }
        col_ext_float(fv, f, w, r == r0, mx);
    }
}

static void ext_task(void *ve, int64_t lo, int64_t hi) {
    for (int64_t i = lo; i < hi; i++) ext_item(ve, i);
}

static bool ext_split(red_job *j, char *o, int odt, int64_t osz) {
    ext_job e = {.j = j, .ntile = (j->S + TILE - 1) / TILE};
    int64_t want = 4 * (int64_t)fy_torch_nthreads(), tiles = j->P * e.ntile;
    e.nchunk = tiles >= want ? 1 : (want + tiles - 1) / tiles;
    if (e.nchunk > j->R) e.nchunk = j->R;
    e.rc = (j->R + e.nchunk - 1) / e.nchunk;
    e.nchunk = (j->R + e.rc - 1) / e.rc; /* no empty chunk */
    int64_t nout = j->P * j->S;
    e.part = malloc(sizeof(float) * (size_t)(nout * e.nchunk));
    if (!e.part) return false;
    int64_t grain = (FY_TORCH_PAR_GRAIN + e.rc * TILE - 1) / (e.rc * TILE);
    fy_torch_parallel(tiles * e.nchunk, grain, ext_task, &e);
    for (int64_t c = 1; c < e.nchunk; c++) col_ext_float(e.part, e.part + c * nout, nout, false, is_max(j->op));
    for (int64_t i = 0; i < nout; i++) fy_torch_storef(o + i * osz, odt, e.part[i]);
    free(e.part);
    return true;
}

/* The first index of a row where its extreme m (or, with nan, its first NaN) is. */
static int64_t find_first(const char *p, int64_t n, int dt, int64_t isz, double m, bool nan) {
    float buf[PIECE];
    for (int64_t i = 0; i < n; i += PIECE) {
        int64_t k = n - i < PIECE ? n - i : PIECE;
        if (dt == FY_TORCH_F64) {
            const double *d = (const double *)(const void *)(p + i * isz);
            for (int64_t e = 0; e < k; e++)
                if (nan ? d[e] != d[e] : d[e] == m) return i + e;
            continue;
        }
        fy_torch_cvt_to_f32(p + i * isz, isz, dt, buf, k);
        for (int64_t e = 0; e < k; e++)
            if (nan ? buf[e] != buf[e] : buf[e] == m) return i + e;
    }
    return 0;
}

bool fy_torch_reduce_fast(fy_torch_tensor *t, const bool *mask, int op, fy_torch_tensor *out, fy_torch_tensor *idx) {
    int dt = t->dtype;
    if (!fy_torch_is_float(dt) || !fy_torch_cvt_f32_ok(dt, false) || !fy_torch_is_contiguous(t)) return false;
    if (!fy_torch_is_contiguous(out) || (idx && !fy_torch_is_contiguous(idx))) return false;
    /* the reduced dims (size-1 dims aside) must be consecutive */
    int first = -1, last = -1;
    for (int d = 0; d < t->ndim; d++)
        if (mask[d] && t->shape[d] != 1) {
            if (first < 0) first = d;
            last = d;
        }
    if (first < 0) return false;
    for (int d = first; d <= last; d++)
        if (!mask[d] && t->shape[d] != 1) return false;
    red_job j = {.op = op, .dt = dt, .x = fy_torch_data_ro(t), .P = 1, .R = 1, .S = 1};
    for (int d = 0; d < t->ndim; d++) {
        if (d < first) j.P *= t->shape[d];
        else if (d <= last) j.R *= t->shape[d];
        else j.S *= t->shape[d];
    }
    if (j.P * j.S == 0 || j.R == 0) return false;
    j.isz = (int64_t)fy_torch_itemsize(dt);
    int64_t total = j.P * j.R * j.S, nout = j.P * j.S;
    char *o = fy_torch_data(out);
    int odt = out->dtype;
    int64_t osz = (int64_t)fy_torch_itemsize(odt);
    int64_t *oi = idx ? (int64_t *)(void *)fy_torch_data(idx) : NULL;
    bool ext = is_ext(op), argonly = op == FY_TRED_ARGMAX || op == FY_TRED_ARGMIN;
    if (j.S == 1) {
        j.nb = (j.R + FAST_BLOCK - 1) / FAST_BLOCK;
        int64_t items = j.P * j.nb;
        j.part = malloc(sizeof(double) * (size_t)items);
        j.nan = malloc((size_t)items);
        if (!j.part || !j.nan) {
            free(j.part);
            free(j.nan);
            return false;
        }
        int64_t blen = j.R < FAST_BLOCK ? j.R : FAST_BLOCK;
        int64_t grain = (FY_TORCH_PAR_GRAIN + blen - 1) / blen;
        if (total < FY_TORCH_PAR_MIN) rows_task(&j, 0, items);
        else fy_torch_parallel(items, grain, rows_task, &j);
        bool mx = is_max(op);
        for (int64_t r = 0; r < j.P; r++) {
            const double *pp = j.part + r * j.nb;
            double v;
            int64_t at = 0;
            if (!ext) {
                v = 0.0;
                for (int64_t b = 0; b < j.nb; b++) v += pp[b];
                if (op == FY_TRED_MEAN) v /= (double)j.R;
            } else {
                bool nan = false;
                v = pp[0];
                for (int64_t b = 0; b < j.nb; b++) {
                    nan |= j.nan[r * j.nb + b] != 0;
                    v = mx ? (pp[b] > v ? pp[b] : v) : (pp[b] < v ? pp[b] : v);
                }
                /* the generic loop's answer: the first NaN, or the first element equal to the extreme
                 * (which keeps the sign of a zero) */
                if (nan || v == 0 || oi || argonly) {
                    const char *rp = j.x + r * j.R * j.isz;
                    at = find_first(rp, j.R, dt, j.isz, v, nan);
                    v = fy_torch_loadf(rp + at * j.isz, dt);
                }
            }
            if (argonly) fy_torch_storei(o + r * osz, odt, at);
            else fy_torch_storef(o + r * osz, odt, v);
            if (oi) oi[r] = at;
        }
        free(j.part);
        free(j.nan);
        return true;
    }
    if (ext && !oi && !argonly && dt != FY_TORCH_F64 && total >= FY_TORCH_PAR_MIN && ext_split(&j, o, odt, osz))
        return true;
    j.val = malloc(sizeof(double) * (size_t)nout);
    bool want_idx = ext && (oi || argonly); /* amax / amin need no indices */
    j.idx = want_idx ? malloc(sizeof(int64_t) * (size_t)nout) : NULL;
    if (!j.val || (want_idx && !j.idx)) {
        free(j.val);
        free(j.idx);
        return false;
    }
    /* tiles narrow enough to give every thread one (the order of the sums does not depend on it): a tile
     * reads a run of its width from each row, the rows a row's length apart, so a narrow tile starts a new
     * page every row and the hardware prefetcher, which stays within a page, misses (1024x1024 float32 over
     * dim 0: 4 tiles a thread of 128-256 columns took 0.35-0.57 ms, one of 512-1024 0.21-0.35); a thread
     * the load delays leaves its tile to the others (tensor_par.c) */
    j.tw = j.S < TILE ? j.S : TILE;
    int64_t want = (int64_t)fy_torch_nthreads();
    while (j.tw > 64 && j.P * ((j.S + j.tw - 1) / j.tw) < want) j.tw /= 2;
    int64_t ntile = (j.S + j.tw - 1) / j.tw, items = j.P * ntile;
    int64_t grain = (FY_TORCH_PAR_GRAIN + j.tw * j.R - 1) / (j.tw * j.R);
    if (total < FY_TORCH_PAR_MIN) cols_task(&j, 0, items);
    else fy_torch_parallel(items, grain, cols_task, &j);
    for (int64_t i = 0; i < nout; i++) {
        double v = j.val[i];
        if (op == FY_TRED_MEAN) v /= (double)j.R;
        if (argonly) fy_torch_storei(o + i * osz, odt, j.idx[i]);
        else fy_torch_storef(o + i * osz, odt, v);
        if (oi) oi[i] = j.idx[i];
    }
    free(j.val);
    free(j.idx);
    return true;
}

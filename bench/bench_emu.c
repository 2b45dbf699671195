/* bench_emu.c - the emulator against native -O2 C loops doing the same work on the same cores
 * (same thread count): vector add over 16 M floats, row softmax over 4096x1024 floats, a block
 * reduction (LDS + barriers) over 4 M floats, and the host-side overhead of a cached launch.
 * Each figure is the best of several runs; prints times and ratios, by the wall clock and by the process's
 * CPU time. */
#define _GNU_SOURCE
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../tests/runtime/kernels.h"
#include "bench_emu_kernels.h"
#include "core/core_load.h"

#define N (16 * 1024 * 1024)
#define ROWS 4096
#define COLS 1024
#define RN (4 * 1024 * 1024)
#define RB 256

static const fly_rt_api *R;
static fly_rt *rt;
static int nth;

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* CPU time of the whole process (every thread: the emulator's workers, the native loop's threads): on a
 * loaded machine a steadier measure than the wall clock. */
static double cpu_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static double cpu_emu, cpu_nat; /* the last compare's best CPU times */

static void print_cpu(void) {
    printf("    CPU time: emulator %.1f ms, native %.1f ms, ratio %.2fx\n", cpu_emu, cpu_nat, cpu_emu / cpu_nat);
}

/* ---- native loops: fn(lo, hi) over [0, total) split across nth threads ---- */

typedef void (*range_fn)(long lo, long hi);
typedef struct part {
    range_fn fn;
    long lo, hi;
} part;

static void *run_part(void *p) {
    part *x = p;
    x->fn(x->lo, x->hi);
    return NULL;
}

static double native(range_fn fn, long total) {
    pthread_t th[64];
    part ps[64];
    double t0 = now_ms();
    for (int i = 0; i < nth; i++) {
        ps[i] = (part){fn, total * i / nth, total * (i + 1) / nth};
        pthread_create(&th[i], NULL, run_part, &ps[i]);
    }
    for (int i = 0; i < nth; i++) pthread_join(th[i], NULL);
    return now_ms() - t0;
}

static const float *na, *nb;
static float *nc;

static void vadd_range(long lo, long hi) {
    for (long i = lo; i < hi; i++) nc[i] = na[i] + nb[i];
}

static void softmax_range(long lo, long hi) {
    for (long r = lo; r < hi; r++) {
        const float *x = na + r * COLS;
        float *y = nc + r * COLS, m = -INFINITY, s = 0;
        for (int i = 0; i < COLS; i++) m = fmaxf(m, x[i]);
        for (int i = 0; i < COLS; i++) s += expf(x[i] - m);
        float inv = 1.0f / s;
        for (int i = 0; i < COLS; i++) y[i] = expf(x[i] - m) * inv;
    }
}

static void bred_range(long lo, long hi) {
    for (long b = lo; b < hi; b++) {
        float s = 0;
        for (int i = 0; i < RB; i++) s += na[b * RB + i];
        nc[b] = s;
    }
}

static void wred_range(long lo, long hi) {
    for (long w = lo; w < hi; w++) {
        float s = 0;
        for (int i = 0; i < 64; i++) s += na[w * 64 + i];
        nc[w] = s;
    }
}

static void bsoftmax_range(long lo, long hi) {
    for (long r = lo; r < hi; r++) {
        const float *x = na + r * BK_COLS;
        float *y = nc + r * BK_COLS, m = -INFINITY, s = 0;
        for (int i = 0; i < BK_COLS; i++) m = fmaxf(m, x[i]);
        for (int i = 0; i < BK_COLS; i++) s += expf(x[i] - m);
        float inv = 1.0f / s;
        for (int i = 0; i < BK_COLS; i++) y[i] = expf(x[i] - m) * inv;
    }
}

static const float *ng, *nbb;

static void blayernorm_range(long lo, long hi) {
    for (long r = lo; r < hi; r++) {
        const float *x = na + r * BK_COLS;
        float *y = nc + r * BK_COLS, s = 0, q = 0;
        for (int i = 0; i < BK_COLS; i++) s += x[i];
        float mean = s * (1.0f / BK_COLS);
        for (int i = 0; i < BK_COLS; i++) q += (x[i] - mean) * (x[i] - mean);
        float rstd = 1.0f / sqrtf(q * (1.0f / BK_COLS) + 1e-5f);
        for (int i = 0; i < BK_COLS; i++) y[i] = (x[i] - mean) * rstd * ng[i] + nbb[i];
    }
}

/* BENCH_EMU_ONLY=WORD runs only the kernels whose name contains WORD (for profiling one of them). */
static int skip(const char *what) {
    const char *only = getenv("BENCH_EMU_ONLY");
    return only && !strstr(what, only);
}

/* Best of reps runs of the kernel and of the native loop; returns 0, 1 when skipped, or -1. */
static int compare(const char *what, fly_rt_module *m, fly_rt_launch *l, range_fn fn, long total, int reps, double *emu,
                   double *nat) {
    *emu = *nat = cpu_emu = cpu_nat = 1e30;
    if (skip(what)) return 1;
    for (int r = 0; r < reps; r++) {
        double t0 = now_ms(), c0 = cpu_ms();
        if (R->launch(rt, m, l)) {
            fprintf(stderr, "bench_emu: %s: %s\n", what, R->last_error(rt));
            return -1;
        }
        double t = now_ms() - t0, c = cpu_ms() - c0;
        *emu = t < *emu ? t : *emu;
        cpu_emu = c < cpu_emu ? c : cpu_emu;
        c0 = cpu_ms();
        t = native(fn, total);
        c = cpu_ms() - c0;
        *nat = t < *nat ? t : *nat;
        cpu_nat = c < cpu_nat ? c : cpu_nat;
    }
    return 0;
}

static fly_rt_module *load(const char *text, double *ms) {
    double t0 = now_ms();
    fly_rt_module *m = R->load(rt, text);
    if (ms) *ms = now_ms() - t0;
    if (!m) fprintf(stderr, "bench_emu: %s\n", R->last_error(rt));
    return m;
}

static long count_far(const float *x, const float *y, long n, double tol) {
    long bad = 0;
    for (long i = 0; i < n; i++) bad += !(fabs((double)x[i] - y[i]) <= tol * (fabs((double)y[i]) + 1e-30));
    return bad;
}

/* The same with an absolute tolerance too (outputs near zero, as a layernorm's). */
static long count_far_abs(const float *x, const float *y, long n, double tol, double atol) {
    long bad = 0;
    for (long i = 0; i < n; i++) bad += !(fabs((double)x[i] - y[i]) <= tol * fabs((double)y[i]) + atol);
    return bad;
}

int main(void) {
    char err[512];
    const fly_core_api *api = fly_core_load(err, sizeof err);
    if (!api || !api->rt) {
        fprintf(stderr, "bench_emu: %s\n", err);
        return 1;
    }
    R = api->rt;
    fly_rt_options o = {.kind = FLY_RT_EMU};
    rt = R->create(&o);
    long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
    nth = ncpu > 0 && ncpu < 64 ? (int)ncpu : 1;
    double load_ms, emu, nat;
    int rc;
    long far;
    fly_rt_module *m = load(k_vadd_n, &load_ms);
    if (!m) return 1;
    float *a = R->malloc(rt, (size_t)N * 4), *b = R->malloc(rt, (size_t)N * 4), *c = R->malloc(rt, (size_t)N * 4);
    float *ref = malloc((size_t)N * 4);
    for (long i = 0; i < N; i++) {
        a[i] = (float)(i % 1000);
        b[i] = 0.5f * (float)(i % 77);
    }
    int bad = 0;
    /* vector add */
    int32_t n = N;
    void *args[] = {&a, &b, &c, &n};
    fly_rt_launch l = {.grid = {N / 256, 1, 1}, .block = {256, 1, 1}, .args = args, .nargs = 4};
    na = a, nb = b, nc = ref;
    rc = compare("vector add", m, &l, vadd_range, N, 7, &emu, &nat);
    if (rc < 0) return 1;
    if (rc == 0) {
        far = count_far(c, ref, N, 0);
        bad |= far != 0;
        printf("vector add, 16 M floats, %d threads: emulator %.1f ms, native -O2 loop %.1f ms, ratio %.2fx%s\n", nth,
               emu, nat, emu / nat, far ? " (MISMATCH)" : "");
        print_cpu();
    }
    /* row softmax */
    fly_rt_module *ms = load(k_softmax_rows, NULL);
    if (!ms) return 1;
    for (long i = 0; i < (long)ROWS * COLS; i++) a[i] = (float)((i * 7919) % 2003) * 0.01f - 10.0f;
    void *sargs[] = {&a, &c};
    fly_rt_launch ls = {.grid = {ROWS / 64, 1, 1}, .block = {64, 1, 1}, .args = sargs, .nargs = 2};
    rc = compare("softmax", ms, &ls, softmax_range, ROWS, 5, &emu, &nat);
    if (rc < 0) return 1;
    if (rc == 0) {
        far = count_far(c, ref, (long)ROWS * COLS, 1e-5);
        bad |= far != 0;
        printf(
            "row softmax, 4096x1024 floats (a thread per row), %d threads: emulator %.1f ms, native -O2 loop %.1f ms, "
            "ratio %.2fx%s\n",
            nth, emu, nat, emu / nat, far ? " (MISMATCH)" : "");
        print_cpu();
    }
    /* block reduction */
    fly_rt_module *mr = load(k_bred_big, NULL);
    if (!mr) return 1;
    for (long i = 0; i < RN; i++) a[i] = (float)(i % 97);
    void *rargs[] = {&a, &c};
    fly_rt_launch lr = {.grid = {RN / RB, 1, 1}, .block = {RB, 1, 1}, .args = rargs, .nargs = 2};
    rc = compare("block reduction", mr, &lr, bred_range, RN / RB, 3, &emu, &nat);
    if (rc < 0) return 1;
    if (rc == 0) {
        far = count_far(c, ref, RN / RB, 1e-6);
        bad |= far != 0;
        printf("block reduction (LDS + 9 barriers), 4 M floats in 256-thread blocks, %d threads: emulator %.1f ms, "
               "native -O2 loop %.1f ms, ratio %.1fx%s\n",
               nth, emu, nat, emu / nat, far ? " (MISMATCH)" : "");
        print_cpu();
    }
    /* wave-shuffle reduction: 65536 waves of 64 lanes, 6 xor shuffles each */
    bk_text *kt = malloc(sizeof *kt);
    fly_rt_module *mw = kt ? load(bk_wred(kt), NULL) : NULL;
    if (!mw) return 1;
    for (long i = 0; i < BK_N; i++) a[i] = (float)(i % 89) - 40.0f;
    void *wargs[] = {&a, &c};
    fly_rt_launch lw = {.grid = {BK_N / 256, 1, 1}, .block = {256, 1, 1}, .args = wargs, .nargs = 2};
    rc = compare("wave reduction", mw, &lw, wred_range, BK_N / 64, 5, &emu, &nat);
    if (rc < 0) return 1;
    if (rc == 0) {
        far = count_far(c, ref, BK_N / 64, 1e-6);
        bad |= far != 0;
        printf("wave-shuffle reduction (6 xor shuffles), 4 M floats in 64-lane waves, %d threads: emulator %.1f ms, "
               "native -O2 loop %.1f ms, ratio %.1fx%s\n",
               nth, emu, nat, emu / nat, far ? " (MISMATCH)" : "");
        print_cpu();
    }
    /* row softmax and layernorm, one 256-thread block a 4096-float row (two block reductions each) */
    for (long i = 0; i < BK_N; i++) a[i] = (float)((i * 7919) % 2003) * 0.002f - 2.0f;
    fly_rt_module *mbs = load(bk_softmax(kt), NULL);
    if (!mbs) return 1;
    void *bsargs[] = {&a, &c};
    fly_rt_launch lbs = {.grid = {BK_ROWS, 1, 1}, .block = {BK_THREADS, 1, 1}, .args = bsargs, .nargs = 2};
    rc = compare("block softmax", mbs, &lbs, bsoftmax_range, BK_ROWS, 5, &emu, &nat);
    if (rc < 0) return 1;
    if (rc == 0) {
        far = count_far(c, ref, BK_N, 1e-5);
        bad |= far != 0;
        printf("row softmax, 1024x4096 floats (a 256-thread block per row, block reductions), %d threads: emulator "
               "%.1f ms, native -O2 loop %.1f ms, ratio %.2fx%s\n",
               nth, emu, nat, emu / nat, far ? " (MISMATCH)" : "");
        print_cpu();
    }
    float *gam = R->malloc(rt, BK_COLS * 4), *bet = R->malloc(rt, BK_COLS * 4);
    for (int i = 0; i < BK_COLS; i++) {
        gam[i] = 0.5f + (float)(i % 13) * 0.1f;
        bet[i] = (float)(i % 7) * 0.25f - 0.5f;
    }
    ng = gam, nbb = bet;
    fly_rt_module *mln = load(bk_layernorm(kt), NULL);
    if (!mln) return 1;
    void *lnargs[] = {&a, &gam, &bet, &c};
    fly_rt_launch lln = {.grid = {BK_ROWS, 1, 1}, .block = {BK_THREADS, 1, 1}, .args = lnargs, .nargs = 4};
    rc = compare("block layernorm", mln, &lln, blayernorm_range, BK_ROWS, 5, &emu, &nat);
    if (rc < 0) return 1;
    if (rc == 0) {
        far = count_far_abs(c, ref, BK_N, 1e-4, 1e-4);
        bad |= far != 0;
        printf("layernorm, 1024x4096 floats (a 256-thread block per row, block reductions), %d threads: emulator "
               "%.1f ms, native -O2 loop %.1f ms, ratio %.2fx%s\n",
               nth, emu, nat, emu / nat, far ? " (MISMATCH)" : "");
        print_cpu();
    }
    free(kt);
    /* cached launch overhead: one block of one thread doing nothing out of range */
    int32_t zero = 0;
    void *args0[] = {&a, &b, &c, &zero};
    fly_rt_launch l0 = {.grid = {1, 1, 1}, .block = {1, 1, 1}, .args = args0, .nargs = 4};
    int reps = skip("launch overhead") ? 0 : 20000;
    double best = 1e30;
    for (int r = 0; r < 3; r++) {
        double t0 = now_ms();
        for (int i = 0; i < reps; i++) R->launch(rt, R->load(rt, k_vadd_n), &l0);
        double us = (now_ms() - t0) * 1000 / reps;
        best = us < best ? us : best;
    }
    if (reps) printf("cached launch overhead (load cache hit + launch of an empty 1x1 grid): %.2f us\n", best);
    printf("first load (fly passes + host lowering + JIT): %.1f ms\n", load_ms);
    R->free(rt, a);
    R->free(rt, b);
    R->free(rt, c);
    R->free(rt, gam);
    R->free(rt, bet);
    free(ref);
    R->destroy(rt);
    return bad;
}

/* bench_emu.c - the emulator against a native -O2 C loop on the same cores: vector add over 16 M
 * floats, and the host-side overhead of a cached launch. Prints times and ratios. */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../tests/runtime/kernels.h"
#include "core/core_load.h"

#define N (16 * 1024 * 1024)

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

typedef struct part {
    const float *a, *b;
    float *c;
    long lo, hi;
} part;

static void *native_part(void *p)
{
    part *x = p;
    for (long i = x->lo; i < x->hi; i++)
        x->c[i] = x->a[i] + x->b[i];
    return NULL;
}

static double native_vadd(const float *a, const float *b, float *c, int nth)
{
    pthread_t th[64];
    part ps[64];
    double t0 = now_ms();
    for (int i = 0; i < nth; i++) {
        ps[i] = (part){a, b, c, (long)N * i / nth, (long)N * (i + 1) / nth};
        pthread_create(&th[i], NULL, native_part, &ps[i]);
    }
    for (int i = 0; i < nth; i++)
        pthread_join(th[i], NULL);
    return now_ms() - t0;
}

int main(void)
{
    char err[512];
    const fly_core_api *api = fly_core_load(err, sizeof err);
    if (!api || !api->rt) {
        fprintf(stderr, "bench_emu: %s\n", err);
        return 1;
    }
    const fly_rt_api *R = api->rt;
    fly_rt_options o = {.kind = FLY_RT_EMU};
    fly_rt *rt = R->create(&o);
    long nc = sysconf(_SC_NPROCESSORS_ONLN);
    int nth = nc > 0 && nc < 64 ? (int)nc : 1;
    double t0 = now_ms();
    fly_rt_module *m = R->load(rt, k_vadd_n);
    double load_ms = now_ms() - t0;
    if (!m) {
        fprintf(stderr, "bench_emu: %s\n", R->last_error(rt));
        return 1;
    }
    float *a = R->malloc(rt, (size_t)N * 4), *b = R->malloc(rt, (size_t)N * 4), *c = R->malloc(rt, (size_t)N * 4);
    float *nc_out = malloc((size_t)N * 4);
    for (long i = 0; i < N; i++) {
        a[i] = (float)(i % 1000);
        b[i] = 0.5f * (float)(i % 77);
    }
    int32_t n = N;
    void *args[] = {&a, &b, &c, &n};
    fly_rt_launch l = {.grid = {N / 256, 1, 1}, .block = {256, 1, 1}, .args = args, .nargs = 4};
    double emu = 1e30, nat = 1e30;
    for (int r = 0; r < 5; r++) {
        t0 = now_ms();
        if (R->launch(rt, m, &l)) {
            fprintf(stderr, "bench_emu: %s\n", R->last_error(rt));
            return 1;
        }
        double t = now_ms() - t0;
        emu = t < emu ? t : emu;
        t = native_vadd(a, b, nc_out, nth);
        nat = t < nat ? t : nat;
    }
    long bad = 0;
    for (long i = 0; i < N; i++)
        bad += c[i] != nc_out[i];
    printf("vector add, 16 M floats, %d threads: emulator %.1f ms, native -O2 loop %.1f ms, ratio %.2fx%s\n", nth, emu,
           nat, emu / nat, bad ? " (MISMATCH)" : "");
    /* cached launch overhead: one block of one thread doing nothing out of range */
    int32_t zero = 0;
    void *args0[] = {&a, &b, &c, &zero};
    fly_rt_launch l0 = {.grid = {1, 1, 1}, .block = {1, 1, 1}, .args = args0, .nargs = 4};
    int reps = 20000;
    double best = 1e30;
    for (int r = 0; r < 3; r++) {
        t0 = now_ms();
        for (int i = 0; i < reps; i++)
            R->launch(rt, R->load(rt, k_vadd_n), &l0);
        double us = (now_ms() - t0) * 1000 / reps;
        best = us < best ? us : best;
    }
    printf("cached launch overhead (load cache hit + launch of an empty 1x1 grid): %.2f us\n", best);
    printf("first load (fly passes + host lowering + JIT): %.1f ms\n", load_ms);
    R->free(rt, a);
    R->free(rt, b);
    R->free(rt, c);
    free(nc_out);
    R->destroy(rt);
    return bad != 0;
}

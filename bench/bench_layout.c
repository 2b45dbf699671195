/* bench_layout.c - median time per call of composition, logical_divide, complement and
 * make_layout_tv on typical rank <= 4 static layouts, against the 1 us target.
 * Each case runs RUNS batches of ITERS calls (clock_gettime, CLOCK_MONOTONIC); the
 * figure is the median over batches of the mean time per call. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "layout/fly_layout.h"

#define RUNS 21
#define TARGET_NS 1000.0

static volatile int64_t sink;

typedef struct bcase {
    const char *op;
    const char *a, *b; /* operands in text (b: layout, tile "[..]" or cotarget) */
} bcase;

static const bcase cases[] = {
    {"composition", "(4,8):(1,4)", "(2,4):(1,2)"},
    {"composition", "(6,9):(19,69)", "(6,3):(3,1)"},
    {"composition", "((2,4),(4,8)):((1,16),(2,128))", "(8,16):(1,8)"},
    {"composition", "(128,64):(64,1)", "((4,8),(2,16)):((1,512),(4,8))"},
    {"logical_divide", "(4,8):(1,4)", "(2,4):(1,2)"},
    {"logical_divide", "64:1", "8:1"},
    {"logical_divide", "(128,64):(1,128)", "[32:1|16:1]"},
    {"logical_divide", "(14,(6,9)):(19,(69,1))", "[2:7|(3,6):(1,3)]"},
    {"complement", "(4):(1)", "32"},
    {"complement", "(3,2):(2,1)", "12"},
    {"complement", "((2,4),(4,8)):((1,16),(2,128))", "4096"},
    {"complement", "(16,4,8,2):(1,64,512,16384)", "65536"},
    {"make_layout_tv", "(4,1):(1,1)", "(1,8):(1,1)"},
    {"make_layout_tv", "(32,4):(4,1)", "(4,1):(1,1)"},
    {"make_layout_tv", "(16,16):(16,1)", "(1,4):(1,1)"},
    {"make_layout_tv", "(4,64):(64,1)", "(4,2):(2,1)"},
};

static double now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static int cmp_d(const void *x, const void *y) {
    double a = *(const double *)x, b = *(const double *)y;
    return a < b ? -1 : a > b;
}

static fly_layout A, B;
static fly_tile T;
static int use_tile;
static int64_t cot;

static int call(const char *op, fly_error *err) {
    fly_layout r;
    fly_inttuple tile;
    int st;
    if (!strcmp(op, "composition")) st = fly_layout_composition(&A, &B, &r, err);
    else if (!strcmp(op, "logical_divide"))
        st = use_tile ? fly_layout_logical_divide_tile(&A, &T, &r, err) : fly_layout_logical_divide(&A, &B, &r, err);
    else if (!strcmp(op, "complement")) st = fly_layout_complement(&A, cot, &r, err);
    else {
        st = fly_layout_make_tv(&A, &B, &tile, &r, err);
        sink += tile.n[0].span;
    }
    sink += r.shape.n[0].span;
    return st;
}

int main(int argc, char **argv) {
    long iters = argc > 1 ? atol(argv[1]) : 20000;
    if (iters < 10) iters = 10;
    printf("layout algebra: median ns per call (%d batches of %ld calls), target %.0f ns\n", RUNS, iters, TARGET_NS);
    printf("%-15s %-34s %-34s %10s %8s\n", "op", "A", "B / tiler / cotarget", "median_ns", "ratio");
    int bad = 0;
    double worst = 0;
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        const bcase *c = &cases[k];
        fly_error err;
        use_tile = c->b[0] == '[';
        cot = 0;
        if (fly_layout_parse(c->a, &A, &err) ||
            (strcmp(c->op, "complement")
                 ? (use_tile ? fly_tile_parse(c->b, &T, &err) : fly_layout_parse(c->b, &B, &err))
                 : ((cot = atoll(c->b)) <= 0)) ||
            call(c->op, &err)) {
            printf("%-15s %-34s %-34s  error: %s\n", c->op, c->a, c->b, err.message);
            bad++;
            continue;
        }
        double t[RUNS];
        for (int r = 0; r < RUNS; r++) {
            double t0 = now_ns();
            for (long i = 0; i < iters; i++) call(c->op, &err);
            t[r] = (now_ns() - t0) / (double)iters;
        }
        qsort(t, RUNS, sizeof t[0], cmp_d);
        double med = t[RUNS / 2];
        if (med > worst) worst = med;
        printf("%-15s %-34s %-34s %10.1f %8.3f\n", c->op, c->a, c->b, med, med / TARGET_NS);
    }
    printf("worst case: %.1f ns = %.3f of the 1 us target%s\n", worst, worst / TARGET_NS,
           worst <= TARGET_NS ? " (met)" : " (NOT met)");
    return bad ? 1 : 0;
}

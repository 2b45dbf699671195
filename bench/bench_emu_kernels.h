/* bench_emu_kernels.h - the synchronising kernels of bench/bench_emu, as MLIR text built at run time (the
 * wave reductions repeat one shuffle step six times): a wave-shuffle reduction, and a row softmax and a
 * layernorm with one 256-thread block per 4096-float row (block reductions: a wave's butterfly of xor
 * shuffles, the four wave results through LDS and a barrier). */
#ifndef BENCH_EMU_KERNELS_H
#define BENCH_EMU_KERNELS_H

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define BK_ROWS 1024
#define BK_COLS 4096
#define BK_THREADS 256
#define BK_N (4 * 1024 * 1024)

typedef struct bk_text {
    char s[16384];
    size_t n;
} bk_text;

static void bk_add(bk_text *t, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(t->s + t->n, sizeof t->s - t->n, fmt, ap);
    va_end(ap);
    if (k > 0) t->n += (size_t)k < sizeof t->s - t->n ? (size_t)k : sizeof t->s - t->n - 1;
}

/* %<out> = the reduction (op: addf / maximumf) of %<in> over the 64 lanes of the wave (xor butterfly). */
static void bk_wave(bk_text *t, const char *in, const char *out, const char *op, const char *tag) {
    const int offs[6] = {32, 16, 8, 4, 2, 1};
    char prev[32];
    snprintf(prev, sizeof prev, "%s", in);
    for (int i = 0; i < 6; i++) {
        bk_add(t, "      %%%s_s%d, %%%s_v%d = gpu.shuffle xor %%%s, %%i%d, %%i64 : f32\n", tag, i, tag, i, prev,
               offs[i]);
        if (i == 5) bk_add(t, "      %%%s = arith.%s %%%s, %%%s_s%d : f32\n", out, op, prev, tag, i);
        else bk_add(t, "      %%%s_r%d = arith.%s %%%s, %%%s_s%d : f32\n", tag, i, op, prev, tag, i);
        snprintf(prev, sizeof prev, "%s_r%d", tag, i);
    }
}

/* The block's reduction of %<in>: each wave's lane 0 stores its result in lds[slot + wave], a barrier, then
 * every thread combines the four in order into %<out>. */
static void bk_block(bk_text *t, const char *in, const char *out, const char *op, const char *tag, int slot) {
    char w[40];
    snprintf(w, sizeof w, "%s_w", tag);
    bk_wave(t, in, w, op, tag);
    bk_add(t, "      %%%s_slot = arith.addi %%wave, %%c%d : index\n", tag, slot);
    bk_add(t, "      scf.if %%lane0 {\n        memref.store %%%s, %%lds[%%%s_slot] : memref<8xf32, 3>\n      }\n", w,
           tag);
    bk_add(t, "      gpu.barrier\n");
    for (int i = 0; i < 4; i++)
        bk_add(t, "      %%%s_p%d = memref.load %%lds[%%c%d] : memref<8xf32, 3>\n", tag, i, slot + i);
    bk_add(t, "      %%%s_q0 = arith.%s %%%s_p0, %%%s_p1 : f32\n", tag, op, tag, tag);
    bk_add(t, "      %%%s_q1 = arith.%s %%%s_q0, %%%s_p2 : f32\n", tag, op, tag, tag);
    bk_add(t, "      %%%s = arith.%s %%%s_q1, %%%s_p3 : f32\n", out, op, tag, tag);
}

static void bk_consts(bk_text *t) {
    bk_add(t, "      %%t = gpu.thread_id x\n      %%b = gpu.block_id x\n");
    const int ci[] = {0, 1, 2, 3, 4, 5, 6, 7, 16, 64, 256, BK_COLS};
    for (size_t i = 0; i < sizeof ci / sizeof ci[0]; i++)
        bk_add(t, "      %%c%d = arith.constant %d : index\n", ci[i], ci[i]);
    const int ii[] = {1, 2, 4, 8, 16, 32, 64};
    for (size_t i = 0; i < sizeof ii / sizeof ii[0]; i++)
        bk_add(t, "      %%i%d = arith.constant %d : i32\n", ii[i], ii[i]);
    bk_add(t, "      %%wave = arith.divui %%t, %%c64 : index\n      %%lane = arith.remui %%t, %%c64 : index\n");
    bk_add(t, "      %%lane0 = arith.cmpi eq, %%lane, %%c0 : index\n");
    bk_add(t, "      %%zero = arith.constant 0.0 : f32\n      %%one = arith.constant 1.0 : f32\n");
    bk_add(t, "      %%ninf = arith.constant 0xFF800000 : f32\n");
    bk_add(t, "      %%rowb = arith.muli %%b, %%c%d : index\n      %%row = arith.addi %%rowb, %%t : index\n", BK_COLS);
}

/* A loop over the thread's 16 elements of the row (row + i * 256), body text with %v the element and %j
 * its index; the loop result %<out> from init (one iter_arg) or none (init NULL). */
static void bk_loop(bk_text *t, const char *out, const char *init, const char *body, const char *yield) {
    if (init)
        bk_add(t, "      %%%s = scf.for %%i = %%c0 to %%c16 step %%c1 iter_args(%%a = %%%s) -> (f32) {\n", out, init);
    else bk_add(t, "      scf.for %%i = %%c0 to %%c16 step %%c1 {\n");
    bk_add(t, "        %%o = arith.muli %%i, %%c256 : index\n        %%j = arith.addi %%row, %%o : index\n");
    bk_add(t, "        %%v = memref.load %%x[%%j] : memref<%dxf32, 1>\n", BK_N);
    bk_add(t, "%s", body);
    if (yield) bk_add(t, "        scf.yield %%%s : f32\n", yield);
    bk_add(t, "      }\n");
}

/* Softmax of each 4096-float row of x into y (one block a row). */
static const char *bk_softmax(bk_text *t) {
    t->n = 0;
    bk_add(t, "module attributes {gpu.container_module} {\n  gpu.module @kernels {\n");
    bk_add(t,
           "    gpu.func @bsoftmax(%%x: memref<%dxf32, 1>, %%y: memref<%dxf32, 1>) workgroup(%%lds : memref<8xf32, 3>) "
           "kernel {\n",
           BK_N, BK_N);
    bk_consts(t);
    bk_loop(t, "m0", "ninf", "        %n = arith.maximumf %a, %v : f32\n", "n");
    bk_block(t, "m0", "mx", "maximumf", "m", 0);
    bk_loop(t, "s0", "zero",
            "        %d = arith.subf %v, %mx : f32\n        %e = math.exp %d : f32\n"
            "        %n = arith.addf %a, %e : f32\n",
            "n");
    bk_block(t, "s0", "sum", "addf", "s", 4);
    bk_add(t, "      %%r = arith.divf %%one, %%sum : f32\n");
    char body[512];
    snprintf(body, sizeof body,
             "        %%d = arith.subf %%v, %%mx : f32\n        %%e = math.exp %%d : f32\n"
             "        %%w = arith.mulf %%e, %%r : f32\n        memref.store %%w, %%y[%%j] : memref<%dxf32, 1>\n",
             BK_N);
    bk_loop(t, NULL, NULL, body, NULL);
    bk_add(t, "      gpu.return\n    }\n  }\n}\n");
    return t->s;
}

/* Layernorm of each 4096-float row of x into y with g, bb (4096 floats each), eps 1e-5. */
static const char *bk_layernorm(bk_text *t) {
    t->n = 0;
    bk_add(t, "module attributes {gpu.container_module} {\n  gpu.module @kernels {\n");
    bk_add(t,
           "    gpu.func @blayernorm(%%x: memref<%dxf32, 1>, %%g: memref<%dxf32, 1>, %%bb: memref<%dxf32, 1>, "
           "%%y: memref<%dxf32, 1>) workgroup(%%lds : memref<8xf32, 3>) kernel {\n",
           BK_N, BK_COLS, BK_COLS, BK_N);
    bk_consts(t);
    bk_add(t, "      %%inv_n = arith.constant %.10e : f32\n      %%eps = arith.constant 1.0e-05 : f32\n",
           1.0 / BK_COLS);
    bk_loop(t, "s0", "zero", "        %n = arith.addf %a, %v : f32\n", "n");
    bk_block(t, "s0", "sum", "addf", "s", 0);
    bk_add(t, "      %%mean = arith.mulf %%sum, %%inv_n : f32\n");
    bk_loop(t, "q0", "zero",
            "        %d = arith.subf %v, %mean : f32\n        %d2 = arith.mulf %d, %d : f32\n"
            "        %n = arith.addf %a, %d2 : f32\n",
            "n");
    bk_block(t, "q0", "sq", "addf", "q", 4);
    bk_add(t, "      %%var = arith.mulf %%sq, %%inv_n : f32\n      %%ve = arith.addf %%var, %%eps : f32\n");
    bk_add(t, "      %%rstd = math.rsqrt %%ve : f32\n");
    char body[768];
    snprintf(
        body, sizeof body,
        "        %%col = arith.remui %%j, %%c%d : index\n        %%gv = memref.load %%g[%%col] : memref<%dxf32, 1>\n"
        "        %%bv = memref.load %%bb[%%col] : memref<%dxf32, 1>\n        %%d = arith.subf %%v, %%mean : f32\n"
        "        %%nv = arith.mulf %%d, %%rstd : f32\n        %%sc = arith.mulf %%nv, %%gv : f32\n"
        "        %%w = arith.addf %%sc, %%bv : f32\n        memref.store %%w, %%y[%%j] : memref<%dxf32, 1>\n",
        BK_COLS, BK_COLS, BK_COLS, BK_N);
    bk_loop(t, NULL, NULL, body, NULL);
    bk_add(t, "      gpu.return\n    }\n  }\n}\n");
    return t->s;
}

/* Each wave of 64 lanes sums its 64 floats of x with xor shuffles; lane 0 writes the sum (4 M floats in). */
static const char *bk_wred(bk_text *t) {
    t->n = 0;
    bk_add(t, "module attributes {gpu.container_module} {\n  gpu.module @kernels {\n");
    bk_add(t, "    gpu.func @bwred(%%x: memref<%dxf32, 1>, %%y: memref<%dxf32, 1>) kernel {\n", BK_N, BK_N / 64);
    bk_consts(t);
    bk_add(t, "      %%gb = arith.muli %%b, %%c256 : index\n      %%gi = arith.addi %%gb, %%t : index\n");
    bk_add(t, "      %%v = memref.load %%x[%%gi] : memref<%dxf32, 1>\n", BK_N);
    bk_wave(t, "v", "sum", "addf", "w");
    bk_add(t, "      %%oi = arith.divui %%gi, %%c64 : index\n");
    bk_add(t, "      scf.if %%lane0 {\n        memref.store %%sum, %%y[%%oi] : memref<%dxf32, 1>\n      }\n",
           BK_N / 64);
    bk_add(t, "      gpu.return\n    }\n  }\n}\n");
    return t->s;
}

#endif

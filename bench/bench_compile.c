/* bench_compile.c - the compile pipeline in one warm process: trace -> code object for a vector
 * add, a tiled copy and a row softmax written in the DSL (flyc.compile through a flyi session,
 * the compile cache cleared before each run), with the per-phase breakdown, side by side with
 * the floor measured in the same process between those runs: the kernel's final LLVM IR alone
 * through the same LLVM O2 + object emission and link (fly_core_api.codegen_floor). Also the
 * first compile of the process (compiler core loaded on the way) and the ISA made on demand.
 * Each figure is the best of $FLYI_BENCH_REPS runs (default 20). Then two large kernels stage by stage
 * (best of a quarter as many runs): the kernel library's GEMM and FlyDSL's preshuffle GEMM, the latter
 * from the FlyDSL checkout $FLYI_BENCH_FLYDSL names (skipped with the reason when it is not set or the
 * kernel does not compile). */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/core_load.h"
#include "flyi/session.h"

static int nreps = 20; /* runs per figure */

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* The kernels and a measuring helper: one compile with the cache cleared, printed as
 * "@@ wall parse passes snapshots translate codegen link total isa" then the LLVM IR. Raw torch tensors
 * have dynamic layouts; the tiled copy's are static (flyc.from_dlpack), as make_fragment_like needs. */
static const char setup[] =
    "import time\n"
    "import flydsl.compiler as flyc\n"
    "import flydsl.expr as fx\n"
    "import torch\n"
    "@flyc.kernel\n"
    "def vadd(A: fx.Tensor, B: fx.Tensor, C: fx.Tensor):\n"
    "    tA = fx.logical_divide(A, fx.make_layout(64, 1))\n"
    "    tB = fx.logical_divide(B, fx.make_layout(64, 1))\n"
    "    tC = fx.logical_divide(C, fx.make_layout(64, 1))\n"
    "    bid = fx.block_idx.x\n"
    "    tid = fx.thread_idx.x\n"
    "    tC[None, bid][tid] = tA[None, bid][tid] + tB[None, bid][tid]\n"
    "@flyc.jit\n"
    "def run_vadd(a, b, c):\n"
    "    vadd(a, b, c).launch(grid=a.shape[0] // 64, block=64)\n"
    "@flyc.kernel\n"
    "def tcopy(A: fx.Tensor, B: fx.Tensor):\n"
    "    tid = fx.thread_idx.x\n"
    "    atom = fx.make_copy_atom(fx.UniversalCopy128b(), fx.Float32)\n"
    "    tile, tv = fx.make_layout_tv(fx.make_layout((4, 1), (1, 1)), fx.make_layout((1, 8), (1, 1)))\n"
    "    thr = fx.make_tiled_copy(atom, tv, tile).get_slice(tid)\n"
    "    src = thr.partition_S(A)\n"
    "    dst = thr.partition_D(B)\n"
    "    frag = fx.make_fragment_like(src)\n"
    "    fx.copy(atom, src, frag)\n"
    "    fx.copy(atom, frag, dst)\n"
    "@flyc.jit\n"
    "def run_tcopy(a, b):\n"
    "    tcopy(a, b).launch(grid=1, block=4)\n"
    "@flyc.kernel\n"
    "def softmax(X: fx.Tensor, Y: fx.Tensor, n: fx.Constexpr[int]):\n"
    "    base = (fx.block_idx.x * 64 + fx.thread_idx.x) * n\n"
    "    m = X[base]\n"
    "    for j in range(1, n):\n"
    "        m = X[base + j] if X[base + j] > m else m\n"
    "    s = fx.Float32(0.0)\n"
    "    for j in range(n):\n"
    "        s = s + fx.math.exp(X[base + j] - m)\n"
    "    inv = 1.0 / s\n"
    "    for j in range(n):\n"
    "        Y[base + j] = fx.math.exp(X[base + j] - m) * inv\n"
    "@flyc.jit\n"
    "def run_softmax(x, y):\n"
    "    softmax(x, y, 64).launch(grid=x.shape[0] // (64 * 64), block=64)\n"
    "ARGS = {'vadd': (run_vadd, torch.zeros(1024, device='cuda'), torch.zeros(1024, device='cuda'),\n"
    "                 torch.zeros(1024, device='cuda')),\n"
    "        'tiled copy': (run_tcopy, flyc.from_dlpack(torch.zeros(8, 24, device='cuda')),\n"
    "                       flyc.from_dlpack(torch.zeros(8, 24, device='cuda'))),\n"
    "        'softmax': (run_softmax, torch.zeros(128 * 64, device='cuda'), torch.zeros(128 * 64, device='cuda'))}\n"
    "def one(name):\n"
    "    getattr(flyc, '_cache', {}).clear()\n"
    "    misses = flyc.cache_info()['misses']\n"
    "    t0 = time.perf_counter()\n"
    "    k = flyc.compile(*ARGS[name])\n"
    "    wall = (time.perf_counter() - t0) * 1e3\n"
    "    if flyc.cache_info()['misses'] == misses:\n"
    "        raise RuntimeError('the compile cache answered: nothing was compiled')\n"
    "    t = k.timings\n"
    "    t1 = time.perf_counter()\n"
    "    isa = k.isa\n"
    "    isa_ms = (time.perf_counter() - t1) * 1e3\n"
    "    snap = t['passes'] - sum(v for n, v in t.items() if n[:2].isdigit() and 0 < int(n[:2]) < 19)\n"
    "    print('@@', wall, t['parse'], t['passes'], snap,\n"
    "          t['translate'], t['codegen'], t['link'], t['total'], isa_ms)\n"
    "    print(k.llvm_ir, end='')\n"
    "def big_args(name):\n"
    "    if name == 'gemm':\n"
    "        import flyi.kernels.gemm as kg\n"
    "        a = torch.zeros(256, 256, dtype=torch.bfloat16, device='cuda')\n"
    "        (m, n, k), cfg = kg._operands(a, a)\n"
    "        return (kg._launch, a, a, torch.empty(m, n, dtype=a.dtype, device='cuda'), m, n, k) + tuple(cfg)\n"
    "    import os, sys, importlib\n"
    "    root = os.environ.get('FLYI_BENCH_FLYDSL')\n"
    "    if not root:\n"
    "        raise RuntimeError('set FLYI_BENCH_FLYDSL to a FlyDSL checkout')\n"
    "    sys.path.insert(0, root)\n"
    "    mod = importlib.import_module('kernels.gemm.preshuffle_gemm')\n"
    "    launch = mod.compile_preshuffle_gemm(N=1024, K=2048, tile_m=32, tile_n=64, tile_k=512, in_dtype='fp16',\n"
    "                                         out_dtype='fp16')\n"
    "    e = lambda n, dt: torch.empty(n, device='cuda', dtype=dt)\n"
    "    return (launch, e(32 * 1024, torch.float16), e(32 * 2048, torch.float16), e(1024 * 2048, torch.float16),\n"
    "            e(0, torch.float32), e(0, torch.float32), e(0, torch.float16), 32, 1024, "
    "torch.cuda.current_stream())\n"
    "def per_stage(name, reps):\n"
    "    try:\n"
    "        args = big_args(name)\n"
    "    except Exception as e:\n"
    "        print('@@SKIP', type(e).__name__ + ':', (str(e).splitlines() or [''])[0])\n"
    "        return\n"
    "    best = {}\n"
    "    for r in range(reps):\n"
    "        getattr(flyc, '_cache', {}).clear()\n"
    "        t0 = time.perf_counter()\n"
    "        try:\n"
    "            k = flyc.compile(*args)\n"
    "        except Exception as e:\n"
    "            print('@@SKIP', type(e).__name__ + ':', (str(e).splitlines() or [''])[0])\n"
    "            return\n"
    "        t = dict(k.timings)\n"
    "        t['wall'] = (time.perf_counter() - t0) * 1e3\n"
    "        t['trace'] = t['wall'] - t['total']\n"
    "        for n, v in t.items():\n"
    "            best[n] = min(best.get(n, 1e30), v)\n"
    "    for n, v in best.items():\n"
    "        print('@@S', n, v)\n"
    "    print('@@IR')\n"
    "    print(k.llvm_ir, end='')\n";

typedef struct {
    char *buf;
    size_t len, cap;
    int failed;
} capture;

static void on_stream(void *u, flyi_stream w, const char *t, size_t n) {
    capture *c = u;
    if (w != FLYI_STDOUT) {
        fwrite(t, 1, n, stderr);
        return;
    }
    if (c->len + n + 1 > c->cap) {
        size_t cap = (c->len + n + 1) * 2;
        char *b = realloc(c->buf, cap);
        if (!b) return;
        c->buf = b;
        c->cap = cap;
    }
    memcpy(c->buf + c->len, t, n);
    c->len += n;
    c->buf[c->len] = 0;
}

static void on_error(void *u, const flyi_error *e) {
    ((capture *)u)->failed = 1;
    for (size_t i = 0; i < e->nlines; i++) fprintf(stderr, "%s\n", e->lines[i]);
}

static int eval(flyi_session *s, capture *c, const char *code) {
    c->len = 0;
    if (c->buf) c->buf[0] = 0;
    c->failed = 0;
    flyi_sink k = {.user = c, .stream = on_stream, .error = on_error};
    return flyi_session_eval(s, code, "<bench>", &k) == FLYI_OK && !c->failed ? 0 : -1;
}

/* one compile's figures, parsed from the "@@" line */
typedef struct {
    double wall, parse, passes, snaps, translate, codegen, link, total, isa;
} figures;

static int parse_run(capture *c, figures *f, char **ir) {
    const char *p = c->buf ? strstr(c->buf, "@@ ") : NULL;
    if (!p || sscanf(p, "@@ %lf %lf %lf %lf %lf %lf %lf %lf %lf", &f->wall, &f->parse, &f->passes, &f->snaps,
                     &f->translate, &f->codegen, &f->link, &f->total, &f->isa) != 9)
        return -1;
    const char *nl = strchr(p, '\n');
    if (ir && nl) {
        free(*ir);
        *ir = strdup(nl + 1);
    }
    return 0;
}

int main(void) {
    char err[512];
    capture c = {0};
    const char *env_reps = getenv("FLYI_BENCH_REPS");
    if (env_reps && atoi(env_reps) > 0) nreps = atoi(env_reps);
    setenv("FLYDSL_RUNTIME_ENABLE_CACHE", "0", 1); /* compile every time: no on-disk cache */
    flyi_session *s = flyi_session_new(0, NULL);
    if (!s || eval(s, &c, setup)) {
        fprintf(stderr, "bench_compile: the setup cell failed\n");
        return 1;
    }
    /* the first compile of the process: the compiler core is loaded by it */
    double t0 = now_ms();
    if (eval(s, &c, "one('vadd')")) {
        fprintf(stderr, "bench_compile: the first compile failed\n");
        return 1;
    }
    double first = now_ms() - t0;
    figures ff;
    parse_run(&c, &ff, NULL);
    const fly_core_api *api = fly_core_load(err, sizeof err);
    if (!api) {
        fprintf(stderr, "bench_compile: %s\n", err);
        return 1;
    }
    printf("first compile in a fresh process (vector add, compiler core loaded on the way): %.1f ms "
           "(the pipeline's own part %.1f ms)\n\n",
           first, ff.total);
    static const char *const names[] = {"vadd", "tiled copy", "softmax"};
    printf("%-10s %6s %6s %7s %6s %6s %6s %6s | %7s | %6s %6s %6s | %6s | %6s\n", "kernel", "trace", "parse", "passes",
           "(snap)", "transl", "cgen", "link", "total", "floor", "(cgen", "link)", "ratio", "isa");
    int rc = 0;
    for (int k = 0; k < 3; k++) {
        char cell[64];
        snprintf(cell, sizeof cell, "one('%s')", names[k]);
        figures best = {.wall = 1e9}, f;
        double fbest = 1e9, fcg = 0, flink = 0;
        char *ir = NULL;
        for (int r = 0; r < nreps + 2; r++) {
            if (eval(s, &c, cell) || parse_run(&c, &f, &ir)) {
                fprintf(stderr, "bench_compile: compiling %s failed\n", names[k]);
                rc = 1;
                break;
            }
            if (r >= 2 && f.wall < best.wall) best = f;
            double ms[3];
            if (api->codegen_floor(ir, "gfx942", ms, err, sizeof err)) {
                fprintf(stderr, "bench_compile: floor for %s: %s\n", names[k], err);
                rc = 1;
                break;
            }
            if (r >= 2 && ms[1] + ms[2] < fbest) {
                fbest = ms[1] + ms[2];
                fcg = ms[1];
                flink = ms[2];
            }
        }
        free(ir);
        if (rc) break;
        printf("%-10s %6.2f %6.2f %7.2f %6.2f %6.2f %6.2f %6.2f | %7.2f | %6.2f %6.2f %6.2f | %5.2fx | %6.2f\n",
               names[k], best.wall - best.total, best.parse, best.passes, best.snaps, best.translate, best.codegen,
               best.link, best.wall, fbest, fcg, flink, best.wall / fbest, best.isa);
    }
    printf("\n(ms, best of %d in one process; total = trace -> code object as flyc.compile does it, all stage "
           "snapshots kept;\n floor = the final LLVM IR alone through LLVM O2 + object emission + link; isa = "
           "the ISA made on first use)\n",
           nreps);
    /* large kernels, per stage: best of big_reps runs each, stage by stage */
    int big_reps = nreps / 4 > 3 ? nreps / 4 : 3;
    static const char *const big[] = {"gemm", "preshuffle gemm (FlyDSL)"};
    static const char *const big_what[] = {"the kernel library's bf16 GEMM (flyi.kernels.gemm)",
                                           "FlyDSL's preshuffle GEMM (kernels/gemm/preshuffle_gemm.py, fp16)"};
    for (int k = 0; !rc && k < 2; k++) {
        char cell[96];
        snprintf(cell, sizeof cell, "per_stage('%s', %d)", big[k], big_reps);
        printf("\n%s:\n", big_what[k]);
        if (eval(s, &c, cell)) {
            printf("  compile failed (above)\n");
            continue;
        }
        const char *skip = strstr(c.buf ? c.buf : "", "@@SKIP ");
        if (skip) {
            printf("  skipped: %.*s\n", (int)strcspn(skip + 7, "\n"), skip + 7);
            continue;
        }
        const char *irp = strstr(c.buf, "@@IR\n");
        if (!irp) {
            printf("  no timings\n");
            continue;
        }
        char *ir = strdup(irp + 5);
        double fbest = 1e9, fcg = 0, flink = 0, wall = 0;
        for (int r = 0; r < big_reps; r++) {
            double ms[3];
            if (api->codegen_floor(ir, "gfx942", ms, err, sizeof err)) {
                fprintf(stderr, "bench_compile: floor for %s: %s\n", big[k], err);
                rc = 1;
                break;
            }
            if (ms[1] + ms[2] < fbest) {
                fbest = ms[1] + ms[2];
                fcg = ms[1];
                flink = ms[2];
            }
        }
        free(ir);
        for (const char *p = c.buf; (p = strstr(p, "@@S ")) != NULL && p < irp; p++) {
            char key[96];
            double v;
            if (sscanf(p, "@@S %95s %lf", key, &v) != 2) continue;
            if (!strcmp(key, "wall")) wall = v;
            else if (!strcmp(key, "total")) continue;
            else if (strcmp(key, "19_gpu_module_to_binary") && strcmp(key, "20_llvm_ir") && strcmp(key, "21_final_isa"))
                printf("  %-48s %8.2f\n", key, v);
        }
        printf("  %-48s %8.2f\n  floor (codegen %.2f + link %.2f)                  %8.2f\n  ratio %.2fx\n",
               "trace -> code object (best)", wall, fcg, flink, fbest, wall / fbest);
    }
    printf("\n(large kernels: best of %d, each figure its own best; isa not made)\n", big_reps);
    free(c.buf);
    flyi_session_free(s);
    return rc;
}

/* test_runtime.c - the runtime through fly_core_api.rt: kernels in MLIR text compiled by our
 * pipeline and run on the CPU emulator (printf, vector add, LDS + barriers, shuffles, atomics,
 * out-of-bounds, deadlock, interrupt, printf overflow, buffer resources, LDS globals and dynamic
 * shared memory, fp8 conversions), module caching, the HIP fallback and the
 * kernel argument packing against real code objects. Ends with "N passed, N failed". */
#define _GNU_SOURCE
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../runtime/kernels.h"
#include "core/core_load.h"

static int passed, failed;
static const fly_core_api *api;
static const fly_rt_api *R;

static void check(int ok, const char *what, const char *detail) {
    if (ok) {
        passed++;
    } else {
        failed++;
        printf("FAIL %s: %s\n", what, detail ? detail : "");
    }
}

typedef struct sink {
    char buf[65536];
    size_t len;
    int calls;
} sink;

static void to_sink(void *user, const char *text, size_t len) {
    sink *s = user;
    s->calls++;
    if (s->len + len >= sizeof s->buf) len = sizeof s->buf - 1 - s->len;
    memcpy(s->buf + s->len, text, len);
    s->len += len;
    s->buf[s->len] = '\0';
}

static sink out, notes;

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static fly_rt *make_rt(size_t printf_buffer) {
    fly_rt_options o = {.kind = FLY_RT_EMU,
                        .notice = to_sink,
                        .notice_user = &notes,
                        .printf_sink = to_sink,
                        .printf_user = &out,
                        .printf_buffer = printf_buffer};
    return R->create(&o);
}

static fly_rt_module *load(fly_rt *rt, const char *text, const char *what) {
    fly_rt_module *m = R->load(rt, text);
    check(m != NULL, what, m ? NULL : R->last_error(rt));
    return m;
}

static int launch1(fly_rt *rt, fly_rt_module *m, unsigned grid, unsigned block, void **args, int nargs) {
    fly_rt_launch l = {.grid = {grid, 1, 1}, .block = {block, 1, 1}, .args = args, .nargs = nargs};
    return R->launch(rt, m, &l);
}

static void test_hello(fly_rt *rt) {
    fly_rt_module *m = load(rt, k_hello, "hello: load");
    if (!m) return;
    out.len = 0;
    out.buf[0] = 0;
    int rc = launch1(rt, m, 1, 4, NULL, 0);
    check(rc == 0, "hello: launch", R->last_error(rt));
    check(out.len == 0, "hello: no output before synchronize", out.buf);
    R->synchronize(rt, NULL);
    const char *want = "hello from block 0 thread 0\nhello from block 0 thread 1\n"
                       "hello from block 0 thread 2\nhello from block 0 thread 3\n";
    check(!strcmp(out.buf, want), "hello: exact lines in order", out.buf);
    printf("%s", out.buf);
    /* several blocks: blocks by linear id, threads in order, on every run */
    out.len = 0;
    out.buf[0] = 0;
    launch1(rt, m, 8, 4, NULL, 0);
    R->synchronize(rt, NULL);
    char want2[4096] = "";
    for (int b = 0; b < 8; b++)
        for (int t = 0; t < 4; t++)
            snprintf(want2 + strlen(want2), sizeof want2 - strlen(want2), "hello from block %d thread %d\n", b, t);
    check(!strcmp(out.buf, want2), "hello: 8 blocks in block order", out.buf);
    check(R->load(rt, k_hello) == m, "module cache: same text gives the same module", NULL);
}

static void test_scalars(fly_rt *rt) {
    fly_rt_module *m = load(rt, k_scalars, "scalars: load");
    if (!m) return;
    int32_t x = 42;
    float f = 3.14159f;
    int64_t n = -7;
    void *args[] = {&x, &f, &n};
    out.len = 0;
    out.buf[0] = 0;
    check(launch1(rt, m, 1, 1, args, 3) == 0, "scalars: launch", R->last_error(rt));
    R->synchronize(rt, NULL);
    const char *want = "x=42 f=3.14 f6=3.141590 hex=0x2a r=[      42] e=3.141590e+00 b=True pct=100% n=-7 {lit}\n";
    check(!strcmp(out.buf, want), "scalars: formatted line", out.buf);
    printf("%s", out.buf);
}

static void test_vadd(fly_rt *rt) {
    fly_rt_module *m = load(rt, k_vadd, "vadd: load");
    if (!m) return;
    enum { N = 4096 };
    float *ha = malloc(N * 4), *hb = malloc(N * 4), *hc = malloc(N * 4);
    for (int i = 0; i < N; i++) {
        ha[i] = (float)i * 0.5f;
        hb[i] = 1000.0f - (float)(i % 17);
    }
    float *a = R->malloc(rt, N * 4), *b = R->malloc(rt, N * 4), *c = R->malloc(rt, N * 4);
    R->memcpy_htod(rt, a, ha, N * 4);
    R->memcpy_htod(rt, b, hb, N * 4);
    void *args[] = {&a, &b, &c};
    check(launch1(rt, m, 16, 256, args, 3) == 0, "vadd: launch", R->last_error(rt));
    R->synchronize(rt, NULL);
    R->memcpy_dtoh(rt, hc, c, N * 4);
    int bad = 0;
    for (int i = 0; i < N; i++) bad += hc[i] != ha[i] + hb[i];
    char d[64];
    snprintf(d, sizeof d, "%d mismatches", bad);
    check(bad == 0, "vadd: matches the C reference", d);
    /* out of bounds: one block too many */
    const char *names[] = {"a", "b", "c"};
    fly_rt_launch l = {.grid = {17, 1, 1}, .block = {256, 1, 1}, .args = args, .nargs = 3, .arg_names = names};
    int rc = R->launch(rt, m, &l);
    const char *e = R->last_error(rt);
    printf("OOB error: %s\n", e);
    check(rc != 0 && strstr(e, "out of bounds") && strstr(e, "kernel 'vadd'") && strstr(e, "block (16,0,0)") &&
              strstr(e, "thread (0,0,0)") && strstr(e, "argument 0 'a'") && strstr(e, "past the end") &&
              strstr(e, "0x"),
          "vadd: out-of-bounds error text", e);
    /* the session goes on */
    check(launch1(rt, m, 16, 256, args, 3) == 0, "vadd: launch after an error", R->last_error(rt));
    R->free(rt, a);
    R->free(rt, b);
    R->free(rt, c);
    free(ha);
    free(hb);
    free(hc);
}

static void test_bred(fly_rt *rt) {
    fly_rt_module *m = load(rt, k_bred, "block reduction: load");
    if (!m) return;
    float hin[1024], hout[4];
    for (int i = 0; i < 1024; i++) hin[i] = (float)(i % 97);
    float *in = R->malloc(rt, sizeof hin), *o = R->malloc(rt, sizeof hout);
    R->memcpy_htod(rt, in, hin, sizeof hin);
    void *args[] = {&in, &o};
    check(launch1(rt, m, 4, 256, args, 2) == 0, "block reduction: launch", R->last_error(rt));
    R->memcpy_dtoh(rt, hout, o, sizeof hout);
    int bad = 0;
    for (int b = 0; b < 4; b++) {
        double s = 0;
        for (int i = 0; i < 256; i++) s += hin[b * 256 + i];
        bad += hout[b] != (float)s;
    }
    check(bad == 0, "block reduction: sums match", NULL);
    R->free(rt, in);
    R->free(rt, o);
}

static void test_wred(fly_rt *rt) {
    fly_rt_module *m = load(rt, k_wred, "shuffle reduction: load");
    if (!m) return;
    float hin[256], hout[4], hbc[256];
    for (int i = 0; i < 256; i++) hin[i] = (float)(i * 3 % 101);
    float *in = R->malloc(rt, sizeof hin), *o = R->malloc(rt, sizeof hout), *bc = R->malloc(rt, sizeof hbc);
    R->memcpy_htod(rt, in, hin, sizeof hin);
    void *args[] = {&in, &o, &bc};
    check(launch1(rt, m, 1, 256, args, 3) == 0, "shuffle reduction: launch", R->last_error(rt));
    R->memcpy_dtoh(rt, hout, o, sizeof hout);
    R->memcpy_dtoh(rt, hbc, bc, sizeof hbc);
    int bad = 0;
    for (int w = 0; w < 4; w++) {
        double s = 0;
        for (int i = 0; i < 64; i++) s += hin[w * 64 + i];
        bad += hout[w] != (float)s;
    }
    check(bad == 0, "shuffle reduction: wave sums match", NULL);
    bad = 0;
    for (int i = 0; i < 256; i++) bad += hbc[i] != hin[i / 64 * 64 + 5];
    check(bad == 0, "shuffle idx: every lane reads lane 5 of its wave", NULL);
    R->free(rt, in);
    R->free(rt, o);
    R->free(rt, bc);
}

static void test_atomics(fly_rt *rt) {
    fly_rt_module *m = load(rt, k_atomics, "atomics: load");
    if (!m) return;
    int32_t *acc = R->malloc(rt, 4), *mx = R->malloc(rt, 4);
    float *facc = R->malloc(rt, 4);
    void *args[] = {&acc, &facc, &mx};
    check(launch1(rt, m, 64, 256, args, 3) == 0, "atomics: launch", R->last_error(rt));
    int32_t s, x;
    float fs;
    R->memcpy_dtoh(rt, &s, acc, 4);
    R->memcpy_dtoh(rt, &x, mx, 4);
    R->memcpy_dtoh(rt, &fs, facc, 4);
    check(s == 16384 * 16383 / 2 && x == 16383 && fs == 16384.0f, "atomics: add/addf/max over 64 blocks", NULL);
    R->free(rt, acc);
    R->free(rt, mx);
    R->free(rt, facc);
}

static void test_deadlock(fly_rt *rt) {
    fly_rt_module *m = load(rt, k_deadlock, "deadlock: load");
    if (!m) return;
    float *o = R->malloc(rt, 64 * sizeof(float));
    void *args[] = {&o};
    int rc = launch1(rt, m, 1, 64, args, 1);
    const char *e = R->last_error(rt);
    printf("deadlock error: %s\n", e);
    check(rc != 0 && strstr(e, "deadlock") && strstr(e, "kernel 'dl'") && strstr(e, "32 of 64 threads wait") &&
              strstr(e, "32 wait at a cross-lane operation"),
          "deadlock: error text", e);
    R->free(rt, o);
}

static void test_lds_oob(fly_rt *rt) {
    fly_rt_module *m = load(rt, k_lds_oob, "LDS out of bounds: load");
    if (!m) return;
    int32_t idx = 5;
    void *args[] = {&idx};
    check(launch1(rt, m, 1, 1, args, 1) == 0, "LDS in bounds", R->last_error(rt));
    idx = 100;
    setenv("FLYI_EMU_LDS_CHECK", "1", 1); /* a fault, not the hardware's rule */
    int rc = launch1(rt, m, 1, 1, args, 1);
    unsetenv("FLYI_EMU_LDS_CHECK");
    const char *e = R->last_error(rt);
    printf("LDS error: %s\n", e);
    check(rc != 0 && strstr(e, "out of bounds") && strstr(e, "LDS offset 400") && strstr(e, "256-byte LDS"),
          "LDS out of bounds: error text", e);
}

/* Past the workgroup's LDS by default: no fault, the store dropped, the load 0 (the hardware's rule); far past
 * the emulator's LDS block still a fault. */
static void test_lds_past(fly_rt *rt) {
    fly_rt_module *m = load(rt, k_lds_past, "LDS past the allocation: load");
    if (!m) return;
    float h[2] = {-1, -1};
    float *o = R->malloc(rt, sizeof h);
    int32_t idx = 5;
    void *args[] = {&idx, &o};
    check(launch1(rt, m, 1, 1, args, 2) == 0, "LDS past: in range", R->last_error(rt));
    R->memcpy_dtoh(rt, h, o, sizeof h);
    check(h[0] == 3.5f && h[1] == 1.25f, "LDS past: in range values", NULL);
    idx = 100;
    check(launch1(rt, m, 1, 1, args, 2) == 0, "LDS past: no fault 144 bytes past the end", R->last_error(rt));
    R->memcpy_dtoh(rt, h, o, sizeof h);
    check(h[0] == 0.0f && h[1] == 1.25f, "LDS past: the store dropped, the load 0, element 0 kept", NULL);
    idx = 200000;
    int rc = launch1(rt, m, 1, 1, args, 2);
    const char *e = R->last_error(rt);
    check(rc != 0 && strstr(e, "LDS offset 800000") && strstr(e, "256-byte LDS"), "LDS past: far away is a fault", e);
    R->free(rt, o);
}

typedef struct intr {
    volatile int flag;
    double set_at;
} intr;

static void *set_later(void *p) {
    intr *x = p;
    usleep(700 * 1000);
    x->set_at = now_ms();
    x->flag = 1;
    return NULL;
}

static int progress_calls;
static void on_progress(void *u, uint64_t done, uint64_t total) {
    (void)u, (void)done, (void)total;
    progress_calls++;
}

static void test_interrupt(fly_rt *rt) {
    fly_rt_module *m = load(rt, k_spin, "interrupt: load");
    if (!m) return;
    float *buf = R->malloc(rt, 16);
    int64_t n = 1000000000000LL;
    void *args[] = {&buf, &n};
    intr x = {0, 0};
    pthread_t th;
    pthread_create(&th, NULL, set_later, &x);
    fly_rt_launch l = {
        .grid = {4, 1, 1}, .block = {1, 1, 1}, .args = args, .nargs = 2, .interrupt = &x.flag, .progress = on_progress};
    int rc = R->launch(rt, m, &l);
    double stopped = now_ms();
    pthread_join(th, NULL);
    const char *e = R->last_error(rt);
    char d[600];
    snprintf(d, sizeof d, "rc %d, %.0f ms after the flag: %s", rc, stopped - x.set_at, e);
    printf("interrupt: %s\n", d);
    check(rc != 0 && strstr(e, "interrupted") && stopped - x.set_at < 1000, "interrupt: stops within a second", d);
    check(progress_calls > 0, "progress callback during a long launch", NULL);
    R->free(rt, buf);
}

static void test_xlane(fly_rt *rt) {
    fly_rt_module *m = load(rt, k_xlane, "cross-lane: load");
    if (!m) return;
    double hf[64], of[64];
    int64_t hi[64], oi[64], ball = 0;
    int32_t orl[64], obp[64], orfl[64];
    for (int i = 0; i < 64; i++) {
        hf[i] = 1.0 / (i + 1) + 1e10 * i; /* needs all 64 bits */
        hi[i] = (int64_t)0x100000001LL * (i + 1) - 7;
        orfl[i] = -1;
    }
    double *fin = R->malloc(rt, sizeof hf), *fo = R->malloc(rt, sizeof of);
    int64_t *iin = R->malloc(rt, sizeof hi), *io = R->malloc(rt, sizeof oi), *bo = R->malloc(rt, 8);
    int32_t *rlo = R->malloc(rt, sizeof orl), *bpo = R->malloc(rt, sizeof obp), *rflo = R->malloc(rt, sizeof orfl);
    R->memcpy_htod(rt, fin, hf, sizeof hf);
    R->memcpy_htod(rt, iin, hi, sizeof hi);
    R->memcpy_htod(rt, rflo, orfl, sizeof orfl);
    void *args[] = {&fin, &iin, &fo, &io, &rlo, &bpo, &bo, &rflo};
    check(launch1(rt, m, 1, 64, args, 8) == 0, "cross-lane: launch", R->last_error(rt));
    R->memcpy_dtoh(rt, of, fo, sizeof of);
    R->memcpy_dtoh(rt, oi, io, sizeof oi);
    R->memcpy_dtoh(rt, orl, rlo, sizeof orl);
    R->memcpy_dtoh(rt, obp, bpo, sizeof obp);
    R->memcpy_dtoh(rt, orfl, rflo, sizeof orfl);
    R->memcpy_dtoh(rt, &ball, bo, 8);
    int bf = 0, bi = 0, brl = 0, bbp = 0, brf = 0;
    uint64_t want_ball = 0;
    for (int l = 0; l < 64; l++) {
        int rel = l % 16;
        bf += of[l] != (rel + 3 < 16 ? hf[l + 3] : hf[l]);
        bi += oi[l] != (l >= 2 ? hi[l - 2] : hi[l]);
        brl += orl[l] != 70;
        bbp += obp[l] != (63 - l) * 10;
        brf += orfl[l] != (l >= 5 ? 50 : -1);
        want_ball |= (uint64_t)(l % 3 == 0) << l;
    }
    check(bf == 0, "cross-lane: f64 shuffle down 3 within width 16", NULL);
    check(bi == 0, "cross-lane: i64 shuffle up 2", NULL);
    check(brl == 0, "cross-lane: rocdl.readlane", NULL);
    check(bbp == 0, "cross-lane: rocdl.ds_bpermute reverses the wave", NULL);
    check(brf == 0, "cross-lane: rocdl.readfirstlane takes the lowest active lane", NULL);
    char d[64];
    snprintf(d, sizeof d, "mask 0x%llx", (unsigned long long)ball);
    check((uint64_t)ball == want_ball, "cross-lane: rocdl.ballot", d);
    void *bufs[] = {fin, fo, iin, io, bo, rlo, bpo, rflo};
    for (int i = 0; i < 8; i++) R->free(rt, bufs[i]);
}

static void test_lds_atomics(fly_rt *rt) {
    fly_rt_module *m = load(rt, k_lds_atomics, "LDS atomics: load");
    if (!m) return;
    int32_t *o = R->malloc(rt, 12);
    float *fo = R->malloc(rt, 4);
    void *args[] = {&o, &fo};
    int ok = 1;
    for (int rep = 0; rep < 2 && ok; rep++) { /* LDS starts zeroed in every block */
        ok &= launch1(rt, m, 3, 256, args, 2) == 0;
        int32_t h[3];
        float hf;
        R->memcpy_dtoh(rt, h, o, 12);
        R->memcpy_dtoh(rt, &hf, fo, 4);
        ok &= h[0] == 255 * 256 / 2 && h[1] == 255 && hf == 128.0f;
    }
    check(ok, "LDS atomics: addi, maxs, addf per block", R->last_error(rt));
    R->free(rt, o);
    R->free(rt, fo);
}

static void test_interrupt_pure(fly_rt *rt) {
    fly_rt_module *m = load(rt, k_spin_pure, "interrupt (no memory accesses): load");
    if (!m) return;
    int64_t *o = R->malloc(rt, 8), n = 1000000000000LL;
    void *args[] = {&o, &n};
    intr x = {0, 0};
    pthread_t th;
    pthread_create(&th, NULL, set_later, &x);
    fly_rt_launch l = {.grid = {1, 1, 1}, .block = {1, 1, 1}, .args = args, .nargs = 2, .interrupt = &x.flag};
    int rc = R->launch(rt, m, &l);
    double stopped = now_ms();
    pthread_join(th, NULL);
    const char *e = R->last_error(rt);
    char d[600];
    snprintf(d, sizeof d, "rc %d, %.0f ms after the flag: %s", rc, stopped - x.set_at, e);
    check(rc != 0 && strstr(e, "interrupted") && stopped - x.set_at < 1000,
          "interrupt: a loop without memory accesses polls at its back-edge", d);
    /* a short run of the same loop completes with the exact value */
    n = 1000;
    x.flag = 0;
    check(R->launch(rt, m, &l) == 0, "pure loop: short run", R->last_error(rt));
    int64_t got, want = 1000;
    for (int i = 0; i < 1000; i++) want = (int64_t)((uint64_t)want * 6364136223846793005ULL + 1000u);
    R->memcpy_dtoh(rt, &got, o, 8);
    check(got == want, "pure loop: result", NULL);
    R->free(rt, o);
}

/* Round-to-nearest-even f32 -> f16 / bf16 bit patterns (float64-free references, by the bits). */
static uint16_t ref_bf16(float f) {
    uint32_t u;
    memcpy(&u, &f, 4);
    if ((u & 0x7fffffff) > 0x7f800000) return (uint16_t)((u >> 16) | 0x40);
    return (uint16_t)((u + 0x7fff + ((u >> 16) & 1)) >> 16);
}

static uint16_t ref_f16(float f) {
    _Float16 h = (_Float16)f; /* the C compiler's conversion: IEEE round to nearest even */
    uint16_t u;
    memcpy(&u, &h, 2);
    return u;
}

static void test_cvt(fly_rt *rt) {
    fly_rt_module *m = load(rt, k_cvt, "conversions: load");
    if (!m) return;
    float in[16] = {1.0f,    -2.5f,          3.14159265f,   65504.0f,    65520.0f,     1e-8f,
                    6.1e-5f, 1.00048828125f, 1.0009765625f, 1.00390625f, 1.005859375f, -0.0f,
                    1e30f,   5.9604645e-8f,  2049.0f,       2051.0f};
    float *din = R->malloc(rt, sizeof in), *back = R->malloc(rt, 128);
    uint16_t *dh = R->malloc(rt, 32), *db = R->malloc(rt, 32), h[16], b[16];
    float hb[32];
    R->memcpy_htod(rt, din, in, sizeof in);
    void *args[] = {&din, &dh, &db, &back};
    check(launch1(rt, m, 1, 16, args, 4) == 0, "conversions: launch", R->last_error(rt));
    R->memcpy_dtoh(rt, h, dh, 32);
    R->memcpy_dtoh(rt, b, db, 32);
    R->memcpy_dtoh(rt, hb, back, 128);
    int bh = 0, bb = 0, be = 0;
    char d[256] = "";
    for (int i = 0; i < 16; i++) {
        if (h[i] != ref_f16(in[i]) && !bh++)
            snprintf(d, sizeof d, "f16 of %g: 0x%04x, want 0x%04x", in[i], h[i], ref_f16(in[i]));
        bb += b[i] != ref_bf16(in[i]);
        _Float16 hv;
        memcpy(&hv, &h[i], 2);
        uint32_t bu = (uint32_t)b[i] << 16;
        float bv;
        memcpy(&bv, &bu, 4);
        be += hb[i] != (float)hv || hb[16 + i] != bv;
    }
    check(bh == 0, "conversions: f32 -> f16 bit patterns (round to nearest even)", d);
    check(bb == 0, "conversions: f32 -> bf16 bit patterns (round to nearest even)", NULL);
    check(be == 0, "conversions: f16 / bf16 -> f32 exact", NULL);
    R->free(rt, din);
    R->free(rt, back);
    R->free(rt, dh);
    R->free(rt, db);
}

static void test_buffer(fly_rt *rt) {
    fly_rt_module *m = load(rt, k_buf, "buffer loads/stores: load");
    if (!m) return;
    float ha[40], ho[64], hx[64];
    for (int i = 0; i < 40; i++) ha[i] = (float)(i * 3 + 1);
    for (int i = 0; i < 64; i++) ho[i] = hx[i] = -7.0f;
    float *a = R->malloc(rt, sizeof ha), *o = R->malloc(rt, sizeof ho), *x = R->malloc(rt, sizeof hx);
    R->memcpy_htod(rt, a, ha, sizeof ha);
    R->memcpy_htod(rt, o, ho, sizeof ho);
    R->memcpy_htod(rt, x, hx, sizeof hx);
    int32_t na = 40, no = 40;
    void *args[] = {&a, &o, &x, &na, &no};
    check(launch1(rt, m, 1, 64, args, 5) == 0, "buffer: launch", R->last_error(rt));
    R->memcpy_dtoh(rt, ho, o, sizeof ho);
    R->memcpy_dtoh(rt, hx, x, sizeof hx);
    int bx = 0, bo = 0;
    for (int i = 0; i < 64; i++) {
        bx += hx[i] != (i < 40 ? ha[i] : 0.0f);
        bo += ho[i] != (i < 40 ? ha[i] + 1 : -7.0f);
    }
    check(bx == 0, "buffer: loads in range read the data, past num_records read exactly 0", NULL);
    check(bo == 0, "buffer: stores past num_records are dropped", NULL);
    /* a resource larger than the tensor: in range for the buffer rule; past the allocation's 256-byte padding
     * (thread 64 on) out of bounds for the checks */
    na = 128;
    no = 0;
    int rc = launch1(rt, m, 1, 128, args, 5);
    const char *e = R->last_error(rt);
    printf("buffer overrun error: %s\n", e);
    check(rc != 0 && strstr(e, "out of bounds") && strstr(e, "kernel 'bufk'") && strstr(e, "past the end"),
          "buffer: in-range accesses past the tensor are still out of bounds", e);
    R->free(rt, a);
    R->free(rt, o);
    R->free(rt, x);
}

static void test_lds_global(fly_rt *rt) {
    fly_rt_module *m = load(rt, k_gred, "LDS global reduction: load");
    if (!m) return;
    float hin[1024], hout[4];
    for (int i = 0; i < 1024; i++) hin[i] = (float)(i % 89) - 20.0f;
    float *in = R->malloc(rt, sizeof hin), *o = R->malloc(rt, sizeof hout);
    R->memcpy_htod(rt, in, hin, sizeof hin);
    void *args[] = {&in, &o};
    check(launch1(rt, m, 4, 256, args, 2) == 0, "LDS global reduction: launch", R->last_error(rt));
    R->memcpy_dtoh(rt, hout, o, sizeof hout);
    int bad = 0;
    for (int b = 0; b < 4; b++) {
        double s = 0;
        for (int i = 0; i < 256; i++) s += hin[b * 256 + i];
        bad += hout[b] != (float)s;
    }
    check(bad == 0, "LDS global reduction: sums match", NULL);
    R->free(rt, in);
    R->free(rt, o);
}

static void test_dyn_smem(fly_rt *rt) {
    fly_rt_module *m = load(rt, k_dyn, "dynamic shared memory: load");
    if (!m) return;
    float hin[64], hout[64];
    for (int i = 0; i < 64; i++) hin[i] = (float)i + 0.25f;
    float *in = R->malloc(rt, sizeof hin), *o = R->malloc(rt, sizeof hout);
    R->memcpy_htod(rt, in, hin, sizeof hin);
    void *args[] = {&in, &o};
    fly_rt_launch l = {.grid = {2, 1, 1}, .block = {64, 1, 1}, .smem = 256, .args = args, .nargs = 2};
    check(R->launch(rt, m, &l) == 0, "dynamic shared memory: launch with smem=256", R->last_error(rt));
    R->memcpy_dtoh(rt, hout, o, sizeof hout);
    int bad = 0;
    for (int i = 0; i < 64; i++) bad += hout[i] != 2 * hin[63 - i];
    check(bad == 0, "dynamic shared memory: values through LDS", NULL);
    l.smem = 128; /* half of what the kernel touches */
    setenv("FLYI_EMU_LDS_CHECK", "1", 1);
    int rc = R->launch(rt, m, &l);
    unsetenv("FLYI_EMU_LDS_CHECK");
    const char *e = R->last_error(rt);
    printf("dynamic LDS overrun error: %s\n", e);
    check(rc != 0 && strstr(e, "out of bounds") && strstr(e, "LDS") && strstr(e, "128-byte LDS allocation"),
          "dynamic shared memory: access past smem bytes is out of bounds", e);
    l.smem = 200 * 1024;
    rc = R->launch(rt, m, &l);
    check(rc != 0 && strstr(R->last_error(rt), "exceed the target"), "dynamic shared memory: over the target's LDS",
          R->last_error(rt));
    R->free(rt, in);
    R->free(rt, o);
}

/* ---- fp8 reference: nearest representable value by search over all 256 codes ---- */

typedef struct f8ref {
    const char *name;
    int e, m, bias, kind; /* kind 0: IEEE (inf), 1: FN (no inf, S.1111.111 NaN), 2: FNUZ (0x80 NaN, no -0) */
} f8ref;

static const f8ref F8R[4] = {
    {"E4M3FN", 4, 3, 7, 1}, {"E4M3FNUZ", 4, 3, 8, 2}, {"E5M2", 5, 2, 15, 0}, {"E5M2FNUZ", 5, 2, 16, 2}};

/* The value of code c; *cls: 0 finite, 1 infinity, 2 NaN. */
static double f8_decode(const f8ref *f, int c, int *cls) {
    int be = (c & 0x7f) >> f->m, mant = c & ((1 << f->m) - 1), emax = (1 << f->e) - 1;
    *cls = 0;
    if ((f->kind == 2 && c == 0x80) || (f->kind == 1 && (c & 0x7f) == 0x7f) || (f->kind == 0 && be == emax && mant))
        *cls = 2;
    else if (f->kind == 0 && be == emax) *cls = 1;
    double v = be ? (1.0 + mant / (double)(1 << f->m)) * pow(2, be - f->bias) : mant * pow(2, 1 - f->bias - f->m);
    return c & 0x80 ? -v : v;
}

static int f8_encode_ref(const f8ref *f, float x) {
    int s = signbit(x) ? 0x80 : 0;
    int ovf = f->kind == 0 ? s | ((1 << f->e) - 1) << f->m : f->kind == 1 ? s | 0x7f : 0x80;
    if (isnan(x))
        return f->kind == 0 ? s | ((1 << f->e) - 1) << f->m | 1 << (f->m - 1) : f->kind == 1 ? s | 0x7f : 0x80;
    if (isinf(x)) return ovf;
    int best = -1, maxc = -1;
    double bd = INFINITY, ax = fabs((double)x), maxv = -1;
    for (int c = 0; c < 256; c++) {
        int cls;
        double v = f8_decode(f, c, &cls);
        if (cls || !((c & 0x80) == s || (f->kind == 2 && c == 0))) continue;
        double d = fabs(fabs(v) - ax);
        if (d < bd || (d == bd && !(c & 1))) {
            bd = d;
            best = c;
        }
        if (fabs(v) > maxv) {
            maxv = fabs(v);
            maxc = c;
        }
    }
    if (ax > maxv) { /* beyond the largest finite value: round against the next (virtual) step */
        int cls;
        double ulp = maxv - fabs(f8_decode(f, maxc - 1, &cls)), next = maxv + ulp;
        if (ax - maxv > next - ax || (ax - maxv == next - ax && (maxc & 1))) return ovf;
        return maxc;
    }
    return best;
}

static void test_fp8(fly_rt *rt) {
    fly_rt_module *m = load(rt, k_f8, "fp8 conversions: load");
    if (!m) return;
    float in[32] = {0.0f,      -0.0f,  1.0f,    -1.5f,    0.1f,       3.14159265f, 448.0f,     449.0f,
                    464.0f,    465.0f, 480.0f,  240.0f,   247.0f,     248.0f,      57344.0f,   61440.0f,
                    61441.0f,  1e-3f,  0x1p-9f, 0x1p-10f, 0x1.8p-10f, 0x1p-17f,    0x1.8p-16f, INFINITY,
                    -INFINITY, NAN,    1e10f,   -300.0f,  0.0625f,    -1e-6f,      17.5f,      -0.3f};
    float *din = R->malloc(rt, sizeof in), *dback = R->malloc(rt, 128 * 4);
    uint8_t *dq = R->malloc(rt, 128), q[128];
    float back[128];
    R->memcpy_htod(rt, din, in, sizeof in);
    void *args[] = {&din, &dq, &dback};
    check(launch1(rt, m, 1, 32, args, 3) == 0, "fp8 conversions: launch", R->last_error(rt));
    R->memcpy_dtoh(rt, q, dq, sizeof q);
    R->memcpy_dtoh(rt, back, dback, sizeof back);
    for (int k = 0; k < 4; k++) {
        int bq = 0, be = 0;
        char d[256] = "", what[96];
        for (int i = 0; i < 32; i++) {
            int want = f8_encode_ref(&F8R[k], in[i]), cls;
            if (q[32 * k + i] != want && !bq++)
                snprintf(d, sizeof d, "%s of %g: 0x%02x, want 0x%02x", F8R[k].name, in[i], q[32 * k + i], want);
            double v = f8_decode(&F8R[k], q[32 * k + i], &cls);
            float got = back[32 * k + i];
            int bad = cls == 2   ? !isnan(got)
                      : cls == 1 ? !(isinf(got) && (got < 0) == (v < 0))
                                 : got != (float)v || !signbit(got) != !signbit(v);
            if (bad && !be++) snprintf(d, sizeof d, "%s code 0x%02x: %g, want %g", F8R[k].name, q[32 * k + i], got, v);
        }
        snprintf(what, sizeof what, "fp8: f32 -> %s bit patterns (round to nearest even)", F8R[k].name);
        check(bq == 0, what, d);
        snprintf(what, sizeof what, "fp8: %s -> f32 exact", F8R[k].name);
        check(be == 0, what, d);
    }
    R->free(rt, din);
    R->free(rt, dback);
    R->free(rt, dq);
}

static void test_overflow(void) {
    fly_rt *rt = make_rt(256);
    fly_rt_module *m = load(rt, k_hello, "overflow: load");
    if (!m) {
        R->destroy(rt);
        return;
    }
    out.len = 0;
    out.buf[0] = 0;
    notes.len = 0;
    notes.buf[0] = 0;
    launch1(rt, m, 1, 64, NULL, 0);
    R->synchronize(rt, NULL);
    int lines = 0;
    for (char *p = out.buf; *p; p++) lines += *p == '\n';
    int lost = -1;
    const char *q = strstr(notes.buf, "overflow: ");
    if (q) lost = atoi(q + 10);
    char d[600];
    snprintf(d, sizeof d, "%d lines, notice '%s'", lines, notes.buf);
    printf("overflow: %s", notes.buf);
    check(lines == 10 && lost == 54 && strstr(notes.buf, "records lost"), "printf overflow: lines kept and lost count",
          d);
    check(!strncmp(out.buf, "hello from block 0 thread 0\n", 28), "printf overflow: the first records are kept",
          out.buf);
    R->destroy(rt);
}

static void test_fallback(void) {
    notes.len = 0;
    notes.buf[0] = 0;
    notes.calls = 0;
    fly_rt_options o = {
        .kind = FLY_RT_AUTO, .notice = to_sink, .notice_user = &notes, .hip_library = "/nonexistent/libamdhip64.so"};
    fly_rt *rt = R->create(&o);
    check(rt && !strcmp(R->backend_name(rt), "emulator"), "HIP fallback: the emulator serves", NULL);
    check(notes.calls == 1 && strstr(notes.buf, "emulator") && strstr(notes.buf, "libamdhip64"),
          "HIP fallback: one notice", notes.buf);
    printf("fallback notice: %s", notes.buf);
    if (rt) R->destroy(rt);
    /* the standard names: on a machine without ROCm (or without an AMD GPU) the same */
    notes.len = 0;
    notes.buf[0] = 0;
    notes.calls = 0;
    o.hip_library = NULL;
    rt = R->create(&o);
    if (rt && !strcmp(R->backend_name(rt), "hip")) {
        printf("HIP backend active: %s (%s)\n", R->device_name(rt), R->arch(rt));
        passed++;
    } else {
        check(rt && notes.calls == 1, "HIP fallback (standard names): one notice", notes.buf);
    }
    if (rt) R->destroy(rt);
    setenv("FLYI_BACKEND", "emu", 1);
    notes.calls = 0;
    rt = R->create(&o);
    check(rt && !strcmp(R->backend_name(rt), "emulator") && notes.calls == 0, "FLYI_BACKEND=emu: no notice", notes.buf);
    unsetenv("FLYI_BACKEND");
    if (rt) {
        check(!strcmp(R->arch(rt), "gfx942") && strstr(R->device_name(rt), "emulator") && R->device_count(rt) == 1,
              "emulator device name and arch", R->device_name(rt));
        R->destroy(rt);
    }
}

static void test_kernargs(void) {
    fly_pipeline_result r;
    api->compile(k_kernargs, "gfx942", &r);
    check(r.ok && r.hsaco, "kernargs: compile for gfx942", r.error);
    if (!r.ok) {
        api->result_free(&r);
        return;
    }
    fly_rt_kernarg_layout lay;
    char err[256] = "";
    int rc = R->kernarg_layout_get(r.hsaco, r.hsaco_size, "args", &lay, err, sizeof err);
    check(rc == 0, "kernargs: layout from the metadata note", err);
    if (!rc) {
        char d[512] = "";
        for (int i = 0; i < lay.nargs && strlen(d) < 400; i++)
            snprintf(d + strlen(d), sizeof d - strlen(d), "%s@%d/%d ", lay.args[i].kind, lay.args[i].offset,
                     lay.args[i].size);
        printf("kernargs: segment %d: %s\n", lay.segment_size, d);
        /* p: ptr@0, x: i32@8, f: f32@12, q: ptr@16, n: i64@24, hidden printf buffer ptr@32 */
        int ok = lay.nexplicit == 6 && lay.args[0].offset == 0 && lay.args[0].size == 8 && lay.args[1].offset == 8 &&
                 lay.args[1].size == 4 && lay.args[2].offset == 12 && lay.args[3].offset == 16 &&
                 lay.args[4].offset == 24 && lay.args[4].size == 8 && lay.args[5].offset == 32 &&
                 !strcmp(lay.args[0].kind, "global_buffer") && !strcmp(lay.args[1].kind, "by_value");
        check(ok, "kernargs: offsets, sizes and kinds", d);
        void *p = (void *)0x1111222233334444ULL, *q = (void *)0x5555666677778888ULL, *pf = (void *)0xABCDEF;
        int32_t x = -5;
        float f = 2.5f;
        int64_t n = 1LL << 40;
        void *args[] = {&p, &x, &f, &q, &n};
        unsigned g[3] = {10, 2, 1}, b[3] = {256, 1, 1};
        unsigned char buf[512];
        rc = R->kernarg_pack(&lay, args, 5, 5, pf, g, b, buf, err, sizeof err);
        int64_t n2;
        void *p2, *q2, *pf2;
        int32_t x2;
        float f2;
        memcpy(&p2, buf, 8);
        memcpy(&x2, buf + 8, 4);
        memcpy(&f2, buf + 12, 4);
        memcpy(&q2, buf + 16, 8);
        memcpy(&n2, buf + 24, 8);
        memcpy(&pf2, buf + 32, 8);
        check(rc == 0 && p2 == p && x2 == x && f2 == f && q2 == q && n2 == n && pf2 == pf, "kernargs: packed bytes",
              err);
        int hidden_ok = 1;
        for (int i = 0; i < lay.nargs; i++) {
            uint32_t v = 0;
            if (!strcmp(lay.args[i].kind, "hidden_block_count_x"))
                memcpy(&v, buf + lay.args[i].offset, 4), hidden_ok &= v == 10;
            if (!strcmp(lay.args[i].kind, "hidden_group_size_x"))
                memcpy(&v, buf + lay.args[i].offset, 2), hidden_ok &= (v & 0xffff) == 256;
        }
        check(hidden_ok, "kernargs: hidden block count and group size", NULL);
        rc = R->kernarg_pack(&lay, args, 4, 5, pf, g, b, buf, err, sizeof err);
        check(rc != 0 && strstr(err, "takes 5 arguments"), "kernargs: wrong argument count is an error", err);
    }
    api->result_free(&r);
}

/* Kernel arguments of dynamic-layout memrefs: after fly-rewrite-func-signature each is a pointer plus a
 * packed struct of its dynamic leaves (i32 extents, then i64 strides), one by_value kernarg each. */
static const char k_kernargs_dyn[] = KMOD_BEGIN
    "    gpu.func @dargs(%a: !fly.memref<f32, global, ?:1>, %x: !fly.memref<f32, global, (?,?):(?{i64},1)>) kernel {\n"
    "      %t = gpu.thread_id x\n"
    "      %ti = arith.index_cast %t : index to i32\n"
    "      %c = \"fly.make_coord\"(%ti) : (i32) -> !fly.int_tuple<?>\n"
    "      %v = \"fly.memref.load\"(%a, %c) : (!fly.memref<f32, global, ?:1>, !fly.int_tuple<?>) -> f32\n"
    "      %c2 = \"fly.make_coord\"(%ti, %ti) : (i32, i32) -> !fly.int_tuple<(?,?)>\n"
    "      \"fly.memref.store\"(%v, %x, %c2) : (f32, !fly.memref<f32, global, (?,?):(?{i64},1)>, "
    "!fly.int_tuple<(?,?)>) -> ()\n"
    "      gpu.return\n"
    "    }\n" KMOD_END;

static void test_kernargs_dyn(void) {
    fly_pipeline_result r;
    api->compile(k_kernargs_dyn, "gfx942", &r);
    check(r.ok && r.hsaco, "dynamic kernargs: compile for gfx942", r.error);
    if (!r.ok) {
        api->result_free(&r);
        return;
    }
    fly_rt_kernarg_layout lay;
    char err[256] = "";
    int rc = R->kernarg_layout_get(r.hsaco, r.hsaco_size, "dargs", &lay, err, sizeof err);
    check(rc == 0, "dynamic kernargs: layout from the metadata note", err);
    if (!rc) {
        char d[512] = "";
        for (int i = 0; i < lay.nargs && strlen(d) < 400; i++)
            snprintf(d + strlen(d), sizeof d - strlen(d), "%s@%d/%d ", lay.args[i].kind, lay.args[i].offset,
                     lay.args[i].size);
        /* a: ptr@0 + {i32}@8 (4 bytes), x: ptr@16 + {i32, i32, i64}@24 (16 bytes, packed) */
        int ok = lay.nexplicit == 4 && lay.args[0].offset == 0 && lay.args[0].size == 8 && lay.args[1].offset == 8 &&
                 lay.args[1].size == 4 && lay.args[2].offset == 16 && lay.args[3].offset == 24 &&
                 lay.args[3].size == 16 && !strcmp(lay.args[1].kind, "by_value") &&
                 !strcmp(lay.args[3].kind, "by_value");
        check(ok, "dynamic kernargs: offsets, sizes and kinds", d);
        void *p = (void *)0x1111222233334444ULL, *q = (void *)0x5555666677778888ULL;
        unsigned char sa[4], sx[16];
        int32_t n = 1000, m = 7, k = 300;
        int64_t st = 1LL << 33;
        memcpy(sa, &n, 4);
        memcpy(sx, &m, 4);
        memcpy(sx + 4, &k, 4);
        memcpy(sx + 8, &st, 8);
        void *args[] = {&p, sa, &q, sx};
        unsigned g[3] = {1, 1, 1}, b[3] = {64, 1, 1};
        unsigned char buf[512];
        rc = R->kernarg_pack(&lay, args, 4, -1, NULL, g, b, buf, err, sizeof err);
        void *p2, *q2;
        int32_t n2, m2, k2;
        int64_t st2;
        memcpy(&p2, buf, 8);
        memcpy(&n2, buf + 8, 4);
        memcpy(&q2, buf + 16, 8);
        memcpy(&m2, buf + 24, 4);
        memcpy(&k2, buf + 28, 4);
        memcpy(&st2, buf + 32, 8);
        check(rc == 0 && p2 == p && n2 == n && q2 == q && m2 == m && k2 == k && st2 == st,
              "dynamic kernargs: pointer and packed leaves", err);
    }
    api->result_free(&r);
}

static void test_launch_overhead(fly_rt *rt) {
    fly_rt_module *m = load(rt, k_vadd_n, "vadd_n: load");
    if (!m) return;
    float *a = R->malloc(rt, 64 * 4), *b = R->malloc(rt, 64 * 4), *c = R->malloc(rt, 64 * 4);
    int32_t n = 64;
    void *args[] = {&a, &b, &c, &n};
    double t0 = now_ms();
    int reps = 2000, bad = 0;
    for (int i = 0; i < reps; i++) bad += launch1(rt, m, 1, 64, args, 4) != 0;
    double us = (now_ms() - t0) * 1000 / reps;
    printf("cached launch of a 64-thread kernel: %.1f us\n", us);
    check(bad == 0, "vadd_n: repeated launches", R->last_error(rt));
    R->free(rt, a);
    R->free(rt, b);
    R->free(rt, c);
}

int main(void) {
    char err[512];
    api = fly_core_load(err, sizeof err);
    if (!api || !api->rt) {
        printf("FAIL cannot load the compiler core: %s\n0 passed, 1 failed\n", err);
        return 1;
    }
    R = api->rt;
    double t0 = now_ms();
    fly_rt *rt = make_rt(0);
    check(rt != NULL, "create the emulator runtime", NULL);
    if (rt) {
        test_hello(rt);
        test_scalars(rt);
        test_vadd(rt);
        test_bred(rt);
        test_wred(rt);
        test_atomics(rt);
        test_deadlock(rt);
        test_lds_oob(rt);
        test_lds_past(rt);
        test_interrupt(rt);
        test_interrupt_pure(rt);
        test_xlane(rt);
        test_lds_atomics(rt);
        test_cvt(rt);
        test_buffer(rt);
        test_lds_global(rt);
        test_dyn_smem(rt);
        test_fp8(rt);
        test_launch_overhead(rt);
        R->destroy(rt);
    }
    test_overflow();
    test_fallback();
    test_kernargs();
    test_kernargs_dyn();
    printf("runtime tests: %.0f ms\n", now_ms() - t0);
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}

/* test_hip.c - the HIP backend through fly_core_api.rt on the HIP stand-in (tests/hip/hip_standin.c,
 * $FLYI_BUILDDIR/tests/hip/.libs/libflyi_hip_standin.so): device properties, device memory the host
 * cannot touch, a vector add and printf through hipModuleLaunchKernel, asynchronous launches on a slow
 * stream, events and stream waits, the compiled maximum workgroup (HIP and the emulator), code object
 * v5/v6 by runtime version, and injected failures. Ends with "N passed, N failed". */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../runtime/kernels.h"
#include "core/core_load.h"

static int passed, failed;
static const fly_core_api *api;
static const fly_rt_api *R;
static char standin[1024];

static void check(int ok, const char *what, const char *detail) {
    if (ok) {
        passed++;
    } else {
        failed++;
        printf("FAIL %s: %s\n", what, detail ? detail : "");
    }
}

typedef struct sink {
    char buf[16384];
    size_t len;
} sink;

static void to_sink(void *user, const char *text, size_t len) {
    sink *s = user;
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

static fly_rt *make_rt(fly_rt_kind kind) {
    fly_rt_options o = {.kind = kind,
                        .notice = to_sink,
                        .notice_user = &notes,
                        .printf_sink = to_sink,
                        .printf_user = &out,
                        .hip_library = standin};
    return R->create(&o);
}

static int launch(fly_rt *rt, fly_rt_module *m, unsigned grid, unsigned block, void **args, int n, void *stream) {
    fly_rt_launch l = {.grid = {grid, 1, 1}, .block = {block, 1, 1}, .args = args, .nargs = n, .stream = stream};
    return R->launch(rt, m, &l);
}

/* The vector add of kernels.h: 16 blocks of 256 threads; 0 when c = a + b. */
enum { N = 4096 };
static float ha[N], hb[N], hc[N];

static int vadd(fly_rt *rt, fly_rt_module *m, void *stream, float **pc) {
    for (int i = 0; i < N; i++) {
        ha[i] = (float)i * 0.5f;
        hb[i] = 1000.0f - (float)(i % 17);
    }
    float *a = R->malloc(rt, N * 4), *b = R->malloc(rt, N * 4), *c = R->malloc(rt, N * 4);
    if (!a || !b || !c) return -1;
    R->memcpy_htod(rt, a, ha, N * 4);
    R->memcpy_htod(rt, b, hb, N * 4);
    void *args[] = {&a, &b, &c};
    int rc = launch(rt, m, 16, 256, args, 3, stream);
    *pc = c;
    R->free(rt, a); /* hipFree waits for the launch that reads it */
    R->free(rt, b);
    return rc;
}

static int matches(void) {
    int bad = 0;
    for (int i = 0; i < N; i++) bad += hc[i] != ha[i] + hb[i];
    return bad == 0;
}

static void test_device(fly_rt *rt) {
    fly_rt_device_info d;
    R->device_info(rt, &d);
    check(!strcmp(R->backend_name(rt), "hip"), "backend is hip", R->backend_name(rt));
    check(strstr(d.name, "MI300X") != NULL, "device name", d.name);
    check(!strcmp(d.arch, "gfx942") && !strcmp(d.gcn_arch_name, "gfx942:sramecc+:xnack-"), "gcnArchName",
          d.gcn_arch_name);
    check(d.multi_processor_count == 304 && d.total_memory == (size_t)1 << 30, "CUs and memory", NULL);
    check(d.runtime_version == 60300000 && d.code_object_version == 6 && d.separate_memory, "runtime version", NULL);
    size_t fr = 0, tot = 0;
    check(R->mem_get_info(rt, &fr, &tot) == 0 && tot == (size_t)1 << 30 && fr <= tot, "hipMemGetInfo",
          R->last_error(rt));
}

/* Device memory is not host memory: touching it from the host faults (in a child process). */
static void test_no_host_access(fly_rt *rt) {
    volatile int *p = R->malloc(rt, 64);
    check(p != NULL, "hipMalloc", R->last_error(rt));
    if (!p) return;
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        p[0] = 1;
        _exit(0);
    }
    int st = 0;
    waitpid(pid, &st, 0);
    check(WIFSIGNALED(st) && WTERMSIG(st) == SIGSEGV, "a host store to device memory faults", NULL);
    int v = 7, back = 0;
    check(R->memcpy_htod(rt, (void *)p, &v, 4) == 0 && R->memcpy_dtoh(rt, &back, (void *)p, 4) == 0 && back == 7,
          "copies reach device memory", R->last_error(rt));
    R->free(rt, (void *)p);
}

static void test_vadd(fly_rt *rt) {
    fly_rt_module *m = R->load(rt, k_vadd);
    check(m != NULL, "vadd: load (hipModuleLoadData)", R->last_error(rt));
    if (!m) return;
    float *c = NULL;
    check(vadd(rt, m, NULL, &c) == 0, "vadd: hipModuleLaunchKernel", R->last_error(rt));
    check(R->memcpy_dtoh(rt, hc, c, N * 4) == 0 && matches(), "vadd: results", R->last_error(rt));
    R->free(rt, c);
}

static void test_printf(fly_rt *rt) {
    fly_rt_module *m = R->load(rt, k_hello);
    out.len = 0;
    out.buf[0] = '\0';
    check(m && launch(rt, m, 1, 4, NULL, 0, NULL) == 0, "printf: launch", R->last_error(rt));
    check(out.len == 0, "printf: nothing before synchronize", out.buf);
    R->synchronize(rt, NULL);
    check(strstr(out.buf, "hello from block 0 thread 3") != NULL, "printf: output after synchronize", out.buf);
}

/* A slow stream: the launch returns at once, the copy back waits for it; events time it. */
static void test_async(fly_rt *rt) {
    fly_rt_module *m = R->load(rt, k_vadd);
    void *s1 = R->stream_create(rt), *s2 = R->stream_create(rt);
    void *e0 = R->event_create(rt, 1), *e1 = R->event_create(rt, 1), *w = R->event_create(rt, 0);
    check(m && s1 && s2 && e0 && e1 && w, "streams and events", R->last_error(rt));
    if (!m || !s1 || !s2 || !e0 || !e1 || !w) return;
    setenv("FLYI_STANDIN_SLOW_MS", "300", 1);
    float *a = R->malloc(rt, N * 4), *b = R->malloc(rt, N * 4), *c = R->malloc(rt, N * 4);
    for (int i = 0; i < N; i++) ha[i] = (float)i, hb[i] = 1;
    R->memcpy_htod(rt, a, ha, N * 4);
    R->memcpy_htod(rt, b, hb, N * 4);
    void *args[] = {&a, &b, &c};
    double t0 = now_ms();
    R->event_record(rt, e0, s1);
    int rc = launch(rt, m, 16, 256, args, 3, s1);
    R->event_record(rt, e1, s1);
    R->event_record(rt, w, s1);
    double t1 = now_ms();
    check(rc == 0 && t1 - t0 < 200, "async: the launch returns before the kernel ran", R->last_error(rt));
    check(R->event_query(rt, e1) == 0, "async: the event is not reached yet (hipEventQuery)", NULL);
    check(R->stream_wait_event(rt, s2, w) == 0, "async: hipStreamWaitEvent", R->last_error(rt));
    float first = -1;
    check(R->memcpy_dtoh(rt, &first, c + 5, 4) == 0 && first == 6.0f && now_ms() - t0 >= 290,
          "async: a host read waits for the kernel", R->last_error(rt));
    check(R->event_synchronize(rt, e1) == 0 && R->event_query(rt, e1) == 1, "async: hipEventSynchronize", NULL);
    float ms = 0;
    check(R->event_elapsed(rt, e0, e1, &ms) == 0 && ms >= 290 && ms < 5000, "async: elapsed time of the kernel",
          R->last_error(rt));
    check(R->event_elapsed(rt, e0, w, &ms) != 0 && strstr(R->last_error(rt), "hipEventElapsedTime"),
          "async: an event without timing cannot be timed", R->last_error(rt));
    check(R->synchronize(rt, s2) == 0 && R->synchronize(rt, s1) == 0, "async: hipStreamSynchronize", R->last_error(rt));
    unsetenv("FLYI_STANDIN_SLOW_MS");
    R->free(rt, a);
    R->free(rt, b);
    R->free(rt, c);
    R->event_destroy(rt, e0);
    R->event_destroy(rt, e1);
    R->event_destroy(rt, w);
    R->stream_destroy(rt, s1);
    R->stream_destroy(rt, s2);
}

/* k_hello with known_block_size 64: a 128-thread launch is an error on every backend. */
static void test_block_limit(fly_rt *rt, const char *what) {
    static const char text[] =
        KMOD_BEGIN "    gpu.func @small() kernel attributes {known_block_size = array<i32: 64, 1, 1>} {\n"
                   "      gpu.return\n"
                   "    }\n" KMOD_END;
    fly_rt_module *m = R->load(rt, text);
    char w[128];
    snprintf(w, sizeof w, "%s: a launch within known_block_size", what);
    check(m && launch(rt, m, 1, 64, NULL, 0, NULL) == 0 && R->synchronize(rt, NULL) == 0, w, R->last_error(rt));
    int rc = m ? launch(rt, m, 1, 128, NULL, 0, NULL) : -1;
    snprintf(w, sizeof w, "%s: a launch larger than the compiled maximum", what);
    check(rc != 0 && strstr(R->last_error(rt), "128 threads, more than the 64 it was compiled for"), w,
          R->last_error(rt));
}

/* Without known_block_size the code object's metadata says 256: a 512-thread launch is refused. */
static void test_default_limit(fly_rt *rt, const char *what) {
    fly_rt_module *m = R->load(rt, k_hello);
    int rc = m ? launch(rt, m, 1, 512, NULL, 0, NULL) : -1;
    char w[128];
    snprintf(w, sizeof w, "%s: without known_block_size the maximum workgroup is 256", what);
    check(rc != 0 && strstr(R->last_error(rt), "more than the 256"), w, R->last_error(rt));
}

/* A kernel reading its block and grid size: the code object lists hidden arguments, which the packer
 * fills (hidden_block_count_x, hidden_group_size_x, hidden_grid_dims); on the stand-in it runs. */
static const char k_bdim[] = KMOD_BEGIN "    gpu.func @bdim(%out: memref<4xi32, 1>) kernel {\n"
                                        "      %d = gpu.block_dim x\n"
                                        "      %g = gpu.grid_dim x\n"
                                        "      %di = arith.index_cast %d : index to i32\n"
                                        "      %gi = arith.index_cast %g : index to i32\n"
                                        "      %c0 = arith.constant 0 : index\n"
                                        "      %c1 = arith.constant 1 : index\n"
                                        "      memref.store %di, %out[%c0] : memref<4xi32, 1>\n"
                                        "      memref.store %gi, %out[%c1] : memref<4xi32, 1>\n"
                                        "      gpu.return\n"
                                        "    }\n" KMOD_END;

static unsigned le_at(const unsigned char *b, int off, int size) {
    unsigned v = 0;
    for (int i = size - 1; i >= 0; i--) v = v << 8 | b[off + i];
    return v;
}

static void test_hidden_args(fly_rt *rt) {
    fly_pipeline_options o = {.target = "gfx942", .stop_after = -1, .no_snapshots = 1, .code_object_version = 6};
    fly_pipeline_result r;
    memset(&r, 0, sizeof r);
    fly_rt_kernarg_layout lay;
    char err[256] = "";
    if (!api->compile_ex(k_bdim, &o, &r) || !r.hsaco ||
        R->kernarg_layout_get(r.hsaco, r.hsaco_size, NULL, &lay, err, sizeof err)) {
        check(0, "hidden arguments: compile and read the metadata", r.error ? r.error : err);
        api->result_free(&r);
        return;
    }
    int bc = -1, gs = -1, gd = -1;
    for (int i = 0; i < lay.nargs; i++) {
        if (!strcmp(lay.args[i].kind, "hidden_block_count_x")) bc = i;
        if (!strcmp(lay.args[i].kind, "hidden_group_size_x")) gs = i;
        if (!strcmp(lay.args[i].kind, "hidden_grid_dims")) gd = i;
    }
    check(lay.nexplicit == 1 && bc >= 0 && gs >= 0 && gd >= 0, "hidden arguments in the code object's metadata", NULL);
    unsigned char buf[512];
    void *dummy = (void *)0x1000, *args[] = {&dummy};
    unsigned g[3] = {3, 1, 1}, b[3] = {64, 1, 1};
    if (bc >= 0 && gs >= 0 && gd >= 0 && lay.segment_size <= (int)sizeof buf &&
        R->kernarg_pack(&lay, args, 1, -1, NULL, g, b, buf, err, sizeof err) == 0)
        check(le_at(buf, lay.args[bc].offset, 4) == 3 && le_at(buf, lay.args[gs].offset, 2) == 64 &&
                  le_at(buf, lay.args[gd].offset, 2) == 1,
              "hidden arguments packed", NULL);
    else check(0, "hidden arguments: pack", err);
    api->result_free(&r);
    fly_rt_module *m = R->load(rt, k_bdim);
    int *out = R->malloc(rt, 16), host[4] = {0};
    void *a2[] = {&out};
    check(m && out && launch(rt, m, 3, 64, a2, 1, NULL) == 0 && R->memcpy_dtoh(rt, host, out, 16) == 0 &&
              host[0] == 64 && host[1] == 3,
          "block and grid size in the kernel", R->last_error(rt));
    R->free(rt, out);
}

static void test_failures(fly_rt *rt) {
    setenv("FLYI_STANDIN_FAIL_MALLOC", "1", 1);
    fly_rt *r2 = make_rt(FLY_RT_HIP); /* the stand-in counts hipMalloc calls per process */
    unsetenv("FLYI_STANDIN_FAIL_MALLOC");
    (void)r2;
    if (r2) R->destroy(r2);
    setenv("FLYI_STANDIN_MEMORY", "4096", 1);
    void *p = R->malloc(rt, 1 << 20);
    check(!p && strstr(R->last_error(rt), "HIP error in hipMalloc: out of memory (2)"), "hipMalloc failure",
          R->last_error(rt));
    unsetenv("FLYI_STANDIN_MEMORY");
    fly_rt_module *m = R->load(rt, k_vadd);
    setenv("FLYI_STANDIN_FAIL_LAUNCH", "vadd", 1);
    float *c = NULL;
    int rc = m ? vadd(rt, m, NULL, &c) : 0;
    check(rc != 0 && strstr(R->last_error(rt), "HIP error in hipModuleLaunchKernel (kernel 'vadd'): too many "
                                               "resources requested for launch (701)"),
          "launch failure names the call and the kernel", R->last_error(rt));
    unsetenv("FLYI_STANDIN_FAIL_LAUNCH");
    R->free(rt, c);
    /* a fault in the kernel is reported by the next synchronize, naming the kernel */
    float *a = R->malloc(rt, N * 4), *b = R->malloc(rt, N * 4);
    c = R->malloc(rt, N * 4);
    void *args[] = {&a, &b, &c};
    rc = m ? launch(rt, m, 17, 256, args, 3, NULL) : -1;
    int src = R->synchronize(rt, NULL);
    check(rc == 0 && src != 0 && strstr(R->last_error(rt), "hipDeviceSynchronize") &&
              strstr(R->last_error(rt), "kernel 'vadd'") && strstr(R->last_error(rt), "out of bounds"),
          "an asynchronous fault at synchronize", R->last_error(rt));
    /* the session goes on */
    R->free(rt, a);
    R->free(rt, b);
    R->free(rt, c);
    check(m && vadd(rt, m, NULL, &c) == 0 && R->memcpy_dtoh(rt, hc, c, N * 4) == 0 && matches(),
          "after the failures, launches work", R->last_error(rt));
    R->free(rt, c);
}

/* hipRuntimeGetVersion below 6.2: code object v5, which the (strict) stand-in loads; v6 it refuses. */
static void test_code_object_version(void) {
    setenv("FLYI_STANDIN_VERSION", "60100000", 1);
    fly_rt *rt = make_rt(FLY_RT_HIP);
    fly_rt_device_info d;
    if (rt) R->device_info(rt, &d);
    check(rt && d.code_object_version == 5, "ROCm 6.1: code object v5", NULL);
    fly_rt_module *m = rt ? R->load(rt, k_vadd) : NULL;
    float *c = NULL;
    check(m && vadd(rt, m, NULL, &c) == 0 && R->memcpy_dtoh(rt, hc, c, N * 4) == 0 && matches(),
          "ROCm 6.1: a v5 code object loads and runs", rt ? R->last_error(rt) : "");
    if (rt) R->free(rt, c);
    /* the same kernel as v6, loaded directly: the stand-in refuses it as ROCm 6.1 does */
    fly_pipeline_options o = {.target = "gfx942", .stop_after = -1, .no_snapshots = 1, .code_object_version = 6};
    fly_pipeline_result r;
    memset(&r, 0, sizeof r);
    void *lib = dlopen(standin, RTLD_NOW | RTLD_LOCAL);
    int (*load)(void **, const void *) = lib ? (int (*)(void **, const void *))dlsym(lib, "hipModuleLoadData") : NULL;
    if (api->compile_ex(k_vadd, &o, &r) && r.hsaco && load) {
        void *mod = NULL;
        check(r.hsaco[8] == 4, "v6: EI_ABIVERSION 4", NULL);
        check(load(&mod, r.hsaco) == 209, "ROCm 6.1 refuses a v6 code object (hipErrorNoBinaryForGpu)", NULL);
    } else {
        check(0, "compile a v6 code object", r.error);
    }
    api->result_free(&r);
    memset(&r, 0, sizeof r);
    o.code_object_version = 5;
    if (api->compile_ex(k_vadd, &o, &r) && r.hsaco) check(r.hsaco[8] == 3, "v5: EI_ABIVERSION 3", NULL);
    api->result_free(&r);
    /* features from gcnArchName: sramecc on (0xc00), xnack off (0x200) in e_flags; the other setting is refused */
    static const char *const feats[] = {"+sramecc,-xnack", "-sramecc,-xnack", NULL};
    for (int i = 0; feats[i]; i++) {
        memset(&r, 0, sizeof r);
        o.code_object_version = 5;
        o.target_features = feats[i];
        if (api->compile_ex(k_vadd, &o, &r) && r.hsaco && load) {
            unsigned fl = (unsigned)r.hsaco[0x30] | (unsigned)r.hsaco[0x31] << 8;
            void *mod = NULL;
            int e = load(&mod, r.hsaco);
            char w[96];
            snprintf(w, sizeof w, "features %s: e_flags and the device's sramecc+:xnack-", feats[i]);
            check((fl & 0x300) == 0x200 && (fl & 0xc00) == (i == 0 ? 0xc00u : 0x800u) && e == (i == 0 ? 0 : 209), w,
                  NULL);
        } else {
            check(0, "compile with target features", r.error);
        }
        api->result_free(&r);
    }
    if (lib) dlclose(lib);
    if (rt) R->destroy(rt);
    unsetenv("FLYI_STANDIN_VERSION");
}

static void test_gfx950_and_no_device(void) {
    setenv("FLYI_STANDIN_ARCH", "gfx950", 1);
    fly_rt *rt = make_rt(FLY_RT_HIP);
    check(rt && !strcmp(R->arch(rt), "gfx950") && !strcmp(R->backend_name(rt), "hip"), "gfx950 device",
          rt ? R->arch(rt) : "");
    fly_rt_module *m = rt ? R->load(rt, k_vadd) : NULL;
    float *c = NULL;
    check(m && vadd(rt, m, NULL, &c) == 0 && R->memcpy_dtoh(rt, hc, c, N * 4) == 0 && matches(), "gfx950: vadd",
          rt ? R->last_error(rt) : "");
    if (rt) {
        R->free(rt, c);
        R->destroy(rt);
    }
    unsetenv("FLYI_STANDIN_ARCH");
    setenv("FLYI_STANDIN_DEVICES", "0", 1);
    notes.len = 0;
    rt = make_rt(FLY_RT_AUTO);
    check(rt && !strcmp(R->backend_name(rt), "emulator") && strstr(notes.buf, "reports no AMD GPU") &&
              strstr(notes.buf, "kernels run on the CPU emulator"),
          "no device: the emulator, with one notice", notes.buf);
    if (rt) R->destroy(rt);
    unsetenv("FLYI_STANDIN_DEVICES");
}

int main(void) {
    char err[512];
    const char *bd = getenv("FLYI_BUILDDIR");
    char cwd[512];
    if (!bd || bd[0] != '/') bd = getcwd(cwd, sizeof cwd) ? cwd : ".";
    snprintf(standin, sizeof standin, "%s/tests/hip/.libs/libflyi_hip_standin.so", bd);
    api = fly_core_load(err, sizeof err);
    if (!api || !api->rt) {
        printf("FAIL cannot load the compiler core: %s\n0 passed, 1 failed\n", err);
        return 1;
    }
    R = api->rt;
    fly_rt *rt = make_rt(FLY_RT_HIP);
    check(rt && !strcmp(R->backend_name(rt), "hip"), "create the HIP runtime on the stand-in", notes.buf);
    if (rt && !strcmp(R->backend_name(rt), "hip")) {
        test_device(rt);
        test_no_host_access(rt);
        test_vadd(rt);
        test_printf(rt);
        test_async(rt);
        test_block_limit(rt, "hip");
        test_default_limit(rt, "hip");
        test_hidden_args(rt);
        test_failures(rt);
    }
    if (rt) R->destroy(rt);
    fly_rt *emu = make_rt(FLY_RT_EMU);
    if (emu) {
        test_block_limit(emu, "emulator");
        test_default_limit(emu, "emulator");
        R->destroy(emu);
    }
    test_code_object_version();
    test_gfx950_and_no_device();
    printf("%d passed, %d failed\n", passed, failed);
    return failed != 0;
}

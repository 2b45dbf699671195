/* hip_standin.c - a stand-in for ROCm's libamdhip64 that behaves like a device, for tests on
 * machines without an AMD GPU (built by `make check`, never installed). flyi loads it through
 * its ordinary dlopen path (FLYI_HIP_LIBRARY=/abs/path/libflyi_hip_standin.so).
 *
 * - Device memory is mapped PROT_NONE; it is readable and writable only while one of the
 *   stand-in's own copy, memset or kernel runs is in progress, so host code that touches device
 *   memory directly crashes the test instead of passing.
 * - Every stream (the null stream included) has a worker thread; launches, async copies and
 *   event records are queued and run later, in order. The null stream is the legacy default
 *   stream: work queued on it waits for every other stream, work queued elsewhere waits for it;
 *   synchronous calls (hipMemcpy, hipMemset, hipFree, hipModuleUnload) wait for all streams.
 * - A launched kernel runs: flyi attaches a runner (hip_standin.h) that runs the code object's
 *   kernel on flyi's emulator with the device buffers.
 *
 * Environment:
 *   FLYI_STANDIN_ARCH       gfx942 (default) or gfx950
 *   FLYI_STANDIN_FEATURES   the device's flags (default "sramecc+:xnack-"; gcnArchName is "<arch>:<flags>");
 *                           code objects built for the other setting of a flag do not load
 *   FLYI_STANDIN_DEVICES    number of devices (default 1; 0: hipGetDeviceCount reports none)
 *   FLYI_STANDIN_VERSION    hipRuntimeGetVersion's value (default 60300000, i.e. ROCm 6.3)
 *   FLYI_STANDIN_MEMORY     bytes of device memory (default 1 GiB); beyond it hipMalloc fails
 *   FLYI_STANDIN_FAIL_MALLOC=N  the Nth hipMalloc (counting from 1) fails with hipErrorOutOfMemory
 *   FLYI_STANDIN_FAIL_LAUNCH=NAME  hipModuleLaunchKernel of kernel NAME fails (hipErrorLaunchOutOfResources)
 *   FLYI_STANDIN_SLOW_MS=N  every queued launch waits N ms before it runs (a slow stream)
 *   FLYI_STANDIN_TRACE=1    every HIP call made is logged to stderr ("hip: hipMalloc") */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "runtime/hip/hip_standin.h"

typedef int hipError_t;
enum {
    hipSuccess = 0,
    hipErrorInvalidValue = 1,
    hipErrorOutOfMemory = 2,
    hipErrorNotInitialized = 3,
    hipErrorInvalidDevicePointer = 17,
    hipErrorInvalidMemcpyDirection = 21,
    hipErrorNoDevice = 100,
    hipErrorInvalidDevice = 101,
    hipErrorInvalidImage = 200,
    hipErrorNoBinaryForGpu = 209,
    hipErrorInvalidHandle = 400,
    hipErrorNotFound = 500,
    hipErrorNotReady = 600,
    hipErrorLaunchOutOfResources = 701,
    hipErrorLaunchFailure = 719,
    hipErrorNotSupported = 801,
};

#define EXPORT __attribute__((visibility("default")))

/* Every exported function is declared once here (the project builds with -Wmissing-prototypes). */
EXPORT hipError_t hipInit(unsigned flags);
EXPORT hipError_t hipGetDeviceCount(int *n);
EXPORT hipError_t hipSetDevice(int d);
EXPORT hipError_t hipGetDevice(int *d);
EXPORT hipError_t hipGetDeviceProperties(void *p, int d);
EXPORT hipError_t hipGetDevicePropertiesR0600(void *p, int d);
EXPORT hipError_t hipDeviceGetName(char *name, int len, int d);
EXPORT hipError_t hipDeviceGetAttribute(int *v, int attr, int d);
EXPORT hipError_t hipDeviceTotalMem(size_t *bytes, int d);
EXPORT hipError_t hipMemGetInfo(size_t *free_b, size_t *total);
EXPORT hipError_t hipRuntimeGetVersion(int *v);
EXPORT hipError_t hipDriverGetVersion(int *v);
EXPORT const char *hipGetErrorString(hipError_t e);
EXPORT const char *hipGetErrorName(hipError_t e);
EXPORT hipError_t hipGetLastError(void);
EXPORT hipError_t hipMalloc(void **p, size_t n);
EXPORT hipError_t hipFree(void *p);
EXPORT hipError_t hipMemcpy(void *dst, const void *src, size_t n, int kind);
EXPORT hipError_t hipMemcpyAsync(void *dst, const void *src, size_t n, int kind, void *stream);
EXPORT hipError_t hipMemset(void *p, int v, size_t n);
EXPORT hipError_t hipMemsetAsync(void *p, int v, size_t n, void *stream);
EXPORT hipError_t hipStreamCreate(void **s);
EXPORT hipError_t hipStreamDestroy(void *s);
EXPORT hipError_t hipStreamSynchronize(void *s);
EXPORT hipError_t hipStreamQuery(void *s);
EXPORT hipError_t hipStreamWaitEvent(void *s, void *e, unsigned flags);
EXPORT hipError_t hipEventCreate(void **e);
EXPORT hipError_t hipEventCreateWithFlags(void **e, unsigned flags);
EXPORT hipError_t hipEventDestroy(void *e);
EXPORT hipError_t hipEventRecord(void *e, void *s);
EXPORT hipError_t hipEventSynchronize(void *e);
EXPORT hipError_t hipEventQuery(void *e);
EXPORT hipError_t hipEventElapsedTime(float *ms, void *start, void *stop);
EXPORT hipError_t hipDeviceSynchronize(void);
EXPORT hipError_t hipModuleLoadData(void **m, const void *image);
EXPORT hipError_t hipModuleUnload(void *m);
EXPORT hipError_t hipModuleGetFunction(void **f, void *m, const char *name);
EXPORT hipError_t hipModuleLaunchKernel(void *f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by,
                                        unsigned bz, unsigned smem, void *stream, void **params, void **extra);
EXPORT void flyiHipStandinAttach(const fly_hip_standin_runner *r);

/* ------------------------------------------------------------------ configuration */

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static fly_hip_standin_runner runner;
static int have_runner;
static hipError_t last_error;

static const char *env(const char *name, const char *def) {
    const char *v = getenv(name);
    return v && *v ? v : def;
}
/* A number from the environment; def when unset or not a number. */
static long envl(const char *name, long def) {
    const char *v = env(name, "");
    char *end = NULL;
    long x = strtol(v, &end, 10);
    return *v && end && !*end ? x : def;
}

static void trace(const char *call) {
    if (strcmp(env("FLYI_STANDIN_TRACE", "0"), "0")) fprintf(stderr, "hip: %s\n", call);
}

static hipError_t ret(hipError_t e) {
    if (e) last_error = e;
    return e;
}

static const char *arch(void) { return env("FLYI_STANDIN_ARCH", "gfx942"); }

/* ------------------------------------------------------------------ device memory */

typedef struct alloc {
    struct alloc *next;
    char *p;
    size_t n, mapped;
} alloc;

static alloc *allocs;
static size_t used_bytes;
static long malloc_calls;
static int access_depth; /* > 0: device memory is accessible (a copy or a kernel runs) */

static void protect_all(int prot) {
    for (alloc *a = allocs; a; a = a->next) mprotect(a->p, a->mapped, prot);
}

/* Opens / closes a window in which the host (the stand-in itself) may touch device memory. */
static void access_begin(void) {
    pthread_mutex_lock(&mu);
    if (access_depth++ == 0) protect_all(PROT_READ | PROT_WRITE);
    pthread_mutex_unlock(&mu);
}
static void access_end(void) {
    pthread_mutex_lock(&mu);
    if (--access_depth == 0) protect_all(PROT_NONE);
    pthread_mutex_unlock(&mu);
}

/* The allocation holding [p, p+n) (locked by the caller), or NULL. */
static alloc *find(const void *p, size_t n) {
    uintptr_t x = (uintptr_t)p;
    for (alloc *a = allocs; a; a = a->next)
        if (x >= (uintptr_t)a->p && x + n <= (uintptr_t)a->p + a->n) return a;
    return NULL;
}

static int is_device(const void *p, size_t n) {
    pthread_mutex_lock(&mu);
    int r = find(p, n ? n : 1) != NULL;
    pthread_mutex_unlock(&mu);
    return r;
}

/* ------------------------------------------------------------------ streams */

enum { OP_LAUNCH, OP_COPY, OP_SET, OP_RECORD, OP_WAIT };

typedef struct event {
    unsigned flags;
    uint64_t recorded, done; /* generations: records queued, records completed */
    double t_ms;
    int refs;  /* queued ops that name the event: a destroyed one is freed when the last retires */
    int freed; /* hipEventDestroy was called */
} event;

/* Drops an op's reference (locked); frees a destroyed event with none left. */
static void event_unref(event *e) {
    if (--e->refs == 0 && e->freed) free(e);
}

typedef struct module module;

typedef struct op {
    struct op *next;
    int kind;
    /* launch */
    module *mod;
    char kernel[256];
    unsigned grid[3], block[3], smem;
    unsigned char *kernarg;
    size_t kernarg_size;
    /* copy / set */
    void *dst;
    const void *src;
    size_t n;
    int value;
    /* record / wait */
    event *ev;
    uint64_t gen;
} op;

typedef struct stream {
    struct stream *next_stream;
    pthread_t th;
    op *head, *tail;
    int busy, quit;
    hipError_t err; /* sticky until the next synchronize reports it */
} stream;

static stream *streams; /* all streams, the null stream first */
static stream *null_stream;

struct module {
    unsigned char *image;
    size_t size;
    int refs; /* the handle plus queued launches */
};

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static void module_unref(module *m) { /* locked */
    if (--m->refs == 0) {
        free(m->image);
        free(m);
    }
}

static hipError_t run_op(op *o) {
    hipError_t rc = hipSuccess;
    if (o->kind == OP_LAUNCH) {
        long slow = envl("FLYI_STANDIN_SLOW_MS", 0);
        if (slow > 0) usleep((useconds_t)slow * 1000);
        pthread_mutex_lock(&mu);
        int n = 0;
        for (alloc *a = allocs; a; a = a->next) n++;
        uintptr_t (*ranges)[2] = calloc((size_t)n + 1, sizeof *ranges);
        int i = 0;
        for (alloc *a = allocs; ranges && a; a = a->next, i++) {
            ranges[i][0] = (uintptr_t)a->p;
            ranges[i][1] = (uintptr_t)a->p + a->n;
        }
        int ok = have_runner;
        fly_hip_standin_runner r = runner;
        pthread_mutex_unlock(&mu);
        fly_hip_standin_launch l = {.image = o->mod->image,
                                    .image_size = o->mod->size,
                                    .kernel = o->kernel,
                                    .grid = {o->grid[0], o->grid[1], o->grid[2]},
                                    .block = {o->block[0], o->block[1], o->block[2]},
                                    .smem = o->smem,
                                    .kernarg = o->kernarg,
                                    .kernarg_size = o->kernarg_size,
                                    .allocs = (const uintptr_t (*)[2])ranges,
                                    .nallocs = n};
        char err[1024] = "";
        access_begin();
        if (!ok || !ranges || r.run(r.user, &l, err, sizeof err)) rc = hipErrorLaunchFailure;
        access_end();
        free(ranges);
    } else if (o->kind == OP_COPY || o->kind == OP_SET) {
        access_begin();
        if (o->kind == OP_COPY) memmove(o->dst, o->src, o->n);
        else memset(o->dst, o->value, o->n);
        access_end();
    }
    return rc;
}

static void *worker(void *p) {
    stream *s = p;
    pthread_mutex_lock(&mu);
    for (;;) {
        while (!s->head && !s->quit) pthread_cond_wait(&cv, &mu);
        if (!s->head) break;
        op *o = s->head;
        if (o->kind == OP_WAIT) {
            while (o->ev->done < o->gen) pthread_cond_wait(&cv, &mu);
        } else if (o->kind == OP_RECORD) {
            o->ev->t_ms = now_ms();
            if (o->ev->done < o->gen) o->ev->done = o->gen;
        } else {
            s->busy = 1;
            pthread_mutex_unlock(&mu);
            hipError_t e = run_op(o);
            pthread_mutex_lock(&mu);
            s->busy = 0;
            if (e && !s->err) s->err = e;
        }
        s->head = o->next;
        if (!s->head) s->tail = NULL;
        if (o->kind == OP_WAIT || o->kind == OP_RECORD) event_unref(o->ev);
        if (o->mod) module_unref(o->mod);
        free(o->kernarg);
        free(o);
        pthread_cond_broadcast(&cv);
    }
    pthread_mutex_unlock(&mu);
    return NULL;
}

static stream *stream_new(void) { /* locked */
    stream *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    if (pthread_create(&s->th, NULL, worker, s)) {
        free(s);
        return NULL;
    }
    s->next_stream = streams;
    streams = s;
    return s;
}

static int idle(stream *s) { return !s->head && !s->busy; }

/* Waits (locked) until s (NULL: every stream) has no queued work. */
static void drain(stream *s) {
    for (;;) {
        int all = 1;
        for (stream *x = streams; x; x = x->next_stream)
            if ((!s || x == s) && !idle(x)) all = 0;
        if (all) return;
        pthread_cond_wait(&cv, &mu);
    }
}

static int ensure_init(void) { /* locked */
    if (null_stream) return 0;
    null_stream = stream_new();
    return null_stream ? 0 : -1;
}

/* The stream of handle h (locked; NULL handle: the null stream). */
static stream *stream_of(void *h) {
    if (ensure_init()) return NULL;
    if (!h) return null_stream;
    for (stream *s = streams; s; s = s->next_stream)
        if (s == h) return s;
    return NULL;
}

/* Queues o on s (locked), with the legacy default stream's ordering. */
static void enqueue(stream *s, op *o) {
    if (s == null_stream) {
        for (stream *x = streams; x; x = x->next_stream)
            if (x != null_stream)
                while (!idle(x)) pthread_cond_wait(&cv, &mu);
    } else {
        while (!idle(null_stream)) pthread_cond_wait(&cv, &mu);
    }
    if (s->tail) s->tail->next = o;
    else s->head = o;
    s->tail = o;
    pthread_cond_broadcast(&cv);
}

/* The first sticky error of s (NULL: of every stream), cleared (locked). */
static hipError_t take_error(stream *s) {
    hipError_t e = hipSuccess;
    for (stream *x = streams; x; x = x->next_stream)
        if ((!s || x == s) && x->err) {
            if (!e) e = x->err;
            x->err = hipSuccess;
        }
    return e;
}

/* ------------------------------------------------------------------ device */

hipError_t hipInit(unsigned flags) {
    trace("hipInit");
    return flags ? ret(hipErrorInvalidValue) : hipSuccess;
}

hipError_t hipGetDeviceCount(int *n) {
    trace("hipGetDeviceCount");
    if (!n) return ret(hipErrorInvalidValue);
    *n = (int)envl("FLYI_STANDIN_DEVICES", 1);
    return *n ? hipSuccess : ret(hipErrorNoDevice);
}

static int valid_device(int d) {
    int n = 0;
    return hipGetDeviceCount(&n) == hipSuccess && d >= 0 && d < n;
}

static int current_device;

hipError_t hipSetDevice(int d) {
    trace("hipSetDevice");
    if (!valid_device(d)) return ret(hipErrorInvalidDevice);
    current_device = d;
    return hipSuccess;
}

hipError_t hipGetDevice(int *d) {
    trace("hipGetDevice");
    if (!d) return ret(hipErrorInvalidValue);
    *d = current_device;
    return hipSuccess;
}

static const char *device_name(void) {
    return !strcmp(arch(), "gfx950") ? "AMD Instinct MI355X (flyi HIP stand-in)"
                                     : "AMD Instinct MI300X (flyi HIP stand-in)";
}

static int cu_count(void) { return !strcmp(arch(), "gfx950") ? 256 : 304; }

static size_t total_memory(void) { return (size_t)envl("FLYI_STANDIN_MEMORY", 1L << 30); }

/* hipDeviceProp_t: name at offset 0 in every ROCm layout; gcnArchName lies at a layout-specific
 * offset, here 512 (flyi finds it by its "gfx" prefix and does not rely on the offset). */
static hipError_t props(void *p, int d) {
    if (!p) return ret(hipErrorInvalidValue);
    if (!valid_device(d)) return ret(hipErrorInvalidDevice);
    memset(p, 0, 1024);
    snprintf(p, 256, "%s", device_name());
    snprintf((char *)p + 512, 256, "%s:%s", arch(), env("FLYI_STANDIN_FEATURES", "sramecc+:xnack-"));
    return hipSuccess;
}

hipError_t hipGetDeviceProperties(void *p, int d) {
    trace("hipGetDeviceProperties");
    return props(p, d);
}

hipError_t hipGetDevicePropertiesR0600(void *p, int d) {
    trace("hipGetDevicePropertiesR0600");
    return props(p, d);
}

hipError_t hipDeviceGetName(char *name, int len, int d) {
    trace("hipDeviceGetName");
    if (!name || len <= 0) return ret(hipErrorInvalidValue);
    if (!valid_device(d)) return ret(hipErrorInvalidDevice);
    snprintf(name, (size_t)len, "%s", device_name());
    return hipSuccess;
}

/* hipDeviceAttribute_t values as in ROCm's hip_runtime_api.h. */
enum { ATTR_MAX_THREADS_PER_BLOCK = 56, ATTR_MULTIPROCESSOR_COUNT = 63, ATTR_WARP_SIZE = 87 };

hipError_t hipDeviceGetAttribute(int *v, int attr, int d) {
    trace("hipDeviceGetAttribute");
    if (!v) return ret(hipErrorInvalidValue);
    if (!valid_device(d)) return ret(hipErrorInvalidDevice);
    switch (attr) {
    case ATTR_MULTIPROCESSOR_COUNT: *v = cu_count(); return hipSuccess;
    case ATTR_MAX_THREADS_PER_BLOCK: *v = 1024; return hipSuccess;
    case ATTR_WARP_SIZE: *v = 64; return hipSuccess;
    default: return ret(hipErrorInvalidValue);
    }
}

hipError_t hipDeviceTotalMem(size_t *bytes, int d) {
    trace("hipDeviceTotalMem");
    if (!bytes) return ret(hipErrorInvalidValue);
    if (!valid_device(d)) return ret(hipErrorInvalidDevice);
    *bytes = total_memory();
    return hipSuccess;
}

hipError_t hipMemGetInfo(size_t *free_b, size_t *total) {
    trace("hipMemGetInfo");
    if (!free_b || !total) return ret(hipErrorInvalidValue);
    pthread_mutex_lock(&mu);
    *total = total_memory();
    *free_b = *total - (used_bytes < *total ? used_bytes : *total);
    pthread_mutex_unlock(&mu);
    return hipSuccess;
}

hipError_t hipRuntimeGetVersion(int *v) {
    trace("hipRuntimeGetVersion");
    if (!v) return ret(hipErrorInvalidValue);
    *v = (int)envl("FLYI_STANDIN_VERSION", 60300000);
    return hipSuccess;
}

hipError_t hipDriverGetVersion(int *v) {
    trace("hipDriverGetVersion");
    if (!v) return ret(hipErrorInvalidValue);
    *v = (int)envl("FLYI_STANDIN_VERSION", 60300000);
    return hipSuccess;
}

const char *hipGetErrorName(hipError_t e) {
    switch (e) {
    case hipSuccess: return "hipSuccess";
    case hipErrorInvalidValue: return "hipErrorInvalidValue";
    case hipErrorOutOfMemory: return "hipErrorOutOfMemory";
    case hipErrorInvalidDevicePointer: return "hipErrorInvalidDevicePointer";
    case hipErrorInvalidMemcpyDirection: return "hipErrorInvalidMemcpyDirection";
    case hipErrorNoDevice: return "hipErrorNoDevice";
    case hipErrorInvalidDevice: return "hipErrorInvalidDevice";
    case hipErrorInvalidImage: return "hipErrorInvalidImage";
    case hipErrorNoBinaryForGpu: return "hipErrorNoBinaryForGpu";
    case hipErrorInvalidHandle: return "hipErrorInvalidHandle";
    case hipErrorNotFound: return "hipErrorNotFound";
    case hipErrorNotReady: return "hipErrorNotReady";
    case hipErrorLaunchOutOfResources: return "hipErrorLaunchOutOfResources";
    case hipErrorLaunchFailure: return "hipErrorLaunchFailure";
    case hipErrorNotSupported: return "hipErrorNotSupported";
    default: return "hipErrorUnknown";
    }
}

const char *hipGetErrorString(hipError_t e) {
    switch (e) {
    case hipSuccess: return "no error";
    case hipErrorInvalidValue: return "invalid argument";
    case hipErrorOutOfMemory: return "out of memory";
    case hipErrorInvalidDevicePointer: return "invalid device pointer";
    case hipErrorNoDevice: return "no ROCm-capable device is detected";
    case hipErrorInvalidDevice: return "invalid device ordinal";
    case hipErrorInvalidImage: return "device kernel image is invalid";
    case hipErrorNoBinaryForGpu: return "no kernel image is available for execution on the device";
    case hipErrorInvalidHandle: return "invalid resource handle";
    case hipErrorNotFound: return "named symbol not found";
    case hipErrorNotReady: return "device not ready";
    case hipErrorLaunchOutOfResources: return "too many resources requested for launch";
    case hipErrorLaunchFailure: return "unspecified launch failure";
    default: return hipGetErrorName(e);
    }
}

hipError_t hipGetLastError(void) {
    hipError_t e = last_error;
    last_error = hipSuccess;
    return e;
}

hipError_t hipDeviceSynchronize(void) {
    trace("hipDeviceSynchronize");
    pthread_mutex_lock(&mu);
    ensure_init();
    drain(NULL);
    hipError_t e = take_error(NULL);
    pthread_mutex_unlock(&mu);
    return ret(e);
}

/* ------------------------------------------------------------------ memory */

hipError_t hipMalloc(void **p, size_t n) {
    trace("hipMalloc");
    if (!p) return ret(hipErrorInvalidValue);
    *p = NULL;
    pthread_mutex_lock(&mu);
    long fail_at = envl("FLYI_STANDIN_FAIL_MALLOC", 0);
    malloc_calls++;
    size_t page = (size_t)sysconf(_SC_PAGESIZE), mapped = ((n ? n : 1) + page - 1) / page * page;
    hipError_t e = hipSuccess;
    if ((fail_at && malloc_calls == fail_at) || used_bytes + n > total_memory()) e = hipErrorOutOfMemory;
    alloc *a = e ? NULL : calloc(1, sizeof *a);
    if (!e && a) {
        a->p =
            mmap(NULL, mapped, access_depth ? PROT_READ | PROT_WRITE : PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (a->p == MAP_FAILED) {
            free(a);
            a = NULL;
        }
    }
    if (!e && !a) e = hipErrorOutOfMemory;
    if (!e) {
        a->n = n;
        a->mapped = mapped;
        a->next = allocs;
        allocs = a;
        used_bytes += n;
        *p = a->p;
    }
    pthread_mutex_unlock(&mu);
    return ret(e);
}

hipError_t hipFree(void *p) {
    trace("hipFree");
    if (!p) return hipSuccess;
    pthread_mutex_lock(&mu);
    ensure_init();
    drain(NULL); /* as ROCm: freeing waits for the device */
    hipError_t e = hipErrorInvalidDevicePointer;
    for (alloc **a = &allocs; *a; a = &(*a)->next)
        if ((*a)->p == p) {
            alloc *x = *a;
            *a = x->next;
            used_bytes -= x->n;
            munmap(x->p, x->mapped);
            free(x);
            e = hipSuccess;
            break;
        }
    pthread_mutex_unlock(&mu);
    return ret(e);
}

enum { H2H = 0, H2D = 1, D2H = 2, D2D = 3, DEFAULT = 4 };

/* Checks a copy's direction against where its pointers point. */
static hipError_t check_copy(void *dst, const void *src, size_t n, int kind) {
    if (n && (!dst || !src)) return hipErrorInvalidValue;
    int dd = is_device(dst, n), sd = is_device(src, n);
    if (kind == DEFAULT) return hipSuccess;
    if (kind < 0 || kind > 4) return hipErrorInvalidMemcpyDirection;
    if ((kind == H2D || kind == D2D) && !dd) return hipErrorInvalidValue;
    if ((kind == D2H || kind == D2D) && !sd) return hipErrorInvalidValue;
    return hipSuccess;
}

static hipError_t queue_copy(void *dst, const void *src, size_t n, int kind, void *stream_h, int set, int value) {
    hipError_t e = set ? (n && !is_device(dst, n) ? hipErrorInvalidValue : hipSuccess) : check_copy(dst, src, n, kind);
    if (e) return ret(e);
    op *o = calloc(1, sizeof *o);
    if (!o) return ret(hipErrorOutOfMemory);
    o->kind = set ? OP_SET : OP_COPY;
    o->dst = dst;
    o->src = src;
    o->n = n;
    o->value = value;
    pthread_mutex_lock(&mu);
    stream *s = stream_of(stream_h);
    if (!s) {
        pthread_mutex_unlock(&mu);
        free(o);
        return ret(hipErrorInvalidHandle);
    }
    enqueue(s, o);
    pthread_mutex_unlock(&mu);
    return hipSuccess;
}

static hipError_t sync_all(void) {
    pthread_mutex_lock(&mu);
    ensure_init();
    drain(NULL);
    pthread_mutex_unlock(&mu);
    return hipSuccess;
}

hipError_t hipMemcpy(void *dst, const void *src, size_t n, int kind) {
    trace("hipMemcpy");
    hipError_t e = queue_copy(dst, src, n, kind, NULL, 0, 0);
    sync_all();
    return e;
}

hipError_t hipMemcpyAsync(void *dst, const void *src, size_t n, int kind, void *stream) {
    trace("hipMemcpyAsync");
    return queue_copy(dst, src, n, kind, stream, 0, 0);
}

hipError_t hipMemset(void *p, int v, size_t n) {
    trace("hipMemset");
    hipError_t e = queue_copy(p, NULL, n, H2D, NULL, 1, v);
    sync_all();
    return e;
}

hipError_t hipMemsetAsync(void *p, int v, size_t n, void *stream) {
    trace("hipMemsetAsync");
    return queue_copy(p, NULL, n, H2D, stream, 1, v);
}

/* ------------------------------------------------------------------ streams and events */

hipError_t hipStreamCreate(void **s) {
    trace("hipStreamCreate");
    if (!s) return ret(hipErrorInvalidValue);
    pthread_mutex_lock(&mu);
    stream *x = ensure_init() ? NULL : stream_new();
    pthread_mutex_unlock(&mu);
    *s = x;
    return x ? hipSuccess : ret(hipErrorOutOfMemory);
}

hipError_t hipStreamDestroy(void *h) {
    trace("hipStreamDestroy");
    pthread_mutex_lock(&mu);
    stream *s = h ? stream_of(h) : NULL;
    if (!s) {
        pthread_mutex_unlock(&mu);
        return ret(hipErrorInvalidHandle);
    }
    drain(s);
    s->quit = 1;
    pthread_cond_broadcast(&cv);
    for (stream **p = &streams; *p; p = &(*p)->next_stream)
        if (*p == s) {
            *p = s->next_stream;
            break;
        }
    pthread_mutex_unlock(&mu);
    pthread_join(s->th, NULL);
    free(s);
    return hipSuccess;
}

hipError_t hipStreamSynchronize(void *h) {
    trace("hipStreamSynchronize");
    pthread_mutex_lock(&mu);
    stream *s = stream_of(h);
    hipError_t e = hipErrorInvalidHandle;
    if (s) {
        drain(s == null_stream ? NULL : s); /* the null stream: everything before it */
        e = take_error(s == null_stream ? NULL : s);
    }
    pthread_mutex_unlock(&mu);
    return ret(e);
}

hipError_t hipStreamQuery(void *h) {
    trace("hipStreamQuery");
    pthread_mutex_lock(&mu);
    stream *s = stream_of(h);
    hipError_t e = !s ? hipErrorInvalidHandle : idle(s) ? hipSuccess : hipErrorNotReady;
    pthread_mutex_unlock(&mu);
    return e;
}

enum { EVENT_DISABLE_TIMING = 2 };

hipError_t hipEventCreateWithFlags(void **e, unsigned flags) {
    trace("hipEventCreateWithFlags");
    if (!e) return ret(hipErrorInvalidValue);
    event *x = calloc(1, sizeof *x);
    if (!x) return ret(hipErrorOutOfMemory);
    x->flags = flags;
    *e = x;
    return hipSuccess;
}

hipError_t hipEventCreate(void **e) {
    trace("hipEventCreate");
    return hipEventCreateWithFlags(e, 0);
}

hipError_t hipEventDestroy(void *e) {
    trace("hipEventDestroy");
    if (!e) return ret(hipErrorInvalidHandle);
    pthread_mutex_lock(&mu);
    event *x = e;
    /* HIP releases the event once the work naming it is done (a stream may still wait on it) */
    while (x->done < x->recorded) pthread_cond_wait(&cv, &mu);
    x->freed = 1;
    if (!x->refs) free(x);
    pthread_mutex_unlock(&mu);
    return hipSuccess;
}

static hipError_t queue_event(int kind, void *e, void *stream_h) {
    if (!e) return ret(hipErrorInvalidHandle);
    op *o = calloc(1, sizeof *o);
    if (!o) return ret(hipErrorOutOfMemory);
    o->kind = kind;
    o->ev = e;
    pthread_mutex_lock(&mu);
    stream *s = stream_of(stream_h);
    if (!s) {
        pthread_mutex_unlock(&mu);
        free(o);
        return ret(hipErrorInvalidHandle);
    }
    o->gen = kind == OP_RECORD ? ++o->ev->recorded : o->ev->recorded;
    int all_idle = 1;
    for (stream *x = streams; x; x = x->next_stream) all_idle &= idle(x);
    if (kind == OP_RECORD && (s == null_stream ? all_idle : idle(s) && idle(null_stream))) {
        o->ev->t_ms = now_ms(); /* nothing queued before it: the event completes now, as on a GPU */
        o->ev->done = o->gen;
        pthread_cond_broadcast(&cv);
        pthread_mutex_unlock(&mu);
        free(o);
        return hipSuccess;
    }
    o->ev->refs++;
    enqueue(s, o);
    pthread_mutex_unlock(&mu);
    return hipSuccess;
}

hipError_t hipEventRecord(void *e, void *s) {
    trace("hipEventRecord");
    return queue_event(OP_RECORD, e, s);
}

hipError_t hipStreamWaitEvent(void *s, void *e, unsigned flags) {
    trace("hipStreamWaitEvent");
    if (flags) return ret(hipErrorInvalidValue);
    return queue_event(OP_WAIT, e, s);
}

hipError_t hipEventSynchronize(void *e) {
    trace("hipEventSynchronize");
    if (!e) return ret(hipErrorInvalidHandle);
    pthread_mutex_lock(&mu);
    event *x = e;
    while (x->done < x->recorded) pthread_cond_wait(&cv, &mu);
    pthread_mutex_unlock(&mu);
    return hipSuccess;
}

hipError_t hipEventQuery(void *e) {
    trace("hipEventQuery");
    if (!e) return ret(hipErrorInvalidHandle);
    pthread_mutex_lock(&mu);
    event *x = e;
    hipError_t r = x->done < x->recorded ? hipErrorNotReady : hipSuccess;
    pthread_mutex_unlock(&mu);
    return r;
}

hipError_t hipEventElapsedTime(float *ms, void *start, void *stop) {
    trace("hipEventElapsedTime");
    if (!ms || !start || !stop) return ret(hipErrorInvalidValue);
    event *a = start, *b = stop;
    if ((a->flags | b->flags) & EVENT_DISABLE_TIMING) return ret(hipErrorInvalidHandle);
    pthread_mutex_lock(&mu);
    hipError_t e = !a->recorded || !b->recorded                     ? hipErrorInvalidHandle
                   : a->done < a->recorded || b->done < b->recorded ? hipErrorNotReady
                                                                    : hipSuccess;
    if (!e) *ms = (float)(b->t_ms - a->t_ms);
    pthread_mutex_unlock(&mu);
    return ret(e);
}

/* ------------------------------------------------------------------ modules and launches */

static uint64_t le(const unsigned char *p, int n) {
    uint64_t v = 0;
    for (int i = n - 1; i >= 0; i--) v = v << 8 | p[i];
    return v;
}

/* AMDGPU ELF: e_machine EM_AMDGPU, EF_AMDGPU_MACH in e_flags, the code object version in
 * EI_ABIVERSION (2: v4, 3: v5, 4: v6), feature bits xnack (0x300) and sramecc (0xc00). */
enum { EM_AMDGPU = 224, MACH_GFX942 = 0x4c, MACH_GFX950 = 0x4f };

static hipError_t check_image(const unsigned char *e, size_t *size) {
    if (memcmp(e, "\177ELF", 4) || e[4] != 2 || le(e + 18, 2) != EM_AMDGPU) return hipErrorInvalidImage;
    uint64_t shoff = le(e + 0x28, 8), phoff = le(e + 0x20, 8);
    unsigned shentsize = (unsigned)le(e + 0x3a, 2), shnum = (unsigned)le(e + 0x3c, 2);
    unsigned phentsize = (unsigned)le(e + 0x36, 2), phnum = (unsigned)le(e + 0x38, 2);
    uint64_t end = shoff + (uint64_t)shentsize * shnum;
    if (phoff + (uint64_t)phentsize * phnum > end) end = phoff + (uint64_t)phentsize * phnum;
    if (end < 64 || end > (1u << 30)) return hipErrorInvalidImage;
    *size = (size_t)end;
    unsigned flags = (unsigned)le(e + 0x30, 4), mach = flags & 0xff;
    unsigned want = !strcmp(arch(), "gfx950") ? MACH_GFX950 : MACH_GFX942;
    if (mach != want) return hipErrorNoBinaryForGpu;
    int abiv = e[8];
    int version = (int)envl("FLYI_STANDIN_VERSION", 60300000);
    if (abiv < 2 || abiv > 4 || (abiv == 4 && version < 60200000)) return hipErrorNoBinaryForGpu;
    /* a flag the code object sets (on or off, not "any") must be the device's setting */
    const char *feat = env("FLYI_STANDIN_FEATURES", "sramecc+:xnack-");
    int xnack_on = strstr(feat, "xnack+") != NULL, sramecc_on = strstr(feat, "sramecc+") != NULL;
    unsigned x = flags & 0x300, sr = flags & 0xc00;
    if ((x == 0x300 && !xnack_on) || (x == 0x200 && xnack_on)) return hipErrorNoBinaryForGpu;
    if ((sr == 0xc00 && !sramecc_on) || (sr == 0x800 && sramecc_on)) return hipErrorNoBinaryForGpu;
    return hipSuccess;
}

hipError_t hipModuleLoadData(void **m, const void *image) {
    trace("hipModuleLoadData");
    if (!m || !image) return ret(hipErrorInvalidValue);
    size_t size = 0;
    hipError_t e = check_image(image, &size);
    if (e) return ret(e);
    module *x = calloc(1, sizeof *x);
    if (!x || !(x->image = malloc(size))) {
        free(x);
        return ret(hipErrorOutOfMemory);
    }
    memcpy(x->image, image, size); /* as ROCm, the image is the caller's again after the call */
    x->size = size;
    x->refs = 1;
    *m = x;
    return hipSuccess;
}

hipError_t hipModuleUnload(void *m) {
    trace("hipModuleUnload");
    if (!m) return ret(hipErrorInvalidHandle);
    pthread_mutex_lock(&mu);
    module_unref(m);
    pthread_mutex_unlock(&mu);
    return hipSuccess;
}

typedef struct function {
    module *mod;
    char name[256];
    fly_hip_standin_kinfo info;
} function;

/* Functions live as long as the process (as hipFunction_t handles stay valid in ROCm while their
 * module is loaded); the same (module, name) gives the same handle. */
static function **functions;
static int nfunctions;

hipError_t hipModuleGetFunction(void **f, void *m, const char *name) {
    trace("hipModuleGetFunction");
    if (!f || !m || !name) return ret(hipErrorInvalidValue);
    module *x = m;
    pthread_mutex_lock(&mu);
    fly_hip_standin_runner r = runner;
    int ok = have_runner;
    for (int i = 0; i < nfunctions; i++)
        if (functions[i]->mod == x && !strcmp(functions[i]->name, name)) {
            *f = functions[i];
            pthread_mutex_unlock(&mu);
            return hipSuccess;
        }
    pthread_mutex_unlock(&mu);
    function *fn = calloc(1, sizeof *fn);
    if (!fn) return ret(hipErrorOutOfMemory);
    if (!ok || r.describe(r.user, x->image, x->size, name, &fn->info)) {
        free(fn);
        return ret(hipErrorNotFound);
    }
    fn->mod = x;
    snprintf(fn->name, sizeof fn->name, "%s", name);
    pthread_mutex_lock(&mu);
    function **v = realloc(functions, sizeof *v * (size_t)(nfunctions + 1));
    if (v) {
        functions = v;
        functions[nfunctions++] = fn;
    }
    pthread_mutex_unlock(&mu);
    if (!v) {
        free(fn);
        return ret(hipErrorOutOfMemory);
    }
    *f = fn;
    return hipSuccess;
}

#define LAUNCH_BUFFER_POINTER ((void *)0x01)
#define LAUNCH_BUFFER_SIZE ((void *)0x02)
#define LAUNCH_END ((void *)0x03)

hipError_t hipModuleLaunchKernel(void *f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by, unsigned bz,
                                 unsigned smem, void *stream_h, void **params, void **extra) {
    trace("hipModuleLaunchKernel");
    function *fn = f;
    if (!fn) return ret(hipErrorInvalidHandle);
    if (params) return ret(hipErrorNotSupported); /* the stand-in takes the packed segment (extra) only */
    const void *buf = NULL;
    size_t size = 0;
    for (int i = 0; extra && extra[i] != LAUNCH_END && i < 8; i += 2) {
        if (extra[i] == LAUNCH_BUFFER_POINTER) buf = extra[i + 1];
        else if (extra[i] == LAUNCH_BUFFER_SIZE) size = *(size_t *)extra[i + 1];
    }
    if (!buf || size < (size_t)fn->info.kernarg_segment_size) return ret(hipErrorInvalidValue);
    if (!gx || !gy || !gz || !bx || !by || !bz) return ret(hipErrorInvalidValue);
    uint64_t threads = (uint64_t)bx * by * bz;
    if (threads > 1024 ||
        (fn->info.max_flat_workgroup_size > 0 && threads > (uint64_t)fn->info.max_flat_workgroup_size))
        return ret(hipErrorInvalidValue);
    if (!strcmp(env("FLYI_STANDIN_FAIL_LAUNCH", ""), fn->name)) return ret(hipErrorLaunchOutOfResources);
    op *o = calloc(1, sizeof *o);
    if (!o || !(o->kernarg = malloc(size ? size : 1))) {
        free(o);
        return ret(hipErrorOutOfMemory);
    }
    memcpy(o->kernarg, buf, size);
    o->kernarg_size = size;
    o->kind = OP_LAUNCH;
    snprintf(o->kernel, sizeof o->kernel, "%s", fn->name);
    unsigned g[3] = {gx, gy, gz}, b[3] = {bx, by, bz};
    memcpy(o->grid, g, sizeof g);
    memcpy(o->block, b, sizeof b);
    o->smem = smem;
    pthread_mutex_lock(&mu);
    stream *s = stream_of(stream_h);
    if (!s) {
        pthread_mutex_unlock(&mu);
        free(o->kernarg);
        free(o);
        return ret(hipErrorInvalidHandle);
    }
    o->mod = fn->mod;
    fn->mod->refs++;
    enqueue(s, o);
    pthread_mutex_unlock(&mu);
    return hipSuccess;
}

void flyiHipStandinAttach(const fly_hip_standin_runner *r) {
    pthread_mutex_lock(&mu);
    if (r && r->abi == FLY_HIP_STANDIN_ABI) {
        runner = *r;
        have_runner = 1;
    } else {
        have_runner = 0;
    }
    pthread_mutex_unlock(&mu);
}

/* hip_backend.c - the HIP runtime through dlopen (no ROCm needed to build): $FLYI_HIP_LIBRARY or libamdhip64.so.7,
 * .so.6, .so.5 or .so by name (the loader's search path, never the current directory), an AMD
 * GPU picked by device count and gcnArchName, modules from our pipeline's HSACO, kernel
 * arguments packed per the code object's kernarg metadata, printf buffers read back at
 * synchronize. Every HIP error carries hipGetErrorString and, for launches, the kernel name. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/ir_context.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "pipeline/pipeline.h"
#include "runtime/hip/hip_runner.h"
#include "runtime/printf.h"
#include "runtime/rt_internal.h"

typedef int herr;
enum { HIP_MEMCPY_H2D = 1, HIP_MEMCPY_D2H = 2, HIP_MEMCPY_D2D = 3 };
enum { HIP_EVENT_DISABLE_TIMING = 2, HIP_ERROR_NOT_READY = 600, HIP_ATTR_MULTIPROCESSOR_COUNT = 63 };
#define HIP_LAUNCH_PARAM_BUFFER_POINTER ((void *)0x01)
#define HIP_LAUNCH_PARAM_BUFFER_SIZE ((void *)0x02)
#define HIP_LAUNCH_PARAM_END ((void *)0x03)

typedef struct hipfns {
    herr (*Init)(unsigned);
    herr (*GetDeviceCount)(int *);
    herr (*SetDevice)(int);
    herr (*GetDeviceProperties)(void *, int);
    herr (*DeviceGetAttribute)(int *, int, int);
    herr (*DeviceTotalMem)(size_t *, int);
    herr (*RuntimeGetVersion)(int *);
    herr (*MemGetInfo)(size_t *, size_t *);
    const char *(*GetErrorString)(herr);
    herr (*Malloc)(void **, size_t);
    herr (*Free)(void *);
    herr (*Memcpy)(void *, const void *, size_t, int);
    herr (*Memset)(void *, int, size_t);
    herr (*ModuleLoadData)(void **, const void *);
    herr (*ModuleUnload)(void *);
    herr (*ModuleGetFunction)(void **, void *, const char *);
    herr (*ModuleLaunchKernel)(void *, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, void *,
                               void **, void **);
    herr (*DeviceSynchronize)(void);
    herr (*StreamCreate)(void **);
    herr (*StreamDestroy)(void *);
    herr (*StreamSynchronize)(void *);
    herr (*StreamWaitEvent)(void *, void *, unsigned);
    herr (*EventCreateWithFlags)(void **, unsigned);
    herr (*EventDestroy)(void *);
    herr (*EventRecord)(void *, void *);
    herr (*EventSynchronize)(void *);
    herr (*EventQuery)(void *);
    herr (*EventElapsedTime)(float *, void *, void *);
} hipfns;

/* A launch not yet synchronized: its stream, kernel and device printf buffer (NULL: none). */
typedef struct pending {
    void *buf;
    void *stream;
    const fly_rt_kinfo *k;
} pending;

typedef struct hip_mod {
    void *module;
    unsigned char *hsaco;
    size_t size;
} hip_mod;

typedef struct hip_dev {
    fly_rt_dev base;
    void *lib;
    hipfns f;
    pending *pend;
    int npend, cappend;
    fly_hip_runner *runner; /* a stand-in's emulator runner (hip_standin.h); NULL with ROCm */
    char features[48];      /* LLVM target features of gcnArchName's flags: "+sramecc,-xnack" */
} hip_dev;

/* One runner per process: the stand-in is one library with one device, whatever the sessions. */
static fly_hip_runner *shared_runner;
static int runner_refs;

static int herror(hip_dev *h, herr e, const char *what, const char *kernel, char *err, size_t cap) {
    if (!e) return 0;
    snprintf(err, cap, "HIP error in %s%s%s%s: %s (%d)", what, kernel ? " (kernel '" : "", kernel ? kernel : "",
             kernel ? "')" : "", h->f.GetErrorString ? h->f.GetErrorString(e) : "?", e);
    return -1;
}

static void hip_destroy(fly_rt_dev *d) {
    hip_dev *h = (hip_dev *)d;
    h->f.DeviceSynchronize();
    for (int i = 0; i < h->npend; i++)
        if (h->pend[i].buf) h->f.Free(h->pend[i].buf);
    free(h->pend);
    if (h->runner && --runner_refs == 0) {
        fly_hip_standin_attach_fn attach = (fly_hip_standin_attach_fn)dlsym(h->lib, FLY_HIP_STANDIN_ATTACH);
        if (attach) attach(NULL);
        fly_hip_runner_destroy(h->runner);
        shared_runner = NULL;
    }
    /* ROCm's library is not unloaded: its threads may outlive a dlclose */
    free(h);
}

static void *hip_malloc(fly_rt_dev *d, size_t n, char *err, size_t cap) {
    hip_dev *h = (hip_dev *)d;
    void *p = NULL;
    if (herror(h, h->f.Malloc(&p, n ? n : 1), "hipMalloc", NULL, err, cap)) return NULL;
    if (herror(h, h->f.Memset(p, 0, n), "hipMemset", NULL, err, cap)) {
        h->f.Free(p);
        return NULL;
    }
    return p;
}

static int hip_free(fly_rt_dev *d, void *p, char *err, size_t cap) {
    hip_dev *h = (hip_dev *)d;
    return herror(h, h->f.Free(p), "hipFree", NULL, err, cap);
}

static int hip_copy(fly_rt_dev *d, void *dst, const void *src, size_t n, int dir, char *err, size_t cap) {
    hip_dev *h = (hip_dev *)d;
    static const int kinds[3] = {HIP_MEMCPY_H2D, HIP_MEMCPY_D2H, HIP_MEMCPY_D2D};
    static const char *const what[3] = {"hipMemcpy (host to device)", "hipMemcpy (device to host)",
                                        "hipMemcpy (device to device)"};
    return herror(h, h->f.Memcpy(dst, src, n, kinds[dir]), what[dir], NULL, err, cap);
}

static int hip_memset(fly_rt_dev *d, void *p, int v, size_t n, char *err, size_t cap) {
    hip_dev *h = (hip_dev *)d;
    return herror(h, h->f.Memset(p, v, n), "hipMemset", NULL, err, cap);
}

/* Kernel names and printf tables: the module after fly-layout-lowering (stage 3). */
static int read_kinfo(const char *text, const char *chip, fly_rt_kinfo **out, int *nk, char *err, size_t cap) {
    MlirContext ctx = fly_ir_context_create();
    MlirModule m = mlirModuleCreateParse(ctx, fly_ir_sref(text));
    int rc = -1;
    if (!mlirModuleIsNull(m)) {
        fly_pipeline_options o = {.target = chip, .stop_after = 3, .no_codegen = 1, .no_snapshots = 1};
        fly_pipeline_result r;
        memset(&r, 0, sizeof r);
        if (fly_pipeline_compile_module(m, &o, &r)) {
            fly_rt_kinfo *k = NULL;
            int n = 0;
            MlirOperation gm = fly_ir_find_first(mlirModuleGetOperation(m), "gpu.module");
            MlirBlock b =
                mlirOperationIsNull(gm) ? (MlirBlock){NULL} : mlirRegionGetFirstBlock(mlirOperationGetRegion(gm, 0));
            for (MlirOperation op = mlirBlockIsNull(b) ? (MlirOperation){NULL} : mlirBlockGetFirstOperation(b);
                 !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
                if (!fly_ir_op_is(op, "gpu.func")) continue;
                fly_rt_kinfo *v = realloc(k, sizeof *v * (size_t)(n + 1));
                if (!v) break;
                k = v;
                fly_rt_kinfo *x = &k[n++];
                memset(x, 0, sizeof *x);
                MlirStringRef nm = mlirStringAttrGetValue(mlirOperationGetAttributeByName(op, fly_ir_sref("sym_name")));
                x->name = strndup(nm.data, nm.length);
                MlirAttribute pa = mlirOperationGetAttributeByName(op, fly_ir_sref("fly.printf_arg"));
                x->printf_arg = mlirAttributeIsNull(pa) ? -1 : (int)mlirIntegerAttrGetValueInt(pa);
                MlirType ft = mlirTypeAttrGetValue(mlirOperationGetAttributeByName(op, fly_ir_sref("function_type")));
                x->nargs = (int)mlirFunctionTypeGetNumInputs(ft) - (x->printf_arg >= 0);
                MlirAttribute fa = mlirOperationGetAttributeByName(op, fly_ir_sref("fly.printf"));
                if (!mlirAttributeIsNull(fa)) {
                    x->nformats = (int)mlirArrayAttrGetNumElements(fa);
                    x->formats = calloc((size_t)x->nformats + 1, sizeof *x->formats);
                    for (int i = 0; x->formats && i < x->nformats; i++) {
                        MlirStringRef s = mlirStringAttrGetValue(mlirArrayAttrGetElement(fa, i));
                        x->formats[i] = strndup(s.data, s.length);
                    }
                }
            }
            *out = k;
            *nk = n;
            rc = 0;
        } else {
            snprintf(err, cap, "%s: %s", r.error_stage ? r.error_stage : "pipeline", r.error ? r.error : "failed");
        }
        fly_pipeline_result_free(&r);
        mlirModuleDestroy(m);
    } else {
        snprintf(err, cap, "parse: cannot parse the module");
    }
    fly_ir_context_destroy(ctx);
    return rc;
}

static void *hip_load(fly_rt_dev *d, const char *text, int flags, fly_rt_kinfo **kinfo, int *nk, char *err,
                      size_t cap) {
    (void)flags; /* profiling runs on the emulator (the runtime refuses it here) */
    hip_dev *h = (hip_dev *)d;
    if (read_kinfo(text, d->arch, kinfo, nk, err, cap)) return NULL;
    fly_pipeline_options o = {.target = d->arch,
                              .stop_after = -1,
                              .no_snapshots = 1,
                              .code_object_version = d->code_object_version,
                              .target_features = h->features[0] ? h->features : NULL};
    fly_pipeline_result r;
    hip_mod *m = calloc(1, sizeof *m);
    if (!m || !fly_pipeline_compile_text(text, &o, &r)) {
        if (m) snprintf(err, cap, "%s: %s", r.error_stage ? r.error_stage : "pipeline", r.error ? r.error : "failed");
        if (m) fly_pipeline_result_free(&r);
        free(m);
        goto fail;
    }
    m->hsaco = r.hsaco;
    m->size = r.hsaco_size;
    r.hsaco = NULL;
    fly_pipeline_result_free(&r);
    for (int i = 0; i < *nk; i++) { /* the compiled maximum workgroup, from the code object */
        fly_rt_kernarg_layout lay;
        char e2[256];
        if (!fly_rt_kernarg_layout_get(m->hsaco, m->size, (*kinfo)[i].name, &lay, e2, sizeof e2))
            (*kinfo)[i].max_threads = lay.max_flat_workgroup_size;
    }
    if (h->runner && fly_hip_runner_add(h->runner, m->hsaco, m->size, text, err, cap)) {
        free(m->hsaco);
        free(m);
        goto fail;
    }
    herr e = h->f.ModuleLoadData(&m->module, m->hsaco);
    if (e) {
        herror(h, e, "hipModuleLoadData", (*kinfo)[0].name, err, cap);
        size_t n = strlen(err);
        snprintf(err + n, cap - n,
                 "; the code object is for %s%s%s, code object v%d; the device is %s with HIP runtime %d.%d (code "
                 "objects v6 need ROCm 6.2 or later)",
                 d->arch, h->features[0] ? " " : "", h->features, d->code_object_version, d->gcn_arch_name,
                 d->runtime_version / 10000000, d->runtime_version / 100000 % 100);
        if (h->runner) fly_hip_runner_remove(h->runner, m->hsaco, m->size);
        free(m->hsaco);
        free(m);
        goto fail;
    }
    return m;
fail:
    fly_rt_kinfo_free(*kinfo, *nk);
    *kinfo = NULL;
    *nk = 0;
    return NULL;
}

static void hip_unload(fly_rt_dev *d, void *mod) {
    hip_dev *h = (hip_dev *)d;
    hip_mod *m = mod;
    h->f.ModuleUnload(m->module);
    if (h->runner) fly_hip_runner_remove(h->runner, m->hsaco, m->size);
    free(m->hsaco);
    free(m);
}

static int add_pending(hip_dev *h, void *buf, void *stream, const fly_rt_kinfo *k) {
    if (h->npend == h->cappend) {
        int nc = h->cappend ? 2 * h->cappend : 16;
        pending *v = realloc(h->pend, sizeof *v * (size_t)nc);
        if (!v) return -1;
        h->pend = v;
        h->cappend = nc;
    }
    h->pend[h->npend++] = (pending){buf, stream, k};
    return 0;
}

static int hip_launch(fly_rt_dev *d, void *mod, const fly_rt_kinfo *k, const fly_rt_launch *l, size_t printf_cap,
                      fly_rt_records_fn records, void *rt, char *err, size_t cap) {
    (void)records, (void)rt;
    hip_dev *h = (hip_dev *)d;
    hip_mod *m = mod;
    fly_rt_kernarg_layout lay;
    if (fly_rt_kernarg_layout_get(m->hsaco, m->size, k->name, &lay, err, cap)) return -1;
    void *fn = NULL;
    if (herror(h, h->f.ModuleGetFunction(&fn, m->module, k->name), "hipModuleGetFunction", k->name, err, cap))
        return -1;
    void *pbuf = NULL;
    if (k->printf_arg >= 0) {
        if (herror(h, h->f.Malloc(&pbuf, FLY_RT_PRINTF_HEADER + printf_cap), "hipMalloc (printf buffer)", k->name, err,
                   cap))
            return -1;
        uint32_t hdr[4] = {0, (uint32_t)printf_cap, 0, 0};
        if (herror(h, h->f.Memcpy(pbuf, hdr, sizeof hdr, HIP_MEMCPY_H2D), "hipMemcpy (printf buffer)", k->name, err,
                   cap)) {
            h->f.Free(pbuf);
            return -1;
        }
    }
    unsigned g[3] = {l->grid[0] ? l->grid[0] : 1, l->grid[1] ? l->grid[1] : 1, l->grid[2] ? l->grid[2] : 1};
    unsigned b[3] = {l->block[0] ? l->block[0] : 1, l->block[1] ? l->block[1] : 1, l->block[2] ? l->block[2] : 1};
    unsigned char *kb = calloc(1, (size_t)lay.segment_size + 16);
    size_t kbsize = (size_t)lay.segment_size;
    int rc = kb ? fly_rt_kernarg_pack(&lay, l->args, l->nargs, k->printf_arg, pbuf, g, b, kb, err, cap) : -1;
    if (!kb) snprintf(err, cap, "out of memory");
    if (!rc) {
        void *extra[] = {HIP_LAUNCH_PARAM_BUFFER_POINTER, kb, HIP_LAUNCH_PARAM_BUFFER_SIZE, &kbsize,
                         HIP_LAUNCH_PARAM_END};
        rc = herror(
            h,
            h->f.ModuleLaunchKernel(fn, g[0], g[1], g[2], b[0], b[1], b[2], (unsigned)l->smem, l->stream, NULL, extra),
            "hipModuleLaunchKernel", k->name, err, cap);
    }
    free(kb);
    if (rc) {
        if (pbuf) h->f.Free(pbuf);
        return -1;
    }
    if (add_pending(h, pbuf, l->stream, k)) {
        h->f.DeviceSynchronize();
        if (pbuf) h->f.Free(pbuf);
        snprintf(err, cap, "out of memory");
        return -1;
    }
    return 0;
}

/* Reads back the printf buffers of the launches on stream (NULL: all) and drops their records. */
static void drain(hip_dev *h, void *stream, int ok, fly_rt_records_fn records, void *rt) {
    int w = 0;
    for (int i = 0; i < h->npend; i++) {
        pending *p = &h->pend[i];
        if (stream && p->stream != stream) {
            h->pend[w++] = *p;
            continue;
        }
        if (!p->buf) continue;
        uint32_t hdr[4] = {0};
        if (ok && !h->f.Memcpy(hdr, p->buf, sizeof hdr, HIP_MEMCPY_D2H)) {
            size_t used = hdr[0] < hdr[1] ? hdr[0] : hdr[1];
            unsigned char *rec = malloc(used + 1);
            if (rec && !h->f.Memcpy(rec, (char *)p->buf + FLY_RT_PRINTF_HEADER, used, HIP_MEMCPY_D2H))
                records(rt, rec, used, p->k, hdr[2]);
            free(rec);
        }
        h->f.Free(p->buf);
    }
    h->npend = w;
}

static int hip_sync(fly_rt_dev *d, void *stream, fly_rt_records_fn records, void *rt, char *err, size_t cap) {
    hip_dev *h = (hip_dev *)d;
    herr e = stream ? h->f.StreamSynchronize(stream) : h->f.DeviceSynchronize();
    const char *call = stream ? "hipStreamSynchronize" : "hipDeviceSynchronize";
    int rc = 0;
    if (e) { /* name the kernels that were in flight: the last one on the stream first */
        const char *last = NULL;
        int n = 0;
        for (int i = 0; i < h->npend; i++)
            if (!stream || h->pend[i].stream == stream) last = h->pend[i].k->name, n++;
        char what[512];
        if (last)
            snprintf(what, sizeof what, "%s after %d launch%s, the last of kernel '%s'", call, n, n == 1 ? "" : "es",
                     last);
        else snprintf(what, sizeof what, "%s", call);
        rc = herror(h, e, what, NULL, err, cap);
        const char *why = h->runner ? fly_hip_runner_last_error(h->runner) : "";
        if (why[0]) {
            size_t l = strlen(err);
            snprintf(err + l, cap - l, ": %s", why);
            fly_hip_runner_clear_error(h->runner);
        }
    }
    drain(h, stream, !rc, records, rt);
    return rc;
}

static void *hip_stream_create(fly_rt_dev *d, char *err, size_t cap) {
    hip_dev *h = (hip_dev *)d;
    void *s = NULL;
    if (herror(h, h->f.StreamCreate(&s), "hipStreamCreate", NULL, err, cap)) return NULL;
    return s;
}

static int hip_stream_destroy(fly_rt_dev *d, void *s, char *err, size_t cap) {
    hip_dev *h = (hip_dev *)d;
    return herror(h, h->f.StreamDestroy(s), "hipStreamDestroy", NULL, err, cap);
}

static int hip_mem_info(fly_rt_dev *d, size_t *free_bytes, size_t *total, char *err, size_t cap) {
    hip_dev *h = (hip_dev *)d;
    return herror(h, h->f.MemGetInfo(free_bytes, total), "hipMemGetInfo", NULL, err, cap);
}

static void *hip_event_create(fly_rt_dev *d, int timing, char *err, size_t cap) {
    hip_dev *h = (hip_dev *)d;
    void *e = NULL;
    if (herror(h, h->f.EventCreateWithFlags(&e, timing ? 0 : HIP_EVENT_DISABLE_TIMING), "hipEventCreateWithFlags", NULL,
               err, cap))
        return NULL;
    return e;
}

static int hip_event_destroy(fly_rt_dev *d, void *e, char *err, size_t cap) {
    hip_dev *h = (hip_dev *)d;
    return herror(h, h->f.EventDestroy(e), "hipEventDestroy", NULL, err, cap);
}

static int hip_event_record(fly_rt_dev *d, void *e, void *stream, char *err, size_t cap) {
    hip_dev *h = (hip_dev *)d;
    return herror(h, h->f.EventRecord(e, stream), "hipEventRecord", NULL, err, cap);
}

static int hip_event_sync(fly_rt_dev *d, void *e, char *err, size_t cap) {
    hip_dev *h = (hip_dev *)d;
    return herror(h, h->f.EventSynchronize(e), "hipEventSynchronize", NULL, err, cap);
}

static int hip_event_query(fly_rt_dev *d, void *e, char *err, size_t cap) {
    hip_dev *h = (hip_dev *)d;
    herr r = h->f.EventQuery(e);
    if (r == HIP_ERROR_NOT_READY) return 0;
    return herror(h, r, "hipEventQuery", NULL, err, cap) ? -1 : 1;
}

static int hip_event_elapsed(fly_rt_dev *d, void *a, void *b, float *ms, char *err, size_t cap) {
    hip_dev *h = (hip_dev *)d;
    return herror(h, h->f.EventElapsedTime(ms, a, b), "hipEventElapsedTime", NULL, err, cap);
}

static int hip_stream_wait_event(fly_rt_dev *d, void *s, void *e, char *err, size_t cap) {
    hip_dev *h = (hip_dev *)d;
    return herror(h, h->f.StreamWaitEvent(s, e, 0), "hipStreamWaitEvent", NULL, err, cap);
}

static const fly_rt_dev_ops hip_ops = {
    "hip",          hip_destroy,      hip_malloc,        hip_free,
    hip_copy,       hip_memset,       hip_load,          hip_unload,
    hip_launch,     hip_sync,         hip_stream_create, hip_stream_destroy,
    hip_mem_info,   hip_event_create, hip_event_destroy, hip_event_record,
    hip_event_sync, hip_event_query,  hip_event_elapsed, hip_stream_wait_event,
};

static void *open_lib(const char *library, char *tried, size_t cap) {
    static const char *const names[] = {"libamdhip64.so.7", "libamdhip64.so.6", "libamdhip64.so.5", "libamdhip64.so"};
    tried[0] = '\0';
    if (library) {
        if (library[0] != '/') {
            snprintf(tried, cap, "%s (not an absolute path)", library);
            return NULL;
        }
        snprintf(tried, cap, "%s", library);
        return dlopen(library, RTLD_NOW | RTLD_LOCAL);
    }
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        void *h = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
        if (h) {
            snprintf(tried, cap, "%s", names[i]);
            return h;
        }
    }
    snprintf(tried, cap, "libamdhip64.so (.7, .6, .5)");
    return NULL;
}

#define SYM(field, name) \
    do { \
        *(void **)&h->f.field = dlsym(h->lib, name); \
        if (!h->f.field) { \
            snprintf(err, cap, "%s lacks %s", tried, name); \
            goto fail; \
        } \
    } while (0)
#define OPT(field, name) (*(void **)&h->f.field = dlsym(h->lib, name))

/* The device's gcnArchName ("gfx942:sramecc+:xnack-") from hipDeviceProp_t, found by its "gfx"
 * prefix after the 256-byte name: the offset differs between ROCm 5 and 6's layouts. */
static void arch_from_props(const unsigned char *props, size_t n, char *out, size_t cap) {
    out[0] = '\0';
    for (size_t i = 256; i + 8 < n; i++)
        if (!memcmp(props + i, "gfx", 3) && props[i - 1] == '\0') {
            snprintf(out, cap, "%.*s", (int)strnlen((const char *)props + i, cap - 1), (const char *)props + i);
            return;
        }
}

fly_rt_dev *fly_hip_backend_create(const char *library, char *err, size_t cap) {
    char tried[512];
    hip_dev *h = calloc(1, sizeof *h);
    if (!h) {
        snprintf(err, cap, "out of memory");
        return NULL;
    }
    h->lib = open_lib(library, tried, sizeof tried);
    if (!h->lib) {
        const char *why = dlerror();
        if (library && why) snprintf(err, cap, "no HIP runtime (%s could not be loaded: %s)", tried, why);
        else snprintf(err, cap, "no HIP runtime (%s could not be loaded)", tried);
        free(h);
        return NULL;
    }
    OPT(Init, "hipInit");
    SYM(GetDeviceCount, "hipGetDeviceCount");
    SYM(SetDevice, "hipSetDevice");
    if (!OPT(GetDeviceProperties, "hipGetDevicePropertiesR0600")) /* ROCm 6+ */
        SYM(GetDeviceProperties, "hipGetDeviceProperties");
    OPT(DeviceGetAttribute, "hipDeviceGetAttribute");
    OPT(DeviceTotalMem, "hipDeviceTotalMem");
    SYM(RuntimeGetVersion, "hipRuntimeGetVersion");
    SYM(MemGetInfo, "hipMemGetInfo");
    SYM(GetErrorString, "hipGetErrorString");
    SYM(Malloc, "hipMalloc");
    SYM(Free, "hipFree");
    SYM(Memcpy, "hipMemcpy");
    SYM(Memset, "hipMemset");
    SYM(ModuleLoadData, "hipModuleLoadData");
    SYM(ModuleUnload, "hipModuleUnload");
    SYM(ModuleGetFunction, "hipModuleGetFunction");
    SYM(ModuleLaunchKernel, "hipModuleLaunchKernel");
    SYM(DeviceSynchronize, "hipDeviceSynchronize");
    SYM(StreamCreate, "hipStreamCreate");
    SYM(StreamDestroy, "hipStreamDestroy");
    SYM(StreamSynchronize, "hipStreamSynchronize");
    SYM(StreamWaitEvent, "hipStreamWaitEvent");
    SYM(EventCreateWithFlags, "hipEventCreateWithFlags");
    SYM(EventDestroy, "hipEventDestroy");
    SYM(EventRecord, "hipEventRecord");
    SYM(EventSynchronize, "hipEventSynchronize");
    SYM(EventQuery, "hipEventQuery");
    SYM(EventElapsedTime, "hipEventElapsedTime");
    if (h->f.Init) h->f.Init(0);
    int n = 0;
    herr ce = h->f.GetDeviceCount(&n);
    if (ce || n <= 0) {
        snprintf(err, cap, "the HIP runtime (%s) reports no AMD GPU (hipGetDeviceCount: %s)", tried,
                 ce ? h->f.GetErrorString(ce) : "0 devices");
        goto fail;
    }
    /* hipDeviceProp_t is about 1.5 KB in ROCm 6; the buffer leaves room for later layouts */
    unsigned char *props = calloc(1, 8192);
    if (!props || h->f.GetDeviceProperties(props, 0)) {
        free(props);
        snprintf(err, cap, "hipGetDeviceProperties failed");
        goto fail;
    }
    memcpy(h->base.name, props, sizeof h->base.name - 1);
    arch_from_props(props, 8192, h->base.gcn_arch_name, sizeof h->base.gcn_arch_name);
    free(props);
    snprintf(h->base.arch, sizeof h->base.arch, "%.*s", (int)strcspn(h->base.gcn_arch_name, ":"),
             h->base.gcn_arch_name);
    if (strcmp(h->base.arch, "gfx942") && strcmp(h->base.arch, "gfx950")) {
        snprintf(err, cap, "the GPU '%s' (%s) is not a target flyi compiles for (gfx942, gfx950)", h->base.name,
                 h->base.gcn_arch_name[0] ? h->base.gcn_arch_name : "unknown arch");
        goto fail;
    }
    /* gcnArchName's flags ("sramecc+", "xnack-") as LLVM features: the code object matches the device */
    for (const char *p = strchr(h->base.gcn_arch_name, ':'); p; p = strchr(p + 1, ':')) {
        size_t n = strcspn(p + 1, ":");
        if (n < 2 || (p[n] != '+' && p[n] != '-')) continue;
        size_t l = strlen(h->features);
        snprintf(h->features + l, sizeof h->features - l, "%s%c%.*s", l ? "," : "", p[n], (int)(n - 1), p + 1);
    }
    /* code object v6 loads from ROCm 6.2 on (hipRuntimeGetVersion: major * 10^7 + minor * 10^5 + patch) */
    int v = 0;
    if (h->f.RuntimeGetVersion(&v)) v = 0;
    h->base.runtime_version = v;
    h->base.code_object_version = v >= 60200000 ? 6 : 5;
    h->f.SetDevice(0);
    int cus = 0;
    if (h->f.DeviceGetAttribute && !h->f.DeviceGetAttribute(&cus, HIP_ATTR_MULTIPROCESSOR_COUNT, 0) && cus > 0)
        h->base.cu_count = cus;
    size_t total = 0, fr = 0;
    if (h->f.DeviceTotalMem && !h->f.DeviceTotalMem(&total, 0)) h->base.total_mem = total;
    else if (!h->f.MemGetInfo(&fr, &total)) h->base.total_mem = total;
    h->base.separate_memory = 1;
    fly_hip_standin_attach_fn attach = (fly_hip_standin_attach_fn)dlsym(h->lib, FLY_HIP_STANDIN_ATTACH);
    if (attach) { /* a stand-in without a GPU: it runs code objects through our emulator */
        if (!shared_runner && !(shared_runner = fly_hip_runner_create(h->base.arch))) {
            snprintf(err, cap, "out of memory");
            goto fail;
        }
        h->runner = shared_runner;
        if (runner_refs++ == 0) attach(fly_hip_runner_ops(h->runner));
    }
    h->base.ops = &hip_ops;
    h->base.count = n;
    return &h->base;
fail:
    /* a library that loaded but found no GPU stays loaded: ROCm's runtime threads may be running */
    free(h);
    return NULL;
}

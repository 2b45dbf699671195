/* hip_backend.c - the HIP runtime through dlopen (no ROCm needed to build): libamdhip64.so.7,
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
#include "runtime/printf.h"
#include "runtime/rt_internal.h"

typedef int herr;
enum { HIP_MEMCPY_H2D = 1, HIP_MEMCPY_D2H = 2, HIP_MEMCPY_D2D = 3 };
#define HIP_LAUNCH_PARAM_BUFFER_POINTER ((void *)0x01)
#define HIP_LAUNCH_PARAM_BUFFER_SIZE ((void *)0x02)
#define HIP_LAUNCH_PARAM_END ((void *)0x03)

typedef struct hipfns {
    herr (*GetDeviceCount)(int *);
    herr (*SetDevice)(int);
    herr (*GetDeviceProperties)(void *, int);
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
} hipfns;

typedef struct pending {
    void *buf; /* device printf buffer */
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
} hip_dev;

static int herror(hip_dev *h, herr e, const char *what, const char *kernel, char *err, size_t cap) {
    if (!e) return 0;
    snprintf(err, cap, "HIP error in %s%s%s%s: %s (%d)", what, kernel ? " (kernel '" : "", kernel ? kernel : "",
             kernel ? "')" : "", h->f.GetErrorString ? h->f.GetErrorString(e) : "?", e);
    return -1;
}

static void hip_destroy(fly_rt_dev *d) {
    hip_dev *h = (hip_dev *)d;
    for (int i = 0; i < h->npend; i++) h->f.Free(h->pend[i].buf);
    free(h->pend);
    dlclose(h->lib);
    free(h);
}

static void *hip_malloc(fly_rt_dev *d, size_t n, char *err, size_t cap) {
    hip_dev *h = (hip_dev *)d;
    void *p = NULL;
    if (herror(h, h->f.Malloc(&p, n ? n : 1), "hipMalloc", NULL, err, cap)) return NULL;
    h->f.Memset(p, 0, n);
    return p;
}

static int hip_free(fly_rt_dev *d, void *p, char *err, size_t cap) {
    hip_dev *h = (hip_dev *)d;
    return herror(h, h->f.Free(p), "hipFree", NULL, err, cap);
}

static int hip_copy(fly_rt_dev *d, void *dst, const void *src, size_t n, int dir, char *err, size_t cap) {
    hip_dev *h = (hip_dev *)d;
    static const int kinds[3] = {HIP_MEMCPY_H2D, HIP_MEMCPY_D2H, HIP_MEMCPY_D2D};
    return herror(h, h->f.Memcpy(dst, src, n, kinds[dir]), "hipMemcpy", NULL, err, cap);
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

static void *hip_load(fly_rt_dev *d, const char *text, fly_rt_kinfo **kinfo, int *nk, char *err, size_t cap) {
    hip_dev *h = (hip_dev *)d;
    if (read_kinfo(text, d->arch, kinfo, nk, err, cap)) return NULL;
    fly_pipeline_options o = {.target = d->arch, .stop_after = -1, .no_snapshots = 1};
    fly_pipeline_result r;
    hip_mod *m = calloc(1, sizeof *m);
    if (!m || !fly_pipeline_compile_text(text, &o, &r)) {
        if (m) snprintf(err, cap, "%s: %s", r.error_stage ? r.error_stage : "pipeline", r.error ? r.error : "failed");
        if (m) fly_pipeline_result_free(&r);
        free(m);
        return NULL;
    }
    m->hsaco = r.hsaco;
    m->size = r.hsaco_size;
    r.hsaco = NULL;
    fly_pipeline_result_free(&r);
    if (herror(h, h->f.ModuleLoadData(&m->module, m->hsaco), "hipModuleLoadData", NULL, err, cap)) {
        free(m->hsaco);
        free(m);
        return NULL;
    }
    return m;
}

static void hip_unload(fly_rt_dev *d, void *mod) {
    hip_dev *h = (hip_dev *)d;
    hip_mod *m = mod;
    h->f.ModuleUnload(m->module);
    free(m->hsaco);
    free(m);
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
        h->f.Memcpy(pbuf, hdr, sizeof hdr, HIP_MEMCPY_H2D);
    }
    unsigned g[3] = {l->grid[0] ? l->grid[0] : 1, l->grid[1] ? l->grid[1] : 1, l->grid[2] ? l->grid[2] : 1};
    unsigned b[3] = {l->block[0] ? l->block[0] : 1, l->block[1] ? l->block[1] : 1, l->block[2] ? l->block[2] : 1};
    unsigned char *kb = calloc(1, (size_t)lay.segment_size + 16);
    size_t kbsize = (size_t)lay.segment_size;
    int rc = kb ? fly_rt_kernarg_pack(&lay, l->args, l->nargs, k->printf_arg, pbuf, g, b, kb, err, cap) : -1;
    if (!rc) {
        void *extra[] = {HIP_LAUNCH_PARAM_BUFFER_POINTER, kb, HIP_LAUNCH_PARAM_BUFFER_SIZE, &kbsize,
                         HIP_LAUNCH_PARAM_END};
        rc = herror(
            h,
            h->f.ModuleLaunchKernel(fn, g[0], g[1], g[2], b[0], b[1], b[2], (unsigned)l->smem, l->stream, NULL, extra),
            "hipModuleLaunchKernel", k->name, err, cap);
    }
    free(kb);
    if (pbuf) {
        if (h->npend == h->cappend) {
            int nc = h->cappend ? 2 * h->cappend : 16;
            pending *v = realloc(h->pend, sizeof *v * (size_t)nc);
            if (!v) {
                h->f.Free(pbuf);
                return -1;
            }
            h->pend = v;
            h->cappend = nc;
        }
        h->pend[h->npend++] = (pending){pbuf, k};
    }
    return rc;
}

static int hip_sync(fly_rt_dev *d, void *stream, fly_rt_records_fn records, void *rt, char *err, size_t cap) {
    (void)stream; /* the device: printf buffers of every stream are read back */
    hip_dev *h = (hip_dev *)d;
    int rc = herror(h, h->f.DeviceSynchronize(), "hipDeviceSynchronize", NULL, err, cap);
    for (int i = 0; i < h->npend; i++) {
        uint32_t hdr[4] = {0};
        if (!rc && !h->f.Memcpy(hdr, h->pend[i].buf, sizeof hdr, HIP_MEMCPY_D2H)) {
            size_t used = hdr[0] < hdr[1] ? hdr[0] : hdr[1];
            unsigned char *rec = malloc(used + 1);
            if (rec && !h->f.Memcpy(rec, (char *)h->pend[i].buf + FLY_RT_PRINTF_HEADER, used, HIP_MEMCPY_D2H))
                records(rt, rec, used, h->pend[i].k, hdr[2]);
            free(rec);
        }
        h->f.Free(h->pend[i].buf);
    }
    h->npend = 0;
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

static const fly_rt_dev_ops hip_ops = {
    "hip",    hip_destroy, hip_malloc, hip_free, hip_copy,          hip_memset,
    hip_load, hip_unload,  hip_launch, hip_sync, hip_stream_create, hip_stream_destroy,
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
        if (h) return h;
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

fly_rt_dev *fly_hip_backend_create(const char *library, char *err, size_t cap) {
    char tried[512];
    hip_dev *h = calloc(1, sizeof *h);
    if (!h) {
        snprintf(err, cap, "out of memory");
        return NULL;
    }
    h->lib = open_lib(library, tried, sizeof tried);
    if (!h->lib) {
        snprintf(err, cap, "no HIP runtime (%s could not be loaded)", tried);
        free(h);
        return NULL;
    }
    SYM(GetDeviceCount, "hipGetDeviceCount");
    SYM(SetDevice, "hipSetDevice");
    *(void **)&h->f.GetDeviceProperties = dlsym(h->lib, "hipGetDevicePropertiesR0600"); /* ROCm 6+ */
    if (!h->f.GetDeviceProperties) SYM(GetDeviceProperties, "hipGetDeviceProperties");
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
    int n = 0;
    if (h->f.GetDeviceCount(&n) || n <= 0) {
        snprintf(err, cap, "the HIP runtime reports no AMD GPU");
        goto fail;
    }
    /* hipDeviceProp_t: char name[256] first; gcnArchName is found by its "gfx" prefix, which keeps
     * us independent of the struct's layout across ROCm versions */
    unsigned char *props = calloc(1, 8192);
    if (!props || h->f.GetDeviceProperties(props, 0)) {
        free(props);
        snprintf(err, cap, "hipGetDeviceProperties failed");
        goto fail;
    }
    memcpy(h->base.name, props, sizeof h->base.name - 1);
    for (size_t i = 256; i + 8 < 8192; i++)
        if (!memcmp(props + i, "gfx", 3) && props[i - 1] == '\0') {
            size_t j = 0;
            while (j + 1 < sizeof h->base.arch && props[i + j] && props[i + j] != ':') j++;
            memcpy(h->base.arch, props + i, j);
            h->base.arch[j] = '\0';
            break;
        }
    free(props);
    if (strcmp(h->base.arch, "gfx942") && strcmp(h->base.arch, "gfx950")) {
        snprintf(err, cap, "the GPU '%s' (%s) is not a target flyi compiles for (gfx942, gfx950)", h->base.name,
                 h->base.arch[0] ? h->base.arch : "unknown arch");
        goto fail;
    }
    h->f.SetDevice(0);
    h->base.ops = &hip_ops;
    h->base.count = n;
    return &h->base;
fail:
    dlclose(h->lib);
    free(h);
    return NULL;
}

/* runtime.c - backend selection, the module cache, launches and printf output (backend.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/ir_util.h"
#include "runtime/printf.h"
#include "runtime/profile.h"
#include "runtime/rt_internal.h"

struct fly_rt_module {
    fly_rt_module *next;
    char *text;
    void *impl;
    fly_rt_kinfo *k;
    int nk;
    int flags; /* FLY_RT_LOAD_PROFILE: compiled with the profiler's counters */
    double ms;
};

struct fly_rt {
    fly_rt_dev *dev;
    fly_rt_options o;
    fly_rt_module *mods;
    fly_ir_buf pending; /* decoded printf output waiting for synchronize */
    uint64_t lost;
    fly_prof *prof; /* profiling on: launches count there */
    char err[2048];
};

static void notice(fly_rt *rt, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void notice(fly_rt *rt, const char *fmt, ...) {
    if (!rt->o.notice) return;
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (n < 0) return;
    rt->o.notice(rt->o.notice_user, buf, (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1);
}

static int fail(fly_rt *rt, const char *msg) {
    if (msg != rt->err) snprintf(rt->err, sizeof rt->err, "%s", msg);
    return -1;
}

void fly_rt_kinfo_free(fly_rt_kinfo *k, int n) {
    for (int i = 0; k && i < n; i++) {
        free(k[i].name);
        for (int j = 0; k[i].formats && j < k[i].nformats; j++) free(k[i].formats[j]);
        free(k[i].formats);
    }
    free(k);
}

fly_rt *fly_rt_create(const fly_rt_options *o) {
    fly_rt *rt = calloc(1, sizeof *rt);
    if (!rt) return NULL;
    if (o) rt->o = *o;
    if (!rt->o.printf_buffer) rt->o.printf_buffer = fly_rt_printf_buffer_size();
    fly_rt_kind kind = rt->o.kind;
    const char *env = getenv("FLYI_BACKEND");
    if (kind == FLY_RT_AUTO && env && *env) {
        if (!strcmp(env, "emu") || !strcmp(env, "emulator")) kind = FLY_RT_EMU;
        else if (!strcmp(env, "hip")) kind = FLY_RT_HIP;
        else notice(rt, "flyi: FLYI_BACKEND=%s is not one of emu, hip; choosing automatically\n", env);
    }
    char why[512] = "";
    const char *lib = rt->o.hip_library;
    if (!lib && getenv("FLYI_HIP_LIBRARY") && *getenv("FLYI_HIP_LIBRARY")) lib = getenv("FLYI_HIP_LIBRARY");
    if (kind != FLY_RT_EMU) {
        rt->dev = fly_hip_backend_create(lib, why, sizeof why);
        if (!rt->dev)
            notice(rt, "flyi: %s%s; kernels run on the CPU emulator\n",
                   kind == FLY_RT_HIP ? "HIP backend requested but " : "", why);
    }
    if (!rt->dev) {
        rt->dev = fly_emu_backend_create(&rt->o, rt->err, sizeof rt->err);
        if (!rt->dev) {
            free(rt);
            return NULL;
        }
    }
    return rt;
}

void fly_rt_destroy(fly_rt *rt) {
    if (!rt) return;
    if (rt->dev->separate_memory) fly_rt_synchronize(rt, NULL); /* the output of work still queued */
    fly_rt_module *m = rt->mods;
    while (m) {
        fly_rt_module *n = m->next;
        rt->dev->ops->unload(rt->dev, m->impl);
        fly_rt_kinfo_free(m->k, m->nk);
        free(m->text);
        free(m);
        m = n;
    }
    rt->dev->ops->destroy(rt->dev);
    fly_prof_free(rt->prof);
    fly_ir_buf_free(&rt->pending);
    free(rt);
}

const char *fly_rt_backend_name(const fly_rt *rt) { return rt->dev->ops->name; }
const char *fly_rt_device_name(const fly_rt *rt) { return rt->dev->name; }
const char *fly_rt_arch(const fly_rt *rt) { return rt->dev->arch; }
int fly_rt_device_count(const fly_rt *rt) { return rt->dev->count; }
const char *fly_rt_last_error(const fly_rt *rt) { return rt->err; }

void *fly_rt_malloc(fly_rt *rt, size_t bytes) { return rt->dev->ops->malloc(rt->dev, bytes, rt->err, sizeof rt->err); }

int fly_rt_free(fly_rt *rt, void *p) { return rt->dev->ops->free(rt->dev, p, rt->err, sizeof rt->err); }

int fly_rt_memcpy_htod(fly_rt *rt, void *dst, const void *src, size_t n) {
    return rt->dev->ops->copy(rt->dev, dst, src, n, 0, rt->err, sizeof rt->err);
}

int fly_rt_memcpy_dtoh(fly_rt *rt, void *dst, const void *src, size_t n) {
    return rt->dev->ops->copy(rt->dev, dst, src, n, 1, rt->err, sizeof rt->err);
}

int fly_rt_memcpy_dtod(fly_rt *rt, void *dst, const void *src, size_t n) {
    return rt->dev->ops->copy(rt->dev, dst, src, n, 2, rt->err, sizeof rt->err);
}

int fly_rt_memset(fly_rt *rt, void *p, int v, size_t n) {
    return rt->dev->ops->memset(rt->dev, p, v, n, rt->err, sizeof rt->err);
}

/* Threads of kernel name's known_block_size attribute in the module text (0: none). */
static int known_threads(const char *text, const char *name) {
    char head[300];
    snprintf(head, sizeof head, "gpu.func @%s(", name);
    const char *f = strstr(text, head);
    const char *eol = f ? strchr(f, '\n') : NULL;
    const char *a = f ? strstr(f, "known_block_size = array<i32: ") : NULL;
    if (!a || (eol && a > eol)) return 0;
    unsigned x = 0, y = 0, z = 0;
    if (sscanf(a + strlen("known_block_size = array<i32: "), "%u, %u, %u", &x, &y, &z) != 3) return 0;
    return (int)(x * y * z);
}

fly_rt_module *fly_rt_load(fly_rt *rt, const char *text) {
    if (!text) {
        fail(rt, "load: no module text");
        return NULL;
    }
    int flags = rt->prof ? FLY_RT_LOAD_PROFILE : 0;
    for (fly_rt_module *m = rt->mods; m; m = m->next)
        if (m->flags == flags && !strcmp(m->text, text)) return m;
    fly_rt_module *m = calloc(1, sizeof *m);
    if (!m || !(m->text = strdup(text))) {
        free(m);
        fail(rt, "out of memory");
        return NULL;
    }
    double t0 = fly_ir_now_ms();
    m->flags = flags;
    m->impl = rt->dev->ops->load(rt->dev, text, flags, &m->k, &m->nk, rt->err, sizeof rt->err);
    if (!m->impl) {
        free(m->text);
        free(m);
        return NULL;
    }
    m->ms = fly_ir_now_ms() - t0;
    /* the compiled maximum workgroup: the code object's (HIP), else known_block_size, else 256, the
     * AMDGPU default the code object would declare */
    for (int i = 0; i < m->nk; i++) {
        if (!m->k[i].max_threads) m->k[i].max_threads = known_threads(text, m->k[i].name);
        if (!m->k[i].max_threads) m->k[i].max_threads = 256;
    }
    m->next = rt->mods;
    rt->mods = m;
    return m;
}

int fly_rt_module_kernel_count(const fly_rt_module *m) { return m ? m->nk : 0; }

const char *fly_rt_module_kernel_name(const fly_rt_module *m, int i) {
    return m && i >= 0 && i < m->nk ? m->k[i].name : NULL;
}

static const fly_rt_kinfo *kernel(const fly_rt_module *m, const char *name) {
    if (!m || !m->nk) return NULL;
    if (!name) return &m->k[0];
    for (int i = 0; i < m->nk; i++)
        if (!strcmp(m->k[i].name, name)) return &m->k[i];
    return NULL;
}

int fly_rt_module_kernel_nargs(const fly_rt_module *m, const char *name) {
    const fly_rt_kinfo *k = kernel(m, name);
    return k ? k->nargs : -1;
}

double fly_rt_module_load_ms(const fly_rt_module *m) { return m ? m->ms : 0; }

static void on_records(void *p, const unsigned char *rec, size_t len, const fly_rt_kinfo *k, uint64_t lost) {
    fly_rt *rt = p;
    fly_rt_printf_decode(rec, len, k->formats, k->nformats, &rt->pending);
    rt->lost += lost;
}

int fly_rt_launch_kernel(fly_rt *rt, fly_rt_module *m, const fly_rt_launch *l) {
    rt->err[0] = '\0';
    if (!m || !l) return fail(rt, "launch: no module or launch parameters");
    const fly_rt_kinfo *k = kernel(m, l->kernel);
    if (!k) {
        snprintf(rt->err, sizeof rt->err, "launch: the module has no kernel '%s'", l->kernel ? l->kernel : "");
        return -1;
    }
    unsigned threads =
        (l->block[0] ? l->block[0] : 1) * (l->block[1] ? l->block[1] : 1) * (l->block[2] ? l->block[2] : 1);
    if (k->max_threads > 0 && threads > (unsigned)k->max_threads) {
        snprintf(rt->err, sizeof rt->err,
                 "launch of kernel '%s': block (%u,%u,%u) has %u threads, more than the %d it was compiled for "
                 "(its maximum flat workgroup size)",
                 k->name, l->block[0] ? l->block[0] : 1, l->block[1] ? l->block[1] : 1, l->block[2] ? l->block[2] : 1,
                 threads, k->max_threads);
        return -1;
    }
    return rt->dev->ops->launch(rt->dev, m->impl, k, l, rt->o.printf_buffer, on_records, rt, rt->err, sizeof rt->err);
}

int fly_rt_synchronize(fly_rt *rt, void *stream) {
    int rc = rt->dev->ops->sync(rt->dev, stream, on_records, rt, rt->err, sizeof rt->err);
    if (rt->pending.len && rt->o.printf_sink) rt->o.printf_sink(rt->o.printf_user, rt->pending.data, rt->pending.len);
    fly_ir_buf_free(&rt->pending);
    if (rt->lost) {
        notice(rt, "flyi: printf buffer overflow: %llu records lost (raise FLYI_PRINTF_BUFFER, now %zu bytes)\n",
               (unsigned long long)rt->lost, rt->o.printf_buffer);
        rt->lost = 0;
    }
    return rc;
}

void *fly_rt_stream_create(fly_rt *rt) { return rt->dev->ops->stream_create(rt->dev, rt->err, sizeof rt->err); }

int fly_rt_stream_destroy(fly_rt *rt, void *s) {
    return rt->dev->ops->stream_destroy(rt->dev, s, rt->err, sizeof rt->err);
}

void fly_rt_get_device_info(const fly_rt *rt, fly_rt_device_info *out) {
    const fly_rt_dev *d = rt->dev;
    memset(out, 0, sizeof *out);
    out->name = d->name;
    out->arch = d->arch;
    out->gcn_arch_name = d->gcn_arch_name[0] ? d->gcn_arch_name : d->arch;
    out->multi_processor_count = d->cu_count;
    out->total_memory = d->total_mem;
    out->runtime_version = d->runtime_version;
    out->code_object_version = d->code_object_version ? d->code_object_version : 6;
    out->separate_memory = d->separate_memory;
}

int fly_rt_mem_get_info(fly_rt *rt, size_t *free_bytes, size_t *total) {
    return rt->dev->ops->mem_info(rt->dev, free_bytes, total, rt->err, sizeof rt->err);
}

void *fly_rt_event_create(fly_rt *rt, int timing) {
    return rt->dev->ops->event_create(rt->dev, timing, rt->err, sizeof rt->err);
}
int fly_rt_event_destroy(fly_rt *rt, void *e) {
    return rt->dev->ops->event_destroy(rt->dev, e, rt->err, sizeof rt->err);
}
int fly_rt_event_record(fly_rt *rt, void *e, void *stream) {
    return rt->dev->ops->event_record(rt->dev, e, stream, rt->err, sizeof rt->err);
}
int fly_rt_event_synchronize(fly_rt *rt, void *e) {
    return rt->dev->ops->event_sync(rt->dev, e, rt->err, sizeof rt->err);
}
int fly_rt_event_query(fly_rt *rt, void *e) { return rt->dev->ops->event_query(rt->dev, e, rt->err, sizeof rt->err); }
int fly_rt_event_elapsed(fly_rt *rt, void *start, void *end, float *ms) {
    return rt->dev->ops->event_elapsed(rt->dev, start, end, ms, rt->err, sizeof rt->err);
}
int fly_rt_stream_wait_event(fly_rt *rt, void *stream, void *e) {
    return rt->dev->ops->stream_wait_event(rt->dev, stream, e, rt->err, sizeof rt->err);
}

int fly_rt_profile_start(fly_rt *rt) {
    if (strcmp(rt->dev->ops->name, "emulator")) {
        snprintf(rt->err, sizeof rt->err,
                 "profiling counts on the CPU emulator, and this session's kernels run on %s (%%backend emu "
                 "switches)",
                 rt->dev->name);
        return -1;
    }
    fly_prof_free(rt->prof);
    rt->prof = fly_prof_create(NULL);
    if (!rt->prof) return fail(rt, "out of memory");
    rt->dev->prof = rt->prof;
    return 0;
}

fly_prof *fly_rt_profile_stop(fly_rt *rt) {
    fly_prof *p = rt->prof;
    rt->prof = NULL;
    rt->dev->prof = NULL;
    return p;
}

const fly_rt_api fly_rt_api_table = {
    fly_rt_create,
    fly_rt_destroy,
    fly_rt_backend_name,
    fly_rt_device_name,
    fly_rt_arch,
    fly_rt_device_count,
    fly_rt_last_error,
    fly_rt_malloc,
    fly_rt_free,
    fly_rt_memcpy_htod,
    fly_rt_memcpy_dtoh,
    fly_rt_memcpy_dtod,
    fly_rt_memset,
    fly_rt_load,
    fly_rt_module_kernel_count,
    fly_rt_module_kernel_name,
    fly_rt_module_kernel_nargs,
    fly_rt_module_load_ms,
    fly_rt_launch_kernel,
    fly_rt_synchronize,
    fly_rt_stream_create,
    fly_rt_stream_destroy,
    fly_rt_kernarg_layout_get,
    fly_rt_kernarg_pack,
    fly_rt_get_device_info,
    fly_rt_mem_get_info,
    fly_rt_event_create,
    fly_rt_event_destroy,
    fly_rt_event_record,
    fly_rt_event_synchronize,
    fly_rt_event_query,
    fly_rt_event_elapsed,
    fly_rt_stream_wait_event,
    fly_rt_profile_start,
    fly_rt_profile_stop,
    fly_prof_count,
    fly_prof_site_at,
    fly_prof_get_totals,
    fly_prof_free,
    fly_prof_kind_name,
};

const fly_rt_api *fly_rt_api_get(void) { return &fly_rt_api_table; }

/* emu_backend.c - the emulator as a backend: device memory is host memory kept in a registry
 * (so launches know the extent of every buffer an argument points into), copies are memcpy,
 * modules are fly_emu_programs, launches run synchronously on the worker pool. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ir/ir_util.h"

#include "pipeline/target.h"
#include "runtime/emu/emu.h"
#include "runtime/profile.h"
#include "runtime/rt_internal.h"

typedef struct alloc {
    uintptr_t lo, hi; /* the bytes asked for */
    uintptr_t pad;    /* the end of the 256-byte rounded block (hi rounded up) */
} alloc;

typedef struct emu_dev {
    fly_rt_dev base;
    fly_emu_pool *pool;
    const fly_pipeline_target *tg;
    alloc *allocs;
    int nallocs, cap;
} emu_dev;

static void emu_destroy(fly_rt_dev *d) {
    emu_dev *e = (emu_dev *)d;
    fly_emu_pool_destroy(e->pool);
    for (int i = 0; i < e->nallocs; i++) free((void *)e->allocs[i].lo);
    free(e->allocs);
    free(e);
}

static void *emu_malloc(fly_rt_dev *d, size_t n, char *err, size_t cap) {
    emu_dev *e = (emu_dev *)d;
    if (e->nallocs == e->cap) {
        int nc = e->cap ? e->cap * 2 : 64;
        alloc *v = realloc(e->allocs, sizeof *v * (size_t)nc);
        if (!v) goto oom;
        e->allocs = v;
        e->cap = nc;
    }
    /* 256-byte aligned as hipMalloc's (what coalescing and the profiler's segments assume) */
    void *p = NULL;
    size_t rounded = ((n ? n : 1) + 255) & ~(size_t)255;
    if (posix_memalign(&p, 256, rounded) != 0 || !p) goto oom;
    memset(p, 0, rounded);
    e->allocs[e->nallocs++] = (alloc){(uintptr_t)p, (uintptr_t)p + n, (uintptr_t)p + rounded};
    return p;
oom:
    snprintf(err, cap, "out of memory allocating %zu bytes of emulator device memory", n);
    return NULL;
}

static int find_alloc(emu_dev *e, uintptr_t p) {
    for (int i = e->nallocs - 1; i >= 0; i--)
        if (p >= e->allocs[i].lo && (p < e->allocs[i].hi || p == e->allocs[i].lo)) return i;
    return -1;
}

static int emu_free(fly_rt_dev *d, void *p, char *err, size_t cap) {
    emu_dev *e = (emu_dev *)d;
    if (!p) return 0;
    int i = find_alloc(e, (uintptr_t)p);
    if (i < 0 || e->allocs[i].lo != (uintptr_t)p) {
        snprintf(err, cap, "free: %p is not emulator device memory", p);
        return -1;
    }
    free(p);
    e->allocs[i] = e->allocs[--e->nallocs];
    return 0;
}

static int emu_copy(fly_rt_dev *d, void *dst, const void *src, size_t n, int dir, char *err, size_t cap) {
    (void)d;
    (void)dir;
    if (n && (!dst || !src)) {
        snprintf(err, cap, "memcpy: null pointer");
        return -1;
    }
    memmove(dst, src, n);
    return 0;
}

static int emu_memset(fly_rt_dev *d, void *p, int v, size_t n, char *err, size_t cap) {
    (void)d;
    if (n && !p) {
        snprintf(err, cap, "memset: null pointer");
        return -1;
    }
    memset(p, v, n);
    return 0;
}

static void *emu_load(fly_rt_dev *d, const char *text, int flags, fly_rt_kinfo **kinfo, int *nk, char *err,
                      size_t cap) {
    emu_dev *e = (emu_dev *)d;
    fly_emu_program *p =
        fly_emu_compile_ex(text, e->tg->chip, flags & FLY_RT_LOAD_PROFILE ? FLY_EMU_COMPILE_PROFILE : 0, err, cap);
    if (!p) return NULL;
    int n = fly_emu_program_kernel_count(p);
    fly_rt_kinfo *ki = calloc((size_t)n + 1, sizeof *ki);
    if (!ki) {
        fly_emu_program_free(p);
        snprintf(err, cap, "out of memory");
        return NULL;
    }
    for (int i = 0; i < n; i++) {
        const fly_emu_kernel *k = fly_emu_program_kernel_at(p, i);
        ki[i].name = strdup(k->name);
        ki[i].printf_arg = k->printf_arg;
        ki[i].nargs = k->nargs - (k->printf_arg >= 0);
        ki[i].nformats = k->nformats;
        ki[i].formats = calloc((size_t)k->nformats + 1, sizeof *ki[i].formats);
        for (int j = 0; ki[i].formats && j < k->nformats; j++)
            ki[i].formats[j] = strdup(k->formats[j] ? k->formats[j] : "");
    }
    *kinfo = ki;
    *nk = n;
    return p;
}

static void emu_unload(fly_rt_dev *d, void *mod) {
    (void)d;
    fly_emu_program_free(mod);
}

static int emu_launch(fly_rt_dev *d, void *mod, const fly_rt_kinfo *ki, const fly_rt_launch *l, size_t printf_cap,
                      fly_rt_records_fn records, void *rt, char *err, size_t cap) {
    emu_dev *e = (emu_dev *)d;
    const fly_emu_kernel *k = fly_emu_program_kernel(mod, ki->name);
    if (!k) {
        snprintf(err, cap, "no kernel '%s' in the module", ki->name);
        return -1;
    }
    int nuser = k->nargs - (k->printf_arg >= 0);
    if (l->nargs != nuser || (nuser && !l->args)) {
        snprintf(err, cap, "kernel '%s' takes %d arguments, %d given", k->name, nuser, l->nargs);
        return -1;
    }
    void **argv = calloc((size_t)k->nargs + 1, sizeof *argv);
    fly_emu_buffer *bufs = calloc((size_t)k->nargs + 1, sizeof *bufs);
    char (*names)[96] = calloc((size_t)k->nargs + 1, sizeof *names);
    if (!argv || !bufs || !names) {
        free(argv);
        free(bufs);
        free(names);
        snprintf(err, cap, "out of memory");
        return -1;
    }
    int nb = 0, ui = 0;
    static uint64_t dummy;
    for (int i = 0; i < k->nargs; i++) {
        if (i == k->printf_arg) {
            argv[i] = &dummy;
            continue;
        }
        argv[i] = l->args[ui];
        /* a pointer, or a 64-bit integer holding a device address (FlyDSL's kernels pass fx.ptrtoint of their
         * pointers as Int64 and fx.inttoptr them inside): the allocation it points into is the kernel's */
        int addr = k->args[i].kind == FLY_EMU_ARG_PTR || (k->args[i].kind == FLY_EMU_ARG_INT && k->args[i].bytes == 8);
        if (addr && argv[i]) {
            uintptr_t p;
            memcpy(&p, argv[i], sizeof p);
            int a = find_alloc(e, p);
            for (int j = 0; a >= 0 && j < nb; j++)
                if (bufs[j].lo == e->allocs[a].lo) a = -1; /* already given by an earlier argument */
            if (a >= 0) {
                const char *nm = l->arg_names && l->arg_names[ui] ? l->arg_names[ui] : NULL;
                if (nm) snprintf(names[nb], sizeof names[nb], "buffer of argument %d '%s'", ui, nm);
                else snprintf(names[nb], sizeof names[nb], "buffer of argument %d", ui);
                /* the whole rounded block, as a GPU's allocation padding: readable (zero-filled) and writable */
                bufs[nb] =
                    (fly_emu_buffer){e->allocs[a].lo, e->allocs[a].pad, names[nb], e->allocs[a].hi - e->allocs[a].lo};
                nb++;
            }
        }
        ui++;
    }
    fly_emu_grid g = {
        .grid = {l->grid[0] ? l->grid[0] : 1, l->grid[1] ? l->grid[1] : 1, l->grid[2] ? l->grid[2] : 1},
        .block = {l->block[0] ? l->block[0] : 1, l->block[1] ? l->block[1] : 1, l->block[2] ? l->block[2] : 1},
        .lds_dynamic = l->smem,
        .lds_limit = l->lds_limit ? l->lds_limit : (size_t)e->tg->lds_bytes,
        .args = argv,
        .bufs = bufs,
        .nbufs = nb,
        .interrupt = l->interrupt,
        .progress = l->progress,
        .progress_user = l->progress_user,
        .printf_cap = printf_cap,
        .prof = d->prof,
        .lds_banks = l->target && strstr(l->target, "gfx950") ? 64 : 32,
    };
    if (d->prof) fly_prof_set_target(d->prof, l->target ? l->target : e->tg->chip);
    fly_emu_printf_out pf = {0};
    int rc = fly_emu_program_run(mod, e->pool, k, &g, &pf, err, cap);
    if (k->printf_arg >= 0 && (pf.len || pf.lost)) records(rt, pf.records, pf.len, ki, pf.lost);
    free(pf.records);
    free(argv);
    free(bufs);
    free(names);
    return rc;
}

static int emu_sync(fly_rt_dev *d, void *stream, fly_rt_records_fn records, void *rt, char *err, size_t cap) {
    (void)d, (void)stream, (void)records, (void)rt, (void)err, (void)cap;
    return 0; /* launches are synchronous */
}

static void *emu_stream_create(fly_rt_dev *d, char *err, size_t cap) {
    (void)err, (void)cap;
    return d; /* any non-NULL handle */
}

static int emu_stream_destroy(fly_rt_dev *d, void *s, char *err, size_t cap) {
    (void)d, (void)s, (void)err, (void)cap;
    return 0;
}

/* Device memory: the host's physical memory (the emulator's device memory is host memory). */
static int emu_mem_info(fly_rt_dev *d, size_t *free_bytes, size_t *total, char *err, size_t cap) {
    (void)err, (void)cap;
    long pages = sysconf(_SC_PHYS_PAGES), avail = sysconf(_SC_AVPHYS_PAGES), psz = sysconf(_SC_PAGESIZE);
    *total = pages > 0 && psz > 0 ? (size_t)pages * (size_t)psz : d->total_mem;
    *free_bytes = avail > 0 && psz > 0 ? (size_t)avail * (size_t)psz : *total;
    return 0;
}

/* Events: launches are synchronous, so a record is the host time of the call. */
typedef struct emu_event {
    double t;
    int recorded, timing;
} emu_event;

static void *emu_event_create(fly_rt_dev *d, int timing, char *err, size_t cap) {
    (void)d;
    emu_event *e = calloc(1, sizeof *e);
    if (!e) snprintf(err, cap, "out of memory");
    else e->timing = timing;
    return e;
}

static int emu_event_destroy(fly_rt_dev *d, void *e, char *err, size_t cap) {
    (void)d, (void)err, (void)cap;
    free(e);
    return 0;
}

static int emu_event_record(fly_rt_dev *d, void *e, void *stream, char *err, size_t cap) {
    (void)d, (void)stream, (void)err, (void)cap;
    ((emu_event *)e)->t = fly_ir_now_ms();
    ((emu_event *)e)->recorded = 1;
    return 0;
}

static int emu_event_sync(fly_rt_dev *d, void *e, char *err, size_t cap) {
    (void)d, (void)e, (void)err, (void)cap;
    return 0;
}

static int emu_event_query(fly_rt_dev *d, void *e, char *err, size_t cap) {
    (void)d, (void)e, (void)err, (void)cap;
    return 1;
}

static int emu_event_elapsed(fly_rt_dev *d, void *a, void *b, float *ms, char *err, size_t cap) {
    (void)d;
    emu_event *x = a, *y = b;
    if (!x->timing || !y->timing) {
        snprintf(err, cap, "Both events must be created with argument 'enable_timing=True'.");
        return -1;
    }
    if (!x->recorded || !y->recorded) {
        snprintf(err, cap, "Both events must be recorded before calculating elapsed time.");
        return -1;
    }
    *ms = (float)(y->t - x->t);
    return 0;
}

static int emu_stream_wait_event(fly_rt_dev *d, void *s, void *e, char *err, size_t cap) {
    (void)d, (void)s, (void)e, (void)err, (void)cap;
    return 0;
}

static const fly_rt_dev_ops emu_ops = {
    "emulator",        emu_destroy,        emu_malloc,      emu_free,          emu_copy,
    emu_memset,        emu_load,           emu_unload,      emu_launch,        emu_sync,
    emu_stream_create, emu_stream_destroy, emu_mem_info,    emu_event_create,  emu_event_destroy,
    emu_event_record,  emu_event_sync,     emu_event_query, emu_event_elapsed, emu_stream_wait_event,
};

fly_rt_dev *fly_emu_backend_create(const fly_rt_options *o, char *err, size_t cap) {
    emu_dev *e = calloc(1, sizeof *e);
    if (!e) {
        snprintf(err, cap, "out of memory");
        return NULL;
    }
    e->tg = fly_pipeline_target_get(o && o->emu_target ? o->emu_target : NULL);
    if (!e->tg) e->tg = fly_pipeline_target_get(NULL);
    e->pool = fly_emu_pool_create(o ? o->threads : 0);
    if (!e->pool) {
        free(e);
        snprintf(err, cap, "cannot start the emulator's worker threads");
        return NULL;
    }
    e->base.ops = &emu_ops;
    e->base.count = 1;
    snprintf(e->base.arch, sizeof e->base.arch, "%s", e->tg->chip);
    snprintf(e->base.name, sizeof e->base.name, "flyi CPU emulator (%s)", e->tg->chip);
    snprintf(e->base.gcn_arch_name, sizeof e->base.gcn_arch_name, "%s", e->tg->chip);
    e->base.cu_count = !strcmp(e->tg->chip, "gfx950") ? 256 : 304; /* the chip it emulates: MI355X, MI300X */
    size_t fr = 0;
    emu_mem_info(&e->base, &fr, &e->base.total_mem, NULL, 0);
    e->base.code_object_version = 6;
    return &e->base;
}

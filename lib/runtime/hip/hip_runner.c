/* hip_runner.c - runs the code objects a HIP stand-in (hip_standin.h) was asked to launch, on the
 * CPU emulator: each module the HIP backend loads is registered with its HSACO bytes and the
 * emulator's host version of the same module text; a launch finds the program by the bytes of the
 * image, unpacks the kernarg segment per the code object's metadata (explicit arguments at their
 * offsets, the printf buffer pointer among them), runs the grid with the device allocations as the
 * emulator's known buffers, and appends the printf records to the device printf buffer
 * ({head, cap, lost, 0} then records, as the GPU code writes it). Called from the stand-in's
 * stream threads: one launch at a time (a mutex). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pipeline/target.h"
#include "runtime/emu/emu.h"
#include "runtime/hip/hip_runner.h"
#include "runtime/printf.h"

typedef struct entry {
    struct entry *next;
    unsigned char *image;
    size_t size;
    fly_emu_program *prog;
} entry;

struct fly_hip_runner {
    pthread_mutex_t mu;
    fly_hip_standin_runner ops;
    const fly_pipeline_target *tg;
    fly_emu_pool *pool;
    entry *entries;
    char last[1024]; /* the message of the last failed run */
};

static entry *find(fly_hip_runner *r, const unsigned char *image, size_t size) {
    for (entry *e = r->entries; e; e = e->next)
        if (e->size <= size && !memcmp(e->image, image, e->size)) return e;
    return NULL;
}

static int describe(void *user, const unsigned char *image, size_t size, const char *kernel,
                    fly_hip_standin_kinfo *info) {
    fly_rt_kernarg_layout lay;
    char err[256];
    if (fly_rt_kernarg_layout_get(image, size, kernel, &lay, err, sizeof err)) return -1;
    fly_hip_runner *r = user;
    pthread_mutex_lock(&r->mu);
    entry *e = find(r, image, size);
    int ok = e && fly_emu_program_kernel(e->prog, kernel);
    pthread_mutex_unlock(&r->mu);
    if (!ok) return -1;
    info->max_flat_workgroup_size = lay.max_flat_workgroup_size;
    info->kernarg_segment_size = lay.segment_size;
    info->group_segment_size = lay.group_segment_size;
    return 0;
}

/* Writes the launch's records into the device printf buffer at pbuf (accessible during the run). */
static void put_records(unsigned char *pbuf, const fly_emu_printf_out *pf) {
    uint32_t hdr[4];
    memcpy(hdr, pbuf, sizeof hdr);
    size_t room = hdr[1] > hdr[0] ? hdr[1] - hdr[0] : 0, n = pf->len < room ? pf->len : room;
    memcpy(pbuf + FLY_RT_PRINTF_HEADER + hdr[0], pf->records, n);
    hdr[0] += (uint32_t)n;
    hdr[2] += (uint32_t)pf->lost + (n < pf->len); /* records cut off count as lost */
    memcpy(pbuf, hdr, sizeof hdr);
}

static int run_locked(fly_hip_runner *r, const fly_hip_standin_launch *l, char *err, size_t cap) {
    entry *e = find(r, l->image, l->image_size);
    const fly_emu_kernel *k = e ? fly_emu_program_kernel(e->prog, l->kernel) : NULL;
    if (!k) {
        snprintf(err, cap, "kernel '%s': no emulator program registered for this code object", l->kernel);
        return -1;
    }
    fly_rt_kernarg_layout lay;
    if (fly_rt_kernarg_layout_get(l->image, l->image_size, l->kernel, &lay, err, cap)) return -1;
    if (lay.nexplicit != k->nargs || (size_t)lay.segment_size > l->kernarg_size) {
        snprintf(err, cap, "kernel '%s': the code object has %d arguments, the emulator's kernel %d", l->kernel,
                 lay.nexplicit, k->nargs);
        return -1;
    }
    void **argv = calloc((size_t)k->nargs + 1, sizeof *argv);
    fly_emu_buffer *bufs = calloc((size_t)k->nargs + 1, sizeof *bufs);
    char (*names)[64] = calloc((size_t)k->nargs + 1, sizeof *names);
    int rc = -1;
    if (!argv || !bufs || !names) {
        snprintf(err, cap, "out of memory");
        goto out;
    }
    unsigned char *pbuf = NULL;
    int ex = 0, nb = 0;
    for (int i = 0; i < lay.nargs && ex < k->nargs; i++) {
        const fly_rt_kernarg *a = &lay.args[i];
        if (!strncmp(a->kind, "hidden_", 7)) continue;
        argv[ex] = (void *)(l->kernarg + a->offset);
        if (ex == k->printf_arg) {
            memcpy(&pbuf, argv[ex], sizeof pbuf);
        } else if (k->args[ex].kind == FLY_EMU_ARG_PTR ||
                   (k->args[ex].kind == FLY_EMU_ARG_INT && k->args[ex].bytes == 8)) {
            /* a pointer, or a 64-bit integer holding a device address (fx.ptrtoint passed as Int64), as the
             * emulator backend reads them; an allocation is given once */
            uintptr_t p;
            memcpy(&p, argv[ex], sizeof p);
            for (int j = 0; j < l->nallocs; j++)
                if (p >= l->allocs[j][0] && (p < l->allocs[j][1] || p == l->allocs[j][0])) {
                    int dup = 0;
                    for (int b = 0; b < nb; b++) dup |= bufs[b].lo == l->allocs[j][0];
                    if (dup) break;
                    int ui = ex - (k->printf_arg >= 0 && k->printf_arg < ex);
                    snprintf(names[nb], sizeof names[nb], "buffer of argument %d", ui);
                    bufs[nb] = (fly_emu_buffer){l->allocs[j][0], l->allocs[j][1], names[nb], 0};
                    nb++;
                    break;
                }
        }
        ex++;
    }
    size_t pcap = 0;
    if (pbuf) {
        uint32_t hdr[4];
        memcpy(hdr, pbuf, sizeof hdr);
        pcap = hdr[1];
    }
    fly_emu_grid g = {
        .grid = {l->grid[0], l->grid[1], l->grid[2]},
        .block = {l->block[0], l->block[1], l->block[2]},
        .lds_dynamic = l->smem,
        .lds_limit = (size_t)r->tg->lds_bytes,
        .args = argv,
        .bufs = bufs,
        .nbufs = nb,
        .printf_cap = pcap ? pcap : FLY_RT_PRINTF_DEFAULT,
    };
    fly_emu_printf_out pf = {0};
    rc = fly_emu_program_run(e->prog, r->pool, k, &g, &pf, err, cap);
    if (pbuf && (pf.len || pf.lost)) put_records(pbuf, &pf);
    free(pf.records);
out:
    free(argv);
    free(bufs);
    free(names);
    return rc;
}

static int run(void *user, const fly_hip_standin_launch *l, char *err, size_t cap) {
    fly_hip_runner *r = user;
    pthread_mutex_lock(&r->mu);
    int rc = run_locked(r, l, err, cap);
    if (rc) snprintf(r->last, sizeof r->last, "%s", err);
    pthread_mutex_unlock(&r->mu);
    return rc;
}

fly_hip_runner *fly_hip_runner_create(const char *chip) {
    fly_hip_runner *r = calloc(1, sizeof *r);
    if (!r) return NULL;
    pthread_mutex_init(&r->mu, NULL);
    r->tg = fly_pipeline_target_get(chip);
    if (!r->tg) r->tg = fly_pipeline_target_get(NULL);
    r->ops = (fly_hip_standin_runner){FLY_HIP_STANDIN_ABI, r, describe, run};
    return r;
}

const fly_hip_standin_runner *fly_hip_runner_ops(fly_hip_runner *r) { return &r->ops; }

int fly_hip_runner_add(fly_hip_runner *r, const unsigned char *hsaco, size_t size, const char *text, char *err,
                       size_t cap) {
    pthread_mutex_lock(&r->mu);
    if (!r->pool) r->pool = fly_emu_pool_create(0);
    pthread_mutex_unlock(&r->mu);
    if (!r->pool) {
        snprintf(err, cap, "cannot start the emulator's worker threads");
        return -1;
    }
    fly_emu_program *p = fly_emu_compile(text, r->tg->chip, err, cap);
    entry *e = p ? calloc(1, sizeof *e) : NULL;
    if (e) e->image = malloc(size);
    if (!e || !e->image) {
        if (p && e) snprintf(err, cap, "out of memory");
        if (e) free(e);
        if (p) fly_emu_program_free(p);
        return -1;
    }
    memcpy(e->image, hsaco, size);
    e->size = size;
    e->prog = p;
    pthread_mutex_lock(&r->mu);
    e->next = r->entries;
    r->entries = e;
    pthread_mutex_unlock(&r->mu);
    return 0;
}

void fly_hip_runner_remove(fly_hip_runner *r, const unsigned char *hsaco, size_t size) {
    pthread_mutex_lock(&r->mu);
    for (entry **p = &r->entries; *p; p = &(*p)->next)
        if ((*p)->size == size && !memcmp((*p)->image, hsaco, size)) {
            entry *e = *p;
            *p = e->next;
            fly_emu_program_free(e->prog);
            free(e->image);
            free(e);
            break;
        }
    pthread_mutex_unlock(&r->mu);
}

const char *fly_hip_runner_last_error(fly_hip_runner *r) { return r->last; }

void fly_hip_runner_clear_error(fly_hip_runner *r) {
    pthread_mutex_lock(&r->mu);
    r->last[0] = '\0';
    pthread_mutex_unlock(&r->mu);
}

void fly_hip_runner_destroy(fly_hip_runner *r) {
    if (!r) return;
    while (r->entries) fly_hip_runner_remove(r, r->entries->image, r->entries->size);
    if (r->pool) fly_emu_pool_destroy(r->pool);
    pthread_mutex_destroy(&r->mu);
    free(r);
}

/* emu_profile.h - the profiler's per-worker counters (emu_profile.c), shared with the executor
 * (emu_exec.c) so that the counter call of generated code is one inlined function. */
#ifndef FLY_EMU_PROFILE_H
#define FLY_EMU_PROFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "runtime/emu/emu.h"
#include "runtime/profile.h"

#define FLY_EMU_PROF_WAVE 64

/* The wave instructions of one site in the running block: slot n*nwaves + w. */
typedef struct fly_emu_slots {
    uint64_t *mask;
    int64_t *addr; /* FLY_EMU_PROF_WAVE per slot */
    size_t cap, hi;
} fly_emu_slots;

struct fly_emu_profw {
    const fly_emu_kernel *k;
    int ns, nthreads, nwaves, banks;
    unsigned char *kind;   /* ns: each site's kind (fly_prof_kind) */
    unsigned char *blocks; /* ns: basic blocks an execution of the site stands for (its own, or proxied ones) */
    uint32_t *cnt;         /* nthreads x ns: executions of each site by each thread in this block */
    uint32_t *work;        /* nthreads: basic blocks since the thread's last barrier */
    fly_emu_slots *sl;
    fly_prof_site *acc; /* ns: counts of this launch (kernel and loc unset) */
    int64_t **aaddr;    /* atomic target addresses per site */
    size_t *an, *acap;
    size_t mem;
};

/* Room for slot idx of sl (with lane addresses when addr); false past the memory cap. */
bool fly_emu_profw_grow(fly_emu_profw *w, fly_emu_slots *sl, size_t idx, bool addr);
/* Keeps an atomic's target address. */
void fly_emu_profw_atomic(fly_emu_profw *w, int site, int64_t addr);

/* Thread t (linear id in its block) executed site with address addr (0 for non-memory sites). */
static inline void fly_emu_profw_record(fly_emu_profw *w, int t, int64_t addr, int32_t site) {
    if (site < 0 || site >= w->ns || t < 0 || t >= w->nthreads) return;
    int kind = w->kind[site];
    w->acc[site].executions++;
    uint32_t n = w->cnt[(size_t)t * (size_t)w->ns + (size_t)site]++;
    w->work[t] += w->blocks[site];
    /* basic blocks and MFMAs need no slots: their wave instructions follow from the counts (block end) */
    if (kind == FLY_PROF_EXEC || kind == FLY_PROF_MFMA) return;
    if (kind == FLY_PROF_BARRIER) {
        addr = w->work[t];
        w->work[t] = 0;
    } else if (kind == FLY_PROF_ATOMIC) {
        fly_emu_profw_atomic(w, site, addr);
    }
    size_t idx = (size_t)n * (size_t)w->nwaves + (size_t)(t / FLY_EMU_PROF_WAVE);
    fly_emu_slots *sl = &w->sl[site];
    if (idx >= sl->cap && !fly_emu_profw_grow(w, sl, idx, true)) {
        w->acc[site].untracked = 1;
        return;
    }
    sl->mask[idx] |= (uint64_t)1 << (t % FLY_EMU_PROF_WAVE);
    sl->addr[idx * FLY_EMU_PROF_WAVE + (size_t)(t % FLY_EMU_PROF_WAVE)] = addr;
    if (idx + 1 > sl->hi) sl->hi = idx + 1;
}

#endif

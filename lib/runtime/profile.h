/* profile.h - the emulator's counters: what a launch would make the hardware do, per access site.
 *
 * With profiling on (fly_rt_profile_start), the emulator compiles kernels with a counter call before
 * every global and LDS access, atomic, barrier, MFMA and basic block, and groups the executions of a
 * site by wave the way SIMT hardware issues them: the n-th execution of a site by each lane of a wave
 * is one wave instruction. From the lanes' addresses of each wave instruction it counts the active
 * lanes (divergence), the 64-byte memory segments a global access touches (coalescing) and the LDS bank
 * conflicts under the target's bank model (gfx942: 32 banks of 4 bytes, 128 bytes a cycle; gfx950: 64
 * banks, 256 bytes a cycle; a wave's access is split into phases of that many bytes by the access
 * width: 32/16/8 lanes for 4/8/16-byte accesses on gfx942). The counts are exact for the lanes the
 * emulator ran; the time estimate is a roofline bound, not a measurement. */
#ifndef FLY_RT_PROFILE_H
#define FLY_RT_PROFILE_H

#include <stddef.h>
#include <stdint.h>

/* Kinds of profiled sites. */
typedef enum {
    FLY_PROF_EXEC,         /* a basic block: thread executions of its line */
    FLY_PROF_GLOBAL_LOAD,  /* global (address space 1) load */
    FLY_PROF_GLOBAL_STORE, /* global store */
    FLY_PROF_LDS_LOAD,     /* LDS (address space 3) load */
    FLY_PROF_LDS_STORE,    /* LDS store */
    FLY_PROF_ATOMIC,       /* atomic read-modify-write or compare-exchange (global or LDS) */
    FLY_PROF_BARRIER,      /* gpu.barrier */
    FLY_PROF_MFMA,         /* an MFMA wave instruction */
    FLY_PROF_KINDS
} fly_prof_kind;

/* The name of a kind ("exec", "global_load", ..., "mfma"). */
const char *fly_prof_kind_name(int kind);

/* One site's counts over every profiled launch. */
typedef struct fly_prof_site {
    char *kernel;             /* kernel name (owned) */
    char *loc;                /* source location "file:line:col" as errors print it (owned) */
    int kind;                 /* fly_prof_kind */
    int bytes;                /* access width per lane (memory sites) */
    uint64_t executions;      /* thread executions */
    uint64_t waves;           /* wave instructions (each counted once per wave) */
    uint64_t bytes_requested; /* global: distinct bytes the lanes of each wave instruction asked for, summed */
    uint64_t segments;        /* global: distinct 64-byte segments each wave instruction touched, summed */
    uint64_t lds_cycles; /* LDS: cycles of the wave instructions under the bank model (1 a phase, more on conflict) */
    uint64_t lds_phases; /* LDS: phases (the cycles without conflicts) */
    uint32_t lds_max_ways; /* LDS: the worst conflict (1: none) */
    uint64_t flops; /* MFMA: 2*M*N*K per wave instruction */
    uint64_t atomic_addresses; /* atomics: distinct addresses */
    uint64_t atomic_max_per_address; /* atomics: the most operations on one address */
    uint64_t
        wait_blocks; /* barriers: basic blocks the waves of a block waited for the slowest one since the last barrier */
    int untracked; /* wave instructions beyond the profiler's memory cap were counted without their lanes */
} fly_prof_site;

/* The totals of a profile. */
typedef struct fly_prof_totals {
    uint64_t launches, blocks, threads;
    uint64_t global_bytes; /* bytes requested by global loads and stores (distinct per wave instruction) */
    uint64_t global_traffic; /* 64-byte segments touched, in bytes */
    uint64_t lds_bytes; /* bytes read and written in LDS */
    uint64_t flops; /* MFMA flops */
    int mfma_bits; /* operand width of the MFMAs with the most flops (32, 16, 8; 0: none): the peak used */
    char target[16]; /* the kernels' compile target (the bank model and the peaks used) */
} fly_prof_totals;

typedef struct fly_prof fly_prof;

/* An empty profile for kernels compiled for target ("gfx942", "gfx950"). NULL on out of memory. */
fly_prof *fly_prof_create(const char *target);
void fly_prof_free(fly_prof *p);
/* Number of sites, and site i (owned by p). */
int fly_prof_count(const fly_prof *p);
const fly_prof_site *fly_prof_site_at(const fly_prof *p, int i);
/* The totals. */
void fly_prof_get_totals(const fly_prof *p, fly_prof_totals *t);

/* ---- for backends: filling a profile ---- */
/* The site of (kernel, loc, kind, bytes), made on first use; NULL on out of memory. */
fly_prof_site *fly_prof_intern(fly_prof *p, const char *kernel, const char *loc, int kind, int bytes);
/* Adds n atomic target addresses of site s (for the per-address counts). */
void fly_prof_add_atomics(fly_prof *p, fly_prof_site *s, const int64_t *addr, size_t n);
/* Records the compile target of the launched kernels ("mixed" when they differ). */
void fly_prof_set_target(fly_prof *p, const char *target);
/* Counts a launch of blocks x threads; flops of MFMAs whose operands are bits wide. */
void fly_prof_add_launch(fly_prof *p, uint64_t blocks, uint64_t threads);
void fly_prof_add_flops(fly_prof *p, uint64_t flops, int bits);

#endif

/* emu_exec.c - running a grid on the CPU with GPU semantics.
 *
 * A pool of worker threads takes workgroups in turn (an atomic counter). A kernel that never
 * synchronises runs all threads of a block in a loop inside generated code; one that does runs
 * in phases: a call of its phase loop (emu_phase.c) runs every ready thread, in thread order, to
 * its next barrier or cross-lane operation or its end, with what lives across in per-thread
 * frames. Kernels the phase rewrite cannot handle run each thread as a coroutine (emu_coro.c),
 * resumed in the same order; FLYI_EMU_CORO=1 / FLYI_EMU_FIBERS=1 at compile time choose
 * coroutines / one fiber per thread for every kernel (comparisons). Between phases the scheduler
 * releases a wave whose live lanes all wait at a cross-lane operation, or the block when every
 * thread waits at gpu.barrier. Errors (out of bounds, deadlock, interrupt) stop the block: a
 * longjmp out of generated code (the frames are simply reused by the next block), abandoning the
 * fibers in fiber mode. printf records go to a
 * buffer per worker, cut into segments per block and merged in block order at the end. */
#define _GNU_SOURCE
#include <inttypes.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "runtime/emu/emu.h"
#include "runtime/emu/fiber.h"
#include "runtime/emu/emu_profile.h"
#include "runtime/profile.h"

#define MAX_BLOCK 1024
#define WAVE 64
/* Bytes of a worker's LDS block: lds_cap for the workgroup's LDS and as many again as the sink past it. */
#define LDS_SPAN(c) (2 * (c)->lds_cap)
#define FIBER_STACK (128 * 1024)

enum {
    T_READY = FLY_EMU_T_READY,
    T_DONE = FLY_EMU_T_DONE,
    T_BAR = FLY_EMU_T_BAR,
    T_WAVE = FLY_EMU_T_WAVE,
    T_DEAD = FLY_EMU_T_DEAD,
    T_RUN = FLY_EMU_T_RUN
};

/* How the threads of a block run: a loop in generated code (no synchronisation), one fiber
 * each, or one coroutine each (emu_coro.c). */
enum { M_LOOP, M_FIBER, M_CORO, M_PHASE };

typedef struct job job;

typedef struct seg {
    uint64_t block;
    size_t start, end;
} seg;

/* Per worker; the first fields are what generated code reads (see emu.h). */
typedef struct fly_emu_ctx {
    int64_t block_id[3], block_dim[3], grid_dim[3];
    void *lds;
    void *printf_buf;
    int64_t tid[3];
    uintptr_t *hits; /* per access site: [lo, hi) of the buffer it last hit (0, 0: none) */
    uintptr_t lds_lo, lds_hi;
    volatile int *intr; /* the launch's interrupt flag (a zero word when none) */
    int64_t xvalid;
    void *handle;
    unsigned char *state_p;
    int *site_p;
    int64_t cur;
    unsigned char *frames_p;
    int64_t stride, nthreads_ir, cnt_done_ir, cnt_bar_ir;
    int64_t *sh_val_p;
    int32_t *sh_off_p, *sh_width_p, *sh_mode_p;
    int64_t *sh_res_p;
    unsigned char *sh_valid_p;
    int64_t cnt_wave_ir;
    /* C side */
    job *job;
    size_t hits_cap; /* words */
    int fiber_mode, failed, nthreads;
    volatile sig_atomic_t in_fault; /* the fault handler runs for this context (a second fault: give up) */
    int cnt_bar, cnt_wave, cnt_done; /* coroutine mode: threads in each state */
    jmp_buf abort_jb;
    fly_emu_fiber_home home;
    fly_emu_fiber *fibers;
    unsigned char state[MAX_BLOCK];
    int site[MAX_BLOCK];
    int32_t sh_off[MAX_BLOCK], sh_width[MAX_BLOCK], sh_mode[MAX_BLOCK];
    int64_t sh_val[MAX_BLOCK], sh_res[MAX_BLOCK];
    unsigned char sh_valid[MAX_BLOCK];
    fly_emu_mfma_lane *mf; /* MAX_BLOCK lanes' MFMA operands (emu_mfma.c), made on first use */
    unsigned char *lds_mem; /* LDS_SPAN bytes: the workgroup's LDS, then the sink for accesses past it */
    size_t lds_cap;
    unsigned char *frames; /* coroutine frames, frame_stride bytes per thread */
    size_t frame_stride, frames_cap;
    unsigned char *pf;  /* printf buffer: 16-byte header + data */
    size_t pf_cap;
    seg *segs;
    int nsegs, capsegs;
    char err[1024];
    uint64_t err_block;
    fly_emu_profw *profw; /* profiling: this worker's counters (prof_on: for the running launch) */
    int prof_on;
} fly_emu_ctx;

_Static_assert(offsetof(fly_emu_ctx, lds) == 8 * FLY_EMU_CTX_LDS, "ctx layout");
_Static_assert(offsetof(fly_emu_ctx, printf_buf) == 8 * FLY_EMU_CTX_PRINTF, "ctx layout");
_Static_assert(offsetof(fly_emu_ctx, tid) == 8 * FLY_EMU_CTX_TID, "ctx layout");
_Static_assert(offsetof(fly_emu_ctx, hits) == 8 * FLY_EMU_CTX_HITS, "ctx layout");
_Static_assert(offsetof(fly_emu_ctx, lds_lo) == 8 * FLY_EMU_CTX_LDS_LO, "ctx layout");
_Static_assert(offsetof(fly_emu_ctx, lds_hi) == 8 * FLY_EMU_CTX_LDS_HI, "ctx layout");
_Static_assert(offsetof(fly_emu_ctx, intr) == 8 * FLY_EMU_CTX_INTR, "ctx layout");
_Static_assert(offsetof(fly_emu_ctx, xvalid) == 8 * FLY_EMU_CTX_XVALID, "ctx layout");
_Static_assert(offsetof(fly_emu_ctx, handle) == 8 * FLY_EMU_CTX_HANDLE, "ctx layout");
_Static_assert(offsetof(fly_emu_ctx, state_p) == 8 * FLY_EMU_CTX_STATE, "ctx layout");
_Static_assert(offsetof(fly_emu_ctx, site_p) == 8 * FLY_EMU_CTX_SITES, "ctx layout");
_Static_assert(offsetof(fly_emu_ctx, cur) == 8 * FLY_EMU_CTX_CUR, "ctx layout");
_Static_assert(offsetof(fly_emu_ctx, frames_p) == 8 * FLY_EMU_CTX_FRAMES, "ctx layout");
_Static_assert(offsetof(fly_emu_ctx, stride) == 8 * FLY_EMU_CTX_STRIDE, "ctx layout");
_Static_assert(offsetof(fly_emu_ctx, nthreads_ir) == 8 * FLY_EMU_CTX_NTHREADS, "ctx layout");
_Static_assert(offsetof(fly_emu_ctx, cnt_done_ir) == 8 * FLY_EMU_CTX_CNT_DONE, "ctx layout");
_Static_assert(offsetof(fly_emu_ctx, cnt_bar_ir) == 8 * FLY_EMU_CTX_CNT_BAR, "ctx layout");
_Static_assert(offsetof(fly_emu_ctx, sh_val_p) == 8 * FLY_EMU_CTX_SH_VAL, "ctx layout");
_Static_assert(offsetof(fly_emu_ctx, sh_off_p) == 8 * FLY_EMU_CTX_SH_OFF, "ctx layout");
_Static_assert(offsetof(fly_emu_ctx, sh_width_p) == 8 * FLY_EMU_CTX_SH_WIDTH, "ctx layout");
_Static_assert(offsetof(fly_emu_ctx, sh_mode_p) == 8 * FLY_EMU_CTX_SH_MODE, "ctx layout");
_Static_assert(offsetof(fly_emu_ctx, sh_res_p) == 8 * FLY_EMU_CTX_SH_RES, "ctx layout");
_Static_assert(offsetof(fly_emu_ctx, sh_valid_p) == 8 * FLY_EMU_CTX_SH_VALID, "ctx layout");
_Static_assert(offsetof(fly_emu_ctx, cnt_wave_ir) == 8 * FLY_EMU_CTX_CNT_WAVE, "ctx layout");
_Static_assert(sizeof(int) == 4, "int32 barrier sites");

struct job {
    const fly_emu_kernel *k;
    const fly_emu_grid *g;
    uint64_t total, chunk; /* blocks, and blocks a worker claims at a time */
    _Atomic uint64_t next, done;
    _Atomic int stop;
    pthread_mutex_t mu; /* guards the error below */
    int failed;
    int lds_check; /* FLYI_EMU_LDS_CHECK=1: an LDS access past the workgroup's LDS is a fault */
    uint64_t err_block;
    char err[1024];
};

struct fly_emu_pool {
    int n;
    pthread_t *th;
    fly_emu_ctx **w;
    pthread_mutex_t mu;
    pthread_cond_t cv_work, cv_done;
    job *job;
    uint64_t gen;
    int busy, quit;
    fly_emu_ctx *self;
    void *alt; /* the launching thread's alternate signal stack (while it runs blocks) */
};

/* ---- errors ---- */

static void block_str(const fly_emu_ctx *c, char *b, size_t n) {
    snprintf(b, n, "block (%" PRId64 ",%" PRId64 ",%" PRId64 ")", c->block_id[0], c->block_id[1], c->block_id[2]);
}

static void thread_str(const fly_emu_ctx *c, int t, char *b, size_t n) {
    int bx = (int)c->block_dim[0], by = (int)c->block_dim[1];
    snprintf(b, n, "thread (%d,%d,%d)", t % bx, t / bx % by, t / (bx * by));
}

static int cur_thread(const fly_emu_ctx *c) {
    return (int)(c->tid[0] + c->block_dim[0] * (c->tid[1] + c->block_dim[1] * c->tid[2]));
}

/* Records the error of this block and leaves the running thread (never returns). */
static void abort_block(fly_emu_ctx *c) __attribute__((noreturn));
static void abort_block(fly_emu_ctx *c) {
    c->failed = 1;
    if (c->fiber_mode == M_FIBER) {
        c->state[c->cur] = T_DEAD;
        fly_emu_fiber_yield(&c->home, c->fibers, c->cur);
    }
    longjmp(c->abort_jb, 1);
}

static const char *site_str(const fly_emu_kernel *k, int site) {
    return site >= 0 && site < k->nsites && k->sites[site][0] ? k->sites[site] : NULL;
}

/* ---- runtime symbols ---- */

static void set_thread(fly_emu_ctx *c, int t) {
    int bx = (int)c->block_dim[0], by = (int)c->block_dim[1];
    c->cur = t;
    c->tid[0] = t % bx;
    c->tid[1] = t / bx % by;
    c->tid[2] = t / (bx * by);
}

/* Leaves fiber t (its state already set): switches straight to the next ready thread of the
 * block, in the scheduler's order (one switch instead of a yield and a resume), or returns to the
 * scheduler when none is left. Returns when t runs again. */
static void leave(fly_emu_ctx *c, int t) {
    for (int u = t + 1; u < c->nthreads; u++)
        if (c->state[u] == T_READY) {
            set_thread(c, u);
            fly_emu_fiber_switch(c->fibers, t, u);
            return;
        }
    fly_emu_fiber_yield(&c->home, c->fibers, t);
}

static void check_interrupt(fly_emu_ctx *c) {
    const fly_emu_grid *g = c->job->g;
    if (g->interrupt && *g->interrupt) {
        snprintf(c->err, sizeof c->err, "interrupted: kernel '%s' stopped", c->job->k->name);
        abort_block(c);
    }
    if (atomic_load_explicit(&c->job->stop, memory_order_relaxed)) {
        c->err[0] = '\0'; /* another block failed: its error is the launch's */
        abort_block(c);
    }
}

static void remember(fly_emu_ctx *c, int32_t site, uintptr_t lo, uintptr_t hi) {
    if (site >= 0 && (size_t)site * 2 + 1 < c->hits_cap) {
        c->hits[2 * site] = lo;
        c->hits[2 * site + 1] = hi;
    }
}

/* A register tensor access at byte offset off outside its alloca (bits 8..31 of flags: its size). */
static void reg_oob(fly_emu_ctx *c, int64_t off, int64_t bytes, int32_t site, int32_t flags) {
    const fly_emu_kernel *k = c->job->k;
    char bs[64], ts[64];
    block_str(c, bs, sizeof bs);
    thread_str(c, c->fiber_mode == M_LOOP ? cur_thread(c) : c->cur, ts, sizeof ts);
    const char *loc = site_str(k, site);
    int64_t size = (int64_t)((uint32_t)flags >> 8);
    char idx[96] = "";
    if (bytes > 0 && off % bytes == 0 && size % bytes == 0)
        snprintf(idx, sizeof idx, " (element %" PRId64 " of %" PRId64 ")", off / bytes, size / bytes);
    snprintf(c->err, sizeof c->err,
             "out-of-bounds access of a register tensor: kernel '%s' %s %s: %" PRId64 "-byte %s at byte offset %" PRId64
             "%s of a %" PRId64 "-byte register tensor%s%s",
             k->name, bs, ts, bytes, flags & FLY_EMU_ACC_STORE ? "store" : "load", off, idx, size, loc ? " at " : "",
             loc ? loc : "");
    abort_block(c);
}

/* The slow path of an access check (the inline compare missed). */
void fly_emu_chk(void *ctxp, int64_t addr, int64_t bytes, int32_t site, int32_t flags) {
    fly_emu_ctx *c = ctxp;
    uintptr_t a = (uintptr_t)addr, e = a + (uintptr_t)bytes;
    if (*c->intr) check_interrupt(c);
    if (flags & FLY_EMU_ACC_REG) {
        reg_oob(c, addr, bytes, site, flags);
        return;
    }
    if (flags & FLY_EMU_ACC_LDS) {
        if (a >= c->lds_lo && e <= c->lds_hi && e >= a) return;
        /* Past the workgroup's LDS, the hardware's rule unless FLYI_EMU_LDS_CHECK=1: no fault (the CDNA3/CDNA4 ISA,
         * 3.11 "Memory Violations", reports LDS alignment errors, not ranges; a buffer load to LDS "masks off EXEC
         * bits of threads that would go out of range"), reads give 0 and writes are dropped: those bytes are a sink
         * behind the LDS that a load or atomic zeroes before it reads. Further away is still a fault. */
        if (!c->job->lds_check && a >= c->lds_lo && e > a && e <= (uintptr_t)c->lds_mem + LDS_SPAN(c)) {
            uintptr_t past = a > c->lds_hi ? a : c->lds_hi; /* a straddling access keeps its bytes in range */
            if (!(flags & FLY_EMU_ACC_STORE)) memset((void *)past, 0, e - past);
            return;
        }
    } else {
        const fly_emu_grid *g = c->job->g;
        uintptr_t plo = (uintptr_t)c->pf, phi = plo + 16 + c->pf_cap;
        if (c->pf && a >= plo && e <= phi && e >= a) {
            remember(c, site, plo, phi);
            return;
        }
        for (int i = 0; i < g->nbufs; i++)
            if (a >= g->bufs[i].lo && e <= g->bufs[i].hi && e >= a) {
                remember(c, site, g->bufs[i].lo, g->bufs[i].hi);
                return;
            }
    }
    const fly_emu_kernel *k = c->job->k;
    const fly_emu_grid *g = c->job->g;
    char bs[64], ts[64], where[512] = "";
    block_str(c, bs, sizeof bs);
    thread_str(c, c->fiber_mode == M_LOOP ? cur_thread(c) : c->cur, ts, sizeof ts);
    const char *loc = site_str(k, site);
    const char *what = flags & FLY_EMU_ACC_ATOMIC ? "atomic" : flags & FLY_EMU_ACC_STORE ? "store" : "load";
    if (flags & FLY_EMU_ACC_LDS) {
        snprintf(where, sizeof where, "LDS offset %" PRId64 " is outside the workgroup's %zu-byte LDS allocation",
                 (int64_t)(a - c->lds_lo), (size_t)(c->lds_hi - c->lds_lo));
    } else {
        int best = -1;
        uintptr_t bd = UINTPTR_MAX;
        for (int i = 0; i < g->nbufs; i++) {
            uintptr_t d = a < g->bufs[i].lo ? g->bufs[i].lo - a : a >= g->bufs[i].hi ? a - g->bufs[i].hi + 1 : 0;
            if (d < bd) {
                bd = d;
                best = i;
            }
        }
        if (best < 0) {
            snprintf(where, sizeof where, "address 0x%" PRIxPTR " (the kernel was given no buffers)", a);
        } else {
            const fly_emu_buffer *b = &g->bufs[best];
            size_t n = b->size ? b->size : (size_t)(b->hi - b->lo);
            char sz[96];
            if (n != (size_t)(b->hi - b->lo))
                snprintf(sz, sizeof sz, "%zu bytes, padded to %zu", n, (size_t)(b->hi - b->lo));
            else snprintf(sz, sizeof sz, "%zu bytes", n);
            if (a < 4096 || bd > ((uintptr_t)1 << 30)) /* a raw pointer far from every buffer */
                snprintf(where, sizeof where,
                         "address 0x%" PRIxPTR " is in none of the kernel's buffers (%s pointer; the "
                         "nearest is %s [0x%" PRIxPTR ", %s))",
                         a, a < 4096 ? "a null" : "a stray", b->name, b->lo, sz);
            else if (a < b->lo)
                snprintf(where, sizeof where,
                         "address 0x%" PRIxPTR " is %" PRIuPTR " bytes before %s [0x%" PRIxPTR ", %s)", a, b->lo - a,
                         b->name, b->lo, sz);
            else /* counted from the end of the bytes asked for */
                snprintf(where, sizeof where,
                         "address 0x%" PRIxPTR " is %" PRIuPTR " bytes past the end of %s [0x%" PRIxPTR ", %s)", a,
                         e - (b->lo + n), b->name, b->lo, sz);
        }
    }
    snprintf(c->err, sizeof c->err, "out of bounds: kernel '%s' %s %s: %" PRId64 "-byte %s%s: %s%s%s", k->name, bs, ts,
             bytes, flags & FLY_EMU_ACC_LDS ? "LDS " : "", what, where, loc ? " at " : "", loc ? loc : "");
    abort_block(c);
}

void fly_emu_poll(void *ctxp) { check_interrupt(ctxp); }

void fly_emu_prof(void *ctxp, int64_t addr, int32_t site) {
    fly_emu_ctx *c = ctxp;
    if (c->prof_on) fly_emu_profw_record(c->profw, c->fiber_mode == M_LOOP ? cur_thread(c) : (int)c->cur, addr, site);
}

void fly_emu_divchk(void *ctxp, int64_t d, int32_t site, int32_t flags) {
    fly_emu_ctx *c = ctxp;
    const fly_emu_kernel *k = c->job->k;
    char bs[64], ts[64];
    block_str(c, bs, sizeof bs);
    thread_str(c, c->fiber_mode == M_LOOP ? cur_thread(c) : c->cur, ts, sizeof ts);
    const char *loc = site_str(k, site);
    int bits = (flags >> 8) & 0xff;
    const char *sg = flags & FLY_EMU_DIV_SIGNED ? "signed" : "unsigned";
    const char *op = flags & FLY_EMU_DIV_REM ? "remainder" : "division";
    if (d == 0)
        snprintf(c->err, sizeof c->err, "integer division by zero: kernel '%s' %s %s: %d-bit %s %s%s%s", k->name, bs,
                 ts, bits, sg, op, loc ? " at " : "", loc ? loc : "");
    else /* signed MIN / -1: the quotient does not fit */
        snprintf(c->err, sizeof c->err,
                 "integer overflow: kernel '%s' %s %s: %d-bit signed %s of %" PRId64 " by -1 does not fit%s%s", k->name,
                 bs, ts, bits, op, bits >= 64 ? INT64_MIN : -((int64_t)1 << (bits - 1)), loc ? " at " : "",
                 loc ? loc : "");
    abort_block(c);
}

void fly_emu_vdivchk(void *ctxp, int64_t d, int32_t site, int32_t flags, int64_t t0) {
    ((fly_emu_ctx *)ctxp)->cur = (int)t0;
    fly_emu_divchk(ctxp, d, site, flags);
}

/* ---- the safety net: a fault in kernel code (a trap no check covers) stops the block ---- */

/* The context whose block this thread runs (NULL outside generated code's reach). */
static _Thread_local fly_emu_ctx *tl_running;
static struct sigaction old_act[4];
static const int fault_sigs[4] = {SIGFPE, SIGSEGV, SIGBUS, SIGILL};
#define ALT_STACK (64 * 1024)

static const char *fault_what(int sig, const siginfo_t *si, char *b, size_t n) {
    uintptr_t a = (uintptr_t)si->si_addr;
    switch (sig) {
    case SIGFPE:
        snprintf(b, n, "SIGFPE: %s",
                 si->si_code == FPE_INTDIV   ? "integer division by zero"
                 : si->si_code == FPE_INTOVF ? "integer overflow"
                                             : "arithmetic exception");
        break;
    case SIGSEGV: snprintf(b, n, "SIGSEGV: invalid memory access at address 0x%" PRIxPTR, a); break;
    case SIGBUS: snprintf(b, n, "SIGBUS: bus error at address 0x%" PRIxPTR, a); break;
    default: snprintf(b, n, "SIGILL: illegal instruction at 0x%" PRIxPTR, a); break;
    }
    return b;
}

static void fault_handler(int sig, siginfo_t *si, void *uc) {
    (void)uc;
    fly_emu_ctx *c = tl_running;
    if (!c || c->in_fault || !c->job) { /* not ours (or a fault while reporting one): the old action */
        for (int i = 0; i < 4; i++)
            if (fault_sigs[i] == sig) sigaction(sig, &old_act[i], NULL);
        return; /* the instruction faults again */
    }
    c->in_fault = 1;
    char bs[64], ts[64], what[160];
    block_str(c, bs, sizeof bs);
    thread_str(c, c->fiber_mode == M_LOOP ? cur_thread(c) : (int)c->cur, ts, sizeof ts);
    snprintf(c->err, sizeof c->err, "fault: kernel '%s' %s %s: %s (in code the emulator's checks do not cover)",
             c->job->k->name, bs, ts, fault_what(sig, si, what, sizeof what));
    c->in_fault = 0;
    abort_block(c);
}

/* The handlers are installed while a launch runs (whoever installed others since, LLVM's crash
 * handlers or a front end's, gets them back after): launches in flight are counted. */
static pthread_mutex_t handlers_mu = PTHREAD_MUTEX_INITIALIZER;
static int handlers_users;

static void handlers_enter(void) {
    pthread_mutex_lock(&handlers_mu);
    if (handlers_users++ == 0) {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_sigaction = fault_handler;
        /* on the thread's alternate stack (a fiber's stack may be what overflowed); not blocked while it
         * runs, since it leaves by longjmp or a fiber switch and the next fault must find it again */
        sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
        sigemptyset(&sa.sa_mask);
        for (int i = 0; i < 4; i++) sigaction(fault_sigs[i], &sa, &old_act[i]);
    }
    pthread_mutex_unlock(&handlers_mu);
}

static void handlers_leave(void) {
    pthread_mutex_lock(&handlers_mu);
    if (--handlers_users == 0)
        for (int i = 0; i < 4; i++) sigaction(fault_sigs[i], &old_act[i], NULL);
    pthread_mutex_unlock(&handlers_mu);
}

/* Gives this thread the alternate signal stack mem (ALT_STACK bytes) unless it has one; *old receives
 * the previous one (to restore). Returns whether it installed mem. */
static bool alt_stack_push(void *mem, stack_t *old) {
    if (sigaltstack(NULL, old) || !(old->ss_flags & SS_DISABLE) || !mem) return false;
    stack_t st = {.ss_sp = mem, .ss_size = ALT_STACK, .ss_flags = 0};
    return sigaltstack(&st, NULL) == 0;
}

static void alt_stack_pop(bool pushed) {
    stack_t off = {.ss_flags = SS_DISABLE};
    if (pushed) sigaltstack(&off, NULL);
}

void fly_emu_barrier(void *ctxp, int32_t site) {
    fly_emu_ctx *c = ctxp;
    int t = c->cur;
    if (c->fiber_mode == M_CORO) {
        /* (generated code does this inline) the thread suspends after this call; the
         * scheduler counts it and polls the interrupt per phase */
        c->state[t] = T_BAR;
        c->site[t] = site;
        return;
    }
    check_interrupt(c);
    if (c->fiber_mode == M_LOOP) return; /* unreachable: kernels with barriers run in fibers or coroutines */
    c->state[t] = T_BAR;
    c->site[t] = site;
    leave(c, t);
}

void *fly_emu_coro_frame(void *ctxp, int64_t size) {
    fly_emu_ctx *c = ctxp;
    size_t need = ((size_t)size + 63) & ~(size_t)63;
    if (c->cur == 0 && (need > c->frame_stride || need * (size_t)c->nthreads > c->frames_cap)) {
        /* the first thread of a block: no frame is live yet */
        if (need > c->frame_stride) c->frame_stride = need;
        size_t total = c->frame_stride * MAX_BLOCK;
        free(c->frames);
        c->frames = aligned_alloc(64, total);
        c->frames_cap = c->frames ? total : 0;
    }
    if (!c->frames || need > c->frame_stride) {
        snprintf(c->err, sizeof c->err, "cannot allocate thread frames for kernel '%s'", c->job->k->name);
        abort_block(c);
    }
    return c->frames + c->frame_stride * (size_t)c->cur;
}

void fly_emu_shfl_put(void *ctxp, int64_t value, int32_t offset, int32_t width, int32_t mode) {
    fly_emu_ctx *c = ctxp;
    int t = c->cur;
    c->sh_val[t] = value;
    c->sh_off[t] = offset;
    c->sh_width[t] = width;
    c->sh_mode[t] = mode;
    c->state[t] = T_WAVE;
    c->site[t] = -1;
    c->cnt_wave++;
}

int64_t fly_emu_shfl_get(void *ctxp, int64_t value, int32_t offset, int32_t width, int32_t mode) {
    (void)value, (void)offset, (void)width, (void)mode;
    fly_emu_ctx *c = ctxp;
    c->xvalid = c->sh_valid[c->cur];
    return c->sh_res[c->cur];
}

int64_t fly_emu_shfl(void *ctxp, int64_t value, int32_t offset, int32_t width, int32_t mode) {
    fly_emu_ctx *c = ctxp;
    c->xvalid = 1;
    if (c->fiber_mode != M_FIBER) return mode == FLY_EMU_X_BALLOT ? value != 0 : value;
    int t = c->cur;
    c->sh_val[t] = value;
    c->sh_off[t] = offset;
    c->sh_width[t] = width;
    c->sh_mode[t] = mode;
    c->state[t] = T_WAVE;
    c->site[t] = -1;
    leave(c, t);
    c->xvalid = c->sh_valid[t];
    return c->sh_res[t];
}

static fly_emu_mfma_lane *mfma_lane(fly_emu_ctx *c) {
    if (!c->mf && !(c->mf = calloc(MAX_BLOCK, sizeof *c->mf))) {
        snprintf(c->err, sizeof c->err, "out of memory for the MFMA operands of kernel '%s'", c->job->k->name);
        abort_block(c);
    }
    return &c->mf[c->cur];
}

void *fly_emu_mfma_slot(void *ctxp) { return mfma_lane(ctxp); }

/* A full wave whose 64 lanes all wait at the same xor / up / down shuffle (one offset and width): the
 * results without the per-lane mode switch and state checks, branch-free (the same values as the
 * general loop below, which tests/unit/test_runtime compares through FLYI_EMU_SHFL_REF=1). Returns
 * false when the wave is not that case. */
static bool shfl_ref(void) {
    static _Atomic int ref = -1;
    int r = atomic_load_explicit(&ref, memory_order_relaxed);
    if (r < 0) atomic_store_explicit(&ref, r = getenv("FLYI_EMU_SHFL_REF") != NULL, memory_order_relaxed);
    return r;
}

static bool shuffle_uniform(fly_emu_ctx *c, int w0) {
    bool r = shfl_ref();
    int mode = c->sh_mode[w0], off = c->sh_off[w0], w = c->sh_width[w0];
    if (r || (mode != FLY_EMU_X_XOR && mode != FLY_EMU_X_UP && mode != FLY_EMU_X_DOWN)) return false;
    uint32_t diff = 0; /* branch-free, so the compiler vectorises it */
    for (int t = w0; t < w0 + WAVE; t++)
        diff |= ((uint32_t)c->sh_mode[t] ^ (uint32_t)mode) | ((uint32_t)c->sh_off[t] ^ (uint32_t)off) |
                ((uint32_t)c->sh_width[t] ^ (uint32_t)w);
    if (diff) return false;
    int width = w > 0 && w <= WAVE ? w : WAVE;
    const int64_t *val = c->sh_val + w0;
    int64_t *res = c->sh_res + w0;
    unsigned char *valid = c->sh_valid + w0;
    if (mode == FLY_EMU_X_XOR && !(width & (width - 1)) && off >= 0 && off < width) {
        /* a butterfly inside power-of-two groups: every source lane is valid, lane ^ off */
        switch (off) { /* constant offsets: the copies vectorise */
#define XOR_CASE(k) \
    case k: \
        for (int lane = 0; lane < WAVE; lane++) res[lane] = val[lane ^ k]; \
        break;
            XOR_CASE(1)
            XOR_CASE(2)
            XOR_CASE(4)
            XOR_CASE(8)
            XOR_CASE(16)
            XOR_CASE(32)
#undef XOR_CASE
        default:
            for (int lane = 0; lane < WAVE; lane++) res[lane] = val[lane ^ off];
        }
        memset(valid, 1, WAVE);
        memset(c->state + w0, T_READY, WAVE);
        return true;
    }
    for (int base = 0; base < WAVE; base += width) /* the width groups, without divisions */
        for (int lane = base; lane < base + width && lane < WAVE; lane++) {
            int rel = lane - base;
            int src = mode == FLY_EMU_X_XOR ? rel ^ off : mode == FLY_EMU_X_UP ? rel - off : rel + off;
            int s = base + src;
            bool ok = (src >= 0) & (src < width) & (s < WAVE);
            res[lane] = val[ok ? s : lane];
            valid[lane] = ok;
        }
    memset(c->state + w0, T_READY, WAVE);
    return true;
}

/* A full wave whose 64 lanes all wait at the same MFMA: D of every lane, and the results the general loop below
 * gives such lanes (the shuffle value of lane `kind`, which is 0), without its per-lane mode switch. Returns
 * false when the wave is not that case (or FLYI_EMU_SHFL_REF=1). */
static bool mfma_uniform(fly_emu_ctx *c, int w0) {
    int kind = c->sh_off[w0];
    if (c->sh_mode[w0] != FLY_EMU_X_MFMA || !c->mf || shfl_ref()) return false;
    int same = 1;
    for (int t = w0 + 1; t < w0 + WAVE; t++) same &= (c->sh_mode[t] == FLY_EMU_X_MFMA) & (c->sh_off[t] == kind);
    if (!same) return false;
    unsigned char act[WAVE];
    memset(act, 1, WAVE);
    fly_emu_mfma_wave(kind, c->mf + w0, act, WAVE);
    bool ok = kind >= 0 && kind < WAVE;
    for (int lane = 0; lane < WAVE; lane++) {
        c->sh_res[w0 + lane] = c->sh_val[w0 + (ok ? kind : lane)];
        c->sh_valid[w0 + lane] = ok;
    }
    memset(c->state + w0, T_READY, WAVE);
    return true;
}

/* Computes the results of a wave whose live lanes all wait at a cross-lane operation. */
static void shuffle_wave(fly_emu_ctx *c, int w0, int w1) {
    /* MFMA lanes (each deposited its operands before waiting): D for all of them at once */
    unsigned char act[WAVE] = {0};
    int kind = -1;
    for (int t = w0; t < w1; t++)
        if (c->state[t] == T_WAVE && c->sh_mode[t] == FLY_EMU_X_MFMA) {
            act[t - w0] = 1;
            if (kind < 0) kind = c->sh_off[t];
        }
    if (kind >= 0 && c->mf) fly_emu_mfma_wave(kind, c->mf + w0, act, w1 - w0);
    int first = -1;
    uint64_t ballot = 0;
    for (int t = w0; t < w1; t++)
        if (c->state[t] == T_WAVE) {
            if (first < 0) first = t - w0;
            ballot |= (uint64_t)(c->sh_val[t] != 0) << (t - w0);
        }
    for (int t = w0; t < w1; t++) {
        if (c->state[t] != T_WAVE) continue;
        int lane = t - w0, width = c->sh_width[t] > 0 && c->sh_width[t] <= WAVE ? c->sh_width[t] : WAVE;
        int base = lane / width * width, rel = lane - base, src;
        switch (c->sh_mode[t]) {
        case FLY_EMU_X_XOR: src = rel ^ c->sh_off[t]; break;
        case FLY_EMU_X_UP: src = rel - c->sh_off[t]; break;
        case FLY_EMU_X_DOWN: src = rel + c->sh_off[t]; break;
        case FLY_EMU_X_IDX: {
            /* as gpu.shuffle idx lowers for AMDGPU: the offset is an absolute lane, read when it is below the end of
             * this lane's width group (a ds_bpermute, so the lane wraps at the wave), else the lane's own value */
            int end = (lane + width) & -width, dst = c->sh_off[t];
            base = 0, width = WAVE;
            src = dst < end ? dst & (WAVE - 1) : -1;
            break;
        }
        case FLY_EMU_X_READLANE: base = 0, width = WAVE, src = c->sh_off[t] & (WAVE - 1); break;
        case FLY_EMU_X_READFIRSTLANE: base = 0, width = WAVE, src = first; break;
        case FLY_EMU_X_BPERMUTE: base = 0, width = WAVE, src = (int)(((uint32_t)c->sh_off[t] >> 2) & (WAVE - 1)); break;
        case FLY_EMU_X_BALLOT: base = 0, width = WAVE, src = rel; break;
        case FLY_EMU_X_DPP: { /* gfx9's controls; src -1 when the pattern leaves the row (or the wave) */
            int ctrl = c->sh_off[t], r16 = lane & 15, row = lane & ~15;
            base = 0, width = WAVE;
            if (ctrl <= 0xff) src = (lane & ~3) | ((ctrl >> (2 * (lane & 3))) & 3);
            else if (ctrl >= 0x101 && ctrl <= 0x10f) src = r16 + (ctrl & 15) < 16 ? lane + (ctrl & 15) : -1;
            else if (ctrl >= 0x111 && ctrl <= 0x11f) src = r16 - (ctrl & 15) >= 0 ? lane - (ctrl & 15) : -1;
            else if (ctrl >= 0x121 && ctrl <= 0x12f) src = row + ((r16 - (ctrl & 15)) & 15);
            else if (ctrl == 0x130) src = lane + 1 < WAVE ? lane + 1 : -1; /* wave_shl:1 */
            else if (ctrl == 0x134) src = (lane + 1) & (WAVE - 1); /* wave_rol:1 */
            else if (ctrl == 0x138) src = lane - 1; /* wave_shr:1: lane 0 reads nothing */
            else if (ctrl == 0x13c) src = (lane - 1) & (WAVE - 1); /* wave_ror:1 */
            else if (ctrl == 0x140) src = row + 15 - r16;
            else if (ctrl == 0x141) src = row + (r16 & 8) + 7 - (r16 & 7);
            else if (ctrl == 0x142) src = row ? row - 1 : -1; /* row_bcast:15: the previous row's last lane */
            else if (ctrl == 0x143) src = lane >= 32 ? 31 : -1; /* row_bcast:31: lane 31 to rows 2 and 3 */
            else src = -1;
            break;
        }
        case FLY_EMU_X_SWIZZLE: {
            uint32_t o = (uint32_t)c->sh_off[t] & 0xffff;
            base = 0, width = WAVE;
            if (o & 0x8000) /* quad permute: lane i of a quad reads lane offset[2i+1:2i] */
                src = (lane & ~3) | (int)((o >> ((lane & 3) * 2)) & 3);
            else /* bitmask: within 32 lanes, ((lane & and) | or) ^ xor */
                src = (lane & 32) | (int)((((uint32_t)lane & 31 & o) | ((o >> 5) & 31)) ^ ((o >> 10) & 31));
            break;
        }
        default: src = c->sh_off[t]; break;
        }
        int s = w0 + base + src;
        bool valid = src >= 0 && src < width && s < w1 && c->state[s] == T_WAVE;
        c->sh_res[t] = c->sh_mode[t] == FLY_EMU_X_BALLOT                                           ? (int64_t)ballot
                       : valid                                                                     ? c->sh_val[s]
                       : c->sh_mode[t] == FLY_EMU_X_BPERMUTE || c->sh_mode[t] == FLY_EMU_X_SWIZZLE ? 0
                                                                                                   : c->sh_val[t];
        c->sh_valid[t] = valid;
    }
    for (int t = w0; t < w1; t++)
        if (c->state[t] == T_WAVE) c->state[t] = T_READY;
}

/* ---- running a block ---- */

static void fiber_main(void *arg) {
    fly_emu_ctx *c = arg;
    int t = c->cur;
    c->job->k->thread_fn(c->job->g->args, c);
    c->state[t] = T_DONE;
    leave(c, t);
}

static void deadlock(fly_emu_ctx *c, int n) {
    int nbar = 0, nwave = 0, ndone = 0, first_bar = -1, first_other = -1;
    for (int t = 0; t < n; t++) {
        if (c->state[t] == T_BAR) {
            nbar++;
            if (first_bar < 0) first_bar = t;
        } else {
            if (c->state[t] == T_WAVE) nwave++;
            else if (c->state[t] == T_DONE) ndone++;
            if (first_other < 0) first_other = t;
        }
    }
    char bs[64], t1[64] = "", t2[64] = "";
    block_str(c, bs, sizeof bs);
    if (first_bar >= 0) thread_str(c, first_bar, t1, sizeof t1);
    if (first_other >= 0) thread_str(c, first_other, t2, sizeof t2);
    const char *loc = first_bar >= 0 ? site_str(c->job->k, c->site[first_bar]) : NULL;
    snprintf(c->err, sizeof c->err,
             "deadlock: kernel '%s' %s: a barrier is not reached by every thread: %d of %d threads wait at the "
             "barrier%s%s (first: %s), %d exited without reaching it, %d wait at a cross-lane operation (first "
             "elsewhere: %s)",
             c->job->k->name, bs, nbar, n, loc ? " at " : "", loc ? loc : "", t1, ndone, nwave, t2);
    c->failed = 1;
}

static int release(fly_emu_ctx *c, int n);

/* Releases the threads waiting at the barrier. As S_BARRIER on CDNA3/CDNA4, the barrier waits only for the
 * waves that have not ended: threads that returned stay done, the others go on (a wave whose other lanes
 * returned goes on with the lanes it has left). */
static void release_barrier(fly_emu_ctx *c, int n) {
    if (c->fiber_mode >= M_CORO && !c->cnt_done) {
        memset(c->state, T_READY, (size_t)n);
        return;
    }
    for (int t = 0; t < n; t++)
        if (c->state[t] == T_BAR) c->state[t] = T_READY;
}

static void run_fibers(fly_emu_ctx *c, int n) {
    if (!c->fibers) {
        c->fibers = fly_emu_fibers_create(MAX_BLOCK, FIBER_STACK);
        if (!c->fibers) {
            snprintf(c->err, sizeof c->err, "cannot allocate fiber stacks for kernel '%s'", c->job->k->name);
            c->failed = 1;
            return;
        }
    }
    c->fiber_mode = M_FIBER;
    c->nthreads = n;
    for (int t = 0; t < n; t++) {
        c->state[t] = T_READY;
        fly_emu_fiber_start(c->fibers, t, fiber_main, c);
    }
    for (;;) {
        int ran = 0;
        for (int t = 0; t < n && !c->failed; t++) {
            if (c->state[t] != T_READY) continue;
            set_thread(c, t);
            fly_emu_fiber_resume(&c->home, c->fibers, t);
            ran++;
        }
        (void)ran;
        if (c->failed || release(c, n) <= 0) return;
    }
}

/* After a pass over the ready threads: releases waves whose live lanes all wait at a cross-lane
 * operation, else the block when every thread waits at the barrier. Returns 1 when threads were
 * released, 0 when every thread is done, -1 on deadlock (reported). */
static int release(fly_emu_ctx *c, int n) {
    if (c->fiber_mode >= M_CORO && !c->cnt_wave) { /* the common case without scanning */
        if (c->cnt_done == n) return 0;
        if (c->cnt_bar && c->cnt_bar + c->cnt_done == n) {
            release_barrier(c, n);
            c->cnt_bar = 0;
            return 1;
        }
    }
    int released = 0;
    if (c->fiber_mode >= M_CORO && c->cnt_wave == n && n % WAVE == 0) { /* every thread waits at a cross-lane op */
        for (int w0 = 0; w0 < n; w0 += WAVE)
            if (!shuffle_uniform(c, w0) && !mfma_uniform(c, w0)) shuffle_wave(c, w0, w0 + WAVE);
        c->cnt_wave = 0;
        return 1;
    }
    for (int w0 = 0; w0 < n; w0 += WAVE) {
        int w1 = w0 + WAVE < n ? w0 + WAVE : n, live = 0, waiting = 0;
        for (int t = w0; t < w1; t++) {
            live += c->state[t] != T_DONE;
            waiting += c->state[t] == T_WAVE;
        }
        if (waiting && waiting == live) {
            /* a full wave all at one operation (one wave reducing while the others wait at a barrier) */
            bool full = waiting == WAVE && (shuffle_uniform(c, w0) || mfma_uniform(c, w0));
            if (!full) shuffle_wave(c, w0, w1);
            released = 1;
            c->cnt_wave -= waiting;
        }
    }
    if (released) return 1;
    int done = 0, bar = 0;
    for (int t = 0; t < n; t++) {
        done += c->state[t] == T_DONE;
        bar += c->state[t] == T_BAR;
    }
    if (done == n) return 0;
    if (bar && bar + done == n) {
        release_barrier(c, n);
        return 1;
    }
    deadlock(c, n);
    return -1;
}

/* Runs a block of coroutine threads: the ramps in thread order, then after each release the
 * ready threads in thread order (the order fibers ran them in: printf order is the same). */
static void run_coro(fly_emu_ctx *c, int n) {
    const fly_emu_kernel *k = c->job->k;
    void **argv = c->job->g->args;
    c->fiber_mode = M_CORO;
    c->nthreads = n;
    c->cnt_bar = c->cnt_wave = c->cnt_done = 0;
    c->state_p = c->state;
    c->site_p = c->site;
    if (setjmp(c->abort_jb)) return; /* c->failed is set */
    int bx = (int)c->block_dim[0], by = (int)c->block_dim[1];
    c->tid[0] = c->tid[1] = c->tid[2] = 0;
    for (int t = 0; t < n; t++) {
        c->cur = t;
        c->state[t] = T_RUN;
        k->thread_fn(argv, c);
        if (c->state[t] == T_RUN) {
            c->state[t] = T_DONE;
            c->cnt_done++;
        } else {
            c->cnt_bar += c->state[t] == T_BAR;
        }
        if (++c->tid[0] == bx) { /* the next thread's ids without divisions */
            c->tid[0] = 0;
            if (++c->tid[1] == by) {
                c->tid[1] = 0;
                c->tid[2]++;
            }
        }
    }
    while (release(c, n) > 0) {
        if (*c->intr || atomic_load_explicit(&c->job->stop, memory_order_relaxed)) check_interrupt(c);
        int64_t r = k->lanes_fn(c, c->frames, (int64_t)c->frame_stride, n);
        c->cnt_done += (int)(r & 0xffffffff);
        c->cnt_bar += (int)(r >> 32);
    }
}

/* Runs a block of a phase-loop kernel: each call of thread_fn runs every ready thread, in thread
 * order, to its next barrier or cross-lane operation or its end. */
static void run_phased(fly_emu_ctx *c, int n) {
    const fly_emu_kernel *k = c->job->k;
    void **argv = c->job->g->args;
    size_t stride = k->frame_bytes;
    if (stride * MAX_BLOCK > c->frames_cap) {
        free(c->frames);
        c->frames = aligned_alloc(64, stride * MAX_BLOCK);
        c->frames_cap = c->frames ? stride * MAX_BLOCK : 0;
        if (!c->frames) {
            snprintf(c->err, sizeof c->err, "cannot allocate thread frames for kernel '%s'", k->name);
            c->failed = 1;
            return;
        }
    }
    c->fiber_mode = M_PHASE;
    c->nthreads = n;
    c->cnt_bar = c->cnt_wave = c->cnt_done = 0;
    c->state_p = c->state;
    c->site_p = c->site;
    c->frames_p = c->frames;
    c->stride = (int64_t)stride;
    c->nthreads_ir = n;
    c->sh_val_p = c->sh_val, c->sh_off_p = c->sh_off, c->sh_width_p = c->sh_width, c->sh_mode_p = c->sh_mode;
    c->sh_res_p = c->sh_res, c->sh_valid_p = c->sh_valid;
    memset(c->state, T_READY, (size_t)n);
    for (int t = 0; t < n; t++) /* every thread starts at the beginning */
        memset(c->frames + stride * (size_t)t, 0, 4);
    if (setjmp(c->abort_jb)) return; /* c->failed is set */
    do {
        if (*c->intr || atomic_load_explicit(&c->job->stop, memory_order_relaxed)) check_interrupt(c);
        c->cnt_wave_ir = 0;
        k->thread_fn(argv, c);
        c->cnt_done += (int)c->cnt_done_ir;
        c->cnt_bar += (int)c->cnt_bar_ir;
        c->cnt_wave += (int)c->cnt_wave_ir;
    } while (release(c, n) > 0);
}

/* Runs a block through the kernel's lane-vector form (emu_vec.c): one call, a wave at a time. */
static void run_vec(fly_emu_ctx *c, int n) {
    c->fiber_mode = M_PHASE;
    c->nthreads = n;
    c->cur = 0;
    if (setjmp(c->abort_jb)) return; /* c->failed is set */
    if (*c->intr || atomic_load_explicit(&c->job->stop, memory_order_relaxed)) check_interrupt(c);
    c->job->k->vec_fn(c->job->g->args, c);
}

void fly_emu_vchk(void *ctxp, int64_t addrs, int64_t first, int64_t stride, int64_t mask, int64_t t0, int64_t bytes,
                  int32_t site, int32_t flags, int64_t vals) {
    fly_emu_ctx *c = ctxp;
    const int64_t *a = (const int64_t *)(intptr_t)addrs;
    bool consec = flags & FLY_EMU_VCHK_CONSEC;
    flags &= ~FLY_EMU_VCHK_CONSEC;
    for (int l = 0; l < WAVE; l++) {
        if (!((uint64_t)mask >> l & 1)) continue;
        uintptr_t ad = (uintptr_t)(a ? a[l] : first + l * stride), e = ad + (uintptr_t)bytes, lo, hi;
        if (flags & FLY_EMU_ACC_LDS) {
            lo = c->lds_lo, hi = c->lds_hi;
        } else {
            lo = c->hits[2 * site], hi = c->hits[2 * site + 1];
        }
        if (!(ad >= lo && e <= hi && e > ad)) {
            c->cur = (int)(t0 + l);
            fly_emu_chk(c, (int64_t)ad, bytes, site, flags);
        }
        /* a store: this lane's value now, as the thread would have stored it before the next one faults */
        if ((flags & FLY_EMU_ACC_STORE) && vals)
            memcpy((void *)ad, (const char *)(intptr_t)vals + l * bytes, (size_t)bytes);
    }
    /* every lane in bounds: a consecutive access is right only when the lanes' addresses are (an index that
     * wraps between lanes is not; the phase loop handles it) */
    for (int l = 0, l0 = -1; consec && a && l < WAVE; l++) {
        if (!((uint64_t)mask >> l & 1)) continue;
        if (l0 < 0) l0 = l;
        if (a[l] != a[l0] + (l - l0) * bytes) {
            const char *loc = site_str(c->job->k, site);
            char bs[64];
            block_str(c, bs, sizeof bs);
            snprintf(c->err, sizeof c->err,
                     "kernel '%s' %s: lanes %d and %d of a wave access non-consecutive addresses where the emulator's "
                     "lane-vector form assumed consecutive ones%s%s (FLYI_EMU_VEC_OFF=1 runs it thread by thread)",
                     c->job->k->name, bs, l0, l, loc ? " at " : "", loc ? loc : "");
            abort_block(c);
        }
    }
}

static void pf_segment(fly_emu_ctx *c, uint64_t block, size_t start) {
    uint32_t head;
    memcpy(&head, c->pf, 4);
    size_t end = head < c->pf_cap ? head : c->pf_cap;
    /* a reservation that did not fit moved head past cap: rewind to the last record that fits */
    if (head > c->pf_cap) {
        size_t off = start;
        while (off + 8 <= c->pf_cap) {
            uint32_t sz;
            memcpy(&sz, c->pf + 16 + off + 4, 4);
            if (!sz || off + sz > c->pf_cap) break;
            off += sz;
        }
        end = off;
    }
    if (end <= start) return;
    if (c->nsegs == c->capsegs) {
        int nc = c->capsegs ? c->capsegs * 2 : 64;
        seg *v = realloc(c->segs, sizeof *v * (size_t)nc);
        if (!v) return;
        c->segs = v;
        c->capsegs = nc;
    }
    c->segs[c->nsegs++] = (seg){block, start, end};
}

static void run_block(fly_emu_ctx *c, uint64_t lin) {
    const fly_emu_grid *g = c->job->g;
    const fly_emu_kernel *k = c->job->k;
    c->block_id[0] = (int64_t)(lin % g->grid[0]);
    c->block_id[1] = (int64_t)(lin / g->grid[0] % g->grid[1]);
    c->block_id[2] = (int64_t)(lin / ((uint64_t)g->grid[0] * g->grid[1]));
    size_t lds = k->lds_static + g->lds_dynamic;
    if (lds) memset(c->lds_mem, 0, lds);
    c->lds_lo = (uintptr_t)c->lds_mem;
    c->lds_hi = c->lds_lo + lds;
    c->failed = 0;
    c->cur = 0;
    volatile size_t pf_start = 0;
    if (c->pf) {
        uint32_t head;
        memcpy(&head, c->pf, 4);
        pf_start = head < c->pf_cap ? head : c->pf_cap;
    }
    int n = (int)(g->block[0] * g->block[1] * g->block[2]);
    c->in_fault = 0;
    tl_running = c;
    if (k->syncs && k->vec_fn && n % WAVE == 0 && g->block[1] == 1 && g->block[2] == 1 && !c->prof_on) {
        run_vec(c, n);
    } else if (k->syncs && k->phased) {
        run_phased(c, n);
    } else if (k->syncs && k->lanes_fn) {
        run_coro(c, n);
    } else if (k->syncs) {
        run_fibers(c, n);
    } else {
        c->fiber_mode = M_LOOP;
        c->tid[0] = c->tid[1] = c->tid[2] = 0;
        if (setjmp(c->abort_jb) == 0) k->block_fn(g->args, c);
    }
    tl_running = NULL;
    if (c->prof_on) fly_emu_profw_block_end(c->profw, c->lds_lo);
    if (c->pf) pf_segment(c, lin, pf_start);
    if (c->failed && c->err[0]) {
        job *j = c->job;
        pthread_mutex_lock(&j->mu);
        if (!j->failed || lin < j->err_block) {
            j->failed = 1;
            j->err_block = lin;
            snprintf(j->err, sizeof j->err, "%s", c->err);
        }
        pthread_mutex_unlock(&j->mu);
        atomic_store(&j->stop, 1);
    }
}

static int work(fly_emu_ctx *c, job *j) {
    static int no_interrupt;
    c->job = j;
    size_t nh = 2 * (size_t)j->k->nsites + 2;
    if (c->hits_cap < nh) {
        uintptr_t *h = realloc(c->hits, nh * sizeof *h);
        if (!h) return -1;
        c->hits = h;
        c->hits_cap = nh;
    }
    memset(c->hits, 0, c->hits_cap * sizeof *c->hits);
    c->nsegs = 0;
    c->intr = j->g->interrupt ? j->g->interrupt : &no_interrupt;
    const fly_emu_grid *g = j->g;
    c->block_dim[0] = g->block[0];
    c->block_dim[1] = g->block[1];
    c->block_dim[2] = g->block[2];
    c->grid_dim[0] = g->grid[0];
    c->grid_dim[1] = g->grid[1];
    c->grid_dim[2] = g->grid[2];
    c->printf_buf = NULL;
    if (j->k->printf_arg >= 0) {
        if (c->pf_cap != g->printf_cap) {
            free(c->pf);
            c->pf = calloc(1, 16 + g->printf_cap);
            c->pf_cap = c->pf ? g->printf_cap : 0;
        }
        if (c->pf) {
            /* records are found by their size words: clear what the last launch wrote */
            uint32_t used;
            memcpy(&used, c->pf, 4);
            memset(c->pf + 16, 0, used < c->pf_cap ? used + 8 > c->pf_cap ? c->pf_cap : used + 8 : c->pf_cap);
            uint32_t hdr[4] = {0, (uint32_t)c->pf_cap, 0, 0};
            memcpy(c->pf, hdr, 16);
        }
        c->printf_buf = c->pf;
    }
    c->lds = c->lds_mem;
    c->prof_on = 0;
    if (g->prof && j->k->npsites) {
        c->profw = fly_emu_profw_begin(c->profw, j->k, (int)(g->block[0] * g->block[1] * g->block[2]), g->lds_banks);
        c->prof_on = c->profw != NULL;
    }
    for (;;) {
        if (atomic_load_explicit(&j->stop, memory_order_relaxed) || *c->intr) break;
        uint64_t b = atomic_fetch_add(&j->next, j->chunk);
        if (b >= j->total) break;
        uint64_t e = b + j->chunk < j->total ? b + j->chunk : j->total, done = 0;
        for (; b < e; b++) {
            if (atomic_load_explicit(&j->stop, memory_order_relaxed) || *c->intr) break;
            run_block(c, b);
            done++;
        }
        atomic_fetch_add(&j->done, done);
    }
    return 0;
}

static void *worker_main(void *arg) {
    fly_emu_pool *p = ((void **)arg)[0];
    fly_emu_ctx *c = ((void **)arg)[1];
    free(arg);
    uint64_t seen = 0;
    void *alt = malloc(ALT_STACK);
    stack_t old_alt;
    bool pushed = alt_stack_push(alt, &old_alt);
    pthread_mutex_lock(&p->mu);
    for (;;) {
        while (!p->quit && p->gen == seen) pthread_cond_wait(&p->cv_work, &p->mu);
        if (p->quit) break;
        seen = p->gen;
        job *j = p->job;
        pthread_mutex_unlock(&p->mu);
        if (work(c, j)) {
            pthread_mutex_lock(&j->mu);
            if (!j->failed) {
                j->failed = 1;
                j->err_block = UINT64_MAX;
                snprintf(j->err, sizeof j->err, "out of memory");
            }
            pthread_mutex_unlock(&j->mu);
        }
        pthread_mutex_lock(&p->mu);
        if (--p->busy == 0) pthread_cond_broadcast(&p->cv_done);
    }
    pthread_mutex_unlock(&p->mu);
    alt_stack_pop(pushed);
    free(alt);
    return NULL;
}

fly_emu_pool *fly_emu_pool_create(int nthreads) {
    if (nthreads <= 0) {
        long n = sysconf(_SC_NPROCESSORS_ONLN);
        nthreads = n > 0 ? (int)n : 1;
    }
    if (nthreads > 256) nthreads = 256;
    fly_emu_pool *p = calloc(1, sizeof *p);
    if (!p) return NULL;
    p->alt = malloc(ALT_STACK);
    p->th = calloc((size_t)nthreads, sizeof *p->th);
    p->w = calloc((size_t)nthreads + 1, sizeof *p->w);
    pthread_mutex_init(&p->mu, NULL);
    pthread_cond_init(&p->cv_work, NULL);
    pthread_cond_init(&p->cv_done, NULL);
    if (!p->th || !p->w) {
        fly_emu_pool_destroy(p);
        return NULL;
    }
    for (int i = 0; i < nthreads; i++) {
        fly_emu_ctx *c = calloc(1, sizeof *c);
        void **arg = malloc(2 * sizeof *arg);
        if (!c || !arg) {
            free(c);
            free(arg);
            break;
        }
        c->lds_cap = 160 * 1024;
        c->lds_mem = aligned_alloc(64, LDS_SPAN(c));
        if (!c->lds_mem) {
            free(c);
            free(arg);
            break;
        }
        arg[0] = p;
        arg[1] = c;
        if (pthread_create(&p->th[i], NULL, worker_main, arg)) {
            free(c->lds_mem);
            free(c);
            free(arg);
            break;
        }
        p->w[p->n++] = c;
    }
    /* the caller's own context (small grids run on the launching thread) */
    fly_emu_ctx *self = p->n ? calloc(1, sizeof *self) : NULL;
    if (self) {
        self->lds_cap = 160 * 1024;
        self->lds_mem = aligned_alloc(64, LDS_SPAN(self));
    }
    if (!self || !self->lds_mem) {
        free(self);
        fly_emu_pool_destroy(p);
        return NULL;
    }
    p->self = self;
    return p;
}

void fly_emu_pool_destroy(fly_emu_pool *p) {
    if (!p) return;
    pthread_mutex_lock(&p->mu);
    p->quit = 1;
    pthread_cond_broadcast(&p->cv_work);
    pthread_mutex_unlock(&p->mu);
    p->w[p->n] = p->self;
    for (int i = 0; i <= p->n; i++) {
        if (i < p->n) pthread_join(p->th[i], NULL);
        fly_emu_ctx *c = p->w[i];
        if (!c) continue;
        fly_emu_fibers_destroy(c->fibers, MAX_BLOCK);
        free(c->frames);
        free(c->lds_mem);
        free(c->pf);
        free(c->segs);
        free(c->hits);
        free(c->mf);
        fly_emu_profw_free(c->profw);
        free(c);
    }
    pthread_mutex_destroy(&p->mu);
    pthread_cond_destroy(&p->cv_work);
    pthread_cond_destroy(&p->cv_done);
    free(p->th);
    free(p->w);
    free(p->alt);
    free(p);
}

static int seg_cmp(const void *a, const void *b) {
    const seg *x = a, *y = b;
    return x->block < y->block ? -1 : x->block > y->block;
}

/* Merges the workers' printf segments in block order into pf. */
static void merge_printf(fly_emu_pool *p, const fly_emu_kernel *k, const fly_emu_grid *g, fly_emu_printf_out *pf) {
    if (k->printf_arg < 0 || !pf) return;
    int n = 0, nw = p->n + 1;
    p->w[p->n] = p->self;
    for (int i = 0; i < nw; i++) n += p->w[i]->nsegs;
    struct ref {
        seg s;
        const unsigned char *data;
    } *v = calloc((size_t)n + 1, sizeof *v);
    seg *keys = calloc((size_t)n + 1, sizeof *keys);
    if (!v || !keys) {
        free(v);
        free(keys);
        return;
    }
    int m = 0;
    for (int i = 0; i < nw; i++) {
        fly_emu_ctx *c = p->w[i];
        uint32_t lost;
        if (c->pf) {
            memcpy(&lost, c->pf + 8, 4);
            pf->lost += lost;
        }
        for (int s = 0; s < c->nsegs; s++) {
            keys[m] = c->segs[s];
            keys[m].start = (size_t)m; /* the sort key keeps an index into v */
            v[m].s = c->segs[s];
            v[m].data = c->pf + 16;
            m++;
        }
    }
    qsort(keys, (size_t)m, sizeof *keys, seg_cmp);
    for (int i = 0; i < m; i++) {
        struct ref *r = &v[keys[i].start];
        size_t len = r->s.end - r->s.start;
        const unsigned char *d = r->data + r->s.start;
        size_t off = 0;
        while (off + 8 <= len) {
            uint32_t sz;
            memcpy(&sz, d + off + 4, 4);
            if (sz < 8 || off + sz > len) break;
            if (pf->len + sz > g->printf_cap) {
                pf->lost++;
            } else {
                unsigned char *nb = realloc(pf->records, pf->len + sz);
                if (!nb) break;
                pf->records = nb;
                memcpy(pf->records + pf->len, d + off, sz);
                pf->len += sz;
            }
            off += sz;
        }
    }
    free(v);
    free(keys);
}

int fly_emu_run(fly_emu_pool *p, const fly_emu_kernel *k, const fly_emu_grid *g, fly_emu_printf_out *pf, char *err,
                size_t cap) {
    int n = (int)(g->block[0] * g->block[1] * g->block[2]);
    if (!g->block[0] || !g->block[1] || !g->block[2] || n > MAX_BLOCK || g->block[0] > MAX_BLOCK) {
        snprintf(err, cap, "kernel '%s': block (%u,%u,%u) has %lld threads; the emulator runs 1 to %d", k->name,
                 g->block[0], g->block[1], g->block[2], (long long)g->block[0] * g->block[1] * g->block[2], MAX_BLOCK);
        return -1;
    }
    if (!g->grid[0] || !g->grid[1] || !g->grid[2] || g->grid[0] > 2147483647u || g->grid[1] > 65535 ||
        g->grid[2] > 65535) {
        snprintf(err, cap, "kernel '%s': grid (%u,%u,%u) is out of range (x 1..2^31-1, y and z 1..65535)", k->name,
                 g->grid[0], g->grid[1], g->grid[2]);
        return -1;
    }
    size_t lds = k->lds_static + g->lds_dynamic;
    if (lds > g->lds_limit) {
        snprintf(err, cap, "kernel '%s': %zu bytes of LDS (%zu static + %zu dynamic) exceed the target's %zu", k->name,
                 lds, k->lds_static, g->lds_dynamic, g->lds_limit);
        return -1;
    }
    job j;
    memset(&j, 0, sizeof j);
    j.k = k;
    j.g = g;
    const char *lc = getenv("FLYI_EMU_LDS_CHECK");
    j.lds_check = lc && *lc && strcmp(lc, "0") != 0;
    j.total = (uint64_t)g->grid[0] * g->grid[1] * g->grid[2];
    /* claim blocks in chunks (fewer atomics on a shared line), small enough to balance the load */
    j.chunk = j.total / ((uint64_t)(p->n + 1) * 32);
    j.chunk = j.chunk < 1 ? 1 : j.chunk > 64 ? 64 : j.chunk;
    pthread_mutex_init(&j.mu, NULL);
    handlers_enter();
    for (int i = 0; i < p->n; i++) p->w[i]->nsegs = p->w[i]->prof_on = 0;
    p->self->nsegs = p->self->prof_on = 0;
    int reported = 0;
    if (j.total <= 2 || (j.total <= 16 && !g->progress)) {
        /* small grids: the launching thread runs them (no wake-up of the pool) */
        stack_t old_alt;
        bool pushed = alt_stack_push(p->alt, &old_alt);
        if (work(p->self, &j)) {
            j.failed = 1;
            snprintf(j.err, sizeof j.err, "out of memory");
        }
        alt_stack_pop(pushed);
        goto finished;
    }
    pthread_mutex_lock(&p->mu);
    p->job = &j;
    p->busy = p->n;
    p->gen++;
    pthread_cond_broadcast(&p->cv_work);
    struct timespec start;
    clock_gettime(CLOCK_MONOTONIC, &start);
    while (p->busy) {
        struct timespec dl;
        clock_gettime(CLOCK_REALTIME, &dl);
        dl.tv_nsec += 250 * 1000000L;
        if (dl.tv_nsec >= 1000000000L) {
            dl.tv_sec++;
            dl.tv_nsec -= 1000000000L;
        }
        pthread_cond_timedwait(&p->cv_done, &p->mu, &dl);
        struct timespec now;
        clock_gettime(CLOCK_MONOTONIC, &now);
        double el = (double)(now.tv_sec - start.tv_sec) + (double)(now.tv_nsec - start.tv_nsec) / 1e9;
        if (p->busy && g->progress && el > 0.5) {
            pthread_mutex_unlock(&p->mu);
            g->progress(g->progress_user, atomic_load(&j.done), j.total);
            reported = 1;
            pthread_mutex_lock(&p->mu);
        }
    }
    p->job = NULL;
    pthread_mutex_unlock(&p->mu);
finished:
    if (reported) g->progress(g->progress_user, atomic_load(&j.done), j.total);
    handlers_leave();
    merge_printf(p, k, g, pf);
    if (g->prof) {
        for (int i = 0; i <= p->n; i++) {
            fly_emu_ctx *c = i < p->n ? p->w[i] : p->self;
            if (c->prof_on) fly_emu_profw_merge(c->profw, g->prof);
            c->prof_on = 0;
        }
        fly_prof_add_launch(g->prof, atomic_load(&j.done), (uint64_t)n);
    }
    int rc = 0;
    if (j.failed) {
        snprintf(err, cap, "%s", j.err);
        rc = -1;
    } else if (g->interrupt && *g->interrupt) {
        snprintf(err, cap, "interrupted: kernel '%s' stopped after %" PRIu64 " of %" PRIu64 " blocks", k->name,
                 atomic_load(&j.done), j.total);
        rc = -1;
    }
    pthread_mutex_destroy(&j.mu);
    return rc;
}

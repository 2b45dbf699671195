/* tensor_par.c - the worker pool that splits large host tensor operations over the machine's cores.
 *
 * Workers are plain C threads started on first use; they run only the C loops handed to them (no
 * interpreter object is touched off the calling thread, which holds the interpreter lock throughout).
 * One job at a time: a call made while a job runs (from a worker, or from another interpreter thread)
 * runs serially on its caller. The thread count is the CPUs this process may run on (sysconf, bounded
 * by the affinity mask), or $FLYI_TORCH_THREADS; a child process after fork() starts its own pool. A job's
 * chunks are taken in turn by whichever threads are running; the caller waits for the chunks taken, not for
 * every worker to wake (on a loaded machine a worker may not run for a time slice: the caller does its share). */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <unistd.h>
#include "torch/torch.h"

#define MAXT 64

static struct {
    pthread_mutex_t mu;
    pthread_cond_t go, done;
    int nthreads;        /* including the caller; 0 until configured */
    int started;         /* workers running */
    uint64_t generation; /* bumped for each job */
    fy_torch_task fn;
    void *ctx;
    int64_t n, nchunks;
    _Atomic uint64_t next;   /* the job's generation (high 32 bits) and its next chunk to take (low 32) */
    atomic_int_fast64_t ndone; /* chunks of the job finished */
} pool = {.mu = PTHREAD_MUTEX_INITIALIZER, .go = PTHREAD_COND_INITIALIZER, .done = PTHREAD_COND_INITIALIZER};
static atomic_flag busy = ATOMIC_FLAG_INIT;

/* Take and run chunks of job `gen` while it has any left: a chunk is claimed by a compare-and-swap on next,
 * which fails once the caller has started a later job, so a worker that wakes late never runs a chunk of a
 * job that is over (whose context is gone). The last chunk finished wakes the caller. */
static void run_chunks(fy_torch_task fn, void *ctx, int64_t n, int64_t k, uint64_t gen) {
    uint64_t v = atomic_load(&pool.next);
    for (;;) {
        if (v >> 32 != (gen & 0xFFFFFFFFu) || (int64_t)(v & 0xFFFFFFFFu) >= k) return;
        if (!atomic_compare_exchange_weak(&pool.next, &v, v + 1)) continue;
        int64_t i = (int64_t)(v & 0xFFFFFFFFu);
        fn(ctx, n * i / k, n * (i + 1) / k);
        if (atomic_fetch_add(&pool.ndone, 1) + 1 == k) {
            pthread_mutex_lock(&pool.mu);
            pthread_cond_signal(&pool.done);
            pthread_mutex_unlock(&pool.mu);
        }
        v = atomic_load(&pool.next);
    }
}

static void *worker(void *arg) {
    (void)arg;
    uint64_t seen = 0;
    pthread_mutex_lock(&pool.mu);
    for (;;) {
        while (pool.generation == seen) pthread_cond_wait(&pool.go, &pool.mu);
        seen = pool.generation;
        fy_torch_task fn = pool.fn;
        void *ctx = pool.ctx;
        int64_t n = pool.n, k = pool.nchunks;
        pthread_mutex_unlock(&pool.mu);
        run_chunks(fn, ctx, n, k, seen);
        pthread_mutex_lock(&pool.mu);
    }
    return NULL;
}

static void after_fork_child(void) {
    pthread_mutex_init(&pool.mu, NULL);
    pthread_cond_init(&pool.go, NULL);
    pthread_cond_init(&pool.done, NULL);
    pool.started = 0;
    pool.nthreads = 0;
    atomic_flag_clear(&busy);
}

int fy_torch_nthreads(void) {
    if (pool.nthreads) return pool.nthreads;
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0 && CPU_COUNT(&set) < n) n = CPU_COUNT(&set);
    const char *e = getenv("FLYI_TORCH_THREADS");
    if (e && atoi(e) > 0) n = atoi(e);
    pool.nthreads = n < 1 ? 1 : n > MAXT ? MAXT : (int)n;
    return pool.nthreads;
}

/* Start the workers (caller holds busy); false when none could be started. */
static bool start_workers(void) {
    static bool atfork;
    if (!atfork) {
        pthread_atfork(NULL, NULL, after_fork_child);
        atfork = true;
    }
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old); /* workers take no signals */
    int want = fy_torch_nthreads() - 1;
    for (int i = 0; i < want; i++) {
        pthread_t th;
        pthread_attr_t at;
        pthread_attr_init(&at);
        pthread_attr_setdetachstate(&at, PTHREAD_CREATE_DETACHED);
        if (pthread_create(&th, &at, worker, NULL) == 0) pool.started++;
        pthread_attr_destroy(&at);
    }
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (pool.started == 0) pool.nthreads = 1;
    return pool.started > 0;
}

void fy_torch_parallel(int64_t n, int64_t grain, fy_torch_task fn, void *ctx) {
    if (n <= 0) return;
    if (grain < 1) grain = 1;
    int64_t k = n / grain;
    int t = fy_torch_nthreads();
    /* a few chunks a thread, taken in turn: a thread the machine's load delays takes fewer */
    if (k > 4 * t) k = 4 * t;
    if (t == 1 || k <= 1 || atomic_flag_test_and_set(&busy)) {
        fn(ctx, 0, n);
        return;
    }
    if (!pool.started && !start_workers()) {
        atomic_flag_clear(&busy);
        fn(ctx, 0, n);
        return;
    }
    pthread_mutex_lock(&pool.mu);
    pool.fn = fn;
    pool.ctx = ctx;
    pool.n = n;
    pool.nchunks = k;
    uint64_t gen = ++pool.generation;
    atomic_store(&pool.ndone, 0);
    atomic_store(&pool.next, (gen & 0xFFFFFFFFu) << 32);
    pthread_cond_broadcast(&pool.go);
    pthread_mutex_unlock(&pool.mu);
    run_chunks(fn, ctx, n, k, gen);
    /* wait for the chunks workers have taken, not for workers the machine's load has not woken yet:
     * those find the job's chunks gone */
    pthread_mutex_lock(&pool.mu);
    while (atomic_load(&pool.ndone) < k) pthread_cond_wait(&pool.done, &pool.mu);
    pthread_mutex_unlock(&pool.mu);
    atomic_flag_clear(&busy);
}

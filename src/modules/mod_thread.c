/* mod_thread.c - the `_thread` module under threading.py, and the interpreter lock (GIL).
 *
 * Python threads are real POSIX threads that share the session's interpreter. One thread runs
 * Python code at a time: it holds the GIL (gil_held, guarded by gil_mu). A thread lets go of it
 *  - around blocking calls (time.sleep, lock acquire, join, subprocess waits, os.read), and
 *  - every SLICE steps (loop back-edges and calls, counted by the interpreter's step budget:
 *    fy_step_exhausted calls fy_step_slice_hook), handing it to a waiting thread.
 * The per-thread part of the interpreter state (current exception, frame chain, depth, C stack
 * guard, step budget, repr stack) is saved into the thread's tstate when it lets go and put back
 * when it takes the GIL again, as CPython swaps PyThreadState. Until the first thread starts
 * all of this costs nothing (gil_on is 0). When the session ends, threading._shutdown() joins the
 * non-daemon threads; daemon threads then stay parked on the GIL until the process exits. */
#define _GNU_SOURCE
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#include "exec/interp.h"
#include "exec/traceback.h"
#include "modules/mod_registry.h"
#include "objects/object.h"

#define SLICE 10000 /* steps a thread runs before offering the GIL to a waiting one */

typedef struct tstate {
    fy_obj *exc, *handled, *repr_stack;
    struct fy_frame *frame;
    int depth;
    char *stack_limit;
    int64_t steps_left, slice_rest; /* this slice, and the budget beyond it */
} tstate;

static pthread_mutex_t gil_mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t gil_cv = PTHREAD_COND_INITIALIZER;  /* the GIL became free */
static pthread_cond_t lock_cv = PTHREAD_COND_INITIALIZER; /* a _thread lock was released */
static pthread_cond_t switch_cv = PTHREAD_COND_INITIALIZER;
static int gil_on, gil_held, gil_waiters, gil_final;
static unsigned long gil_switches;
static int nthreads; /* started and not finished */
static tstate main_ts;
static _Thread_local tstate *my_ts;

static void save_ts(tstate *t, fy_interp *ip) {
    t->exc = ip->exc, t->handled = ip->handled, t->repr_stack = ip->repr_stack, t->frame = ip->frame;
    t->depth = ip->depth, t->stack_limit = ip->stack_limit, t->steps_left = ip->steps_left;
}
static void load_ts(const tstate *t, fy_interp *ip) {
    ip->exc = t->exc, ip->handled = t->handled, ip->repr_stack = t->repr_stack, ip->frame = t->frame;
    ip->depth = t->depth, ip->stack_limit = t->stack_limit, ip->steps_left = t->steps_left;
}

/* Cut the thread's budget into slices: steps_left becomes at most SLICE. */
static void start_slice(fy_interp *ip, tstate *t) {
    int64_t total = ip->steps_left + t->slice_rest;
    if (total < 0) total = INT64_MAX;
    ip->steps_left = total < SLICE ? total : SLICE;
    t->slice_rest = total - ip->steps_left;
}

void fy_gil_release(void) {
    if (!gil_on || !my_ts || gil_final) return;
    save_ts(my_ts, fy_cur);
    pthread_mutex_lock(&gil_mu);
    gil_held = 0;
    pthread_cond_signal(&gil_cv);
    pthread_mutex_unlock(&gil_mu);
}

static void take_gil(void) {
    pthread_mutex_lock(&gil_mu);
    gil_waiters++;
    while (gil_held) pthread_cond_wait(&gil_cv, &gil_mu);
    gil_waiters--;
    gil_held = 1;
    gil_switches++;
    pthread_cond_broadcast(&switch_cv);
    pthread_mutex_unlock(&gil_mu);
}

void fy_gil_acquire(void) {
    if (!gil_on || !my_ts || gil_final) return;
    take_gil();
    load_ts(my_ts, fy_cur);
}

/* Let a waiting thread run (sleep(0), the end of a slice); returns when we hold it again. */
void fy_gil_yield(void) {
    if (!gil_on || !my_ts || gil_final) return;
    pthread_mutex_lock(&gil_mu);
    int waiting = gil_waiters;
    pthread_mutex_unlock(&gil_mu);
    if (!waiting) return;
    save_ts(my_ts, fy_cur);
    pthread_mutex_lock(&gil_mu);
    unsigned long before = gil_switches;
    gil_held = 0;
    pthread_cond_signal(&gil_cv);
    while (gil_switches == before && gil_waiters) pthread_cond_wait(&switch_cv, &gil_mu);
    pthread_mutex_unlock(&gil_mu);
    take_gil();
    load_ts(my_ts, fy_cur);
}

/* fy_step_slice_hook: the slice ran out. 1: keep going (budget refilled), 0: really exhausted. */
static int slice_hook(fy_interp *ip) {
    if (!gil_on || !my_ts || gil_final) return 0;
    if (my_ts->slice_rest <= 0) return 0;
    ip->steps_left = 0;
    fy_gil_yield();
    start_slice(ip, my_ts);
    return 1;
}

/* fy_steps_reset_hook: a new cell's budget, sliced like the rest. */
static void reset_hook(fy_interp *ip) {
    if (!gil_on || !my_ts || gil_final) return;
    my_ts->slice_rest = 0;
    start_slice(ip, my_ts);
}

/* The first thread turns the GIL on; the main thread holds it from then on. */
static void gil_start(void) {
    if (gil_on) return;
    my_ts = &main_ts;
    gil_held = 1;
    gil_on = 1;
    fy_step_slice_hook = slice_hook;
    fy_steps_reset_hook = reset_hook;
    main_ts.slice_rest = 0;
    start_slice(fy_cur, &main_ts);
}

/* ------------------------------------------------------------------ time helpers */

static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static struct timespec abs_in(double secs) {
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    double t = (double)ts.tv_sec + ts.tv_nsec * 1e-9 + secs;
    ts.tv_sec = (time_t)t;
    ts.tv_nsec = (long)((t - (double)ts.tv_sec) * 1e9);
    return ts;
}

/* ------------------------------------------------------------------ locks */

typedef struct lock_obj {
    fy_obj h;
    int locked;
} lock_obj;

static fy_type lock_type;

/* Acquire l: 1 got it, 0 timed out / would block, -1 interrupted (exception set). timeout < 0:
 * forever. Waits without the GIL, waking every 50 ms to see Ctrl-C. */
static int lock_take(lock_obj *l, int blocking, double timeout) {
    pthread_mutex_lock(&gil_mu);
    int got = !l->locked;
    if (got) l->locked = 1;
    pthread_mutex_unlock(&gil_mu);
    if (got || !blocking || timeout == 0) return got;
    double end = timeout > 0 ? now_s() + timeout : 0;
    fy_gil_release();
    int intr = 0;
    pthread_mutex_lock(&gil_mu);
    while (l->locked) {
        double wait = 0.05;
        if (timeout > 0) {
            double left = end - now_s();
            if (left <= 0) break;
            if (left < wait) wait = left;
        }
        if (fy_cur && fy_cur->interrupt == 1) {
            intr = 1;
            break;
        }
        struct timespec ts = abs_in(wait);
        pthread_cond_timedwait(&lock_cv, &gil_mu, &ts);
    }
    got = !l->locked;
    if (got) l->locked = 1;
    pthread_mutex_unlock(&gil_mu);
    fy_gil_acquire();
    if (!got && intr && fy_check_interrupt() < 0) return -1;
    return got;
}

static int lock_give(lock_obj *l) {
    pthread_mutex_lock(&gil_mu);
    int was = l->locked;
    l->locked = 0;
    pthread_cond_broadcast(&lock_cv);
    pthread_mutex_unlock(&gil_mu);
    if (!was) fy_err_set(&fy_RuntimeError, "release unlocked lock");
    return was ? 0 : -1;
}

static fy_obj *lk_acquire(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    static const char *const names[] = {"blocking", "timeout", NULL};
    fy_obj *o[2] = {0};
    if (fy_parse_args("acquire", a, n, kw, names, 0, 2, 2, o) < 0) return NULL;
    int blocking = 1;
    double timeout = -1;
    if (o[0] && (blocking = fy_truthy(o[0])) < 0) return NULL;
    if (o[1] && fy_as_double(o[1], &timeout) < 0) return NULL;
    if (!blocking && timeout != -1)
        return fy_err_set(&fy_ValueError, "can't specify a timeout for a non-blocking call");
    if (timeout < 0 && timeout != -1) return fy_err_set(&fy_ValueError, "timeout value must be a non-negative number");
    int r = lock_take((lock_obj *)self, blocking, timeout);
    return r < 0 ? NULL : fy_bool(r);
}

static fy_obj *lk_release(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_check_nargs("release", n, 0, 0) < 0) return NULL;
    return lock_give((lock_obj *)self) < 0 ? NULL : fy_none();
}

static fy_obj *lk_exit(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    return lock_give((lock_obj *)self) < 0 ? NULL : fy_none();
}

static fy_obj *lk_locked(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    pthread_mutex_lock(&gil_mu);
    int v = ((lock_obj *)self)->locked;
    pthread_mutex_unlock(&gil_mu);
    return fy_bool(v);
}

static fy_obj *lk_repr(fy_obj *self) {
    return fy_str_printf("<%s _thread.lock object at %p>", ((lock_obj *)self)->locked ? "locked" : "unlocked",
                         (void *)self);
}

static fy_methoddef lock_methods[] = {
    {"acquire", lk_acquire, 0, "acquire(blocking=True, timeout=-1) -> bool\nLock the lock."},
    {"acquire_lock", lk_acquire, 0, "acquire_lock(blocking=True, timeout=-1) -> bool"},
    {"__enter__", lk_acquire, 0, "acquire(blocking=True, timeout=-1) -> bool\nLock the lock."},
    {"release", lk_release, 0, "release()\nRelease the lock."},
    {"release_lock", lk_release, 0, "release_lock()"},
    {"__exit__", lk_exit, 0, "release()\nRelease the lock."},
    {"locked", lk_locked, 0, "locked() -> bool\nTest whether the lock is currently locked."},
    {"locked_lock", lk_locked, 0, "locked_lock() -> bool"},
    {NULL, NULL, 0, NULL}};

static fy_type lock_type = {FY_TYPE_INIT("lock", sizeof(lock_obj)),
                            .doc = "A lock object is a synchronization primitive.", .repr = lk_repr,
                            .methods = lock_methods};

static fy_obj *th_allocate_lock(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    lock_obj *l = (lock_obj *)fy_alloc(&lock_type);
    if (l) l->locked = 0;
    return (fy_obj *)l;
}

/* ------------------------------------------------------------------ threads */

typedef struct start_args {
    fy_interp *ip;
    fy_obj *func, *args, *kwargs;
} start_args;

static void print_unhandled(fy_obj *func) {
    fy_obj *exc = fy_err_fetch();
    if (!exc) return;
    if (fy_type_is_subtype(exc->type, &fy_SystemExit)) {
        FY_DECREF(exc);
        return;
    }
    fy_obj *r = fy_repr(func);
    if (!r) fy_err_clear();
    fy_sbuf b = {0};
    fy_sbuf_printf(&b, "Unhandled exception in thread started by %s\n", r ? FY_STR_DATA(r) : "?");
    FY_XDECREF(r);
    fy_tbinfo t = {0};
    if (fy_tb_format(exc, &t) == 0)
        for (size_t i = 0; i < t.nlines; i++) {
            fy_sbuf_adds(&b, t.lines[i]);
            fy_sbuf_addc(&b, '\n');
        }
    fy_tb_free(&t);
    fy_write_stderr(b.p ? b.p : "", b.len);
    fy_sbuf_free(&b);
    FY_DECREF(exc);
}

static void *thread_main(void *arg) {
    start_args *sa = arg;
    fy_cur = sa->ip;
    tstate *t = calloc(1, sizeof *t);
    my_ts = t;
    take_gil();
    /* A fresh thread state: no frames, no exception, its own C stack guard and repr stack. */
    fy_interp *ip = sa->ip;
    t->steps_left = ip->step_limit > 0 ? ip->step_limit : INT64_MAX;
    load_ts(t, ip);
    fy_interp_enter(ip);
    ip->repr_stack = fy_list_new(0);
    start_slice(ip, t);
    fy_obj *r = fy_call_tuple_dict(sa->func, sa->args, sa->kwargs);
    if (r) FY_DECREF(r);
    else print_unhandled(sa->func);
    FY_DECREF(sa->func);
    FY_DECREF(sa->args);
    FY_XDECREF(sa->kwargs);
    FY_XDECREF(ip->repr_stack);
    free(sa);
    pthread_mutex_lock(&gil_mu);
    nthreads--;
    pthread_mutex_unlock(&gil_mu);
    /* Let go of the GIL for good (fy_gil_release would save this state, which dies here). */
    ip->exc = NULL;
    fy_gil_release();
    my_ts = NULL;
    free(t);
    return NULL;
}

static fy_obj *th_start(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_no_kwargs("start_new_thread", kw) < 0 || fy_check_nargs("start_new_thread", n, 2, 3) < 0) return NULL;
    if (!fy_callable(a[0])) return fy_err_set(&fy_TypeError, "first arg must be callable");
    if (!FY_IS_TYPE(a[1], fy_tuple_type)) return fy_err_set(&fy_TypeError, "2nd arg must be a tuple");
    if (n == 3 && a[2] != fy_None && !FY_IS_TYPE(a[2], fy_dict_type))
        return fy_err_set(&fy_TypeError, "optional 3rd arg must be a dictionary");
    if (gil_final) return fy_err_set(&fy_RuntimeError, "can't create new thread at interpreter shutdown");
    start_args *sa = malloc(sizeof *sa);
    if (!sa) return fy_err_nomem();
    sa->ip = fy_cur;
    sa->func = fy_ref(a[0]);
    sa->args = fy_ref(a[1]);
    sa->kwargs = n == 3 && a[2] != fy_None ? fy_ref(a[2]) : NULL;
    gil_start();
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, 16u << 20); /* the interpreter recurses on the C stack */
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    pthread_t tid;
    pthread_mutex_lock(&gil_mu);
    nthreads++;
    pthread_mutex_unlock(&gil_mu);
    int rc = pthread_create(&tid, &attr, thread_main, sa);
    pthread_attr_destroy(&attr);
    if (rc != 0) {
        pthread_mutex_lock(&gil_mu);
        nthreads--;
        pthread_mutex_unlock(&gil_mu);
        FY_DECREF(sa->func);
        FY_DECREF(sa->args);
        FY_XDECREF(sa->kwargs);
        free(sa);
        return fy_err_set(&fy_RuntimeError, "can't start new thread");
    }
    return fy_int_from((int64_t)(uint64_t)tid & INT64_MAX);
}

static fy_obj *th_get_ident(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    return fy_int_from((int64_t)(uint64_t)pthread_self() & INT64_MAX);
}

static fy_obj *th_native_id(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    return fy_int_from((int64_t)syscall(SYS_gettid));
}

static fy_obj *th_count(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    pthread_mutex_lock(&gil_mu);
    int c = nthreads;
    pthread_mutex_unlock(&gil_mu);
    return fy_int_from(c);
}

/* _format_exc(exc) -> the traceback text of exc as the session prints it. */
static fy_obj *th_format_exc(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_check_nargs("_format_exc", n, 1, 1) < 0) return NULL;
    fy_tbinfo t = {0};
    fy_sbuf b = {0};
    if (fy_tb_format(a[0], &t) == 0)
        for (size_t i = 0; i < t.nlines; i++) {
            fy_sbuf_adds(&b, t.lines[i]);
            fy_sbuf_addc(&b, '\n');
        }
    fy_tb_free(&t);
    if (!b.p) fy_sbuf_adds(&b, "");
    return fy_sbuf_finish(&b);
}

/* _yield(): let another thread run. */
static fy_obj *th_yield(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    fy_gil_yield();
    return fy_none();
}

static fy_methoddef thread_funcs[] = {
    {"start_new_thread", th_start, 0,
     "start_new_thread(function, args, kwargs=None)\nStart a new thread and return its identifier."},
    {"start_new", th_start, 0, "start_new(function, args, kwargs=None)"},
    {"allocate_lock", th_allocate_lock, 0, "allocate_lock() -> lock object"},
    {"allocate", th_allocate_lock, 0, "allocate() -> lock object"},
    {"get_ident", th_get_ident, 0, "get_ident() -> integer\nReturn a non-zero integer that identifies the thread."},
    {"get_native_id", th_native_id, 0, "get_native_id() -> integer\nThe native thread id (TID)."},
    {"_count", th_count, 0, "_count() -> integer\nThe number of running threads started by start_new_thread."},
    {"_format_exc", th_format_exc, 0, "_format_exc(exc)\nThe traceback text of an exception."},
    {"_yield", th_yield, 0, "_yield()\nLet another thread run."},
    {NULL, NULL, 0, NULL}};

/* fy_thread_shutdown_hook: join the non-daemon threads (threading._shutdown); final: then keep
 * the GIL for good so that daemon threads never run again (the interpreter is going away). */
static void thread_shutdown(fy_interp *ip, int final) {
    if (!gil_on || gil_final) return;
    fy_obj *th = ip->modules ? fy_dict_get_cstr(ip->modules, "threading") : NULL;
    if (th) {
        fy_obj *f = fy_getattr_cstr(th, "_shutdown");
        fy_obj *r = f ? fy_call0(f) : NULL;
        FY_XDECREF(f);
        FY_XDECREF(r);
        if (!r) fy_err_clear();
    }
    if (final) gil_final = 1;
}

fy_obj *fy_mod_thread_init(void) {
    if (fy_type_ready(&lock_type) < 0) return NULL;
    fy_obj *m = fy_module_new_c("_thread", thread_funcs,
                                "This module provides primitive operations to write multi-threaded programs.");
    if (!m) return NULL;
    fy_obj *modname = fy_str_from_cstr("_thread");
    if (modname) FY_SETREF(lock_type.module, modname);
    fy_thread_shutdown_hook = thread_shutdown;
    fy_obj *tmax = fy_float_from(9223372036.0);
    if (fy_module_add(m, "LockType", (fy_obj *)&lock_type) < 0 || fy_module_add(m, "lock", (fy_obj *)&lock_type) < 0 ||
        !tmax || fy_module_add_steal(m, "TIMEOUT_MAX", tmax) < 0 ||
        fy_module_add(m, "error", (fy_obj *)&fy_RuntimeError) < 0) {
        FY_DECREF(m);
        return NULL;
    }
    return m;
}

/* interp.h - the per-session interpreter state (internal to src/).
 *
 * Every session owns one fy_interp. The thread running a session's code points the
 * thread-local fy_cur at it (fy_interp_enter/leave), so object code reaches the current
 * exception, recursion depth, builtins and output hooks without globals. */
#ifndef FLYI_INTERP_H
#define FLYI_INTERP_H

#include <signal.h>
#include "objects/object.h"

struct fy_frame;
struct flyi_sink;

typedef struct fy_interp {
    fy_obj *exc;                  /* current (propagating) exception or NULL */
    fy_obj *handled;              /* exception being handled (except block), for context */
    struct fy_frame *frame;       /* innermost running frame */
    int depth;                    /* Python frames on the stack */
    int recursion_limit;
    char *stack_limit;            /* lowest C stack address we allow (guard) */
    volatile sig_atomic_t interrupt;
    int64_t steps_left;           /* step budget left in this cell (loop back-edges and calls) */
    int64_t step_limit;           /* budget per cell; 0: unlimited (FLYI_STEP_LIMIT) */
    fy_obj *builtins;             /* dict */
    fy_obj *builtins_mod;
    fy_obj *modules;              /* dict: sys.modules */
    fy_obj *cell_sources;         /* dict: "<cell N>" -> the cell's text (linecache, made on first cell) */
    fy_obj *sysmod;
    fy_obj *path;                 /* list: sys.path */
    fy_obj *main_dict;            /* __main__ globals */
    fy_obj *main_mod;
    const struct flyi_sink *sink; /* output of the running cell */
    fy_obj *repr_stack;           /* list of objects being repr'd */
    void *session;                /* owning flyi_session */
    int exit_requested;
    int exit_code;
    int64_t gc_allocs;            /* container allocations since the last collection */
    fy_obj *stdout_override;      /* sys.stdout when replaced by the program, else NULL */
    fy_obj *stderr_override;
    /* options the session sets (%target, %backend) and the layers below read; "": the default */
    char opt_target[16];          /* GPU target, e.g. "gfx950" */
    char opt_backend[8];          /* launch backend, "emu" or "hip" */
} fy_interp;

extern _Thread_local fy_interp *fy_cur;

/* Create / destroy the interpreter state (builtins, sys, modules). */
fy_interp *fy_interp_new(int argc, char **argv);
void fy_interp_free(fy_interp *ip);
/* Set the thread's current interpreter (and C stack guard); returns the previous one. */
fy_interp *fy_interp_enter(fy_interp *ip);
void fy_interp_leave(fy_interp *prev);

/* The step budget ran out: raise RuntimeError (again at every later check). Returns -1.
 * With threads running, steps_left is the thread's time slice: fy_step_slice_hook (set by the
 * _thread module) switches threads and refills it, returning 1 (then this returns 0). */
int fy_step_exhausted(void);
extern int (*fy_step_slice_hook)(fy_interp *ip);
/* Called by fy_steps_reset after it refilled the budget (the _thread module slices it). */
extern void (*fy_steps_reset_hook)(fy_interp *ip);
/* Set by the _thread module once threads exist: joins the program's non-daemon threads
 * (threading._shutdown). The session calls it when a script ends; fy_interp_free calls it first
 * with final 1 (then no thread runs Python code again). */
extern void (*fy_thread_shutdown_hook)(fy_interp *ip, int final);
/* Count one step (a loop back-edge, a call, an item a builtin consumes); -1 with an
 * exception set when the cell's budget is spent. */
static inline int fy_step(fy_interp *ip) { return --ip->steps_left < 0 ? fy_step_exhausted() : 0; }
/* The GPU target of the running interpreter: its opt_target (%target), else $FLYDSL_COMPILE_ARCH,
 * else $ARCH, else NULL (gfx942). ip may be NULL (then only the environment counts). */
const char *fy_interp_target(const fy_interp *ip);
/* The launch backend of the running interpreter: its opt_backend ("emu" or "hip"), else NULL
 * (the runtime's automatic choice). */
const char *fy_interp_backend(const fy_interp *ip);

/* Restart the step budget for a new cell. */
void fy_steps_reset(fy_interp *ip);

/* Memory accounting limit (bytes). */
extern size_t fy_mem_used, fy_mem_limit;

/* Initialise the static type objects once per process. */
void fy_types_init(void);
/* Build the builtins dict / sys module for an interpreter. */
fy_obj *fy_builtins_new(fy_interp *ip);
fy_obj *fy_sys_new(fy_interp *ip, int argc, char **argv);

#endif

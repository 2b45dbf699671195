/* trace_hooks.h - what the VM asks of the kernel tracer (defined in src/flydsl/trace/trace_scf.c).
 *
 * The one door from exec/ up to flydsl/: while a kernel body is traced, a conditional jump, a
 * `range` loop, `not`, `and`/`or` or a `yield` in a range(..., init=) loop can meet a traced value,
 * and the VM hands the instruction to the tracer, which records scf.if / scf.for / scf.while.
 * Outside a trace, fy_trace_active() is 0 and none of the others is reached. */
#ifndef FLYI_EXEC_TRACE_HOOKS_H
#define FLYI_EXEC_TRACE_HOOKS_H

#include "objects/object.h"

/* 1 while a kernel body is being traced in the current session. */
int fy_trace_active(void);

/* ---- control flow while tracing (the VM side is described in code.h) ----
 * Each returns 1 when it handled the instruction (*pc: where the frame goes on; f->sp updated), 0 when
 * the value is not traced (the pending exception stays), -1 with a new exception, -2 with an exception
 * that already carries this frame's traceback entry. */
struct fy_frame;
/* The conditional jump at instruction `at` of frame f met traced value v (borrowed): scf.if. */
int fy_trace_scf_branch(struct fy_frame *f, int at, fy_obj *v, int *pc);
/* JUMP_IF_FALSE_OR_POP (is_and) / JUMP_IF_TRUE_OR_POP at `at` with a traced value on top. */
int fy_trace_scf_boolop(struct fy_frame *f, int at, int is_and, int *pc);
/* `not v` of a traced value (a new Boolean), or NULL keeping the pending exception. */
fy_obj *fy_trace_scf_not(fy_obj *v);
/* FOR_RANGE nargs at `at` while a trace is active: scf.for (1), or 0: run it as plain Python. */
int fy_trace_scf_for(struct fy_frame *f, int at, int nargs, int *pc);
/* SCF_YIELD flags with value v (borrowed) in frame f: ends the body of the innermost traced
 * range(..., init=) loop with scf.yield; returns the loop results (one value, or a list for several). */
fy_obj *fy_trace_scf_yield(struct fy_frame *f, fy_obj *v, int flags);

/* Reading fast local idx of frame f found it unbound: when a traced loop unbound it, sets a NameError
 * saying why and returns 1, else 0. */
int fy_trace_scf_unbound(struct fy_frame *f, int idx);
#endif

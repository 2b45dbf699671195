/* trace_int.h - the tracer's state, internal to src/trace/.
 *
 * While a kernel body runs under the tracer, every op on a dynamic value appends one line of Fly IR
 * (generic MLIR text, with the DSL source location) to the kernel's body; a dynamic value's handle
 * is its SSA number. The finished module text goes to the compiler core (flycore.so). */
#ifndef FLYI_TRACE_INT_H
#define FLYI_TRACE_INT_H

#include <stddef.h>

#include "trace/trace.h"

typedef struct fy_tracer {
    char *body;      /* the kernel body's lines */
    size_t len, cap;
    char *params;    /* "%arg0: i32, %arg1: f32" */
    size_t plen, pcap;
    int nparams;
    uint64_t next;   /* next SSA number */
    int failed;      /* out of memory while appending */
} fy_tracer;

/* The tracer of the running kernel trace, or NULL. */
fy_tracer *fy_trace_cur(void);
/* Makes t the running tracer (NULL ends the trace); returns the previous one. */
fy_tracer *fy_trace_set(fy_tracer *t);
/* Appends printf-formatted text to the body; a new SSA number for a result. */
void fy_trace_emit(fy_tracer *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
uint64_t fy_trace_new_ssa(fy_tracer *t);
/* Appends the source location of the running DSL statement (" loc(\"file\":line:col)") and a newline. */
void fy_trace_end_line(fy_tracer *t);
/* Adds a kernel parameter of MLIR type ty; its SSA handle. */
uint64_t fy_trace_add_param(fy_tracer *t, const char *ty);
/* The signless MLIR type of a numeric type: i32 for Int32 and Uint32, f16, index, i1. */
const char *fy_trace_mlir_type(const fy_dsl_numeric *t);
/* A typed value as an SSA handle of type t: constants for static values, casts for other types. */
int fy_trace_value_as(fy_tracer *tr, fy_obj *v, fy_dsl_numeric *t, uint64_t *out);
/* Frees the tracer's buffers. */
void fy_trace_free(fy_tracer *t);

/* fx.thread_idx / block_idx / block_dim / grid_dim, fx.printf, fx.barrier and fx.Constexpr for module m. */
int fy_trace_add_fx(fy_obj *m);
/* Is annotation a the fx.Constexpr marker (or Constexpr[T])? */
int fy_trace_is_constexpr(fy_obj *a);

#endif

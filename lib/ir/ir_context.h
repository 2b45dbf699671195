/* ir_context.h - MLIR contexts for Fly IR: every dialect flyi emits, loaded up front. */
#ifndef FLY_IR_CONTEXT_H
#define FLY_IR_CONTEXT_H

#include <stdbool.h>
#include <stddef.h>

#include "mlir-c/IR.h"

/* Create a single-threaded context with all upstream dialects registered, the ones the tracer
 * emits loaded (gpu, arith, scf, memref, vector, rocdl, llvm, ...) and the `fly` dialect
 * accepted as unregistered. Never returns a null context except on out of memory. */
MlirContext fly_ir_context_create(void);
/* Destroy a context made by fly_ir_context_create. */
void fly_ir_context_destroy(MlirContext ctx);

/* The opaque Fly type `!fly.<kind><body>`, e.g. kind "layout", body "(4,8):(1,4)". */
MlirType fly_ir_type(MlirContext ctx, const char *kind, const char *body);
/* Print a type into buf (truncated to cap, NUL-terminated); returns the full length. */
size_t fly_ir_type_str(MlirType t, char *buf, size_t cap);

/* Route the context's diagnostics into buf (cap bytes, NUL-terminated, first message kept)
 * instead of stderr. buf must outlive the context or the next call. */
void fly_ir_capture_diagnostics(MlirContext ctx, char *buf, size_t cap);

#endif

/* rocdl_lower.h - convert-gpu-to-rocdl with its type converter, legality and pattern sets built once per
 * context and options (rocdl_lower.cpp), for the deferred compile: upstream's pass builds them on every run
 * (0.4 ms of a vector add's compile). It is registered as an MLIR pass named FLY_ROCDL_LOWER_PASS taking the
 * options of convert-gpu-to-rocdl (chipset, index-bitwidth, use-bare-ptr-memref-call-conv, runtime,
 * allowed-dialects) and produces the same module. */
#ifndef FLY_PIPELINE_ROCDL_LOWER_H
#define FLY_PIPELINE_ROCDL_LOWER_H

#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

#define FLY_ROCDL_LOWER_PASS "fly-cached-convert-gpu-to-rocdl"

/* Registers the pass with MLIR's pass registry (once; later calls do nothing). */
void fly_rocdl_lower_register(void);
/* Drops what is cached for ctx; called before the context is destroyed (a later context may reuse its
 * address). */
void fly_rocdl_lower_forget(MlirContext ctx);
/* What the cache holds: returns the number of entries (one per context, chipset, options, data layout and set
 * of loaded dialects); counts[0]: runs of the pass, [1]: pattern sets built, [2]: runs whose output differed
 * from the upstream pass's (compared only under FLYI_PIPELINE_CHECK_ROCDL=1, which runs both), all since the
 * process started. */
int fly_rocdl_lower_stats(unsigned long counts[3]);

#ifdef __cplusplus
}
#endif
#endif

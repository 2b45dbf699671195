/* lowered.h - stages 12-18 of the pipeline (convert-scf-to-cf ... reconcile-unrealized-casts) on a module
 * already in the LLVM and ROCDL dialects, without building their conversion pattern sets (lowered.c says
 * why that is the same IR). */
#ifndef FLY_PIPELINE_LOWERED_H
#define FLY_PIPELINE_LOWERED_H

#include <stdbool.h>

#include "mlir-c/IR.h"

/* True when every operation of module is builtin.module, gpu.module or in the llvm / rocdl dialects. */
bool fly_pipeline_is_lowered(MlirOperation module);
/* The greedy rewrite those stages run, with their default configuration and no patterns (none of theirs
 * matches such a module): folding, dead-op removal, constant hoisting. False when it does not converge
 * (the passes fail then too). */
bool fly_pipeline_fold_lowered(MlirOperation module);

#endif

/* lower_mma.h - the MMA-atom part of fly-layout-lowering (lower_mma.c). */
#ifndef FLY_PASSES_LOWER_MMA_H
#define FLY_PASSES_LOWER_MMA_H

#include <stdbool.h>

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"

/* Rewrites every fly.mma_atom_call under root into vector loads of its a/b/c fragments, the ROCDL MFMA op
 * and a vector store into d, and erases the MMA atoms (fly.make_mma_atom) left unused. False after
 * reporting an error on pass. */
bool fly_lower_mma_ops(MlirOperation root, MlirExternalPass pass);

#endif

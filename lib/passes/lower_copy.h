/* lower_copy.h - the copy-atom part of fly-layout-lowering (lower_copy.c). */
#ifndef FLY_PASSES_LOWER_COPY_H
#define FLY_PASSES_LOWER_COPY_H

#include <stdbool.h>

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"

/* Rewrites every fly.copy_atom_call / fly.copy / fly.copy_atom_call_ssa under root into the fly memory ops the rest of the
 * lowering handles (vector loads and stores of the atom's values, scf.if for predicates) and erases
 * the atoms (fly.make_copy_atom) left unused. False after reporting an error on pass. */
bool fly_lower_copy_ops(MlirOperation root, MlirExternalPass pass);

#endif

/* lowered.c - the upstream lowering stages after rocdl-attach-target on a module that is already
 * in the LLVM and ROCDL dialects (what convert-gpu-to-rocdl leaves for every kernel it lowers whole).
 *
 * Stages 12-18 (convert-scf-to-cf, convert-cf-to-llvm, gpu-to-llvm, convert-vector-to-llvm,
 * convert-arith-to-llvm, convert-func-to-llvm, reconcile-unrealized-casts) are dialect conversions
 * whose targets hold the LLVM dialect legal and whose patterns match scf / cf / func / arith / vector /
 * memref / gpu ops and unrealized casts: on such a module they convert nothing. What can change it is
 * the greedy rewrite gpu-to-llvm and convert-vector-to-llvm run first (their patterns match vector ops
 * only; the driver itself folds, removes dead ops and hoists and merges constants: the tiled copy's
 * module loses half its constants there). Building the passes' pattern sets costs about 0.5 ms per
 * compile for a small kernel; the same greedy run with no patterns costs a few microseconds. */
#include "pipeline/lowered.h"

#include <string.h>

#include "mlir-c/Rewrite.h"

static MlirWalkResult not_lowered(MlirOperation op, void *user) {
    MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
    bool ok = (n.length > 5 && !strncmp(n.data, "llvm.", 5)) || (n.length > 6 && !strncmp(n.data, "rocdl.", 6)) ||
              (n.length == 14 && !strncmp(n.data, "builtin.module", 14)) ||
              (n.length == 10 && !strncmp(n.data, "gpu.module", 10));
    if (ok) return MlirWalkResultAdvance;
    *(bool *)user = false;
    return MlirWalkResultInterrupt;
}

bool fly_pipeline_is_lowered(MlirOperation module) {
    bool lowered = true;
    mlirOperationWalk(module, not_lowered, &lowered, MlirWalkPreOrder);
    return lowered;
}

bool fly_pipeline_fold_lowered(MlirOperation module) {
    MlirRewritePatternSet set = mlirRewritePatternSetCreate(mlirOperationGetContext(module));
    MlirFrozenRewritePatternSet frozen = mlirFreezeRewritePattern(set);
    MlirGreedyRewriteDriverConfig cfg = mlirGreedyRewriteDriverConfigCreate(); /* the passes' defaults */
    MlirLogicalResult r = mlirApplyPatternsAndFoldGreedilyWithOp(module, frozen, cfg);
    mlirGreedyRewriteDriverConfigDestroy(cfg);
    mlirFrozenRewritePatternSetDestroy(frozen);
    return mlirLogicalResultIsSuccess(r);
}

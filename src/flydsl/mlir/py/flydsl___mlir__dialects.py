# flydsl._mlir.dialects: the dialect modules (arith, vector, llvm, rocdl, scf, gpu, memref, math, func, fly,
# fly_rocdl, builtin).

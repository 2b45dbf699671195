# flydsl._mlir.extras: types (MLIR's extras.types: T.i32(), T.vector(4, T.f16()), ...).

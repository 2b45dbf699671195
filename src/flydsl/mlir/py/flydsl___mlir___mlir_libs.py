# flydsl._mlir._mlir_libs: the native half of the bindings; flyi has _mlirDialectsFly's LLVM option setters.

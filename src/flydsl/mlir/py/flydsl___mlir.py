# flydsl._mlir: MLIR's Python bindings as FlyDSL ships them, in flyi a view of the kernel tracer (ir,
# extras.types, dialects.*, passmanager).

#!/bin/sh
# flydsl._mlir (the MLIR Python bindings on the tracer): module imports, IR built through the bindings
# (FileCheck on the traced IR) and kernels launched on the emulator ("# flyi: run").
exec sh "$(dirname "$0")/run_programs.sh" --kernels mlir

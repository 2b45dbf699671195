/* buffer_legal.h - raw buffer accesses of byte vectors as integer accesses before code generation. */
#ifndef FLY_PIPELINE_BUFFER_LEGAL_H
#define FLY_PIPELINE_BUFFER_LEGAL_H

#include <stddef.h>

#include "mlir-c/IR.h"

/* Rewrites every rocdl.raw.ptr.buffer.load / store of vector<N x i8> in module as one of an integer type of the same
 * width (i16, i32, vector<2xi32>, vector<4xi32>) with llvm.bitcast around it, which LLVM's AMDGPU backend selects
 * (it aborts on byte vectors). 0, or -1 with the message in err (a byte count no access has, naming the DSL line). */
int fly_pipeline_legalize_byte_buffers(MlirOperation module, char *err, size_t cap);

#endif

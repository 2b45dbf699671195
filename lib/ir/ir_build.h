/* ir_build.h - builders: the only way flyi creates fly ops. Each builder checks the operands
 * against the op table, computes the result type with lib/layout (so static values fold into
 * types for free), stamps the builder's current DSL source location and inserts the op.
 *
 * On failure a builder returns a null value / op and leaves a message in b->err, prefixed with
 * the source location ("cell3:4:7: fly.crd2idx: ..."). Nothing is inserted then. */
#ifndef FLY_IR_BUILD_H
#define FLY_IR_BUILD_H

#include <stdbool.h>

#include "ir/ir_ops.h"
#include "ir/ir_types.h"
#include "mlir-c/IR.h"

typedef struct fly_ir_builder {
    MlirContext ctx;
    MlirBlock block;      /* insertion block */
    MlirOperation before; /* insert before this op; null: append to block */
    MlirLocation loc;     /* location of the next ops (unknown when null) */
    fly_error err;        /* the last failure */
} fly_ir_builder;

/* Starts a builder inserting into block (before `before`, or at the end when null). */
void fly_ir_builder_init(fly_ir_builder *b, MlirContext ctx, MlirBlock block, MlirOperation before);
/* Sets the DSL source location (file or cell name, 1-based line and column) of the next ops. */
void fly_ir_builder_set_loc(fly_ir_builder *b, const char *file, unsigned line, unsigned col);

/* Generic builder: op `name` ("fly.crd2idx") with operands and attributes. `result` is the
 * result type for ops whose table entry says FLY_OP_RESULT_GIVEN (null elsewhere: inferred). */
MlirOperation fly_ir_build_op(fly_ir_builder *b, const char *name, int nops, const MlirValue *ops, int nattrs,
                              const MlirNamedAttribute *attrs, MlirType result);

/* One-operand and two-operand fly ops with an inferred result (get_shape, size, crd2idx,
 * composition, logical_divide, ...): the result value, or null on error. */
MlirValue fly_ir_build_unary(fly_ir_builder *b, const char *name, MlirValue x);
MlirValue fly_ir_build_binary(fly_ir_builder *b, const char *name, MlirValue x, MlirValue y);

/* fly.static of a fully static fly type. */
MlirValue fly_ir_build_static(fly_ir_builder *b, MlirType t);
/* fly.make_int_tuple (or make_shape/make_stride/make_coord with kind "shape"/"stride"/"coord",
 * NULL for int_tuple) of t, whose dynamic leaves take dyn[0..k) in pre-order (i32 or i64). */
MlirValue fly_ir_build_int_tuple(fly_ir_builder *b, const char *kind, const fly_inttuple *t, const MlirValue *dyn);
/* fly.make_layout(shape[, stride]); stride null gives the compact column-major layout. */
MlirValue fly_ir_build_make_layout(fly_ir_builder *b, MlirValue shape, MlirValue stride);
/* fly.get_scalar of a single-leaf int tuple; result_type null gives i32 (i64 for ?{i64}). */
MlirValue fly_ir_build_get_scalar(fly_ir_builder *b, MlirValue t, MlirType result_type);
/* fly.make_view(ptr, layout) -> memref. */
MlirValue fly_ir_build_make_view(fly_ir_builder *b, MlirValue ptr, MlirValue layout);
/* fly.make_ptr() {dictAttrs = {allocSize = n}} : register storage of n elements of ptr_type. */
MlirValue fly_ir_build_make_ptr(fly_ir_builder *b, MlirType ptr_type, int64_t alloc_size);
/* fly.memref.alloca(layout) -> !fly.memref<elem, register, layout>. */
MlirValue fly_ir_build_alloca(fly_ir_builder *b, MlirType elem, MlirValue layout);
/* fly.memref.load(mem, coord) -> elem and fly.memref.store(value, mem, coord). */
MlirValue fly_ir_build_load(fly_ir_builder *b, MlirValue mem, MlirValue coord);
MlirOperation fly_ir_build_store(fly_ir_builder *b, MlirValue value, MlirValue mem, MlirValue coord);
/* fly.memref.load_vec(mem) -> vector<size x elem> and fly.memref.store_vec(vec, mem). */
MlirValue fly_ir_build_load_vec(fly_ir_builder *b, MlirValue mem);
MlirOperation fly_ir_build_store_vec(fly_ir_builder *b, MlirValue vec, MlirValue mem);
/* fly.print(values...) {format = "x = {}"}: device printf with FlyDSL's "{}" placeholders. */
MlirOperation fly_ir_build_print(fly_ir_builder *b, const char *format, int n, const MlirValue *values);

#endif

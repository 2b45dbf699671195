/* emu_irb.h - tiny op builders for the emulator's host lowering (generic-form ops inserted
 * before a given op or at the end of a block). */
#ifndef FLY_EMU_IRB_H
#define FLY_EMU_IRB_H

#include <stdint.h>

#include "ir/ir_util.h"

typedef struct fly_emu_irb {
    MlirContext ctx;
    MlirBlock block;
    MlirOperation before; /* null: append to block */
    MlirLocation loc;
} fly_emu_irb;

/* Creates and inserts an op with up to one result; returns the op. */
MlirOperation fly_emu_irb_op(fly_emu_irb *b, const char *name, int nops, const MlirValue *ops, MlirType res, int nattrs,
                             const MlirNamedAttribute *attrs);
/* Result 0 of fly_emu_irb_op. */
MlirValue fly_emu_irb_val(fly_emu_irb *b, const char *name, int nops, const MlirValue *ops, MlirType res, int nattrs,
                          const MlirNamedAttribute *attrs);
/* arith.constant of integer or index type t. */
MlirValue fly_emu_irb_const(fly_emu_irb *b, int64_t v, MlirType t);
/* llvm.mlir.constant of integer type t. */
MlirValue fly_emu_irb_llconst(fly_emu_irb *b, int64_t v, MlirType t);
/* Parses a type ("!llvm.ptr<1>", "i64"). */
MlirType fly_emu_irb_type(MlirContext ctx, const char *text);
/* llvm.getelementptr p[idx] with a constant index over elem (a type). */
MlirValue fly_emu_irb_gep_const(fly_emu_irb *b, MlirValue p, int32_t idx, MlirType elem);
/* llvm.load of type t from p. */
MlirValue fly_emu_irb_load(fly_emu_irb *b, MlirValue p, MlirType t, int64_t align);
/* llvm.load of ctx word `word` (the emulator context, an array of i64) as type t. */
MlirValue fly_emu_irb_ctx_load(fly_emu_irb *b, MlirValue ctxv, int word, MlirType t);
/* llvm.getelementptr p[idx] over elem with a dynamic index. */
MlirValue fly_emu_irb_gep_dyn(fly_emu_irb *b, MlirValue p, MlirValue idx, MlirType elem);
/* llvm.store v to p. */
void fly_emu_irb_store(fly_emu_irb *b, MlirValue v, MlirValue p, int64_t align);
/* The lowered body "<kname>__emu" of kernel kname in module m, or null with err ("the lowered kernel body is
 * missing"). */
MlirOperation fly_emu_irb_kernel_body(MlirModule m, const char *kname, char *err, size_t cap);
/* Whether op is an llvm.call of @callee. */
bool fly_emu_irb_is_call(MlirOperation op, const char *callee);
/* The llvm.func @name directly in block top (a module body), or null. */
MlirOperation fly_emu_irb_find_func(MlirBlock top, const char *name);
/* func.call @callee(ops) with result type res (null: none); returns the op. */
MlirOperation fly_emu_irb_call(fly_emu_irb *b, const char *callee, int nops, const MlirValue *ops, MlirType res);
/* llvm.call @callee(ops) without results. */
void fly_emu_irb_llcall(fly_emu_irb *b, const char *callee, int nops, const MlirValue *ops);
/* The same for a callee with one result of type res; returns it. */
MlirValue fly_emu_irb_llcall_val(fly_emu_irb *b, const char *callee, int nops, const MlirValue *ops, MlirType res);
/* A static memref value of type mt over pointer p (the descriptor built in LLVM, cast to mt). */
MlirValue fly_emu_irb_memref_from_ptr(fly_emu_irb *b, MlirValue p, MlirType mt);
/* A rank-1 memref value of type mt (memref<?xT>) over pointer p with n (an i64 value) elements. */
MlirValue fly_emu_irb_memref_1d(fly_emu_irb *b, MlirValue p, MlirValue n, MlirType mt);
/* llvm.br to dest (no operands), appended at b. */
void fly_emu_irb_br(fly_emu_irb *b, MlirBlock dest);
/* llvm.cond_br cond, yes, no with branch weights (0, 0: none). */
void fly_emu_irb_cond_br(fly_emu_irb *b, MlirValue cond, MlirBlock yes, MlirBlock no, int32_t wyes, int32_t wno);
/* llvm.icmp with an LLVM predicate number (eq 0, ne 1, slt 2, sle 3, sgt 4, sge 5, ult 6, ule 7,
 * ugt 8, uge 9). */
MlirValue fly_emu_irb_icmp(fly_emu_irb *b, int pred, MlirValue x, MlirValue y);
/* A binary LLVM op (llvm.add, llvm.and, ...) of x's type. */
MlirValue fly_emu_irb_bin(fly_emu_irb *b, const char *name, MlirValue x, MlirValue y);
/* Moves op and every op after it in blk into a new block inserted after blk; returns it. */
MlirBlock fly_emu_irb_split(MlirBlock blk, MlirOperation op);
/* Address space of an !llvm.ptr type, -1 for other types. */
int fly_emu_ptr_as(MlirType t);
/* Elements of a static shaped type. */
int64_t fly_emu_num_elements(MlirType t);
/* Size in bytes of a scalar/vector/pointer type, 0 when unknown. */
int64_t fly_emu_type_bytes(MlirType t);

#endif

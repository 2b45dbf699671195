# llvm.inline_asm (one result, none, a struct of two), llvm.extractvalue, llvm.call_intrinsic and llvm.intr.expect
# through the bindings, compiled for gfx942 (checked by llvm_asm_ir.fc: the traced IR and the asm in the ISA).
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch
from flydsl._mlir import ir
from flydsl._mlir.dialects import arith, llvm, rocdl
from flydsl._mlir.extras import types as T

@flyc.kernel
def k(dst: fx.Tensor, a: fx.Int32):
    v = llvm.inline_asm(T.i32(), [a.ir_value()], "v_mov_b32 $0, $1", "=v,v")
    llvm.inline_asm(ir.Type.parse("!llvm.void"), [], "s_nop 1", "", has_side_effects=True)
    st = llvm.StructType.get_literal([T.i32(), T.i32()])
    pair = llvm.InlineAsmOp(st, [v, v], "v_mov_b32 $0, $2\nv_mov_b32 $1, $3", "=v,=v,v,v", has_side_effects=True).result
    hi = llvm.extractvalue(T.i32(), pair, [1])
    w = llvm.call_intrinsic(T.i32(), "llvm.amdgcn.readfirstlane.i32", [hi], [], [])
    e = llvm.intr_expect(arith.cmpi(arith.CmpIPredicate.sgt, w, a.ir_value()), arith.constant(T.i1(), 1))
    dst[0] = fx.Int32(arith.select(e, w, hi))

@flyc.jit
def run(d, a):
    k(d, a).launch(grid=1, block=64)
kk = flyc.compile(run, torch.zeros(4, dtype=torch.int32, device="cuda"), fx.Int32(3))
print(kk.ir(0))
print([l for l in kk.isa.splitlines() if "v_mov" in l or "s_nop" in l or "readfirstlane" in l][:6])

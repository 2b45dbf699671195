# flyi: run
# AMDGPU math through the bindings on the emulator: rocdl.rcp / exp2 / log (base 2) / sqrt / sin (revolutions) /
# fmed3 and llvm.call_intrinsic "llvm.amdgcn.*" of the same, readfirstlane as an intrinsic, an empty inline asm
# (an optimisation barrier) passing its operand through and an s_nop asm as a no-op; real AMDGPU assembly is
# an error naming it, not a crash.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch
from flydsl._mlir import ir
from flydsl._mlir.dialects import arith, llvm, rocdl
from flydsl._mlir.extras import types as T


@flyc.kernel
def k(d: fx.Tensor, x: fx.Float32):
    f32 = T.f32()
    xv = x.ir_value()
    c = lambda v: arith.constant(f32, v)
    vals = [rocdl.rcp(f32, xv), rocdl.exp2(f32, c(3.0)), rocdl.log(f32, c(8.0)), rocdl.sqrt(f32, c(16.0)),
            rocdl.sin(f32, c(0.25)), rocdl.fmed3(f32, c(1.0), c(5.0), c(3.0)),
            llvm.call_intrinsic(f32, "llvm.amdgcn.rcp.f32", [c(4.0)], [], []),
            llvm.call_intrinsic(f32, "llvm.amdgcn.exp2.f32", [xv], [], []),
            llvm.call_intrinsic(T.i32(), "llvm.amdgcn.readfirstlane.i32", [arith.constant(T.i32(), 7)], [], [])]
    kept = llvm.inline_asm(f32, [vals[0]], "", "=v,0")
    llvm.inline_asm(ir.Type.parse("!llvm.void"), [], "s_nop 1", "", has_side_effects=True)
    vals[0] = kept
    for i, v in enumerate(vals):
        d[i] = fx.Float32(v) if i < 8 else fx.Float32(fx.Int32(v))


@flyc.kernel
def asm(d: fx.Tensor):
    d[0] = fx.Float32(llvm.inline_asm(T.f32(), [arith.constant(T.f32(), 1.0)], "v_mov_b32 $0, $1", "=v,v"))


@flyc.jit
def run(d, x):
    k(d, x).launch(grid=1, block=1)


@flyc.jit
def run_asm(d):
    asm(d).launch(grid=1, block=1)


d = torch.zeros(9, dtype=torch.float32, device="cuda")
run(d, 0.5)
print([round(v, 5) for v in d.tolist()])
try:
    run_asm(d)
except flyc.KernelError as e:
    print("KernelError:", str(e))

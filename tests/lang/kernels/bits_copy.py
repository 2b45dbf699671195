# flyi: run
# bitcast to an MLIR-level type (T.f32, ir.F32Type.get()) as to fx.Float32, and fx.copy between same-width
# element types (an f32 register tensor into an i32 tensor) moving the bits unconverted, as FlyDSL's kernels use.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch
from flydsl.expr.typing import T
from flydsl._mlir import ir


@flyc.kernel
def k_bits(A: fx.Tensor, B: fx.Tensor, C: fx.Tensor):
    tid = fx.thread_idx.x
    x = A[tid]
    B[tid] = x.bitcast(T.f32)                        # T's type names the target
    C[tid] = (x + 1).bitcast(ir.F32Type.get()).bitcast(T.i32)   # a bindings type too
    # a register tensor of f32 copied into an i32 tensor keeps the bits
    r = fx.make_rmem_tensor(1, fx.Float32)
    fx.memref_store_vec(fx.Vector.from_elements([B[tid]], fx.Float32), r)
    atom = fx.make_copy_atom(fx.UniversalCopy32b(), 32)
    d = fx.logical_divide(C, fx.make_layout(1, 1))
    fx.copy(atom, r, fx.slice(d, (None, tid + 8)))


@flyc.jit
def run(A: fx.Tensor, B: fx.Tensor, C: fx.Tensor):
    k_bits(A, B, C).launch(grid=(1, 1, 1), block=(4, 1, 1))


a = torch.tensor([0x3F800000, 0x40490FDB, -8388608, 1], dtype=torch.int32, device="cuda")
b = torch.zeros(4, device="cuda")
c = torch.zeros(16, dtype=torch.int32, device="cuda")
run(a, b, c)
print(b.tolist())
print([hex(v & 0xFFFFFFFF) for v in c.tolist()])

# flyi: run
# `.type` of traced values, as FlyDSL's values carry their MLIR type: a tensor argument's
# !fly.memref (dynamic layout for a raw torch tensor, static through flyc.from_dlpack), numerics'
# and Vectors' builtin types, a pointer's !fly.ptr; each compares equal to the T.<name> of its type.
import flydsl.compiler as flyc
import flydsl.expr as fx
from flydsl.expr.typing import T
import torch


@flyc.kernel
def k(A: fx.Tensor, B: fx.Tensor, n: fx.Int32, x: fx.Float32):
    v = fx.Vector.filled(4, 1.0, fx.Float32)
    i = fx.Index(n) + 1
    print(A.type)
    print(B.type, fx.get_iter(B).type)
    print(n.type, x.type, i.type, (n < 2).type, fx.Uint8(n).type, v.type, v.bitcast(fx.Int16).type)
    print(n.type == T.i32, x.type == T.f32, v.type == T.f32x4, v.type == T.vec(4, T.f32), n.type == T.i64)


@flyc.jit
def run(A: fx.Tensor, B: fx.Tensor, n: fx.Int32, x: fx.Float32):
    k(A, B, n, x).launch(grid=(1,), block=(1,))


run(torch.zeros(16).cuda(), flyc.from_dlpack(torch.zeros(4, 8, dtype=torch.float16).cuda()), 3, 1.5)

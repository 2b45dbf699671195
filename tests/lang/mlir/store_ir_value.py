# flyi: run
# An ir.Value (x.ir_value(), an op of flydsl._mlir) stores into a kernel tensor and a buffer tensor element
# as the numeric of its type, and indexes a tensor, as FlyDSL's programs write it (Out[i] = val.ir_value()); fx.T is
# flydsl.expr.typing.T (T.f32 a type, T.f32() the numeric, as before).
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch
from flydsl.expr import arith


@flyc.kernel
def k(Out: fx.Tensor, B: fx.Tensor, n: fx.Int32):
    tid = fx.thread_idx.x
    val = fx.Float32(1.0)
    if tid < n:
        val = fx.Float32(2.0)
    Out[fx.Int32(tid).ir_value()] = val.ir_value()  # an ir.Value index too
    b = fx.rocdl.make_buffer_tensor(B)
    b[tid] = arith.constant(3.0, type=fx.T.f32)


@flyc.jit
def run(Out, B, n: fx.Int32):
    k(Out, B, n).launch(grid=1, block=4)


o, b = torch.zeros(4, device="cuda"), torch.zeros(4, device="cuda")
run(o, b, 2)
print(o.tolist(), b.tolist(), fx.T.f32, fx.T.f32(), fx.T is __import__("flydsl.expr.typing").expr.typing.T)

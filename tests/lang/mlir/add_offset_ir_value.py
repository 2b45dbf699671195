# flyi: run
# fx.add_offset(ptr, offset) with the offset an ir.Value from flydsl._mlir (an OpResult of arith.addi / index_cast),
# as FlyDSL's mxfp4 preshuffle GEMM passes it: the pointer moves by that many elements; a non-integer value is
# still a TypeError. Run on the emulator.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch
from flydsl._mlir.dialects import arith
from flydsl._mlir.extras import types as T


@flyc.kernel
def k(o: fx.Tensor):
    t = fx.Int32(fx.thread_idx.x)
    off = arith.addi(t.ir_value(), arith.constant(T.i32(), 3))
    p = fx.add_offset(fx.get_iter(o), off)
    fx.make_view(p, fx.make_layout(1, 1))[0] = fx.Float32(t) * 2.0
    try:
        fx.add_offset(fx.get_iter(o), arith.constant(T.f32(), 1.0))
    except TypeError as e:
        print("TypeError:", e)


@flyc.jit
def run(o):
    k(o).launch(grid=1, block=4)


o = torch.full((8,), -1.0, device="cuda")
run(o)
print(o.tolist())

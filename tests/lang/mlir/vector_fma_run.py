# flyi: run
# fx.fma on three Float32 Vectors (the fp8 attention's fused scale-and-subtract on its score vectors): one math.fma
# on vector<4xf32>, run on the emulator and checked against a float64 reference of the same products (exact in
# f32 for these operands); Vectors of other lengths, or a Vector beside a scalar, are refused.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch
from flydsl.expr.typing import Vector as Vec

@flyc.kernel
def k(out: fx.Tensor):
    t = fx.Float32(fx.Int32(fx.thread_idx.x))
    a = Vec.from_elements([t, t + 1.0, t * 2.0, -t], fx.Float32)
    scale = Vec.from_elements([fx.Float32(0.5)], fx.Float32).broadcast_to(4)
    off = Vec.from_elements([t - 3.0], fx.Float32).broadcast_to(4)
    r = fx.fma(a, scale, off, fastmath=fx.arith.FastMathFlags.fast)
    for j in range(4):
        out[fx.Int32(fx.thread_idx.x) * 4 + j] = r[j]


def bad_kernel(case):
    @flyc.kernel
    def bad(out: fx.Tensor):
        t = fx.Float32(fx.Int32(fx.thread_idx.x))
        a = Vec.from_elements([t, t], fx.Float32)
        fx.fma(a, a, Vec.from_elements([t, t, t], fx.Float32) if case == 0 else t)

    @flyc.jit
    def run_bad(out):
        bad(out).launch(grid=1, block=1)

    return run_bad


@flyc.jit
def run(out):
    k(out).launch(grid=1, block=2)


o = torch.zeros(8, dtype=torch.float32, device="cuda")
run(o)
ref = []
for t in range(2):
    ref += [x * 0.5 + (t - 3.0) for x in (t, t + 1.0, t * 2.0, -t)]
print(o.tolist())
print("exact:", o.tolist() == ref)
for case in (0, 1):
    try:
        bad_kernel(case)(o)
    except TypeError as e:
        print("TypeError:", e)

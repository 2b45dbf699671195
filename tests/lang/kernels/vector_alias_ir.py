# The traced IR of FlyDSL's vector aliases in a kernel (flydsl.expr._vector_alias): BFloat16x2(scalar) is a
# vector.broadcast, Float32x4([...]) a vector.from_elements, Float32x4(vector) adds no op, and a Float32x4
# carried through scf.for is the loop's vector<4xf32> iter_arg. Runs with COMPILE_ONLY=1.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch
from flydsl.expr.typing import BFloat16x2, Float32x4


@flyc.kernel
def k(A: fx.Tensor, s: fx.Float32):
    t = fx.thread_idx.x
    h = BFloat16x2(s.to(fx.BFloat16))
    v = Float32x4([s, 1.0, 2.0, t.to(fx.Float32)])
    for i in range(4):
        v = Float32x4(v * s)
    print(type(v).__name__)
    A[t] = v.reduce(fx.ReductionOp.ADD) + h[1].to(fx.Float32)


@flyc.jit
def run(a, s: fx.Float32):
    k(a, s).launch(grid=1, block=64)


c = flyc.compile(run, torch.zeros(64, device="cuda"), 2.0)
print(c.ir(0))

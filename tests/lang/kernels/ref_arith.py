# flyi: run
# The authoring reference, section 3 "arithmetic": typed constants, operators, cond.select, fx.max
# / fx.min (floats propagate NaN) against fx.maxnumf / fx.minnumf (NaN loses), fx.ceildiv of
# runtime signed and unsigned values (rounded toward +inf), folded when static.
import math
import flydsl.compiler as flyc
import flydsl.expr as fx
from flydsl.expr import gpu
import torch


@flyc.kernel
def k(out: fx.Tensor, fo: fx.Tensor, a: fx.Int32, b: fx.Int32, fa: fx.Float32, fb: fx.Float32):
    c42 = fx.Int64(42)
    c3_14 = fx.Float32(3.14)
    mask = fx.Int32(0xFF)
    cond = a < b
    out[0] = a + b
    out[1] = a * fx.Int32(3)
    out[2] = cond.select(a, b)
    out[3] = fx.max(a, b)
    out[4] = fx.min(a, b)
    out[5] = fx.ceildiv(a, b)
    out[6] = fx.Int32(fx.ceildiv(fx.Uint32(a), fx.Uint32(b)))
    out[7] = fx.Int32(c42) + (a & mask)
    fo[0] = fx.max(fa, fb)
    fo[1] = fx.min(fa, fb)
    fo[2] = fx.maxnumf(fa, fb)
    fo[3] = fx.minnumf(fa, fb)
    fo[4] = c3_14 * fa


@flyc.jit
def run(out: fx.Tensor, fo: fx.Tensor, a: fx.Int32, b: fx.Int32, fa: fx.Float32, fb: fx.Float32):
    k(out, fo, a, b, fa, fb).launch(grid=(1,), block=(1,))


o = torch.zeros(8, dtype=torch.int32).cuda()
f = torch.zeros(5, dtype=torch.float32).cuda()
for a, b, fa, fb in ((53, 4, 1.5, float("nan")), (-47, 4, -2.0, 3.0), (-48, -5, 0.25, -0.5), (7, -2, 2.0, 2.0)):
    run(o, f, a, b, fa, fb)
    print(a, b, o.tolist(), [x if not math.isnan(x) else "nan" for x in f.tolist()])

# static operands fold at trace time, as FlyDSL's typed constants do
print(fx.ceildiv(fx.Int32(-7), fx.Int32(2)), fx.ceildiv(7, 2), fx.maxnumf(fx.Float32(float("nan")), fx.Float32(1.0)))
print(repr(fx.ceildiv(fx.Int32(-7), fx.Int32(2))), repr(fx.maxnumf(fx.Float32(float("nan")), fx.Float32(1.0))))

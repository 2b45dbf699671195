# flyi: run
# Found by the tracer fuzzer (tests/fuzz): the type of select and of bitwise operations on a Boolean, as
# FlyDSL's numeric.py gives them. A static condition's select still converts the value it picks to the
# common type of both values (it returned the picked value as it was); a Boolean in a bitwise operation
# or a select is a 1-bit integer, not an Int32 (Boolean & Int8 is Int8, Boolean | Uint8 is Uint8,
# select(Boolean, Boolean) is Boolean); fx.arith.select(c, t, f) is c.select(t, f).
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

@flyc.kernel
def k(out: fx.Tensor, n: fx.Int32):
    t = fx.thread_idx.x
    b = t > 1
    s = fx.Boolean(True).select(fx.Int64(5), t)
    print("static select:", s.dtype, fx.Boolean(False).select(t, fx.Int8(3)).dtype,
          fx.Boolean(False).select(fx.Int8(3), fx.Uint8(250)).dtype)
    print("bitwise:", (b & fx.Int8(3)).dtype, (b | fx.Uint8(4)).dtype, (b ^ b).dtype, b.select(b, b).dtype,
          (b & 1).dtype, (b + b).dtype)
    out[t * 4] = fx.Int32(s >> 32) + fx.Int32(s)
    out[t * 4 + 1] = fx.Int32(b & fx.Int8(-1))
    out[t * 4 + 2] = fx.Int32(b.select(b, fx.Uint8(200)))
    out[t * 4 + 3] = fx.Int32(fx.arith.select(t == n, fx.Uint8(250), fx.Int8(-3)))

@flyc.jit
def run(out, n):
    k(out, n).launch(grid=1, block=4)

out = torch.zeros(16, dtype=torch.int32, device="cuda")
run(out, 2)
print(out.view(4, 4).tolist())

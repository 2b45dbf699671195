# flyi: run
# Found by the tracer fuzzer (tests/fuzz): integer true division converts both operands to their common
# integer type first and then to float with that type's signedness (FlyDSL's _coerce_operands), so
# Int32(-5) / Uint64(4) is (2**64 - 5) / 4 and Int32(-8) / Uint32(2) is (2**32 - 8) / 2 (uitofp), not -1.25
# and -4.0; the same numbers folded at trace time agree.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

@flyc.kernel
def k(out: fx.Tensor, a: fx.Int32, b: fx.Int32):
    t = fx.thread_idx.x
    x = a + t                                   # -5, -4 (dynamic Int32)
    q64 = x / fx.Uint64(4)                      # Float64
    q32 = (x - 3) / fx.Uint32(b)                # Float32
    qs = fx.Int32(-5) / fx.Uint64(4)            # static
    out[t * 5] = fx.Int32(q64.bitcast(fx.Int64) >> 32)
    out[t * 5 + 1] = fx.Int32(q64.bitcast(fx.Int64))
    out[t * 5 + 2] = q32.bitcast(fx.Int32)
    out[t * 5 + 3] = fx.Int32(qs.bitcast(fx.Int64) >> 32)
    out[t * 5 + 4] = fx.Int32(q64 == 4.611686018427388e18)

@flyc.jit
def run(out, a, b):
    k(out, a, b).launch(grid=1, block=2)

out = torch.zeros(10, dtype=torch.int32, device="cuda")
run(out, -5, 2)
print([hex(v & 0xFFFFFFFF) for v in out.tolist()])

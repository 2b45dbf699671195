# flyi: run
# In a kernel, x.bitcast(T) of a compile-time value is FlyDSL's arith.bitcast of its constant, a run-time value
# (at the prompt it folds). Run on the emulator: the bits of 1.0f and -2.0f, and back.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

seen = []


@flyc.kernel
def k(out: fx.Tensor, back: fx.Tensor):
    t = fx.thread_idx.x
    b = fx.Float32(1.0).bitcast(fx.Int32)
    seen.append(b.is_static())
    out[t] = b + t
    back[t] = fx.Int32(-1073741824).bitcast(fx.Float32)  # 0xC0000000: -2.0


@flyc.jit
def run(o, b):
    k(o, b).launch(grid=1, block=4)


o = torch.zeros(4, dtype=torch.int32, device="cuda")
b = torch.zeros(4, device="cuda")
run(o, b)
print([hex(v) for v in o.tolist()], b.tolist(), "static:", seen[0])
print("at the prompt:", repr(fx.Float32(1.0).bitcast(fx.Int32)))

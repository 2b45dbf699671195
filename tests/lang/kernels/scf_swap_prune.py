# flyi: run
# A swap in a device loop where one side ends unchanged: that carry is dropped, and the other's yield is
# the dropped one's initial value (found by the tracer fuzzer, seed 200917: invalid IR before). Python's values.
import torch
import flydsl.compiler as flyc
import flydsl.expr as fx

@flyc.kernel
def fz(out: fx.Tensor, n: fx.Int32):
    t = fx.thread_idx.x
    x1 = fx.Float32(t) + 1.0
    x5 = fx.Float32(t) + 2.0
    for i1 in range(n):
        x5, x1 = x1, x5
        x1 = x5
    out[t] = x1
    out[t + 4] = x5

@flyc.jit
def run(o, n):
    fz(o, n).launch(grid=1, block=4)

o = torch.zeros(8, device="cuda")
for n in (0, 1, 2):
    run(o, n)
    print(n, o.tolist())

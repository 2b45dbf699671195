# flyi: run
# The shape of FlyDSL's attention reduce kernel (kernels/attention/pa_metadata.py): a range(..., init=[...])
# loop with a scalar and a Vector in its state inside an if on a dynamic value, its index-typed loop
# variable converted to Float32, the results used after the loop inside the if. Expected by hand: slots
# 1..3 give m = 3 and acc = 1 + 2 + 3 for threads with hi > lo + i, -1 for the others.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch
@flyc.kernel
def k(out: fx.Tensor, lo: fx.Int32, hi: fx.Int32):
    i = fx.thread_idx.x
    res = fx.Float32(-1.0)
    if hi > lo + i:
        for slot, st in range(lo, hi, fx.Int32(1), init=[fx.Float32(0.0), fx.Vector.filled(4, 0.0, fx.Float32)]):
            m = fx.Float32(st[0])
            acc = st[1]
            results = yield [m + 1.0, acc + fx.Float32(slot)]
        res = fx.Float32(results[0]) + results[1][0]
    out[i] = res
@flyc.jit
def run(out, lo, hi):
    k(out, lo, hi).launch(grid=1, block=4)
o = torch.zeros(4, device="cuda")
run(o, 1, 4)
print(o.tolist())

# flyi: run
# 0-dim torch tensors as kernel arguments: each enters as a one-element tensor (static layout 1:1), read
# and written as t[0]; a scalar result tensor accumulates a sum with an atomic-free single thread, and
# a 0-dim int tensor scales a vector.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

@flyc.kernel
def scale_by(x: fx.Tensor, k: fx.Tensor, y: fx.Tensor):
    i = fx.thread_idx.x
    y[i] = x[i] * k[0].to(fx.Float32)

@flyc.kernel
def total(x: fx.Tensor, s: fx.Tensor, n: fx.Constexpr):
    if fx.thread_idx.x == 0:
        acc = fx.Float32(0.0)
        for i in range(n):
            acc = acc + x[i]
        s[0] = acc

@flyc.jit
def run(x, k, y, s, n: fx.Constexpr):
    scale_by(x, k, y).launch(grid=1, block=n)
    total(y, s, n).launch(grid=1, block=32)

x = torch.arange(8, dtype=torch.float32, device="cuda")
k = torch.tensor(3, dtype=torch.int32, device="cuda")
y = torch.zeros(8, device="cuda")
s = torch.tensor(0.0, device="cuda")
print("shapes", tuple(k.shape), tuple(s.shape))
run(x, k, y, s, 8)
torch.cuda.synchronize()
print("scaled", y.cpu().tolist())
print("sum", s.item(), "PASS" if s.item() == 84.0 else "FAIL")

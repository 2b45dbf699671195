# flyi: run
# Global atomics (trace_atomic.c): a float sum over many blocks with fx.atomic_add, an integer
# histogram, and atomic max; checked against float64 / Python references.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

@flyc.kernel
def gsum(a: fx.Tensor, acc: fx.Tensor, hist: fx.Tensor, mx: fx.Tensor, keys: fx.Tensor):
    i = fx.block_idx.x * fx.block_dim.x + fx.thread_idx.x
    fx.atomic_add(acc, 0, a[i])
    fx.atomic_add(hist, keys[i], 1)
    fx.atomic_max(mx, 0, keys[i] * 3)

@flyc.jit
def run(a, acc, hist, mx, keys):
    gsum(a, acc, hist, mx, keys).launch(grid=16, block=64)

n = 1024
a = torch.rand(n, device="cuda")
keys = torch.randint(0, 10, (n,), dtype=torch.int32, device="cuda")
acc = torch.zeros(1, device="cuda")
hist = torch.zeros(10, dtype=torch.int32, device="cuda")
mx = torch.zeros(1, dtype=torch.int32, device="cuda")
run(a, acc, hist, mx, keys)
ref = a.cpu().double().sum().item()
print("float atomic add, 16 blocks", "PASS" if abs(acc.item() - ref) < 1e-3 * abs(ref) else "FAIL")
kl = keys.tolist()
print("int histogram", "PASS" if hist.tolist() == [kl.count(k) for k in range(10)] else "FAIL")
print("atomic max", "PASS" if mx.item() == max(kl) * 3 else "FAIL")

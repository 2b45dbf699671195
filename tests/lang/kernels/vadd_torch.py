# flyi: run
# Tensors in kernels: torch tensors on device="cuda" as kernel arguments, element reads and writes,
# a vector add and a 2-D transpose checked against torch, and an out-of-bounds access reported as
# flyc.KernelError with the kernel's source line (the session goes on).
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

@flyc.kernel
def vadd(a: fx.Tensor, b: fx.Tensor, c: fx.Tensor):
    i = fx.block_idx.x * fx.block_dim.x + fx.thread_idx.x
    c[i] = a[i] + b[i]

@flyc.jit
def add(a, b, c, blocks):
    vadd(a, b, c).launch(grid=(blocks, 1, 1), block=(64, 1, 1))

torch.manual_seed(0)
n = 1024
a = torch.randn(n, device="cuda")
b = torch.randn(n, device="cuda")
c = torch.empty(n, device="cuda")
add(a, b, c, n // 64)
torch.cuda.synchronize()
print("vadd", "PASS" if torch.allclose(c, a + b) else "FAIL")

@flyc.kernel
def transpose(src: fx.Tensor, dst: fx.Tensor, scale: fx.Float32):
    r = fx.block_idx.x
    col = fx.thread_idx.x
    dst[col, r] = src[r, col] * scale

@flyc.jit
def tr(src, dst):
    transpose(src, dst, 2.0).launch(grid=src.shape[0], block=src.shape[1])

x = torch.arange(12, dtype=torch.float32, device="cuda").reshape(3, 4)
y = torch.zeros(4, 3, device="cuda")
tr(x, y)
print("transpose", "PASS" if torch.equal(y, x.t() * 2) else "FAIL")
print(y.tolist()[1])

@flyc.kernel
def ints(a: fx.Tensor, k: fx.Int32):
    i = fx.thread_idx.x
    a[i] = a[i] * k + i

@flyc.jit
def run_ints(a):
    ints(a, 3).launch(grid=1, block=a.shape[0])

v = torch.arange(5, dtype=torch.int32, device="cuda")
run_ints(v)
print(v.tolist())

try:
    add(a, b, c, n // 64 + 1)
except flyc.KernelError as e:
    msg = str(e)
    print("KernelError:", "out of bounds" in msg, "'vadd'" in msg, "vadd_torch.py:12" in msg)
print("still running", torch.allclose(c, a + b))
try:
    add(torch.zeros(4), b, c, 1)
except TypeError as e:
    print("TypeError:", e)

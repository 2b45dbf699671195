# flyi: run
# Dynamic tensor layouts, 2-D: mark_layout_dynamic() gives (?,?):(?{i64},1) and A.shape.unpack()
# Int32 values (a device loop runs to N); a transposed view marked with leading_dim=0 and
# divisibility=4 gives (?,?):(1,?{i64 div=4}); flat_divide by a static tile computes its dynamic
# extents in the kernel.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

def dyn(t, **kw):
    return flyc.from_dlpack(t).mark_layout_dynamic(**kw)

@flyc.kernel
def scale(X: fx.Tensor, Y: fx.Tensor):
    print(X, Y)
    r = fx.block_idx.x
    M, N = X.shape.unpack()
    print(X.shape, M, N, M.dtype)
    for j in range(fx.thread_idx.x, N, 32):
        Y[r, j] = X[r, j] * 2.0

@flyc.jit
def run_scale(x, y, rows):
    scale(x, y).launch(grid=rows, block=32)

x = torch.arange(5 * 70, dtype=torch.float32, device="cuda").reshape(5, 70)
y = torch.zeros(5, 70, device="cuda")
run_scale(dyn(x), dyn(y), 5)
print("2-D", "PASS" if torch.equal(y, x * 2) else "FAIL")
xt = torch.arange(6 * 8, dtype=torch.float32, device="cuda").reshape(6, 8).t()
yt = torch.zeros(8, 6, device="cuda")
run_scale(dyn(xt, leading_dim=0, divisibility=4), dyn(yt), 8)
print("transposed", "PASS" if torch.equal(yt, xt * 2) else "FAIL")


@flyc.kernel
def fdiv(A: fx.Tensor, B: fx.Tensor):
    fA = fx.flat_divide(A, (2, 4))
    fB = fx.flat_divide(B, (2, 4))
    print(fA)
    t = fx.thread_idx.x
    b = fx.block_idx.x
    fB[t % 2, t // 2, b % 3, b // 3] = fA[t % 2, t // 2, b % 3, b // 3] + 1.0

@flyc.jit
def run_fdiv(a, b):
    fdiv(a, b).launch(grid=6, block=8)

a = torch.arange(6 * 8, dtype=torch.float32, device="cuda").reshape(6, 8)
b = torch.zeros(6, 8, device="cuda")
run_fdiv(dyn(a), dyn(b))
print("flat_divide", "PASS" if torch.equal(b, a + 1) else "FAIL")

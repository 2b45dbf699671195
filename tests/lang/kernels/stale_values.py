# flyi: run
# A traced value lives only inside the trace of the kernel that computed it (its SSA handle names that
# trace): kept in a Python list and used in another kernel's trace, or outside any trace after its
# kernel was traced (printed, arithmetic), it is a RuntimeError naming the kernel and the line, never a
# silent wrong result. Numbers, tensors and register fragments alike; the session goes on.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

G = []

@flyc.kernel
def k1(A: fx.Tensor):
    x = fx.thread_idx.x * 7
    G.append(x)
    G.append(A)
    r = fx.make_rmem_tensor(fx.make_layout(4, 1), fx.Float32)
    G.append(r)
    A[0] = x

@flyc.kernel
def k2(A: fx.Tensor):
    t = fx.thread_idx.x * 3 + 1 + fx.thread_idx.x
    A[fx.thread_idx.x] = G[0] + t

@flyc.kernel
def k3(A: fx.Tensor):
    G[1][fx.thread_idx.x] = 5

@flyc.kernel
def k4(A: fx.Tensor):
    G[2][0] = 1.0
    A[0] = 2

@flyc.kernel
def k5(A: fx.Tensor):
    A[fx.thread_idx.x] = fx.thread_idx.x + 2

@flyc.jit
def run(k, a, block: fx.Constexpr[int]):
    k(a).launch(grid=1, block=block)

a = torch.zeros(8, dtype=torch.int32, device="cuda")
run(k1, a, 1)
for f in [lambda: print(G[0]), lambda: G[0] + 1, lambda: repr(G[0])]:
    try:
        f()
    except RuntimeError as e:
        print(e)
for k in [k2, k3, k4]:
    try:
        run(k, a, 8)
    except RuntimeError as e:
        print(e)
run(k5, a, 8)
print(a.tolist())

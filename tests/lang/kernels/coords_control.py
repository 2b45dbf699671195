# flyi: run
# Runtime coordinates computed inside a runtime for loop (from the loop variable) and inside a runtime
# if; fx.get_ of a runtime leaf is an IntTuple (get_scalar gives its integer). Checked against plain Python.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch


@flyc.kernel
def k(A: fx.Tensor, n: fx.Int32):
    tid = fx.thread_idx.x
    L = fx.make_layout((4, 8), (8, 1))
    for i in range(tid, n, 32):
        c = fx.idx2crd(i, L)
        A[i] = fx.get(c, 0) * 10 + fx.get(c, 1)
    if tid < 4:
        d = fx.idx2crd(tid, L)
        A[tid + 32] = fx.get_scalar(fx.crd2idx(d, L)) + 100
    h = fx.idx2crd(tid, fx.make_layout(((2, 2), 8), ((1, 2), 4)))
    A[tid + 40] = fx.get_scalar(fx.get_(h, 0, 1)) * 10 + fx.get_scalar(fx.get_(h, (1,)))


@flyc.jit
def run(a, n):
    k(a, n).launch(grid=1, block=32)


a = torch.zeros(72, dtype=torch.int32, device="cuda")
run(a, 32)
exp = [(i // 8 % 4) * 10 + i % 8 for i in range(32)] + [t + 100 for t in range(4)] + [0] * 4
exp += [(t // 2 % 2) * 10 + (t // 4 % 8) for t in range(32)]
print("coordinates in a loop and a branch", "PASS" if a.tolist() == exp else "FAIL")
print(a[28:44].tolist())


@flyc.kernel
def bad(A: fx.Tensor):
    A[0] = fx.crd2idx(fx.thread_idx.x, fx.make_layout(8, 2))


try:
    bad(torch.zeros(8, dtype=torch.int32, device="cuda")).launch(grid=1, block=1)
except TypeError as e:
    print("TypeError:", e)

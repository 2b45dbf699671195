# flyi: run
# Negative runtime indices follow FlyDSL's lowering of IntTuple division (arith.divsi / arith.remsi: C's
# truncating / and %), e.g. idx2crd(-5, (4,8):(8,1)) = (0,-5) and crd2idx(-5, (4,8):(8,1)) = -9.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch


def tdiv(a, b):
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b > 0) else -q


def tmod(a, b):
    return a - tdiv(a, b) * b


@flyc.kernel
def k(A: fx.Tensor):
    tid = fx.thread_idx.x
    i = tid - 40
    L = fx.make_layout((4, 8), (8, 1))
    c = fx.idx2crd(i, L)
    A[tid, 0] = fx.get(c, 0)
    A[tid, 1] = fx.get(c, 1)
    A[tid, 2] = fx.get_scalar(fx.crd2idx(i, L))


@flyc.jit
def run(a):
    k(a).launch(grid=1, block=64)


a = torch.zeros(64, 3, dtype=torch.int32, device="cuda")
run(a)
exp = []
for t in range(64):
    i = t - 40
    exp.append([tmod(tdiv(i, 8), 4), tmod(i, 8), tmod(i, 4) * 8 + tdiv(i, 4)])
print("negative runtime indices", "PASS" if a.tolist() == exp else "FAIL")
print(a[35].tolist(), a[0].tolist())

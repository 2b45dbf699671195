# flyi: run
# Layout methods at runtime indices in a kernel (FlyDSL's Layout.__call__, get_hier_coord, get_flat_coord,
# get_1d_coord): L(tid), L(r, c), L(None, c) slices, index= keyword; checked against plain Python.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch


@flyc.kernel
def k(A: fx.Tensor):
    tid = fx.thread_idx.x
    L = fx.make_layout((4, 16), (16, 1))
    A[tid, 0] = fx.get_scalar(L(tid))
    A[tid, 1] = fx.get_scalar(L(tid % 4, tid // 4))
    h = L.get_hier_coord(tid)
    A[tid, 2] = fx.get(h, 0) * 100 + fx.get(h, 1)
    f = L.get_flat_coord(index=tid)
    A[tid, 3] = fx.get(f, 0) * 100 + fx.get(f, 1)
    A[tid, 4] = fx.get_scalar(L.get_1d_coord(tid))
    s = L(None, tid % 16)
    print(s)
    A[tid, 5] = fx.get_scalar(s(tid // 16))
    A[tid, 6] = fx.get_scalar(fx.crd2idx(fx.get_flat_coord(tid, L), L))


@flyc.jit
def run(a):
    k(a).launch(grid=1, block=64)


a = torch.full((64, 7), -1, dtype=torch.int32, device="cuda")
run(a)
exp = []
for t in range(64):
    r, c = (t // 16) % 4, t % 16
    exp.append([(t % 4) * 16 + t // 4, (t % 4) * 16 + t // 4, r * 100 + c, r * 100 + c, r + 4 * c, (t // 16) * 16, t])
print("layout methods at runtime indices", "PASS" if a.tolist() == exp else "FAIL")
print(a[37].tolist())

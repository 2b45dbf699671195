# flyi: run
# The layout of a tensor with dynamic extents (fx.get_layout(A), A.layout) has its leaves read in the
# kernel, so idx2crd / crd2idx / size over it work at runtime indices: A is 5x3 marked dynamic,
# (?,?):(?{i64},1) = (5,3):(3,1). Checked against plain Python.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch


@flyc.kernel
def k(A: fx.Tensor, B: fx.Tensor):
    tid = fx.thread_idx.x
    L = fx.get_layout(A)
    print(L)
    c = fx.idx2crd(tid, L)
    B[tid, 0] = fx.get(c, 0)
    B[tid, 1] = fx.get(c, 1)
    B[tid, 2] = fx.get_scalar(fx.crd2idx((1, tid % 3), A.layout))
    B[tid, 3] = fx.get_scalar(fx.size(L))
    B[tid, 4] = fx.get_scalar(fx.crd2idx(tid, L))


@flyc.jit
def run(a, b):
    k(a, b).launch(grid=1, block=16)


a = flyc.from_dlpack(torch.zeros(5, 3, device="cuda")).mark_layout_dynamic()
b = torch.zeros(16, 5, dtype=torch.int32, device="cuda")
run(a, b)
exp = [[(t // 3) % 5, t % 3, 3 + t % 3, 15, (t % 5) * 3 + t // 5] for t in range(16)]
print("runtime coordinates over a dynamic tensor layout", "PASS" if b.tolist() == exp else "FAIL")
print(b[13].tolist())

# flyi: run
# gpu.shuffle idx with a width below the wave, as gpu.shuffle lowers for AMDGPU (ds_bpermute): the
# offset is an absolute lane, read when it lies below the end of the calling lane's width group,
# else the lane keeps its own value. (FlyDSL's warp scans read a group's last lane this way.)
import flydsl.compiler as flyc
import flydsl.expr as fx
from flydsl.expr import gpu
import torch


@flyc.kernel
def k(out: fx.Tensor):
    t = gpu.thread_id("x")
    v = fx.Float32(t)
    out[t] = gpu.shuffle_idx(v, 63, 32)
    out[64 + t] = gpu.shuffle_idx(v, 31, 32)
    out[128 + t] = gpu.shuffle_idx(v, (t // 16) * 16 + 15, 16)
    out[192 + t] = gpu.shuffle_idx(v, 5, 64)


@flyc.jit
def run(o: fx.Tensor):
    k(o).launch(grid=(1,), block=(64,))


o = torch.zeros(256).cuda()
run(o)
r = [int(x) for x in o.tolist()]
print(r[0:64] == list(range(32)) + [63] * 32)
print(r[64:128] == [31] * 64)
print(r[128:192] == [g * 16 + 15 for g in range(4) for _ in range(16)])
print(r[192:] == [5] * 64)
print(r[30:34], r[64 + 30:64 + 34], r[128 + 14:128 + 18])

# flyi: run
# The reference's current syntax for (wave_id, lane_id): tx = gpu.thread_id("x"),
# coord = fx.idx2crd(tx, fx.make_layout((4, 64), (64, 1))), wave_id = fx.get(coord, 0),
# lane_id = fx.get(coord, 1); gpu.thread_id / gpu.block_id are in fx.gpu only (not re-exported by fx).
import flydsl.compiler as flyc
import flydsl.expr as fx
from flydsl.expr import gpu
import torch


@flyc.kernel
def k(A: fx.Tensor):
    tx = gpu.thread_id("x")
    bx = gpu.block_id("x")
    layout = fx.make_layout((4, 64), (64, 1))
    coord = fx.idx2crd(tx, layout)
    wave_id = fx.get(coord, 0)
    lane_id = fx.get(coord, 1)
    A[bx * 256 + tx] = bx * 10000 + wave_id * 1000 + lane_id


@flyc.jit
def run(a):
    k(a).launch(grid=2, block=256)


a = torch.zeros(512, dtype=torch.int32, device="cuda")
run(a)
exp = [(g // 256) * 10000 + (g % 256 // 64) * 1000 + g % 64 for g in range(512)]
print("wave_id / lane_id", "PASS" if a.tolist() == exp else "FAIL")
print(a[250:260].tolist(), a[511].item(), hasattr(fx, "thread_id"), hasattr(gpu, "block_id"))
try:
    gpu.thread_id("w")
except ValueError as e:
    print("ValueError:", e)
try:
    gpu.block_id("x")
except RuntimeError as e:
    print("RuntimeError:", e)

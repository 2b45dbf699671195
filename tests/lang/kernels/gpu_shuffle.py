# flyi: run
# Cross-lane operations (trace_gpu.c): a wave-64 sum reduction with xor shuffles over several blocks
# (function form and the deprecated method form FlyDSL's norm kernels use), shuffle up/down/idx,
# fx.gpu.shuffle with a mode, lane_id and num_warp_threads; checked against float64 references.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

WAVE = fx.num_warp_threads()
print("num_warp_threads", WAVE)

@flyc.kernel
def wave_sum(a: fx.Tensor, out: fx.Tensor, out2: fx.Tensor):
    i = fx.block_idx.x * fx.block_dim.x + fx.thread_idx.x
    v = a[i]
    w = v
    for k in fx.range_constexpr(6):
        v = v + fx.shuffle_xor(v, 32 >> k, WAVE)
        w = w + w.shuffle_xor(32 >> k, WAVE)
    lane = fx.lane_id()
    if lane == 0:
        wave = i // 64
        out[wave] = v
        out2[wave] = w

@flyc.jit
def run_sum(a, out, out2):
    wave_sum(a, out, out2).launch(grid=4, block=128)

a = torch.randn(512, device="cuda")
out = torch.zeros(8, device="cuda")
out2 = torch.zeros(8, device="cuda")
run_sum(a, out, out2)
ref = a.cpu().double().reshape(8, 64).sum(dim=1)
print("wave sum xor (8 waves, 4 blocks)", "PASS" if torch.allclose(out.double(), ref, atol=1e-4) else "FAIL")
print("wave sum method form", "PASS" if torch.allclose(out2.double(), ref, atol=1e-4) else "FAIL")

@flyc.kernel
def moves(a: fx.Tensor, up: fx.Tensor, down: fx.Tensor, idx: fx.Tensor, gen: fx.Tensor, lanes: fx.Tensor):
    i = fx.thread_idx.x
    v = a[i]
    up[i] = fx.shuffle_up(v, 1, 64)
    down[i] = fx.shuffle_down(v, 2, 16)
    idx[i] = fx.shuffle_idx(v, 5, 64)
    gen[i] = fx.gpu.shuffle(fx.Int32(i), 3, 64, "xor")
    lanes[i] = fx.lane_id()

@flyc.jit
def run_moves(a, up, down, idx, gen, lanes):
    moves(a, up, down, idx, gen, lanes).launch(grid=1, block=64)

a = torch.arange(64, device="cuda").float()
up, down, idx = torch.zeros(64, device="cuda"), torch.zeros(64, device="cuda"), torch.zeros(64, device="cuda")
gen, lanes = torch.zeros(64, dtype=torch.int32, device="cuda"), torch.zeros(64, dtype=torch.int32, device="cuda")
run_moves(a, up, down, idx, gen, lanes)
L = list(range(64))
print("shuffle_up 1", "PASS" if up.tolist() == [float(l - 1 if l >= 1 else l) for l in L] else "FAIL", up.tolist()[:4])
print("shuffle_down 2 width 16", "PASS" if down.tolist() == [float(l + 2 if l % 16 + 2 < 16 else l) for l in L] else "FAIL",
      down.tolist()[12:16])
print("shuffle_idx 5", "PASS" if idx.tolist() == [5.0] * 64 else "FAIL")
print("gpu.shuffle xor 3 (Int32)", "PASS" if gen.tolist() == [l ^ 3 for l in L] else "FAIL")
print("lane_id", "PASS" if lanes.tolist() == L else "FAIL")

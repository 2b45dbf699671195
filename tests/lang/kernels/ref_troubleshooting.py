# flyi: run
# The authoring reference, section 10: typed constants (fx.Int32 / fx.Int64 / fx.Float32, fx.Index
# still accepted), Constexpr values baked into the IR (each value its own compiled kernel, Int32
# one kernel for all values), flyc.from_dlpack(t).mark_layout_dynamic(leading_dim=0,
# divisibility=4), a full-wave reduction with shifts [32, 16, 8, 4, 2, 1] (wave64 on gfx9),
# abs(v) / fx.absf(v) instead of negate/compare/select, Vec.filled for scalar broadcast.
import flydsl.compiler as flyc
import flydsl.expr as fx
from flydsl.expr import gpu
import torch


@flyc.kernel
def baked(out: fx.Tensor, C: fx.Constexpr[int], d: fx.Int32):
    out[gpu.thread_id("x")] = fx.Int32(C) * 100 + d + fx.Int32(fx.Index(1))


@flyc.jit
def run_baked(out: fx.Tensor, C: fx.Constexpr[int], d: fx.Int32):
    baked(out, C, d).launch(grid=(1,), block=(2,))


o = torch.zeros(2, dtype=torch.int32).cuda()
before = flyc.cache_info()["misses"]
for c, d in ((1, 5), (1, 6), (2, 5), (1, 7)):
    run_baked(o, c, d)
    print(c, d, o.tolist())
print("kernels compiled:", flyc.cache_info()["misses"] - before)


@flyc.kernel
def copy_dyn(src: fx.Tensor, dst: fx.Tensor):
    i = gpu.block_id("x") * gpu.block_dim.x + gpu.thread_id("x")
    dst[i] = src[i] + fx.Float32(1.0)


@flyc.jit
def run_copy(src: fx.Tensor, dst: fx.Tensor, n: fx.Constexpr[int]):
    copy_dyn(src, dst).launch(grid=(n // 64,), block=(64,))


s = torch.arange(256, dtype=torch.float32).cuda()
d = torch.zeros(256, dtype=torch.float32).cuda()
run_copy(flyc.from_dlpack(s).mark_layout_dynamic(leading_dim=0, divisibility=4), d, 256)
print(torch.equal(d, s + 1))


@flyc.kernel
def wave_sum(a: fx.Tensor, out: fx.Tensor):
    lane = gpu.thread_id("x")
    v = a[lane]
    for sh in fx.range_constexpr(6):
        v = v + gpu.shuffle_xor(v, [32, 16, 8, 4, 2, 1][sh], 64)
    if lane == 0:
        out[0] = v
    w = fx.Vector.filled(4, a[lane], fx.Float32) - 40.0
    out[1 + lane] = abs(w)[0] + fx.absf(w)[3]


@flyc.jit
def run_wave(a: fx.Tensor, out: fx.Tensor):
    wave_sum(a, out).launch(grid=(1,), block=(64,))


a = torch.arange(64, dtype=torch.float32).cuda()
r = torch.zeros(65, dtype=torch.float32).cuda()
run_wave(a, r)
print(r[0].item(), float(a.sum()), r[1:5].tolist(), r[61:].tolist())

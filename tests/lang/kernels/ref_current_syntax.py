# flyi: run
# The authoring reference, section 3 "current syntax": typed integers and floats, a layout's
# idx2crd of the thread id (wave, lane), Vec.filled, Vec(raw).bitcast, and a buffer tensor viewed
# through fx.make_view(fx.get_iter(buf), layout) (static and dynamic-layout tensors).
import flydsl.compiler as flyc
import flydsl.expr as fx
from flydsl.expr import gpu
import torch

Vec = fx.Vector


@flyc.kernel
def k(t: fx.Tensor, out: fx.Tensor, i32_m: fx.Int32, M: fx.Constexpr[int], N: fx.Constexpr[int]):
    tx = gpu.thread_id("x")
    bx = gpu.block_id("x")
    by = gpu.block_id("y")
    c_m = fx.Int64(i32_m)
    c4 = fx.Int64(4)
    zero_f = fx.Float32(0.0)
    layout = fx.make_layout((4, 64), (64, 1))
    coord = fx.idx2crd(tx, layout)
    wave_id = fx.get(coord, 0)
    lane_id = fx.get(coord, 1)
    acc = Vec.filled(4, 0.0, fx.Float32)
    raw_vec = Vec.filled(4, 1, fx.Int32)
    v_i64 = Vec(raw_vec).bitcast(fx.Int64)
    elem0 = v_i64[0]
    buf = fx.rocdl.make_buffer_tensor(t)
    tA = fx.make_view(fx.get_iter(buf), fx.make_layout((M, N), (N, 1)))
    if tx % 64 == 0:
        fx.printf("tx={} wave={} lane={}", tx, wave_id, lane_id)
    if tx == 65:
        fx.printf("c_m={} c4={} zero={} acc={} e0={} v_i64={} bx={} by={}", c_m + c4, c4, zero_f, acc[3], elem0,
                  v_i64.numel, bx, by)
    if tx < M * N:
        r = tx // N
        c = tx % N
        out[tx] = tA[r, c] + 0.5


@flyc.jit
def run(t: fx.Tensor, out: fx.Tensor, m: fx.Int32):
    k(t, out, m, 4, 8).launch(grid=(1, 1, 1), block=(256, 1, 1))


t = torch.arange(32, dtype=torch.float32).cuda()
o = torch.zeros(32, dtype=torch.float32).cuda()
run(t, o, 7)
print(torch.equal(o, t + 0.5))
# a statically laid out tensor (flyc.from_dlpack) through the same view
run(flyc.from_dlpack(t), o, 7)
print(torch.equal(o, t + 0.5))

# flyi: run
# flyi: emu-only (it launches gfx950 kernels, which a gfx942 device refuses)
# The authoring reference's "do not wrap runtime values in const_expr" (FlyDSL's RuntimeError at
# trace time, also with known_block_size), @flyc.kernel(known_block_size=...) checking the launch
# block (FlyDSL's ValueError), FlyDSL's checks of the declaration itself, and section 10's LDS
# capacity: a static SharedAllocator allocation over the target's LDS (64 KiB gfx942, 160 KiB
# gfx950) is a compile-time error, exactly the capacity compiles and runs.
import os
import flydsl.compiler as flyc
import flydsl.expr as fx
from flydsl.expr import const_expr, gpu
import torch


@flyc.kernel(known_block_size=(256, 1, 1))
def wrong(out: fx.Tensor):
    lane = gpu.thread_id("x") % 64
    c_zero = fx.Int32(0)
    if const_expr(lane == c_zero):
        out[0] = 1


@flyc.jit
def run_wrong(out: fx.Tensor):
    wrong(out).launch(grid=(1,), block=(256, 1, 1))


o = torch.zeros(256, dtype=torch.int32).cuda()
try:
    run_wrong(o)
except RuntimeError as e:
    print("RuntimeError:", e)


@flyc.kernel(known_block_size=(256, 1, 1))
def known(out: fx.Tensor):
    out[gpu.thread_id("x")] = 1


@flyc.jit
def run_known(out: fx.Tensor, bx: fx.Constexpr[int], by: fx.Constexpr[int]):
    known(out).launch(grid=(1,), block=(bx, by, 1))


run_known(o, 256, 1)
print(int(o.sum()))
for bx, by in ((128, 1), (256, 2)):
    try:
        run_known(o, bx, by)
    except ValueError as e:
        print("ValueError:", e)

for bad in ((256, 1), (256, 0, 1), (256, 1.0, 1), 256):
    try:
        flyc.kernel(known_block_size=bad)
    except (TypeError, ValueError) as e:
        print(type(e).__name__ + ":", e)


@flyc.kernel
def lds(out: fx.Tensor, NB: fx.Constexpr[int]):
    s = fx.SharedAllocator().allocate(fx.Array[fx.Float32, NB // 4]).peek()
    v = s.view(fx.make_layout((NB // 4,), (1,)))
    v[gpu.thread_id("x")] = 2.0
    gpu.barrier()
    out[0] = v[0] + v[63]


@flyc.jit
def run_lds(out: fx.Tensor, nb: fx.Constexpr[int]):
    lds(out, nb).launch(grid=(1,), block=(64,))


f = torch.zeros(1, dtype=torch.float32).cuda()
for arch, nb in (("gfx942", 64 * 1024), ("gfx942", 64 * 1024 + 4), ("gfx950", 160 * 1024), ("gfx950", 160 * 1024 + 4)):
    os.environ["ARCH"] = arch
    f.zero_()
    try:
        run_lds(f, nb)
        print(arch, nb, "ran:", f.tolist())
    except RuntimeError as e:
        print(arch, nb, "RuntimeError:", e)

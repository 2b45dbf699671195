# flyi: run
# The fp8 MFMA atoms (trace_mma.c, lower_mma.c, emu_mfma.c): fx.rocdl.MFMA(32, 32, 16, fx.Float8E4M3FNUZ) and
# (16, 16, 32, ...) on one wave, C = A @ B.T with eight fp8 values a lane packed into the intrinsic's i64 operands,
# on the emulator (gfx942 by default: FNUZ e4m3) against the float64 product of the decoded operands (exact:
# products of e4m3 values and their sums of 16 or 32 terms fit a float32 here); the ISA has
# v_mfma_f32_32x32x16_fp8_fp8 / v_mfma_f32_16x16x32_fp8_fp8 for gfx942 and gfx950 (where the same instruction
# reads OCP e4m3: torch.float8_e4m3fn).
import os

import flydsl.compiler as flyc
import flydsl.expr as fx
import torch


@flyc.kernel
def mma_fp8(A: fx.Tensor, B: fx.Tensor, C: fx.Tensor, mn: fx.Constexpr[int], k: fx.Constexpr[int]):
    tid = fx.thread_idx.x
    mma = fx.make_tiled_mma(fx.make_mma_atom(fx.rocdl.MFMA(mn, mn, k, A.element_type)),
                            fx.make_layout((1, 1, 1), (1, 0, 0)))
    thr = mma.thr_slice(tid)
    fa = thr.make_fragment_A(thr.partition_A(A))
    fb = thr.make_fragment_B(thr.partition_B(B))
    fc = thr.make_fragment_C(thr.partition_C(C))
    for i in fx.range_constexpr(fx.size(fc.shape).unpack()):
        fc[i] = fx.Float32(0.0)
    cp = fx.make_copy_atom(fx.UniversalCopy(8), A.element_type)
    cc = fx.make_copy_atom(fx.UniversalCopy(32), fx.Float32)
    ta = fx.make_tiled_copy_A(cp, mma).get_slice(tid)
    tb = fx.make_tiled_copy_B(cp, mma).get_slice(tid)
    tc = fx.make_tiled_copy_C(cc, mma).get_slice(tid)
    fx.copy(cp, ta.partition_S(A), ta.retile(fa))
    fx.copy(cp, tb.partition_S(B), tb.retile(fb))
    fx.gemm(mma, fc, fa, fb, fc)
    fx.copy(cc, tc.retile(fc), tc.partition_D(C))


@flyc.jit
def run(A, B, C, mn: fx.Constexpr[int], k: fx.Constexpr[int]):
    mma_fp8(A, B, C, mn, k).launch(grid=1, block=64)


torch.manual_seed(3)
for mn, k in ((32, 16), (16, 32)):
    a = torch.randn(mn, k).to(torch.float8_e4m3fnuz).cuda()
    b = torch.randn(mn, k).to(torch.float8_e4m3fnuz).cuda()
    c = torch.zeros(mn, mn).cuda()
    args = (flyc.from_dlpack(a), flyc.from_dlpack(b), flyc.from_dlpack(c), mn, k)
    run(*args)
    ref = a.cpu().double() @ b.cpu().double().t()
    print("%dx%dx%d fp8 FNUZ:" % (mn, mn, k), torch.equal(c.cpu().double(), ref), ref.abs().max().item() > 1)
    for arch, dt in (("gfx942", torch.float8_e4m3fnuz), ("gfx950", torch.float8_e4m3fn)):
        os.environ["ARCH"] = arch
        x = flyc.from_dlpack(torch.zeros(mn, k).to(dt).cuda())
        isa = flyc.compile(run, x, x, args[2], mn, k).isa
        print("  ", arch, dt, "v_mfma_f32_%dx%dx%d_fp8_fp8" % (mn, mn, k) in isa)
    del os.environ["ARCH"]

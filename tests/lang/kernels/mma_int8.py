# flyi: run
# flyi: emu-only (its gfx950 kernels run on the emulator; a gfx942 device cannot load them)
# The i8 MFMAs with Int32 accumulators (fx.rocdl.MFMA(m, n, k, fx.Int8, fx.Int32); trace_mma.c, lower_mma.c,
# emu_mfma.c) and gfx950's double-rate f16 / bf16 ones (eight values a lane): C = A @ B.T on one wave on the
# emulator, the i8 results bit for bit against the int64 product (the hardware's 32-bit accumulation: C's
# start value near 2^31 wraps), the f16 / bf16 ones against float64. 16x16x32 and 32x32x16 i8 take eight bytes a
# lane (both targets); gfx950's 16x16x64 / 32x32x32 sixteen; the ISA names each instruction.
import os

import flydsl.compiler as flyc
import flydsl.expr as fx
import torch


@flyc.kernel
def mma1(A: fx.Tensor, B: fx.Tensor, C: fx.Tensor, mn: fx.Constexpr[int], k: fx.Constexpr[int]):
    tid = fx.thread_idx.x
    acc = fx.Int32 if A.element_type == fx.Int8 else fx.Float32
    mma = fx.make_tiled_mma(fx.make_mma_atom(fx.rocdl.MFMA(mn, mn, k, A.element_type, acc)),
                            fx.make_layout((1, 1, 1), (1, 0, 0)))
    thr = mma.thr_slice(tid)
    fa = thr.make_fragment_A(thr.partition_A(A))
    fb = thr.make_fragment_B(thr.partition_B(B))
    fc = thr.make_fragment_C(thr.partition_C(C))
    bits = 8 if A.element_type == fx.Int8 else 16
    cp = fx.make_copy_atom(fx.UniversalCopy(bits), A.element_type)
    cc = fx.make_copy_atom(fx.UniversalCopy(32), acc)
    ta = fx.make_tiled_copy_A(cp, mma).get_slice(tid)
    tb = fx.make_tiled_copy_B(cp, mma).get_slice(tid)
    tc = fx.make_tiled_copy_C(cc, mma).get_slice(tid)
    fx.copy(cp, ta.partition_S(A), ta.retile(fa))
    fx.copy(cp, tb.partition_S(B), tb.retile(fb))
    fx.copy(cc, tc.partition_S(C), tc.retile(fc))  # C's start values
    fx.gemm(mma, fc, fa, fb, fc)
    fx.copy(cc, tc.retile(fc), tc.partition_D(C))


@flyc.jit
def run(A, B, C, mn: fx.Constexpr[int], k: fx.Constexpr[int]):
    mma1(A, B, C, mn, k).launch(grid=1, block=64)


print(fx.rocdl.MFMA(16, 16, 32, fx.Int8, fx.Int32), fx.rocdl.MFMA(32, 32, 16, fx.Int8))
torch.manual_seed(11)
for arch, mn, k in (("gfx942", 16, 32), ("gfx942", 32, 16), ("gfx950", 16, 64), ("gfx950", 32, 32)):
    os.environ["ARCH"] = arch
    a = torch.randint(-128, 128, (mn, k), dtype=torch.int8)
    b = torch.randint(-128, 128, (mn, k), dtype=torch.int8)
    c0 = torch.randint(-2**31, 2**31 - 1, (mn, mn), dtype=torch.int64)
    c0[0, :] = 2**31 - 1  # row 0 wraps past the top on any positive sum
    c = c0.to(torch.int32).cuda()
    run(flyc.from_dlpack(a.cuda()), flyc.from_dlpack(b.cuda()), flyc.from_dlpack(c), mn, k)
    ref = (c0 + a.long() @ b.long().t() + 2**31) % 2**32 - 2**31
    x = flyc.from_dlpack(torch.zeros(mn, k, dtype=torch.int8).cuda())
    isa = flyc.compile(run, x, x, flyc.from_dlpack(c), mn, k).isa
    print(arch, "%dx%dx%d i8:" % (mn, mn, k), torch.equal(c.cpu().long(), ref), "v_mfma_i32_%dx%dx%d_i8" % (mn, mn, k) in isa)
os.environ["ARCH"] = "gfx950"
for dt, name in ((torch.float16, "f16"), (torch.bfloat16, "bf16")):
    for mn, k in ((16, 32), (32, 16)):
        a = torch.randn(mn, k).to(dt)
        b = torch.randn(mn, k).to(dt)
        c = torch.zeros(mn, mn).cuda()
        run(flyc.from_dlpack(a.cuda()), flyc.from_dlpack(b.cuda()), flyc.from_dlpack(c), mn, k)
        ref = a.double() @ b.double().t()
        x = flyc.from_dlpack(torch.zeros(mn, k, dtype=dt).cuda())
        isa = flyc.compile(run, x, x, flyc.from_dlpack(c), mn, k).isa
        print("gfx950 %dx%dx%d %s:" % (mn, mn, k, name), (c.cpu().double() - ref).abs().max().item() < 1e-4,
              "v_mfma_f32_%dx%dx%d_%s" % (mn, mn, k, name) in isa)
os.environ["ARCH"] = "gfx942"
x = flyc.from_dlpack(torch.zeros(16, 32, dtype=torch.float16).cuda())
try:
    flyc.compile(run, x, x, flyc.from_dlpack(torch.zeros(16, 16).cuda()), 16, 32)
except Exception as e:
    print(type(e).__name__, [ln.strip() for ln in str(e).splitlines() if "needs gfx950" in ln][:1])
del os.environ["ARCH"]

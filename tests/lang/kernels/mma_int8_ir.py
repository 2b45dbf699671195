# The Fly IR of the i8 and gfx950 double-rate MFMAs (checked by mma_int8_ir.fc): the atom's type names the i32
# accumulators, fly-layout-lowering passes eight i8 values as an i64, sixteen as a vector<4xi32> and eight
# f16 / bf16 as the vector itself. (This program runs with COMPILE_ONLY=1.)
import os

import flydsl.compiler as flyc
import flydsl.expr as fx
import torch


@flyc.kernel
def mma_i(A: fx.Tensor, B: fx.Tensor, C: fx.Tensor, mn: fx.Constexpr[int], k: fx.Constexpr[int]):
    tid = fx.thread_idx.x
    acc = fx.Int32 if A.element_type == fx.Int8 else fx.Float32
    mma = fx.make_tiled_mma(fx.make_mma_atom(fx.rocdl.MFMA(mn, mn, k, A.element_type, acc)),
                            fx.make_layout((1, 1, 1), (1, 0, 0)))
    thr = mma.thr_slice(tid)
    fa = thr.make_fragment_A(thr.partition_A(A))
    fb = thr.make_fragment_B(thr.partition_B(B))
    fc = thr.make_fragment_C(thr.partition_C(C))
    fx.gemm(mma, fc, fa, fb, fc)
    cp = fx.make_copy_atom(fx.UniversalCopy32b(), acc)
    tc = fx.make_tiled_copy_C(cp, mma).get_slice(tid)
    fx.copy(cp, tc.retile(fc), tc.partition_D(C))


@flyc.jit
def run(A, B, C, mn: fx.Constexpr[int], k: fx.Constexpr[int]):
    mma_i(A, B, C, mn, k).launch(grid=1, block=64)


for arch, dt, cdt, mn, k in (("gfx942", torch.int8, torch.int32, 16, 32), ("gfx950", torch.int8, torch.int32, 32, 32),
                             ("gfx950", torch.bfloat16, torch.float32, 16, 32)):
    os.environ["ARCH"] = arch
    x = flyc.from_dlpack(torch.zeros(mn, k, dtype=dt).cuda())
    c = flyc.from_dlpack(torch.zeros(mn, mn, dtype=cdt).cuda())
    kk = flyc.compile(run, x, x, c, mn, k)
    print(kk.ir(0))
    print(kk.ir(3))
del os.environ["ARCH"]

# flyi: run
# FlyDSL's functional spellings of partitions (flydsl.expr.primitive): tiled_copy_partition_src /
# _dst / tiled_copy_retile, tiled_mma_partition and mma_make_fragment by fx.MmaOperand, used for
# one MFMA (as mma_atom.py does with methods) and a tiled copy; results must be exact.
import flydsl.compiler as flyc
import flydsl.expr as fx
from flydsl.expr.primitive import (MmaOperand, mma_make_fragment, tiled_copy_partition_dst,
                                   tiled_copy_partition_src, tiled_copy_retile, tiled_mma_partition)
import torch


@flyc.kernel
def one_mfma(A: fx.Tensor, B: fx.Tensor, C: fx.Tensor):
    lane = fx.thread_idx.x
    atom = fx.make_mma_atom(fx.rocdl.MFMA(16, 16, 4, fx.Float32))
    mma = fx.make_tiled_mma(atom, fx.make_layout((1, 1, 1), (0, 0, 0)))
    fa = mma_make_fragment(MmaOperand.A, mma, tiled_mma_partition(MmaOperand.A, mma, A, lane))
    fb = mma_make_fragment(MmaOperand.B, mma, tiled_mma_partition(MmaOperand.B, mma, B, lane))
    fc = mma_make_fragment(MmaOperand.C, mma, tiled_mma_partition(MmaOperand.C, mma, C, lane))
    cp = fx.make_copy_atom(fx.UniversalCopy32b(), fx.Float32)
    ta, tb, tc = fx.make_tiled_copy_A(cp, mma), fx.make_tiled_copy_B(cp, mma), fx.make_tiled_copy_C(cp, mma)
    fx.copy(cp, tiled_copy_partition_src(ta, A, lane), tiled_copy_retile(ta, fa))
    fx.copy(cp, tiled_copy_partition_src(tb, B, lane), tiled_copy_retile(tb, fb))
    fx.gemm(atom, fc, fa, fb, fc)
    fx.copy(cp, tiled_copy_retile(tc, fc), tiled_copy_partition_dst(tc, C, lane))


@flyc.jit
def run(A, B, C):
    one_mfma(A, B, C).launch(grid=1, block=64)


torch.manual_seed(5)
A = torch.randint(-8, 9, (16, 4)).float().cuda()
B = torch.randint(-8, 9, (16, 4)).float().cuda()
C = torch.full((16, 16), -1.0).cuda()
run(flyc.from_dlpack(A), flyc.from_dlpack(B), flyc.from_dlpack(C))
print("mfma 16x16x4 exact", torch.equal(C.cpu().double(), A.double().cpu() @ B.double().cpu().T))
try:
    mma_make_fragment(7, None, None)
except ValueError as e:
    print("ValueError:", e)

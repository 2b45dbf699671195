# flyi: run
# LDSReadTrans16_64b in make_tiled_copy_B: B of a gfx950 bf16 MFMA lies in LDS n-contiguous ("row-major B" of the
# CDNA4 ISA's transpose loads: element (n, k) at n + N k), and the tiled copy of the MMA's B with the transposing
# atom fills each lane's B fragment (4 or 8 consecutive k at one n) by ds_read_tr16_b64 (one per 4 values); A comes
# from global memory with a universal copy. The result must equal the float64 reference C = A @ B.T exactly, for
# the 16x16x16, 32x32x8, 16x16x32 and 32x32x16 bf16 MFMAs.
import os

os.environ["ARCH"] = "gfx950"
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch
from flydsl.expr import rocdl


@flyc.kernel
def mfma_trans_b(A: fx.Tensor, B: fx.Tensor, C: fx.Tensor, m: fx.Constexpr[int], n: fx.Constexpr[int],
                 k: fx.Constexpr[int]):
    lane = fx.thread_idx.x
    atom = fx.make_mma_atom(fx.rocdl.MFMA(m, n, k, fx.BFloat16))
    mma = fx.make_tiled_mma(atom, fx.make_layout((1, 1, 1), (0, 0, 0)))
    thr = mma.thr_slice(lane)
    fa = thr.make_fragment_A(thr.partition_A(A))
    fb = thr.make_fragment_B(thr.partition_B(B))
    fc = thr.make_fragment_C(thr.partition_C(C))
    lds = fx.SharedAllocator().allocate(fx.Array[fx.BFloat16, n * k]).peek()
    sB = fx.make_view(lds.ptr, fx.make_layout((n, k), (1, n)))  # B^T row-major: n contiguous
    for i in range(n * k // 64):
        e = lane + 64 * i
        sB[e % n, e // n] = B[e % n, e // n]
    fx.gpu.barrier()
    in_atom = fx.make_copy_atom(fx.UniversalCopy(16), fx.BFloat16)
    tr_atom = fx.make_copy_atom(rocdl.cdna4.LDSReadTrans16_64b(), fx.BFloat16)
    out_atom = fx.make_copy_atom(fx.UniversalCopy32b(), fx.Float32)
    ca = fx.make_tiled_copy_A(in_atom, mma).get_slice(lane)
    cb = fx.make_tiled_copy_B(tr_atom, mma).get_slice(lane)
    cc = fx.make_tiled_copy_C(out_atom, mma).get_slice(lane)
    fx.copy(in_atom, ca.partition_S(A), ca.retile(fa))
    fx.copy(tr_atom, cb.partition_S(sB), cb.retile(fb))
    fx.gemm(atom, fc, fa, fb, fc)
    fx.copy(out_atom, cc.retile(fc), cc.partition_D(C))


@flyc.jit
def run(A, B, C, m: fx.Constexpr[int], n: fx.Constexpr[int], k: fx.Constexpr[int]):
    mfma_trans_b(A, B, C, m, n, k).launch(grid=1, block=64)


torch.manual_seed(5)
for m, n, k in [(16, 16, 16), (32, 32, 8), (16, 16, 32), (32, 32, 16)]:
    A = torch.randint(-8, 9, (m, k)).to(torch.bfloat16).cuda()
    B = torch.randint(-8, 9, (n, k)).to(torch.bfloat16).cuda()
    C = torch.full((m, n), -1.0).cuda()
    run(flyc.from_dlpack(A), flyc.from_dlpack(B), flyc.from_dlpack(C), m, n, k)
    ref = A.double().cpu() @ B.double().cpu().T
    print(f"{m}x{n}x{k} bf16, B by ds_read_tr16_b64: exact {torch.equal(C.cpu().double(), ref)}")

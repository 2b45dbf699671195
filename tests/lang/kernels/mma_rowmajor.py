# flyi: run
# A tiled MMA whose atom layout numbers the atoms row-major ((2,2,1):(2,1,0): waves 0 1 / 2 3 along M then N,
# as FlyDSL's gemm_a16w16 spells its (m_waves, n_waves, 1):(n_waves, 1, 0)): thr_slice maps a thread to its
# atom through the layout's inverse, the tiled copies follow the same numbering, so wave 1 computes the
# (m 0, n 1) atom. C = A @ B.T over 256 threads on the emulator; the tiled C TV layout's thread mode shows
# the order; a layout that numbers an atom twice is an error.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch


@flyc.kernel
def gemm_rm(A: fx.Tensor, B: fx.Tensor, C: fx.Tensor, W: fx.Tensor):
    tid = fx.thread_idx.x
    mma = fx.make_tiled_mma(fx.make_mma_atom(fx.rocdl.MFMA(16, 16, 4, fx.Float32)), fx.make_layout((2, 2, 1), (2, 1, 0)))
    thr = mma.thr_slice(tid)
    fa = thr.make_fragment_A(thr.partition_A(A))
    fb = thr.make_fragment_B(thr.partition_B(B))
    fc = thr.make_fragment_C(thr.partition_C(C))
    cp = fx.make_copy_atom(fx.UniversalCopy32b(), fx.Float32)
    ta = fx.make_tiled_copy_A(cp, mma).get_slice(tid)
    tb = fx.make_tiled_copy_B(cp, mma).get_slice(tid)
    tc = fx.make_tiled_copy_C(cp, mma).get_slice(tid)
    fx.copy(cp, ta.partition_S(A), ta.retile(fa))
    fx.copy(cp, tb.partition_S(B), tb.retile(fb))
    fx.gemm(mma, fc, fa, fb, fc)
    fx.copy(cp, tc.retile(fc), tc.partition_D(C))
    # which wave wrote each 16x16 block of C: the wave's number through the C partition
    wc = thr.partition_C(W)
    for i in fx.range_constexpr(4):
        wc[i] = fx.Float32(tid // 64)


@flyc.jit
def run(A, B, C, W):
    gemm_rm(A, B, C, W).launch(grid=1, block=256)


torch.manual_seed(2)
A, B = torch.randn(32, 4).cuda(), torch.randn(32, 4).cuda()
C, W = torch.zeros(32, 32).cuda(), torch.zeros(32, 32).cuda()
run(*(flyc.from_dlpack(t) for t in (A, B, C, W)))
print("C = A @ B.T:", (C.cpu().double() - A.cpu().double() @ B.cpu().double().t()).abs().max().item() < 1e-5)
print("waves by block:", [[int(W[16 * i, 16 * j].item()) for j in range(2)] for i in range(2)])
mma = fx.make_tiled_mma(fx.make_mma_atom(fx.rocdl.MFMA(16, 16, 4, fx.Float32)), fx.make_layout((2, 2, 1), (2, 1, 0)))
print(mma.tv_layout_C_tiled)
try:
    fx.make_tiled_mma(fx.make_mma_atom(fx.rocdl.MFMA(16, 16, 4, fx.Float32)), fx.make_layout((2, 2, 1), (1, 1, 0)))
except NotImplementedError as e:
    print("NotImplementedError:", e)

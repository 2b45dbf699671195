# flyi: run
# A tiled MMA (trace_mma.c): 2x2 MFMA atoms over 256 threads compute a 64x64 block of C = A @ B.T per
# workgroup, with K spanning several atom steps (fx.gemm accumulates over the fragments' K mode). The
# operands are buffer tensors of raw torch arguments (dynamic strides), divided into blocks by the block id;
# tiled copies matched to the MMA's A, B and C (make_tiled_copy_A/B/C) move them through retiled fragments.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

BM, BN = 64, 64


@flyc.kernel
def gemm_nt(A: fx.Tensor, B: fx.Tensor, C: fx.Tensor, mfma_m: fx.Constexpr[int], mfma_k: fx.Constexpr[int],
            bk: fx.Constexpr[int]):
    tid = fx.thread_idx.x
    bm, bn, _ = fx.block_idx
    gA = fx.slice(fx.zipped_divide(fx.rocdl.make_buffer_tensor(A), fx.make_tile(BM, bk)), (None, bm))
    gB = fx.slice(fx.zipped_divide(fx.rocdl.make_buffer_tensor(B), fx.make_tile(BN, bk)), (None, bn))
    gC = fx.slice(fx.zipped_divide(fx.rocdl.make_buffer_tensor(C), fx.make_tile(BM, BN)), (None, (bm, bn)))
    atom = fx.make_mma_atom(fx.rocdl.MFMA(mfma_m, mfma_m, mfma_k, fx.Float32))
    mma = fx.make_tiled_mma(atom, fx.make_layout((2, 2, 1), (1, 2, 0)))
    thr = mma.thr_slice(tid)
    fa = thr.make_fragment_A(thr.partition_A(gA))
    fb = thr.make_fragment_B(thr.partition_B(gB))
    fc = thr.make_fragment_C(thr.partition_C(gC))
    print(f"{mfma_m}x{mfma_m}x{mfma_k}: tile {mma.tile_size_mnk}, fragments A {fa.shape} B {fb.shape} C {fc.shape}")
    cp = fx.make_copy_atom(fx.rocdl.BufferCopy32b(), fx.Float32)
    ta = fx.make_tiled_copy_A(cp, mma).get_slice(tid)
    tb = fx.make_tiled_copy_B(cp, mma).get_slice(tid)
    tc = fx.make_tiled_copy_C(cp, mma).get_slice(tid)
    fx.copy(cp, ta.partition_S(gA), ta.retile(fa))
    fx.copy(cp, tb.partition_S(gB), tb.retile(fb))
    fx.gemm(mma, fc, fa, fb, fc)
    fx.copy(cp, tc.retile(fc), tc.partition_D(gC))


@flyc.jit
def run(A, B, C, mfma_m: fx.Constexpr[int], mfma_k: fx.Constexpr[int]):
    gemm_nt(A, B, C, mfma_m, mfma_k, A.shape[1]).launch(grid=(C.shape[0] // BM, C.shape[1] // BN, 1), block=256)


torch.manual_seed(7)
for mfma_m, mfma_k, (M, N, K) in [(16, 4, (128, 64, 16)), (32, 2, (64, 128, 8))]:
    A = torch.randn(M, K).cuda()
    B = torch.randn(N, K).cuda()
    C = torch.zeros(M, N).cuda()
    run(A, B, C, mfma_m, mfma_k)
    want = A @ B.T
    print(f"C = A @ B.T for {M}x{N}x{K}:", torch.allclose(C, want, atol=1e-5, rtol=1e-5),
          (C - want).abs().max().item() < 1e-5)

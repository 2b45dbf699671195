# Errors of the MMA API (trace_mma.c), each reported as a Python exception with a clear message: unsupported
# MFMA shapes and types, non-atoms, atom layouts that number an atom twice, and inside kernels
# tensors that do not tile by the MMA, fragments of the wrong shape or element type, and more than one atom
# passed to mma_atom_call. (This program runs with COMPILE_ONLY=1: every error happens while tracing.)
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch


def show(f):
    try:
        f()
        print("no error")
    except Exception as e:
        print(type(e).__name__ + ":", e)


show(lambda: fx.rocdl.MFMA(8, 8, 4, fx.Float32))
show(lambda: fx.rocdl.MFMA(16, 16, 8, fx.Float16))
show(lambda: fx.rocdl.MFMA(16, 16, 4, fx.Float32, fx.Float16))
show(lambda: fx.rocdl.MFMA(16, 16, 4, 32))
show(lambda: fx.make_mma_atom(fx.UniversalCopy32b()))
atom = fx.make_mma_atom(fx.rocdl.MFMA(16, 16, 4, fx.Float32))
show(lambda: fx.make_tiled_mma(atom, fx.make_layout((2, 2, 1), (1, 1, 0))))
show(lambda: fx.make_tiled_mma(fx.rocdl.MFMA(16, 16, 4, fx.Float32), fx.make_layout((2, 2, 1), (1, 2, 0))))
print(fx.make_tiled_mma(atom, fx.make_layout((2, 2, 1), (1, 2, 0))) == fx.make_tiled_mma(atom, fx.make_layout((2, 2, 1), (1, 2, 0))))


@flyc.kernel
def bad(A: fx.Tensor, B: fx.Tensor, C: fx.Tensor, case: fx.Constexpr[int]):
    tid = fx.thread_idx.x
    mma = fx.make_tiled_mma(atom, fx.make_layout((1, 1, 1), (0, 0, 0)))
    thr = mma.thr_slice(tid)
    if case == 0:
        thr.partition_A(fx.make_view(fx.get_iter(A), fx.make_layout((16, 6), (6, 1))))
    fa = thr.make_fragment_A(thr.partition_A(A))
    fb = thr.make_fragment_B(thr.partition_B(B))
    fc = thr.make_fragment_C(thr.partition_C(C))
    if case == 1:
        fx.gemm(mma, fc, fa, fb, fx.make_rmem_tensor(8, fx.Float32))
    if case == 2:
        fx.gemm(mma, fc, fa, fb, fx.make_rmem_tensor((4, 2, 1), fx.Float32))
    if case == 3:
        fx.gemm(mma, fc, fx.make_rmem_tensor(1, fx.Float16), fb, fc)
    if case == 4:
        fx.gemm(mma, fc, A, fb, fc)
    if case == 5:
        fx.mma_atom_call(mma, fc, fa, fb, fc)
    if case == 6:
        fx.gemm(mma, fc, fx.make_rmem_tensor((1, 1, 2), fx.Float32), fx.make_rmem_tensor((1, 1, 3), fx.Float32), fc)


@flyc.jit
def run(A, B, C, case: fx.Constexpr[int]):
    bad(A, B, C, case).launch(grid=1, block=64)


A = flyc.from_dlpack(torch.zeros(16, 4).cuda())
B = flyc.from_dlpack(torch.zeros(16, 4).cuda())
C = flyc.from_dlpack(torch.zeros(16, 16).cuda())
for case in range(7):
    show(lambda: run(A, B, C, case))
show(lambda: fx.gemm(atom, None, None, None, None))

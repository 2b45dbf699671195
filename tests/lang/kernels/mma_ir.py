# The Fly IR of an MFMA gemm (checked by mma_ir.fc): fx.gemm emits one fly.mma_atom_call per atom step on
# register fragments, with the atom made by fly.make_mma_atom (!fly.mma_atom<!fly_rocdl.cdna3.mfma<...>>);
# fly-layout-lowering turns each call into vector loads, rocdl.mfma.f32.16x16x4f32 and a vector store, and
# the gfx942 ISA holds the v_mfma instructions. (This program runs with COMPILE_ONLY=1.)
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch


@flyc.kernel
def mma_k(A: fx.Tensor, B: fx.Tensor, C: fx.Tensor):
    tid = fx.thread_idx.x
    atom = fx.make_mma_atom(fx.rocdl.MFMA(16, 16, 4, fx.Float32))
    mma = fx.make_tiled_mma(atom, fx.make_layout((2, 1, 1), (1, 0, 0)))
    thr = mma.thr_slice(tid)
    fa = thr.make_fragment_A(thr.partition_A(A))
    fb = thr.make_fragment_B(thr.partition_B(B))
    fc = thr.make_fragment_C(thr.partition_C(C))
    fa.fill(1.0)
    fb.fill(2.0)
    fx.gemm(mma, fc, fa, fb, fc)
    cp = fx.make_copy_atom(fx.UniversalCopy32b(), fx.Float32)
    tc = fx.make_tiled_copy_C(cp, mma).get_slice(tid)
    fx.copy(cp, tc.retile(fc), tc.partition_D(C))


@flyc.jit
def run(A, B, C):
    mma_k(A, B, C).launch(grid=1, block=128)


A = flyc.from_dlpack(torch.zeros(32, 8).cuda())
B = flyc.from_dlpack(torch.zeros(16, 8).cuda())
C = flyc.from_dlpack(torch.zeros(32, 16).cuda())
k = flyc.compile(run, A, B, C)
print(k.ir(0))
print(k.ir(3))
print("ISA", k.target, k.isa.count("v_mfma_f32_16x16x4"))

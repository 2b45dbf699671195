# flyi: run
# The emulator's MFMA paths give the same bits: a full wave goes through a small matrix product
# (emu_mfma.c: AVX-512, AVX2 or portable C; FLYI_EMU_MFMA_ISA=avx2 / generic caps it), FLYI_EMU_MFMA_REF=1
# sends every wave through the lane-by-lane reference (and FLYI_EMU_SHFL_REF=1 through the executor's general
# cross-lane loop). Each supported MFMA kind, on random values of wide range with infinities, NaNs, signed zeros
# and (f16) subnormals, and the kernel library's GEMM in each dtype, run in a child process in each mode: the
# digests of the result bits must be identical (and the finite results near the float64 reference).
import hashlib
import os
import sys

import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

TYPES = {"f32": (fx.Float32, torch.float32, 32), "f16": (fx.Float16, torch.float16, 16),
         "bf16": (fx.BFloat16, torch.bfloat16, 16)}


@flyc.kernel
def one_mfma(A: fx.Tensor, B: fx.Tensor, C: fx.Tensor, m: fx.Constexpr[int], n: fx.Constexpr[int],
             k: fx.Constexpr[int], ty: fx.Constexpr[str]):
    lane = fx.thread_idx.x
    dt, _, bits = TYPES[ty]
    atom = fx.make_mma_atom(fx.rocdl.MFMA(m, n, k, dt))
    mma = fx.make_tiled_mma(atom, fx.make_layout((1, 1, 1), (0, 0, 0)))
    thr = mma.thr_slice(lane)
    fa = thr.make_fragment_A(thr.partition_A(A))
    fb = thr.make_fragment_B(thr.partition_B(B))
    fc = thr.make_fragment_C(thr.partition_C(C))
    in_atom = fx.make_copy_atom(fx.UniversalCopy(bits), dt)
    out_atom = fx.make_copy_atom(fx.UniversalCopy32b(), fx.Float32)
    ca = fx.make_tiled_copy_A(in_atom, mma).get_slice(lane)
    cb = fx.make_tiled_copy_B(in_atom, mma).get_slice(lane)
    cc = fx.make_tiled_copy_C(out_atom, mma).get_slice(lane)
    fx.copy(in_atom, ca.partition_S(A), ca.retile(fa))
    fx.copy(in_atom, cb.partition_S(B), cb.retile(fb))
    fx.copy(out_atom, cc.partition_S(C), cc.retile(fc))
    fx.gemm(atom, fc, fa, fb, fc)
    fx.copy(out_atom, cc.retile(fc), cc.partition_D(C))


@flyc.jit
def run(A, B, C, m: fx.Constexpr[int], n: fx.Constexpr[int], k: fx.Constexpr[int], ty: fx.Constexpr[str]):
    one_mfma(A, B, C, m, n, k, ty).launch(grid=1, block=64)


def digest(t):
    return hashlib.sha256(repr(t.cpu().float().tolist()).encode()).hexdigest()[:16]


def wide(shape, tt, seed):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(shape, generator=g) * torch.pow(2.0, torch.randint(-12, 12, shape, generator=g).float())
    return x.to(tt)


def child():
    for m, n, k, ty in [(16, 16, 4, "f32"), (32, 32, 2, "f32"), (16, 16, 16, "f16"), (32, 32, 8, "f16"),
                        (16, 16, 16, "bf16"), (32, 32, 8, "bf16")]:
        tt = TYPES[ty][1]
        for case in range(3):
            A = wide((m, k), tt, 10 * case + m)
            B = wide((n, k), tt, 10 * case + n + 1)
            C = wide((m, n), torch.float32, 10 * case + 7)
            if case == 1:  # special values
                A[0, 0], A[1, 1], B[2, 0], C[3, 3] = float("inf"), -0.0, float("nan"), -0.0
                if ty == "f16":
                    A[2, 1] = 2.0 ** -24
                    B[2, 1] = 3 * 2.0 ** -24
            if case == 2:  # cancellation: sums that round differently in float32 and float64
                A[:, 0] = 1e7 if ty == "f32" else 256.0
                B[:, 0] = 1.0
            C0 = C.clone()
            Ad, Bd, Cd = A.cuda(), B.cuda(), C.cuda()
            run(flyc.from_dlpack(Ad), flyc.from_dlpack(Bd), flyc.from_dlpack(Cd), m, n, k, ty)
            ref = C0.double() + A.double() @ B.double().T
            fin = torch.isfinite(ref)
            near = torch.allclose(Cd.cpu().double()[fin], ref[fin], rtol=1e-6, atol=1e-30)
            print(f"{m}x{n}x{k} {ty} case {case}: {digest(Cd)} near the reference: {near}")
    from flyi.kernels import gemm
    for tt in (torch.float32, torch.float16, torch.bfloat16):
        a = wide((64, 48), tt, 5)
        b = wide((48, 128), tt, 6)
        print("gemm", str(tt), digest(gemm.gemm(a.cuda(), b.cuda())))


if len(sys.argv) > 1:
    child()
else:
    exe = os.readlink("/proc/self/exe")
    me = os.path.abspath(__file__)
    import subprocess
    outs = []
    # the default (the widest product the CPU runs), the product capped at AVX2 and at portable C, the reference
    modes = [{}, {"FLYI_EMU_MFMA_ISA": "avx2"}, {"FLYI_EMU_MFMA_ISA": "generic"},
             {"FLYI_EMU_MFMA_REF": "1", "FLYI_EMU_SHFL_REF": "1"}]
    for extra in modes:
        # the phase loop's lane records (the GEMMs' lane-vector form, which compiles several times longer, is
        # compared with it in emu_vec_gemm.py)
        env = dict(os.environ, FLYDSL_RUNTIME_ENABLE_CACHE="0", FLYI_EMU_VEC_OFF="1", **extra)
        r = subprocess.run([exe, me, "child"], env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        outs.append(r.stdout)
        print("exit", r.returncode)
    print(outs[0], end="")
    print("the AVX2 product gives the same bits:", outs[0] == outs[1])
    print("the portable product gives the same bits:", outs[0] == outs[2])
    print("the reference path gives the same bits:", outs[0] == outs[3])

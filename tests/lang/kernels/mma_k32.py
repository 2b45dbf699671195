# flyi: run
# flyi: emu-only (it compiles for gfx942 and gfx950 in one run; a HIP device is one of them)
# The MFMAs of K=32 / K=16 (trace_mma.c, lower_mma.c, emu_mfma.c): 16x16x32 and 32x32x16 with fp8 inputs
# (Float8E4M3FNUZ, gfx942's reading of the bytes; Float8E4M3FN, gfx950's) and, on gfx950, with f16 / bf16 inputs
# (eight values a lane). One atom per wave through fx.gemm, run on the emulator: small integers make every product
# and sum exact, so C must equal the float64 reference A @ B.T exactly. An atom used for the other target is a
# compile error naming the target.
import os
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

TYPES = {"fnuz": (fx.Float8E4M3FNUZ, torch.float8_e4m3fnuz, 8), "fn": (fx.Float8E4M3FN, torch.float8_e4m3fn, 8),
         "f16": (fx.Float16, torch.float16, 16), "bf16": (fx.BFloat16, torch.bfloat16, 16)}


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
    fx.gemm(atom, fc, fa, fb, fc)
    fx.copy(out_atom, cc.retile(fc), cc.partition_D(C))


@flyc.jit
def run(A, B, C, m: fx.Constexpr[int], n: fx.Constexpr[int], k: fx.Constexpr[int], ty: fx.Constexpr[str]):
    one_mfma(A, B, C, m, n, k, ty).launch(grid=1, block=64)


torch.manual_seed(5)
for arch, cases in (("gfx942", [(16, 16, 32, "fnuz"), (32, 32, 16, "fnuz")]),
                    ("gfx950", [(16, 16, 32, "fn"), (32, 32, 16, "fn"), (16, 16, 32, "f16"), (32, 32, 16, "f16"),
                                (16, 16, 32, "bf16"), (32, 32, 16, "bf16")])):
    os.environ["ARCH"] = arch
    for m, n, k, ty in cases:
        tt = TYPES[ty][1]
        A = torch.randint(-8, 9, (m, k)).float().to(tt).cuda()
        B = torch.randint(-8, 9, (n, k)).float().to(tt).cuda()
        C = torch.full((m, n), -1.0).cuda()
        run(flyc.from_dlpack(A), flyc.from_dlpack(B), flyc.from_dlpack(C), m, n, k, ty)
        ref = A.float().double().cpu() @ B.float().double().cpu().T
        print(f"{arch} {m}x{n}x{k} {ty}: exact {torch.equal(C.cpu().double(), ref)}")
os.environ["ARCH"] = "gfx942"
A = torch.zeros(16, 32).half().cuda()
try:
    run(flyc.from_dlpack(A), flyc.from_dlpack(A), flyc.from_dlpack(torch.zeros(16, 16).cuda()), 16, 16, 32, "f16")
except ValueError as e:
    print("ValueError:", e)
# the instructions in the ISA
for arch, ty, tt, inst in (("gfx942", "fnuz", torch.float8_e4m3fnuz, "v_mfma_f32_16x16x32_fp8_fp8"),
                           ("gfx950", "fn", torch.float8_e4m3fn, "v_mfma_f32_16x16x32_fp8_fp8"),
                           ("gfx950", "bf16", torch.bfloat16, "v_mfma_f32_16x16x32_bf16")):
    os.environ["ARCH"] = arch
    A = torch.zeros(16, 32).to(tt).cuda()
    k = flyc.compile(run, flyc.from_dlpack(A), flyc.from_dlpack(A), flyc.from_dlpack(torch.zeros(16, 16).cuda()),
                     16, 16, 32, ty)
    print(arch, ty, inst in k.isa)

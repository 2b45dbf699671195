# flyi: run
# One MFMA atom per wave (trace_mma.c, lower_mma.c, emu_mfma.c): fx.rocdl.MFMA(m, n, k, dtype), a tiled MMA of
# a single atom, its thread partitions and fragments (also made by the TiledMma itself), tiled copies matched to the operands (retile), and
# fx.gemm, which here is exactly one rocdl.mfma op. The emulator computes it across the 64 lanes of the wave
# with the hardware's lane layouts. Inputs are small integers, so every product and sum is exact in float32
# and the result must equal the float64 reference C = A @ B.T exactly, for each supported shape and type.
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
    if m == 16 and ty == "f32":
        print("atom  ", atom, atom.shape_mnk)
        print("A tv  ", atom.layout_A_tv, " C tv", atom.layout_C_tv)
        print("tiled ", mma, mma.tile_size_mnk)
        print("thread slice", type(thr).__name__, isinstance(thr, fx.ThrMma))
        print("frags ", fa, fb, fc)
        # FlyDSL's TiledMma form of the same fragments (no thread involved)
        print("tiled frags", mma.make_fragment_A(A), mma.make_fragment_B(B), mma.make_fragment_C(C))
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


torch.manual_seed(3)
for m, n, k, ty in [(16, 16, 4, "f32"), (32, 32, 2, "f32"), (16, 16, 16, "f16"), (32, 32, 8, "f16"),
                    (16, 16, 16, "bf16"), (32, 32, 8, "bf16")]:
    tt = TYPES[ty][1]
    A = torch.randint(-8, 9, (m, k)).to(tt).cuda()
    B = torch.randint(-8, 9, (n, k)).to(tt).cuda()
    C = torch.full((m, n), -1.0).cuda()
    run(flyc.from_dlpack(A), flyc.from_dlpack(B), flyc.from_dlpack(C), m, n, k, ty)
    ref = A.double().cpu() @ B.double().cpu().T
    print(f"{m}x{n}x{k} {ty}: exact {torch.equal(C.cpu().double(), ref)}")

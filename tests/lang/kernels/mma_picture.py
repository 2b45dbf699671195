# flyi: run
# The MMA pictures (fx.utils.layout_svg of an MmaAtom: B above C, A left of C, a tooltip per cell) checked
# against the emulator: for each MFMA atom, every lane loads into its A and B registers exactly the elements
# the picture says it holds (T<lane>V<v>), runs the MFMA, and writes its C registers out as they are; C[m, n]
# must then be in the register the C picture names, for every (m, n). A wrong cell in any of the three
# pictures puts a wrong product somewhere.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

TYPES = {"f32": (fx.Float32, torch.float32), "f16": (fx.Float16, torch.float16),
         "bf16": (fx.BFloat16, torch.bfloat16)}


def cells(svg, operand):
    """(row, col) -> (thread, value) of the operand's cells, read from the SVG's tooltips."""
    out = {}
    for part in svg.split("<title>")[1:]:
        t = part.split("</title>")[0]
        if not t.startswith(operand + " ("):
            continue
        rc = t.split(" = (")[1].split(")")[0].split(", ")
        tv = t.split(": thread ")[1].split(", value ")
        out[(int(rc[0]), int(rc[1]))] = (int(tv[0]), int(tv[1]))
    return out


@flyc.kernel
def probe(A2: fx.Tensor, B2: fx.Tensor, C2: fx.Tensor, A: fx.Tensor, B: fx.Tensor, IA: fx.Tensor, IB: fx.Tensor, O: fx.Tensor, m: fx.Constexpr[int],
          n: fx.Constexpr[int], k: fx.Constexpr[int], ty: fx.Constexpr[str], va: fx.Constexpr[int],
          vc: fx.Constexpr[int]):
    lane = fx.thread_idx.x
    dt = TYPES[ty][0]
    atom = fx.make_mma_atom(fx.rocdl.MFMA(m, n, k, dt))
    mma = fx.make_tiled_mma(atom, fx.make_layout((1, 1, 1), (0, 0, 0)))
    thr = mma.thr_slice(lane)
    fa = thr.make_fragment_A(thr.partition_A(A2))
    fb = thr.make_fragment_B(thr.partition_B(B2))
    fc = thr.make_fragment_C(thr.partition_C(C2))
    for v in fx.range_constexpr(va):
        fa[v] = A[IA[lane * va + v]]
        fb[v] = B[IB[lane * va + v]]
    for v in fx.range_constexpr(vc):
        fc[v] = fx.Float32(0.0)
    fx.gemm(atom, fc, fa, fb, fc)
    for v in fx.range_constexpr(vc):
        O[lane * vc + v] = fc[v]


@flyc.jit
def run(A2, B2, C2, A, B, IA, IB, O, m: fx.Constexpr[int], n: fx.Constexpr[int], k: fx.Constexpr[int],
        ty: fx.Constexpr[str], va: fx.Constexpr[int], vc: fx.Constexpr[int]):
    probe(A2, B2, C2, A, B, IA, IB, O, m, n, k, ty, va, vc).launch(grid=1, block=64)


torch.manual_seed(5)
for m, n, k, ty in [(16, 16, 4, "f32"), (32, 32, 2, "f32"), (16, 16, 16, "f16"), (32, 32, 8, "f16"),
                    (16, 16, 16, "bf16"), (32, 32, 8, "bf16")]:
    svg = fx.utils.layout_svg(fx.make_mma_atom(fx.rocdl.MFMA(m, n, k, TYPES[ty][0])))
    pa, pb, pc = cells(svg, "A"), cells(svg, "B"), cells(svg, "C")
    va, vc = m * k // 64, m * n // 64
    ia, ib = [0] * (64 * va), [0] * (64 * va)
    for (r, c), (t, v) in pa.items():      # A is drawn M x K
        ia[t * va + v] = r * k + c
    for (r, c), (t, v) in pb.items():      # B is drawn K x N, stored N x K
        ib[t * va + v] = c * k + r
    tt = TYPES[ty][1]
    A = torch.randint(-8, 9, (m, k)).to(tt)
    B = torch.randint(-8, 9, (n, k)).to(tt)
    O = torch.full((64 * vc,), -1.0).cuda()
    A, B = A.cuda(), B.cuda()
    run(flyc.from_dlpack(A), flyc.from_dlpack(B), flyc.from_dlpack(torch.zeros(m, n).cuda()), A.reshape(-1), B.reshape(-1), torch.tensor(ia, dtype=torch.int32).cuda(),
        torch.tensor(ib, dtype=torch.int32).cuda(), O, m, n, k, ty, va, vc)
    ref = A.cpu().double() @ B.cpu().double().T
    out = O.cpu().tolist()
    bad = [(r, c) for (r, c), (t, v) in pc.items() if out[t * vc + v] != ref[r, c].item()]
    print(f"{m}x{n}x{k} {ty}: A {len(pa)} B {len(pb)} C {len(pc)} cells, {len(bad)} wrong")

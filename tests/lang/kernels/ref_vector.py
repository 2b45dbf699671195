# flyi: run
# The authoring reference, section 3 "Vector and Numeric" and the arith availability table:
# Vec(frag.load()) wrapping, indexing, Vec(raw).bitcast, .to(BFloat16), Vec.filled with an int or
# a (4, 1) shape, Vec.from_elements, fx.Int32(block_id * tile_m), and per element: -v, abs(v),
# fx.absf(v), arith.cmpf(pred, a, b) and comparison operators giving Boolean vectors,
# cond.select(t, f), a * b + c, fx.max / fx.min / fx.maxnumf (NaN rules), fx.ceildiv of vectors.
import math
import flydsl.compiler as flyc
import flydsl.expr as fx
from flydsl.expr import arith, gpu
import torch

Vec = fx.Vector


def show(xs):
    return [x if not math.isnan(x) else "nan" for x in xs]


@flyc.kernel
def k(A: fx.Tensor, out: fx.Tensor, tile_m: fx.Constexpr[int]):
    tA = fx.make_view(fx.get_iter(A), fx.make_layout((4,), (1,)))
    frag_C = fx.make_fragment_like(tA)
    frag_C.store(tA.load())
    acc = Vec(frag_C.load())
    val = acc[2]
    raw_vec = acc.bitcast(fx.Int32)
    v_f32 = Vec(raw_vec).bitcast(fx.Float32)
    bf16_val = fx.Float32(1.5).to(fx.BFloat16)
    result = (val * fx.Float32(2.0)) * fx.Float32(3.0)
    zeros = Vec.filled(4, 0.0, fx.Float32)
    col = Vec.filled((4, 1), 1, fx.Float32)
    idx = fx.Int32(gpu.block_id("x") * tile_m)
    e = Vec.from_elements([val, result, fx.Float32(bf16_val), fx.Float32(idx)], fx.Float32)
    neg = -acc
    gt = arith.cmpf(arith.CmpFPredicate.OGT, acc, zeros)
    ugt = arith.cmpf(arith.CmpFPredicate.UGT, acc, zeros)
    lt = acc < 2.5
    rows = [e, neg, abs(neg), fx.absf(neg), gt.select(acc, zeros), ugt.select(acc, -1.0), lt.select(acc, 7.0),
            acc * acc + acc, fx.max(acc, 2.0), fx.min(acc, neg), fx.maxnumf(acc, 2.0), v_f32 + col]
    for r in fx.range_constexpr(len(rows)):
        for j in fx.range_constexpr(4):
            out[r * 4 + j] = rows[r][j]
    ci = fx.ceildiv(Vec.from_elements([7, -7, 8, 1], fx.Int32), Vec.filled(4, 2, fx.Int32))
    for j in fx.range_constexpr(4):
        out[48 + j] = fx.Float32(ci[j])
    print(acc, col, col.shape, col.numel, gt, e.dtype)


@flyc.jit
def run(A: fx.Tensor, out: fx.Tensor):
    k(A, out, 8).launch(grid=(1,), block=(1,))


a = torch.tensor([1.0, -2.0, 3.0, float("nan")]).cuda()
o = torch.zeros(52, dtype=torch.float32).cuda()
run(a, o)
vals = o.tolist()
for r in range(13):
    print(show(vals[r * 4:r * 4 + 4]))

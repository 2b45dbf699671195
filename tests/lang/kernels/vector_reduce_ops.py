# flyi: run
# What row-reduction kernels (softmax/norm style) use on Vectors and scalars (trace_vector.c,
# trace_fxcompat.c, trace_num.c): full(), v[i], v.to(dtype), v.reduce(ReductionOp.*), v / s, -v,
# fx.math on a Vector, fx.max/fx.min of dynamic values (NaN-propagating for floats), the deprecated
# Numeric methods addf/exp2/maximumf, FastMathFlags and `with fx.fastmath`, +-inf constants, and
# copy atoms made from a bit width (make_copy_atom(op, 32)).
import math

import flydsl.compiler as flyc
import flydsl.expr as fx
import torch
from flydsl.expr import arith, range_constexpr
from flydsl.expr import math as fmath
from flydsl.expr.typing import ReductionOp, full

print(sorted(n for n in dir(ReductionOp) if n.isupper()))
print(arith.FastMathFlags.fast, fx.FastMathFlags.nnan | fx.FastMathFlags.ninf, fx.RoundingMode.toward_zero)

VEC = 4

@flyc.kernel
def rows(src: fx.Tensor, dst: fx.Tensor, ints: fx.Tensor):
    r = fx.block_idx.x
    lane = fx.thread_idx.x
    fm = arith.FastMathFlags.fast
    atom = fx.make_copy_atom(fx.UniversalCopy128b(), 32)   # a width, not a type
    print("atom:", atom)
    row = fx.logical_divide(fx.slice(src, (r, None)), fx.make_layout(VEC, 1))
    out = fx.logical_divide(fx.slice(dst, (r, None)), fx.make_layout(VEC, 1))
    reg = fx.make_rmem_tensor(VEC, fx.Float32)
    fx.copy(atom, fx.slice(row, (None, lane)), reg)
    v = fx.memref_load_vec(reg)
    hi = v.reduce(ReductionOp.MAX)
    lo = v.reduce(ReductionOp.MIN, fastmath=fm)
    tot = v.reduce(ReductionOp.ADD)
    # across the two lanes of the row
    hi = hi.maximumf(hi.shuffle_xor(1, 2))
    tot = tot.addf(tot.shuffle_xor(1, 2), fastmath=fm)
    lo = fx.min(lo, lo.shuffle_xor(1, 2), fx.Float32(100.0))
    e = fmath.exp2(v - hi)                                # 2^(x - max) elementwise
    s = e.reduce(ReductionOp.ADD)
    s = s + s.shuffle_xor(1, 2)
    with fx.fastmath(fm):
        p = e / s
    fx.printf("row {} lane {}: max={} min={} sum={} first={} last={} p0={}", r, lane, hi, lo, tot, v[0], v[VEC - 1], p[0])
    neg = -(p * 16.0)
    fx.memref_store_vec(neg, reg)
    fx.copy(atom, reg, fx.slice(out, (None, lane)))
    # integers: conversions and reductions
    iv = v.to(fx.Int32)
    bits = full(VEC, 6, fx.Int32)
    m = (iv * bits).reduce(ReductionOp.MAX)
    x = (iv * bits).reduce(ReductionOp.XOR)
    ninf = fx.Float32(float("-inf"))
    big = fx.max(ninf, v[1], (x.to(fx.Float32)).exp2(fastmath=fm))
    nan = fx.max(v[2], fx.Float32(float("nan")))
    half = v.to(fx.Float16).to(fx.Float32).reduce(ReductionOp.MUL)
    ints[r * 2 + lane] = m + x
    fx.printf("  ints: max6={} xor6={} big={} nan={} prod={}", m, x, big, nan, half)

@flyc.jit
def go(src, dst, ints):
    rows(src, dst, ints).launch(grid=2, block=2)

src = torch.tensor([[3.0, 1.0, 2.0, 0.0, 5.0, 4.0, 1.0, 1.0],
                    [-1.0, 2.0, 2.0, 2.0, 0.5, 1.0, 3.0, -2.0]], device="cuda")
dst = torch.zeros(2, 8, device="cuda")
ints = torch.zeros(4, dtype=torch.int32, device="cuda")
go(src, dst, ints)
e = torch.exp2(src - src.max(dim=1, keepdim=True).values)
ref = e / e.sum(dim=1, keepdim=True) * -16.0
print("softmax-2 * -16 matches torch:", torch.allclose(dst, ref, atol=1e-6))
print(ints.tolist())

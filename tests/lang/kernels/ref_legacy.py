# flyi: run
# The authoring reference's legacy spellings, kept for editing older kernels: gpu.thread_idx.x,
# arith.constant(v, type=T.i32) / arith.constant(v, index=True), flydsl.expr.typing.T, ArithValue,
# fx.Index with arith.index_cast(T.i32, v), arith.cmpf / CmpFPredicate (ordered and unordered),
# arith.cmpi with unsigned predicates, arith.negf, arith.select, arith.unwrap; uint8 tensors as
# kernel arguments (arithmetic wraps at 8 bits when stored).
import flydsl.compiler as flyc
import flydsl.expr as fx
from flydsl.expr import arith, gpu
from flydsl.expr.typing import T
from flydsl.expr.arith import ArithValue
import torch


@flyc.kernel
def k(a: fx.Tensor, b: fx.Tensor, out: fx.Tensor, res: fx.Tensor):
    tid = gpu.thread_idx.x
    c1 = arith.constant(3, type=T.i32)
    c2 = arith.constant(2.5, type=T.f32)
    ci = arith.constant(4, index=True)
    x = ArithValue(fx.Int32(tid)) + c1
    y = arith.index_cast(T.i32, fx.Index(tid) + ci)
    f = fx.Float32(a[tid])
    lt = arith.cmpf(arith.CmpFPredicate.OLT, f, c2)
    uno = arith.cmpf(arith.CmpFPredicate.UNO, f, f)
    ult = arith.cmpf(arith.CmpFPredicate.ULT, f, c2)
    s = arith.select(arith.unwrap(lt), arith.negf(f), f)
    uge = arith.cmpi(arith.CmpIPredicate.uge, fx.Int32(tid) - 2, fx.Int32(1))
    sge = arith.cmpi(arith.CmpIPredicate.sge, fx.Int32(tid) - 2, fx.Int32(1))
    res[tid * 8 + 0] = fx.Float32(x)
    res[tid * 8 + 1] = fx.Float32(y)
    res[tid * 8 + 2] = s
    res[tid * 8 + 3] = fx.Float32(fx.Int32(lt))
    res[tid * 8 + 4] = fx.Float32(fx.Int32(uno))
    res[tid * 8 + 5] = fx.Float32(fx.Int32(ult))
    res[tid * 8 + 6] = fx.Float32(fx.Int32(uge))
    res[tid * 8 + 7] = fx.Float32(fx.Int32(sge))
    out[tid] = b[tid] + 1


@flyc.jit
def run(a: fx.Tensor, b: fx.Tensor, out: fx.Tensor, res: fx.Tensor):
    k(a, b, out, res).launch(grid=(1,), block=(4,))


a = torch.tensor([1.0, 3.0, float("nan"), -2.0]).cuda()
b = torch.tensor([250, 251, 252, 255], dtype=torch.uint8).cuda()
o = torch.zeros(4, dtype=torch.uint8).cuda()
r = torch.zeros(32, dtype=torch.float32).cuda()
run(a, b, o, r)
print(o.tolist(), o.dtype)
v = r.tolist()
for t in range(4):
    print(["nan" if x != x else x for x in v[t * 8:t * 8 + 8]])
print(T.i32, T.f16x4, T.vec(8, T.bf16), T.index, T.i32 == T.i32, T.i32 == T.i64, T.f32())
print(arith.CmpIPredicate.slt, int(arith.CmpIPredicate.uge), arith.CmpFPredicate.OGT, int(arith.CmpFPredicate.UNO))
print(repr(arith.constant(7, type=T.i64)), repr(arith.constant(1.5, type=T.f16)), repr(arith.constant(3, index=True)))

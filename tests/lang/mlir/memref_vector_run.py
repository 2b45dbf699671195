# flyi: run
# memref.alloca / load / store and vector.load / store on a private memref through the bindings, with the
# remaining arith conversions (uitofp, fptoui, remui, divui), combined fastmath flags and math ops, run on the
# emulator against Python.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch
from flydsl._mlir import ir
from flydsl._mlir.dialects import arith, math, memref, vector
from flydsl._mlir.extras import types as T

N = 8


@flyc.kernel
def k(out: fx.Tensor):
    tid = fx.thread_idx.x
    i32, f32, idx = T.i32(), T.f32(), T.index()
    buf = memref.alloca(ir.MemRefType.get([4], i32))
    t = fx.Int32(tid).ir_value()
    for j in range(4):  # a device loop: j is traced
        memref.store(arith.addi(t, fx.Int32(j).ir_value()), buf, [arith.index_cast(idx, fx.Int32(j).ir_value())])
    zero = arith.constant(idx, 0)
    v = vector.load(T.vector(4, i32), buf, [zero])
    vector.store(arith.muli(v, vector.broadcast(T.vector(4, i32), arith.constant(i32, 10))), buf, [zero])
    s = memref.load(buf, [arith.constant(idx, 3)])
    u = arith.uitofp(f32, arith.divui(s, arith.constant(i32, 3)))
    r = arith.remui(s, arith.constant(i32, 7))
    fm = arith.FastMathFlags.nnan | arith.FastMathFlags.ninf
    g = math.sqrt(arith.addf(u, u, fastmath=fm))
    out[tid * 3] = fx.Int32(s)
    out[tid * 3 + 1] = fx.Int32(r)
    out[tid * 3 + 2] = fx.Int32(arith.fptoui(i32, arith.addf(arith.mulf(g, g), arith.constant(f32, 0.5))))


@flyc.jit
def run(out):
    k(out).launch(grid=1, block=N)


o = torch.zeros(3 * N, dtype=torch.int32, device="cuda")
run(o)
got = o.tolist()
want = []
for t in range(N):
    s = (t + 3) * 10
    want += [s, s % 7, round(2 * (s // 3))]
print(got[:6], "ok" if got == want else f"want {want}")

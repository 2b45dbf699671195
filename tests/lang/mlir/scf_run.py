# flyi: run
# scf.IfOp / scf.ForOp built through flydsl._mlir (blocks filled under InsertionPoint, fx code inside them),
# arith with predicates and casts, run on the emulator and compared with the same computation in Python.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch
from flydsl._mlir import ir
from flydsl._mlir.dialects import arith, scf
from flydsl._mlir.extras import types as T

N = 16


@flyc.kernel
def k(out: fx.Tensor, n: fx.Int32):
    tid = fx.thread_idx.x
    i32 = T.i32()
    t = fx.Int32(tid).ir_value()
    odd = arith.cmpi(arith.CmpIPredicate.ne, arith.remui(t, arith.constant(i32, 2)), arith.constant(i32, 0))
    br = scf.IfOp(odd, [i32], hasElse=True)
    with ir.InsertionPoint(br.then_block):
        scf.YieldOp([arith.muli(t, arith.constant(i32, 3))])
    with ir.InsertionPoint(br.else_block):
        scf.YieldOp([(fx.Int32(t) // 2).ir_value()])
    lb = arith.constant(i32, 0)
    loop = scf.ForOp(lb, n.ir_value(), arith.constant(i32, 1), [br.result, arith.constant(T.f32(), 0.5)])
    with ir.InsertionPoint(loop.body):
        i = loop.induction_variable
        acc, facc = loop.inner_iter_args
        inner = scf.IfOp(arith.cmpi(arith.CmpIPredicate.slt, i, t))  # no results, no else
        with ir.InsertionPoint(inner.then_block):
            arith.addi(i, t)  # an op inside a result-less scf.if
            scf.YieldOp([])
        nacc = arith.addi(arith.xori(acc, i), arith.shli(i, arith.constant(i32, 1)))
        nf = arith.mulf(facc, arith.constant(T.f32(), 1.5), fastmath=arith.FastMathFlags.contract)
        scf.YieldOp([nacc, nf])
    out[tid * 2] = fx.Float32(arith.sitofp(T.f32(), loop.results[0]))
    out[tid * 2 + 1] = fx.Float32(loop.results[1])


@flyc.jit
def run(out, n):
    k(out, n).launch(grid=1, block=N)


o = torch.zeros(2 * N, dtype=torch.float32, device="cuda")
run(o, 5)
got = o.tolist()
bad = []
for t in range(N):
    acc = t * 3 if t % 2 else t // 2
    f = 0.5
    for i in range(5):
        acc = (acc ^ i) + (i << 1)
        f *= 1.5
    if got[2 * t] != acc or got[2 * t + 1] != f:
        bad.append(t)
print(got[:6])
print("ok" if not bad else f"differs at {bad}")

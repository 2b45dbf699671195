# IR built through flydsl._mlir inside a kernel, mixed with fx code (checked by ir_ops.fc on the traced module
# as MLIR prints it): arith with predicates, casts and fastmath, vector ops, math, gpu ids, rocdl hints,
# scf.IfOp / scf.ForOp filled under InsertionPoint, and result types as MLIR infers them.
import flydsl.compiler as flyc
import flydsl.expr as fx
from flydsl._mlir import ir
from flydsl._mlir.dialects import arith, gpu, math, rocdl, scf, vector
from flydsl._mlir.extras import types as T


@flyc.kernel
def ops(out: fx.Tensor, a: fx.Int32, f: fx.Float32):
    i32, f32, f16 = T.i32(), T.f32(), T.f16()
    av, fv = a.ir_value(), f.ir_value()
    s = arith.addi(av, arith.constant(i32, 3))
    for name in ("subi", "muli", "divsi", "divui", "remsi", "andi", "ori", "xori", "shli", "shrui", "shrsi"):
        s = getattr(arith, name)(s, av)
    g = arith.mulf(fv, fv, fastmath=arith.FastMathFlags.fast)
    for name in ("addf", "subf", "divf", "maximumf", "minimumf", "maxnumf", "minnumf"):
        g = getattr(arith, name)(g, fv)
    g = arith.negf(g)
    c1 = arith.cmpi(arith.CmpIPredicate.uge, s, av)
    c2 = arith.cmpf(arith.CmpFPredicate.OLT, g, fv)
    c3 = arith.CmpIOp(arith.CmpIPredicate.eq, s, av).result
    sel = arith.select(arith.andi(c1, c2), s, av)
    wide = arith.extsi(T.i64(), sel)
    narrow = arith.trunci(T.i16(), wide)
    u = arith.extui(i32, narrow)
    h = arith.truncf(f16, arith.sitofp(f32, u))
    back = arith.fptosi(i32, arith.extf(f32, h))
    idx = arith.index_cast(T.index(), back)
    bits = arith.bitcast(i32, g)
    print(c1.type, c3.type, wide.type, h.type, idx.type, bits.type)
    v = vector.from_elements(T.vector(4, f16), [h, h, h, h])
    e = vector.extract(v, static_position=[2], dynamic_position=[])
    vi = vector.bitcast(T.vector(2, i32), v)
    sl = vector.extract_strided_slice(T.vector(2, f16), v, [1], [2], [1])
    ins = vector.insert(e, v, static_position=[0], dynamic_position=[])
    sh = vector.shuffle(sl, sl, [1, 0, 1])
    bc = vector.broadcast(T.vector(4, f32), fv)
    red = vector.reduction(f32, vector.CombiningKind.ADD, bc)
    print(e.type, vi.type, sl.type, ins.type, sh.type, red.type)
    ex = math.exp2(red)
    tid = gpu.thread_id("x")
    rocdl.sched_barrier(0)
    rocdl.s_waitcnt(49279)
    rocdl.sched_group_barrier(8, 2, 0)
    if_op = scf.IfOp(c2, [i32], hasElse=True)
    with ir.InsertionPoint(if_op.then_block):
        t = fx.Int32(s) * 2  # fx code inside the binding's region
        scf.YieldOp([t.ir_value()])
    with ir.InsertionPoint(if_op.else_block):
        scf.YieldOp([av])
    lb, ub, st = (arith.constant(T.index(), n) for n in (0, 4, 1))
    loop = scf.ForOp(lb, ub, st, [ex])
    with ir.InsertionPoint(loop.body):
        acc = arith.addf(loop.inner_iter_args[0], arith.sitofp(f32, arith.index_cast(i32, loop.induction_variable)))
        scf.YieldOp([acc])
    out[fx.Int32(tid)] = fx.Float32(loop.results[0]) + fx.Float32(if_op.result) + fx.Float32(idx)


@flyc.jit
def run(out, a, f):
    ops(out, a, f).launch(grid=1, block=1)


import torch  # noqa: E402

k = flyc.compile(run, torch.zeros(4, dtype=torch.float32, device="cuda"), fx.Int32(5), fx.Float32(1.5))
print(k.ir(0))

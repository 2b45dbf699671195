# flyi: run
# flydsl.expr.arith.constant(value, type=<an MLIR type>) as FlyDSL's kernels call it (type=ir.IntegerType.
# get_signless(1), ir.F32Type.get()): the constant of that type as the DSL value of its type, a Python bool
# for i1 included; run on the emulator.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch
from flydsl._mlir import ir
from flydsl.expr import arith


@flyc.kernel
def k(o: fx.Tensor):
    a = arith.constant(True, type=ir.IntegerType.get_signless(1))
    b = arith.constant(7, type=ir.IntegerType.get_signless(32))
    c = arith.constant(2.5, type=ir.F32Type.get())
    print(type(a).__name__, type(b).__name__, type(c).__name__, arith.unwrap(a).type, arith.unwrap(b).type,
          arith.unwrap(c).type)
    o[0] = fx.Float32(b) + c
    o[1] = a.select(fx.Float32(1.0), fx.Float32(-1.0))


@flyc.jit
def run(o):
    k(o).launch(grid=1, block=1)


o = torch.zeros(2, device="cuda")
run(o)
print(o.tolist())

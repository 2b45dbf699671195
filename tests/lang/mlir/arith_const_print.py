# flyi: run
# Raw arith.constant ops print in MLIR's custom form with the value MLIR prints: a signless or signed
# integer is its bits at the type's width read as signed (0xFFFFFFFF : i32 is -1), an index as a signed
# 64-bit number, an i1 as true/false; wider types keep their value. flydsl.expr.utils.arith's
# arith_const (defaults f32/i1/i32 by the Python type, vector types as splats, an ir.Value as it is,
# unsigned 64-bit keys by their bits) and constant_vector of an ir.VectorType; the values run on the
# emulator as printed.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch
from flydsl._mlir import ir
from flydsl._mlir.dialects import arith
from flydsl.expr.utils.arith import arith_const, constant, constant_vector

KEY = 0x9E3779B97F4A7C15
i32 = ir.IntegerType.get_signless(32)
i64 = ir.IntegerType.get_signless(64)


@flyc.jit
def body():
    arith.constant(i32, -1)
    arith.constant(i32, 0xFFFFFFFF)
    arith.constant(i32, 0x80000000)
    arith.constant(ir.IntegerType.get_signless(8), 200)
    arith.constant(ir.IntegerType.get_signless(1), 1)
    arith.constant(ir.IndexType.get(), -3)
    arith_const(KEY, i64)
    arith_const(0xD2E7470EE14C6C93, ir.IntegerType.get_signless(128))
    arith_const(5, ir.IndexType.get())
    arith_const(7)
    arith_const(True)
    arith_const(0.5)
    arith_const(3, ir.VectorType.get([4], ir.IntegerType.get_signless(16)))
    constant(KEY, type=i64)
    constant_vector(KEY, ir.VectorType.get([2], i64))
    v = constant_vector(2.0, ir.VectorType.get([4], ir.F32Type.get()))
    print("constant_vector:", v.type)
    r = arith_const(9)
    print("ir.Value kept:", arith_const(r) is r)
    for bad in ("x", None):
        try:
            arith_const(bad)
        except ValueError as e:
            print("ValueError:", e)


body()
for line in body._last_compiled[1].source_ir.splitlines():
    if "arith.constant" in line:
        print(line.split(" loc(")[0].strip())


@flyc.kernel
def k(o: fx.Tensor):
    o[0] = fx.Int32(arith.constant(i32, 0xFFFFFFFF))
    o[1] = fx.Int32(arith_const(0x80000000, i32))
    o[2] = fx.Int32(arith.constant(ir.IntegerType.get_signless(8), 200))


@flyc.jit
def run(o):
    k(o).launch(grid=1, block=1)


o = torch.zeros(3, dtype=torch.int32, device="cuda")
run(o)
print(o.tolist())

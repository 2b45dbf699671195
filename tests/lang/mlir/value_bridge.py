# flyi: run
# fx numerics / Vectors and flydsl._mlir Values are the same traced values: ir_value(), _raw, arith.unwrap,
# arith._to_raw and as_ir_value give the Value of a DSL value (the same SSA value), fx.Int32(v) and
# as_dsl_value wrap a Value (fx.Vector(v) a vector Value), and fx arithmetic takes Values; run on the emulator.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch
from flydsl._mlir import ir
from flydsl._mlir.dialects import arith, vector
from flydsl._mlir.extras import types as T
from flydsl.expr.typing import T as TT, as_dsl_value, as_ir_value


@flyc.kernel
def k(out: fx.Tensor, a: fx.Int32, f: fx.Float32):
    v = a.ir_value()
    # (the same SSA value: the same name; == of two scalar Values is an arith.cmpi, as FlyDSL's ArithValue)
    same = [v.get_name() == x.get_name() for x in (a._raw, fx.arith.unwrap(a), fx.arith._to_raw(a), as_ir_value(a),
                                                   fx.Int32(v).ir_value())]
    print("== of Values:", type(v == a._raw).__name__, type(v != a._raw).__name__)
    print("same value:", same)
    print(type(v).__name__, v.type, isinstance(v, ir.Value), ir.IntegerType.isinstance(v.type))
    c = fx.arith.unwrap(7)
    cf = fx.arith.unwrap(1.5)
    ci = fx.arith.unwrap(3, index=True)
    print("unwrap of literals:", c.type, cf.type, ci.type, fx.arith.unwrap(2, type=TT.i64).type)
    s = arith.addi(v, c)
    x = fx.Int32(s) * 3 + v  # fx arithmetic on Values
    print("as_dsl_value:", type(as_dsl_value(s)).__name__, as_dsl_value(s).dtype, as_dsl_value(s, fx.Int64).dtype)
    vec = vector.from_elements(TT.f32x2, [f.ir_value(), arith.sitofp(T.f32(), x.ir_value())])
    fv = fx.Float32(vector.extract(vec, static_position=[1]))
    w = as_dsl_value(vec)
    print("vector:", type(w).__name__, w.dtype, w.numel, w.ir_value().type, TT.vec(8, TT.bf16))
    vv = fx.Vector(vec)  # Vector(raw)
    print("Vector(raw):", vv.numel, vv.dtype, vv.ir_value().get_name() == vec.get_name())
    try:
        fx.Vector(v)
    except TypeError as e:
        print("TypeError:", e)
    out[0] = fv + f
    out[1] = fx.Float32(vector.extract(w.ir_value(), static_position=[0]))
    print("lists:", [t.type for t in as_ir_value([a, (f, 2)])[:1]], as_ir_value(5, keep_static=True))


@flyc.jit
def run(out, a, f):
    k(out, a, f).launch(grid=1, block=1)


o = torch.zeros(2, dtype=torch.float32, device="cuda")
run(o, 4, 0.25)
print(o.tolist())

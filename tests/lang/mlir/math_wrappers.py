# fx.math and fx.arith.maxnumf / minnumf as FlyDSL's Python wrappers: typed values give typed results (Boolean for
# the classifications, a tuple for sincos), raw MLIR values give raw values, Vectors give Vectors of their
# logical shape; fpowi / ipowi / clampf / the classifications / sincos stay FlyDSL's math ops in the IR, and
# static operands fold. Vector.reduce takes fastmath= (an arith.FastMathFlags too) and names an unknown kind;
# Vector.filled_like / zeros_like and v.to(ir.Value). fx.ceildiv traces FlyDSL's arith.ceildivsi / ceildivui;
# fx.max / min / ceildiv give FlyDSL's operand errors and keep a Vector's logical shape.
import flydsl.expr as fx
from flydsl._mlir import ir
from flydsl._mlir.dialects import arith, func
from flydsl.expr.numeric import Float32, Int32


def show(title, build, types):
    with ir.Context(), ir.Location.unknown():
        m = ir.Module.create()
        with ir.InsertionPoint(m.body):
            f = func.FuncOp("t", ir.FunctionType.get([t() for t in types], []))
            with ir.InsertionPoint(f.add_entry_block()):
                build(*f.entry_block.arguments)
                func.ReturnOp([])
        print(title)
        for line in str(m).splitlines():
            if any(d in line for d in ("arith.", "math.", "vector.")):
                print("   ", line.strip().split(" = ", 1)[1].split(" loc(")[0])


F, I = ir.F32Type.get, lambda: ir.IntegerType.get_signless(32)
V4 = lambda: ir.VectorType.get([4], ir.F32Type.get())


def typed(x_raw, n_raw):
    x, n = Float32(x_raw), Int32(n_raw)
    r = [fx.math.fpowi(x, n), fx.math.ipowi(n, n), fx.math.clampf(x, 0.0, 1.0), fx.math.isinf(x),
         fx.math.isnormal(x), fx.math.sincos(x)]
    print("typed:", [type(v).__name__ for v in r[:5]], [type(v).__name__ for v in r[5]])


def raw(x_raw, n_raw):
    r = [fx.math.exp(x_raw), fx.math.fpowi(x_raw, n_raw), fx.math.isnan(x_raw), fx.arith.maxnumf(x_raw, x_raw)]
    print("raw:", [type(v).__name__ for v in r])


def vectors(v_raw):
    v = fx.Vector(v_raw, (2, 2), Float32)
    r = [fx.math.clampf(v, v, v), fx.math.isfinite(v), fx.math.atan2(v, v), fx.arith.maxnumf(v, v),
         fx.math.fma(v_raw, v_raw, v_raw)]
    print("vectors:", [(type(x).__name__, getattr(x, "shape", None)) for x in r])
    print("to(ir.Value) is itself:", v.to(ir.Value) is v)
    z = fx.Vector.zeros_like(v)
    g = fx.Vector.filled_like(v, 2, fx.Int32)
    print("zeros_like:", z.shape, z.dtype, "filled_like:", g.shape, g.dtype)
    v.reduce("add", fastmath=arith.FastMathFlags.fast)
    v.reduce("max", fastmath="nnan")
    try:
        v.reduce("foobar")
    except ValueError as e:
        print("ValueError:", e)


def divs(a_raw, b_raw, v_raw):
    a, b = Int32(a_raw), Int32(b_raw)
    fx.ceildiv(a, b)
    fx.ceildiv(fx.Uint32(a), fx.Uint32(b))
    v = fx.Vector(v_raw, (2, 2), Int32)
    print("vector shapes:", fx.ceildiv(v, 3).shape, fx.max(v, Int32(7)).shape, fx.min(v, v).shape)


def errors():
    for f in (lambda: fx.max(), lambda: fx.max(fx.Index(1), fx.Index(2)),
              lambda: fx.min(fx.Float8E5M2(1.0), fx.Float8E5M2(2.0)), lambda: fx.ceildiv(fx.Float32(3.0), 2),
              lambda: fx.ceildiv(fx.Boolean(True), fx.Boolean(True)), lambda: fx.ceildiv(fx.Index(3), fx.Index(2)),
              lambda: fx.ceildiv(fx.Int32(-(1 << 31)), fx.Int32(-1)), lambda: fx.ceildiv(fx.Uint32(1), fx.Uint32(0))):
        try:
            print("no error:", f())
        except (TypeError, ValueError, OverflowError, ZeroDivisionError) as e:
            print(type(e).__name__ + ":", e)
    print("static:", fx.ceildiv(fx.Int32(-7), fx.Int32(2)).value, fx.ceildiv(fx.Uint32(0xFFFFFFFF), fx.Uint32(2)).value,
          fx.max(fx.Int32(3), fx.Int32(9), fx.Int32(-1)).value)


show("typed", typed, [F, I])
show("raw", raw, [F, I])
show("vectors", vectors, [V4])
show("divs", divs, [I, I, lambda: ir.VectorType.get([4], ir.IntegerType.get_signless(32))])
errors()
static = [fx.math.fpowi(fx.Float32(-2.0), 3), fx.math.fpowi(fx.Float32(2.0), -2), fx.math.ipowi(fx.Int32(3), 4),
          fx.math.ipowi(fx.Int32(-1), -3), fx.math.ipowi(fx.Int32(2), -1),
          fx.math.clampf(fx.Float32(5.0), fx.Float32(0.0), fx.Float32(1.0)), fx.math.isinf(fx.Float32(float("inf")))]
print("static:", [(type(v).__name__, v.value) for v in static])

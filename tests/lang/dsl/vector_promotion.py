# Vector operators with operands of different element types convert both to FlyDSL's common type (as the
# scalar numerics do); //, % and ** are elementwise too; integer / integer divides as floats.
import flydsl.compiler as flyc
import flydsl.expr as fx
from flydsl.expr import math as fmath

V = fx.Vector


@flyc.jit
def ops():
    a, b = V.filled(4, 3, fx.Int32), V.filled(4, 2.0, fx.Float32)
    h, s = V.filled(4, 1.0, fx.Float16), V.filled(4, 1, fx.Int16)
    cases = [("a+b", a + b), ("b+a", b + a), ("a//a", a // a), ("a%a", a % a), ("b**b", b ** b),
             ("b//b", b // b), ("b%b", b % b), ("a**a", a ** a), ("h+b", h + b), ("h+1.0", h + 1.0),
             ("s+a", s + a), ("a+F32", a + fx.Float32(2.0)), ("a/a", a / a), ("s|a", s | a), ("2**b", 2 ** b),
             ("7//a", 7 // a), ("s*2", s * 2)]
    print(" ".join(f"{k}:{v.dtype}" for k, v in cases))


ops()
src = ops._last_compiled[1].source_ir
for op in ("arith.sitofp", "arith.floordivsi", "arith.remsi", "math.powf", "math.ipowi", "math.floor",
           "arith.divf", "arith.remf", "arith.extf", "arith.extsi", "arith.ori", "arith.addi"):
    print(op, src.count(op + " "))

# fx.math's functions and fx.maxnumf are Python functions wrapping the built-in ones, as FlyDSL's are
print(fmath.exp.__closure__ is not None, fmath.exp.__name__, fmath.exp.__wrapped__ is not fmath.exp,
      fx.maxnumf is fx.arith.maxnumf, fmath.sqrt(fx.Float32(4.0)).value)


@flyc.jit
def more():
    i, u, f = V.filled(4, 5, fx.Int32), V.filled(4, 5, fx.Uint32), V.filled(4, 1.0, fx.Float32)
    flags = V.filled(4, True, fx.Boolean)
    print((~i).dtype, (~flags).dtype, i.signed, u.signed, f.signed, flags.signed, isinstance(hash(i), int))
    for what, thunk in (("~f", lambda: ~f), ("i & f", lambda: i & f), ("i & 1.5", lambda: i & 1.5),
                        ("f.to(Int32, rounding_mode)", lambda: f.to(fx.Int32, rounding_mode=fx.RoundingMode.upward)),
                        ("Float32(1.0).to(Int32, rounding_mode)",
                         lambda: fx.Float32(1.0).to(fx.Int32, rounding_mode=fx.RoundingMode.upward))):
        try:
            thunk()
        except TypeError as e:
            print(what, "-> TypeError:", e)


more()


@flyc.jit
def red():
    v, i = V.filled(4, 1.5, fx.Float32), V.filled(4, 3, fx.Int32)
    print(v.reduce("max").dtype, i.reduce("max", init_val=fx.Int32(7)).dtype)
    try:
        v.reduce(3)
    except TypeError as e:
        print("TypeError:", e)


red()
print([l.split(" loc(")[0].strip() for l in red._last_compiled[1].source_ir.splitlines() if "reduction" in l])
print(more._last_compiled[1].source_ir.count("arith.xori "))

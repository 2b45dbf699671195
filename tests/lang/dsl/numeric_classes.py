# The numeric types are classes with FlyDSL's hierarchy: Numeric > Integer > Int32 (Boolean, Index,
# the Uint*) and Numeric > Float > Float32 (...), all of metaclass NumericMeta; values are their instances.
import flydsl.expr as fx
from flydsl.expr.numeric import (BFloat16, Boolean, Float, Float16, Float32, Index, Int8, Int32, Integer,
                                 Numeric, NumericMeta, Uint32)

x, f, b = Int32(7), Float32(1.5), Boolean(True)
print(type(x) is Int32, type(f) is Float32, type(b) is Boolean, type(x + 1) is Int32, type(x + f) is Float32)
print(type(x).__name__, type(Int8(3) + Int32(1)).__name__, type(x < 3).__name__, type(b & b).__name__)
print([c.__name__ for c in Int32.__mro__], [c.__name__ for c in BFloat16.__mro__])
print([c.__name__ for c in Boolean.__mro__], [c.__name__ for c in Index.__mro__])
print(isinstance(x, Numeric), isinstance(x, Integer), isinstance(x, Float), isinstance(x, Int32), isinstance(x, Uint32))
print(isinstance(f, Float), isinstance(f, Float16), isinstance(b, Integer), isinstance(3, Numeric))
print(issubclass(Uint32, Integer), issubclass(Float16, Float), issubclass(Float16, Integer), issubclass(Boolean, Int32))
print(isinstance(Int32, NumericMeta), isinstance(Int32, type), type(Float32) is NumericMeta, type(Numeric) is NumericMeta)
print(x.dtype is Int32, f.dtype is Float32, Int32.width, Float16.width, Boolean.width, Int32.zero, Float32.zero)
print(Int32.is_integer, Int32.is_float, Float32.is_integer, Float32.is_float, Boolean.is_integer)
print({Int32: "i", Float32: "f"}[type(x)], sorted(t.__name__ for t in (Float32, Int32, Boolean)))

# run-time values are instances too
import flydsl.compiler as flyc

@flyc.jit
def go(a: fx.Int32, c: fx.Float16):
    r = a * 2
    print(type(a) is Int32, type(r) is Int32, type(c + c).__name__, isinstance(r, Integer), r.is_static())

go(3, 1.0)

# Numeric.from_python_value / from_ir_type; abs() of a Boolean is a TypeError (FlyDSL)
from flydsl.expr.typing import T
print(Numeric.from_python_value(5).dtype, Numeric.from_python_value(True).dtype,
      Numeric.from_python_value(5_000_000_000).dtype, Numeric.from_python_value(2.5).dtype,
      Numeric.from_python_value(x) is x)
print(Numeric.from_ir_type(T.i32), Numeric.from_ir_type(T.f16), Numeric.from_ir_type(T.bf16))
for bad in ("Numeric.from_python_value('x')", "abs(Boolean(True))"):
    try:
        eval(bad)
    except (TypeError, ValueError) as e:
        print(type(e).__name__ + ":", e)

# Int128 / Uint128: classes of width 128, traced as i128 (static values hold 64 bits)
print(fx.Int128.width, fx.Uint128.signed, issubclass(fx.Int128, Integer), fx.Int128(-5).value)


@flyc.jit
def wide(a: fx.Int128, b: fx.Int128, c: fx.Float64):
    print(type(a + b).__name__, type(a + c).__name__, type(a / b).__name__, type(a // b).__name__,
          type(a + fx.Int32(1)).__name__)


wide(1, 2, 1.0)
print([l.split(" loc(")[0].strip() for l in wide._last_compiled[1].source_ir.splitlines() if "i128" in l][:3])

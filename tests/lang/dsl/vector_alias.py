# FlyDSL's vector aliases at the prompt (flydsl.expr._vector_alias): each is a real subclass of fx.Vector
# named {dtype}x{lanes} in flydsl.expr.typing, the same class at every module path; ir_type is its MLIR
# type (ir.VectorType reads it); the alias's __init__ checks shape= and dtype= first (FlyDSL's ValueError
# texts, naming the class of self, so a subclass of an alias names itself); VectorAlias(dtype, lanes) makes
# new ones; outside a kernel there is no vector to hold, and an instance never initialized says so.
import flydsl.expr as fx
import flydsl.expr.typing as ty
from flydsl.expr import Float32x4 as F4
from flydsl.expr.typing import BFloat16x2, Float4E2M1FNx32, Int128x1, Uint8x16, Vector, VectorAlias

print(F4, F4.__name__, F4.__module__, F4.__mro__[1] is fx.Vector, Vector is fx.Vector)
print(fx.Float32x4 is F4, ty.Float32x4 is F4, issubclass(F4, fx.Vector), issubclass(fx.Vector, F4))
print(F4.ir_type, BFloat16x2.ir_type, Float4E2M1FNx32.ir_type, Int128x1.ir_type, Uint8x16.ir_type)
print(F4.ir_type is F4.ir_type, type(F4.ir_type).__name__)
# ir_type is an MLIR type to the bindings too (FlyDSL's tests read it with ir.VectorType)
from flydsl._mlir import ir
vt = ir.VectorType(BFloat16x2.ir_type)
print(vt, vt.shape, fx.Numeric.from_ir_type(vt.element_type), ir.Type(fx.Int8x16.ir_type))
names = sorted(n for n in dir(ty) if isinstance(getattr(ty, n), type) and issubclass(getattr(ty, n), fx.Vector)
               and getattr(ty, n) is not fx.Vector)
print(len(names), names[:6], names[-3:])
print(all(getattr(fx, n) is getattr(ty, n) for n in names))
print(isinstance(1.0, F4), isinstance([1.0] * 4, F4), isinstance(F4, type))

for call in (lambda: F4(1.0, shape=(2,)), lambda: F4(1.0, shape=8), lambda: F4(1.0, shape=((2, 2),)),
             lambda: F4([1.0, 2.0], dtype=fx.Float16), lambda: BFloat16x2(0, dtype=fx.Float16)):
    try:
        call()
    except ValueError as e:
        print("ValueError:", e)


class Mine(F4):
    pass


try:
    Mine(1.0, dtype=fx.Int32)
except ValueError as e:
    print("ValueError:", e)
print(Mine.__mro__[1:3] == (F4, fx.Vector), Mine.ir_type)

H3 = VectorAlias(fx.Float16, 3)
print(H3, H3.ir_type, H3 is VectorAlias(fx.Float16, 3), issubclass(H3, fx.Vector))
# outside a kernel an alias has no value to hold (FlyDSL needs an MLIR context there too)
try:
    F4(1.0)
except RuntimeError as e:
    print("RuntimeError:", e)
u = F4.__new__(F4)
print(repr(u))
try:
    u.dtype
except RuntimeError as e:
    print("RuntimeError:", e)

# FlyDSL's numeric types are classes: isinstance(v, fx.Float32) asks the type (its __instancecheck__), and
# issubclass(fx.Int32, Integer) asks the abstract class's metaclass before any "arg 1 must be a class" check;
# plain Python keeps CPython's behaviour and messages.
import flydsl.expr as fx
from flydsl.expr.numeric import Float, Integer

print(isinstance(fx.Int32(3), fx.Int32), isinstance(fx.Int32(3), fx.Float32), isinstance(3, fx.Int32),
      isinstance(fx.Float16(1.5), (fx.Int8, fx.Float16)))
print(issubclass(fx.Int32, Integer), issubclass(fx.Float32, Integer), issubclass(fx.BFloat16, Float),
      issubclass(fx.Int64, fx.Int64), issubclass(bool, int))
for f in (lambda: issubclass(3, int), lambda: isinstance(3, 4)):
    try:
        f()
    except TypeError as e:
        print("TypeError:", e)

# Typed scalars: static folding with FlyDSL's promotion table and result types.
import flydsl.expr as fx

a, b = fx.Int32(7), fx.Int32(-3)
print(repr(a + b), repr(a - b), repr(a * b), repr(a // b), repr(a % b), repr(a ** 2), repr(a / b))
print(repr(a & 3), repr(a | 8), repr(a ^ 5), repr(a << 2), repr(b >> 1), repr(~a), repr(-a), repr(abs(b)))
# literal typing: int -> Int32 (Int64 outside i32), float -> Float32, bool -> Boolean
print(repr(a + 1), repr(a + 1.5), repr(a + True), repr(a + 2**40), repr(1 - a), repr(2 ** fx.Int32(3)))
# wrap-around in the result type
print(repr(fx.Int8(100) + fx.Int8(100)), repr(fx.Uint8(3) - fx.Uint8(5)), repr(fx.Int32(2147483647) + 1))
print(repr(fx.Int16(300) * fx.Int16(300)), repr(fx.Uint32(1) << 31), repr(fx.Int32(1) << 31))
print(repr(fx.Uint32(4294967295) >> 4), repr(fx.Int32(-1) >> 40), repr(fx.Int8(1) << 9))
# promotion: same signedness -> wider; mixed -> unsigned if at least as wide, else signed
print(repr(fx.Int8(1) + fx.Int16(1)), repr(fx.Int8(-1) + fx.Uint8(1)), repr(fx.Uint8(200) + fx.Int16(1)))
print(repr(fx.Uint32(1) + fx.Int32(-2)), repr(fx.Uint16(1) + fx.Int64(-2)), repr(fx.Uint64(1) + fx.Int64(-2)))
# int + float: the float widened to cover the int
print(repr(fx.Float16(1.5) + fx.Int32(1)), repr(fx.Float32(1) + fx.Int64(2)), repr(fx.Float16(1) + fx.Int8(1)))
print(repr(fx.Float16(1) + fx.BFloat16(2)), repr(fx.Float32(1) + fx.Float64(2)), repr(fx.BFloat16(1) * 2))
# Boolean acts as Int32 in arithmetic, stays Boolean in bitwise ops between Booleans
t, f = fx.Boolean(True), fx.Boolean(False)
print(repr(t + t), repr(t & f), repr(t | f), repr(t ^ t), repr(t & 3), repr(-t), repr(~t))
# / on ints: Float32 up to 32 bits, Float64 above
print(repr(fx.Int32(7) / 2), repr(fx.Int64(7) / 2), repr(fx.Int8(1) / fx.Int8(4)), repr(fx.Uint32(9) / 3))
# floats
x, y = fx.Float32(7.5), fx.Float32(-2.0)
print(repr(x + y), repr(x - y), repr(x * y), repr(x / y), repr(x // y), repr(x % y), repr(x ** 2), repr(-x))
# comparisons give Boolean
print(repr(a < b), repr(a >= 7), repr(a == 7.0), repr(fx.Uint32(4294967295) > fx.Int32(1)), repr(x != x))
print(repr(fx.Int8(-1) == fx.Uint8(255)), repr(3 < a), repr(fx.Float32(float("nan")) == fx.Float32(float("nan"))))
# errors
for expr in ["x & 1", "x << 1", "a // 0", "a % 0", "x / 0.0", "fx.Int32(1) << -1", "a @ a", "a + 's'"]:
    try:
        eval(expr)
    except (TypeError, ZeroDivisionError, ValueError) as e:
        print(type(e).__name__ + ":", e)

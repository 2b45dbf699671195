# Typed scalars: construction wraps modulo 2^width with C-cast sign semantics (flydsl-surface.md 1.3).
import flydsl.expr as fx

print(repr(fx.Int8(200)), repr(fx.Int8(-129)), repr(fx.Int8(127)), repr(fx.Int4(20)), repr(fx.Int4(8)))
print(repr(fx.Uint8(fx.Int32(-1))), repr(fx.Uint8(256)), repr(fx.Uint16(-2)), repr(fx.Uint32(-1)))
print(repr(fx.Int16(40000)), repr(fx.Int32(2147483648)), repr(fx.Int64(-5)), repr(fx.Uint64(-1)))
print(repr(fx.Boolean(5)), repr(fx.Boolean(0)), repr(fx.Boolean(0.5)), repr(fx.Int32(True)))
print(repr(fx.Int32(3.9)), repr(fx.Int32(-3.9)), repr(fx.Int8(300.0)), repr(fx.Index(7)))
print(repr(fx.Float32(1)), repr(fx.Float16(2.5)), repr(fx.BFloat16(3)), repr(fx.Float64(fx.Int8(-1))))
print(repr(fx.Float8E4M3FN(0.5)), repr(fx.Float32(fx.Uint32(4294967295))))
print(str(fx.Int32(7)), str(fx.Float32(1.5)), str(fx.Int32), str(fx.Float8E4M3FN), fx.Boolean)
x = fx.Int16(-3)
print(x.is_static(), x.dtype, x.width, x.signed, fx.Uint8(1).signed, fx.Float16(1).width)
print(fx.Int32.width, fx.Uint32.signed, fx.Float32.signed, fx.BFloat16.width, fx.Int64.log_width)
print(int(fx.Int8(200)), float(fx.Int32(3)), bool(fx.Int32(0)), bool(fx.Float32(0.5)), fx.Int32(5).value)
print([10, 20, 30][fx.Int32(1)])
for bad in [float("nan"), float("inf")]:
    try:
        fx.Int32(bad)
    except (ValueError, OverflowError) as e:
        print(type(e).__name__, e)
try:
    fx.Int32("3")
except TypeError as e:
    print("TypeError", e)
try:
    fx.Int32(1, 2)
except TypeError as e:
    print("TypeError", e)

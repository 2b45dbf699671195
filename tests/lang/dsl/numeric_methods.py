# Typed scalars: .to, .bitcast, .select, fx.max/min/ceildiv and fx.math on static values.
import flydsl.expr as fx
from flydsl.expr import math as fmath

print(repr(fx.Int32(300).to(fx.Int8)), repr(fx.Float32(2.75).to(fx.Int32)), repr(fx.Int32(-1).to(fx.Uint16)))
print(repr(fx.Uint8(255).to(fx.Float32)), repr(fx.Boolean(True).to(fx.Float16)), repr(fx.Float64(0.5).to(fx.Float32)))
print(repr(fx.Float32(1.0).bitcast(fx.Int32)), repr(fx.Int32(1065353216).bitcast(fx.Float32)))
print(repr(fx.Float32(-2.0).bitcast(fx.Uint32)), repr(fx.Float16(1.0).bitcast(fx.Int16)), repr(fx.Int16(15360).bitcast(fx.Float16)))
print(repr(fx.BFloat16(1.0).bitcast(fx.Uint16)), repr(fx.Float64(1.0).bitcast(fx.Int64)), repr(fx.Int8(-1).bitcast(fx.Uint8)))
print(repr(fx.Boolean(True).select(fx.Int32(1), fx.Int32(2))), repr(fx.Int32(0).select(1.5, 2.5)))
print(repr(fx.max(1, 5, 3)), repr(fx.min(fx.Int8(-1), fx.Uint8(1))), repr(fx.max([1, [2.5, 2]], 0)))
print(repr(fx.max(fx.Float32(-0.0), fx.Float32(0.0))), repr(fx.min(fx.Float32(0.0), fx.Float32(-0.0))))
print(repr(fx.max(fx.Float32(1.0), fx.Float32(float("nan")))), repr(fx.min(fx.Int64(3), 2)))
print(repr(fx.ceildiv(7, 2)), repr(fx.ceildiv(fx.Int32(8), 2)), repr(fx.ceildiv(-7, 2)), repr(fx.ceildiv(fx.Uint32(9), fx.Uint32(4))))
print(repr(fmath.sqrt(fx.Float32(16.0))), repr(fmath.exp2(fx.Float16(3.0))), repr(fmath.rsqrt(4.0)), repr(fmath.floor(fx.Float64(-1.5))))
print(repr(fmath.round(fx.Float32(2.5))), repr(fmath.roundeven(fx.Float32(2.5))), repr(fmath.trunc(fx.Float32(-2.7))))
print(repr(fmath.powf(fx.Float32(2.0), 10)), repr(fmath.copysign(fx.Float32(3.0), -1.0)), repr(fmath.fma(2.0, 3.0, 1.0)))
print(repr(fmath.isnan(fx.Float32(float("nan")))), repr(fmath.isinf(fx.Float32(1.0))), repr(fmath.isfinite(fx.Float64(2.0))))
print(repr(fmath.absi(fx.Int32(-5))), repr(fmath.ctlz(fx.Int32(1))), repr(fmath.cttz(fx.Int8(8))), repr(fmath.ctpop(fx.Uint8(255))))
print(repr(fmath.clampf(fx.Float32(5.0), 0.0, 1.0)), repr(fmath.sqrt(fx.Float32(-1.0))), repr(fx.exp(fx.Float32(0.0))))
print(fmath.sincos(fx.Float32(0.0)))
print(repr(fmath.absf(fx.Float32(-2.0))), repr(fmath.log2(fx.Float32(8.0))))
for expr in ["fx.Int32(1).bitcast(fx.Int16)", "fmath.sqrt(fx.Int32(4))", "fmath.ctpop(fx.Float32(1.0))",
             "fx.ceildiv(1.5, 2)", "fx.max()", "fx.Int32(1).to(int)", "fx.Float32(1.0).to(fx.Float16, rounding_mode=1)"]:
    try:
        eval(expr)
    except (TypeError, ValueError) as e:
        print(type(e).__name__ + ":", e)

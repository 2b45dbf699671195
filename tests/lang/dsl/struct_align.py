# fx.Align[T, N] (FlyDSL's struct.Align, trace_smem.c): T's size with its alignment raised to N, as a struct or
# union field (offsets, size rounded to the largest alignment) and in dsl_size_of / dsl_align_of; .dtype and
# .align; FlyDSL's errors in its order (the form, an int not a bool, positive, a power of two, no smaller
# than T's natural alignment). A struct with a Vector field (fx.Vector or an alias) is a value type without a
# storage layout: its size, alignment, offsets and fx.Align of it are FlyDSL's Storable TypeError.
import flydsl.expr as fx
from flydsl.compiler.protocol import dsl_align_of, dsl_size_of
from flydsl.expr.struct import _storage_layout

A = fx.Align[fx.Int32, 16]
print(A, A.dtype, A.align, dsl_size_of(A), dsl_align_of(A))
T = fx.Align[fx.Array[fx.Float16, 6], 8]
print(T, dsl_size_of(T), dsl_align_of(T))


@fx.struct
class Padded:
    head: fx.Int32
    payload: fx.Align[fx.Int32, 16]


@fx.struct
class Pair:
    a: fx.Int8
    b: fx.Int16


@fx.struct
class Outer:
    x: fx.Int8
    p: fx.Align[Pair, 32]
    tile: fx.Constexpr[int]
    y: fx.Align[fx.Float64, 8]


@fx.union
class Mixed:
    small: fx.Array[fx.Uint8, 6]
    wide: fx.Align[fx.Int32, 16]


print(fx.Align[Pair, 4], dsl_size_of(fx.Align[Pair, 4]), dsl_align_of(fx.Align[Pair, 4]))
for t in (Padded, Outer, Mixed):
    print(t, _storage_layout(t))

for bad in (0, -1, 3, 24, 2, 1.0, True, "16"):
    try:
        fx.Align[fx.Int32, bad]
    except (TypeError, ValueError) as e:
        print(type(e).__name__ + ":", e)
for bad in ("fx.Align[fx.Int32]", "fx.Align[fx.Int32, 4, 4]", "fx.Align[int, 4]", "fx.Align[Pair, 1]"):
    try:
        eval(bad)
    except (TypeError, ValueError) as e:
        print(type(e).__name__ + ":", e)


@fx.struct
class WithVector:
    scalar: fx.Int32
    vector: fx.Vector


@fx.struct
class Nested:
    head: fx.Int8
    inner: WithVector


Aliased = fx.Struct["v": fx.Float32x4]
print(WithVector, Nested)
for expr in ("dsl_size_of(WithVector)", "dsl_align_of(Aliased)", "_storage_layout(Nested)",
             "WithVector.size_in_bytes", "fx.Align[WithVector, 16]"):
    try:
        eval(expr)
    except TypeError as e:
        print("TypeError:", e)

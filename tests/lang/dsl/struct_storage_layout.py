# flydsl.expr.struct._storage_layout: (size, alignment, {field: byte offset}) of an fx.struct / fx.union type,
# FlyDSL's C layout (each field at the next multiple of its alignment, a union's all at 0, constexpr fields
# without storage); anything else is a TypeError.
import flydsl.expr as fx
from flydsl.expr.struct import _storage_layout

@fx.struct
class Pair:
    left: fx.Int32
    right: fx.Float32

@fx.struct
class Padded:
    head: fx.Int8
    payload: fx.Array[fx.Float32, 4, 16]

@fx.union
class U:
    a: fx.Int64
    b: fx.Int8

@fx.struct
class Outer:
    x: fx.Int8
    p: Pair
    k: fx.Constexpr[int]
    y: fx.Int16

for t in (Pair, Padded, U, Outer):
    print(t, _storage_layout(t))
try:
    _storage_layout(int)
except TypeError as e:
    print("TypeError:", e)

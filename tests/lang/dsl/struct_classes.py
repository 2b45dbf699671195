# fx.struct / fx.union as Python classes (flydsl.expr._composite): frozen values, structural equality per
# declaration, Constexpr fields that specialise the value's class, anonymous inline fields, and the value
# protocol of flydsl.compiler.protocol (ir.Values in and out, cache signature, C-ABI slots, size).
from dataclasses import FrozenInstanceError

import flydsl.compiler as flyc
import flydsl.expr as fx
from flydsl.compiler.protocol import (c_abi_spec, cache_signature, construct_from_ir_values, dsl_size_of,
                                      extract_to_ir_values, get_ir_types)


@fx.struct
class Pt:
    x: fx.Int32
    y: fx.Float32


@fx.struct
class Cfg:
    n: fx.Constexpr[int]
    w: fx.Float32


@fx.struct
class Box:
    lo: Pt
    hi: Pt
    k: fx.Int16


p = Pt(1, y=2.5)
print(isinstance(Pt, type), isinstance(p, Pt), tuple(Pt.__annotations__), p)
print(p == Pt(1, 2.5), p == Pt(2, 2.5), hash(p) == hash(Pt(1, 2.5)), p.replace(x=7), repr(p.x))
for attempt in (lambda: setattr(p, "x", 3), lambda: delattr(p, "y")):
    try:
        attempt()
    except FrozenInstanceError as e:
        print("FrozenInstanceError:", e)
c = Cfg(n=4, w=1.0)
print(type(c).__name__, type(c) is type(Cfg(n=4, w=2.0)), type(c) is type(Cfg(n=8, w=1.0)),
      isinstance(c, Cfg), type(c.replace(n=2)).__name__)
print(cache_signature(c) == cache_signature(c.replace(w=3.0)), cache_signature(c) == cache_signature(c.replace(n=5)))
A = fx.Struct[fx.Int32, "f": fx.Float32]
print(tuple(A.__annotations__), repr(A(3, 4.0)._0), A.__dsl_type_identity__ == fx.Struct[fx.Int32, "f": fx.Float32].__dsl_type_identity__)
print(dsl_size_of(Pt), dsl_size_of(Box), dsl_size_of(Cfg))
slots = c_abi_spec(Pt(7, 0.5))
filled = []
for ctype, fill in slots:
    s = ctype(0)
    fill(Pt(7, 0.5), s)
    filled.append(s.value)
print([t.__name__ for t, _ in slots], filled)
for bad in (lambda: Pt(1), lambda: Pt(1, 2.0, 3), lambda: Pt(object(), 1.0), lambda: Cfg(n=1.5, w=1.0),
            lambda: Cfg(n=fx.Int32(2), w=1.0), lambda: Box(Pt(1, 2.0), 3, 4),
            lambda: fx.Union["i": fx.Int32, "f": fx.Float32](1), lambda: fx.Struct["_h": fx.Int32]):
    try:
        bad()
    except (TypeError, ValueError) as e:
        print(type(e).__name__ + ":", e)


@flyc.jit
def body(a: fx.Int32, b: fx.Float32):
    box = Box(Pt(a, b), Pt(a, b), 3)
    flat = extract_to_ir_values(box)
    print(len(flat), [str(t) for t in get_ir_types(box)])
    back = construct_from_ir_values(Box, box, flat)
    print(type(back.lo).__name__, len(extract_to_ir_values(Cfg(n=2, w=b))))


body(1, 2.0)

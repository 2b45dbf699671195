"""flydsl.expr._vector_alias - FlyDSL's vector aliases: VectorAlias(dtype, lanes) and the types it makes
(Float16x4, BFloat16x2, Int32x8, ... exported by flydsl.expr and flydsl.expr.typing).

Each alias is a real Python subclass of fx.Vector (isinstance and issubclass hold as in FlyDSL), named
f"{dtype.__name__}x{lanes}" in module flydsl.expr.typing. Its __init__ takes a Vector or a raw vector value,
a scalar (filled to the lanes) or a list/tuple of elements (from_elements), checks shape= and dtype= against
the alias, and hands the vector to Vector.__init__. ir_type is the alias's MLIR type, made on first use.
As in FlyDSL, arithmetic and conversions on an alias instance give plain Vectors, while the class methods
(Float32x4.filled(...), from_elements) and values carried through scf ops keep the alias."""
import sys

# FlyDSL's aliases: element type name, lane counts (flydsl/expr/typing.py)
_ALIASES = [
    ("Float4E2M1FN", (2, 4, 8, 16, 32)), ("Float8E4M3", (1, 2, 4, 8, 16)), ("Float8E4M3B11FNUZ", (1, 2, 4, 8, 16)),
    ("Float8E4M3FN", (1, 2, 4, 8, 16)), ("Float8E4M3FNUZ", (1, 2, 4, 8, 16)), ("Float8E5M2", (1, 2, 4, 8, 16)),
    ("Float8E8M0FNU", (1, 2, 4, 8, 16)), ("BFloat16", (1, 2, 4, 8, 16)), ("Float16", (1, 2, 4, 8, 16)),
    ("Float32", (1, 2, 4, 8)), ("Float64", (1, 2, 4)), ("Int4", (2, 4, 8, 16, 32)), ("Int8", (1, 2, 4, 8, 16)),
    ("Int16", (1, 2, 4, 8, 16)), ("Int32", (1, 2, 4, 8)), ("Int64", (1, 2, 4)), ("Int128", (1,)),
    ("Uint8", (1, 2, 4, 8, 16)), ("Uint16", (1, 2, 4, 8, 16)), ("Uint32", (1, 2, 4, 8)), ("Uint64", (1, 2, 4)),
    ("Uint128", (1,)),
]

_made = None


def _fx():
    return sys.modules["flydsl.expr"]


def _canonical_shape(shape):
    if isinstance(shape, int):
        return (shape,)
    return tuple(_canonical_shape(d) if isinstance(d, (tuple, list)) else d for d in shape)


class _LazyIrType:
    """An alias's ir_type: T.vec(lanes, dtype), made on first use (FlyDSL's lazy_classattr)."""

    def __init__(self, lanes, dtype):
        self._lanes = lanes
        self._dtype = dtype
        self._value = None

    def __get__(self, obj, owner):
        if self._value is None:
            s = sys.modules["flydsl.expr._surface"]
            self._value = s.T.vec(self._lanes, s.IrType(s._elem_text(self._dtype), self._dtype))
        return self._value


def VectorAlias(alias_dtype, lanes):
    """A Vector subclass of alias_dtype elements and lanes lanes (what Float16x4 is)."""
    fx = _fx()
    Vector = fx.Vector
    expected_shape = (lanes,)

    def __init__(self, value, shape=None, dtype=None):
        if shape is not None and _canonical_shape(shape) != expected_shape:
            raise ValueError(f"{type(self).__name__} expects shape {expected_shape}, got {shape}")
        if dtype is not None and dtype is not alias_dtype:
            raise ValueError(f"{type(self).__name__} expects dtype {alias_dtype.__name__}, got {dtype.__name__}")
        if isinstance(value, (int, float, bool, fx.Numeric)):
            value = Vector.filled(expected_shape, value, alias_dtype)
        elif isinstance(value, (list, tuple)):
            value = Vector.from_elements(value, alias_dtype)
        Vector.__init__(self, value, expected_shape, alias_dtype)

    return type(
        f"{alias_dtype.__name__}x{lanes}",
        (Vector,),
        {"__module__": "flydsl.expr.typing", "__init__": __init__, "ir_type": _LazyIrType(lanes, alias_dtype)},
    )


def aliases():
    """FlyDSL's alias names -> their types, made once (flydsl.expr and flydsl.expr.typing share them)."""
    global _made
    if _made is None:
        fx = _fx()
        out = {}
        for name, lane_counts in _ALIASES:
            dt = getattr(fx, name, None)
            if dt is None:
                continue
            for n in lane_counts:
                out[f"{name}x{n}"] = VectorAlias(dt, n)
        _made = out
    return _made

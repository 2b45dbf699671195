# flydsl._mlir._dsl: the DSL side of the bindings, served lazily as flydsl.expr.typing.T, as_ir_value and
# as_dsl_value (and fx.as_ir_value / fx.as_dsl_value): MLIR types by property, DSL values to ir.Value and back.
import flydsl.expr as _fx
import _flyi_mlir as _c
from flydsl._mlir import ir as _ir


def _literal(x):
    if isinstance(x, bool):
        return _fx.Boolean(x)
    if isinstance(x, int):
        return _fx.Int32(x) if -2147483648 <= x <= 2147483647 else _fx.Int64(x)
    return _fx.Float32(x)


def as_ir_value(value, *, keep_static=False):
    """value as an ir.Value (lists and tuples element by element; Python numbers typed as literals)."""
    if value is None or isinstance(value, _ir.Value):
        return value
    if isinstance(value, (bool, int, float)):
        return value if keep_static else _ir._to_value(_literal(value))
    if isinstance(value, tuple):
        return tuple(as_ir_value(v, keep_static=keep_static) for v in value)
    if isinstance(value, list):
        return [as_ir_value(v, keep_static=keep_static) for v in value]
    if isinstance(value, _ir.OpView):
        return value.result
    if keep_static and hasattr(value, "is_static") and value.is_static():
        return value.value
    ex = getattr(value, "__extract_to_ir_values__", None)
    if ex is not None:
        vals = ex()
        return vals[0] if len(vals) == 1 else vals
    if _c.value_of(value) is not None or hasattr(value, "ir_value"):
        return _ir._to_value(value)
    return value


def as_dsl_value(value, exemplar=None):
    """ir.Value value as the DSL value of its type (fx numeric, Vector); exemplar (a type or an instance)
    picks the type."""
    if isinstance(value, (tuple, list)):
        ex = exemplar if isinstance(exemplar, (tuple, list)) else [exemplar] * len(value)
        return type(value)(as_dsl_value(v, e) for v, e in zip(value, ex))
    if not isinstance(value, _ir.Value) or _ir._is_vector_class(type(value)):
        return value  # not a value, or a Vector (an ir.Value that is its own DSL value)
    if exemplar is not None:
        t = exemplar if isinstance(exemplar, type) or type(exemplar).__name__ == "NumericMeta" else None
        if t is None and hasattr(exemplar, "dtype"):
            t = exemplar.dtype
        if t is not None:
            return t(value)
    w = _ir._wrap(value)
    if w is None:
        raise TypeError(f"as_dsl_value cannot wrap ir.Value of type {value.type} into a DSL value")
    return w


def _vec(n, e):
    return _ir.VectorType.get([int(n)], e)


class Types:
    """MLIR types by property: T.i32, T.f16x4 (vector<4xf16>), T.vec(8, T.bf16)."""

    def vec(self, n, elem):
        return _vec(n, elem)

    @property
    def index(self):
        return _ir.IndexType.get()


def _prop(text):
    return property(lambda self: _ir._type(text))


for _e in ("i1", "i8", "i16", "i32", "i64", "i128", "f16", "bf16", "f32", "f64", "f8E4M3FN", "f8E5M2",
           "f8E4M3FNUZ", "f8E5M2FNUZ", "f8E8M0FNU"):
    setattr(Types, _e, _prop(_e))
for _e, _ns in (("i8", (2, 4, 8, 16)), ("i16", (2, 4, 8)), ("i32", (2, 4, 8)), ("i64", (2,)), ("f16", (2, 4, 8)),
                ("bf16", (2, 4, 8)), ("f32", (2, 4, 8, 16)), ("f64", (2,))):
    for _n in _ns:
        setattr(Types, f"{_e}x{_n}", _prop(f"vector<{_n}x{_e}>"))
Types.VectorType = _ir.VectorType
T = Types()


def _to_raw(v):
    """A DSL value (fx numeric, Vector, ...) or ir.Value as its ir.Value."""
    return _ir._to_value(v)


def unwrap(val, *, type=None, index=False):
    """val as an ir.Value; a Python number becomes an arith.constant (index with index=True, else of type,
    else i1 / i32 / f32 as a literal's type)."""
    if isinstance(val, (bool, int, float)):
        from flydsl._mlir.dialects import arith
        if index:
            t = _ir.IndexType.get()
        elif type is not None:
            t = _ir._type(getattr(type, "mlir", None) or str(type)) if not isinstance(type, _ir.Type) else type
        else:
            t = _ir._type("f32" if isinstance(val, float) else "i1" if isinstance(val, bool) else "i32")
        if isinstance(t, _ir.FloatType):
            val = float(val)
        return arith.constant(t, val)
    return _ir._to_value(val)

"""flydsl.expr.utils.arith: FlyDSL's arith helpers on raw values (ArithValue, _to_raw, the ambient fastmath
flags, constants and casts), over flyi's fx.arith and flydsl._mlir bindings."""
import contextlib

import flydsl.expr as _fx

__all__ = ["ArithValue", "current_fastmath", "resolve_fastmath", "fastmath", "constant", "index", "constant_vector",
           "index_cast", "select", "unwrap", "element_type", "is_integer_like_type", "is_float_type",
           "is_narrow_float_type", "andi", "xori", "shli", "sitofp", "trunc_f", "int_to_fp", "arith_const",
           "recast_type"]

ArithValue = _fx.arith.ArithValue
constant = _fx.arith.constant
index = _fx.arith.index
constant_vector = _fx.arith.constant_vector
index_cast = _fx.arith.index_cast
select = _fx.arith.select
andi = _fx.arith.andi
xori = _fx.arith.xori
shli = _fx.arith.shli
sitofp = _fx.arith.sitofp
trunc_f = _fx.arith.trunc_f
int_to_fp = _fx.arith.int_to_fp
_stack = []


def _normalize_fastmath(flags):
    if flags is None or isinstance(flags, str):
        return flags
    if isinstance(flags, (set, frozenset)):
        return ",".join(sorted(str(f) for f in flags))
    if isinstance(flags, (list, tuple)):
        return ",".join(str(f) for f in flags)
    return str(flags)


def current_fastmath():
    """The fastmath flags of the innermost `with fastmath(...)` (a string), or None."""
    return _stack[-1] if _stack else None


def resolve_fastmath(explicit):
    """explicit when given, else the ambient flags."""
    return explicit if explicit is not None else current_fastmath()


@contextlib.contextmanager
def fastmath(flags):
    """The floating-point ops built inside take flags (as fx.fastmath; no effect on emulated results)."""
    text = _normalize_fastmath(flags)
    _stack.append(text)
    try:
        with _fx.fastmath(text if isinstance(flags, (list, tuple, set, frozenset)) else flags):
            yield
    finally:
        _stack.pop()


def _to_raw(v):
    """A DSL value or ir.Value as its ir.Value."""
    from flydsl._mlir._dsl import _to_raw as raw

    return raw(v)


def unwrap(val, *, type=None, index=False):
    """val as an ir.Value (a Python number becomes an arith.constant)."""
    return _fx.arith.unwrap(val, type=type, index=index)


def element_type(ty):
    """The element type of a vector or shaped type, else ty."""
    return ty.element_type if hasattr(ty, "element_type") else ty


def is_integer_like_type(ty):
    from flydsl._mlir import ir

    return isinstance(element_type(ty), (ir.IntegerType, ir.IndexType))


def is_float_type(ty):
    from flydsl._mlir import ir

    return isinstance(element_type(ty), ir.FloatType)


def is_narrow_float_type(ty):
    return is_float_type(ty) and element_type(ty).width < 16


def recast_type(src_type, res_elem_type):
    """res_elem_type in src_type's vector shape (a vector type gives a vector type), else res_elem_type."""
    from flydsl._mlir import ir

    if isinstance(src_type, ir.VectorType):
        return ir.VectorType.get(list(src_type.shape), res_elem_type)
    return res_elem_type


def _as_signed_bits(value, ty):
    """value as the signed integer of ty's width with the same bits, for integer types of 64 bits or fewer whose
    value is outside int64's range (an unsigned 64-bit key); any other value or type is returned as given."""
    from flydsl._mlir import ir

    if not isinstance(ty, ir.IntegerType) or ty.width > 64:
        return value
    value = int(value)
    if -(1 << 63) <= value < (1 << 63):
        return value
    span = 1 << ty.width
    value &= span - 1
    return value - span if value >= span >> 1 else value


def arith_const(value, ty=None):
    """An arith.constant of value: an ir.Value is returned as it is; without ty a float is f32, a bool i1 and an
    int i32; a vector type gives a splat (dense<value>); integer values keep their bits at ty's width."""
    from flydsl._mlir import ir
    from flydsl._mlir.dialects import arith

    if isinstance(value, ir.Value):
        return value
    if ty is None:
        if isinstance(value, float):
            ty = ir.F32Type.get()
        elif isinstance(value, bool):
            ty = ir.IntegerType.get_signless(1)
        elif isinstance(value, int):
            ty = ir.IntegerType.get_signless(32)
        else:
            raise ValueError(f"unsupported constant type: {type(value)}")
    if isinstance(ty, ir.VectorType):
        et = element_type(ty)
        if isinstance(et, ir.IntegerType):
            attr = ir.IntegerAttr.get(et, _as_signed_bits(value, et))
        else:
            attr = ir.FloatAttr.get(et, float(value))
        value = ir.DenseElementsAttr.get_splat(ty, attr)
    elif is_integer_like_type(ty):
        value = _as_signed_bits(int(value), ty)
    elif is_float_type(ty):
        value = float(value)
    else:
        raise ValueError(f"unsupported constant type: {type(value)}")
    return arith.constant(ty, value)

"""flydsl.expr._math - fx.math's functions as FlyDSL has them: Python wrappers (a __closure__, __wrapped__ the
built-in) that take typed values, Vectors and raw MLIR values alike.

- Static typed values and dynamic scalars go to flyi's built-in (which folds the first and traces the second).
- A raw MLIR value (flydsl._mlir's Value) builds the op through flydsl._mlir.dialects.math and returns a raw
  value, as FlyDSL's wrappers return whatever the MLIR builder gives for an operand with no DSL type.
- A Vector, or a dynamic operand of an op the built-in does not trace (fpowi, ipowi, clampf, the float
  classifications, sincos), builds the op through the bindings too, and the result takes the DSL type of
  its MLIR type (a Vector for a Vector operand, Boolean for the classifications).
The lowering (lib/passes/expand_math.c) expands what no backend lowers itself."""
import math as _pymath

import flydsl.expr as _fx

# Ops the built-in does not trace for dynamic scalars: they always go through the bindings when dynamic.
_BINDINGS_ONLY = {"fpowi", "ipowi", "clampf", "isnan", "isinf", "isfinite", "isnormal", "sincos"}


def _ir():
    from flydsl._mlir import ir

    return ir


def _is_raw(v):
    # a bindings Value; a Vector is an ir.Value too (as FlyDSL's), but a DSL one
    return isinstance(v, _ir().Value) and not isinstance(v, _fx.Vector)


def _is_dynamic(v):
    if _is_raw(v) or isinstance(v, _fx.Vector):
        return True
    return isinstance(v, _fx.Numeric) and not v.is_static()


def _exemplar_type(v):
    """The MLIR type text of an operand that has one (None for a Python number)."""
    if _is_raw(v):
        return v._fyt
    if isinstance(v, (_fx.Numeric, _fx.Vector)):
        return _ir()._to_value(v.ir_value())._fyt
    return None


def _as_value(v, like):
    """v as a raw Value: a Python number becomes a constant of type text `like` (a splat for a vector)."""
    ir = _ir()
    if _is_raw(v):
        return v
    if isinstance(v, (_fx.Numeric, _fx.Vector)):
        return ir._to_value(v.ir_value())
    if isinstance(v, (bool, int, float)):
        from flydsl._mlir.dialects import arith

        t = ir.Type.parse(like)
        if like.startswith("vector<"):
            et = ir.VectorType(t).element_type
            attr = ir.FloatAttr.get(et, float(v)) if "f" in str(et) else ir.IntegerAttr.get(et, int(v))
            return arith.ConstantOp(t, ir.DenseElementsAttr.get_splat(t, attr)).result
        return arith.constant(t, float(v) if "f" in like else int(v))
    return ir._to_value(v)


def _wrap_result(r, first):
    """r (raw results) given the DSL form of the exemplar operand first: raw stays raw, a Vector's shape carries."""
    ir = _ir()
    if isinstance(r, tuple):
        return tuple(_wrap_result(x, first) for x in r)
    if _is_raw(first) or not isinstance(r, ir.Value):
        return r
    w = ir._wrap(r)
    if w is None:
        return r
    if isinstance(first, _fx.Vector) and isinstance(w, _fx.Vector) and tuple(first.shape) != tuple(w.shape):
        return _fx.Vector(r, first.shape, w.dtype)
    return w


def _via_bindings(name, args, fastmath, dialect):
    raw_math = dialect()

    if name in ("fpowi", "ipowi"):
        likes = [_exemplar_type(args[0]), _exemplar_type(args[1])]
        if likes[1] is None:  # a Python exponent: i32 (a vector of i32 for a vector base)
            b = likes[0] or "f32"
            likes[1] = b[: b.rindex("x") + 1] + "i32>" if b.startswith("vector<") else "i32"
        if likes[0] is None:
            likes[0] = "f32" if name == "fpowi" else likes[1]
    else:
        like = next((t for t in map(_exemplar_type, args) if t is not None), "f32")
        likes = [like] * len(args)
    ops = [_as_value(a, t) for a, t in zip(args, likes)]
    fn = getattr(raw_math, name)
    r = fn(*ops) if name in ("ipowi", "absi", "ctlz", "cttz", "ctpop") else fn(*ops, fastmath=fastmath)
    return _wrap_result(r, args[0])


def _static_fold(name, args):
    """fpowi / ipowi of static values (the built-in has neither)."""
    b, e = args
    bt = type(b) if isinstance(b, _fx.Numeric) else None
    bv = b.value if bt else b
    ev = int(e.value if isinstance(e, _fx.Numeric) else e)
    if name == "fpowi":
        try:
            r = _pymath.pow(float(bv), ev)
        except OverflowError:
            r = _pymath.copysign(_pymath.inf, float(bv)) if ev % 2 else _pymath.inf
        except ValueError:  # 0 ** negative
            r = _pymath.copysign(_pymath.inf, float(bv)) if ev % 2 else _pymath.inf
        return (bt or _fx.Float32)(r)
    bv = int(bv)
    if ev < 0:
        if bv == 0:
            raise ZeroDivisionError("math.ipowi: zero raised to a negative power")
        r = 1 if bv == 1 else (-1 if ev % 2 else 1) if bv == -1 else 0
    else:
        r = bv**ev
    return (bt or _fx.Int32)(r)


def _math_dialect():
    from flydsl._mlir.dialects import math

    return math


def _arith_dialect():
    from flydsl._mlir.dialects import arith

    return arith


def make(name, builtin, dialect="math"):
    """FlyDSL's fx.math.<name> (or fx.arith.<name> for dialect "arith": maxnumf, minnumf): builtin (flyi's C
    function, or None) behind the dispatch above."""
    dialect = _arith_dialect if dialect == "arith" else _math_dialect

    def wrapper(*args, fastmath=None, **kwargs):
        if fastmath is None:
            from flydsl.expr.utils.arith import current_fastmath

            fastmath = current_fastmath()
        first = args[0] if args else None
        if _is_raw(first) or isinstance(first, _fx.Vector) or any(_is_raw(a) or isinstance(a, _fx.Vector)
                                                                     for a in args):
            return _via_bindings(name, args, fastmath, dialect)
        if name in _BINDINGS_ONLY and any(_is_dynamic(a) for a in args):
            return _via_bindings(name, args, fastmath, dialect)
        if builtin is None:
            return _static_fold(name, args)
        if fastmath is not None:
            kwargs["fastmath"] = fastmath
        return builtin(*args, **kwargs)

    wrapper.__name__ = wrapper.__qualname__ = name
    wrapper.__doc__ = getattr(builtin, "__doc__", None)
    if builtin is not None:
        wrapper.__wrapped__ = builtin
    return wrapper


def _operand_dtype(v):
    if isinstance(v, _fx.Vector):
        return v.dtype
    if isinstance(v, _fx.Numeric):
        return type(v)
    return None


def _check_typed(name, operands, integer_only):
    """FlyDSL's operand rules of fx.max / fx.min / fx.ceildiv (flyi's built-ins fold and trace)."""
    wide_floats = (_fx.Float16, _fx.BFloat16, _fx.Float32, _fx.Float64)
    for v in operands:
        dt = _operand_dtype(v)
        if dt is None:
            continue
        if dt is _fx.Index:
            raise TypeError(f"{name} does not support Index; cast to an explicit-width integer type")
        if dt is _fx.Boolean:
            if integer_only:
                raise TypeError(f"{name} does not support Boolean operands")
            continue
        if integer_only and not dt.is_integer:
            raise TypeError(f"{name} requires integer operands, got {dt.__name__}")
        if dt.is_float and dt not in wide_floats:
            raise TypeError(f"{name} does not support narrow storage float {dt.__name__}")


def _flatten(operands):
    out = []
    for v in operands:
        if isinstance(v, (list, tuple)):
            out.extend(_flatten(v))
        else:
            out.append(v)
    return out


def _vector_shape(operands, r):
    """r given the logical shape of the Vector operands (the built-in's result is flat)."""
    shape = next((tuple(v.shape) for v in operands if isinstance(v, _fx.Vector)), None)
    if shape is None or not isinstance(r, _fx.Vector) or tuple(r.shape) == shape:
        return r
    return _fx.Vector(r.ir_value(), shape, r.dtype)


def make_typed(name, builtin):
    """FlyDSL's fx.max / fx.min / fx.ceildiv over flyi's built-in: FlyDSL's operand errors, the signed overflow of
    a static ceildiv, and Vector results of their operands' shape."""
    if name == "ceildiv":

        def wrapper(lhs, rhs, **kwargs):
            _check_typed(name, (lhs, rhs), True)
            a, b = _operand_dtype(lhs), _operand_dtype(rhs)
            if a is not None and a is b and a.signed and not isinstance(lhs, _fx.Vector) and not isinstance(
                    rhs, _fx.Vector) and lhs.is_static() and rhs.is_static() and rhs.value == -1 and \
                    lhs.value == -(1 << (a.width - 1)):
                raise OverflowError("fx.ceildiv signed division overflow")
            return _vector_shape((lhs, rhs), builtin(lhs, rhs, **kwargs))
    else:

        def wrapper(*operands, **kwargs):
            flat = _flatten(operands)
            if not flat:
                raise ValueError(f"fx.{name} requires at least one operand")
            _check_typed(name, flat, False)
            return _vector_shape(flat, builtin(*operands, **kwargs))

    wrapper.__name__ = wrapper.__qualname__ = name
    wrapper.__doc__ = getattr(builtin, "__doc__", None)
    wrapper.__wrapped__ = builtin
    return wrapper

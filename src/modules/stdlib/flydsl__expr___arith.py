"""flydsl.expr._arith - FlyDSL's arith module as flyi writes it in Python: the comparison predicates, cmpi/cmpf on
typed values, constant/constant_vector, the raw-value helpers of flydsl.expr.utils.arith that flydsl.expr.arith
re-exports, and ArithValue. flydsl.expr._surface re-exports every public name here."""

import sys

from flydsl.expr._surface import IrType, _MlirEnum, _fx, _numeric_of, as_dsl_value, as_numeric

class CmpIPredicate(_MlirEnum):
    eq = 0
    ne = 1
    slt = 2
    sle = 3
    sgt = 4
    sge = 5
    ult = 6
    ule = 7
    ugt = 8
    uge = 9


class CmpFPredicate(_MlirEnum):
    AlwaysFalse = 0
    OEQ = 1
    OGT = 2
    OGE = 3
    OLT = 4
    OLE = 5
    ONE = 6
    ORD = 7
    UEQ = 8
    UGT = 9
    UGE = 10
    ULT = 11
    ULE = 12
    UNE = 13
    UNO = 14
    AlwaysTrue = 15


def _dsl(x):
    """x as a DSL value: numbers as Int32/Float32/Boolean, DSL values as they are."""
    return as_numeric(x)


def _with_sign(v, signed):
    """v (an integer value or Vector) seen with the given signedness (same bits)."""
    fx = _fx()
    dt = v.dtype if hasattr(v, "dtype") else None
    if dt is None or getattr(dt, "is_float", True) or str(dt) in ("Boolean", "Index"):
        return v
    if bool(getattr(dt, "signed", True)) == signed:
        return v
    name = str(dt)
    other = getattr(fx, ("Int" + name[4:]) if signed else ("Uint" + name[3:]), None)
    return v.to(other) if other is not None else v


def cmpi(predicate, lhs, rhs, **kwargs):
    """Integer comparison by arith.CmpIPredicate (signedness from the predicate): a Boolean."""
    p = CmpIPredicate(int(predicate))
    a, b = _dsl(lhs), _dsl(rhs)
    name = p.name
    if name in ("eq", "ne"):
        return a == b if name == "eq" else a != b
    signed = name[0] == "s"
    a, b = _with_sign(a, signed), _with_sign(b, signed)
    op = name[1:]
    if op == "lt":
        return a < b
    if op == "le":
        return a <= b
    if op == "gt":
        return a > b
    return a >= b


def cmpf(predicate, lhs, rhs, **kwargs):
    """Float comparison by arith.CmpFPredicate: ordered (O*) is false on NaN, unordered (U*) true."""
    p = CmpFPredicate(int(predicate))
    a, b = _dsl(lhs), _dsl(rhs)
    name = p.name
    if name == "AlwaysFalse":
        return a != a if False else (a < a)
    if name == "AlwaysTrue":
        return (a == a) | (a != a)
    if name == "ORD":
        return (a == a) & (b == b)
    if name == "UNO":
        return (a != a) | (b != b)
    base = name[1:]
    ordered = {"EQ": a == b, "GT": a > b, "GE": a >= b, "LT": a < b, "LE": a <= b}
    if base == "NE":
        r = a != b  # une
        return r & ((a == a) & (b == b)) if name == "ONE" else r
    r = ordered[base]
    return r if name[0] == "O" else r | ((a != a) | (b != b))


def constant(value, type=None, *, index=False, **kwargs):
    """A typed constant: type a DSL numeric type or T.<name>; index=True gives an Index."""
    fx = _fx()
    if index:
        return fx.Index(value)
    if type is not None:
        from flydsl._mlir import ir as _ir

        if not isinstance(type, IrType) and isinstance(type, _ir.Type):  # an MLIR type (ir.IntegerType.get_*)
            from flydsl._mlir.dialects import arith as _arith

            return as_dsl_value(_arith.constant(type, int(value) if isinstance(value, bool) else value))
        t = _numeric_of(type)
        if isinstance(type, IrType) and type._lanes:
            return fx.Vector.filled(type._lanes, value, t)
        if not callable(t):
            # an MLIR type object (ir.IntegerType.get_signless(1), ...): flydsl._mlir's arith.constant
            from flydsl._mlir.dialects import arith as _mlir_arith

            return as_dsl_value(_mlir_arith.constant(type, value))
        return t(value)
    return as_numeric(value)


def constant_vector(element, vector_type, **kwargs):
    """A Vector of vector_type (T.vec(n, t)) filled with element; for an MLIR vector type (ir.VectorType.get),
    FlyDSL's raw splat constant, arith.constant dense<element>."""
    if getattr(vector_type, "_lanes", None):
        return fx_vector_filled(vector_type._lanes, element, vector_type._numeric)
    from flydsl._mlir import ir as _ir
    from flydsl._mlir.dialects import arith as _arith

    if not isinstance(vector_type, _ir.VectorType):
        raise TypeError(f"constant_vector: expected a vector type (T.vec(n, t) or ir.VectorType), not {vector_type!r}")
    et = vector_type.element_type
    if isinstance(et, _ir.FloatType):
        attr = _ir.FloatAttr.get(et, float(element))
    else:
        attr = _ir.IntegerAttr.get(et, int(element))
    return as_dsl_value(_arith.constant(vector_type, _ir.DenseElementsAttr.get_splat(vector_type, attr)))


def fx_vector_filled(n, v, t):
    return _fx().Vector.filled(n, v, t)


def index_cast(target_type, value, **kwargs):
    """value converted to target_type (an integer type or Index): fx.Int32(v) in current code."""
    return _numeric_of(target_type)(value)


def negf(value, **kwargs):
    return -value


# FlyDSL's raw-value helpers of flydsl.expr.utils.arith (re-exported by flydsl.expr.arith): arith ops on ir.Values
def _raw_arith():
    from flydsl._mlir.dialects import arith as a
    from flydsl._mlir._dsl import _to_raw

    return a, _to_raw


def andi(lhs, rhs):
    a, raw = _raw_arith()
    return a.andi(raw(lhs), raw(rhs))


def xori(lhs, rhs):
    a, raw = _raw_arith()
    return a.xori(raw(lhs), raw(rhs))


def shli(lhs, rhs):
    a, raw = _raw_arith()
    return a.shli(raw(lhs), raw(rhs))


def sitofp(target_type, value):
    a, raw = _raw_arith()
    return a.sitofp(target_type, raw(value))


def trunc_f(target_type, value):
    """value (a float or float vector) narrowed to target_type (arith.truncf)."""
    a, raw = _raw_arith()
    return a.truncf(target_type, raw(value))


def int_to_fp(src, signed, res_elem_type):
    """Integer src (scalar or vector) as floats of res_elem_type: sitofp when signed (and wider than i1), else
    uitofp."""
    from flydsl._mlir import ir

    a, raw = _raw_arith()
    src = raw(src)
    t = src.type
    et = ir.Type.parse(str(res_elem_type))
    res = ir.VectorType.get(t.shape, et) if isinstance(t, ir.VectorType) else et
    width = (t.element_type if isinstance(t, ir.VectorType) else t).width
    return a.sitofp(res, src) if signed and width > 1 else a.uitofp(res, src)


def unwrap(value, *args, **kwargs):
    """value as its ir.Value (flydsl._mlir; a Python number becomes an arith.constant), as FlyDSL's
    arith.unwrap; the DSL's own ops take either form."""
    from flydsl._mlir._dsl import unwrap as _unwrap

    return _unwrap(value, *args, **kwargs)


def _binary(fn):
    def op(lhs, rhs, *args, **kwargs):
        return fn(_dsl(lhs), _dsl(rhs))

    return op


def shrui(value, amount, *, is_exact=None, **kwargs):
    """Logical right shift keeping value's type."""
    return _with_sign(_with_sign(_dsl(value), False) >> amount, True) if getattr(
        _dsl(value).dtype, "signed", False) else _dsl(value) >> amount


def maximumf(a, b, *, fastmath=None, **kwargs):
    return _fx().max(a, b, fastmath=fastmath)


def minimumf(a, b, *, fastmath=None, **kwargs):
    return _fx().min(a, b, fastmath=fastmath)


def _vec_or_scalar2(name, scalar_fn):
    """A two-operand function applied per element when an operand is a Vector."""

    def f(a, b, *args, **kwargs):
        fx = _fx()
        va = hasattr(a, "numel") and hasattr(a, "bitcast")
        vb = hasattr(b, "numel") and hasattr(b, "bitcast")
        if not (va or vb):
            return scalar_fn(a, b, *args, **kwargs)
        n = a.numel if va else b.numel
        dt = a.dtype if va else b.dtype
        out = [scalar_fn(a[i] if va else a, b[i] if vb else b) for i in range(n)]
        res = fx.Vector.from_elements(out)
        return fx.Vector(res, a.shape if va else b.shape)

    f.__name__ = name
    return f


class ArithValue:
    """Legacy wrapper of a raw value: ArithValue(v) is v (flyi's traced values carry the operators)."""

    def __new__(cls, value, signed=None):
        # an ir.Value of the bindings (an op's result) is the fx numeric / Vector over it
        ir = sys.modules.get("flydsl._mlir.ir")
        if ir is not None and isinstance(value, ir.Value):
            w = ir._wrap(value)
            if w is not None:
                return w
        return value

    def __instancecheck__(self, v):
        return True


def _fastmath_ctx(fx):
    return getattr(fx, "fastmath", None)

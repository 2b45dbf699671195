# flydsl._mlir.dialects.arith: MLIR's arith ops as the Python bindings spell them (function form returning
# the result Value, Op classes with .result), emitted into the running trace; result types as MLIR infers.
from flydsl._mlir import ir as _ir
from flydsl._mlir.ir import _generic, _result, _to_value, _type


class _Enum:
    """An MLIR enum value (pybind-style: Kind.name, int(v), v.name); flags combine with |."""

    _names = {}

    def __init__(self, value, name=None):
        self.value = int(value)
        self.name = name if name is not None else self._names.get(self.value, str(self.value))

    def __int__(self):
        return self.value

    def __index__(self):
        return self.value

    def __eq__(self, other):
        return int(other) == self.value if isinstance(other, (int, _Enum)) else False

    def __hash__(self):
        return hash(self.value)

    def __or__(self, other):
        v = self.value | int(other)
        return type(self)(v, self._flag_name(v))

    __ror__ = __or__

    def __and__(self, other):
        v = self.value & int(other)
        return type(self)(v, self._flag_name(v))

    @classmethod
    def _flag_name(cls, v):
        if v in cls._names:
            return cls._names[v]
        return ",".join(n for k, n in sorted(cls._names.items()) if k and (k & (k - 1)) == 0 and v & k)

    def __repr__(self):
        return f"<{type(self).__name__}.{self.name}: {self.value}>"

    def __str__(self):
        return self.name


def _enum(cname, pairs):
    cls = type(cname, (_Enum,), {"_names": {v: n for n, v in pairs}})
    for n, v in pairs:
        setattr(cls, n, cls(v, n))
    return cls


CmpIPredicate = _enum("CmpIPredicate", [("eq", 0), ("ne", 1), ("slt", 2), ("sle", 3), ("sgt", 4), ("sge", 5),
                                         ("ult", 6), ("ule", 7), ("ugt", 8), ("uge", 9)])
CmpFPredicate = _enum("CmpFPredicate", [("AlwaysFalse", 0), ("OEQ", 1), ("OGT", 2), ("OGE", 3), ("OLT", 4),
                                         ("OLE", 5), ("ONE", 6), ("ORD", 7), ("UEQ", 8), ("UGT", 9), ("UGE", 10),
                                         ("ULT", 11), ("ULE", 12), ("UNE", 13), ("UNO", 14), ("AlwaysTrue", 15)])
FastMathFlags = _enum("FastMathFlags", [("none", 0), ("reassoc", 1), ("nnan", 2), ("ninf", 4), ("nsz", 8),
                                         ("arcp", 16), ("contract", 32), ("afn", 64), ("fast", 127)])
IntegerOverflowFlags = _enum("IntegerOverflowFlags", [("none", 0), ("nsw", 1), ("nuw", 2)])
RoundingMode = _enum("RoundingMode", [("to_nearest_even", 0), ("downward", 1), ("upward", 2),
                                       ("toward_zero", 3), ("to_nearest_away", 4)])
AtomicRMWKind = _enum("AtomicRMWKind", [("addf", 0), ("addi", 1), ("assign", 2), ("maximumf", 3), ("maxs", 4),
                                         ("maxu", 5), ("minimumf", 6), ("mins", 7), ("minu", 8), ("mulf", 9),
                                         ("muli", 10), ("ori", 11), ("andi", 12), ("maxnumf", 13), ("minnumf", 14)])

_CMPI_NAMES = {n: v for v, n in CmpIPredicate._names.items()}
_CMPF_NAMES = {n.lower(): v for v, n in CmpFPredicate._names.items()}
_CMPF_NAMES.update({"false": 0, "true": 15})


def _pred(p, names):
    if isinstance(p, str):
        k = p.lower() if names is _CMPF_NAMES else p
        if k not in names:
            raise ValueError(f"unknown predicate {p!r}")
        return names[k]
    return int(p)


def _fm_attr(fastmath):
    if fastmath is None:
        return None
    if isinstance(fastmath, _ir.Attribute):
        return str(fastmath)
    if isinstance(fastmath, str):
        return f"#arith.fastmath<{fastmath}>"
    v = int(fastmath)
    return f"#arith.fastmath<{FastMathFlags._flag_name(v) or 'none'}>"


def _i1_like(t):
    """i1, or vector<...xi1> shaped like vector type text t."""
    if t.startswith("vector<"):
        ty = _type(t)
        return str(_ir.VectorType.get(ty.shape, _ir.IntegerType.get_signless(1)))
    return "i1"


class _ArithOp(_ir.OpView):
    pass


def _mk(opname, cname, kind):
    """Op class and function for arith.opname. kind: 'bin' (lhs, rhs), 'binf' (with fastmath),
    'un' (operand), 'unf', 'cast' (out, in_), 'castf'."""
    full = "arith." + opname

    def build(*args, fastmath=None, overflowFlags=None, overflow_flags=None, roundingmode=None, loc=None, ip=None):
        attrs = {}
        fm = _fm_attr(fastmath)
        if fm is not None:
            attrs["fastmath"] = fm
        of = overflowFlags if overflowFlags is not None else overflow_flags
        if of is not None and int(of):
            attrs["overflowFlags"] = f"#arith.overflow<{IntegerOverflowFlags._flag_name(int(of))}>"
        if kind in ("bin", "binf"):
            a, b = _to_value(args[0]), _to_value(args[1])
            return _generic(full, [a, b], [a._fyt], attrs, cls)
        if kind in ("un", "unf"):
            a = _to_value(args[0])
            return _generic(full, [a], [a._fyt], attrs, cls)
        if roundingmode is not None:
            attrs["roundingmode"] = f"{int(roundingmode)} : i32"
        return _generic(full, [_to_value(args[1])], [str(args[0])], attrs, cls)

    cls = type(cname, (_ArithOp,), {"OPERATION_NAME": full})

    def init(self, *args, **kw):
        op = build(*args, **kw)
        _ir._adopt(self, op)

    cls.__init__ = init

    def fn(*args, **kw):
        return _result(build(*args, **kw))

    fn.__name__ = fn.__qualname__ = opname
    return cls, fn


_OPS = [
    ("addi", "AddIOp", "bin"), ("subi", "SubIOp", "bin"), ("muli", "MulIOp", "bin"), ("divsi", "DivSIOp", "bin"),
    ("divui", "DivUIOp", "bin"), ("ceildivsi", "CeilDivSIOp", "bin"), ("ceildivui", "CeilDivUIOp", "bin"),
    ("floordivsi", "FloorDivSIOp", "bin"), ("remsi", "RemSIOp", "bin"), ("remui", "RemUIOp", "bin"),
    ("andi", "AndIOp", "bin"), ("ori", "OrIOp", "bin"), ("xori", "XOrIOp", "bin"), ("shli", "ShLIOp", "bin"),
    ("shrui", "ShRUIOp", "bin"), ("shrsi", "ShRSIOp", "bin"), ("maxsi", "MaxSIOp", "bin"),
    ("maxui", "MaxUIOp", "bin"), ("minsi", "MinSIOp", "bin"), ("minui", "MinUIOp", "bin"),
    ("addf", "AddFOp", "binf"), ("subf", "SubFOp", "binf"), ("mulf", "MulFOp", "binf"), ("divf", "DivFOp", "binf"),
    ("remf", "RemFOp", "binf"), ("maximumf", "MaximumFOp", "binf"), ("minimumf", "MinimumFOp", "binf"),
    ("maxnumf", "MaxNumFOp", "binf"), ("minnumf", "MinNumFOp", "binf"), ("negf", "NegFOp", "unf"),
    ("extsi", "ExtSIOp", "cast"), ("extui", "ExtUIOp", "cast"), ("trunci", "TruncIOp", "cast"),
    ("sitofp", "SIToFPOp", "cast"), ("uitofp", "UIToFPOp", "cast"), ("fptosi", "FPToSIOp", "cast"),
    ("fptoui", "FPToUIOp", "cast"), ("extf", "ExtFOp", "castf"), ("truncf", "TruncFOp", "castf"),
    ("bitcast", "BitcastOp", "cast"), ("index_cast", "IndexCastOp", "cast"),
    ("index_castui", "IndexCastUIOp", "cast"),
]
for _n, _cn, _k in _OPS:
    globals()[_cn], globals()[_n] = _mk(_n, _cn, _k)


class CmpIOp(_ArithOp):
    OPERATION_NAME = "arith.cmpi"

    def __init__(self, predicate, lhs, rhs, loc=None, ip=None):
        a, b = _to_value(lhs), _to_value(rhs)
        op = _generic("arith.cmpi", [a, b], [_i1_like(a._fyt)], {"predicate": f"{_pred(predicate, _CMPI_NAMES)} : i64"})
        _ir._adopt(self, op)


class CmpFOp(_ArithOp):
    OPERATION_NAME = "arith.cmpf"

    def __init__(self, predicate, lhs, rhs, fastmath=None, loc=None, ip=None):
        a, b = _to_value(lhs), _to_value(rhs)
        attrs = {"predicate": f"{_pred(predicate, _CMPF_NAMES)} : i64"}
        if fastmath is not None:
            attrs["fastmath"] = _fm_attr(fastmath)
        op = _generic("arith.cmpf", [a, b], [_i1_like(a._fyt)], attrs)
        _ir._adopt(self, op)


def cmpi(predicate, lhs, rhs, loc=None, ip=None):
    return CmpIOp(predicate, lhs, rhs).result


def cmpf(predicate, lhs, rhs, fastmath=None, loc=None, ip=None):
    return CmpFOp(predicate, lhs, rhs, fastmath=fastmath).result


class SelectOp(_ArithOp):
    OPERATION_NAME = "arith.select"

    def __init__(self, condition, true_value, false_value, loc=None, ip=None):
        c, t, f = _to_value(condition), _to_value(true_value), _to_value(false_value)
        op = _generic("arith.select", [c, t, f], [t._fyt])
        _ir._adopt(self, op)


def select(condition, true_value, false_value, loc=None, ip=None):
    return SelectOp(condition, true_value, false_value).result


def _const_attr(result, value):
    t = str(result)
    if isinstance(value, _ir.Attribute):
        return str(value) if value._t is not None or value._s.startswith("dense") and ":" in str(value) else \
            f"{value._s} : {t}"
    if t.startswith("vector<") or t.startswith("tensor<"):
        et = str(_type(t).element_type)
        if isinstance(value, (list, tuple)):
            return "dense<[" + ", ".join(_ir._elem_text(v, et) for v in value) + f"]> : {t}"
        return f"dense<{_ir._elem_text(value, et)}> : {t}"
    if t in _ir._FLOATS:
        return f"{_ir._float_text(value, t)} : {t}"
    if t == "i1":
        return "true" if int(value) & 1 else "false"   # MLIR prints an i1 constant as a BoolAttr
    return f"{_ir._int_text(value, t)} : {t}"


class ConstantOp(_ArithOp):
    OPERATION_NAME = "arith.constant"

    def __init__(self, result, value, loc=None, ip=None):
        if isinstance(value, _ir.Attribute) and value._t is not None and not isinstance(result, _ir.Type):
            value, result = result, value
        attr = _const_attr(result, value)
        rt = str(result) if isinstance(result, _ir.Type) or isinstance(result, str) else attr.rsplit(" : ", 1)[1]
        if _ir._host_width(rt) is not None and not _ir._c.tracing() and _ir._c.in_launcher():
            # a launching jit's host code: the constant is a host value (flyi computes the launcher's arith)
            op = _ir._host_const(rt, attr)
        else:
            # MLIR's custom form, as MLIR prints it: arith.constant -1 : i32, arith.constant dense<2> : vector<4xi32>
            op = _ir._emit_op(_ir.OpView, "arith.constant", lambda: "arith.constant " + attr, [], [rt], {"value": attr})
        _ir._adopt(self, op)
        if loc is not None:
            self._loc = loc

    @property
    def value(self):
        return _ir.Attribute.parse(self._attrs.get("value"))

    @property
    def literal_value(self):
        a = self.value
        return a.value


def constant(result, value, loc=None, ip=None):
    return ConstantOp(result, value).result

"""numpy (flyi): the subset of numpy 1.24 that FlyDSL's tests and kernels use.

An array is a torch tensor (the storage flyi's torch tensors use, so that torch.from_numpy(a) and
t.numpy() share memory) and a numpy dtype. The tensor holds the bits: uint16/uint32/uint64 live in
int16/int32/int64 tensors and are widened (uint16, uint32) or compared through a sign flip (uint64)
where their values matter. The element loops are torch's (C), and sorting and raw bytes are in
_numpy (src/numpy/numpy_core.c). Type promotion is numpy 1.24's, value-based for Python scalars,
numpy scalars and 0-d arrays."""

import builtins as _b
import math as _math
import torch as _torch
import _numpy as _C

__version__ = "1.24.2"

# ------------------------------------------------------------------ dtypes

# name: (storage torch dtype, kind, itemsize, char, str)
_INFO = {
    "bool": (_torch.bool, "b", 1, "?", "|b1"),
    "int8": (_torch.int8, "i", 1, "b", "|i1"),
    "int16": (_torch.int16, "i", 2, "h", "<i2"),
    "int32": (_torch.int32, "i", 4, "i", "<i4"),
    "int64": (_torch.int64, "i", 8, "l", "<i8"),
    "uint8": (_torch.uint8, "u", 1, "B", "|u1"),
    "uint16": (_torch.int16, "u", 2, "H", "<u2"),
    "uint32": (_torch.int32, "u", 4, "I", "<u4"),
    "uint64": (_torch.int64, "u", 8, "L", "<u8"),
    "float16": (_torch.float16, "f", 2, "e", "<f2"),
    "float32": (_torch.float32, "f", 4, "f", "<f4"),
    "float64": (_torch.float64, "f", 8, "d", "<f8"),
}
_ALIASES = {
    "?": "bool", "b1": "bool", "bool_": "bool", "bool8": "bool",
    "i1": "int8", "b": "int8", "byte": "int8", "i2": "int16", "h": "int16", "short": "int16",
    "i4": "int32", "i": "int32", "intc": "int32", "i8": "int64", "l": "int64", "q": "int64", "int": "int64",
    "int_": "int64", "long": "int64", "longlong": "int64", "intp": "int64",
    "u1": "uint8", "B": "uint8", "ubyte": "uint8", "u2": "uint16", "H": "uint16", "ushort": "uint16",
    "u4": "uint32", "I": "uint32", "uintc": "uint32", "u8": "uint64", "L": "uint64", "Q": "uint64",
    "uint": "uint64", "uintp": "uint64", "ulonglong": "uint64",
    "f2": "float16", "e": "float16", "half": "float16", "f4": "float32", "f": "float32", "single": "float32",
    "f8": "float64", "d": "float64", "double": "float64", "float": "float64", "float_": "float64",
}
_DTYPES = {}
_TORCH_TO = {}  # torch dtype -> numpy dtype name (the signed storage dtypes map to themselves)


class dtype:
    """numpy.dtype: dtype('float32'), dtype(np.uint32), dtype(float)."""

    def __new__(cls, obj=None, align=False, copy=False):
        return _dt(obj)

    def __repr__(self):
        return "dtype('" + self.name + "')"

    def __str__(self):
        return self.name

    def __eq__(self, other):
        if isinstance(other, dtype):
            return other is self
        try:
            return _dt(other) is self
        except (TypeError, ValueError):
            return False

    def __ne__(self, other):
        return not self.__eq__(other)

    def __hash__(self):
        return hash(self.name)

    def __reduce__(self):
        return (dtype, (self.name,))

    @property
    def is_signed(self):
        return self.kind in "if"

    @property
    def byteorder(self):
        return "|" if self.itemsize == 1 else "="

    @property
    def num(self):
        return list(_INFO).index(self.name)

    @property
    def descr(self):
        return [("", self.str)]

    @property
    def shape(self):
        return ()

    @property
    def ndim(self):
        return 0

    @property
    def names(self):
        return None

    @property
    def fields(self):
        return None

    @property
    def isbuiltin(self):
        return 1


def _mk_dtype(name):
    d = object.__new__(dtype)
    tt, kind, size, char, s = _INFO[name]
    d.name, d._tt, d.kind, d.itemsize, d.char, d.str = name, tt, kind, size, char, s
    d.alignment = size
    d.type = None  # the scalar class, set below
    _DTYPES[name] = d
    return d


for _n in _INFO:
    _mk_dtype(_n)
for _n, _tt in (("bool", _torch.bool), ("int8", _torch.int8), ("int16", _torch.int16), ("int32", _torch.int32),
                ("int64", _torch.int64), ("uint8", _torch.uint8), ("float16", _torch.float16),
                ("float32", _torch.float32), ("float64", _torch.float64)):
    _TORCH_TO[_tt] = _n


def _dt(obj):
    """The dtype object of a dtype-like value."""
    if isinstance(obj, dtype):
        return obj
    if obj is None:
        return _DTYPES["float64"]
    if isinstance(obj, type):
        if obj is _b.float:
            return _DTYPES["float64"]
        if obj is _b.int:
            return _DTYPES["int64"]
        if obj is _b.bool:
            return _DTYPES["bool"]
        d = getattr(obj, "_dtn", None)
        if d is not None:
            return _DTYPES[d]
        raise TypeError("Cannot interpret '" + repr(obj) + "' as a data type")
    if isinstance(obj, str):
        s = obj
        if s[:1] in "<>=|" and len(s) > 1:
            s = s[1:]
        s = _ALIASES.get(s, s)
        if s in _DTYPES:
            return _DTYPES[s]
        raise TypeError("data type " + repr(obj) + " not understood")
    if isinstance(obj, _torch.dtype):
        n = _TORCH_TO.get(obj)
        if n is None:
            raise TypeError("Cannot interpret '" + repr(obj) + "' as a data type")
        return _DTYPES[n]
    d = getattr(obj, "dtype", None)
    if isinstance(d, dtype):
        return d
    raise TypeError("Cannot interpret '" + repr(obj) + "' as a data type")


# promotion: numpy's table for the types here
_ORDER_S = ["int8", "int16", "int32", "int64"]
_ORDER_U = ["uint8", "uint16", "uint32", "uint64"]
_ORDER_F = ["float16", "float32", "float64"]


def _promote2(a, b):
    if a is b:
        return a
    ka, kb = a.kind, b.kind
    if ka == "b":
        return b
    if kb == "b":
        return a
    if ka == kb:
        return a if a.itemsize >= b.itemsize else b
    if ka == "f" or kb == "f":
        f, o = (a, b) if ka == "f" else (b, a)
        need = "float16" if o.itemsize == 1 else "float32" if o.itemsize == 2 else "float64"
        n = _DTYPES[need]
        return f if f.itemsize >= n.itemsize else n
    s, u = (a, b) if ka == "i" else (b, a)
    if u.itemsize < s.itemsize:
        return s
    if u.itemsize == 8:
        return _DTYPES["float64"]
    return _DTYPES["int%d" % (u.itemsize * 16)]


def promote_types(type1, type2):
    return _promote2(_dt(type1), _dt(type2))


_CAT = {"b": 0, "i": 1, "u": 1, "f": 2}


def _min_scalar(v, d):
    """(dtype, small_unsigned) of numpy's min_scalar_type for value v of dtype d."""
    k = d.kind
    if k == "b":
        return d, False
    if k in "iu":
        v = int(v)
        if v >= 0:
            for bits in (8, 16, 32, 64):
                if v < (1 << bits):
                    return _DTYPES["uint%d" % bits], v < (1 << (bits - 1))
            return _DTYPES["uint64"], False
        for bits in (8, 16, 32, 64):
            if v >= -(1 << (bits - 1)):
                return _DTYPES["int%d" % bits], False
        return _DTYPES["int64"], False
    v = float(v)
    if -65000 < v < 65000:
        return _DTYPES["float16"], False
    if d.itemsize >= 4 and -3.4e38 < v < 3.4e38:
        return _DTYPES["float32"], False
    return d, False


def _result_dtype(ops):
    """numpy 1.24's result_type over operands (tensor, dtype, is_scalar, value)."""
    arrs = [o for o in ops if not o[2]]
    if not arrs:
        r = ops[0][1]
        for o in ops[1:]:
            r = _promote2(r, o[1])
        return r
    r = arrs[0][1]
    for o in arrs[1:]:
        r = _promote2(r, o[1])
    scal = [o for o in ops if o[2]]
    if not scal:
        return r
    if _b.max(_CAT[o[1].kind] for o in scal) > _CAT[r.kind]:
        for o in scal:
            r = _promote2(r, o[1])
        return r
    for o in scal:
        m, small = _min_scalar(o[3], o[1])
        if small and r.kind in "if":
            m = _DTYPES["int%d" % (m.itemsize * 8)]
        r = _promote2(m, r)
    return r


def result_type(*arrays_and_dtypes):
    ops = []
    for x in arrays_and_dtypes:
        if isinstance(x, (dtype, type, str)):
            ops.append((None, _dt(x), False, None))
        else:
            ops.append(_operand(x))
    return _result_dtype(ops)


def can_cast(from_, to, casting="safe"):
    f, t = _dt(from_), _dt(to)
    return _promote2(f, t) is t


# ------------------------------------------------------------------ values and casts

_M64 = -(1 << 63)


def _vals(t, d):
    """A tensor with the values of storage t of dtype d (uint16/uint32 widened; uint64 stays bits)."""
    if d.kind == "u":
        if d.itemsize == 2:
            return t.to(_torch.int32) & 0xFFFF
        if d.itemsize == 4:
            return t.to(_torch.int64) & 0xFFFFFFFF
    return t


def _lshr64(t, s):
    """Logical right shift of int64 bits t by s (int or tensor)."""
    if isinstance(s, int):
        if s <= 0:
            return t
        if s >= 64:
            return t & 0
        return (t >> s) & ((1 << (64 - s)) - 1)
    return (t >> s) & ~(((t & 0) - 1) << (63 - s) << 1)


def _u64_to_f64(t):
    return _lshr64(t, 32).to(_torch.float64) * 4294967296.0 + (t & 0xFFFFFFFF).to(_torch.float64)


def _cast(t, src, dst):
    """Storage tensor of dtype dst holding the values of storage t of dtype src (numpy's astype)."""
    if src is dst:
        return t
    tt = dst._tt
    if dst.kind == "b":
        return t != 0
    if src.kind == "u" and src.itemsize == 8 and dst.kind == "f":
        return _u64_to_f64(t).to(tt)
    if src.kind == "f" and dst.kind in "iu":
        if dst.itemsize == 8 or dst.kind == "u":
            return t.to(_torch.int64).to(tt)
        return t.to(tt)
    return _vals(t, src).to(tt)


def _pyval_tensor(v, d):
    """A 0-d storage tensor of dtype d holding the Python number v."""
    if d.kind in "iu":
        v = int(v)
        if d.kind == "u":
            v &= (1 << (8 * d.itemsize)) - 1
            if v >= 1 << 63:
                v -= 1 << 64
            return _torch.tensor(v, dtype=_torch.int64).to(d._tt)
        return _torch.tensor(v, dtype=_torch.int64).to(d._tt)
    if d.kind == "b":
        return _torch.tensor(_b.bool(v))
    return _torch.tensor(float(v), dtype=_torch.float64).to(d._tt)


def _pydtype(v):
    if isinstance(v, _b.bool):
        return _DTYPES["bool"]
    if isinstance(v, int):
        if v >= (1 << 63):
            return _DTYPES["uint64"]
        return _DTYPES["int64"]
    if isinstance(v, float):
        return _DTYPES["float64"]
    raise TypeError("unsupported operand type: " + type(v).__name__)


def _operand(x):
    """(storage tensor or None, dtype, is_scalar, python value or None) of an operand."""
    if isinstance(x, _Base):
        return (x._t, x.dtype, x._t.ndim == 0, x._t if x._t.ndim else _item(x._t, x.dtype))
    if isinstance(x, (_b.bool, int, float)):
        return (None, _pydtype(x), True, x)
    if isinstance(x, _torch.Tensor):
        a = _from_torch(x)
        return (a._t, a.dtype, a._t.ndim == 0, _item(a._t, a.dtype) if a._t.ndim == 0 else None)
    a = array(x)
    return (a._t, a.dtype, a._t.ndim == 0, _item(a._t, a.dtype) if a._t.ndim == 0 else None)


def _as_dt(o, d):
    """Storage tensor of dtype d for operand o."""
    if o[0] is None:
        return _pyval_tensor(o[3], d)
    return _cast(o[0], o[1], d)


def _item(t, d):
    """The Python value of a 0-d / 1-element storage tensor."""
    v = t.item()
    if d.kind == "u":
        v &= (1 << (8 * d.itemsize)) - 1
    return v


def _tolist(t, d):
    if d.kind == "u":
        if d.itemsize == 8:
            m = (1 << 64) - 1
            return _maplist(t.tolist(), lambda v: v & m)
        return _vals(t, d).tolist()
    return t.tolist()


def _maplist(x, f):
    if isinstance(x, list):
        return [_maplist(e, f) for e in x]
    return f(x)


# ------------------------------------------------------------------ wrapping

def _wrap(t, d):
    a = object.__new__(ndarray)
    a._t = t
    a.dtype = d
    return a


def _scalar(t, d):
    s = object.__new__(d.type)
    s._t = t.reshape(()) if t.ndim else t
    s.dtype = d
    return s


def _res(t, d):
    """Result of a ufunc: a numpy scalar for a 0-d result, else an array."""
    return _scalar(t, d) if t.ndim == 0 else _wrap(t, d)


def _from_torch(t):
    """The array sharing a CPU tensor's memory (numpy.asarray(t), t.numpy())."""
    if t.is_cuda:
        raise TypeError("can't convert cuda:0 device type tensor to numpy. Use Tensor.cpu() to copy the tensor to "
                        "host memory first.")
    n = _TORCH_TO.get(t.dtype)
    if n is None:
        raise TypeError("Got unsupported ScalarType " + {"torch.bfloat16": "BFloat16"}.get(repr(t.dtype), repr(t.dtype)))
    return _wrap(t.detach(), _DTYPES[n])


def _to_torch(a):
    """The tensor sharing an array's memory (torch.from_numpy): unsigned arrays give their signed bits."""
    if not isinstance(a, ndarray):
        raise TypeError("expected np.ndarray (got " + type(a).__name__ + ")")
    return a._t.view(a._t.shape) if a._t.ndim else a._t.reshape(())


# ------------------------------------------------------------------ elementwise operations

_ARITH = {"add", "subtract", "multiply", "floor_divide", "remainder", "power"}
_CMP = {"equal": "__eq__", "not_equal": "__ne__", "less": "__lt__", "less_equal": "__le__", "greater": "__gt__",
        "greater_equal": "__ge__"}
_BITS = {"bitwise_and", "bitwise_or", "bitwise_xor"}


def _not_supported(name):
    return TypeError("ufunc '" + name + "' not supported for the input types, and the inputs could not be safely "
                     "coerced to any supported types according to the casting rule ''safe''")


def _binary(a, b, name):
    A, B = _operand(a), _operand(b)
    d = _result_dtype([A, B])
    scal = A[2] and B[2]
    if name == "true_divide":
        if d.kind in "biu":
            d = _DTYPES["float64"]
        x, y = _as_dt(A, d), _as_dt(B, d)
        return _res(x / y, d)
    if name in _CMP:
        x, y = _as_dt(A, d), _as_dt(B, d)
        if d.kind == "u" and d.itemsize == 8:
            x, y = x ^ _M64, y ^ _M64
        else:
            x, y = _vals(x, d), _vals(y, d)
        return _res(getattr(x, _CMP[name])(y), _DTYPES["bool"])
    if name in _BITS or name in ("left_shift", "right_shift"):
        if d.kind == "f":
            raise _not_supported(name)
        x, y = _as_dt(A, d), _as_dt(B, d)
        if name == "bitwise_and":
            r = x & y
        elif name == "bitwise_or":
            r = x | y
        elif name == "bitwise_xor":
            r = x ^ y
        elif name == "left_shift":
            r = _vals(x, d) << _vals(y, d)
        elif d.kind == "u" and d.itemsize == 8:
            r = _lshr64(x, _item(y, d) if y.ndim == 0 else y)
        else:
            r = _vals(x, d) >> _vals(y, d)
        return _res(r.to(d._tt), d)
    if name in ("maximum", "minimum", "fmax", "fmin"):
        x, y = _as_dt(A, d), _as_dt(B, d)
        f = _torch.maximum if name in ("maximum", "fmax") else _torch.minimum
        if d.kind == "u" and d.itemsize == 8:
            return _res(f(x ^ _M64, y ^ _M64) ^ _M64, d)
        if name in ("fmax", "fmin") and d.kind == "f":
            x2 = _torch.where(x.isnan(), y, x)
            y2 = _torch.where(y.isnan(), x, y)
            x, y = x2, y2
        return _res(f(_vals(x, d), _vals(y, d)).to(d._tt), d)
    if d.kind == "b" and name == "subtract":
        raise TypeError("numpy boolean subtract, the `-` operator, is not supported, use the bitwise_xor, the `^` "
                        "operator, or the logical_xor function instead.")
    x, y = _as_dt(A, d), _as_dt(B, d)
    if d.kind == "b":
        if name == "add":
            return _res(x | y, d)
        if name == "multiply":
            return _res(x & y, d)
        x, y, d2 = x.to(_torch.int8), y.to(_torch.int8), _DTYPES["int8"]
        d = d2
    xv, yv = _vals(x, d), _vals(y, d)
    if d.kind == "u" and d.itemsize == 8 and name in ("floor_divide", "remainder", "power"):
        if _b.bool((xv < 0).any()) or _b.bool((yv < 0).any()):
            raise NotImplementedError("numpy (flyi): uint64 " + name + " of values >= 2**63")
    if name == "add":
        r = xv + yv
    elif name == "subtract":
        r = xv - yv
    elif name == "multiply":
        r = xv * yv
    elif name == "floor_divide":
        if d.kind in "iu" and _b.bool((yv == 0).any()):
            r = _torch.where(yv == 0, yv, xv // _torch.where(yv == 0, yv + 1, yv))
        else:
            r = xv // yv
    elif name == "remainder":
        if d.kind in "iu" and _b.bool((yv == 0).any()):
            r = _torch.where(yv == 0, yv, xv % _torch.where(yv == 0, yv + 1, yv))
        else:
            r = xv % yv
    elif name == "power":
        if d.kind in "iu" and _b.bool((yv < 0).any()):
            raise ValueError("Integers to negative integer powers are not allowed.")
        r = xv ** yv
    else:
        raise ValueError("unknown operation " + name)
    return _res(r.to(d._tt), d)


def _float_for(d):
    if d.kind == "f":
        return d
    if d.itemsize == 1:
        return _DTYPES["float16"]
    if d.itemsize == 2:
        return _DTYPES["float32"]
    return _DTYPES["float64"]


def _unary_float(x, meth):
    o = _operand(x)
    d = _float_for(o[1])
    t = _as_dt(o, d)
    return _res(getattr(t, meth)(), d)


def _unary_same(x, name):
    o = _operand(x)
    d = o[1]
    t = _as_dt(o, d)
    if name == "negative":
        if d.kind == "b":
            raise TypeError("The numpy boolean negative, the `-` operator, is not supported, use the `~` operator or "
                            "the logical_not function instead.")
        return _res((-_vals(t, d)).to(d._tt), d)
    if name == "absolute":
        if d.kind in "bu":
            return _res(t.clone(), d)
        return _res(t.abs(), d)
    if name == "invert":
        if d.kind == "f":
            raise _not_supported("invert")
        return _res(t.logical_not() if d.kind == "b" else ~t, d)
    if name == "sign":
        return _res(_vals(t, d).sign().to(d._tt) if d.kind != "u" else (t != 0).to(d._tt), d)
    raise ValueError(name)


def _isx(x, meth):
    o = _operand(x)
    t = _as_dt(o, o[1])
    if o[1].kind != "f":
        r = (t != t) if meth == "isnan" or meth == "isinf" else (t == t)
        return _res(r, _DTYPES["bool"])
    return _res(getattr(t, meth)(), _DTYPES["bool"])


def add(a, b):
    return _binary(a, b, "add")


def subtract(a, b):
    return _binary(a, b, "subtract")


def multiply(a, b):
    return _binary(a, b, "multiply")


def divide(a, b):
    return _binary(a, b, "true_divide")


true_divide = divide


def floor_divide(a, b):
    return _binary(a, b, "floor_divide")


def remainder(a, b):
    return _binary(a, b, "remainder")


mod = remainder


def power(a, b):
    return _binary(a, b, "power")


def maximum(a, b):
    return _binary(a, b, "maximum")


def minimum(a, b):
    return _binary(a, b, "minimum")


def fmax(a, b):
    return _binary(a, b, "fmax")


def fmin(a, b):
    return _binary(a, b, "fmin")


def equal(a, b):
    return _binary(a, b, "equal")


def not_equal(a, b):
    return _binary(a, b, "not_equal")


def less(a, b):
    return _binary(a, b, "less")


def less_equal(a, b):
    return _binary(a, b, "less_equal")


def greater(a, b):
    return _binary(a, b, "greater")


def greater_equal(a, b):
    return _binary(a, b, "greater_equal")


def bitwise_and(a, b):
    return _binary(a, b, "bitwise_and")


def bitwise_or(a, b):
    return _binary(a, b, "bitwise_or")


def bitwise_xor(a, b):
    return _binary(a, b, "bitwise_xor")


def left_shift(a, b):
    return _binary(a, b, "left_shift")


def right_shift(a, b):
    return _binary(a, b, "right_shift")


def invert(x):
    return _unary_same(x, "invert")


bitwise_not = invert


def negative(x):
    return _unary_same(x, "negative")


def positive(x):
    return asarray(x).copy()


def absolute(x):
    return _unary_same(x, "absolute")


abs = absolute


def fabs(x):
    return absolute(_unary_float(x, "clone"))


def sign(x):
    return _unary_same(x, "sign")


def sqrt(x):
    return _unary_float(x, "sqrt")


def exp(x):
    return _unary_float(x, "exp")


def exp2(x):
    return _unary_float(x, "exp2")


def log(x):
    return _unary_float(x, "log")


def log2(x):
    return _unary_float(x, "log2")


def log10(x):
    r = _unary_float(x, "log")
    return _res((r._t.to(_torch.float64) / _math.log(10.0)).to(r.dtype._tt), r.dtype)


def sin(x):
    return _unary_float(x, "sin")


def cos(x):
    return _unary_float(x, "cos")


def tanh(x):
    return _unary_float(x, "tanh")


def reciprocal(x):
    o = _operand(x)
    return _res(_as_dt(o, o[1]).reciprocal(), o[1]) if o[1].kind == "f" else floor_divide(1, x)


def square(x):
    return multiply(x, x)


def floor(x):
    return _unary_float(x, "floor")


def ceil(x):
    return _unary_float(x, "ceil")


def trunc(x):
    return _unary_float(x, "trunc")


def rint(x):
    return _unary_float(x, "round")


def around(a, decimals=0):
    if decimals == 0:
        o = _operand(a)
        if o[1].kind != "f":
            return _res(_as_dt(o, o[1]).clone(), o[1])
        return rint(a)
    o = _operand(a)
    d = o[1]
    f = 10.0 ** decimals
    t = _as_dt(o, d).to(_torch.float64)
    return _res(((t * f).round() / f).to(d._tt), d)


round_ = around
round = around


def isnan(x):
    return _isx(x, "isnan")


def isinf(x):
    return _isx(x, "isinf")


def isfinite(x):
    return _isx(x, "isfinite")


def logical_not(x):
    o = _operand(x)
    return _res(_as_dt(o, o[1]) == 0, _DTYPES["bool"])


def _logical(a, b, op):
    x, y = asarray(a), asarray(b)
    xt, yt = x._t != 0, y._t != 0
    r = (xt & yt) if op == 0 else (xt | yt) if op == 1 else (xt ^ yt)
    return _res(r, _DTYPES["bool"])


def logical_and(a, b):
    return _logical(a, b, 0)


def logical_or(a, b):
    return _logical(a, b, 1)


def logical_xor(a, b):
    return _logical(a, b, 2)


def where(condition, x=None, y=None):
    if x is None and y is None:
        return nonzero(condition)
    c = asarray(condition)
    X, Y = _operand(x), _operand(y)
    d = _result_dtype([X, Y])
    return _res(_torch.where(c._t != 0, _as_dt(X, d), _as_dt(Y, d)), d)


def clip(a, a_min, a_max, out=None):
    r = a
    if a_min is not None:
        r = maximum(r, a_min)
    if a_max is not None:
        r = minimum(r, a_max)
    return r


def isclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    x, y = asarray(a), asarray(b)
    xt, yt = _cast(x._t, x.dtype, _DTYPES["float64"]), _cast(y._t, y.dtype, _DTYPES["float64"])
    fin = xt.isfinite() & yt.isfinite()
    close = (xt - yt).abs() <= atol + rtol * yt.abs()
    r = _torch.where(fin, close, xt == yt)
    if equal_nan:
        r = r | (xt.isnan() & yt.isnan())
    return _res(r, _DTYPES["bool"])


def allclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    return _b.bool(all(isclose(a, b, rtol, atol, equal_nan)))


def array_equal(a1, a2, equal_nan=False):
    try:
        x, y = asarray(a1), asarray(a2)
    except Exception:
        return False
    if x.shape != y.shape:
        return False
    if equal_nan:
        return _b.bool(all((x == y) | (isnan(x) & isnan(y))))
    return _b.bool(all(x == y))


def array_equiv(a1, a2):
    try:
        return _b.bool(all(equal(a1, a2)))
    except Exception:
        return False


# ------------------------------------------------------------------ linear algebra

def matmul(a, b):
    x, y = asarray(a), asarray(b)
    d = _promote2(x.dtype, y.dtype)
    if x.ndim == 0 or y.ndim == 0:
        raise ValueError("matmul: Input operand does not have enough dimensions")
    xt, yt = _cast(x._t, x.dtype, d), _cast(y._t, y.dtype, d)
    if d.kind == "f" and d.itemsize < 8:
        r = _torch.matmul(xt.to(_torch.float64), yt.to(_torch.float64)).to(d._tt)
    elif d.kind in "iub":
        r = _torch.matmul(_vals(xt, d).to(_torch.int64), _vals(yt, d).to(_torch.int64)).to(d._tt)
    else:
        r = _torch.matmul(xt, yt)
    return _res(r, d)


def dot(a, b, out=None):
    x, y = asarray(a), asarray(b)
    if x.ndim == 0 or y.ndim == 0:
        return multiply(x, y)
    return matmul(x, y)


def inner(a, b):
    return dot(a, b)


def outer(a, b):
    return multiply(asarray(a).ravel()[:, None], asarray(b).ravel()[None, :])


def trace(a):
    a = asarray(a)
    n = _b.min(a.shape[0], a.shape[1])
    return sum(array([a[i, i] for i in range(n)], dtype=a.dtype))


# ------------------------------------------------------------------ printing options and errors

_printopts = {"precision": 8, "threshold": 1000, "edgeitems": 3, "linewidth": 75, "suppress": False}


def set_printoptions(precision=None, threshold=None, edgeitems=None, linewidth=None, suppress=None, nanstr=None,
                     infstr=None, formatter=None, sign=None, floatmode=None, legacy=None):
    for k, v in (("precision", precision), ("threshold", threshold), ("edgeitems", edgeitems),
                 ("linewidth", linewidth), ("suppress", suppress)):
        if v is not None:
            _printopts[k] = v


def get_printoptions():
    return dict(_printopts)


class printoptions:
    def __init__(self, **kw):
        self.kw = kw

    def __enter__(self):
        self.saved = dict(_printopts)
        set_printoptions(**self.kw)
        return _printopts

    def __exit__(self, *a):
        _printopts.clear()
        _printopts.update(self.saved)
        return False


_errs = {"divide": "warn", "over": "warn", "under": "ignore", "invalid": "warn"}


def seterr(all=None, divide=None, over=None, under=None, invalid=None):
    old = dict(_errs)
    for k, v in (("divide", divide), ("over", over), ("under", under), ("invalid", invalid)):
        if v is not None or all is not None:
            _errs[k] = v if v is not None else all
    return old


def geterr():
    return dict(_errs)


class errstate:
    """Context manager for floating-point error handling (flyi does not warn: a no-op)."""

    def __init__(self, **kw):
        self.kw = kw

    def __enter__(self):
        self.old = seterr(**self.kw)

    def __exit__(self, *a):
        _errs.update(self.old)
        return False

    def __call__(self, f):
        return f


def array2string(a, max_line_width=None, precision=None, suppress_small=None, separator=" ", prefix="", **kw):
    from numpy._arrayprint import array2string as a2s
    return a2s(asarray(a), separator, prefix)


def array_repr(arr, max_line_width=None, precision=None, suppress_small=None):
    return repr(asarray(arr))


def array_str(a, max_line_width=None, precision=None, suppress_small=None):
    return str(asarray(a))


def format_float_positional(x, precision=None, unique=True, fractional=True, trim="k", sign=False, pad_left=None,
                            pad_right=None, min_digits=None):
    from numpy._arrayprint import format_positional
    return format_positional(x, precision, trim)


from numpy._core_ndarray import *  # noqa: E402,F401,F403 (ndarray, scalars, creation, reductions)
from numpy._core_ndarray import _Base, _reduce_common  # noqa: E402
import numpy.random as random  # noqa: E402
import numpy.testing as testing  # noqa: E402

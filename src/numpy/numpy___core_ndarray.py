"""numpy._core_ndarray (flyi): ndarray, the scalar types, creation, reductions, shapes, sorting.
Its names are numpy's (numpy.py re-exports them); the elementwise machinery is numpy.py's."""

import builtins as _b
import math as _math
import torch as _torch
import _numpy as _C
import numpy as _np

_DTYPES = _np._DTYPES
_dt = _np._dt
_wrap = _np._wrap
_res = _np._res
_scalar = _np._scalar
_cast = _np._cast
_vals = _np._vals
_M64 = _np._M64

newaxis = None
inf = float("inf")
Inf = inf
infty = inf
PINF = inf
NINF = -inf
nan = float("nan")
NaN = nan
NAN = nan
pi = _math.pi
e = _math.e
euler_gamma = 0.5772156649015329


# ------------------------------------------------------------------ the shared array behaviour

def _key_of(k):
    if isinstance(k, _Base):
        return k._t if k._t.ndim or k.dtype.kind == "b" else _b.int(k._t.item())
    if isinstance(k, list):
        return array(k)._t
    if isinstance(k, tuple):
        return tuple(_key_of(e) for e in k)
    if isinstance(k, _b.int) or k is None or isinstance(k, slice) or k is Ellipsis:
        return k
    if hasattr(k, "__index__"):
        return k.__index__()
    return k


def _neg_slices(t, key):
    """Apply the slices with a negative step of key to t (torch has none) by gathering; returns the
    tensor and the key with those slices made plain."""
    if not isinstance(key, tuple):
        key = (key,)
    if not builtins_any(isinstance(k, slice) and k.step is not None and k.step < 0 for k in key):
        return t, key
    n_used = 0
    for k in key:
        if k is None or k is Ellipsis:
            continue
        n_used += k.ndim if isinstance(k, _torch.Tensor) and k.dtype == _torch.bool else 1
    out, dim = [], 0
    for k in key:
        if k is Ellipsis:
            dim += t.ndim - n_used
            out.append(k)
            continue
        if k is None:
            out.append(k)
            continue
        if isinstance(k, slice) and k.step is not None and k.step < 0:
            idx = list(range(t.shape[dim]))[k]
            sel = (slice(None),) * dim + (_torch.tensor(idx, dtype=_torch.int64),)
            t = t[sel]
            out.append(slice(None))
            dim += 1
            continue
        dim += k.ndim if isinstance(k, _torch.Tensor) and k.dtype == _torch.bool else 1
        out.append(k)
    return t, tuple(out)


def _binop(name):
    def f(self, other):
        return _np._binary(self, other, name)

    def r(self, other):
        return _np._binary(other, self, name)

    return f, r


class _Base:
    """What arrays and numpy scalars share: _t (the storage tensor) and dtype."""

    __array_priority__ = 0

    @property
    def shape(self):
        return tuple(self._t.shape)

    @shape.setter
    def shape(self, s):
        self._t = self._t.view(_shape_arg((s,)))

    @property
    def ndim(self):
        return self._t.ndim

    @property
    def size(self):
        return self._t.numel()

    @property
    def itemsize(self):
        return self.dtype.itemsize

    @property
    def nbytes(self):
        return self._t.numel() * self.dtype.itemsize

    @property
    def strides(self):
        return tuple(s * self.dtype.itemsize for s in self._t.stride())

    @property
    def T(self):
        return self.transpose()

    @property
    def flat(self):
        return iter(self.ravel())

    @property
    def real(self):
        return self

    @property
    def data(self):
        return memoryview(self.tobytes()) if hasattr(_b, "memoryview") else self.tobytes()

    @property
    def base(self):
        return None

    @property
    def flags(self):
        return {"C_CONTIGUOUS": self._t.is_contiguous(), "OWNDATA": True, "WRITEABLE": True}

    @property
    def ctypes(self):
        return _Ctypes(self._t.data_ptr())

    # arithmetic
    __add__, __radd__ = _binop("add")
    __sub__, __rsub__ = _binop("subtract")
    __mul__, __rmul__ = _binop("multiply")
    __truediv__, __rtruediv__ = _binop("true_divide")
    __floordiv__, __rfloordiv__ = _binop("floor_divide")
    __mod__, __rmod__ = _binop("remainder")
    __pow__, __rpow__ = _binop("power")
    __and__, __rand__ = _binop("bitwise_and")
    __or__, __ror__ = _binop("bitwise_or")
    __xor__, __rxor__ = _binop("bitwise_xor")
    __lshift__, __rlshift__ = _binop("left_shift")
    __rshift__, __rrshift__ = _binop("right_shift")

    def __matmul__(self, other):
        return _np.matmul(self, other)

    def __rmatmul__(self, other):
        return _np.matmul(other, self)

    def __eq__(self, other):
        try:
            return _np._binary(self, other, "equal")
        except (TypeError, ValueError):
            return False

    def __ne__(self, other):
        try:
            return _np._binary(self, other, "not_equal")
        except (TypeError, ValueError):
            return True

    def __lt__(self, other):
        return _np._binary(self, other, "less")

    def __le__(self, other):
        return _np._binary(self, other, "less_equal")

    def __gt__(self, other):
        return _np._binary(self, other, "greater")

    def __ge__(self, other):
        return _np._binary(self, other, "greater_equal")

    def __neg__(self):
        return _np.negative(self)

    def __pos__(self):
        return self.copy()

    def __abs__(self):
        return _np.absolute(self)

    def __invert__(self):
        return _np.invert(self)

    def __bool__(self):
        if self._t.numel() != 1:
            raise ValueError("The truth value of an array with more than one element is ambiguous. Use a.any() or "
                             "a.all()")
        return _b.bool(self._t.item())

    def __int__(self):
        if self._t.numel() != 1:
            raise TypeError("only size-1 arrays can be converted to Python scalars")
        v = self.item()
        return _b.int(v)

    def __float__(self):
        if self._t.numel() != 1:
            raise TypeError("only size-1 arrays can be converted to Python scalars")
        return float(self.item())

    def __index__(self):
        if self.dtype.kind not in "iub" or self._t.numel() != 1:
            raise TypeError("only integer scalar arrays can be converted to a scalar index")
        return _b.int(self.item())

    def __len__(self):
        if self._t.ndim == 0:
            raise TypeError("len() of unsized object")
        return self._t.shape[0]

    def __iter__(self):
        if self._t.ndim == 0:
            raise TypeError("iteration over a 0-d array")
        for i in range(self._t.shape[0]):
            yield self[i]

    def __contains__(self, v):
        return _b.bool((self == v).any())

    def __getitem__(self, key):
        t, k = _neg_slices(self._t, _key_of(key))
        if len(k) == 1:
            k = k[0]
        if k == ():
            r = t
        else:
            r = t[k]
        kt = key if isinstance(key, tuple) else (key,)
        if r.ndim == 0 and not builtins_any(x is None or x is Ellipsis or isinstance(x, slice) for x in kt):
            return _scalar(r, self.dtype)
        return _wrap(r, self.dtype)

    def __setitem__(self, key, value):
        o = _np._operand(value)
        v = _np._as_dt(o, self.dtype)
        k = _key_of(key)
        if isinstance(k, tuple) and builtins_any(isinstance(x, slice) and x.step is not None and x.step < 0 for x in k):
            raise NotImplementedError("numpy (flyi): assignment through a negative-step slice")
        if isinstance(k, slice) and k.step is not None and k.step < 0:
            raise NotImplementedError("numpy (flyi): assignment through a negative-step slice")
        if k == ():
            self._t.copy_(v.expand_as(self._t) if v.ndim else v)
            return
        self._t[k] = v

    def __copy__(self):
        return self.copy()

    def __deepcopy__(self, memo=None):
        return self.copy()

    def __reduce__(self):
        return (array, (self.tolist(), self.dtype.name))

    # conversion
    def item(self, *args):
        if args:
            return self[args if len(args) > 1 else args[0]].item()
        if self._t.numel() != 1:
            raise ValueError("can only convert an array of size 1 to a Python scalar")
        return _np._item(self._t.reshape(()), self.dtype)

    def tolist(self):
        return _np._tolist(self._t, self.dtype)

    def tobytes(self, order="C"):
        return _C.tobytes(self._t)

    tostring = tobytes

    def tofile(self, fid, sep="", format="%s"):
        if sep:
            text = sep.join(format % v for v in self.ravel().tolist())
            data = text.encode()
        else:
            data = self.tobytes()
        if isinstance(fid, str) or hasattr(fid, "__fspath__"):
            with open(fid, "wb") as f:
                f.write(data)
        else:
            fid.write(data)

    def astype(self, dtype, order="K", casting="unsafe", subok=True, copy=True):
        d = _dt(dtype)
        t = _cast(self._t, self.dtype, d)
        if t is self._t:
            if not copy:
                return self
            t = t.clone()
        return _wrap(t, d) if isinstance(self, ndarray) else _scalar(t, d)

    def view(self, dtype=None, type=None):
        if dtype is None:
            return _wrap(self._t.view(self._t.shape), self.dtype)
        if isinstance(dtype, _b.type) and issubclass(dtype, ndarray) and getattr(dtype, "_dtn", None) is None:
            return _wrap(self._t.view(self._t.shape), self.dtype)
        d = _dt(dtype)
        t = self._t if d._tt == self._t.dtype else self._t.view(d._tt)
        if isinstance(self, ndarray):
            if t is self._t:
                t = t.view(t.shape)
            return _wrap(t, d)
        return _scalar(t, d)

    def copy(self, order="C"):
        return _wrap(self._t.clone(), self.dtype) if isinstance(self, ndarray) else self

    def fill(self, value):
        self[...] = value

    # shapes
    def reshape(self, *shape, order="C"):
        s = _shape_arg(shape)
        return _wrap(self._t.reshape(s), self.dtype)

    def transpose(self, *axes):
        if len(axes) == 1 and isinstance(axes[0], (tuple, list)):
            axes = tuple(axes[0])
        nd = self._t.ndim
        if not axes:
            axes = tuple(range(nd - 1, -1, -1))
        if len(axes) != nd:
            raise ValueError("axes don't match array")
        return _wrap(self._t.permute(*[_norm_axis(a, nd) for a in axes]), self.dtype)

    def swapaxes(self, a, b):
        return _wrap(self._t.transpose(_norm_axis(a, self.ndim), _norm_axis(b, self.ndim)), self.dtype)

    def flatten(self, order="C"):
        return _wrap(self._t.reshape(-1).clone(), self.dtype)

    def ravel(self, order="C"):
        return _wrap(self._t.reshape(-1), self.dtype)

    def squeeze(self, axis=None):
        return squeeze(self, axis)

    def repeat(self, repeats, axis=None):
        return repeat(self, repeats, axis)

    def nonzero(self):
        return nonzero(self)

    # reductions
    def sum(self, axis=None, dtype=None, out=None, keepdims=False):
        return sum(self, axis, dtype, out, keepdims)

    def prod(self, axis=None, dtype=None, out=None, keepdims=False):
        return prod(self, axis, dtype, out, keepdims)

    def mean(self, axis=None, dtype=None, out=None, keepdims=False):
        return mean(self, axis, dtype, out, keepdims)

    def std(self, axis=None, dtype=None, out=None, ddof=0, keepdims=False):
        return std(self, axis, dtype, out, ddof, keepdims)

    def var(self, axis=None, dtype=None, out=None, ddof=0, keepdims=False):
        return var(self, axis, dtype, out, ddof, keepdims)

    def max(self, axis=None, out=None, keepdims=False):
        return amax(self, axis, out, keepdims)

    def min(self, axis=None, out=None, keepdims=False):
        return amin(self, axis, out, keepdims)

    def argmax(self, axis=None, out=None, keepdims=False):
        return argmax(self, axis, out, keepdims=keepdims)

    def argmin(self, axis=None, out=None, keepdims=False):
        return argmin(self, axis, out, keepdims=keepdims)

    def all(self, axis=None, out=None, keepdims=False):
        return all(self, axis, out, keepdims)

    def any(self, axis=None, out=None, keepdims=False):
        return any(self, axis, out, keepdims)

    def cumsum(self, axis=None, dtype=None, out=None):
        return cumsum(self, axis, dtype)

    def cumprod(self, axis=None, dtype=None, out=None):
        return cumprod(self, axis, dtype)

    def clip(self, min=None, max=None):
        return _np.clip(self, min, max)

    def round(self, decimals=0):
        return _np.around(self, decimals)

    def sort(self, axis=-1, kind=None, order=None):
        self._t.copy_(sort(self, axis)._t)

    def argsort(self, axis=-1, kind=None, order=None):
        return argsort(self, axis, kind)

    def dot(self, b):
        return _np.dot(self, b)

    def __repr__(self):
        from numpy._arrayprint import array_repr
        return array_repr(self)

    def __str__(self):
        from numpy._arrayprint import array_str
        return array_str(self)

    def __format__(self, spec):
        if self._t.ndim == 0:
            return format(self.item(), spec)
        return format(str(self), spec)


class _Ctypes:
    def __init__(self, p):
        self.data = p

    def data_as(self, t):
        import ctypes
        return ctypes.cast(self.data, t)


class ndarray(_Base):
    """numpy.ndarray(shape, dtype=float): arrays are made by np.array/zeros/...; this makes an empty one."""

    def __new__(cls, shape, dtype=float, buffer=None, offset=0, strides=None, order=None):
        d = _dt(dtype)
        s = _shape_arg((shape,))
        if buffer is not None:
            return frombuffer(buffer, d, _math.prod(s), offset).reshape(s)
        return _wrap(_torch.zeros(s, dtype=d._tt), d)

    __hash__ = None


# ------------------------------------------------------------------ scalar types

class generic(_Base):
    """Base of numpy's scalar types (np.float32(1.5), np.uint64(7))."""

    _dtn = None

    def __new__(cls, value=0):
        if cls._dtn is None:
            raise TypeError("cannot create 'numpy." + cls.__name__ + "' instances")
        d = _DTYPES[cls._dtn]
        if isinstance(value, (str, bytes)):
            value = float(value) if d.kind == "f" else _b.int(value)
        if isinstance(value, (list, tuple)) or (isinstance(value, _Base) and value._t.ndim):
            return array(value, dtype=d)
        o = _np._operand(value)
        return _scalar(_np._as_dt(o, d).clone() if o[0] is not None else _np._as_dt(o, d), d)

    def __hash__(self):
        return hash(self.item())

    def __round__(self, n=None):
        v = self.item()
        return _b.round(v) if n is None else _b.round(v, n)

    def __trunc__(self):
        return _math.trunc(self.item())

    def is_integer(self):
        return float(self.item()).is_integer()

    def __array__(self):
        return _wrap(self._t, self.dtype)


class number(generic):
    pass


class integer(number):
    def bit_length(self):
        return _b.int(self.item()).bit_length()


class signedinteger(integer):
    pass


class unsignedinteger(integer):
    pass


class inexact(number):
    pass


class floating(inexact):
    pass


class complexfloating(inexact):
    pass


class bool_(generic):
    _dtn = "bool"

    def __new__(cls, value=False):
        if isinstance(value, _Base) and value._t.ndim:
            return value.astype(bool_)
        return _scalar(_torch.tensor(_b.bool(value)), _DTYPES["bool"])


class int8(signedinteger):
    _dtn = "int8"


class int16(signedinteger):
    _dtn = "int16"


class int32(signedinteger):
    _dtn = "int32"


class int64(signedinteger):
    _dtn = "int64"


class uint8(unsignedinteger):
    _dtn = "uint8"


class uint16(unsignedinteger):
    _dtn = "uint16"


class uint32(unsignedinteger):
    _dtn = "uint32"


class uint64(unsignedinteger):
    _dtn = "uint64"


class float16(floating):
    _dtn = "float16"


class float32(floating):
    _dtn = "float32"


class float64(floating):
    _dtn = "float64"


for _c in (bool_, int8, int16, int32, int64, uint8, uint16, uint32, uint64, float16, float32, float64):
    _DTYPES[_c._dtn].type = _c
bool8 = bool_
byte, short, intc, int_, intp, longlong = int8, int16, int32, int64, int64, int64
ubyte, ushort, uintc, uint, uintp, ulonglong = uint8, uint16, uint32, uint64, uint64, uint64
half, single, double, float_, longdouble = float16, float32, float64, float64, float64
object_ = object
str_ = str
bytes_ = bytes


def issubdtype(arg1, arg2):
    t1 = arg1 if isinstance(arg1, type) and issubclass(arg1, generic) else _dt(arg1).type
    t2 = arg2 if isinstance(arg2, type) and issubclass(arg2, generic) else _dt(arg2).type
    return issubclass(t1, t2)


def isscalar(element):
    return isinstance(element, (generic, _b.int, float, complex, str, bytes, _b.bool))


class finfo:
    """Machine limits of a float dtype (finfo(np.float32).eps)."""

    _P = {"float16": (16, 10, 5, -14, 15, -4, 3), "float32": (32, 23, 8, -126, 127, -7, 6),
          "float64": (64, 52, 11, -1022, 1023, -16, 15)}

    def __init__(self, dtype):
        d = _dt(dtype)
        if d.kind != "f":
            d = _DTYPES["float64"] if d.kind != "b" else d
        if d.kind != "f":
            raise ValueError("data type " + repr(d.type) + " not inexact")
        bits, mant, ex, minexp, maxexp, prec_e, prec = self._P[d.name]
        t = d.type
        self.dtype, self.bits, self.nmant, self.nexp = d, bits, mant, ex
        self.minexp, self.maxexp, self.precision = minexp, maxexp + 1, prec
        self.eps = t(2.0 ** -mant)
        self.epsneg = t(2.0 ** -(mant + 1))
        self.max = t((2.0 - 2.0 ** -mant) * 2.0 ** maxexp)
        self.min = t(-((2.0 - 2.0 ** -mant) * 2.0 ** maxexp))
        self.tiny = self.smallest_normal = t(2.0 ** minexp)
        self.smallest_subnormal = t(2.0 ** (minexp - mant))
        self.resolution = t(10.0 ** prec_e if False else 10.0 ** -prec)
        self.machep, self.negep, self.iexp = -mant, -(mant + 1), ex

    def __repr__(self):
        lo, hi = (("-6.55040e+04", "6.55040e+04") if self.dtype.name == "float16" else (self.min, self.max))
        return "finfo(resolution=%s, min=%s, max=%s, dtype=%s)" % (self.resolution, lo, hi, self.dtype.name)


class iinfo:
    """Machine limits of an integer dtype (iinfo(np.int32).max)."""

    def __init__(self, int_type):
        d = _dt(int_type)
        if d.kind not in "iu":
            raise ValueError("Invalid integer data type " + repr(d.kind) + ".")
        self.dtype, self.kind, self.bits = d, d.kind, d.itemsize * 8
        if d.kind == "u":
            self.min, self.max = 0, (1 << self.bits) - 1
        else:
            self.min, self.max = -(1 << (self.bits - 1)), (1 << (self.bits - 1)) - 1

    def __repr__(self):
        return "iinfo(min=%d, max=%d, dtype=%s)" % (self.min, self.max, self.dtype.name)


# ------------------------------------------------------------------ creation

def _shape_arg(shape):
    if len(shape) == 1 and not isinstance(shape[0], (_b.int, integer)):
        shape = tuple(shape[0])
    return [_b.int(s) for s in shape]


def _norm_axis(a, nd):
    a = _b.int(a)
    if a < -nd or a >= nd:
        raise _AxisError("axis %d is out of bounds for array of dimension %d" % (a, nd))
    return a + nd if a < 0 else a


class AxisError(ValueError):
    pass


_AxisError = AxisError


def _infer(obj, shape, flat, depth):
    """Walk nested sequences: shape and flat values (Python numbers or 0-d arrays)."""
    if isinstance(obj, (list, tuple)):
        if len(shape) <= depth:
            shape.append(len(obj))
        elif shape[depth] != len(obj):
            raise ValueError("setting an array element with a sequence. The requested array has an inhomogeneous "
                             "shape after %d dimensions." % depth)
        for e in obj:
            _infer(e, shape, flat, depth + 1)
        return
    if isinstance(obj, _Base) and obj._t.ndim:
        for i, n in enumerate(obj.shape):
            if len(shape) <= depth + i:
                shape.append(n)
        flat.append(obj)
        return
    if isinstance(obj, _torch.Tensor):
        _infer(_np._from_torch(obj), shape, flat, depth)
        return
    flat.append(obj)


def array(object, dtype=None, copy=True, order="K", subok=False, ndmin=0, like=None):
    d = _dt(dtype) if dtype is not None else None
    if isinstance(object, _Base):
        a = _wrap(object._t, object.dtype)
        if d is not None and d is not a.dtype:
            a = _wrap(_cast(a._t, a.dtype, d), d)
        elif copy:
            a = _wrap(a._t.clone(), a.dtype)
    elif isinstance(object, _torch.Tensor):
        a = _np._from_torch(object.detach().cpu())
        a = _wrap(_cast(a._t, a.dtype, d) if d is not None else a._t, d or a.dtype)
        if copy and a._t.data_ptr() == object.data_ptr():
            a = _wrap(a._t.clone(), a.dtype)
    elif hasattr(object, "__array__") and not isinstance(object, (list, tuple)):
        return array(object.__array__(), dtype, copy)
    else:
        if isinstance(object, range):
            object = list(object)
        shape, flat = [], []
        _infer(object, shape, flat, 0)
        if builtins_any(isinstance(e, _Base) and e._t.ndim for e in flat):
            return stack([array(e, dtype) for e in object])
        if d is None:
            ops = [_np._operand(e) if isinstance(e, _Base) else (None, _np._pydtype(e), False, e) for e in flat]
            if not ops:
                d = _DTYPES["float64"]
            else:
                d = ops[0][1]
                for o in ops[1:]:
                    d = _np._promote2(d, o[1])
                if d.kind == "u" and d.itemsize == 8 and builtins_any(o[0] is None and o[3] < 0 for o in ops):
                    raise OverflowError("Python int too large to convert to C long")
        vals = [e.item() if isinstance(e, _Base) else e for e in flat]
        if d.kind == "f":
            t = _torch.tensor([float(v) for v in vals], dtype=_torch.float64).to(d._tt)
        elif d.kind == "b":
            t = _torch.tensor([_b.bool(v) for v in vals], dtype=_torch.bool)
        else:
            m = (1 << (8 * d.itemsize)) - 1
            if builtins_any(isinstance(v, float) for v in vals):
                t = _cast(_torch.tensor([float(v) for v in vals], dtype=_torch.float64), _DTYPES["float64"], d)
            else:
                iv = []
                for v in vals:
                    v = _b.int(v)
                    if d.kind == "u" or v >= 1 << 63:
                        v &= m
                        if v >= 1 << 63:
                            v -= 1 << 64
                    iv.append(v)
                t = _torch.tensor(iv, dtype=_torch.int64).to(d._tt)
        a = _wrap(t.reshape(shape), d)
    while a._t.ndim < ndmin:
        a = _wrap(a._t.unsqueeze(0), a.dtype)
    return a


builtins_any = _b.any
builtins_all = _b.all


def asarray(a, dtype=None, order=None, like=None):
    if isinstance(a, ndarray) and (dtype is None or _dt(dtype) is a.dtype):
        return a
    if isinstance(a, _torch.Tensor) and not a.is_cuda and (dtype is None or _dt(dtype) is _dt(a.dtype)):
        return _np._from_torch(a)
    return array(a, dtype, copy=False)


asanyarray = asarray


def ascontiguousarray(a, dtype=None):
    a = asarray(a, dtype)
    return a if a._t.is_contiguous() else _wrap(a._t.contiguous(), a.dtype)


def _filled(shape, dtype, value):
    d = _dt(dtype)
    s = _shape_arg((shape,))
    if value == 0:
        return _wrap(_torch.zeros(s, dtype=d._tt), d)
    return _wrap(_torch.zeros(s, dtype=d._tt) + _np._pyval_tensor(value, d), d)


def zeros(shape, dtype=float, order="C", like=None):
    return _filled(shape, dtype, 0)


def ones(shape, dtype=None, order="C", like=None):
    return _filled(shape, dtype if dtype is not None else float, 1)


def empty(shape, dtype=float, order="C", like=None):
    return _filled(shape, dtype, 0)


def full(shape, fill_value, dtype=None, order="C", like=None):
    o = _np._operand(fill_value)
    d = _dt(dtype) if dtype is not None else o[1]
    s = _shape_arg((shape,))
    return _wrap(_torch.zeros(s, dtype=d._tt) + _np._as_dt(o, d), d)


def _like(a, dtype, shape):
    a = asarray(a)
    return (a.shape if shape is None else shape), (a.dtype if dtype is None else _dt(dtype))


def zeros_like(a, dtype=None, order="K", subok=True, shape=None):
    s, d = _like(a, dtype, shape)
    return zeros(s, d)


def ones_like(a, dtype=None, order="K", subok=True, shape=None):
    s, d = _like(a, dtype, shape)
    return ones(s, d)


def empty_like(a, dtype=None, order="K", subok=True, shape=None):
    s, d = _like(a, dtype, shape)
    return empty(s, d)


def full_like(a, fill_value, dtype=None, order="K", subok=True, shape=None):
    s, d = _like(a, dtype, shape)
    return full(s, fill_value, d)


def arange(start, stop=None, step=1, dtype=None, like=None):
    if stop is None:
        start, stop = 0, start
    vals = [start, stop, step]
    isf = builtins_any(isinstance(v, float) or (isinstance(v, _Base) and v.dtype.kind == "f") for v in vals)
    if isf:
        start, stop, step = float(start), float(stop), float(step)
        if step == 0:
            raise ZeroDivisionError("division by zero")
        n = _b.max(0, _math.ceil((stop - start) / step))
        t = _torch.arange(n, dtype=_torch.float64) * step + start if n else _torch.zeros([0], dtype=_torch.float64)
        src = _DTYPES["float64"]
    else:
        start, stop, step = _b.int(start), _b.int(stop), _b.int(step)
        if step == 0:
            raise ZeroDivisionError("division by zero")
        t = _torch.arange(start, stop, step, dtype=_torch.int64)
        src = _DTYPES["int64"]
    d = _dt(dtype) if dtype is not None else src
    return _wrap(_cast(t, src, d), d)


def linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None, axis=0):
    num = _b.int(num)
    if num < 0:
        raise ValueError("Number of samples, %d, must be non-negative." % num)
    div = (num - 1) if endpoint else num
    start, stop = float(start), float(stop)
    delta = stop - start
    y = _torch.arange(num, dtype=_torch.float64)
    step = delta / div if div > 0 else nan
    if div > 0:
        y = y * step if step != 0 else y / div * delta
    else:
        y = y * delta
    y = y + start
    if endpoint and num > 1:
        y[-1] = stop
    d = _dt(dtype) if dtype is not None else _DTYPES["float64"]
    r = _wrap(_cast(y, _DTYPES["float64"], d), d)
    return (r, step) if retstep else r


def eye(N, M=None, k=0, dtype=float, order="C", like=None):
    d = _dt(dtype)
    M = N if M is None else M
    t = _torch.zeros([N, M], dtype=d._tt)
    for i in range(N):
        j = i + k
        if 0 <= j < M:
            t[i, j] = 1
    return _wrap(t, d)


def identity(n, dtype=None):
    return eye(n, dtype=dtype if dtype is not None else float)


def frombuffer(buffer, dtype=float, count=-1, offset=0, like=None):
    d = _dt(dtype)
    if not isinstance(buffer, bytes):
        buffer = bytes(buffer)
    t = _C.frombytes(buffer, d._tt, _b.int(count), _b.int(offset))
    return _wrap(t, d)


def fromfile(file, dtype=float, count=-1, sep="", offset=0, like=None):
    d = _dt(dtype)
    if isinstance(file, str) or hasattr(file, "__fspath__"):
        with open(file, "rb") as f:
            data = f.read()
    else:
        data = file.read()
    if sep:
        words = [w for w in data.decode().replace(sep, " ").split() if w]
        return array([float(w) if d.kind == "f" else _b.int(w) for w in words], dtype=d)
    n = len(data) - offset
    if count < 0:
        count = n // d.itemsize
    return _wrap(_C.frombytes(data, d._tt, _b.int(count), _b.int(offset)), d)


def copy(a, order="K"):
    return array(a, copy=True)


# ------------------------------------------------------------------ reductions

def _axes(nd, axis):
    if axis is None:
        return list(range(nd))
    if isinstance(axis, (tuple, list)):
        r = [_norm_axis(a, nd) for a in axis]
        if len(set(r)) != len(r):
            raise ValueError("duplicate value in 'axis'")
        return sorted(r)
    return [_norm_axis(axis, nd)]


def _pairwise(a, axis):
    """Whether numpy sums the reduced elements of a in memory order (pairwise): a C-contiguous array
    reduced over trailing axes."""
    axes = _axes(a.ndim, axis)
    return a._t.is_contiguous() and axes == list(range(a.ndim - len(axes), a.ndim))


def _fsum(a, t, axis, acc):
    """Sums of t's rows for a float32/float16 array a, in acc (float16 or float32) as numpy adds:
    over every axis, numpy walks memory order, summing each run of coalesced axes pairwise and the
    runs one after another; over some axes, rows in memory order pairwise, others element-wise."""
    if t.dtype != acc._tt:
        t = t.to(acc._tt)
    if len(_axes(a.ndim, axis)) == a.ndim and a.ndim > 1:
        x = a._t if a._t.dtype == acc._tt else a._t.to(acc._tt)
        order = sorted(range(a.ndim), key=lambda i: -_b.abs(a._t.stride()[i]) if a._t.shape[i] > 1 else 0)
        x = x.permute(*order)
        sh, st = list(x.shape), list(x.stride())
        k = len(sh) - 1
        run = sh[k]
        while k > 0 and (sh[k - 1] == 1 or st[k - 1] == sh[k] * st[k]):
            k -= 1
            run *= sh[k]
        rows = _C.fsum(x.reshape(-1, run) if run else x.reshape(-1, 1), True)
        return _C.fsum(rows.reshape(1, -1), False).reshape(())
    return _C.fsum(t, _pairwise(a, axis))


def _reduce_common(a, axis, keepdims):
    """(tensor with the reduced axes flattened last, shape of the result, the same with keepdims)."""
    t = a._t
    nd = t.ndim
    axes = _axes(nd, axis)
    keep = [i for i in range(nd) if i not in axes]
    perm = keep + axes
    if perm != list(range(nd)):
        t = t.permute(*perm)
    out = [a._t.shape[i] for i in keep]
    n = 1
    for i in axes:
        n *= a._t.shape[i]
    t = t.reshape(out + [n])
    kd = [1 if i in axes else a._t.shape[i] for i in range(nd)]
    return t, out, kd if keepdims else out


def _finish(r, shape, d):
    return _res(r.reshape(shape), d)


def _sum_dtype(d):
    if d.kind == "b" or (d.kind == "i" and d.itemsize < 8):
        return _DTYPES["int64"]
    if d.kind == "u" and d.itemsize < 8:
        return _DTYPES["uint64"]
    return d


def sum(a, axis=None, dtype=None, out=None, keepdims=False, initial=None, where=None):
    a = asarray(a)
    rd = _dt(dtype) if dtype is not None else _sum_dtype(a.dtype)
    t, _, shape = _reduce_common(a, axis, keepdims)
    if rd.kind == "f" and rd.itemsize < 8 and a.dtype.kind == "f" and a.dtype.itemsize <= rd.itemsize:
        r = _fsum(a, t, axis, rd)
    elif rd.kind == "f":
        r = _cast(t, a.dtype, _DTYPES["float64"]).sum(dim=-1).to(rd._tt)
    elif rd.kind == "b":
        r = (t != 0).sum(dim=-1) != 0
    else:
        r = _vals(t, a.dtype).to(_torch.int64).sum(dim=-1).to(rd._tt)
    if initial is not None:
        return _np.add(_finish(r, shape, rd), initial)
    return _finish(r, shape, rd)


def prod(a, axis=None, dtype=None, out=None, keepdims=False, initial=None, where=None):
    a = asarray(a)
    rd = _dt(dtype) if dtype is not None else _sum_dtype(a.dtype)
    t, _, shape = _reduce_common(a, axis, keepdims)
    if rd.kind == "f":
        r = _cast(t, a.dtype, _DTYPES["float64"]).prod(dim=-1).to(rd._tt)
    else:
        r = _vals(t, a.dtype).to(_torch.int64).prod(dim=-1).to(rd._tt)
    return _finish(r, shape, rd)


def mean(a, axis=None, dtype=None, out=None, keepdims=False, where=None):
    a = asarray(a)
    rd = _dt(dtype) if dtype is not None else (a.dtype if a.dtype.kind == "f" else _DTYPES["float64"])
    t, _, shape = _reduce_common(a, axis, keepdims)
    f = _cast(t, a.dtype, _DTYPES["float64"])
    if f.shape[-1] == 0:
        r = f.sum(dim=-1) * nan
    elif a.dtype.kind == "f" and a.dtype.itemsize < 8 and rd.itemsize < 8:
        # numpy: float32 sums (float16 arrays too), divided in float32
        r = _fsum(a, t, axis, _DTYPES["float32"]).to(_torch.float64) / f.shape[-1]
        r = r.to(_torch.float32)
    else:
        r = f.sum(dim=-1) / f.shape[-1]
    return _finish(r.to(rd._tt), shape, rd)


def var(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, where=None):
    a = asarray(a)
    rd = _dt(dtype) if dtype is not None else (a.dtype if a.dtype.kind == "f" else _DTYPES["float64"])
    t, _, shape = _reduce_common(a, axis, keepdims)
    f = _cast(t, a.dtype, _DTYPES["float64"])
    n = f.shape[-1]
    m = f.sum(dim=-1, keepdim=True) / n if n else f.sum(dim=-1, keepdim=True) * nan
    r = ((f - m) * (f - m)).sum(dim=-1) / (n - ddof) if n - ddof > 0 else f.sum(dim=-1) * nan
    return _finish(r.to(rd._tt), shape, rd)


def std(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, where=None):
    v = var(a, axis, dtype, out, ddof, keepdims)
    return _res(v._t.to(_torch.float64).sqrt().to(v.dtype._tt), v.dtype)


def _minmax(a, axis, keepdims, is_max, name):
    a = asarray(a)
    t, _, shape = _reduce_common(a, axis, keepdims)
    if t.shape[-1] == 0:
        raise ValueError("zero-size array to reduction operation " + name + " which has no identity")
    d = a.dtype
    f = (lambda x: x.amax(dim=-1)) if is_max else (lambda x: x.amin(dim=-1))
    if d.kind == "u" and d.itemsize == 8:
        r = f(t ^ _M64) ^ _M64
    elif d.kind == "b":
        r = f(t.to(_torch.int8)) != 0
    else:
        r = f(_vals(t, d)).to(d._tt)
        if d.kind == "f":
            nanrow = t.isnan().any(dim=-1)
            if _b.bool(nanrow.any()):
                r = _torch.where(nanrow, t.sum(dim=-1) * nan, r).to(d._tt)
    return _finish(r, shape, d)


def amax(a, axis=None, out=None, keepdims=False, initial=None, where=None):
    return _minmax(a, axis, keepdims, True, "maximum")


def amin(a, axis=None, out=None, keepdims=False, initial=None, where=None):
    return _minmax(a, axis, keepdims, False, "minimum")


max = amax
min = amin


def nanmax(a, axis=None, keepdims=False):
    a = asarray(a)
    return amax(where(isnan(a), -inf, a), axis, keepdims=keepdims) if a.dtype.kind == "f" else amax(a, axis)


def nanmin(a, axis=None, keepdims=False):
    a = asarray(a)
    return amin(where(isnan(a), inf, a), axis, keepdims=keepdims) if a.dtype.kind == "f" else amin(a, axis)


def _argext(a, axis, keepdims, is_max):
    a = asarray(a)
    if axis is None:
        t = a._t.reshape(-1)
        shape = [1] * a.ndim if keepdims else []
    else:
        t, _, shape = _reduce_common(a, axis, keepdims)
    if t.shape[-1] == 0:
        raise ValueError("attempt to get " + ("argmax" if is_max else "argmin") + " of an empty sequence")
    d = a.dtype
    if d.kind == "u" and d.itemsize == 8:
        t = t ^ _M64
    elif d.kind == "b":
        t = t.to(_torch.int8)
    else:
        t = _vals(t, d)
    if d.kind == "f":
        nn = t.isnan()
        if _b.bool(nn.any()):
            t = nn.to(_torch.int8) if is_max else -nn.to(_torch.int8)
            is_max = True if is_max else False
    r = t.argmax(dim=-1) if is_max else t.argmin(dim=-1)
    return _finish(r, shape, _DTYPES["int64"])


def argmax(a, axis=None, out=None, keepdims=False):
    return _argext(a, axis, keepdims, True)


def argmin(a, axis=None, out=None, keepdims=False):
    return _argext(a, axis, keepdims, False)


def all(a, axis=None, out=None, keepdims=False, where=None):
    a = asarray(a)
    t, _, shape = _reduce_common(a, axis, keepdims)
    r = (t == 0).sum(dim=-1) == 0
    return _finish(r, shape, _DTYPES["bool"])


def any(a, axis=None, out=None, keepdims=False, where=None):
    a = asarray(a)
    t, _, shape = _reduce_common(a, axis, keepdims)
    r = (t != 0).sum(dim=-1) != 0
    return _finish(r, shape, _DTYPES["bool"])


alltrue = all
sometrue = any


def count_nonzero(a, axis=None, keepdims=False):
    a = asarray(a)
    t, _, shape = _reduce_common(a, axis, keepdims)
    return _finish((t != 0).sum(dim=-1), shape, _DTYPES["int64"])


def _scan(a, axis, dtype, is_sum):
    a = asarray(a)
    rd = _dt(dtype) if dtype is not None else _sum_dtype(a.dtype)
    t = a._t
    if axis is None:
        t = t.reshape(-1)
        ax = 0
    else:
        ax = _norm_axis(axis, t.ndim)
    v = _cast(t, a.dtype, _DTYPES["float64"]) if rd.kind == "f" else _vals(t, a.dtype).to(_torch.int64)
    r = v.cumsum(dim=ax) if is_sum else v.cumprod(dim=ax)
    return _wrap(r.to(rd._tt), rd)


def cumsum(a, axis=None, dtype=None, out=None):
    return _scan(a, axis, dtype, True)


def cumprod(a, axis=None, dtype=None, out=None):
    return _scan(a, axis, dtype, False)


def median(a, axis=None, keepdims=False):
    a = asarray(a)
    t, _, shape = _reduce_common(a, axis, keepdims)
    s = _C.sort(_cast(t, a.dtype, _DTYPES["float64"]), False)
    n = s.shape[-1]
    r = (s[..., (n - 1) // 2] + s[..., n // 2]) / 2
    return _finish(r, shape, _DTYPES["float64"] if a.dtype.kind != "f" else a.dtype)


# ------------------------------------------------------------------ shapes, joining, sorting

def shape(a):
    return asarray(a).shape


def ndim(a):
    return asarray(a).ndim


def size(a, axis=None):
    a = asarray(a)
    return a.size if axis is None else a.shape[axis]


def reshape(a, newshape, order="C"):
    return asarray(a).reshape(newshape)


def transpose(a, axes=None):
    return asarray(a).transpose(axes) if axes is not None else asarray(a).transpose()


def swapaxes(a, axis1, axis2):
    return asarray(a).swapaxes(axis1, axis2)


def moveaxis(a, source, destination):
    a = asarray(a)
    nd = a.ndim
    src, dst = _norm_axis(source, nd), _norm_axis(destination, nd)
    order = [i for i in range(nd) if i != src]
    order.insert(dst, src)
    return a.transpose(order)


def ravel(a, order="C"):
    return asarray(a).ravel()


def squeeze(a, axis=None):
    a = asarray(a)
    if axis is None:
        s = [n for n in a.shape if n != 1]
    else:
        axes = _axes(a.ndim, axis)
        for i in axes:
            if a.shape[i] != 1:
                raise ValueError("cannot select an axis to squeeze out which has size not equal to one")
        s = [n for i, n in enumerate(a.shape) if i not in axes]
    return _wrap(a._t.reshape(s), a.dtype)


def expand_dims(a, axis):
    a = asarray(a)
    axes = axis if isinstance(axis, (tuple, list)) else (axis,)
    nd = a.ndim + len(axes)
    t = a._t
    for ax in sorted(_norm_axis(x, nd) for x in axes):
        t = t.unsqueeze(ax)
    return _wrap(t, a.dtype)


def broadcast_to(array_, shape):
    a = asarray(array_)
    return _wrap(a._t.broadcast_to(_shape_arg((shape,))), a.dtype)


def atleast_1d(a):
    a = asarray(a)
    return a.reshape(1) if a.ndim == 0 else a


def atleast_2d(a):
    a = asarray(a)
    return a.reshape(1, -1) if a.ndim < 2 else a


def _joined(arrays):
    arrs = [asarray(x) for x in arrays]
    if not arrs:
        raise ValueError("need at least one array to concatenate")
    d = arrs[0].dtype
    for x in arrs[1:]:
        d = _np._promote2(d, x.dtype)
    return [_cast(x._t, x.dtype, d) for x in arrs], d


def concatenate(arrays, axis=0, out=None, dtype=None):
    ts, d = _joined(arrays)
    if axis is None:
        ts, axis = [t.reshape(-1) for t in ts], 0
    if ts[0].ndim == 0:
        raise ValueError("zero-dimensional arrays cannot be concatenated")
    return _wrap(_torch.cat(ts, dim=_norm_axis(axis, ts[0].ndim)), d)


concat = concatenate


def stack(arrays, axis=0, out=None):
    ts, d = _joined(list(arrays))
    for t in ts[1:]:
        if list(t.shape) != list(ts[0].shape):
            raise ValueError("all input arrays must have the same shape")
    return _wrap(_torch.stack(ts, dim=_norm_axis(axis, ts[0].ndim + 1)), d)


def vstack(tup):
    return concatenate([atleast_2d(x) for x in tup], 0)


def hstack(tup):
    arrs = [atleast_1d(x) for x in tup]
    return concatenate(arrs, 0 if arrs[0].ndim == 1 else 1)


def repeat(a, repeats, axis=None):
    a = asarray(a)
    if axis is None:
        a, axis = a.ravel(), 0
    return _wrap(a._t.repeat_interleave(_b.int(repeats), dim=_norm_axis(axis, a.ndim)), a.dtype)


def tile(a, reps):
    a = asarray(a)
    reps = (reps,) if isinstance(reps, _b.int) else tuple(reps)
    r = a
    while r.ndim < len(reps):
        r = expand_dims(r, 0)
    reps = (1,) * (r.ndim - len(reps)) + reps
    for ax, n in enumerate(reps):
        if n != 1:
            r = concatenate([r] * n, ax)
    return r


def _along_last(a, axis):
    a = asarray(a)
    if axis is None:
        return a.ravel(), 0, 1
    ax = _norm_axis(axis, a.ndim) if a.ndim else 0
    return (a.swapaxes(ax, -1) if a.ndim else a), ax, a.ndim


def sort(a, axis=-1, kind=None, order=None):
    b, ax, nd = _along_last(a, axis)
    r = _wrap(_C.sort(b._t, b.dtype.kind == "u"), b.dtype)
    return r.swapaxes(ax, -1) if nd > 1 else r


def argsort(a, axis=-1, kind=None, order=None):
    b, ax, nd = _along_last(a, axis)
    r = _wrap(_C.argsort(b._t, b.dtype.kind == "u"), _DTYPES["int64"])
    return r.swapaxes(ax, -1) if nd > 1 else r


def partition(a, kth, axis=-1, kind="introselect", order=None):
    return sort(a, axis)


def argpartition(a, kth, axis=-1, kind="introselect", order=None):
    """A valid partition (the full argsort): numpy's introselect order is not reproduced."""
    return argsort(a, axis)


def unique(ar, return_index=False, return_inverse=False, return_counts=False, axis=None, equal_nan=True):
    a = asarray(ar).ravel()
    perm = argsort(a, kind="stable")
    s = a[perm]
    n = s.size
    if n == 0:
        first = _torch.zeros([0], dtype=_torch.int64)
    else:
        m = _torch.ones([n], dtype=_torch.bool)
        if n > 1:
            m[1:] = (s._t[1:] != s._t[:-1])
            if s.dtype.kind == "f":
                nn = s._t.isnan()
                m[1:] = m[1:] & ~(nn[1:] & nn[:-1])
        first = _torch.nonzero(m).reshape(-1)
    res = [_wrap(s._t[first], a.dtype)]
    if return_index:
        res.append(_wrap(perm._t[first], _DTYPES["int64"]))
    if return_inverse:
        grp = _torch.zeros([n], dtype=_torch.int64)
        if n:
            grp[first] = 1
            grp = grp.cumsum(dim=0) - 1
        inv = _torch.zeros([n], dtype=_torch.int64)
        if n:
            inv[perm._t] = grp
        res.append(_wrap(inv, _DTYPES["int64"]))
    if return_counts:
        ends = _torch.cat([first[1:], _torch.tensor([n], dtype=_torch.int64)]) if n else first
        res.append(_wrap(ends - first, _DTYPES["int64"]))
    return res[0] if len(res) == 1 else tuple(res)


def nonzero(a):
    a = asarray(a)
    if a.ndim == 0:
        a = a.reshape(1)
    idx = _torch.nonzero(a._t != 0)
    return tuple(_wrap(idx[:, i].contiguous(), _DTYPES["int64"]) for i in range(a.ndim))


def flatnonzero(a):
    return nonzero(asarray(a).ravel())[0]


def argwhere(a):
    a = asarray(a)
    return _wrap(_torch.nonzero(a._t != 0), _DTYPES["int64"])


def unravel_index(indices, shape, order="C"):
    idx = asarray(indices)
    out = []
    for n in reversed(list(shape)):
        out.append(idx % n)
        idx = idx // n
    return tuple(reversed(out))


def ravel_multi_index(multi_index, dims, order="C"):
    r = 0
    for i, n in zip(multi_index, dims):
        r = r * n + asarray(i)
    return r


def diff(a, n=1, axis=-1):
    a = asarray(a)
    for _ in range(n):
        ax = _norm_axis(axis, a.ndim)
        hi = tuple(slice(1, None) if i == ax else slice(None) for i in range(a.ndim))
        lo = tuple(slice(None, -1) if i == ax else slice(None) for i in range(a.ndim))
        a = a[hi] - a[lo]
    return a


for _c in (ndarray, generic, number, integer, signedinteger, unsignedinteger, inexact, floating, complexfloating,
           bool_, int8, int16, int32, int64, uint8, uint16, uint32, uint64, float16, float32, float64, finfo, iinfo,
           AxisError):
    _c.__module__ = "numpy"

"""flydsl.compiler.jit_argument - host values as jit arguments, for the cache keys of @flyc.jit calls.

A jit argument is what a call's value becomes to key the compile: a value that has a __cache_signature__()
(FlyDSL's protocol), an fx numeric (fx.Int32(5): its type only, the value is a run-time value), an fx.Stream (its
type), a tensor adaptor (flyc.from_dlpack / from_torch_tensor: element type, shape and strides, the dynamic ones
as -1) or a raw torch tensor, adapted as TorchTensorJitArg (layout-dynamic: its rank and element type).
JitArgumentRegistry maps other host types to constructors (JitArgumentRegistry.register(T)(ctor))."""

import sys
import types

JitArgumentRegistry = sys.modules["flydsl.compiler"].JitArgumentRegistry


def _fx():
    return sys.modules.get("flydsl.expr") or __import__("flydsl.expr")


def _torch():
    return sys.modules.get("torch")


def _is_numeric(x):
    return isinstance(x, _fx().Numeric)


def _is_stream(x):
    return isinstance(x, _fx().Stream)


def _is_tensor_adaptor(x):
    return type(x).__name__ == "TensorAdaptor"


def is_type_param_annotation(ann):
    return getattr(ann, "__origin__", None) is type


class TorchTensorJitArg:
    """A torch tensor as a jit argument. dynamic_layout (a raw tensor's adaptation): shape and strides are run-time
    values but for the first unit-stride axis, and the key holds the rank; static: the key holds shape and
    strides."""

    def __init__(self, tensor, assumed_align=None, use_32bit_stride=False, dynamic_layout=True):
        self.tensor = tensor
        self.dtype = tensor.dtype
        self.shape = tuple(tensor.shape)
        self.strides = tuple(tensor.stride())
        self.rank = len(self.shape)
        self.assumed_align = assumed_align
        self.use_32bit_stride = use_32bit_stride
        self.dynamic_layout = dynamic_layout
        self.element_bits = tensor.element_size() * 8
        if dynamic_layout and self.rank and 1 not in self.strides:
            raise RuntimeError(f"cannot auto-mark layout-dynamic a tensor without a unit-stride axis (shape "
                               f"{self.shape}, strides {self.strides}); pass flyc.from_torch_tensor(t) for a "
                               "static layout (its shape and strides are then part of the cache key)")

    @property
    def shape_dyn_indices(self):
        return tuple(range(self.rank)) if self.dynamic_layout else ()

    @property
    def stride_dyn_indices(self):
        if not self.dynamic_layout or not self.rank:
            return ()
        unit = self.strides.index(1)
        return tuple(i for i in range(self.rank) if i != unit)

    def __c_abi_spec__(self):
        """The packed call's slots: (ctypes type, fill(value, slot)) for the data pointer, then for a dynamic layout
        the layout buffer (the dynamic shape entries as i32, then the dynamic strides as i32 or i64, little-endian,
        unpadded); fill takes the adaptor or the raw tensor."""
        return _abi_slots(lambda a: a.tensor if isinstance(a, TorchTensorJitArg) else a, self.shape_dyn_indices,
                          self.stride_dyn_indices, self.use_32bit_stride)

    def __cache_signature__(self):
        align = self.assumed_align if self.assumed_align is not None else (self.element_bits + 7) // 8
        n = self.rank
        if self.dynamic_layout:
            unit = self.strides.index(1) if n else -1
            shape = (-1,) * n
            stride = tuple(1 if i == unit else -1 for i in range(n))
        else:
            shape, stride = self.shape, self.strides
        return (type(self), str(self.dtype), shape, stride, align, bool(self.use_32bit_stride))

    def __repr__(self):
        return f"TorchTensorJitArg({self.dtype}, shape={self.shape}, dynamic_layout={self.dynamic_layout})"


def cache_signature(obj):
    """What the compile cache keys obj by (FlyDSL's protocol.cache_signature): its __cache_signature__(), the type
    of an fx numeric or stream, the layout of a tensor adaptor; namespaces, tuples and lists item by item."""
    if hasattr(obj, "__cache_signature__"):
        return obj.__cache_signature__()
    if _is_numeric(obj) or _is_stream(obj):
        return (type(obj),)
    if _is_tensor_adaptor(obj):
        return (type(obj), repr(obj))
    if isinstance(obj, types.SimpleNamespace):
        return tuple((k, cache_signature(v)) for k, v in vars(obj).items())
    if isinstance(obj, (tuple, list)):
        return tuple(cache_signature(x) for x in obj)
    raise TypeError(f"Cannot derive cache signature for {obj!r}: type {type(obj).__name__} does not implement "
                    "__cache_signature__.")


def _is_jit_argument(x):
    return hasattr(x, "__cache_signature__") or _is_numeric(x) or _is_stream(x) or _is_tensor_adaptor(x)


def _is_jit_argument_type(t):
    fx = _fx()
    return isinstance(t, type) and (issubclass(t, fx.Stream) or issubclass(t, fx.Numeric) or
                                    hasattr(t, "__cache_signature__"))


def _default_constructor(value):
    fx = _fx()
    if isinstance(value, bool):
        return fx.Boolean
    if isinstance(value, int):
        return fx.Int32
    if isinstance(value, float):
        return fx.Float32
    torch = _torch()
    if torch is not None and isinstance(value, torch.Tensor):
        return TorchTensorJitArg
    return None


def to_jit_argument(name, value, annotation=None):
    """value as the jit argument of parameter name (annotated annotation); TypeError when nothing adapts it."""
    if _is_jit_argument(value):
        return value
    if _is_jit_argument_type(annotation):
        return annotation(value)
    ctor, _dsl = JitArgumentRegistry.get(type(value))
    if ctor is None:
        ctor = _default_constructor(value)
    if ctor is None:
        raise TypeError(f"{name}: {type(value).__name__} is neither a JitArgument nor has a registered constructor; "
                        "cannot derive cache signature.")
    return ctor(value)


# ---------------------------------------------------------------- flyc.from_torch_tensor's adaptor (a C type):
# FlyDSL's methods of it that are written here, reached through its C methods of the same names


def _normalize_dims_div(what, rank, dims, divisibility):
    """(dims, divisibilities) of mark_shape_dynamic / mark_stride_dynamic: dims an int or a list (negative from
    the end), divisibility an int (for every dim) or one per dim, each a power of two."""
    dim_list = [dims] if isinstance(dims, int) else list(dims)
    if isinstance(divisibility, int):
        divs = [divisibility] * len(dim_list)
    else:
        if isinstance(dims, int):
            raise ValueError(f"{what}: divisibility must be an int when dims is a single int")
        divs = list(divisibility)
        if len(divs) != len(dim_list):
            raise ValueError(f"{what}: dims (len {len(dim_list)}) and divisibility (len {len(divs)}) must have "
                             "equal length")
    out = []
    for d in dim_list:
        i = int(d) + (rank if int(d) < 0 else 0)
        if not 0 <= i < rank:
            raise ValueError(f"{what}: dimension index {d} out of range for rank {rank}")
        out.append(i)
    for v in divs:
        v = int(v)
        if v <= 0 or v & (v - 1):
            raise ValueError(f"{what}: divisibility {v} must be a power of two")
    return out, [int(v) for v in divs]


def _adaptor_mark(a, which, what, dims, divisibility=1):
    for d, v in zip(*_normalize_dims_div(what, len(a.shape), dims, divisibility)):
        a._set_dim_div(which, d, v)
    return a


def _adaptor_mark_shape_dynamic(a, dims, divisibility=1):
    return _adaptor_mark(a, 0, "mark_shape_dynamic", dims, divisibility)


def _adaptor_mark_stride_dynamic(a, dims, divisibility=1):
    return _adaptor_mark(a, 1, "mark_stride_dynamic", dims, divisibility)


def _adaptor_shape_dyn_indices(a):
    return tuple(i for i, d in enumerate(a._layout_divs()[0]) if d)


def _adaptor_stride_dyn_indices(a):
    return tuple(i for i, d in enumerate(a._layout_divs()[1]) if d)


def _adaptor_cache_signature(a):
    sdiv, tdiv = a._layout_divs()
    shape = tuple(-d if d else n for d, n in zip(sdiv, a.shape))
    stride = tuple(-d if d else n for d, n in zip(tdiv, a.stride))
    return (type(a), str(a.dtype), a.assumed_align, a.use_32bit_stride, shape, stride)


def _abi_slots(tensor_of, sd, std, s32):
    import ctypes
    import struct

    def fill_ptr(a, slot):
        slot.value = tensor_of(a).data_ptr()

    slots = [(ctypes.c_void_p, fill_ptr)]
    if not sd and not std:
        return slots
    fmt = "<" + "i" * len(sd) + ("i" if s32 else "q") * len(std)
    size = struct.calcsize(fmt)

    def pack(a, slot):
        t = tensor_of(a)
        data = struct.pack(fmt, *[t.shape[d] for d in sd], *[t.stride(d) for d in std])
        ctypes.memmove(ctypes.addressof(slot), data, size)

    slots.append((ctypes.c_ubyte * size, pack))
    return slots


def _adaptor_c_abi_spec(a):
    """The data pointer's slot and, with dynamic leaves, the layout buffer's: the dynamic extents as i32, then the
    dynamic strides as i32 or i64, little-endian, unpadded; fill takes the adaptor or the raw tensor."""
    torch = _torch()

    def tensor_of(x):
        return x if torch is not None and isinstance(x, torch.Tensor) else x._tensor

    return _abi_slots(tensor_of, a.shape_dyn_indices, a.stride_dyn_indices, a.use_32bit_stride)


def _numeric_c_abi_spec(v):
    """An fx numeric's slot of a packed call: the ctypes scalar of its type; fill(value, slot) takes the numeric
    or a Python number."""
    import ctypes

    t = type(v)
    if t.__name__.startswith("Float") or t.__name__ == "BFloat16":
        ctype = {16: ctypes.c_uint16, 32: ctypes.c_float, 64: ctypes.c_double}.get(t.width)
    elif t.__name__ == "Boolean":
        ctype = ctypes.c_bool
    else:
        signed = getattr(t, "signed", True)
        ctype = {8: (ctypes.c_uint8, ctypes.c_int8), 16: (ctypes.c_uint16, ctypes.c_int16),
                 32: (ctypes.c_uint32, ctypes.c_int32), 64: (ctypes.c_uint64, ctypes.c_int64)}.get(t.width,
                                                                                                  (None, None))[signed]
    if ctype is None:
        raise TypeError(f"{t.__name__} has no C ABI slot in flyi")

    import struct

    name = t.__name__

    def fill(a, slot):
        x = a.value if hasattr(a, "is_static") else a
        if name == "Float16":  # the half's bits
            x = struct.unpack("<H", struct.pack("<e", x))[0]
        elif name == "BFloat16":  # the top half of the float's bits
            x = struct.unpack("<I", struct.pack("<f", x))[0] >> 16
        slot.value = x

    return [(ctype, fill)]

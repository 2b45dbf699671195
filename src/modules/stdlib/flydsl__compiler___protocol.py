"""flydsl.compiler._protocol: FlyDSL's value protocol (flydsl.compiler.protocol's names). A DSL value says which
ir.Values it stands for (__extract_to_ir_values__) and is rebuilt from them (__construct_from_ir_values__); a
JIT argument gives its ir.Types, a cache signature and C-ABI slots; a Storable type its size, alignment and
how it is read from and written to memory. Each function dispatches on those methods first, then takes
flyi's own values: ir.Values, fx numerics (their type is their cache signature, a ctypes scalar their C-ABI
slot), sequences, dicts and namespaces of them, and the tracer's C types for size and alignment."""

import sys as _sys
import types as _types

__all__ = ["DslType", "JitArgument", "Storable", "get_ir_types", "cache_signature", "c_abi_spec",
           "extract_to_ir_values", "construct_from_ir_values", "dsl_size_of", "dsl_align_of", "peek_from_ptr",
           "poke_into_ptr"]

# the tracer's dsl_size_of / dsl_align_of (C: struct layouts, fx.Array, fx.Align and numeric types), set by
# flydsl.expr._surface when it fills flydsl.compiler.protocol
_c_size_of = None
_c_align_of = None


class _ProtocolMeta(type):
    """isinstance(x, DslType) and the others: x's class has every method of the protocol."""

    def __instancecheck__(cls, obj):
        return all(hasattr(type(obj), m) for m in cls._methods)


class DslType(metaclass=_ProtocolMeta):
    _methods = ("__construct_from_ir_values__", "__extract_to_ir_values__")


class JitArgument(metaclass=_ProtocolMeta):
    _methods = ("__get_ir_types__", "__cache_signature__", "__c_abi_spec__")


class Storable(metaclass=_ProtocolMeta):
    _methods = ("__dsl_size_of__", "__dsl_align_of__", "__peek_from_ptr__", "__poke_into_ptr__")


def _ir():
    from flydsl._mlir import ir

    return ir


def _is_numeric(obj):
    return type(type(obj)).__name__ == "NumericMeta"


def _members(obj):
    if isinstance(obj, _types.SimpleNamespace):
        return list(vars(obj).values())
    if isinstance(obj, dict):
        return list(obj.values())
    if isinstance(obj, (tuple, list)):
        return list(obj)
    return None


def _is_host_tensor(obj):
    """A tensor argument as a @flyc.jit function's host code holds it: a torch tensor or a tensor adaptor."""
    if type(obj).__name__ == "TensorAdaptor":
        return True
    torch = _sys.modules.get("torch")
    return torch is not None and isinstance(obj, getattr(torch, "Tensor", ()))


def extract_to_ir_values(obj):
    """The ir.Values obj stands for, in order."""
    ir = _ir()
    if isinstance(obj, ir.Value):
        return [obj]
    ex = getattr(obj, "__extract_to_ir_values__", None)
    if ex is not None:
        return list(ex())
    members = _members(obj)
    if members is not None:
        return [v for m in members for v in extract_to_ir_values(m)]
    if _is_host_tensor(obj):
        # FlyDSL's host function has an fx.Tensor value here; flyi runs host code, which holds the tensor itself
        # (and passes it on to launches): the tensor is its one value
        return [obj]
    try:
        return [ir._to_value(obj)]
    except TypeError:
        raise TypeError(f"Cannot extract IR values from {obj}") from None


def get_ir_types(obj):
    """The ir.Types of obj's values."""
    if isinstance(obj, _ir().Value):
        return [obj.type]
    if _is_host_tensor(obj):
        raise TypeError(f"Cannot derive IR types from {type(obj).__name__}: flyi gives a host tensor its memref type "
                        "only as a kernel argument")
    gt = getattr(obj, "__get_ir_types__", None)
    if gt is not None and not isinstance(obj, type):
        return list(gt())
    members = _members(obj)
    if members is not None:
        return [t for m in members for t in get_ir_types(m)]
    try:
        return [v.type for v in extract_to_ir_values(obj)]
    except TypeError as e:
        raise TypeError(f"Cannot derive IR types from {obj}: {e}") from None


def cache_signature(obj):
    """What a compile cache keys obj by: a numeric by its type (its value is a run-time argument)."""
    sig = getattr(obj, "__cache_signature__", None)
    if sig is not None:
        return sig()
    if _is_numeric(obj):
        return type(obj)
    if isinstance(obj, _types.SimpleNamespace):
        return tuple((k, cache_signature(v)) for k, v in vars(obj).items())
    if isinstance(obj, (tuple, list)):
        return tuple(cache_signature(x) for x in obj)
    raise TypeError(f"Cannot derive cache signature for {obj!r}: type {type(obj).__name__} does not implement "
                    "__cache_signature__.")


_CTYPES = {"Int8": "c_int8", "Int16": "c_int16", "Int32": "c_int32", "Int64": "c_int64", "Uint8": "c_uint8",
           "Uint16": "c_uint16", "Uint32": "c_uint32", "Uint64": "c_uint64", "Float32": "c_float",
           "Float64": "c_double", "Boolean": "c_bool"}


def c_abi_spec(obj):
    """[(ctypes type, fill(value, storage))]: how obj is passed to a compiled host function."""
    spec = getattr(obj, "__c_abi_spec__", None)
    if spec is not None:
        return spec()
    name = _CTYPES.get(type(obj).__name__) if _is_numeric(obj) else None
    if name is not None:
        import ctypes

        ctype = getattr(ctypes, name)
        conv = float if name in ("c_float", "c_double") else bool if name == "c_bool" else int

        def fill(value, storage, _conv=conv):
            storage.value = _conv(value.value if hasattr(value, "value") else value)

        return [(ctype, fill)]
    raise TypeError(f"Cannot derive C-ABI spec for {obj!r}: type {type(obj).__name__}.")


def construct_from_ir_values(dsl_type, args, values):
    """A value of dsl_type (shaped like exemplar args) over these ir.Values."""
    values = list(values)
    if isinstance(args, (_types.SimpleNamespace, dict)):
        items = vars(args) if isinstance(args, _types.SimpleNamespace) else args
        out, cursor = {}, 0
        for k, v in items.items():
            n = len(get_ir_types(v))
            out[k] = construct_from_ir_values(type(v), v, values[cursor:cursor + n])
            cursor += n
        if cursor != len(values):
            raise ValueError(f"{type(args).__name__} expected {cursor} ir.Values, got {len(values)}")
        return _types.SimpleNamespace(**out) if isinstance(args, _types.SimpleNamespace) else out
    mk = getattr(dsl_type, "__construct_from_ir_values__", None)
    if mk is not None:
        return mk(values, None if isinstance(args, type) else args)
    if isinstance(args, (tuple, list)):
        tys = dsl_type if isinstance(dsl_type, (tuple, list)) else [type(a) for a in args]
        out, cursor = [], 0
        for t, a in zip(tys, args):
            n = len(get_ir_types(a))
            out.append(construct_from_ir_values(t, a, values[cursor:cursor + n]))
            cursor += n
        return type(args)(out)
    if len(values) == 1:
        from flydsl._mlir._dsl import as_dsl_value

        import flydsl.expr as fx

        if isinstance(args, fx.Vector) or (isinstance(dsl_type, type) and issubclass(dsl_type, fx.Vector)):
            v = as_dsl_value(values[0])  # a Vector of the value's type; an alias class rebuilds through itself
            cls = type(args) if isinstance(args, fx.Vector) else dsl_type
            return v if type(v) is cls else cls(v)
        return as_dsl_value(values[0], args if args is not None else dsl_type)
    raise TypeError(f"Cannot construct DSL value for {dsl_type}")


def _c_layout(fn, dsl_type, align):
    c = _c_align_of if align else _c_size_of
    if c is not None and not isinstance(dsl_type, (int, float, str)) and dsl_type is not None:
        return c(dsl_type)  # the tracer's types; its TypeError is FlyDSL's (sub-byte numerics, non-Storables)
    raise TypeError(f"type {dsl_type} does not implement the Storable protocol")


def dsl_size_of(dsl_type):
    """Size in bytes of a Storable type."""
    f = getattr(dsl_type, "__dsl_size_of__", None)
    if f is not None:
        return f()
    return _c_layout("dsl_size_of", dsl_type, False)


def dsl_align_of(dsl_type):
    """Alignment in bytes of a Storable type."""
    f = getattr(dsl_type, "__dsl_align_of__", None)
    if f is not None:
        return f()
    return _c_layout("dsl_align_of", dsl_type, True)


def peek_from_ptr(dsl_type, ptr):
    f = getattr(dsl_type, "__peek_from_ptr__", None)
    if f is not None:
        return f(ptr)
    raise TypeError(f"type {dsl_type} does not implement the Storable protocol")


def poke_into_ptr(dsl_type, ptr, value):
    f = getattr(dsl_type, "__poke_into_ptr__", None)
    if f is not None:
        f(ptr, value)
        return
    raise TypeError(f"type {dsl_type} does not implement the Storable protocol")

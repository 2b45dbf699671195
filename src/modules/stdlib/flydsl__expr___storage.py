"""flydsl.expr._storage - FlyDSL's Storable protocol over flyi's types.

fx.Storage[T] is a typed address (the DSL's T*): one pointer plus a trace-time T; .field of a struct or
union target is Storage[field type] at the field's byte offset, .peek() / .poke(v) read and write T there.
fx.Arena is the bump allocator over a base pointer that a subclass supplies (fx.SharedAllocator, in C, is
the LDS one). peek_from_ptr / poke_into_ptr are flydsl.compiler.protocol's; the C types of trace_smem.c
(fx.Array, fx.Align, @fx.struct) call _array_peek, _struct_peek, _struct_poke for their value forms.
Byte offsets go through flydsl.expr.struct.add_offset (FlyDSL's name for it, which tests may replace).
"""

import sys


def _fx():
    return sys.modules["flydsl.expr"]


def _type_name(t):
    return getattr(t, "__name__", None) or repr(t)


def _protocol():
    __import__("flydsl.compiler.protocol")
    return sys.modules["flydsl.compiler.protocol"]


def _struct_module():
    __import__("flydsl.expr.struct")
    return sys.modules["flydsl.expr.struct"]


def _is_numeric_type(t):
    fx = _fx()
    return isinstance(t, type) and issubclass(t, fx.Numeric) and t not in (fx.Numeric, fx.Integer, fx.Float)


def byte_add_offset(ptr, nbytes):
    """ptr advanced by nbytes bytes (flydsl.expr.struct.add_offset: FlyDSL's pointers there are i8 pointers;
    flyi's keep their element type, so the offset is counted in elements when it is a whole number of them)."""
    if isinstance(nbytes, int) and nbytes == 0:
        return ptr
    fx = _fx()
    dtype = getattr(ptr, "dtype", None)
    width = getattr(dtype, "width", 8) // 8 or 1
    if isinstance(nbytes, int) and nbytes % width == 0:
        return fx.add_offset(ptr, nbytes // width)
    return fx.add_offset(fx.recast_iter(fx.Uint8, ptr), nbytes)


def _add_offset(ptr, nbytes):
    return _struct_module().add_offset(ptr, nbytes)


def _recast(dtype, ptr):
    if getattr(ptr, "dtype", None) is dtype:
        return ptr
    return _fx().recast_iter(dtype, ptr)


def peek_from_ptr(dsl_type, ptr):
    """The value of dsl_type stored at ptr (its __peek_from_ptr__; a numeric type's: a load)."""
    f = getattr(dsl_type, "__peek_from_ptr__", None)
    if f is not None:
        return f(ptr)
    if _is_numeric_type(dsl_type):
        _protocol().dsl_size_of(dsl_type)  # sub-byte types are no Storable
        return _fx().ptr_load(_recast(dsl_type, ptr))
    raise TypeError(f"type {dsl_type} does not implement the Storable protocol")


def poke_into_ptr(dsl_type, ptr, value):
    """Stores value as dsl_type at ptr (its __poke_into_ptr__; a numeric type's: a store of the converted value)."""
    f = getattr(dsl_type, "__poke_into_ptr__", None)
    if f is not None:
        f(ptr, value)
        return None
    if _is_numeric_type(dsl_type):
        _protocol().dsl_size_of(dsl_type)
        fx = _fx()
        v = value.to(dsl_type) if isinstance(value, fx.Numeric) else dsl_type(value)
        fx.ptr_store(v, _recast(dsl_type, ptr))
        return None
    raise TypeError(f"type {dsl_type} does not implement the Storable protocol")


# ---------------------------------------------------------------- composites


def _fields(t):
    """[(name, type)] of a struct / union type in declaration order (None for a constexpr field of flyi's C
    structs), or None when t is no composite."""
    defs = getattr(t, "__dsl_field_defs__", None)
    if defs is not None:
        return [(f.name, f.type_spec) for f in defs]
    return getattr(t, "_flyi_field_types", None)


def _is_constexpr(t):
    """True for a Constexpr field type (flyi's Constexpr[...] are ConstexprType objects, no classes)."""
    if t is None or type(t).__name__ == "ConstexprType":
        return True
    c = getattr(_fx(), "Constexpr", None)
    return isinstance(c, type) and isinstance(t, type) and issubclass(t, c)


def _offsets(t):
    return _struct_module()._storage_layout(t)[2]


def _struct_peek(t, ptr):
    offsets = _offsets(t)
    consts = getattr(t, "__dsl_constexpr_values__", {})  # a specialised class's Constexpr values
    values = {}
    for name, ft in _fields(t):
        if _is_constexpr(ft):
            if name in consts:
                values[name] = consts[name]
            continue
        values[name] = peek_from_ptr(ft, _add_offset(ptr, offsets[name]))
    return t(**values)


def _struct_poke(t, ptr, value):
    offsets = _offsets(t)
    for name, ft in _fields(t):
        if _is_constexpr(ft):
            continue
        poke_into_ptr(ft, _add_offset(ptr, offsets[name]), getattr(value, name))


class ArrayRef:
    """An fx.Array's value over a pointer (FlyDSL's Array instance): [i], [i] = v, .view(layout), .ptr."""

    def __init__(self, array_type, ptr):
        self._array_type = array_type
        self._ptr_value = ptr

    @property
    def ptr(self):
        return self._ptr_value

    def __getitem__(self, offset):
        return self._ptr_value[offset]

    def __setitem__(self, offset, value):
        self._ptr_value[offset] = value

    def view(self, layout):
        return _fx().make_view(self._ptr_value, layout)

    def __len__(self):
        return self._array_type.size

    def __repr__(self):
        return f"{_type_name(self._array_type)}({self._ptr_value})"

    # FlyDSL's DslType protocol: an array value is its pointer
    def __extract_to_ir_values__(self):
        return [self._ptr_value]

    @classmethod
    def __construct_from_ir_values__(cls, values, exemplar=None):
        return _array_from_ir_values(exemplar._array_type if exemplar is not None else None, values)


def _array_from_ir_values(array_type, values):
    """The array value of array_type over its one ir.Value (a pointer); FlyDSL's ValueError for another count."""
    values = list(values)
    if len(values) != 1:
        raise ValueError(f"{_type_name(array_type)} expects 1 ir.Value, got {len(values)}")
    if array_type is None:
        raise TypeError("Cannot construct an fx.Array value without its array type")
    return ArrayRef(array_type, values[0])


def _array_peek(array_type, ptr):
    return ArrayRef(array_type, _recast(array_type.dtype, ptr))


# ---------------------------------------------------------------- fx.Storage[T]


class Storage:
    """Typed memory view: Storage[T](ptr) for a Storable T. ._ptr is the pointer, ._target_type T; .peek() and
    .poke(value) call T's __peek_from_ptr__ / __poke_into_ptr__; for a struct or union T, .name is
    Storage[field type] at that field's offset."""

    _target_type = None
    _cache = {}

    def __class_getitem__(cls, target_type):
        cached = Storage._cache.get(target_type)
        if cached is not None:
            return cached
        name = f"Storage[{_type_name(target_type)}]"
        impl = type(name, (_StorageImpl,), {"_target_type": target_type})
        impl.__qualname__ = name
        Storage._cache[target_type] = impl
        return impl


class _StorageImpl(Storage):
    def __init__(self, ptr, prebuilt=None):
        object.__setattr__(self, "_ptr", ptr)
        object.__setattr__(self, "_prebuilt", prebuilt or {})

    def _name(self):
        return type(self).__name__

    def _need_ptr(self, what):
        ptr = object.__getattribute__(self, "_ptr")
        if ptr is None:
            raise RuntimeError(
                f"{self._name()}.{what}() requires a backing pointer; this Storage has neither a base pointer nor "
                "a prebuilt sub-allocation tree.")
        return ptr

    def peek(self):
        t = type(self)._target_type
        prebuilt = object.__getattribute__(self, "_prebuilt")
        if prebuilt and _fields(t) is not None:
            return t(**{n: prebuilt[n].peek() for n, ft in _fields(t) if n in prebuilt})
        return peek_from_ptr(t, self._need_ptr("peek"))

    def poke(self, value):
        t = type(self)._target_type
        prebuilt = object.__getattribute__(self, "_prebuilt")
        if prebuilt and _fields(t) is not None:
            for n, ft in _fields(t):
                if n in prebuilt:
                    prebuilt[n].poke(getattr(value, n))
            return None
        return poke_into_ptr(t, self._need_ptr("poke"), value)

    def __getattr__(self, name):
        prebuilt = object.__getattribute__(self, "_prebuilt")
        if name in prebuilt:
            return prebuilt[name]
        t = type(self)._target_type
        fields = _fields(t)
        if fields is None or name.startswith("__"):
            raise AttributeError(f"{self._name()} has no attribute '{name}'")
        types = dict(fields)
        if name not in types:
            raise AttributeError(f"{self._name()} has no field '{name}'. Available: {[n for n, _ in fields]}")
        offsets = _offsets(t)
        if _is_constexpr(types[name]) or name not in offsets:
            raise AttributeError(f"{self._name()} field '{name}' is compile-time only and has no storage")
        ptr = object.__getattribute__(self, "_ptr")
        if ptr is None:
            raise AttributeError(f"{self._name()} has no backing pointer and no prebuilt entry for '{name}'.")
        return Storage[types[name]](_add_offset(ptr, offsets[name]))

    def __repr__(self):
        return f"{self._name()}({object.__getattribute__(self, '_ptr')})"


# ---------------------------------------------------------------- fx.Arena


def _align_up(value, align):
    if align <= 0:
        raise ValueError(f"alignment must be positive, got {align}")
    return (value + align - 1) // align * align


class Arena:
    """Bump-pointer allocator over one base pointer (any address space): allocate(T) places T at the next
    multiple of its alignment and returns Storage[T] at base_ptr + that offset; allocate(n) n raw bytes
    (Storage[Array[Uint8, n]]). A subclass supplies base_ptr."""

    DEFAULT_BASE_ALIGNMENT = 16

    def __init__(self, base_alignment=DEFAULT_BASE_ALIGNMENT):
        self._offset = 0
        self._base_alignment = base_alignment

    @property
    def base_ptr(self):
        raise NotImplementedError

    @property
    def allocated_bytes(self):
        return self._offset

    def _bump(self, nbytes, align):
        offset = _align_up(self._offset, align)
        self._offset = offset + nbytes
        return offset

    def allocate(self, storable_or_int, alignment=None):
        fx = _fx()
        if isinstance(storable_or_int, int):
            nbytes = storable_or_int
            if nbytes <= 0:
                raise ValueError(f"allocate size must be > 0, got {nbytes}")
            offset = self._bump(nbytes, alignment if alignment is not None else self._base_alignment)
            return Storage[fx.Array[fx.Uint8, nbytes]](_add_offset(self.base_ptr, offset))
        p = _protocol()
        nbytes = p.dsl_size_of(storable_or_int)
        align = p.dsl_align_of(storable_or_int)
        if alignment is not None:
            align = max(align, alignment)
        offset = self._bump(nbytes, align)
        return Storage[storable_or_int](_add_offset(self.base_ptr, offset))

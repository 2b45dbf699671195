"""create and manipulate C data types in Python (flyi).

C values live in bytearrays (or at foreign addresses: from_address, pointers, cast); the
_ctypes module reads and writes them by address and calls C functions through libffi. Covered:
the scalar types, pointers (POINTER, pointer, byref, cast), arrays (c_int * 4), Structure and
Union with _fields_ (no bit fields), create_string_buffer, CDLL/cdll and calls with
argtypes/restype/errcheck (structures may be passed by value), CFUNCTYPE callbacks on simple
types and pointers (called on the interpreter's own threads). Not covered: wide characters,
unions or structures as results, by-value unions, bit fields."""

import _ctypes as _c

__version__ = "1.1.0"

RTLD_LOCAL = _c.RTLD_LOCAL
RTLD_GLOBAL = _c.RTLD_GLOBAL
DEFAULT_MODE = RTLD_LOCAL


class ArgumentError(Exception):
    pass


class _CDataType(type):
    """The metaclass of every C type: C arrays come from `T * n`; Structure/Union lay out their
    _fields_ when the class is made or when _fields_ is assigned."""

    def __mul__(cls, n):
        return _array_type(cls, n)

    __rmul__ = __mul__

    def __setattr__(cls, name, value):
        super().__setattr__(name, value)
        if name == '_fields_' and getattr(cls, '_is_struct', False):
            _layout(cls, value)


class PyCSimpleType(_CDataType):
    pass


class PyCPointerType(_CDataType):
    pass


class PyCArrayType(_CDataType):
    pass


class PyCStructType(_CDataType):
    pass


class UnionType(_CDataType):
    pass


class _CData(metaclass=_CDataType):
    _size_ = 0
    _align_ = 1

    def _init_mem(self, addr=None, keep=None):
        if addr is None:
            keep = bytearray(max(self._size_, 1))
            addr = _c.addr(keep)
        object.__setattr__(self, '_b_base_', keep)
        object.__setattr__(self, '_b_addr_', addr)
        object.__setattr__(self, '_objects', None)

    def _keep(self, obj):
        objs = self._objects
        if objs is None:
            objs = []
            object.__setattr__(self, '_objects', objs)
        objs.append(obj)

    @classmethod
    def from_address(cls, address):
        obj = cls.__new__(cls)
        obj._init_mem(address, None)
        return obj

    @classmethod
    def _view(cls, address, keep):
        obj = cls.__new__(cls)
        obj._init_mem(address, keep)
        return obj

    @classmethod
    def from_buffer(cls, source, offset=0):
        if not isinstance(source, bytearray):
            raise TypeError("underlying buffer is not writable")
        if len(source) < offset + cls._size_:
            raise ValueError(f"Buffer size too small ({len(source)} instead of at least "
                             f"{offset + cls._size_} bytes)")
        return cls._view(_c.addr(source) + offset, source)

    @classmethod
    def from_buffer_copy(cls, source, offset=0):
        if len(source) < offset + cls._size_:
            raise ValueError(f"Buffer size too small ({len(source)} instead of at least "
                             f"{offset + cls._size_} bytes)")
        obj = cls.__new__(cls)
        obj._init_mem()
        data = bytes(source[offset:offset + cls._size_])
        _c.memmove(obj._b_addr_, _c.addr(data), len(data))
        return obj

    @classmethod
    def in_dll(cls, library, name):
        return cls.from_address(_c.dlsym(library._handle, name))

    def __bytes__(self):
        return _c.string_at(self._b_addr_, self._size_)

    def __reduce__(self):
        raise ValueError("ctypes objects containing pointers cannot be pickled")


# ------------------------------------------------------------------ scalar types

class _SimpleCData(_CData, metaclass=PyCSimpleType):
    _type_ = 'i'

    def __init__(self, value=None):
        self._init_mem()
        if value is not None:
            self.value = value

    @property
    def value(self):
        return _c.get(self._b_addr_, self._type_)

    @value.setter
    def value(self, v):
        _c.set(self._b_addr_, self._type_, self._check(v))

    @classmethod
    def _check(cls, v):
        code = cls._type_
        if code in 'fd':
            if not isinstance(v, (int, float)):
                raise TypeError("must be real number, not " + type(v).__name__)
            return v
        if code == '?':
            return v
        if isinstance(v, float) or not hasattr(type(v), '__index__'):
            if isinstance(v, float):
                raise TypeError("int expected instead of float")
            raise TypeError(f"'{type(v).__name__}' object cannot be interpreted as an integer")
        return v

    @classmethod
    def from_param(cls, obj):
        if isinstance(obj, cls):
            return obj
        return cls(obj)

    def __bool__(self):
        return bool(self.value)

    def __repr__(self):
        if type(self).__bases__[0] is not _SimpleCData:
            return f"<{type(self).__name__} object at {hex(id(self))}>"
        return f"{type(self).__name__}({self.value!r})"


def _simple(name, code, size):
    return PyCSimpleType(name, (_SimpleCData,), {'_type_': code, '_size_': size, '_align_': size,
                                             '__module__': 'ctypes'})


c_byte = _simple('c_byte', 'b', 1)
c_ubyte = _simple('c_ubyte', 'B', 1)
c_short = _simple('c_short', 'h', 2)
c_ushort = _simple('c_ushort', 'H', 2)
c_int = _simple('c_int', 'i', 4)
c_uint = _simple('c_uint', 'I', 4)
c_long = _simple('c_long', 'l', 8)
c_ulong = _simple('c_ulong', 'L', 8)
c_float = _simple('c_float', 'f', 4)
c_double = _simple('c_double', 'd', 8)
c_longdouble = c_double
c_bool = _simple('c_bool', '?', 1)
c_longlong = c_long
c_ulonglong = c_ulong
c_int8, c_int16, c_int32, c_int64 = c_byte, c_short, c_int, c_long
c_uint8, c_uint16, c_uint32, c_uint64 = c_ubyte, c_ushort, c_uint, c_ulong
c_size_t = c_ulong
c_ssize_t = c_long


class c_char(_SimpleCData):
    _type_ = 'c'
    _size_ = 1
    _align_ = 1

    @classmethod
    def _check(cls, v):
        if isinstance(v, (bytes, bytearray)) and len(v) == 1:
            return bytes(v)
        if isinstance(v, int) and 0 <= v < 256:
            return v
        raise TypeError("one character bytes, bytearray or integer expected")


class c_void_p(_SimpleCData):
    _type_ = 'P'
    _size_ = 8
    _align_ = 8

    @classmethod
    def _check(cls, v):
        if v is None or isinstance(v, int):
            return v
        raise TypeError(f"cannot be converted to pointer")

    @classmethod
    def from_param(cls, obj):
        return c_void_p(_address_arg(obj, None))


c_voidp = c_void_p


class c_char_p(_SimpleCData):
    _type_ = 'z'
    _size_ = 8
    _align_ = 8

    @property
    def value(self):
        return _c.get(self._b_addr_, 'z')

    @value.setter
    def value(self, v):
        if v is None:
            _c.set(self._b_addr_, 'P', 0)
        elif isinstance(v, int):
            _c.set(self._b_addr_, 'P', v)
        elif isinstance(v, bytes):
            buf = bytearray(v) + b'\0'
            self._keep(buf)
            _c.set(self._b_addr_, 'P', _c.addr(buf))
        else:
            raise TypeError(f"bytes or integer address expected instead of {type(v).__name__} instance")

    def __repr__(self):
        return f"{type(self).__name__}({_c.get(self._b_addr_, 'P') or 0})"


# ------------------------------------------------------------------ pointers

_pointer_type_cache = {}


class _Pointer(_CData, metaclass=PyCPointerType):
    _type_ = None
    _size_ = 8
    _align_ = 8

    def __init__(self, obj=None):
        self._init_mem()
        if obj is not None:
            self.contents = obj

    def _ptr(self):
        return _c.get(self._b_addr_, 'P') or 0

    @property
    def contents(self):
        p = self._ptr()
        if not p:
            raise ValueError("NULL pointer access")
        return self._type_._view(p, self)

    @contents.setter
    def contents(self, obj):
        if not isinstance(obj, self._type_):
            raise TypeError(f"expected {self._type_.__name__} instead of {type(obj).__name__}")
        self._keep(obj)
        _c.set(self._b_addr_, 'P', obj._b_addr_)

    def __getitem__(self, i):
        p = self._ptr()
        if not p:
            raise ValueError("NULL pointer access")
        if isinstance(i, slice):
            return [self[k] for k in range(i.start or 0, i.stop, i.step or 1)]
        return _get_item(self._type_, p + i * self._type_._size_, self)

    def __setitem__(self, i, v):
        p = self._ptr()
        if not p:
            raise ValueError("NULL pointer access")
        _set_item(self._type_, p + i * self._type_._size_, v, self)

    def __bool__(self):
        return self._ptr() != 0


def POINTER(cls):
    """Create and return a new ctypes pointer type."""
    try:
        return _pointer_type_cache[cls]
    except KeyError:
        pass
    if isinstance(cls, str):
        t = PyCPointerType(cls, (_Pointer,), {})
        _pointer_type_cache[id(t)] = t
        return t
    t = PyCPointerType('LP_' + cls.__name__, (_Pointer,), {'_type_': cls})
    _pointer_type_cache[cls] = t
    return t


def pointer(obj):
    """Create a new pointer instance, pointing to obj."""
    return POINTER(type(obj))(obj)


def SetPointerType(pointer, cls):
    pointer._type_ = cls


# ------------------------------------------------------------------ arrays

_array_type_cache = {}


class Array(_CData, metaclass=PyCArrayType):
    _type_ = None
    _length_ = 0

    def __init__(self, *args):
        self._init_mem()
        if len(args) > self._length_:
            raise IndexError("invalid index")
        for i, v in enumerate(args):
            self[i] = v

    def __len__(self):
        return self._length_

    def _index(self, i):
        if i < 0:
            i += self._length_
        if not 0 <= i < self._length_:
            raise IndexError("invalid index")
        return i

    def __getitem__(self, i):
        if isinstance(i, slice):
            items = [self[k] for k in range(*i.indices(self._length_))]
            if self._type_ is c_char:
                return b''.join(items)
            return items
        i = self._index(i)
        return _get_item(self._type_, self._b_addr_ + i * self._type_._size_, self)

    def __setitem__(self, i, v):
        if isinstance(i, slice):
            idx = range(*i.indices(self._length_))
            if len(v) != len(idx):
                raise ValueError("Can only assign sequence of same size")
            for k, x in zip(idx, v):
                self[k] = x
            return
        i = self._index(i)
        _set_item(self._type_, self._b_addr_ + i * self._type_._size_, v, self)

    def __iter__(self):
        for i in range(self._length_):
            yield self[i]

    @property
    def value(self):
        if self._type_ is not c_char:
            raise AttributeError(f"'{type(self).__name__}' object has no attribute 'value'")
        raw = self.raw
        n = raw.find(b'\0')
        return raw if n < 0 else raw[:n]

    @value.setter
    def value(self, v):
        if self._type_ is not c_char:
            raise AttributeError(f"'{type(self).__name__}' object has no attribute 'value'")
        if len(v) > self._length_:
            raise ValueError("byte string too long")
        data = bytes(v) + (b'\0' if len(v) < self._length_ else b'')
        _c.memmove(self._b_addr_, _c.addr(data), len(data))

    @property
    def raw(self):
        if self._type_ is not c_char:
            raise AttributeError(f"'{type(self).__name__}' object has no attribute 'raw'")
        return _c.string_at(self._b_addr_, self._length_)

    @raw.setter
    def raw(self, v):
        if len(v) > self._length_:
            raise ValueError("byte string too long")
        data = bytes(v)
        _c.memmove(self._b_addr_, _c.addr(data), len(data))


def _array_type(cls, n):
    if not isinstance(n, int):
        raise TypeError("can't multiply sequence by non-int of type '" + type(n).__name__ + "'")
    if n < 0:
        raise ValueError("Array length must be >= 0, not " + str(n))
    key = (cls, n)
    t = _array_type_cache.get(key)
    if t is None:
        t = PyCArrayType(f"{cls.__name__}_Array_{n}", (Array,),
                       {'_type_': cls, '_length_': n, '_size_': cls._size_ * n, '_align_': cls._align_})
        _array_type_cache[key] = t
    return t


def ARRAY(typ, len):
    return typ * len


# ------------------------------------------------------------------ element access

def _is_simple(t):
    return isinstance(t, type) and issubclass(t, _SimpleCData) and t.__bases__[0] is _SimpleCData \
        or t is c_char or t is c_void_p or t is c_char_p


def _get_item(t, addr, keep):
    if _is_simple(t):
        return _c.get(addr, t._type_)
    if issubclass(t, Array) and t._type_ is c_char:
        return t._view(addr, keep).value
    return t._view(addr, keep)


def _set_item(t, addr, v, owner):
    if _is_simple(t):
        if isinstance(v, t):
            v = v.value
        if t is c_char_p and isinstance(v, bytes):
            buf = bytearray(v) + b'\0'
            owner._keep(buf)
            _c.set(addr, 'P', _c.addr(buf))
            return
        _c.set(addr, t._type_, t._check(v) if t not in (c_char_p,) else v)
        return
    if issubclass(t, _Pointer) and (v is None or isinstance(v, int)):
        _c.set(addr, 'P', v or 0)
        return
    if not isinstance(v, t):
        if issubclass(t, (Structure, Union)) and isinstance(v, tuple):
            v = t(*v)
        elif issubclass(t, Array) and isinstance(v, (list, tuple)):
            v = t(*v)
        elif issubclass(t, Array) and t._type_ is c_char and isinstance(v, bytes):
            v = t(*[v[i:i + 1] for i in range(len(v))])
        else:
            raise TypeError(f"expected {t.__name__} instance, got {type(v).__name__}")
    if isinstance(v, _Pointer) and v._objects:
        owner._keep(v._objects)
    _c.memmove(addr, v._b_addr_, t._size_)


# ------------------------------------------------------------------ structures

class _Field:
    def __init__(self, name, typ, offset, size):
        self.name = name
        self.type = typ
        self.offset = offset
        self.size = size

    def __get__(self, obj, owner=None):
        if obj is None:
            return self
        return _get_item(self.type, obj._b_addr_ + self.offset, obj)

    def __set__(self, obj, value):
        _set_item(self.type, obj._b_addr_ + self.offset, value, obj)

    def __repr__(self):
        return f"<Field type={self.type.__name__}, ofs={self.offset}, size={self.size}>"


def _layout(cls, fields):
    union = issubclass(cls, Union)
    pack = getattr(cls, '_pack_', 0)
    offset = 0
    size = 0
    align = 1
    base = cls.__mro__[1]
    if not union and getattr(base, '_is_struct', False) and base not in (Structure, Union):
        offset = size = base._size_
        align = base._align_
    for f in fields:
        if len(f) != 2:
            raise TypeError("bit fields are not supported by flyi's ctypes")
        name, t = f
        if not (isinstance(t, type) and issubclass(t, _CData)):
            raise TypeError("second item in _fields_ tuple (index 0) must be a C type")
        a = t._align_
        if pack:
            a = min(a, pack)
        if union:
            off = 0
            size = max(size, t._size_)
        else:
            off = (offset + a - 1) // a * a
            offset = off + t._size_
            size = offset
        align = max(align, a)
        type.__setattr__(cls, name, _Field(name, t, off, t._size_))
    size = (size + align - 1) // align * align
    type.__setattr__(cls, '_size_', size)
    type.__setattr__(cls, '_align_', align)
    type.__setattr__(cls, '_field_names_', [f[0] for f in fields])


class _StructBase(_CData):
    _is_struct = True
    _field_names_ = []

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        if '_fields_' in cls.__dict__:
            _layout(cls, cls.__dict__['_fields_'])
        else:
            base = cls.__mro__[1]
            type.__setattr__(cls, '_size_', getattr(base, '_size_', 0))

    def __init__(self, *args, **kwargs):
        self._init_mem()
        names = self._all_fields()
        if len(args) > len(names):
            raise TypeError("too many initializers")
        for name, v in zip(names, args):
            setattr(self, name, v)
        for name, v in kwargs.items():
            setattr(self, name, v)

    @classmethod
    def _all_fields(cls):
        names = []
        for k in reversed(cls.__mro__):
            if '_fields_' in k.__dict__:
                names.extend(f[0] for f in k.__dict__['_fields_'])
        return names

    def __setattr__(self, name, value):
        object.__setattr__(self, name, value)


class Structure(_StructBase, metaclass=PyCStructType):
    """Structure base class"""


class Union(_StructBase, metaclass=UnionType):
    """Union base class"""


class BigEndianStructure(Structure):
    pass


LittleEndianStructure = Structure


# ------------------------------------------------------------------ functions on C data

def sizeof(obj_or_type):
    """sizeof(C type) -> integer; sizeof(C instance) -> integer"""
    t = obj_or_type if isinstance(obj_or_type, type) else type(obj_or_type)
    if not (isinstance(t, type) and issubclass(t, _CData)):
        raise TypeError("this type has no size")
    return t._size_


def alignment(obj_or_type):
    """alignment(C type) -> integer; alignment(C instance) -> integer"""
    t = obj_or_type if isinstance(obj_or_type, type) else type(obj_or_type)
    if not (isinstance(t, type) and issubclass(t, _CData)):
        raise TypeError("no alignment info")
    return t._align_


def addressof(obj):
    """addressof(C instance) -> integer: the address of the C instance internal buffer"""
    if not isinstance(obj, _CData):
        raise TypeError("invalid type")
    return obj._b_addr_


class _CArgObject:
    def __init__(self, obj, addr):
        self._obj = obj
        self._addr = addr

    def __repr__(self):
        return f"<cparam 'P' ({hex(self._addr)})>"


def byref(obj, offset=0):
    """byref(C instance[, offset=0]) -> byref-object: a light-weight pointer for function
    arguments"""
    if not isinstance(obj, _CData):
        raise TypeError(f"byref() argument must be a ctypes instance, not '{type(obj).__name__}'")
    return _CArgObject(obj, obj._b_addr_ + offset)


def _pointer_value(obj):
    if isinstance(obj, (_Pointer, c_void_p, c_char_p)):
        return _c.get(obj._b_addr_, 'P') or 0
    if isinstance(obj, _CData):
        return obj._b_addr_
    if isinstance(obj, int):
        return obj
    if obj is None:
        return 0
    if isinstance(obj, _CArgObject):
        return obj._addr
    raise ArgumentError("wrong type")


def cast(obj, typ):
    """cast(obj, type): the value of obj (a pointer, array, address or None) as pointer type."""
    if not (isinstance(typ, type) and (issubclass(typ, _Pointer) or typ in (c_void_p, c_char_p))):
        raise TypeError("cast() argument 2 must be a pointer type, not " + getattr(typ, '__name__', type(typ).__name__))
    if isinstance(obj, bytes):
        buf = bytearray(obj) + b'\0'
        addr = _c.addr(buf)
        obj = buf
    else:
        addr = _pointer_value(obj)
    r = typ()
    _c.set(r._b_addr_, 'P', addr)
    r._keep(obj)
    return r


def memmove(dst, src, count):
    """memmove(dst, src, count): copy count bytes (dst/src: addresses or C objects)."""
    return _c.memmove(_address_arg(dst, None), _address_arg(src, None), count)


def memset(dst, c, count):
    """memset(dst, c, count): fill count bytes with c."""
    return _c.memset(_address_arg(dst, None), c, count)


def string_at(ptr, size=-1):
    """string_at(addr[, size]) -> string: the string at addr."""
    return _c.string_at(_address_arg(ptr, None), size)


def create_string_buffer(init, size=None):
    """create_string_buffer(aBytes) -> character array; create_string_buffer(anInteger) ->
    character array; create_string_buffer(aBytes, anInteger) -> character array"""
    if isinstance(init, bytes):
        if size is None:
            size = len(init) + 1
        buftype = c_char * size
        buf = buftype()
        buf.value = init
        return buf
    elif isinstance(init, int):
        buftype = c_char * init
        return buftype()
    raise TypeError(init)


c_buffer = create_string_buffer


def resize(obj, size):
    raise ValueError("resize is not supported by flyi's ctypes")


def get_errno():
    return _c.errno()


def set_errno(value):
    return 0


# ------------------------------------------------------------------ libraries and calls

def _address_arg(obj, keep):
    """An address for a pointer argument: ints, None, C objects, byref(), bytes."""
    if obj is None:
        return 0
    if isinstance(obj, _CFuncPtr):
        return _c.get(obj._b_addr_, 'P') or 0
    if isinstance(obj, int):
        return obj
    if isinstance(obj, (bytes, bytearray)):
        buf = obj if isinstance(obj, bytearray) else bytearray(obj) + b'\0'
        if keep is not None:
            keep.append(buf)
        return _c.addr(buf)
    if isinstance(obj, _CArgObject):
        return obj._addr
    if isinstance(obj, (_Pointer, c_void_p, c_char_p)):
        return _c.get(obj._b_addr_, 'P') or 0
    if isinstance(obj, _CData):
        return obj._b_addr_
    ap = getattr(obj, '_as_parameter_', None)
    if ap is not None:
        return _address_arg(ap, keep)
    raise TypeError("wrong type")


def _convert_arg(i, arg, t, keep):
    """(code, value) for argument i (1-based) of declared type t (None: no argtypes)."""
    try:
        ap = getattr(arg, '_as_parameter_', None)
        if ap is not None and not isinstance(arg, _CData):
            arg = ap
        if t is None:
            if arg is None:
                return 'P', 0
            if isinstance(arg, bool) or isinstance(arg, int):
                return 'i', int(arg)
            if isinstance(arg, bytes):
                return 'z', _address_arg(arg, keep)
            if isinstance(arg, _SimpleCData):
                return (arg._type_ if arg._type_ not in 'cz' else ('b' if arg._type_ == 'c' else 'P'),
                        _pointer_value(arg) if arg._type_ in 'Pz' else
                        (arg.value[0] if arg._type_ == 'c' else arg.value))
            if isinstance(arg, (_CData, _CArgObject)):
                return 'P', _address_arg(arg, keep)
            raise TypeError(f"Don't know how to convert parameter {i}")
        if isinstance(t, type) and issubclass(t, _CFuncPtr):
            if arg is None:
                return 'P', 0
            if not isinstance(arg, _CFuncPtr):
                arg = t(arg)
                keep.append(arg)
            return 'P', _c.get(arg._b_addr_, 'P') or 0
        if t in (c_void_p, c_char_p) or (isinstance(t, type) and issubclass(t, _Pointer)):
            if isinstance(t, type) and issubclass(t, _Pointer) and isinstance(arg, _CData) \
                    and not isinstance(arg, (_Pointer, Array)) and t._type_ is not None \
                    and not isinstance(arg, t._type_):
                raise TypeError(f"expected {t.__name__} instance instead of {type(arg).__name__}")
            if isinstance(t, type) and issubclass(t, _Pointer) and isinstance(arg, t._type_ or ()):
                return 'P', arg._b_addr_
            if t is c_char_p and isinstance(arg, str):
                raise TypeError(f"wrong type")
            return 'P', _address_arg(arg, keep)
        if isinstance(t, type) and issubclass(t, _SimpleCData):
            if isinstance(arg, _SimpleCData):
                arg = arg.value
            if t is c_char:
                return 'b', arg[0] if isinstance(arg, bytes) else arg
            if t._type_ in 'fd':
                if not isinstance(arg, (int, float)):
                    raise TypeError("wrong type")
                return t._type_, float(arg)
            if t._type_ == '?':
                return 'B', 1 if arg else 0
            if not isinstance(arg, int):
                raise TypeError("wrong type")
            return t._type_, arg
        if isinstance(t, type) and issubclass(t, Structure):
            if not isinstance(arg, t):
                if isinstance(arg, tuple):
                    arg = t(*arg)
                else:
                    raise TypeError(f"expected {t.__name__} instance instead of {type(arg).__name__}")
            keep.append(arg)
            return 'S', (arg._b_addr_, _ffi_layout(t))
        if isinstance(t, type) and issubclass(t, (Union, Array)):
            raise TypeError("passing unions or arrays by value is not supported by flyi")
        if hasattr(t, 'from_param'):
            return _convert_arg(i, t.from_param(arg), None, keep)
        raise TypeError("wrong type")
    except TypeError as e:
        raise ArgumentError(f"argument {i}: TypeError: {e}") from None


def _ffi_layout(t):
    """The member layout of a structure for libffi: scalar codes, nested structures in braces,
    arrays as repeated members (unions are not supported)."""
    if issubclass(t, Union):
        raise TypeError("passing unions by value is not supported by flyi")
    if issubclass(t, Structure):
        parts = []
        for k in reversed(t.__mro__):
            for f in k.__dict__.get('_fields_', ()):
                parts.append(_ffi_layout(f[1]))
        return '{' + ''.join(parts) + '}'
    if issubclass(t, Array):
        return _ffi_layout(t._type_) * t._length_
    if issubclass(t, _Pointer) or t in (c_void_p, c_char_p):
        return 'P'
    if t is c_char:
        return 'b'
    return t._type_


def _result_code(rt):
    if rt is None:
        return 'v'
    if isinstance(rt, type) and issubclass(rt, _Pointer):
        return 'P'
    if isinstance(rt, type) and issubclass(rt, _SimpleCData):
        return rt._type_
    if callable(rt):
        return 'i'
    raise TypeError("restype must be a type, a callable, or None")


def _call_function(self, *args):
        argtypes = self.argtypes
        keep = []
        codes = []
        vals = []
        nfixed = -1
        if argtypes is not None:
            argtypes = list(argtypes)
            if len(args) < len(argtypes):
                raise TypeError(f"this function takes at least {len(argtypes)} argument"
                                f"{'s' if len(argtypes) != 1 else ''} ({len(args)} given)")
            if len(args) > len(argtypes):
                nfixed = len(argtypes)
        for i, a in enumerate(args):
            t = argtypes[i] if argtypes is not None and i < len(argtypes) else None
            c, v = _convert_arg(i + 1, a, t, keep)
            codes.append(c)
            vals.append(v)
        rt = self.restype
        r = _c.call(self._fn_addr(), _result_code(rt), ''.join(codes), vals, nfixed)
        if isinstance(rt, type) and issubclass(rt, _Pointer):
            p = rt()
            _c.set(p._b_addr_, 'P', r or 0)
            r = p
        elif isinstance(rt, type) and issubclass(rt, _SimpleCData):
            if rt.__bases__[0] is not _SimpleCData and rt not in (c_char, c_void_p, c_char_p):
                r = rt(r)
        elif rt is not None and callable(rt):
            r = rt(r)
        if self.errcheck is not None:
            r = self.errcheck(r, self, args)
        return r


class _FuncPtr:
    """A C function of a library: set argtypes, restype (default c_int) and errcheck, then call."""

    def __init__(self, addr, name, lib):
        self._addr = addr
        self.__name__ = name
        self._lib = lib
        self.argtypes = None
        self.restype = c_int
        self.errcheck = None

    def _fn_addr(self):
        return self._addr

    __call__ = _call_function

    def __repr__(self):
        return f"<_FuncPtr object at {hex(id(self))}>"


def _from_c(t, v):
    """A callback argument as the Python callable sees it."""
    if isinstance(t, type) and issubclass(t, _Pointer):
        p = t()
        _c.set(p._b_addr_, 'P', v or 0)
        return p
    if isinstance(t, type) and issubclass(t, _SimpleCData) and t.__bases__[0] is not _SimpleCData \
            and t not in (c_char, c_void_p, c_char_p):
        return t(v)
    return v


def _c_code(t):
    if t is None:
        return 'v'
    if isinstance(t, type) and (issubclass(t, _Pointer) or issubclass(t, _CFuncPtr)):
        return 'P'
    if t is c_char_p:
        return 'P'
    if isinstance(t, type) and issubclass(t, _SimpleCData):
        return t._type_
    raise TypeError("callbacks take and return only simple C types and pointers in flyi")


class _CFuncPtr(_CData):
    """A C function pointer type made by CFUNCTYPE: from a Python callable (a callback C can
    call), or from an address."""
    _size_ = 8
    _align_ = 8
    _argtypes_ = ()
    _restype_ = None
    _flags_ = 0

    def __init__(self, func=None):
        self._init_mem()
        self.argtypes = self._argtypes_
        self.restype = self._restype_
        self.errcheck = None
        if func is None:
            return
        if isinstance(func, int):
            _c.set(self._b_addr_, 'P', func)
            return
        if not callable(func):
            raise TypeError("argument must be callable or integer function address")
        argtypes = list(self._argtypes_)

        def thunk(*cargs):
            r = func(*[_from_c(t, v) for t, v in zip(argtypes, cargs)])
            if isinstance(r, _SimpleCData):
                r = r.value
            return r
        codes = ''.join('P' if _c_code(t) == 'z' else _c_code(t) for t in argtypes)
        rc = _c_code(self._restype_)
        if rc == 'z':
            rc = 'P'
        addr, handle = _c.callback(thunk, rc, codes)
        _c.set(self._b_addr_, 'P', addr)
        self._keep(handle)
        self._keep(func)
        self.__name__ = getattr(func, '__name__', 'callback')

    def _fn_addr(self):
        return _c.get(self._b_addr_, 'P') or 0

    __call__ = _call_function

    def __bool__(self):
        return self._fn_addr() != 0

    def __repr__(self):
        return f"<CFunctionType object at {hex(id(self))}>"


_c_functype_cache = {}


def CFUNCTYPE(restype, *argtypes, use_errno=False, use_last_error=False):
    """CFUNCTYPE(restype, *argtypes) -> the C function pointer type of that signature."""
    key = (restype, argtypes)
    t = _c_functype_cache.get(key)
    if t is None:
        t = _CDataType("CFunctionType", (_CFuncPtr,), {'_argtypes_': argtypes, '_restype_': restype,
                                                      '__module__': 'ctypes'})
        _c_functype_cache[key] = t
    return t


PYFUNCTYPE = CFUNCTYPE


class CDLL:
    """An instance of this class represents a loaded dll/shared library, exporting functions
    using the standard C calling convention."""
    _func_flags_ = 0
    _func_restype_ = c_int

    def __init__(self, name, mode=DEFAULT_MODE, handle=None, use_errno=False,
                 use_last_error=False, winmode=None):
        if name is not None and not isinstance(name, str):
            import os
            name = os.fspath(name)
        self._name = name
        if handle is None:
            handle = _c.dlopen(name, mode | _c.RTLD_NOW)
        self._handle = handle

    def __repr__(self):
        return "<%s '%s', handle %x at %#x>" % (self.__class__.__name__, self._name,
                                                self._handle & (_sys_maxsize * 2 + 1), id(self))

    def __getattr__(self, name):
        if name.startswith('__') and name.endswith('__'):
            raise AttributeError(name)
        func = self.__getitem__(name)
        setattr(self, name, func)
        return func

    def __getitem__(self, name_or_ordinal):
        return _FuncPtr(_c.dlsym(self._handle, name_or_ordinal), name_or_ordinal, self)


_sys_maxsize = 9223372036854775807


class PyDLL(CDLL):
    pass


class LibraryLoader:
    def __init__(self, dlltype):
        self._dlltype = dlltype

    def __getattr__(self, name):
        if name[0] == '_':
            raise AttributeError(name)
        dll = self._dlltype(name)
        setattr(self, name, dll)
        return dll

    def __getitem__(self, name):
        return getattr(self, name)

    def LoadLibrary(self, name):
        return self._dlltype(name)


cdll = LibraryLoader(CDLL)
pydll = LibraryLoader(PyDLL)

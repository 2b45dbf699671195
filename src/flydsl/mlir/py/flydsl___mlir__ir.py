# flydsl._mlir.ir: the part of MLIR's Python `ir` module FlyDSL's kernels use, built on flyi's tracer.
# A Value is a traced SSA handle with its MLIR type; ops append MLIR text at the running trace's position
# (inside a kernel trace, or in a module built under `with Context():`). fx numerics and Values are the
# same traced values: fx.Int32(v) wraps v, x.ir_value() gives it back.
import _flyi_mlir as _c
import sys as _sys

# ---------------------------------------------------------------------------------------------- types


def _split_top(s, sep=","):
    """s split at sep outside <>, (), [] and {}."""
    out, depth, cur = [], 0, ""
    for ch in s:
        if ch in "<([{":
            depth += 1
        elif ch in ">)]}":
            depth -= 1
        if ch == sep and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def _int_width(s):
    for p in ("i", "si", "ui"):
        if s.startswith(p) and s[len(p):].isdigit():
            return int(s[len(p):])
    return None


_FLOATS = {"f16": 16, "bf16": 16, "f32": 32, "f64": 64, "tf32": 19, "f8E4M3FN": 8, "f8E5M2": 8,
           "f8E4M3FNUZ": 8, "f8E5M2FNUZ": 8, "f8E8M0FNU": 8, "f8E4M3": 8, "f8E4M3B11FNUZ": 8,
           "f6E2M3FN": 6, "f6E3M2FN": 6, "f4E2M1FN": 4}


class Type:
    """An MLIR type; its text is str(t)."""

    def __init__(self, t=None):
        if isinstance(t, Type):
            t = t._s
        elif type(t).__module__ == "flydsl.expr._surface" and type(t).__name__ == "IrType":
            t = str(t)  # flydsl.expr's types by text (T.f32, Float32x4.ir_type), FlyDSL's ir.Types
        if t is None:
            raise TypeError("Type() needs a type")
        if not self._match(t):
            raise ValueError(f"Cannot cast type to {type(self).__name__} (from {t})")
        self._s = t

    @classmethod
    def _match(cls, s):
        return True

    @staticmethod
    def parse(asm, context=None):
        return _type(str(asm).strip())

    @classmethod
    def isinstance(cls, other):
        return isinstance(other, Type) and cls._match(other._s)

    @staticmethod
    def _new(cls, s):
        t = object.__new__(cls)
        t._s = s
        return t

    def maybe_downcast(self):
        return _type(self._s)

    @property
    def context(self):
        return Context.current

    @property
    def typeid(self):
        return type(self).__name__

    def __str__(self):
        return self._s

    def __repr__(self):
        return f"{type(self).__name__}({self._s})"

    def __eq__(self, other):
        return isinstance(other, Type) and other._s == self._s

    def __ne__(self, other):
        return not self.__eq__(other)

    def __hash__(self):
        return hash(self._s)


class IntegerType(Type):
    @classmethod
    def _match(cls, s):
        return _int_width(s) is not None

    @staticmethod
    def get_signless(width, context=None):
        return Type._new(IntegerType, f"i{int(width)}")

    @staticmethod
    def get_signed(width, context=None):
        return Type._new(IntegerType, f"si{int(width)}")

    @staticmethod
    def get_unsigned(width, context=None):
        return Type._new(IntegerType, f"ui{int(width)}")

    @property
    def width(self):
        return _int_width(self._s)

    @property
    def is_signless(self):
        return self._s.startswith("i")

    @property
    def is_signed(self):
        return self._s.startswith("si")

    @property
    def is_unsigned(self):
        return self._s.startswith("ui")


class IndexType(Type):
    @classmethod
    def _match(cls, s):
        return s == "index"

    @staticmethod
    def get(context=None):
        return Type._new(IndexType, "index")


class FloatType(Type):
    _name = None

    @classmethod
    def _match(cls, s):
        return s in _FLOATS if cls._name is None else s == cls._name

    @classmethod
    def get(cls, context=None):
        return Type._new(cls, cls._name)

    @property
    def width(self):
        return _FLOATS[self._s]


_FLOAT_CLASSES = {}


def _float_class(cname, mname):
    cls = type(cname, (FloatType,), {"_name": mname})
    _FLOAT_CLASSES[mname] = cls
    return cls


F16Type = _float_class("F16Type", "f16")
BF16Type = _float_class("BF16Type", "bf16")
F32Type = _float_class("F32Type", "f32")
F64Type = _float_class("F64Type", "f64")
FloatTF32Type = _float_class("FloatTF32Type", "tf32")
Float8E4M3FNType = _float_class("Float8E4M3FNType", "f8E4M3FN")
Float8E5M2Type = _float_class("Float8E5M2Type", "f8E5M2")
Float8E4M3FNUZType = _float_class("Float8E4M3FNUZType", "f8E4M3FNUZ")
Float8E5M2FNUZType = _float_class("Float8E5M2FNUZType", "f8E5M2FNUZ")
Float8E8M0FNUType = _float_class("Float8E8M0FNUType", "f8E8M0FNU")
Float8E4M3Type = _float_class("Float8E4M3Type", "f8E4M3")
Float6E2M3FNType = _float_class("Float6E2M3FNType", "f6E2M3FN")
Float6E3M2FNType = _float_class("Float6E3M2FNType", "f6E3M2FN")
Float4E2M1FNType = _float_class("Float4E2M1FNType", "f4E2M1FN")


class NoneType(Type):
    @classmethod
    def _match(cls, s):
        return s == "none"

    @staticmethod
    def get(context=None):
        return Type._new(NoneType, "none")


def _shape_text(shape):
    return "".join(("?" if d is None or d < 0 else str(d)) + "x" for d in shape)


def _parse_shaped(s, prefix):
    """(shape, element text, rest after the element) of 'prefix<4x8xf16, ...>'."""
    inner = s[len(prefix) + 1:-1]
    parts = _split_top(inner)
    body = parts[0]
    shape = []
    while True:
        i = body.find("x")
        head = body[:i] if i >= 0 else ""
        if i > 0 and (head.isdigit() or head == "?" or (head.startswith("[") and head.endswith("]"))):
            shape.append(-1 if head == "?" else int(head.strip("[]")))
            body = body[i + 1:]
        else:
            break
    return shape, body, parts[1:]


class ShapedType(Type):
    @classmethod
    def _match(cls, s):
        return s.startswith(("vector<", "memref<", "tensor<"))

    def _parts(self):
        for p in ("vector", "memref", "tensor"):
            if self._s.startswith(p + "<"):
                return _parse_shaped(self._s, p)

    @property
    def shape(self):
        return self._parts()[0]

    @property
    def element_type(self):
        return _type(self._parts()[1])

    @property
    def rank(self):
        return len(self.shape)

    def get_dim_size(self, i):
        return self.shape[i]

    def has_static_shape(self):
        return all(d >= 0 for d in self.shape)

    @staticmethod
    def get_dynamic_size():
        return -9223372036854775807 - 1

    @property
    def num_elements(self):
        n = 1
        for d in self.shape:
            n *= d
        return n


class VectorType(ShapedType):
    @classmethod
    def _match(cls, s):
        return s.startswith("vector<")

    @staticmethod
    def get(shape, element_type, scalable=None, scalable_dims=None, loc=None):
        return Type._new(VectorType, f"vector<{_shape_text(shape)}{element_type}>")


class MemRefType(ShapedType):
    @classmethod
    def _match(cls, s):
        return s.startswith("memref<")

    @staticmethod
    def get(shape, element_type, layout=None, memory_space=None, loc=None):
        extra = ""
        if layout is not None:
            extra += f", {layout}"
        if memory_space is not None:
            ms = memory_space
            extra += f", {ms.value if isinstance(ms, IntegerAttr) else ms}"
        return Type._new(MemRefType, f"memref<{_shape_text(shape)}{element_type}{extra}>")

    @property
    def memory_space(self):
        rest = self._parts()[2]
        return Attribute.parse(rest[-1]) if rest else None


class RankedTensorType(ShapedType):
    @classmethod
    def _match(cls, s):
        return s.startswith("tensor<")

    @staticmethod
    def get(shape, element_type, encoding=None, loc=None):
        return Type._new(RankedTensorType, f"tensor<{_shape_text(shape)}{element_type}>")


class FunctionType(Type):
    @classmethod
    def _match(cls, s):
        return s.startswith("(") and "->" in s

    @staticmethod
    def get(inputs, results, context=None):
        ins = ", ".join(str(t) for t in inputs)
        res = ", ".join(str(t) for t in results)
        return Type._new(FunctionType, f"({ins}) -> ({res})")

    def _io(self):
        depth = 0
        for i, ch in enumerate(self._s):
            depth += ch in "(<[{"
            depth -= ch in ")>]}"
            if depth == 0:
                ins, outs = self._s[1:i], self._s[i + 1:].strip()[2:].strip()
                if outs.startswith("(") and outs.endswith(")"):
                    outs = outs[1:-1]
                return _split_top(ins), _split_top(outs)

    @property
    def inputs(self):
        return [_type(t) for t in self._io()[0]]

    @property
    def results(self):
        return [_type(t) for t in self._io()[1]]


class OpaqueType(Type):
    @staticmethod
    def get(dialect_namespace, buffer, context=None):
        return Type._new(OpaqueType, f"!{dialect_namespace}<\"{buffer}\">")


# dialect type classes register (prefix, class) here (llvm's PointerType, fly's types)
_type_hooks = []


def _type(s):
    """The Type object of the right class for type text s."""
    for cls in (IntegerType, IndexType, VectorType, MemRefType, RankedTensorType, NoneType):
        if cls._match(s):
            return Type._new(cls, s)
    if s in _FLOAT_CLASSES:
        return Type._new(_FLOAT_CLASSES[s], s)
    for prefix, cls in _type_hooks:
        if s.startswith(prefix):
            return Type._new(cls, s)
    if FunctionType._match(s):
        return Type._new(FunctionType, s)
    return Type._new(Type, s)


# ------------------------------------------------------------------------------------------ attributes


def _float_text(v, t):
    """A float literal MLIR accepts for value v of float type text t."""
    v = float(v)
    if v != v or v in (float("inf"), float("-inf")):
        bits = {"f16": ("0x7C00", "0x7E00", "0xFC00"), "bf16": ("0x7F80", "0x7FC0", "0xFF80"),
                "f32": ("0x7F800000", "0x7FC00000", "0xFF800000"),
                "f64": ("0x7FF0000000000000", "0x7FF8000000000000", "0xFFF0000000000000")}.get(t)
        if bits is None:
            raise ValueError(f"no infinity or NaN literal for {t}")
        return bits[1] if v != v else bits[0] if v > 0 else bits[2]
    return "%.17e" % v


class Attribute:
    def __init__(self, a=None):
        if isinstance(a, Attribute):
            self._s, self._t = a._s, a._t
        else:
            self._s, self._t = str(a), None

    @staticmethod
    def parse(asm, context=None):
        a = Attribute(str(asm).strip())
        s = a._s
        if " : " in s and not s.startswith(("dense", "[", "{", "#", "array", "\"")):
            v, t = s.rsplit(" : ", 1)
            a = (FloatAttr if "." in v or "e" in v.lower() and not v.startswith("0x") else IntegerAttr)._make(v, t)
        return a

    @classmethod
    def _make(cls, s, t=None):
        a = object.__new__(cls)
        a._s, a._t = s, t
        return a

    @classmethod
    def isinstance(cls, other):
        return isinstance(other, cls)

    @property
    def type(self):
        return _type(self._t) if self._t else NoneType.get()

    def maybe_downcast(self):
        return self

    def __str__(self):
        return self._s if self._t is None else f"{self._s} : {self._t}"

    def __repr__(self):
        return f"{type(self).__name__}({self})"

    def __eq__(self, other):
        return isinstance(other, Attribute) and str(other) == str(self)

    def __hash__(self):
        return hash(str(self))


class IntegerAttr(Attribute):
    @staticmethod
    def get(type, value):
        return IntegerAttr._make(_int_text(value, str(type)), str(type))

    @property
    def value(self):
        return int(self._s, 0)

    def __int__(self):
        return self.value


class BoolAttr(Attribute):
    @staticmethod
    def get(value, context=None):
        return BoolAttr._make("true" if value else "false")

    @property
    def value(self):
        return self._s == "true"


class FloatAttr(Attribute):
    @staticmethod
    def get(type, value, loc=None):
        return FloatAttr._make(_float_text(value, str(type)), str(type))

    @staticmethod
    def get_f32(value, context=None):
        return FloatAttr.get(F32Type.get(), value)

    @staticmethod
    def get_f64(value, context=None):
        return FloatAttr.get(F64Type.get(), value)

    @property
    def value(self):
        return float(self._s) if not self._s.startswith("0x") else float("nan")

    def __float__(self):
        return self.value


class StringAttr(Attribute):
    @staticmethod
    def get(value, context=None):
        return StringAttr._make('"' + str(value).replace("\\", "\\\\").replace('"', '\\"') + '"')

    @property
    def value(self):
        return self._s[1:-1]


class UnitAttr(Attribute):
    @staticmethod
    def get(context=None):
        return UnitAttr._make("unit")


class TypeAttr(Attribute):
    @staticmethod
    def get(value, context=None):
        a = TypeAttr._make(str(value))
        a._ty = value
        return a

    @property
    def value(self):
        return _type(self._s)


class FlatSymbolRefAttr(Attribute):
    @staticmethod
    def get(value, context=None):
        return FlatSymbolRefAttr._make("@" + str(value))

    @property
    def value(self):
        return self._s[1:]


class SymbolRefAttr(FlatSymbolRefAttr):
    pass


class ArrayAttr(Attribute):
    @staticmethod
    def get(attributes, context=None):
        a = ArrayAttr._make("[" + ", ".join(str(x) for x in attributes) + "]")
        a._items = list(attributes)
        return a

    def __len__(self):
        return len(getattr(self, "_items", []))

    def __getitem__(self, i):
        return self._items[i]

    def __iter__(self):
        return iter(getattr(self, "_items", []))


class DictAttr(Attribute):
    @staticmethod
    def get(value=None, context=None):
        value = value or {}
        return DictAttr._make("{" + ", ".join(f"{k} = {v}" for k, v in value.items()) + "}")


def _array_attr(cls, elt):
    class _A(Attribute):
        @staticmethod
        def get(values, context=None):
            a = _A._make(f"array<{elt}" + (": " + ", ".join(str(int(v)) for v in values) if values else "") + ">")
            a._vals = [int(v) for v in values]
            return a

        def __len__(self):
            return len(self._vals)

        def __getitem__(self, i):
            return self._vals[i]

        def __iter__(self):
            return iter(self._vals)

    _A.__name__ = _A.__qualname__ = cls
    return _A


DenseI8ArrayAttr = _array_attr("DenseI8ArrayAttr", "i8")
DenseI16ArrayAttr = _array_attr("DenseI16ArrayAttr", "i16")
DenseI32ArrayAttr = _array_attr("DenseI32ArrayAttr", "i32")
DenseI64ArrayAttr = _array_attr("DenseI64ArrayAttr", "i64")
DenseBoolArrayAttr = _array_attr("DenseBoolArrayAttr", "i1")


def _int_text(v, t):
    """Integer v as MLIR prints it in an attribute of integer type text t: its bits at t's width, read as a
    signed number for signless, si and index types (i1 and ui types unsigned); other type texts keep v."""
    v = int(v)
    if t == "index":
        w, signed = 64, True
    else:
        sign = t[0] if t[:1] in ("s", "u") else ""
        digits = t[len(sign) + 1:]
        if t[len(sign):len(sign) + 1] != "i" or not digits.isdigit():
            return str(v)
        w = int(digits)
        signed = sign == "s" or (sign == "" and w > 1)
    v &= (1 << w) - 1
    if signed and v >> (w - 1):
        v -= 1 << w
    return str(v)


def _elem_text(v, et):
    if isinstance(v, Attribute):
        return v._s
    if et in _FLOATS:
        return _float_text(v, et)
    if isinstance(v, bool):
        return "true" if v else "false"
    return _int_text(v, et)


class DenseElementsAttr(Attribute):
    @staticmethod
    def get_splat(shaped_type, element_attr):
        return DenseElementsAttr._make(f"dense<{element_attr._s}>", str(shaped_type))

    @staticmethod
    def get(array, signless=True, type=None, shape=None, context=None):
        if type is None:
            raise NotImplementedError("DenseElementsAttr.get needs type= in flyi")
        st = type if isinstance(type, ShapedType) else VectorType.get([len(array)], type)
        et = str(st.element_type)
        return DenseElementsAttr._make("dense<[" + ", ".join(_elem_text(v, et) for v in array) + "]>", str(st))

    @property
    def is_splat(self):
        return not self._s.startswith("dense<[")


class DenseIntElementsAttr(DenseElementsAttr):
    pass


class DenseFPElementsAttr(DenseElementsAttr):
    pass


# -------------------------------------------------------------------------------------- values and ops


_vector_type = None


def _is_vector_class(t):
    # fx.Vector (the tracer's type) or a subclass (vector aliases); no Vector exists before flydsl.expr is loaded
    global _vector_type
    if _vector_type is None:
        fx = _sys.modules.get("flydsl.expr")
        _vector_type = getattr(fx, "Vector", None) if fx is not None else None
        if _vector_type is None:
            return False
    return isinstance(t, type) and type.__subclasscheck__(_vector_type, t)


class _ValueMeta(type):
    """FlyDSL's Vector is an ir.Value (a subclass of ArithValue): isinstance(v, ir.Value) and
    issubclass(fx.Vector, ir.Value) hold for flyi's fx.Vector too, which has a Value's _fyh, _fyt and _owner."""

    def __instancecheck__(cls, obj):
        return type.__instancecheck__(cls, obj) or (cls is Value and _is_vector_class(type(obj)))

    def __subclasscheck__(cls, sub):
        return type.__subclasscheck__(cls, sub) or (cls is Value and _is_vector_class(sub))


class Value(metaclass=_ValueMeta):
    """A traced SSA value: _fyh is its handle, _fyt its type text."""

    def __init__(self, v):
        v = _to_value(v)
        self._fyh, self._fyt, self._owner = v._fyh, v._fyt, v._owner

    @property
    def type(self):
        return _type(self._fyt)

    def set_type(self, t):
        self._fyt = str(t)

    @property
    def owner(self):
        return self._owner

    @property
    def context(self):
        return Context.current

    def get_name(self, use_local_scope=False):
        return "%" + str(self._fyh & 0xFFFFFFFF)

    def maybe_downcast(self):
        return self

    def __bool__(self):
        # an i1 Value is a run-time condition: `if v:` in a kernel becomes an scf.if (as FlyDSL's AST rewriter
        # makes it); the tracer catches this error at the branch
        if self._fyt == "i1":
            raise TypeError("an i1 MLIR Value is a run-time condition: its truth is not known at trace time")
        return True

    @classmethod
    def isinstance(cls, other):
        return isinstance(other, cls)

    def __str__(self):
        return f"Value(%{self._fyh & 0xFFFFFFFF} : {self._fyt})"

    __repr__ = __str__

    def __eq__(self, other):
        # a scalar / vector value compares as FlyDSL's ArithValue does (an arith.cmpi / cmpf); others by
        # identity (the same SSA value)
        w = _wrap(self)
        if w is not None and not isinstance(other, (Type, Attribute)):
            o = _wrap(other) if isinstance(other, Value) else other
            if o is not None:
                return w == o
        return isinstance(other, Value) and other._fyh == self._fyh

    def __ne__(self, other):
        w = _wrap(self)
        if w is not None and not isinstance(other, (Type, Attribute)):
            o = _wrap(other) if isinstance(other, Value) else other
            if o is not None:
                return w != o
        return not (isinstance(other, Value) and other._fyh == self._fyh)

    def __hash__(self):
        return hash(self._fyh)

    def ir_value(self):
        return self

    @property
    def _raw(self):
        return self

    def __getattr__(self, name):
        # FlyDSL casts every scalar / vector op result to its ArithValue (extui, trunci, bitcast, select, ...):
        # here those are the methods of the fx numeric / Vector over the value
        if not name.startswith("_"):
            w = _wrap(self)
            if w is not None and hasattr(w, name):
                return getattr(w, name)
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")


def _value_operator(fn, reflected):
    # a scalar or vector Value computes as the fx numeric / Vector over it (FlyDSL casts op results to its
    # ArithValue, whose operators emit arith ops)
    def op(self, *other):
        w = _wrap(self)
        if w is None:
            return NotImplemented
        return fn(other[0], w) if reflected else fn(w, *other)

    return op


def _value_operators():
    import operator as o

    binary = {"add": o.add, "sub": o.sub, "mul": o.mul, "truediv": o.truediv, "floordiv": o.floordiv,
              "mod": o.mod, "pow": o.pow, "and": o.and_, "or": o.or_, "xor": o.xor, "lshift": o.lshift,
              "rshift": o.rshift}
    for name, fn in binary.items():
        setattr(Value, "__%s__" % name, _value_operator(fn, False))
        setattr(Value, "__r%s__" % name, _value_operator(fn, True))
    for name, fn in {"lt": o.lt, "le": o.le, "gt": o.gt, "ge": o.ge, "neg": o.neg, "invert": o.invert,
                     "abs": abs}.items():
        setattr(Value, "__%s__" % name, _value_operator(fn, False))


_value_operators()

# FlyDSL casts op results to its ArithValue, whose methods emit arith ops: here they are the fx numeric's / Vector's
_ARITH_DELEGATED = ("select", "shuffle_xor", "shrui", "extui", "addf", "maximumf", "minimumf", "rsqrt", "exp2",
                    "with_signedness", "to")


def _arith_wrap(v, op):
    w = _wrap(v)
    if w is None:
        raise TypeError(f"{op}: {v._fyt} values have no arith operations")
    return w


def _arith_cast(kind):
    def cast(self, target_type, *, fastmath=None):
        w = _arith_wrap(self, kind)
        if str(target_type) == self._fyt:
            return w
        f = getattr(w, kind, None) if kind in ("extf", "truncf") else None
        return f(target_type) if f is not None else w.to(target_type)

    cast.__name__ = kind
    return cast


for _k in ("extf", "truncf", "extsi", "trunci"):
    setattr(Value, _k, _arith_cast(_k))


def _value_bitcast(self, target_type):
    return _arith_wrap(self, "bitcast").bitcast(target_type)


def _value_index_cast(self, target_type):
    return _arith_wrap(self, "index_cast").index_cast(target_type)


def _value_getattr(self, name):
    if name in _ARITH_DELEGATED:
        return getattr(_arith_wrap(self, name), name)
    raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")


Value.bitcast = _value_bitcast
Value.index_cast = _value_index_cast
Value.__getattr__ = _value_getattr


class OpResult(Value):
    result_number = 0


class BlockArgument(Value):
    arg_number = 0


class _HostValue(Value):
    """An integer value of a launching @flyc.jit function's host code: the ir_value() of its run-time parameters
    (fx.Int32 & co) and of what is computed from them. FlyDSL traces the launcher into a host function where
    they are SSA values; flyi runs the launcher at every call, so it knows their values: the arith ops on them
    are computed here (_host_fold), and launch(grid=...) takes them as the dimensions they hold."""

    def __init__(self, value, t):
        self._fyh, self._fyt, self._owner = None, str(t), None
        self._fyhost = _host_wrap(int(value), self._fyt)

    def __str__(self):
        return f"Value(host {self._fyhost} : {self._fyt})"

    __repr__ = __str__

    def get_name(self, use_local_scope=False):
        return "%host"

    def __index__(self):
        return self._fyhost

    __int__ = __index__

    def __bool__(self):
        return self._fyhost != 0

    def __eq__(self, other):
        return _host_num(self) == other

    def __ne__(self, other):
        return _host_num(self) != other

    def __hash__(self):
        return hash((self._fyhost, self._fyt))


def _host_width(t):
    return 64 if t == "index" else _int_width(t)


def _host_wrap(x, t):
    """x as the (signed) value of integer type t's width."""
    w = _host_width(t)
    if w is None:
        raise TypeError(f"a launcher's host value must have an integer type, not {t}")
    if w == 1:
        return x & 1
    x &= (1 << w) - 1
    return x - (1 << w) if x >> (w - 1) else x


def _host_num(v):
    """The static fx numeric holding host value v."""
    return _c.host_num(v)


def _host_u(x, t):
    w = _host_width(t)
    return x & ((1 << w) - 1)


def _host_div(a, b):
    """a / b rounded toward zero (arith.divsi)."""
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def _host_bin(name, a, b, t):
    if name in ("divsi", "ceildivsi", "floordivsi", "remsi", "divui", "ceildivui", "remui") and b == 0:
        raise ZeroDivisionError(f"arith.{name}: division by zero in a launcher's host value")
    ua, ub = _host_u(a, t), _host_u(b, t)
    ops = {
        "addi": lambda: a + b, "subi": lambda: a - b, "muli": lambda: a * b,
        "divsi": lambda: _host_div(a, b), "divui": lambda: ua // ub,
        "ceildivsi": lambda: -((-a) // b),
        "ceildivui": lambda: -(-ua // ub), "floordivsi": lambda: a // b,
        "remsi": lambda: a - b * _host_div(a, b), "remui": lambda: ua % ub,
        "andi": lambda: a & b, "ori": lambda: a | b, "xori": lambda: a ^ b,
        "shli": lambda: a << ub if ub < _host_width(t) else 0,
        "shrui": lambda: ua >> ub if ub < _host_width(t) else 0,
        "shrsi": lambda: a >> min(ub, _host_width(t) - 1),
        "maxsi": lambda: max(a, b), "minsi": lambda: min(a, b),
        "maxui": lambda: max(ua, ub), "minui": lambda: min(ua, ub),
    }
    f = ops.get(name)
    return None if f is None else f()


_HOST_CMPI = {0: lambda a, b, ua, ub: a == b, 1: lambda a, b, ua, ub: a != b, 2: lambda a, b, ua, ub: a < b,
              3: lambda a, b, ua, ub: a <= b, 4: lambda a, b, ua, ub: a > b, 5: lambda a, b, ua, ub: a >= b,
              6: lambda a, b, ua, ub: ua < ub, 7: lambda a, b, ua, ub: ua <= ub, 8: lambda a, b, ua, ub: ua > ub,
              9: lambda a, b, ua, ub: ua >= ub}


def _host_fold(name, ops, result_types, attrs, cls):
    """Op name over host values ops, computed now: an OpView (not emitted) whose results are host values.
    Inside a trace a host value is its arith.constant; outside one only integer arith ops compute."""
    if _c.tracing():
        return None
    if any(not isinstance(o, _HostValue) for o in ops):
        raise TypeError(f"{name}: mixes a launcher's host value with a traced value")
    short = name[6:] if name.startswith("arith.") else None
    vals = [o._fyhost for o in ops]
    rt = result_types[0] if len(result_types) == 1 else None
    r = None
    if short is not None and rt is not None and _host_width(rt) is not None:
        if len(ops) == 2 and short != "cmpi":
            r = _host_bin(short, vals[0], vals[1], ops[0]._fyt)
        elif short == "cmpi" and len(ops) == 2:
            p = int(str((attrs or {}).get("predicate", "0")).split(":")[0])
            r = int(_HOST_CMPI[p](vals[0], vals[1], _host_u(vals[0], ops[0]._fyt), _host_u(vals[1], ops[1]._fyt)))
        elif short == "select" and len(ops) == 3:
            r = vals[1] if vals[0] else vals[2]
        elif len(ops) == 1 and short in ("index_cast", "extsi", "trunci", "bitcast"):
            r = vals[0]
        elif len(ops) == 1 and short in ("index_castui", "extui"):
            r = _host_u(vals[0], ops[0]._fyt)
    if r is None:
        raise TypeError(f"{name} on a launcher's host value: flyi runs a launching @flyc.jit function on the host "
                        f"and computes only integer arith ops on its run-time parameters")
    op = object.__new__(cls or OpView)
    res = _HostValue(r, rt)
    op._init(name, list(ops), [res], attrs)
    op._text = f"{name} (a host value: {res._fyhost})"
    return op


def _host_const(t, attr):
    """arith.constant of integer type t (value attribute text attr) in a launcher's host code: an OpView whose
    result is a host value."""
    text = attr.rsplit(" : ", 1)[0].strip()
    op = object.__new__(OpView)
    res = _HostValue({"true": 1, "false": 0}.get(text) if text in ("true", "false") else int(text, 0), t)
    op._init("arith.constant", [], [res], {"value": attr})
    op._text = f"arith.constant (a host value: {res._fyhost})"
    return op


def _value_from_handle(h, t, owner=None, cls=OpResult):
    v = object.__new__(cls)
    v._fyh, v._fyt, v._owner = h, str(t), owner
    return v


def _to_value(x):
    """x as a Value: a Value, an op with one result, a traced DSL value, or anything with ir_value()."""
    if type.__instancecheck__(Value, x):  # a bindings Value (a Vector, an ir.Value too, gives the Value it holds)
        return x
    if isinstance(x, OpView):
        return x.result
    p = _c.value_of(x)
    if isinstance(p, Value):  # a launcher's host value
        return p
    if p is not None:
        return _value_from_handle(p[0], p[1])
    f = getattr(x, "ir_value", None) or getattr(x, "__fly_value__", None)
    if f is not None:
        return _to_value(f())
    raw = getattr(x, "value", None)
    if isinstance(raw, Value):
        return raw
    raise TypeError(f"expected an MLIR Value, got {type(x).__name__}")


def _ref(x):
    return "%" + str(_to_value(x)._fyh)


def _wrap(v):
    """The fx numeric / Vector over Value v (None when its type has none); a host value's static numeric."""
    if isinstance(v, _HostValue):
        return _host_num(v)
    if _is_vector_class(type(v)):  # a Vector is its own DSL value (its shape and class kept)
        return v
    return _c.wrap(v._fyh, v._fyt)


class OpOperandList(list):
    pass


class OpResultList(list):
    @property
    def types(self):
        return [v.type for v in self]


class OpAttributeMap(dict):
    def __getitem__(self, k):
        return Attribute.parse(dict.__getitem__(self, k))


class OpView:
    """One emitted operation: its results, operands and attributes."""

    OPERATION_NAME = None

    def _init(self, name, operands, results, attrs, text_pos=None):
        self._name = name
        self._operands = OpOperandList(operands)
        self._results = OpResultList(results)
        self._attrs = OpAttributeMap(attrs or {})
        self._loc = Location.current  # MLIR's: an op without loc= takes the location in effect
        if Location._floors:
            self._loc = _floor_location() or self._loc
        for r in results:
            r._owner = self

    @property
    def operation(self):
        return self

    @property
    def opview(self):
        return self

    @property
    def name(self):
        return self._name

    @property
    def results(self):
        return self._results

    @property
    def result(self):
        if len(self._results) != 1:
            raise ValueError(f"Cannot call .result on operation {self._name} which has "
                             f"{len(self._results)} results (it is only valid for operations with a single result)")
        return self._results[0]

    @property
    def operands(self):
        return self._operands

    @property
    def attributes(self):
        return self._attrs

    @property
    def context(self):
        return Context.current

    @property
    def location(self):
        loc = getattr(self, "_loc", None)
        return loc if loc is not None else Location.unknown()

    def verify(self):
        return True

    def __str__(self):
        return getattr(self, "_text", self._name)

    def __repr__(self):
        return f"<{type(self).__name__} {self._name}>"


Operation = OpView


def _emit_op(cls, name, text_fn, operands, result_types, attrs=None):
    """Emits one op: text_fn(result_refs) gives its text after '= ' (or the whole line without results)."""
    op = object.__new__(cls)
    results = [_value_from_handle(_c.new_ssa(), t) for t in result_types]
    for i, r in enumerate(results):
        r.result_number = i
    op._init(name, [_to_value(o) for o in operands], results, attrs)
    body = text_fn()
    lhs = ", ".join("%" + str(r._fyh) for r in results)
    line = (lhs + " = " + body) if results else body
    op._text = line
    _c.emit(line)
    return op


def _generic(name, operands, result_types, attrs=None, cls=None):
    """An op in MLIR's generic form: "name"(%a, %b) {attrs} : (types) -> (types)."""
    ops = [_to_value(o) for o in operands]
    result_types = [str(t) for t in result_types]
    if any(isinstance(o, _HostValue) for o in ops):
        folded = _host_fold(name, ops, result_types, attrs, cls)
        if folded is not None:
            return folded
        ops = [_to_value(_host_num(o)) if isinstance(o, _HostValue) else o for o in ops]

    def text():
        at = ""
        if attrs:
            at = " {" + ", ".join(f"{k} = {v}" if v is not None else k for k, v in attrs.items()) + "}"
        ins = ", ".join(o._fyt for o in ops)
        outs = ", ".join(result_types)
        return (f'"{name}"(' + ", ".join("%" + str(o._fyh) for o in ops) + f"){at} : ({ins}) -> ({outs})")

    return _emit_op(cls or OpView, name, text, ops, result_types, attrs)


def _adopt(self, op):
    """Makes OpView self (an Op class's instance under construction) the op emitted as op."""
    self.__dict__.update(op.__dict__)
    for r in self._results:
        r._owner = self


def _result(op):
    """What MLIR's function-style builders return: the single result, the op, or the list of results."""
    n = len(op.results)
    return op.results[0] if n == 1 else (op if n == 0 else op.results)


# --------------------------------------------------------------------------- context, location, blocks


class Context:
    current = None
    _stack = []

    def __init__(self):
        self.allow_unregistered_dialects = False
        self._own = False

    def __enter__(self):
        Context._stack.append(Context.current)
        Context.current = self
        if not _c.tracing():
            _c.begin_module()
            self._own = True
        return self

    def __exit__(self, *exc):
        if self._own:
            _c.end_module()
            self._own = False
        Context.current = Context._stack.pop()
        return False

    def load_all_available_dialects(self):
        pass

    def append_dialect_registry(self, registry):
        pass

    def enable_multithreading(self, enable):
        pass

    def get_dialect_descriptor(self, name):
        return name

    @property
    def dialects(self):
        return self


class DialectRegistry:
    pass


class Location:
    current = None
    _stack = []
    # FallbackLocations' floors in effect, innermost last: (location current when the rewritten function
    # was entered, its file name, {line: (statement line, column)}).
    _floors = []

    def __init__(self, desc="unknown"):
        self._desc = desc

    @staticmethod
    def unknown(context=None):
        return Location("unknown")

    @staticmethod
    def file(filename, line, col, context=None):
        return Location(f'"{filename}":{line}:{col}')

    @staticmethod
    def name(name, childLoc=None, context=None):
        return Location(f'"{name}"')

    @staticmethod
    def fused(locations, metadata=None, context=None):
        return Location("fused")

    @staticmethod
    def callsite(callee, frames, context=None):
        return callee

    def __enter__(self):
        Location._stack.append(Location.current)
        Location.current = self
        return self

    def __exit__(self, *exc):
        Location.current = Location._stack.pop()
        return False

    def __str__(self):
        return f"loc({self._desc})"

    @property
    def context(self):
        return Context.current


def _floor_location():
    """The floor FlyDSL's FallbackLocations gives an op built without loc= inside a rewritten function: the
    line of the statement it wraps, found from the innermost frame running that function's lines, unless a
    location was entered since the function began (an explicit `with loc:` wins, as in FlyDSL)."""
    import sys

    base, filename, lines = Location._floors[-1]
    if Location.current is not base:
        return None
    f = sys._getframe(2)
    while f is not None:
        if f.f_code.co_filename == filename and f.f_lineno in lines:
            line, col = lines[f.f_lineno]
            return Location.file(filename, line, col)
        f = f.f_back
    return None


class Block:
    """A block of an op's region: its arguments, and the text of the ops emitted into it."""

    def __init__(self, owner=None, arg_types=()):
        self._owner = owner
        self._text = ""
        self._args = []
        for i, t in enumerate(arg_types):
            a = _value_from_handle(_c.new_ssa(), t, self, BlockArgument)
            a.arg_number = i
            self._args.append(a)
        self._terminated = False

    @property
    def arguments(self):
        return list(self._args)

    @property
    def owner(self):
        return self._owner

    @property
    def operations(self):
        return []

    def add_argument(self, type, loc=None):
        a = _value_from_handle(_c.new_ssa(), type, self, BlockArgument)
        a.arg_number = len(self._args)
        self._args.append(a)
        return a

    def append(self, op):
        pass


class Region:
    def __init__(self, owner=None):
        self._owner = owner
        self.blocks = []


class InsertionPoint:
    """`with InsertionPoint(block):` puts the ops emitted inside into block; its owner op is rendered again
    at its own place in the trace when the block closes."""

    current = None
    _stack = []

    def __init__(self, block):
        self._block = block
        self._mark = None
        self._begin = False

    @staticmethod
    def at_block_begin(block):
        ip = InsertionPoint(block)
        ip._begin = True
        return ip

    @staticmethod
    def at_block_terminator(block):
        return InsertionPoint(block)

    @property
    def block(self):
        return self._block

    def insert(self, op):
        """Put op (an op of a parsed module, or its clone) here: before the op this point was made from, or
        at the beginning / end of the block. Ops built through the bindings are placed when made."""
        from flydsl._mlir import _parsed

        op = getattr(op, "operation", op)
        if not isinstance(op, _parsed._Op):
            return
        where = self._block
        if isinstance(where, _parsed._Op):
            _parsed.insert_before(where, op)
        elif isinstance(where, _parsed._Block):
            _parsed.insert_into(where, op, self._begin)
        elif isinstance(where, Block):  # a block being built: the op's text joins it
            text = "".join("  " + ln + "\n" for ln in str(op).splitlines())
            where._text = text + where._text if self._begin else where._text + text
        else:
            raise TypeError(f"cannot insert into {type(where).__name__}")

    def __enter__(self):
        InsertionPoint._stack.append(InsertionPoint.current)
        InsertionPoint.current = self
        self._mark = _c.mark()
        return self

    def __exit__(self, *exc):
        text = _c.cut(self._mark)
        b = self._block
        b._text += text
        owner = b._owner
        if owner is not None and hasattr(owner, "_rerender"):
            owner._rerender()
        InsertionPoint.current = InsertionPoint._stack.pop()
        return False


class _RegionOp(OpView):
    """An op with regions, emitted where it was made and rendered again whenever one of its blocks closes."""

    def _place(self, name, operands, result_types):
        self._init(name, [_to_value(o) for o in operands],
                   [_value_from_handle(_c.new_ssa(), t) for t in result_types], None)
        for i, r in enumerate(self._results):
            r.result_number = i
        self._pos = _c.mark()
        self._len = 0
        self._loc = _c.loc()
        self._rerender()

    def _rerender(self):
        text = self._render()
        self._text = text
        self._len = _c.splice(self._pos, self._len, text)


class _FuncLikeOp(_RegionOp):
    """A function op (func.func, gpu.func): its entry block, made from its function type's inputs."""

    def add_entry_block(self, arg_locs=None):
        self._entry = Block(self, [str(t) for t in self._ftype.inputs])
        return self._entry

    @property
    def entry_block(self):
        return self._entry

    @property
    def arguments(self):
        return self._entry.arguments


class Module:
    def __init__(self, text=""):
        self._text = text
        self._body = Block()
        self._body._owner = self
        self._attrs = {}

    @property
    def body(self):
        """The block ops are built into; once the module holds parsed text (after PassManager.run or
        Module.parse), a view of that text's ops (flydsl._mlir._parsed), whose edits change the text."""
        if not hasattr(self, "_parsed"):
            return self._body
        if getattr(self, "_view_of", None) != self._parsed:
            from flydsl._mlir import _parsed

            if getattr(self, "_view_text", None) is None:
                try:  # the view reads MLIR's own printed form (one op a line)
                    self._parsed = _c.run_passes(self._parsed, "")
                except RuntimeError:
                    pass
            self._view = _parsed.module_body(self, self._parsed)
            self._view_of = self._parsed
        return self._view

    @property
    def attributes(self):
        """The module op's attributes (gpu.container_module, ...); setting one changes the module's text."""
        if hasattr(self, "_parsed"):
            op = self.body.module_op
            if op is not None:
                return op.attributes
        return self._attrs

    @staticmethod
    def create(loc=None):
        return Module()

    @staticmethod
    def parse(asm, context=None):
        m = Module()
        m._parsed = str(asm)
        return m

    def _rerender(self):
        pass

    @property
    def operation(self):
        return self

    @property
    def name(self):
        return "builtin.module"

    @property
    def context(self):
        return Context.current

    def _raw_text(self):
        if hasattr(self, "_parsed"):
            return self._parsed
        attrs = ", ".join(k if str(v) == "unit" else f"{k} = {v}" for k, v in self._attrs.items())
        head = f"module attributes {{{attrs}}} {{\n" if attrs else "module {\n"
        return head + self.body._text + "}\n"

    def verify(self):
        _c.run_passes(self._raw_text(), "")
        return True

    def __str__(self):
        """The module as MLIR prints it (its raw text when MLIR does not accept it)."""
        try:
            return _c.run_passes(self._raw_text(), "")
        except RuntimeError:
            return self._raw_text()

    def operation_str(self):
        return str(self)

    def get_asm(self, enable_debug_info=False, **kw):
        return _c.run_passes(self._raw_text(), "", bool(enable_debug_info))


class Values(list):
    pass


class SymbolTable:
    def __init__(self, op):
        self._op = op

    def __getitem__(self, name):
        raise KeyError(name)

    def __contains__(self, name):
        return False


def _value_list(vals):
    return [_to_value(v) for v in (vals or [])]

"""flydsl.expr._surface - FlyDSL's module paths and the names flyi writes in Python.

FlyDSL spreads its public names over many modules (flydsl.expr.numeric, .primitive, .gpu, .arith,
.rocdl.cdna4, flydsl.compiler.kernel_function, flydsl.utils.env, ...). The C modules of flyi hold
most of the objects; this module registers them under FlyDSL's paths (patch) and fills the
modules that exist only here (fill). Names for targets flyi does not compile for (RDNA, gfx1250,
TDM, clusters) exist and raise an error naming the target when used.
"""

import sys
import types
import os
import enum as _enum

_TARGETS = "gfx942 and gfx950"


def _fx():
    return sys.modules["flydsl.expr"]


# ---------------------------------------------------------------- errors for other targets


def _target_only(name, target):
    def f(*args, **kwargs):
        raise NotImplementedError(
            f"{name} is only available on {target}; flyi compiles for {_TARGETS}"
        )

    f.__name__ = name.rsplit(".", 1)[-1]
    f.__qualname__ = f.__name__
    f.__doc__ = f"{name}: {target} only (flyi compiles for {_TARGETS})."
    return f


def _not_in_flyi(name, why="not supported by flyi yet"):
    def f(*args, **kwargs):
        raise NotImplementedError(f"{name} is {why}")

    f.__name__ = name.rsplit(".", 1)[-1]
    f.__qualname__ = f.__name__
    f.__doc__ = f"{name}: {why}."
    return f


# ---------------------------------------------------------------- enums of the Fly dialect


class _MlirEnum(_enum.IntEnum):
    """An MLIR enum attribute's cases: int values, printed as the attribute's keyword."""

    def __str__(self):
        return self._kw()

    def _kw(self):
        return self.name.lower()


class AtomicOp(_MlirEnum):
    Add = 0
    Max = 1
    Min = 2
    And = 3
    Or = 4
    Inc = 5
    Dec = 6


class CachePolicy(_MlirEnum):
    CacheGlobal = 0
    CacheAlways = 1

    def _kw(self):
        return "cache_global" if self.value == 0 else "cache_always"


class MmaOperand(_MlirEnum):
    A = 0
    B = 1
    C = 2
    D = 3


class GemmTraversalOrder(_MlirEnum):
    KMN = 0
    KNM = 1
    MKN = 2
    MNK = 3
    NKM = 4
    NMK = 5
    KMN_Serpentine = 6
    KNM_Serpentine = 7
    MKN_Serpentine = 8
    MNK_Serpentine = 9
    NKM_Serpentine = 10
    NMK_Serpentine = 11


class SyncScope:
    """LLVM's target-neutral sync scopes (the literal sync-scope strings)."""

    System = ""
    SingleThread = "singlethread"


class RocdlSyncScope:
    """AMDGPU sync scopes (the literal LLVM sync-scope strings)."""

    Agent = "agent"
    Workgroup = "workgroup"
    Wavefront = "wavefront"
    OneAs = "one-as"
    AgentOneAs = "agent-one-as"
    WorkgroupOneAs = "workgroup-one-as"
    WavefrontOneAs = "wavefront-one-as"
    SingleThreadOneAs = "singlethread-one-as"


RocdlSyncScope.__name__ = "SyncScope"
RocdlSyncScope.__qualname__ = "SyncScope"


class TargetAddressSpace(_MlirEnum):
    """AMDGPU address spaces (the LLVM address-space numbers)."""

    Global = 1
    Region = 2
    Shared = 3
    Constant = 4
    Private = 5
    BufferFatPointer = 7
    BufferResource = 8
    BufferStridedPointer = 9


def _buffer_desc_attr():
    from flydsl._mlir import ir

    return ir.Attribute.parse("#fly_rocdl.buffer_desc")


# FlyDSL's TargetAddressSpace.BufferDesc: the #fly_rocdl.buffer_desc attribute (buffer-descriptor pointers)
type.__setattr__(TargetAddressSpace, "BufferDesc", _buffer_desc_attr())


# ---------------------------------------------------------------- MLIR-level type objects


class _FlyType:
    """A Fly dialect type as a value: prints as its MLIR text, equal to the same type."""

    _mnemonic = "?"

    def __init__(self, body):
        self._body = body

    def __str__(self):
        return f"!fly.{self._mnemonic}<{self._body}>"

    def __repr__(self):
        return str(self)

    def __eq__(self, other):
        return isinstance(other, _FlyType) and str(self) == str(other)

    def __ne__(self, other):
        return not self.__eq__(other)

    def __hash__(self):
        return hash(str(self))


def _tuple_text(x):
    if isinstance(x, str):
        return x
    s = str(_fx().make_int_tuple(x))
    return s[len("IntTuple<"):-1] if s.startswith("IntTuple<") else s


def _layout_text(shape, stride=None):
    fx = _fx()
    if stride is None:
        lay = shape if hasattr(shape, "shape") and hasattr(shape, "stride") else fx.make_layout(shape)
    else:
        lay = fx.make_layout(shape, stride)
    s = str(lay)
    return s[len("Layout<"):-1] if s.startswith("Layout<") else s


def _type_class(name, mnemonic, get):
    cls = type(name, (_FlyType,), {"_mnemonic": mnemonic, "__module__": "flydsl.expr.primitive"})
    cls.get = staticmethod(lambda *a, **k: cls(get(*a, **k)))
    return cls


BasisType = _type_class("BasisType", "basis", lambda *mode: str(_fx().E(*mode)) if mode else "")
FlyLayoutType = _type_class("LayoutType", "layout", _layout_text)


from flydsl.expr._types import IntTupleType, TileType, _ValueFlyType, _value_type, static  # noqa: E402
import flydsl.expr._types as _types  # noqa: E402
SwizzleType = _type_class("SwizzleType", "swizzle", lambda b, m, s: f"S<{b},{m},{s}>")
CoordSwizzleType = _type_class("CoordSwizzleType", "coord_swizzle", lambda *a: ",".join(str(x) for x in a))
ComposedLayoutType = _type_class("ComposedLayoutType", "composed_layout", lambda *a: " o ".join(str(x) for x in a))


def _elem_text(t):
    m = getattr(t, "mlir", None) or getattr(t, "ir_type", None)
    if m is not None:
        return str(m)
    _mlir_names = {
        "Float32": "f32", "Float16": "f16", "BFloat16": "bf16", "Float64": "f64", "Int32": "i32", "Int64": "i64",
        "Int16": "i16", "Int8": "i8", "Uint8": "i8", "Uint16": "i16", "Uint32": "i32", "Uint64": "i64",
        "Boolean": "i1", "Index": "index",
    }
    return _mlir_names.get(str(t), str(t))


def _space_text(space):
    spaces = getattr(_fx(), "AddressSpace", None)
    for k in ("Generic", "Global", "Shared", "Register"):
        if spaces is not None and hasattr(spaces, k) and space is getattr(spaces, k):
            return k.lower()
    if type(space) is int and space in (1, 2, 3):  # a pointer's address_space: fx.AddressSpace's numbers
        return ("global", "shared", "register")[space - 1]
    s = str(space)
    for k in ("global", "shared", "register", "generic"):
        if k in s.lower():
            return k
    return s


_ELEM_BYTES = {"f64": 8, "i64": 8, "f32": 4, "i32": 4, "f16": 2, "bf16": 2, "i16": 2, "i8": 1, "i1": 1}


def _elem_bytes(t):
    return _ELEM_BYTES.get(t, 1 if t.startswith(("f8", "f4", "f6")) else None)


def _ptr_text(elem_ty, address_space=None, alignment=None):
    t = _elem_text(elem_ty)
    body = t
    if address_space is not None:
        body += ", " + _space_text(address_space)
    # FlyDSL prints no align<> for the element's own (trivial) alignment
    if alignment is not None and int(alignment) != _elem_bytes(t):
        body += f", align<{int(alignment)}>"
    return body


class PointerType(_FlyType):
    """!fly.ptr<elem, space[, align<N>]>: PointerType.get(elem_ty, address_space, alignment), or PointerType(t)
    of a pointer type value (a pointer's .type)."""

    _mnemonic = "ptr"
    __module__ = "flydsl.expr.primitive"

    def __init__(self, body):
        s = str(body)
        if s.startswith("!fly.ptr<") and s.endswith(">"):
            s = s[len("!fly.ptr<"):-1]
        self._body = s

    @staticmethod
    def get(elem_ty, address_space=None, alignment=None):
        if getattr(elem_ty, "__peek_from_ptr__", None) is not None and _elem_text(elem_ty) == str(elem_ty):
            name = getattr(elem_ty, "__name__", None) or repr(elem_ty)
            raise TypeError(f"PointerType.get: elem_ty must be an MLIR type, not the composite {name}; "
                            f"a typed address of one is fx.Storage[{name}]")
        return PointerType(_ptr_text(elem_ty, address_space, alignment))

    def _parts(self):
        return [p.strip() for p in self._body.split(",")]

    @property
    def address_space(self):
        p = self._parts()
        return p[1] if len(p) > 1 else "global"

    @property
    def alignment(self):
        for p in self._parts()[2:]:
            if p.startswith("align<"):
                return int(p[len("align<"):-1])
        return _elem_bytes(self._parts()[0]) or 1


def _memref_text(elem_ty, layout, address_space=None):
    t = _elem_text(elem_ty)
    if address_space is not None:
        t += ", " + _space_text(address_space)
    return t + ", " + _layout_text(layout)


FlyMemRefType = _type_class("MemRefType", "memref", lambda e, lay, space=None: _memref_text(e, lay, space))
CoordTensorType = _type_class("CoordTensorType", "coord_tensor", lambda lay: _layout_text(lay))
CopyAtomType = _type_class("CopyAtomType", "copy_atom", lambda *a: ", ".join(str(x) for x in a))
MmaAtomType = _type_class("MmaAtomType", "mma_atom", lambda *a: ", ".join(str(x) for x in a))
TiledCopyType = _type_class("TiledCopyType", "tiled_copy", lambda *a: ", ".join(str(x) for x in a))
TiledMmaType = _type_class("TiledMmaType", "tiled_mma", lambda *a: ", ".join(str(x) for x in a))
class _BufferCopyMeta(type):
    # flyi's copy atoms are one C type; a buffer copy is the one whose type prints !fly_rocdl.cdna3.buffer_copy<..>
    def __instancecheck__(cls, x):
        return type(x).__name__ == "UniversalCopy" and str(x).startswith("!fly_rocdl.cdna3.buffer_copy<")


class CopyOpCDNA3BufferCopyType(metaclass=_BufferCopyMeta):
    """FlyDSL's buffer-copy atom type (fx.rocdl.BufferCopy*b() are its instances): isinstance tells a buffer copy
    from a universal copy; get(bit_size, cache_modifier=0) is BufferCopy<bit_size>b(cache_modifier)."""

    @staticmethod
    def get(bit_size, cache_modifier=0):
        return getattr(_fx().rocdl, "BufferCopy%db" % int(bit_size))(cache_modifier)


CopyOpUniversalCopyType = _type_class("CopyOpUniversalCopyType", "universal_copy", lambda bits: f"{bits}")
MmaOpUniversalFMAType = _type_class("MmaOpUniversalFMAType", "universal_fma", lambda t: _elem_text(t))


class CopyOpUniversalAtomicType(_FlyType):
    _mnemonic = "universal_atomic"

    @staticmethod
    def get(atomic_op, val_type, syncscope=""):
        op = AtomicOp(int(atomic_op))
        body = str(op) + ", " + _elem_text(val_type)
        if syncscope:
            body += f', "{syncscope}"'
        t = CopyOpUniversalAtomicType(body)
        t.atomic_op, t.val_type, t.syncscope = op, val_type, syncscope
        return t


def UniversalAtomic(atomic_op, val_type, syncscope=SyncScope.System):
    """The universal atomic copy op: atomic_op (fx.AtomicOp) of val_type elements at syncscope."""
    return CopyOpUniversalAtomicType.get(int(atomic_op), val_type, syncscope)


def _atomic_of(op):
    def f(val_type, syncscope=SyncScope.System):
        return UniversalAtomic(op, val_type, syncscope)

    f.__name__ = "UniversalAtomic" + op.name
    return f


UniversalAtomicAdd = _atomic_of(AtomicOp.Add)
UniversalAtomicMax = _atomic_of(AtomicOp.Max)
UniversalAtomicMin = _atomic_of(AtomicOp.Min)
UniversalAtomicAnd = _atomic_of(AtomicOp.And)
UniversalAtomicOr = _atomic_of(AtomicOp.Or)
UniversalAtomicInc = _atomic_of(AtomicOp.Inc)
UniversalAtomicDec = _atomic_of(AtomicOp.Dec)


class _AtomicCopyAtom:
    """make_copy_atom(fx.UniversalAtomic(...), dtype): copying into a tensor through it is an atomic op per element."""

    def __init__(self, op, dtype):
        self.op, self.dtype = op, dtype
        self.type = CopyAtomType(f"{op}, 1")

    def __repr__(self):
        return f"CopyAtom({self.op})"

    def apply(self, src, dst, pred=None):
        fx = _fx()
        kind = self.op.atomic_op
        fn = {AtomicOp.Add: "atomic_add", AtomicOp.Max: "atomic_max", AtomicOp.Min: "atomic_min"}.get(kind)
        if fn is None:
            raise NotImplementedError(f"UniversalAtomic {kind.name} is not supported by flyi yet (Add, Max, Min are)")
        scope = self.op.syncscope or "agent"
        lay = fx.get_layout(dst)
        n = fx.size(lay)
        n = int(str(n)[len("IntTuple<"):-1]) if str(n).startswith("IntTuple<") else int(n)
        vals = src.load() if hasattr(src, "load") else src
        for j in fx.range_constexpr(n):
            v = vals[j] if hasattr(vals, "numel") else vals
            off = fx.get_scalar(lay(j))
            if pred is not None:
                if pred[j]:
                    getattr(fx, fn)(dst, off, v.to(self.dtype) if hasattr(v, "to") else v, syncscope=scope)
            else:
                getattr(fx, fn)(dst, off, v.to(self.dtype) if hasattr(v, "to") else v, syncscope=scope)
        return None


class CopyOpCDNA3BufferAtomicType(_FlyType):
    """FlyDSL's buffer atomic copy op (fx.rocdl.BufferAtomic*): prints !fly_rocdl.cdna3.buffer_atomic<add, f32>."""

    __module__ = "flydsl.expr.rocdl"

    def __str__(self):
        return f"!fly_rocdl.cdna3.buffer_atomic<{self._body}>"

    @staticmethod
    def get(atomic_op, val_type):
        op = AtomicOp(int(atomic_op))
        t = CopyOpCDNA3BufferAtomicType(str(op) + ", " + _elem_text(val_type))
        t.atomic_op, t.val_type = op, val_type
        return t


def BufferAtomic(atomic_op, val_type):
    """A buffer atomic copy op: atomic_op (fx.AtomicOp Add, Max or Min) of val_type values (a scalar type, or a
    2-vector for the packed add) into a buffer tensor; the atom's soffset state starts at 0."""
    return CopyOpCDNA3BufferAtomicType.get(int(atomic_op), val_type)


def BufferAtomicAdd(val_type):
    return BufferAtomic(AtomicOp.Add, val_type)


def BufferAtomicMax(val_type):
    return BufferAtomic(AtomicOp.Max, val_type)


def BufferAtomicMin(val_type):
    return BufferAtomic(AtomicOp.Min, val_type)


def BufferAtomicPkAdd(val_type):
    """The packed buffer atomic add: two val_type values (f16 or bf16) a call."""
    return BufferAtomic(AtomicOp.Add, IrType(f"vector<2x{_elem_text(val_type)}>"))


class _BufferAtomicCopyAtom:
    """make_copy_atom(fx.rocdl.BufferAtomic*(...), dtype): copying a register tensor into a buffer tensor through it
    is one rocdl.raw.ptr.buffer.atomic op per atom value (FlyDSL's lowering: Add of floats is fadd, Max fmax or
    smax, Min of integers umin; the others have no buffer instruction)."""

    def __init__(self, op, dtype):
        self.op, self.dtype = op, dtype
        text = str(op.val_type) if not hasattr(op.val_type, "ir_type") else _elem_text(op.val_type)
        self.lanes = int(text[len("vector<"):].split("x")[0]) if text.startswith("vector<") else 1
        scalar = text[len("vector<"):-1].split("x", 1)[1] if self.lanes > 1 else text
        fl = scalar.startswith(("f", "bf"))
        kind = {(AtomicOp.Add, True): "fadd", (AtomicOp.Max, True): "fmax", (AtomicOp.Max, False): "smax",
                (AtomicOp.Min, False): "umin"}.get((op.atomic_op, fl))
        if kind is None:
            raise ValueError(f"BufferAtomic {op.atomic_op.name} of {scalar} values has no buffer atomic instruction "
                             "(Add takes floats, Max floats or integers, Min integers)")
        self.kind = kind
        self.type = CopyAtomType(f"{op}, {_ELEM_BYTES.get(scalar, 4) * 8 * self.lanes}")

    def __repr__(self):
        return f"CopyAtom({self.op})"

    def apply(self, src, dst, pred=None):
        fx = _fx()
        n = fx.size(fx.get_layout(src))
        n = int(str(n)[len("IntTuple<"):-1]) if str(n).startswith("IntTuple<") else int(n)
        vals = src.load() if hasattr(src, "load") else src
        if n % self.lanes:
            raise ValueError(f"a {self.lanes}-value BufferAtomic atom cannot move {n} values")
        for j in fx.range_constexpr(0, n, self.lanes):
            if self.lanes > 1:
                v = fx.Vector.from_elements([vals[j + i] for i in range(self.lanes)], vals.dtype)
            else:
                v = vals[j] if hasattr(vals, "numel") else vals
            if pred is not None:
                if pred[j]:
                    fx.rocdl._buffer_atomic(self.kind, dst, j, v)
            else:
                fx.rocdl._buffer_atomic(self.kind, dst, j, v)
        return None


def _wrap_copy_fns(fx):
    """fx.make_copy_atom / fx.copy_atom_call / fx.copy learn the universal atomic op."""
    make, call, copy = fx.make_copy_atom, fx.copy_atom_call, fx.copy

    def make_copy_atom(op, *args, **kwargs):
        if isinstance(op, CopyOpUniversalAtomicType):
            dtype = args[0] if args else kwargs.get("val_type", op.val_type)
            return _AtomicCopyAtom(op, dtype)
        if isinstance(op, CopyOpCDNA3BufferAtomicType):
            dtype = args[0] if args else kwargs.get("val_type", op.val_type)
            return _BufferAtomicCopyAtom(op, dtype)
        return make(op, *args, **kwargs)

    def copy_atom_call(atom, src, dst, *args, **kwargs):
        if isinstance(atom, (_AtomicCopyAtom, _BufferAtomicCopyAtom)):
            return atom.apply(src, dst, kwargs.get("pred", args[0] if args else None))
        return call(atom, src, dst, *args, **kwargs)

    def copy_(atom, src, dst, *args, **kwargs):
        if isinstance(atom, (_AtomicCopyAtom, _BufferAtomicCopyAtom)):
            return atom.apply(src, dst, kwargs.get("pred", None))
        return copy(atom, src, dst, *args, **kwargs)

    make_copy_atom.__doc__ = make.__doc__
    copy_atom_call.__doc__ = call.__doc__
    copy_.__doc__ = copy.__doc__
    copy_.__name__ = "copy"
    fx.make_copy_atom, fx.copy_atom_call, fx.copy = make_copy_atom, copy_atom_call, copy_


def UniversalFMA(val_type):
    """The universal (scalar FMA) MMA op of val_type."""
    return MmaOpUniversalFMAType.get(val_type)


# ---------------------------------------------------------------- numerics (the classes NumericMeta, Numeric,
# Integer and Float are the C module's)


def as_numeric(value):
    """A Python number as its DSL numeric (bool: Boolean, int: Int32, float: Float32); DSL values as they are."""
    fx = _fx()
    if isinstance(value, bool):
        return fx.Boolean(value)
    if isinstance(value, int):
        return fx.Int32(value)
    if isinstance(value, float):
        return fx.Float32(value)
    if type(value).__name__ in ("Value", "OpResult", "BlockArgument"):  # an ir.Value (flydsl._mlir)
        from flydsl._mlir._dsl import as_dsl_value as _as_dsl

        return _as_dsl(value)
    return value


# ---------------------------------------------------------------- T: MLIR types by name


class IrType:
    """An MLIR builtin type by its text (T.i32, T.vec(4, T.f16)); calling it gives the DSL numeric type."""

    def __init__(self, text, numeric=None, lanes=None):
        self._text = text
        self._numeric = numeric
        self._lanes = lanes

    def __str__(self):
        return self._text

    def __repr__(self):
        return self._text

    def __eq__(self, other):
        return str(self) == str(other)

    def __ne__(self, other):
        return str(self) != str(other)

    def __hash__(self):
        return hash(self._text)

    def __call__(self):
        return self._numeric if self._lanes is None else self

    @property
    def width(self):
        return getattr(self._numeric, "width", None)

    @property
    def element_type(self):
        return IrType(_elem_text(self._numeric), self._numeric) if self._lanes else self


_T_SCALARS = [
    ("i1", "Boolean"), ("i8", "Int8"), ("i16", "Int16"), ("i32", "Int32"), ("i64", "Int64"),
    ("f16", "Float16"), ("bf16", "BFloat16"), ("f32", "Float32"), ("f64", "Float64"),
    ("f8E4M3FN", "Float8E4M3FN"), ("f8E4M3FNUZ", "Float8E4M3FNUZ"), ("f8E5M2", "Float8E5M2"),
    ("index", "Index"),
]
_T_PROPS = {"i1": "bool", "f8E4M3FN": "f8", "f8E4M3FNUZ": "f8_fnuz", "f8E5M2": "bf8"}


class Types:
    """MLIR types by name: T.i32, T.f16, T.i32x4 (vector<4xi32>), T.vec(8, T.f16)."""

    def vec(self, n, elem):
        return IrType(f"vector<{int(n)}x{elem}>", getattr(elem, "_numeric", elem), int(n))

    def __getattr__(self, name):
        fx = _fx()
        for text, num in _T_SCALARS:
            if name == text or name == _T_PROPS.get(text):
                return IrType(text, getattr(fx, num))
            if name.startswith(text + "x") and name[len(text) + 1:].isdigit():
                return self.vec(int(name[len(text) + 1:]), IrType(text, getattr(fx, num)))
        if name in ("i4", "f4"):
            return IrType(name)
        raise AttributeError(f"'Types' object has no attribute '{name}'")


T = Types()


def _numeric_of(t):
    """A DSL numeric type from a numeric type or T.<name>."""
    return t._numeric if isinstance(t, IrType) else t


def as_ir_value(value, *, keep_static=False):
    """value as an ir.Value (flydsl._mlir's; Python numbers kept with keep_static)."""
    from flydsl._mlir._dsl import as_ir_value as _as_ir

    return _as_ir(value, keep_static=keep_static)


def as_dsl_value(value, exemplar=None):
    """value as a DSL value: an ir.Value as the numeric or Vector of its type, numbers as numerics."""
    from flydsl._mlir._dsl import as_dsl_value as _as_dsl

    return as_numeric(_as_dsl(value, exemplar))


def _flydsl_key():
    """What FlyDSL's disk cache keys on for the compiler itself: flyi's build (tests patch it)."""
    import sys as _sys

    return "flyi-" + ".".join(str(v) for v in _sys.version_info[:3])


class MlirCompiler:
    """FlyDSL's MLIR compile step. flyi compiles through its own pipeline (flyc.compile, CompiledKernel);
    this class exists for programs and tests that patch or read it, and compile() returns the module as
    it is."""

    @classmethod
    def compile(cls, module, **kwargs):
        return module


def is_generic_address_space(address_space, expected):
    return str(address_space) == str(expected)


def is_target_address_space(address_space, expected):
    return str(address_space) == str(expected)


class Tuple3D:
    """A 3-D (x, y, z) triple, as launch dimensions are given."""

    def __init__(self, x=1, y=1, z=1):
        self.x, self.y, self.z = x, y, z

    def __iter__(self):
        return iter((self.x, self.y, self.z))

    def __getitem__(self, i):
        return (self.x, self.y, self.z)[i]

    def __repr__(self):
        return f"Tuple3D({self.x}, {self.y}, {self.z})"


# ---------------------------------------------------------------- Vector helpers and aliases


def full_like(a, fill_value, dtype=None):
    return _fx().Vector.filled(a.shape, fill_value, dtype or a.dtype)


def empty_like(a, dtype=None):
    d = dtype or a.dtype
    return _fx().Vector.filled(a.shape, 0.0 if d.is_float else 0, d)


def zeros_like(a, dtype=None):
    return empty_like(a, dtype)


def ones_like(a, dtype=None):
    d = dtype or a.dtype
    return _fx().Vector.filled(a.shape, 1.0 if d.is_float else 1, d)


def VectorAlias(alias_dtype, lanes):
    """A Vector subclass of alias_dtype elements and lanes lanes (what Float16x4 is: flydsl.expr._vector_alias)."""
    __import__("flydsl.expr._vector_alias")
    return sys.modules["flydsl.expr._vector_alias"].VectorAlias(alias_dtype, lanes)


def _aliases(fx):
    __import__("flydsl.expr._vector_alias")
    return sys.modules["flydsl.expr._vector_alias"].aliases()


# ---------------------------------------------------------------- arith: FlyDSL's arith module (flydsl.expr._arith)

from flydsl.expr._arith import *  # noqa: E402,F401,F403


# ---------------------------------------------------------------- gpu


def _known_block_size():
    """The compile-time block size (x, y, z) of the kernel being traced: its known_block_size, else the launch's
    block; RuntimeError outside a kernel."""
    __import__("flydsl.compiler")
    size = sys.modules["flydsl.compiler"]._known_block_size()
    if size is None:
        raise RuntimeError("no compile-time block size is in scope.")
    return size


def smem_space(int=False):
    return 3 if int else "#gpu.address_space<workgroup>"


from flydsl._compiler_surface import *  # the compiler, runtime, env and meta names

# ---------------------------------------------------------------- module contents


_RDNA = "RDNA (gfx11/gfx12)"
_GFX1250 = "gfx1250"

_CDNA4_NAMES = [
    "BufferLoadAsyncLDS", "BufferLoadAsyncLDS32b", "BufferLoadAsyncLDS96b", "BufferLoadAsyncLDS128b",
    "GlobalLoadAsyncLDS", "GlobalLoadAsyncLDS32b", "GlobalLoadAsyncLDS96b", "GlobalLoadAsyncLDS128b",
    "LDSReadTrans", "MFMAScale", "MFMA_Scale", "cvt_sr_f32_to_bf16",
]
_CLUSTER_NAMES = ["is_wave_leader", "cluster_signal_once_per_wg", "cluster_wait", "cluster_barrier",
                  "compute_cluster_position"]


def _put(m, names):
    d = m.__dict__
    for k, v in names.items():
        if k not in d:
            setattr(m, k, v)


def _register(name, mod, pkg=False):
    sys.modules[name] = mod
    if pkg and not hasattr(mod, "__path__"):
        mod.__path__ = []


def _expr_names(fx):
    """Names FlyDSL's flydsl.expr has and the C modules do not."""
    d = {
        "as_numeric": as_numeric,
        "Types": Types, "as_ir_value": as_ir_value, "as_dsl_value": as_dsl_value,
        "is_generic_address_space": is_generic_address_space, "is_target_address_space": is_target_address_space,
        "Tuple3D": Tuple3D, "empty_like": empty_like, "full_like": full_like, "ones_like": ones_like,
        "zeros_like": zeros_like, "VectorAlias": VectorAlias, "SyncScope": SyncScope, "AtomicOp": AtomicOp,
        "CachePolicy": CachePolicy, "MmaOperand": MmaOperand, "GemmTraversalOrder": GemmTraversalOrder,
        "IntTupleType": IntTupleType, "BasisType": BasisType, "TileType": TileType, "CoordSwizzleType": CoordSwizzleType,
        "ComposedLayoutType": ComposedLayoutType, "PointerType": PointerType, "CoordTensorType": CoordTensorType,
        "CopyAtomType": CopyAtomType, "MmaAtomType": MmaAtomType, "TiledCopyType": TiledCopyType,
        "TiledMmaType": TiledMmaType, "CopyOpUniversalCopyType": CopyOpUniversalCopyType,
        "CopyOpUniversalAtomicType": CopyOpUniversalAtomicType, "MmaOpUniversalFMAType": MmaOpUniversalFMAType,
        "UniversalAtomic": UniversalAtomic, "UniversalAtomicAdd": UniversalAtomicAdd,
        "UniversalAtomicMax": UniversalAtomicMax, "UniversalAtomicMin": UniversalAtomicMin,
        "UniversalAtomicAnd": UniversalAtomicAnd, "UniversalAtomicOr": UniversalAtomicOr,
        "UniversalAtomicInc": UniversalAtomicInc, "UniversalAtomicDec": UniversalAtomicDec,
        "UniversalFMA": UniversalFMA, "constant_vector": constant_vector, "index_cast": index_cast,
        "cmpi": cmpi, "cmpf": cmpf, "maximumf": maximumf, "minimumf": minimumf, "shrui": shrui,
        "known_block_size": _known_block_size,
    }
    if "SwizzleType" not in fx.__dict__:
        d["SwizzleType"] = SwizzleType
    d.update(_aliases(fx))
    for nm in ("Int128", "Uint128"):
        if nm not in fx.__dict__:
            d[nm] = _not_in_flyi("flydsl.expr." + nm, "not supported by flyi (128-bit integers)")
            d[nm + "x1"] = _not_in_flyi("flydsl.expr." + nm + "x1", "not supported by flyi (128-bit integers)")
    return d


def _as_python_function(f):
    """A Python function calling built-in f: FlyDSL's fx.math and fx.arith names are Python wrappers of the
    MLIR bindings (functions with a __closure__, __wrapped__ the wrapped one)."""
    def wrapper(*args, **kwargs):
        return f(*args, **kwargs)

    wrapper.__name__ = wrapper.__qualname__ = getattr(f, "__name__", "wrapper")
    wrapper.__doc__ = getattr(f, "__doc__", None)
    wrapper.__wrapped__ = f
    return wrapper


def _wrap_builtins(mod, names=None):
    for k, v in list(vars(mod).items()):
        if (names is None or k in names) and not k.startswith("_") and type(v).__name__ == "builtin_function_or_method":
            setattr(mod, k, _as_python_function(v))


def _wrap_math(fx):
    """fx.math's names (and fx's own copies of them) as FlyDSL's Python wrappers (flydsl.expr._math)."""
    __import__("flydsl.expr._math")
    impl = sys.modules["flydsl.expr._math"]
    for k, v in list(vars(fx.math).items()):
        if not k.startswith("_") and type(v).__name__ == "builtin_function_or_method":
            w = impl.make(k, v)
            setattr(fx.math, k, w)
            if fx.__dict__.get(k) is v:
                setattr(fx, k, w)
    for k in ("fpowi", "ipowi"):
        setattr(fx.math, k, impl.make(k, None))
    for k in ("max", "min", "ceildiv"):
        setattr(fx, k, impl.make_typed(k, getattr(fx, k)))


def _patch_expr(fx):
    _put(fx, _expr_names(fx))
    _wrap_math(fx)
    for k in ("maxnumf", "minnumf"):
        setattr(fx, k, sys.modules["flydsl.expr._math"].make(k, getattr(fx, k), "arith"))
    _wrap_copy_fns(fx)
    # FlyDSL's submodules that are C modules here, under their paths
    for sub, pkg in (("gpu", False), ("arith", False), ("math", False), ("rocdl", True), ("typing", False),
                     ("utils", False)):
        m = getattr(fx, sub, None)
        if m is not None:
            _register("flydsl.expr." + sub, m, pkg)
    _put(fx.typing, {k: getattr(fx, k) for k in _typing_extra if hasattr(fx, k)})
    _put(fx.typing, {"T": T})
    fx.T = T  # FlyDSL's fx.T is flydsl.expr.typing.T (T.f32, and T.f32() as flyi's older module had it)
    _put(fx.typing, _aliases(fx))
    if fx.static is not static:
        _types._c_static = fx.static
    fx.static = static
    _put(fx, {"fpowi": fx.math.fpowi, "ipowi": fx.math.ipowi, "has_none": has_none, "assume": assume,
              "tiled_copy_partition_src": tiled_copy_partition_src, "tiled_copy_partition_dst": tiled_copy_partition_dst,
              "tiled_copy_retile": tiled_copy_retile, "tiled_mma_partition": tiled_mma_partition,
              "tiled_mma_partition_shape": tiled_mma_partition_shape, "atom_set_value": atom_set_value,
              "mma_make_fragment": mma_make_fragment})
    __import__("flydsl.expr._storage")
    _st = sys.modules["flydsl.expr._storage"]
    _put(fx, {"Storage": _st.Storage, "Arena": _st.Arena})
    _put(fx, {n: _not_in_flyi("flydsl.expr." + n) for n in _PRIMITIVE_TODO})
    _put(fx.arith, {
        "CmpIPredicate": CmpIPredicate, "CmpFPredicate": CmpFPredicate, "cmpi": cmpi, "cmpf": cmpf,
        "constant": constant, "constant_vector": constant_vector, "index_cast": index_cast, "negf": negf,
        "unwrap": unwrap, "ArithValue": ArithValue, "maximumf": maximumf, "minimumf": minimumf, "shrui": shrui,
        "max": fx.max, "min": fx.min, "maxnumf": fx.maxnumf, "minnumf": fx.minnumf, "ceildiv": fx.ceildiv,
        "fastmath": getattr(fx, "fastmath", None), "index": fx.Index,
        "andi": andi, "xori": xori, "shli": shli, "sitofp": sitofp, "trunc_f": trunc_f, "int_to_fp": int_to_fp,
    })
    _put(fx.gpu, {"known_block_size": _known_block_size, "SharedAllocator": fx.SharedAllocator,
                  "smem_space": smem_space, "lds_space": smem_space})
    _put(fx.utils, {"lazy_classattr": lazy_classattr})
    r = fx.rocdl
    _put(r, {"SyncScope": RocdlSyncScope, "CopyOpCDNA3BufferCopyType": CopyOpCDNA3BufferCopyType,
             "WMMA": _target_only("flydsl.expr.rocdl.WMMA", _RDNA + " and " + _GFX1250),
             "s_waitcnt": _noop("s_waitcnt"), "asyncmark": _noop("asyncmark"),
             "wait_asyncmark": _noop("wait_asyncmark"),
             "sched_mfma": _noop("sched_mfma"), "sched_vmem": _noop("sched_vmem"),
             "sched_dsrd": _noop("sched_dsrd"), "sched_dswr": _noop("sched_dswr"),
             # the sched_group_barrier masks FlyDSL names (SchedGroupMask bits)
             "BufferAtomic": BufferAtomic, "BufferAtomicAdd": BufferAtomicAdd, "BufferAtomicMax": BufferAtomicMax,
             "BufferAtomicMin": BufferAtomicMin, "BufferAtomicPkAdd": BufferAtomicPkAdd,
             "CopyOpCDNA3BufferAtomicType": CopyOpCDNA3BufferAtomicType,
             "perm_b32": _perm_b32, "cvt_pk_bf16_f32": _cvt_pk_bf16_f32, "cvt_off_f32_i4": _cvt_off_f32_i4, "mask_mfma": 0x008, "mask_vmem_rd": 0x020, "mask_dsrd": 0x100, "mask_dswr": 0x200})
    for nm in ("BufferCopyLDS", "BufferCopyLDS32b", "BufferCopyLDS64b", "BufferCopyLDS128b", "BufferAtomic",
               "BufferAtomicAdd", "BufferAtomicMax", "BufferAtomicMin", "BufferAtomicPkAdd", "make_buffer_ptr",
               "get_buffer_rsrc"):
        if nm not in r.__dict__:
            setattr(r, nm, _not_in_flyi("flydsl.expr.rocdl." + nm))
    # FlyDSL's flydsl.expr.rocdl re-exports flydsl._mlir.dialects.rocdl (ds_bpermute, readlane, the raw
    # intrinsics): names it lacks come from the bindings, loaded on first use
    def _rocdl_fallback(name):
        if name.startswith("__"):
            raise AttributeError(f"module 'flydsl.expr.rocdl' has no attribute '{name}'")
        import flydsl._mlir.dialects.rocdl as _raw

        try:
            fn = getattr(_raw, name)
        except AttributeError:
            raise AttributeError(f"module 'flydsl.expr.rocdl' has no attribute '{name}'") from None
        if name.startswith("mfma_"):
            return _rocdl_mfma(name, fn)
        return _rocdl_numeric_args(name, fn) if name in _ROCDL_VALUE_PARAMS else fn

    r.__getattr__ = _rocdl_fallback

    # FlyDSL's flydsl.expr.arith starts from flydsl._mlir.dialects.arith's names (trunci(T.i8, v), extui,
    # ExtUIOp, ...): the ones it lacks come from the bindings too
    _arith_lazy = fx.arith.__dict__.get("__getattr__")  # unwrap, _to_raw (served by the bindings' DSL side)

    def _arith_fallback(name):
        if _arith_lazy is not None:
            try:
                return _arith_lazy(name)
            except AttributeError:
                pass
        import flydsl._mlir.dialects.arith as _raw

        if name.startswith("_") or name not in _raw.__dict__:
            raise AttributeError(f"module 'flydsl.expr.arith' has no attribute '{name}'")
        return _raw.__dict__[name]

    fx.arith.__getattr__ = _arith_fallback
    fx.SyncScope = SyncScope
    # fx.struct / fx.union (and fx.Struct / fx.Union, the same objects as in FlyDSL): flydsl.expr._composite's
    # classes, over the tracer's C struct types for their storage layout
    __import__("flydsl.expr._composite")
    comp = sys.modules["flydsl.expr._composite"]
    if comp._c_makers is None:
        comp._c_makers = (fx.struct, fx.union)
    for k in ("struct", "Struct", "union", "Union", "is_struct_type", "is_composite_type",
              "is_specializable_struct_type"):
        setattr(fx, k, getattr(comp, k))
    # flydsl.expr.struct now, so that importing it later does not rebind fx.struct (the decorator) to the module
    __import__("flydsl.expr.struct")
    fx.struct = comp.struct
    # likewise fx.utils.print_typst stays the function once flydsl.expr.utils.print_typst (its module) is loaded
    typst_fn = fx.utils.print_typst
    __import__("flydsl.expr.utils.print_typst")
    fx.utils.print_typst = typst_fn
    # FlyDSL loads these on first use (module __getattr__); they are small here, so they load with flydsl.expr
    for sub in ("cdna3", "cdna4", "rdna3", "rdna4", "enum", "cluster", "universal", "cdna5", "tdm_ops"):
        __import__("flydsl.expr.rocdl." + sub)
    __import__("flydsl.extension.coop")
    __import__("flydsl.extension.random")
    fx.coop = sys.modules["flydsl.extension.coop"]
    fx.random = sys.modules["flydsl.extension.random"]
    fx.tdm_ops = sys.modules["flydsl.expr.rocdl.tdm_ops"]


_typing_extra = ["Pointer", "CopyAtom", "TiledCopy", "TiledMma", "E", "Types", "as_ir_value", "as_dsl_value",
                 "is_generic_address_space", "is_target_address_space", "Tuple3D", "empty_like", "full_like",
                 "ones_like", "zeros_like", "VectorAlias", "Integer", "Float", "NumericMeta", "as_numeric",
                 "Int128", "Uint128"]


def has_none(x):
    """True when the (nested) tuple x holds a None."""
    if x is None:
        return True
    if isinstance(x, (tuple, list)):
        return any(has_none(e) for e in x)
    return False


def assume(result_type, dst, src):
    """fly.assume: FlyDSL marks it work in progress and unsupported; so does flyi."""
    raise NotImplementedError("fx.assume is work in progress in FlyDSL and not supported by flyi")


def _thr(coord):
    return coord


def tiled_copy_partition_src(tiled_copy, src, thr_int_tuple):
    """The thread's source partition: tiled_copy.get_slice(thr).partition_S(src)."""
    return tiled_copy.get_slice(thr_int_tuple).partition_S(src)


def tiled_copy_partition_dst(tiled_copy, dst, thr_int_tuple):
    """The thread's destination partition: tiled_copy.get_slice(thr).partition_D(dst)."""
    return tiled_copy.get_slice(thr_int_tuple).partition_D(dst)


def tiled_copy_retile(tiled_copy, t):
    """Fragment t in the copy's value order (the same for every thread)."""
    return tiled_copy.get_slice(0).retile(t)


def _operand(operand_id):
    k = int(operand_id) if not isinstance(operand_id, str) else "abcd".index(operand_id.lower())
    if k not in (0, 1, 2, 3):
        raise ValueError(f"expected an MmaOperand (A, B, C, D), got {operand_id!r}")
    return "ABCC"[k]


def tiled_mma_partition(operand_id, tiled_mma, t, coord):
    """The thread's partition of operand A, B or C/D: tiled_mma.get_slice(coord).partition_X(t)."""
    which = _operand(operand_id)
    return getattr(tiled_mma.get_slice(coord), "partition_" + which)(t)


def atom_set_value(atom, field, value):
    """A copy of the atom with its state field set (FlyDSL's fly.atom.set_value): scale_a / scale_b of a
    cdna4.MFMA_Scale atom, read by the gemm / mma_atom_call that use it; soffset of a buffer copy atom, read by
    the copies that use it (as their soffset=)."""
    if isinstance(field, _enum.IntEnum):
        field = str(field)
    f = getattr(atom, "_set_value", None)
    if f is None:
        raise TypeError(f"atom_set_value: expected an MMA or copy atom, not '{type(atom).__name__}'")
    return f(field, value)


def tiled_mma_partition_shape(operand_id, tiled_mma, shape):
    """The shape of a thread's partition of operand A, B or C/D for a tensor of shape `shape` (FlyDSL's
    fly.tiled_mma.partition_shape: (V, Rest...) of a compact tensor of that shape)."""
    return tiled_mma._partition_shape("ABC".index(_operand(operand_id)), shape)


def mma_make_fragment(operand_id, tiled_mma, input, *, stages=None):
    """A register fragment for operand A, B or C/D of input's partition shape."""
    if stages is not None:
        raise NotImplementedError("mma_make_fragment(stages=...) is not supported by flyi yet")
    which = _operand(operand_id)
    return getattr(tiled_mma.get_slice(0), "make_fragment_" + which)(input)


_PRIMITIVE_TODO = []  # FlyDSL primitives flyi keeps as placeholders (none left)

def _noop(name):
    def f(*args, **kwargs):
        """A scheduling / wait hint: no effect on the emulator; the ISA keeps the compiler's own waits."""
        return None

    f.__name__ = name
    return f


# The raw rocdl ops FlyDSL's fx.rocdl wraps so that they take Python numbers (int: an i32 constant, float: an
# f32 one) and fx numerics as their value operands: the operands' names in the op's order.
_ROCDL_VALUE_PARAMS = {
    "cvt_pk_fp8_f32": ("res", "src_a", "src_b", "old", "word_sel"),
    "cvt_pk_f32_fp8": ("res", "src", "word_sel"),
    "cvt_scalef32_pk_f32_fp4": ("res", "src", "scale", "src_sel_index"),
    "cvt_scalef32_pk_bf16_fp4": ("res", "src", "scale", "src_sel_index"),
    "cvt_scalef32_pk_fp4_f32": ("res", "old_vdst", "src0", "src1", "scale", "dst_sel_index"),
    "rcp": ("res", "arg"),
    "raw_ptr_buffer_load": ("res", "rsrc", "offset", "soffset", "aux"),
}
_ROCDL_NOT_VALUES = {"res", "word_sel", "src_sel_index", "dst_sel_index", "aux"}


def _asm_cvt(res, text, cons, *srcs):
    """FlyDSL's inline-asm conversions (flydsl.expr.rocdl's inline_asm: no ROCDL op has them); the emulator runs
    them as the hardware computes them."""
    from flydsl._mlir.dialects import llvm as _llvm

    ops = [v.ir_value() if hasattr(v, "ir_value") else v for v in srcs]
    return _llvm.inline_asm(res, ops, text, cons, has_side_effects=False)


def _cvt_pk_bf16_f32(src_a_f32, src_b_f32):
    """rocdl.cvt_pk_bf16_f32(a, b): i32 holding bf16(a) in bits 15:0 and bf16(b) in 31:16 (gfx950)."""
    from flydsl._mlir import ir as _ir

    return _asm_cvt(_ir.IntegerType.get_signless(32), "v_cvt_pk_bf16_f32 $0, $1, $2", "=v,v,v", src_a_f32,
                    src_b_f32)


def _cvt_off_f32_i4(src_i32, byte_sel=None):
    """rocdl.cvt_off_f32_i4(src, byte_sel=None): the low nibble (of byte byte_sel) as a signed int4 / 16."""
    from flydsl._mlir import ir as _ir

    if byte_sel is None:
        return _asm_cvt(_ir.F32Type.get(), "v_cvt_off_f32_i4 $0, $1", "=v,v", src_i32)
    sel = "src0_sel:BYTE_" + str(int(byte_sel))
    return _asm_cvt(_ir.F32Type.get(), "v_cvt_off_f32_i4_sdwa $0, $1 dst_sel:DWORD dst_unused:UNUSED_PAD " + sel,
                    "=v,v", src_i32)


def _perm_b32(src_hi, src_lo, sel, **kw):
    """fx.rocdl.perm_b32(src_hi, src_lo, sel): llvm.amdgcn.perm (v_perm_b32), one i32 a lane."""
    from flydsl._mlir import ir as _ir
    from flydsl._mlir.dialects import llvm as _llvm

    def val(v):
        if isinstance(v, int) and not isinstance(v, bool):
            v = _fx().Int32(v)
        return v.ir_value() if hasattr(v, "ir_value") else v

    i32 = _ir.IntegerType.get_signless(32)
    return _llvm.call_intrinsic(i32, "llvm.amdgcn.perm", [val(src_hi), val(src_lo), val(sel)], [], [])


def _rocdl_mfma(name, fn):
    """fx.rocdl.mfma_*(result_type, operands): FlyDSL's wrappers take [a, b, c] with cbsz / abid / blgp defaulting
    to 0 (the scaled ones all nine operands), and Python ints as i32 constants."""
    def op(result_type, operands, **kwargs):
        ops = list(operands)
        if not name.startswith("mfma_scale_") and len(ops) == 3:
            ops += [0, 0, 0]
        ops = [_fx().Int32(v) if isinstance(v, int) and not isinstance(v, bool) else v for v in ops]
        return fn(result_type, ops, **kwargs)

    op.__name__ = name
    op.__doc__ = fn.__doc__
    return op


def _rocdl_numeric_args(name, fn):
    params = _ROCDL_VALUE_PARAMS[name]

    def conv(p, v):
        if p in _ROCDL_NOT_VALUES or isinstance(v, bool):
            return v
        if isinstance(v, int):
            return _fx().Int32(v)
        if isinstance(v, float):
            return _fx().Float32(v)
        return v

    def op(*args, **kwargs):
        args = tuple(conv(params[i] if i < len(params) else "", v) for i, v in enumerate(args))
        kwargs = {k: conv(k, v) for k, v in kwargs.items()}
        return fn(*args, **kwargs)

    op.__name__ = name
    op.__doc__ = fn.__doc__
    return op


def _numeric_type(v):
    return getattr(v, "dtype", None) or type(v)


def _from_fx(m, names):
    fx = _fx()
    for n in names:
        if n not in m.__dict__ and n in fx.__dict__:
            setattr(m, n, fx.__dict__[n])
        elif n not in m.__dict__ and hasattr(fx, n):
            setattr(m, n, getattr(fx, n))


def _profile(fn, *args, **kwargs):
    """flyc.profile(jit_fn, *args, **kwargs): runs the launch on the emulator with counters and returns
    the report (flyi.profile.ProfileReport: per-line table, .lines, .totals); a flyi extension."""
    import flyi.profile
    return flyi.profile.profile(fn, *args, **kwargs)


def patch(m):
    """Adds FlyDSL's names to one of flyi's C modules as it is made."""
    name = m.__name__
    if name == "flydsl.expr":
        _patch_expr(m)
    elif name == "flydsl.compiler":
        _put(m, {"BaseBackend": BaseBackend, "GPUTarget": GPUTarget, "compile_backend_name": compile_backend_name,
                 "get_backend": get_backend, "register_backend": register_backend,
                 "JitArgumentRegistry": JitArgumentRegistry, "profile": _profile})
        __import__("flydsl.compiler.diagnostics")  # an embedded module of its own
        m.DSLCompileError = sys.modules["flydsl.compiler.diagnostics"].DSLCompileError
        if "_compile_now" not in m.__dict__:  # flyc.compile, subscriptable: flyc.compile[hints](...)
            m._compile_now = m.compile
            m.compile = CompileCallable()
            m.CompileCallable = CompileCallable
    elif name == "flydsl.runtime":
        _put(m, _runtime_names())
    elif name == "flydsl.compiler.protocol":
        __import__("flydsl.compiler._protocol")
        proto = sys.modules["flydsl.compiler._protocol"]
        if proto._c_size_of is None:  # the C module's, kept for the tracer's own types
            proto._c_size_of, proto._c_align_of = m.dsl_size_of, m.dsl_align_of
        for n in proto.__all__:
            setattr(m, n, getattr(proto, n))
        m.__all__ = list(proto.__all__)
        # peek / poke: flydsl.expr._storage's, which also load and store numeric types
        m.peek_from_ptr, m.poke_into_ptr = peek_from_ptr, poke_into_ptr
        # cache_signature: flydsl.compiler.jit_argument's, which also keys streams and tensor adaptors
        m.cache_signature = _cache_signature


def peek_from_ptr(dsl_type, ptr):
    """FlyDSL's protocol function: the value of dsl_type stored at ptr (flydsl.expr._storage)."""
    __import__("flydsl.expr._storage")
    return sys.modules["flydsl.expr._storage"].peek_from_ptr(dsl_type, ptr)


def poke_into_ptr(dsl_type, ptr, value):
    """FlyDSL's protocol function: stores value as dsl_type at ptr (flydsl.expr._storage)."""
    __import__("flydsl.expr._storage")
    return sys.modules["flydsl.expr._storage"].poke_into_ptr(dsl_type, ptr, value)


def _cache_signature(obj):
    """What the compile cache keys obj by (flydsl.compiler.jit_argument.cache_signature)."""
    import flydsl.compiler.jit_argument as ja

    return ja.cache_signature(obj)


def _runtime_names():
    return {"COMPILE_BACKEND_TO_RUNTIME_KIND": COMPILE_BACKEND_TO_RUNTIME_KIND, "DeviceRuntime": DeviceRuntime,
            "RocmDeviceRuntime": RocmDeviceRuntime,
            "ensure_compile_runtime_compatible": ensure_compile_runtime_compatible,
            "ensure_compile_runtime_pairing_from_env": ensure_compile_runtime_pairing_from_env,
            "get_device_runtime": get_device_runtime,
            "register_compile_runtime_mapping": register_compile_runtime_mapping,
            "register_device_runtime": register_device_runtime}


def _storage_layout(schema):
    """(size, alignment, {field: byte offset}) of an fx.struct / fx.union type's storage (FlyDSL's C layout: each
    field at the next multiple of its alignment, a union's all at 0; constexpr fields take no storage)."""
    if hasattr(schema, "_flyi_layout"):  # an fx.struct / fx.union class (flydsl.expr._composite)
        return schema._flyi_layout()
    offsets = getattr(schema, "_field_offsets", None)
    if offsets is None:
        raise TypeError(f"_storage_layout: expected an fx.struct or fx.union type, not {type(schema).__name__}")
    if not offsets:
        return 0, 1, {}
    return schema.size_in_bytes, schema.alignment, offsets


def _all_of(m, names):
    m.__all__ = [n for n in names if hasattr(m, n)]


def fill(m):
    """Fills one of the modules that exist only in Python."""
    name = m.__name__
    if name == "flydsl.expr._storage":  # imported while flydsl.expr is being made (fx.Storage, fx.Arena)
        return
    fx = _fx()
    if name in _FILL_FROM_FX:
        _from_fx(m, _FILL_FROM_FX[name])
        _all_of(m, _FILL_FROM_FX[name])
    if name == "flydsl.expr.struct":
        m._storage_layout = _storage_layout
        __import__("flydsl.expr._storage")
        m.add_offset = sys.modules["flydsl.expr._storage"].byte_add_offset
        comp = sys.modules["flydsl.expr._composite"]
        for k in ("CompositeKind", "FieldDef", "_effective_field_defs"):
            setattr(m, k, getattr(comp, k))
    if name == "flydsl.expr.primitive":
        _put(m, {"LayoutType": getattr(fx, "LayoutType", FlyLayoutType),
                 "MemRefType": getattr(fx, "MemRefType", FlyMemRefType)})
    elif name == "flydsl.expr.rocdl.cdna3":
        _put(m, {"s_waitcnt": fx.rocdl.s_waitcnt})
    elif name == "flydsl.expr.rocdl.cdna4":
        # the LDSReadTrans4_64b .. 16_64b shorthands are module attributes outside FlyDSL's __all__
        for n in _CDNA4_NAMES + ["LDSReadTrans4_64b", "LDSReadTrans8_64b", "LDSReadTrans6_96b", "LDSReadTrans16_64b"]:
            obj = getattr(fx.rocdl, n, None)
            setattr(m, n, obj if obj is not None else _not_in_flyi("flydsl.expr.rocdl.cdna4." + n))
        _all_of(m, _CDNA4_NAMES)
    elif name in ("flydsl.expr.rocdl.cdna5", "flydsl.expr.rocdl.tdm_ops"):
        if name.endswith("cdna5"):  # gfx1250's atom types exist (as types only); what uses them is target-only
            _gfx1250_wmma_scale.__name__ = _gfx1250_wmma_scale.__qualname__ = "WMMAScale"
            _gfx1250_tdm.__name__ = _gfx1250_tdm.__qualname__ = "TDM"
            _put(m, {"WMMAScale": _gfx1250_wmma_scale, "TDM": _gfx1250_tdm})
        m.__getattr__ = _target_module_getattr(name, _GFX1250)
    elif name in ("flydsl.expr.rocdl.rdna3", "flydsl.expr.rocdl.rdna4"):
        _put(m, {"WMMA": _target_only(name + ".WMMA", _RDNA)})
        m.__getattr__ = _target_module_getattr(name, _RDNA)
    elif name == "flydsl.expr.rocdl.enum":
        _put(m, {"AddressSpace": TargetAddressSpace, "TargetAddressSpace": TargetAddressSpace,
                 "SyncScope": RocdlSyncScope})
    elif name == "flydsl.expr.rocdl.universal":
        _from_fx_module(m, fx.rocdl)
    elif name == "flydsl.expr.rocdl.cluster":
        m.CLUSTER_BARRIER_ID = -3
        m.CLUSTER_WAIT_ALL = 0
        for n in _CLUSTER_NAMES:
            setattr(m, n, _target_only("flydsl.expr.rocdl.cluster." + n, "gfx1250 (workgroup clusters)"))
    elif name == "flydsl.expr.enum":
        m.SyncScope = SyncScope
    elif name == "flydsl.expr.meta":
        _put(m, {"capture_user_location": capture_user_location, "dsl_loc_tracing": dsl_loc_tracing,
                 "dsl_wrap_result": dsl_wrap_result, "tracing_context": tracing_context,
                 "tracing_option": tracing_option})
    elif name == "flydsl.expr.extern":
        _put(m, {"ffi": ExternFunction, "ExternFunction": ExternFunction})
    elif name == "flydsl.compiler.jit_executor":
        _put(m, {"_pack_ciface_args": sys.modules["flydsl._compiler_surface"]._pack_ciface_args})
    elif name == "flydsl.compiler.kernel_function":
        _put(m, {"CompilationContext": CompilationContext, "KernelFunction": KernelFunction,
                 "kernel": sys.modules["flydsl.compiler"].kernel, "create_gpu_module": _create_gpu_module,
                 "get_gpu_module_body": _get_gpu_module_body, "create_gpu_func": _create_gpu_func})
    elif name == "flydsl.compiler.backends":
        _put(m, {"BaseBackend": BaseBackend, "GPUTarget": GPUTarget, "compile_backend_name": compile_backend_name,
                 "current_target": current_target, "get_backend": get_backend, "register_backend": register_backend,
                 "resolve_llvm_address_space": resolve_llvm_address_space, "RocmBackend": RocmBackend})
        import flydsl._compiler_surface as cs

        m._make_backend = cs._make_backend
        rocm = types.ModuleType("flydsl.compiler.backends.rocm")
        rocm.RocmBackend = RocmBackend
        _register("flydsl.compiler.backends.rocm", rocm)
        m.rocm = rocm
    elif name == "flydsl.runtime.device_runtime":
        _put(m, _runtime_names())
        _put(m, {"_EXTRA_MAPPINGS": {}, "_instance": None, "_runtime_cls_override": None,
                 "_builtin_runtimes": {"rocm": RocmDeviceRuntime}})
    elif name == "flydsl.utils":
        import flydsl.utils.env as env
        m.env = env
        m.log = log
    elif name == "flydsl.utils.env":
        _put(m, {"compile": env_compile, "debug": env_debug, "runtime": env_runtime, "autotune": env_autotune})
    elif name in ("flydsl.extension.coop", "flydsl.extension.coop.warp", "flydsl.extension.coop.block",
                  "flydsl.extension.coop.universal", "flydsl.extension.coop.warp.rocdl"):
        # the warp collectives: the target's (the DPP forms, rocdl_*) everywhere but .universal (portable_*)
        __import__("flydsl.extension._coop")
        impl = sys.modules["flydsl.extension._coop"]
        names = impl.WARP_NAMES if name.endswith(".rocdl") else _LIBRARY.get(name, impl.NAMES)
        prefix = {"flydsl.extension.coop.universal": "portable_", "flydsl.extension.coop.warp.rocdl": "rocdl_"}
        for n in names:
            setattr(m, n, getattr(impl, prefix.get(name, "") + n, None) or getattr(impl, n))
        m.__all__ = list(names)
        if name == "flydsl.extension.coop":
            for sub in ("warp", "block", "universal"):
                __import__("flydsl.extension.coop." + sub)
                setattr(m, sub, sys.modules["flydsl.extension.coop." + sub])
        if name == "flydsl.extension.coop.warp":
            __import__("flydsl.extension.coop.warp.rocdl")
            m.rocdl = sys.modules["flydsl.extension.coop.warp.rocdl"]
    elif name == "flydsl.extension.coop.block._spec":
        __import__("flydsl.extension._coop")
        m.BlockAlgorithmMeta = sys.modules["flydsl.extension._coop"].BlockAlgorithmMeta
        m.__all__ = ["BlockAlgorithmMeta"]
    elif name in ("flydsl.extension.random", "flydsl.extension.random.universal"):
        # fx.random.<name>: the target's implementation (ROCm overrides none); fx.random.universal: the portable
        # one, with its building blocks (philox, philox_impl, uint_to_uniform_float, pair_uniform_to_normal)
        __import__("flydsl.extension._random")
        impl = sys.modules["flydsl.extension._random"]
        for n in impl.NAMES + (impl.BLOCKS if name.endswith("universal") else []):
            setattr(m, n, getattr(impl, n))
        m.__all__ = list(impl.NAMES)
        if name == "flydsl.extension.random":
            for sub in ("universal", "rocdl"):
                __import__("flydsl.extension.random." + sub)
                setattr(m, sub, sys.modules["flydsl.extension.random." + sub])
    elif name == "flydsl.extension.random.rocdl":
        m.__all__ = []


def _from_fx_module(m, src):
    for k, v in src.__dict__.items():
        if not k.startswith("__"):
            setattr(m, k, v)


# FlyDSL's GPU op helpers of flydsl.compiler.kernel_function, for IR built through the bindings under ir.Context()
def _create_gpu_module(sym_name, targets=None, *, use_explicit_module=False, loc=None, ip=None):
    from flydsl._mlir import ir
    from flydsl._mlir.dialects import gpu

    attrs = [ir.Attribute.parse(t) if isinstance(t, str) else t for t in (targets or [])]
    op = gpu.GPUModuleOp(sym_name, targets=ir.ArrayAttr.get(attrs) if attrs else None,
                         offloadingHandler=ir.Attribute.parse("#fly.explicit_module") if use_explicit_module else None)
    op.regions[0].blocks.append()
    return op


def _get_gpu_module_body(module_op):
    return module_op.regions[0].blocks[0]


def _create_gpu_func(sym_name, function_type, *, known_block_size=None, loc=None, ip=None):
    from flydsl._mlir.dialects import gpu

    return gpu.GPUFuncOp(function_type, sym_name=sym_name, kernel=True, known_block_size=known_block_size)


_create_gpu_module.__name__ = _create_gpu_module.__qualname__ = "create_gpu_module"
_get_gpu_module_body.__name__ = _get_gpu_module_body.__qualname__ = "get_gpu_module_body"
_create_gpu_func.__name__ = _create_gpu_func.__qualname__ = "create_gpu_func"


def _gfx1250_wmma_scale(m, n, k, elem_ty_a, elem_ty_b=None, elem_ty_acc=None, *, opsel_a=0, opsel_b=0, mod_c=0,
                        reuse_a=False, reuse_b=False, block_size=32):
    from flydsl._mlir.dialects import fly_rocdl

    return fly_rocdl.MmaOpGFX1250_WMMAScaleType.get(
        m, n, k, elem_ty_a, elem_ty_a if elem_ty_b is None else elem_ty_b,
        "f32" if elem_ty_acc is None else elem_ty_acc, opsel_a=opsel_a, opsel_b=opsel_b, mod_c=mod_c,
        reuse_a=reuse_a, reuse_b=reuse_b, block_size=block_size)


def _gfx1250_tdm(rank, num_warps, pad_interval=0, pad_amount=0, cache_modifier=0, atomic_barrier=False,
                 early_timeout=False):
    from flydsl._mlir.dialects import fly_rocdl

    return fly_rocdl.CopyOpGFX1250TDMType.get(rank, num_warps, pad_interval, pad_amount, cache_modifier,
                                              atomic_barrier=atomic_barrier, early_timeout=early_timeout)


def _target_module_getattr(modname, target):
    def __getattr__(name):
        if name.startswith("__"):
            raise AttributeError(name)
        return _target_only(modname + "." + name, target)

    return __getattr__


_LIBRARY = {
    "flydsl.extension.coop": ["warp_reduce", "warp_inclusive_scan", "warp_exclusive_scan", "warp_scan",
                              "warp_scan_with_aggregate", "BlockReduceAlgorithm", "BlockReduce",
                              "BlockScanAlgorithm", "BlockScan"],
    "flydsl.extension.coop.warp": ["warp_reduce", "warp_inclusive_scan", "warp_exclusive_scan", "warp_scan",
                                   "warp_scan_with_aggregate"],
    "flydsl.extension.coop.block": ["BlockReduceAlgorithm", "BlockReduce", "BlockScanAlgorithm", "BlockScan"],
    "flydsl.extension.random": ["randint", "randint4x", "rand", "rand4x", "randn", "randn4x"],
}

_FILL_FROM_FX = {
    "flydsl.expr.numeric": [
        "NumericMeta", "Numeric", "as_numeric", "Integer", "Float", "Boolean", "Int4", "Int8", "Int16", "Int32",
        "Int64", "Int128", "Uint8", "Uint16", "Uint32", "Uint64", "Uint128", "Float16", "BFloat16", "Float32",
        "Float64", "Float8E5M2", "Float8E4M3FN", "Float8E4M3FNUZ", "Float8E4M3B11FNUZ", "Float8E4M3",
        "Float6E2M3FN", "Float6E3M2FN", "Float8E8M0FNU", "Float4E2M1FN", "Index"],
    "flydsl.expr.primitive": [
        "AtomicOp", "AddressSpace", "CachePolicy", "MmaOperand", "GemmTraversalOrder", "IntTupleType", "BasisType",
        "TileType", "LayoutType", "SwizzleType", "CoordSwizzleType", "ComposedLayoutType", "PointerType",
        "MemRefType", "CoordTensorType", "CopyAtomType", "MmaAtomType", "TiledCopyType", "TiledMmaType",
        "CopyOpUniversalCopyType", "CopyOpUniversalAtomicType", "MmaOpUniversalFMAType", "UniversalCopy",
        "UniversalCopy8b", "UniversalCopy16b", "UniversalCopy32b", "UniversalCopy64b", "UniversalCopy128b",
        "UniversalAtomic", "UniversalAtomicAdd", "UniversalAtomicMax", "UniversalAtomicMin", "UniversalAtomicAnd",
        "UniversalAtomicOr", "UniversalAtomicInc", "UniversalAtomicDec", "UniversalFMA", "const_expr",
        "range_constexpr", "rank", "depth", "has_none", "static", "make_int_tuple", "make_shape", "make_stride",
        "make_coord", "make_layout", "make_layout_like", "make_ordered_layout", "make_composed_layout",
        "make_identity_layout", "make_view", "make_fragment_layout_like", "make_fragment_like", "get_scalar",
        "get_leaves", "get_shape", "get_stride", "get_layout", "get_iter", "composed_get_inner",
        "composed_get_offset", "composed_get_outer", "int_tuple_add", "int_tuple_sub", "int_tuple_mul",
        "int_tuple_div", "int_tuple_mod", "int_tuple_product", "int_tuple_product_each", "int_tuple_product_like",
        "shape_div", "ceil_div", "elem_less", "equal", "get", "get_", "take", "select", "group", "append", "prepend",
        "slice", "dice", "size", "coprofile", "coshape", "cosize", "crd2idx", "idx2crd", "get_flat_coord",
        "get_1d_coord", "coalesce", "composition", "complement", "right_inverse", "left_inverse", "logical_divide",
        "zipped_divide", "tiled_divide", "flat_divide", "logical_product", "zipped_product", "tiled_product",
        "flat_product", "blocked_product", "raked_product", "recast_layout", "tile_to_shape", "make_mma_atom",
        "make_copy_atom", "atom_set_value", "copy_atom_call", "mma_atom_call", "make_tiled_copy", "make_tiled_mma",
        "tiled_copy_partition_src", "tiled_copy_partition_dst", "tiled_copy_retile", "tiled_mma_partition",
        "tiled_mma_partition_shape", "mma_make_fragment", "copy", "gemm", "make_ptr", "get_dyn_shared", "inttoptr",
        "ptrtoint", "to_llvm_ptr", "add_offset", "apply_swizzle", "ptr_load", "ptr_store", "recast_iter",
        "memref_alloca", "memref_load_vec", "memref_store_vec", "memref_load", "memref_store", "printf", "assume",
        "make_tile"],
    "flydsl.expr.derived": ["ThrCopy", "ThrMma", "make_rmem_tensor", "make_layout_tv", "make_tiled_copy_tv",
                            "make_tiled_copy", "make_tiled_copy_A", "make_tiled_copy_B", "make_tiled_copy_C",
                            "gather", "scatter", "CopyAtom", "MmaAtom", "TiledCopy", "TiledMma"],
    "flydsl.expr.struct": ["struct", "Struct", "union", "Union", "Array", "Align", "Storage", "Arena",
                           "is_composite_type", "is_struct_type", "is_specializable_struct_type"],
}

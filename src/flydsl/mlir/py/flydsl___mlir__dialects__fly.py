# flydsl._mlir.dialects.fly: FlyDSL's own dialect as its bindings name it. flyi builds Fly IR through fx (the
# layout algebra, copies, MMA); the op builders FlyDSL's kernels call directly are here by name.
from flydsl._mlir import ir as _ir
from flydsl._mlir.ir import _emit_op, _generic, _to_value


class _FlyType(_ir.Type):
    _prefix = "!fly."

    @classmethod
    def _match(cls, s):
        return s.startswith(cls._prefix)

    @classmethod
    def get(cls, *args, **kw):
        raise NotImplementedError(f"{cls.__name__}.get: build Fly types with fx in flyi")


def _ftype(name, prefix):
    return type(name, (_FlyType,), {"_prefix": prefix})


IntTupleType = _ftype("IntTupleType", "!fly.int_tuple")
LayoutType = _ftype("LayoutType", "!fly.layout")
ComposedLayoutType = _ftype("ComposedLayoutType", "!fly.composed_layout")
MemRefType = _ftype("MemRefType", "!fly.memref")
PointerType = _ftype("PointerType", "!fly.ptr")
CopyAtomType = _ftype("CopyAtomType", "!fly.copy_atom")
MmaAtomType = _ftype("MmaAtomType", "!fly.mma_atom")
SwizzleType = _ftype("SwizzleType", "!fly.swizzle")
_ir._type_hooks += [(c._prefix, c) for c in (IntTupleType, LayoutType, ComposedLayoutType, MemRefType, PointerType,
                                              CopyAtomType, MmaAtomType, SwizzleType)]


def extract_aligned_pointer_as_index(result, source=None, loc=None, ip=None):
    if source is None:
        result, source = _ir.IndexType.get(), result
    s = _to_value(source)
    return _generic("fly.extract_aligned_pointer_as_index", [s], [str(result)]).results[0]


def copy_atom_call_ssa(*args, **kw):
    raise NotImplementedError("fly.copy_atom_call_ssa: use fx.copy_atom_call in flyi")


def mma_atom_call_ssa(*args, **kw):
    raise NotImplementedError("fly.mma_atom_call_ssa: use fx.mma_atom_call / fx.gemm in flyi")

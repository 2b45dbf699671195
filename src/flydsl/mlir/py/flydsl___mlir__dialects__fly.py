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


def _memref_parts(t):
    """(element type, address space) of '!fly.memref<f32, global, ...>' or '!fly.ptr<f32, global>'."""
    inner = t[t.index("<") + 1:t.rindex(">")]
    parts = _ir._split_top(inner)
    return parts[0], parts[1] if len(parts) > 1 else "global"


def extract_aligned_pointer_as_index(result, source=None, loc=None, ip=None):
    """The address of a Fly memref or pointer (fx tensors and pointers are accepted too): an !llvm.ptr<N>
    or, for an index / integer result type, the address as that integer."""
    if source is None:
        result, source = _ir.IndexType.get(), result
    s = _to_value(source)
    rt = str(result)
    if not s._fyt.startswith(("!fly.memref", "!fly.ptr")):
        raise TypeError(f"extract_aligned_pointer_as_index: expected a Fly memref or pointer, not {s._fyt}")
    et, space = _memref_parts(s._fyt)
    p = s
    if s._fyt.startswith("!fly.memref"):
        p = _generic("fly.get_iter", [s], [f"!fly.ptr<{et}, {space}>"]).results[0]
    as_ = {"global": 1, "shared": 3}.get(space, 0)
    if space == "register":
        raise ValueError("extract_aligned_pointer_as_index: register tensors have no address")
    from flydsl._mlir.dialects import arith, llvm
    lp = _emit_op(_ir.OpView, "builtin.unrealized_conversion_cast", lambda: (
        f"builtin.unrealized_conversion_cast %{p._fyh} : {p._fyt} to !llvm.ptr<{as_}>"), [p],
        [f"!llvm.ptr<{as_}>"]).results[0]
    if rt.startswith("!llvm.ptr"):
        return lp if rt == lp._fyt else llvm.addrspacecast(result, lp)
    i64 = llvm.ptrtoint(_ir.IntegerType.get_signless(64), lp)
    if rt == "i64":
        return i64
    return arith.index_cast(result, i64) if rt == "index" else arith.trunci(result, i64)


def copy_atom_call_ssa(results, copyAtom, src, dst=None, pred=None, loc=None, ip=None):
    """One copy atom invocation on values ("fly.copy_atom_call_ssa"): with a result type in results, the atom's bits
    loaded from buffer tensor src's first element as that type (an ir.Value; dst: what a false pred gives); with
    results == [], value src stored at buffer tensor dst's first element (None). pred: an i1 guarding the access.
    flyi supports buffer copy atoms (fx.rocdl.BufferCopy*) here."""
    import flydsl.expr as fx

    return fx._copy_atom_call_ssa(list(results), copyAtom, src, dst, pred)


def mma_atom_call_ssa(results, mmaAtom, a, b, c, d=None, loc=None, ip=None):
    """One MMA on values: D = A * B + C with a, b, c vectors (ir.Values or Vectors) holding one atom's values a
    lane; the result is D's vector. flyi runs it as fx.mma_atom_call on register fragments holding them."""
    import flydsl.expr as fx
    from flydsl.expr.typing import Vector as _Vec

    vals = [_Vec(x) if not isinstance(x, _Vec) else x for x in (a, b, c)]
    frags = []
    for v in vals:
        f = fx.make_rmem_tensor(v.numel, v.dtype)
        f.store(v)
        frags.append(f)
    out = fx.make_rmem_tensor(vals[2].numel, vals[2].dtype)
    fx.mma_atom_call(mmaAtom, out, frags[0], frags[1], frags[2])
    return out.load().ir_value()


# The layout-algebra op builders (fly.make_layout, fly.coalesce, fly.size, ...): flyi computes the layout algebra in
# C, so each builds the value fx's function of that name does (a static value, or one with runtime leaves); those
# FlyDSL types as an i32 result (get_scalar, and get of a scalar leaf) give an ir.Value, as FlyDSL's op does.
def _fx_op(name, scalar=False):
    def op(*args, loc=None, ip=None, **kw):
        import flydsl.expr as fx

        r = getattr(fx, name)(*args, **kw)
        if scalar and isinstance(r, int) and not isinstance(r, bool):
            from flydsl._mlir.dialects import arith

            return arith.ConstantOp(_ir.IntegerType.get_signless(32), r).result
        if scalar and hasattr(r, "ir_value"):
            return r.ir_value()
        return r

    op.__name__ = name
    op.__qualname__ = name
    op.__doc__ = f"fly.{name}: the value of fx.{name} on the same arguments."
    return op


for _n in ("make_int_tuple", "make_shape", "make_stride", "make_coord", "make_layout", "make_ordered_layout",
           "make_identity_layout", "make_tile", "get_shape", "get_stride", "get_layout", "get_", "select", "take",
           "group", "append", "prepend", "size", "cosize", "rank", "depth", "coalesce", "composition", "complement",
           "right_inverse", "left_inverse", "logical_divide", "zipped_divide", "tiled_divide", "flat_divide",
           "logical_product", "zipped_product", "tiled_product", "flat_product", "blocked_product", "raked_product",
           "crd2idx", "idx2crd", "slice", "dice", "int_tuple_add", "int_tuple_sub", "int_tuple_mul", "int_tuple_div",
           "int_tuple_mod", "int_tuple_product", "shape_div", "ceil_div", "elem_less"):
    globals()[_n] = _fx_op(_n)
get_scalar = _fx_op("get_scalar", scalar=True)
del _n


def static(result_type, loc=None, ip=None):
    """fly.static: the value a static Fly type describes (fx.static)."""
    import flydsl.expr as fx

    return fx.static(result_type)


def _fx_type_get(cls, fxname):
    def get(*args, context=None, **kw):
        import flydsl.expr as fx

        return getattr(fx, fxname).get(*args, **kw)

    cls.get = staticmethod(get)


_fx_type_get(IntTupleType, "IntTupleType")
_fx_type_get(LayoutType, "LayoutType")

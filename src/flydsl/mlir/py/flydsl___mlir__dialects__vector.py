# flydsl._mlir.dialects.vector: MLIR's vector ops as the Python bindings spell them, emitted into the trace.
from flydsl._mlir import ir as _ir
from flydsl._mlir.dialects.arith import _enum, _fm_attr
from flydsl._mlir.ir import _adopt, _emit_op, _generic, _result, _to_value, _type

CombiningKind = _enum("CombiningKind", [("ADD", 0), ("MUL", 1), ("MINUI", 2), ("MINSI", 3), ("MINNUMF", 4),
                                         ("MAXUI", 5), ("MAXSI", 6), ("MAXNUMF", 7), ("AND", 8), ("OR", 9),
                                         ("XOR", 10), ("MINIMUMF", 11), ("MAXIMUMF", 12)])
_KIND_TEXT = {0: "add", 1: "mul", 2: "minui", 3: "minsi", 4: "minnumf", 5: "maxui", 6: "maxsi", 7: "maxnumf",
              8: "and", 9: "or", 10: "xor", 11: "minimumf", 12: "maximumf"}


class _VectorOp(_ir.OpView):
    pass


def _r(v):
    return "%" + str(v._fyh)


def _positions(static_position, dynamic_position):
    """The position list text: static entries, with dynamic values where a static entry is the dynamic
    marker (or appended when only dynamic positions are given)."""
    given = [_index(d) for d in (dynamic_position or [])]
    dyn, out, k = list(given), [], 0
    for p in (static_position or []):
        if isinstance(p, int) and p >= 0:
            out.append(str(p))
        elif isinstance(p, int):
            out.append(_r(dyn[k]))
            k += 1
        else:  # a traced position given among the static ones (a device loop's variable)
            d = _index(p)
            dyn.append(d)
            out.append(_r(d))
    out += [_r(d) for d in given[k:]]
    return out, dyn


def _index(x):
    """x as an index Value (an integer of another width is index_cast, as positions must be index)."""
    v = _to_value(x)
    if v._fyt == "index":
        return v
    from flydsl._mlir.dialects import arith
    return arith.index_cast(_ir.IndexType.get(), v)


class ExtractOp(_VectorOp):
    OPERATION_NAME = "vector.extract"

    def __init__(self, vector, dynamic_position=None, static_position=None, loc=None, ip=None):
        v = _to_value(vector)
        pos, dyn = _positions(static_position, dynamic_position)
        vt = _type(v._fyt)
        shape = vt.shape[len(pos):]
        rt = str(vt.element_type) if not shape else str(_ir.VectorType.get(shape, vt.element_type))
        op = _emit_op(_VectorOp, "vector.extract",
                      lambda: f"vector.extract {_r(v)}[{', '.join(pos)}] : {rt} from {v._fyt}", [v] + dyn, [rt])
        _adopt(self, op)


def extract(vector, dynamic_position=None, static_position=None, loc=None, ip=None):
    return ExtractOp(vector, dynamic_position=dynamic_position, static_position=static_position).result


class InsertOp(_VectorOp):
    OPERATION_NAME = "vector.insert"

    def __init__(self, value_to_store, dest, dynamic_position=None, static_position=None, loc=None, ip=None):
        s, d = _to_value(value_to_store), _to_value(dest)
        pos, dyn = _positions(static_position, dynamic_position)
        op = _emit_op(_VectorOp, "vector.insert",
                      lambda: f"vector.insert {_r(s)}, {_r(d)}[{', '.join(pos)}] : {s._fyt} into {d._fyt}",
                      [s, d] + dyn, [d._fyt])
        _adopt(self, op)


def insert(value_to_store, dest, dynamic_position=None, static_position=None, loc=None, ip=None):
    return InsertOp(value_to_store, dest, dynamic_position, static_position).result


def _ints(xs):
    return "[" + ", ".join(str(int(x)) for x in xs) + "]"


class ExtractStridedSliceOp(_VectorOp):
    OPERATION_NAME = "vector.extract_strided_slice"

    def __init__(self, result, source, offsets, sizes, strides, loc=None, ip=None):
        v = _to_value(source)
        rt = str(result)
        op = _emit_op(_VectorOp, self.OPERATION_NAME, lambda: (
            f"vector.extract_strided_slice {_r(v)} {{offsets = {_ints(offsets)}, sizes = {_ints(sizes)}, "
            f"strides = {_ints(strides)}}} : {v._fyt} to {rt}"), [v], [rt])
        _adopt(self, op)


def extract_strided_slice(result, source, offsets, sizes, strides, loc=None, ip=None):
    return ExtractStridedSliceOp(result, source, offsets, sizes, strides).result


class InsertStridedSliceOp(_VectorOp):
    OPERATION_NAME = "vector.insert_strided_slice"

    def __init__(self, source, dest, offsets, strides, loc=None, ip=None):
        s, d = _to_value(source), _to_value(dest)
        op = _emit_op(_VectorOp, self.OPERATION_NAME, lambda: (
            f"vector.insert_strided_slice {_r(s)}, {_r(d)} {{offsets = {_ints(offsets)}, strides = "
            f"{_ints(strides)}}} : {s._fyt} into {d._fyt}"), [s, d], [d._fyt])
        _adopt(self, op)


def insert_strided_slice(source, dest, offsets, strides, loc=None, ip=None):
    return InsertStridedSliceOp(source, dest, offsets, strides).result


def _unary_to(opname, cname, word="to"):
    def build(result, source):
        v = _to_value(source)
        rt = str(result)
        return _emit_op(_VectorOp, "vector." + opname,
                        lambda: f"vector.{opname} {_r(v)} : {v._fyt} {word} {rt}", [v], [rt])

    cls = type(cname, (_VectorOp,), {"OPERATION_NAME": "vector." + opname})
    cls.__init__ = lambda self, result, source, loc=None, ip=None: _adopt(self, build(result, source))

    def fn(result, source, loc=None, ip=None):
        return build(result, source).results[0]

    fn.__name__ = opname
    return cls, fn


BitCastOp, bitcast = _unary_to("bitcast", "BitCastOp")
BroadcastOp, broadcast = _unary_to("broadcast", "BroadcastOp")
ShapeCastOp, shape_cast = _unary_to("shape_cast", "ShapeCastOp")
BitcastOp = BitCastOp


class SplatOp(_VectorOp):
    OPERATION_NAME = "vector.splat"

    def __init__(self, aggregate, input, loc=None, ip=None):
        _adopt(self, BroadcastOp(aggregate, input))


def splat(aggregate, input, loc=None, ip=None):
    return broadcast(aggregate, input)


class FromElementsOp(_VectorOp):
    OPERATION_NAME = "vector.from_elements"

    def __init__(self, dest, elements, loc=None, ip=None):
        els = [_to_value(e) for e in elements]
        rt = str(dest)
        op = _emit_op(_VectorOp, self.OPERATION_NAME,
                      lambda: f"vector.from_elements {', '.join(_r(e) for e in els)} : {rt}", els, [rt])
        _adopt(self, op)


def from_elements(dest, elements, loc=None, ip=None):
    return FromElementsOp(dest, elements).result


class ShuffleOp(_VectorOp):
    OPERATION_NAME = "vector.shuffle"

    def __init__(self, v1, v2, mask, loc=None, ip=None):
        a, b = _to_value(v1), _to_value(v2)
        at = _type(a._fyt)
        et = at.element_type if isinstance(at, _ir.VectorType) else at
        rt = str(_ir.VectorType.get([len(mask)], et))
        op = _emit_op(_VectorOp, self.OPERATION_NAME, lambda: (
            f"vector.shuffle {_r(a)}, {_r(b)} {_ints(mask)} : {a._fyt}, {b._fyt}"), [a, b], [rt])
        _adopt(self, op)


def shuffle(v1, v2, mask, loc=None, ip=None):
    return ShuffleOp(v1, v2, mask).result


class ReductionOp(_VectorOp):
    OPERATION_NAME = "vector.reduction"

    def __init__(self, dest, kind, vector, acc=None, fastmath=None, loc=None, ip=None):
        v = _to_value(vector)
        rt = str(dest)
        k = _KIND_TEXT[int(kind)] if not isinstance(kind, str) else kind.lower()
        ops = [v] + ([_to_value(acc)] if acc is not None else [])
        fm = _fm_attr(fastmath)
        op = _emit_op(_VectorOp, self.OPERATION_NAME, lambda: (
            f"vector.reduction <{k}>, " + ", ".join(_r(o) for o in ops) +
            (f" fastmath<{fm[len('#arith.fastmath<'):-1]}>" if fm else "") + f" : {v._fyt} into {rt}"), ops, [rt])
        _adopt(self, op)


def reduction(dest, kind, vector, acc=None, fastmath=None, loc=None, ip=None):
    return ReductionOp(dest, kind, vector, acc, fastmath).result


class FMAOp(_VectorOp):
    OPERATION_NAME = "vector.fma"

    def __init__(self, lhs, rhs, acc, loc=None, ip=None):
        a, b, c = _to_value(lhs), _to_value(rhs), _to_value(acc)
        _adopt(self, _emit_op(_VectorOp, self.OPERATION_NAME,
                              lambda: f"vector.fma {_r(a)}, {_r(b)}, {_r(c)} : {a._fyt}", [a, b, c], [a._fyt]))


def fma(lhs, rhs, acc, loc=None, ip=None):
    return FMAOp(lhs, rhs, acc).result


def _fly_address(b, indices):
    """For a Fly memref or pointer base (flyi's kernel tensors, LDS included): the !llvm.ptr of element
    indices[0] (one linear element index, as FlyDSL's kernels pass it)."""
    from flydsl._mlir.dialects import fly, llvm
    if len(indices) != 1:
        raise ValueError("vector.load/store on a Fly memref takes one linear element index")
    et, space = fly._memref_parts(b._fyt)
    as_ = {"global": 1, "shared": 3}.get(space, 0)
    p = fly.extract_aligned_pointer_as_index(llvm.PointerType.get(as_), b)
    i = _to_value(indices[0])
    if i._fyt == "index":
        from flydsl._mlir.dialects import arith
        i = arith.index_cast(_ir.IntegerType.get_signless(64), i)
    return llvm.getelementptr(p.type, p, [i], [-2147483648], _ir._type(et))


def _is_fly(b):
    return b._fyt.startswith(("!fly.memref", "!fly.ptr"))


class LoadOp(_VectorOp):
    OPERATION_NAME = "vector.load"

    def __init__(self, result, base, indices, nontemporal=None, alignment=None, loc=None, ip=None):
        b = _to_value(base)
        if _is_fly(b):
            from flydsl._mlir.dialects import llvm
            _adopt(self, llvm.LoadOp(result, _fly_address(b, indices), alignment=alignment))
            return
        idx = [_to_value(i) for i in indices]
        rt = str(result)
        al = f" {{alignment = {int(alignment)} : i64}}" if alignment else ""
        _adopt(self, _emit_op(_VectorOp, self.OPERATION_NAME, lambda: (
            f"vector.load {_r(b)}[{', '.join(_r(i) for i in idx)}]{al} : {b._fyt}, {rt}"), [b] + idx, [rt]))


def load(result, base, indices, nontemporal=None, alignment=None, loc=None, ip=None):
    return LoadOp(result, base, indices, nontemporal, alignment).result


class StoreOp(_VectorOp):
    OPERATION_NAME = "vector.store"

    def __init__(self, valueToStore, base, indices, nontemporal=None, alignment=None, loc=None, ip=None):
        v, b = _to_value(valueToStore), _to_value(base)
        if _is_fly(b):
            from flydsl._mlir.dialects import llvm
            _adopt(self, llvm.StoreOp(v, _fly_address(b, indices), alignment=alignment))
            return
        idx = [_to_value(i) for i in indices]
        al = f" {{alignment = {int(alignment)} : i64}}" if alignment else ""
        _adopt(self, _emit_op(_VectorOp, self.OPERATION_NAME, lambda: (
            f"vector.store {_r(v)}, {_r(b)}[{', '.join(_r(i) for i in idx)}]{al} : {b._fyt}, {v._fyt}"),
            [v, b] + idx, []))


def store(valueToStore, base, indices, nontemporal=None, alignment=None, loc=None, ip=None):
    return StoreOp(valueToStore, base, indices, nontemporal, alignment)


def print_(source=None, punctuation=None, stringLiteral=None, loc=None, ip=None):
    raise NotImplementedError("vector.print is not supported by flyi (use fx.printf)")

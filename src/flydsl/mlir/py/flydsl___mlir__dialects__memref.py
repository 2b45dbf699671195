# flydsl._mlir.dialects.memref: memref alloca / load / store as the bindings spell them.
from flydsl._mlir import ir as _ir
from flydsl._mlir.ir import _emit_op, _to_value


def _r(v):
    return "%" + str(v._fyh)


def alloca(memref, dynamicSizes=(), symbolOperands=(), alignment=None, loc=None, ip=None):
    t = str(memref)
    return _emit_op(_ir.OpView, "memref.alloca", lambda: f"memref.alloca() : {t}", [], [t]).results[0]


def load(memref, indices, nontemporal=None, loc=None, ip=None):
    m = _to_value(memref)
    idx = [_to_value(i) for i in indices]
    et = str(_ir._type(m._fyt).element_type)
    return _emit_op(_ir.OpView, "memref.load", lambda: (
        f"memref.load {_r(m)}[{', '.join(_r(i) for i in idx)}] : {m._fyt}"), [m] + idx, [et]).results[0]


def store(value, memref, indices, nontemporal=None, loc=None, ip=None):
    v, m = _to_value(value), _to_value(memref)
    idx = [_to_value(i) for i in indices]
    return _emit_op(_ir.OpView, "memref.store", lambda: (
        f"memref.store {_r(v)}, {_r(m)}[{', '.join(_r(i) for i in idx)}] : {m._fyt}"), [v, m] + idx, [])


class AllocaOp(_ir.OpView):
    def __init__(self, memref, dynamicSizes=(), symbolOperands=(), alignment=None, loc=None, ip=None):
        v = alloca(memref)
        _ir._adopt(self, v.owner)


class LoadOp(_ir.OpView):
    def __init__(self, memref, indices, nontemporal=None, loc=None, ip=None):
        _ir._adopt(self, load(memref, indices).owner)


class StoreOp(_ir.OpView):
    def __init__(self, value, memref, indices, nontemporal=None, loc=None, ip=None):
        _ir._adopt(self, store(value, memref, indices))


def extract_aligned_pointer_as_index(source, loc=None, ip=None):
    """The aligned address of a memref as an index (a Fly memref or pointer's through fly's builder)."""
    from flydsl._mlir.dialects import fly
    s = _to_value(source)
    if s._fyt.startswith("!fly."):
        return fly.extract_aligned_pointer_as_index(_ir.IndexType.get(), s)
    return _emit_op(_ir.OpView, "memref.extract_aligned_pointer_as_index", lambda: (
        f"memref.extract_aligned_pointer_as_index {_r(s)} : {s._fyt} -> index"), [s], ["index"]).results[0]

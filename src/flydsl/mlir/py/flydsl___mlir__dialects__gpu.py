# flydsl._mlir.dialects.gpu: gpu thread / block ids and dims (index values), barrier, as the bindings spell them.
from flydsl._mlir import ir as _ir
from flydsl._mlir.dialects.arith import _enum
from flydsl._mlir.ir import _emit_op, _generic, _to_value

Dimension = _enum("Dimension", [("x", 0), ("y", 1), ("z", 2)])
AddressSpace = _enum("AddressSpace", [("Global", 1), ("Workgroup", 2), ("Private", 3)])


def _dim(d):
    if isinstance(d, str):
        return d
    return "xyz"[int(d)]


def _idop(name):
    def fn(dimension, upper_bound=None, loc=None, ip=None):
        d = _dim(dimension)
        return _emit_op(_ir.OpView, "gpu." + name, lambda: f"gpu.{name} {d}", [], ["index"]).results[0]

    fn.__name__ = name
    return fn


thread_id = _idop("thread_id")
block_id = _idop("block_id")
block_dim = _idop("block_dim")
grid_dim = _idop("grid_dim")


def lane_id(upper_bound=None, loc=None, ip=None):
    return _emit_op(_ir.OpView, "gpu.lane_id", lambda: "gpu.lane_id", [], ["index"]).results[0]


def barrier(loc=None, ip=None):
    return _emit_op(_ir.OpView, "gpu.barrier", lambda: "gpu.barrier", [], [])


class BarrierOp(_ir.OpView):
    def __init__(self, loc=None, ip=None):
        _ir._adopt(self, barrier())


ThreadIdOp = BlockIdOp = BlockDimOp = GridDimOp = None


class AsyncTokenType(_ir.Type):
    @classmethod
    def _match(cls, s):
        return s == "!gpu.async.token"

    @staticmethod
    def get(context=None):
        return _ir.Type._new(AsyncTokenType, "!gpu.async.token")


_ir._type_hooks.append(("!gpu.async.token", AsyncTokenType))


class ReturnOp(_ir.OpView):
    """gpu.return (the tracer ends a kernel with one itself)."""

    def __init__(self, operands=None, loc=None, ip=None):
        _ir._adopt(self, _generic("gpu.return", [_to_value(v) for v in (operands or [])], []))

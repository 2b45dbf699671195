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


class _Blocks(list):
    """A region's blocks; append(*arg_types) adds one (MLIR's BlockList.append)."""

    def __init__(self, owner):
        super().__init__()
        self._owner = owner

    def append(self, *arg_types, arg_locs=None):
        b = _ir.Block(self._owner, [str(t) for t in arg_types])
        super().append(b)
        return b


class _Region:
    def __init__(self, owner):
        self.owner = owner
        self.blocks = _Blocks(owner)


class GPUModuleOp(_ir._RegionOp):
    """gpu.module @name [targets] <offloadingHandler> { ... }, for IR built under ir.Context() (FlyDSL's
    create_gpu_module appends its block: regions[0].blocks.append())."""

    OPERATION_NAME = "gpu.module"

    def __init__(self, sym_name, targets=None, *, offloadingHandler=None, loc=None, ip=None):
        self._sym = str(getattr(sym_name, "value", sym_name))
        self._targets = targets
        self._handler = offloadingHandler
        self._region = _Region(self)
        self._place("gpu.module", [], [])

    @property
    def regions(self):
        return [self._region]

    @property
    def body(self):
        return self._region.blocks[0]

    @property
    def sym_name(self):
        return _ir.StringAttr.get(self._sym)

    def _render(self):
        t = f" {self._targets}" if self._targets is not None and len(self._targets) else ""
        h = f" <{self._handler}>" if self._handler is not None else ""
        body = "".join(b._text for b in self._region.blocks)
        return f"      gpu.module @{self._sym}{t}{h} {{\n{body}      }}{self._loc}\n"


class GPUFuncOp(_ir._FuncLikeOp):
    """gpu.func @name(args) [kernel] [attributes {known_block_size = array<i32: x, y, z>}] { ... }, for IR built
    under ir.Context() (FlyDSL's create_gpu_func)."""

    OPERATION_NAME = "gpu.func"

    def __init__(self, function_type, *, sym_name=None, kernel=False, known_block_size=None, loc=None, ip=None):
        ft = getattr(function_type, "value", function_type)
        self._ftype = ft if isinstance(ft, _ir.FunctionType) else _ir.FunctionType(ft)
        self._fname = str(getattr(sym_name, "value", sym_name))
        self._kernel = bool(kernel)
        self._kbs = None if known_block_size is None else [int(x) for x in known_block_size]
        self._entry = None
        self._place("gpu.func", [], [])

    @property
    def type(self):
        return self._ftype

    @property
    def name(self):
        return _ir.StringAttr.get(self._fname)

    sym_name = name

    def _render(self):
        res = self._ftype.results
        if self._entry is None:
            args, body = ", ".join(str(t) for t in self._ftype.inputs), ""
        else:
            args, body = ", ".join(f"%{a._fyh}: {a._fyt}" for a in self._entry._args), self._entry._text
        attrs = ""
        if self._kbs is not None:
            attrs = " attributes {known_block_size = array<i32: " + ", ".join(map(str, self._kbs)) + ">}"
        return (f"      gpu.func @{self._fname}({args})" +
                (" -> (" + ", ".join(str(t) for t in res) + ")" if res else "") +
                (" kernel" if self._kernel else "") + attrs + " {\n" + body + "      }" + self._loc + "\n")

# flydsl._mlir.dialects.func: func.func (for IR built under ir.Context()), func.return and func.call.
from flydsl._mlir import ir as _ir
from flydsl._mlir.ir import _generic, _to_value


class FuncOp(_ir._FuncLikeOp):
    OPERATION_NAME = "func.func"

    def __init__(self, name, type, *, visibility=None, body_builder=None, loc=None, ip=None):
        self._fname = str(name)
        self._ftype = type if isinstance(type, _ir.FunctionType) else _ir.FunctionType(type)
        self._entry = None
        self._place("func.func", [], [])

    @property
    def type(self):
        return self._ftype

    @property
    def name(self):
        return _ir.StringAttr.get(self._fname)

    @property
    def sym_name(self):
        return self.name

    def _render(self):
        ins = self._ftype.inputs
        res = self._ftype.results
        if self._entry is None:
            return (f"      func.func private @{self._fname}(" + ", ".join(str(t) for t in ins) + ")" +
                    (" -> (" + ", ".join(str(t) for t in res) + ")" if res else "") + "\n")
        args = ", ".join(f"%{a._fyh}: {a._fyt}" for a in self._entry._args)
        return (f"      func.func @{self._fname}({args})" +
                (" -> (" + ", ".join(str(t) for t in res) + ")" if res else "") + " {\n" + self._entry._text +
                "      }" + self._loc + "\n")


class ReturnOp(_ir.OpView):
    OPERATION_NAME = "func.return"

    def __init__(self, operands_=None, loc=None, ip=None):
        _ir._adopt(self, _generic("func.return", [_to_value(v) for v in (operands_ or [])], []))


def return_(operands_=None, loc=None, ip=None):
    return ReturnOp(operands_)


class CallOp(_ir.OpView):
    OPERATION_NAME = "func.call"

    def __init__(self, result, callee, operands_, loc=None, ip=None):
        name = callee._fname if isinstance(callee, FuncOp) else str(callee).lstrip("@")
        rts = [str(t) for t in (result if isinstance(result, (list, tuple)) else [result])]
        _ir._adopt(self, _generic("func.call", [_to_value(v) for v in operands_], rts, {"callee": "@" + name}))

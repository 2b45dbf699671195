# flydsl._mlir.dialects.builtin: ModuleOp and unrealized_conversion_cast.
from flydsl._mlir import ir as _ir
from flydsl._mlir.ir import _generic, _to_value

ModuleOp = _ir.Module


class UnrealizedConversionCastOp(_ir.OpView):
    OPERATION_NAME = "builtin.unrealized_conversion_cast"

    def __init__(self, outputs, inputs, loc=None, ip=None):
        _ir._adopt(self, _generic(self.OPERATION_NAME, [_to_value(v) for v in inputs], [str(t) for t in outputs]))


def unrealized_conversion_cast(outputs, inputs, loc=None, ip=None):
    return _ir._result(UnrealizedConversionCastOp(outputs, inputs))

# flydsl._mlir.dialects.builtin: ModuleOp and unrealized_conversion_cast.
from flydsl._mlir import ir as _ir
from flydsl._mlir.ir import _generic, _to_value

ModuleOp = _ir.Module


def unrealized_conversion_cast(outputs, inputs, loc=None, ip=None):
    op = _generic("builtin.unrealized_conversion_cast", [_to_value(v) for v in inputs], [str(t) for t in outputs])
    return op.results[0] if len(op.results) == 1 else op.results


UnrealizedConversionCastOp = unrealized_conversion_cast

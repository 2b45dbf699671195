# flydsl._mlir.dialects.math: MLIR's math ops (function form, result type of the first operand).
from flydsl._mlir.dialects.arith import _fm_attr
from flydsl._mlir.ir import _generic, _to_value


def _mk(name, n):
    def fn(*args, fastmath=None, loc=None, ip=None):
        ops = [_to_value(a) for a in args[:n]]
        fm = _fm_attr(fastmath)
        return _generic("math." + name, ops, [ops[0]._fyt], {"fastmath": fm} if fm else None).results[0]

    fn.__name__ = name
    return fn


for _n in ("absf", "absi", "ceil", "floor", "trunc", "round", "roundeven", "exp", "exp2", "expm1", "log", "log2",
           "log10", "log1p", "sqrt", "rsqrt", "cbrt", "sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh",
           "tanh", "asinh", "acosh", "atanh", "erf", "erfc", "ctlz", "cttz", "ctpop"):
    globals()[_n] = _mk(_n, 1)
for _n in ("powf", "atan2", "copysign", "ipowi"):
    globals()[_n] = _mk(_n, 2)
fma = _mk("fma", 3)

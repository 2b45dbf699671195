# flydsl._mlir.dialects.math: MLIR's math ops (function form). The result type is the first operand's, except
# the float classifications (i1, or a vector of i1 shaped like the operand) and sincos (two results).
from flydsl._mlir.dialects.arith import _fm_attr, _i1_like
from flydsl._mlir.ir import _generic, _to_value


def _mk(name, n, result=lambda t: [t], has_fastmath=True):
    def fn(*args, fastmath=None, loc=None, ip=None):
        if len(args) != n:
            raise TypeError(f"math.{name} takes {n} operand(s), got {len(args)}")
        ops = [_to_value(a) for a in args]
        fm = _fm_attr(fastmath) if has_fastmath else None
        op = _generic("math." + name, ops, result(ops[0]._fyt), {"fastmath": fm} if fm else None)
        return op.results[0] if len(op.results) == 1 else tuple(op.results)

    fn.__name__ = name
    return fn


for _n in ("absf", "ceil", "floor", "trunc", "round", "roundeven", "exp", "exp2", "expm1", "log", "log2", "log10",
           "log1p", "sqrt", "rsqrt", "cbrt", "sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh",
           "asinh", "acosh", "atanh", "erf", "erfc"):
    globals()[_n] = _mk(_n, 1)
for _n in ("absi", "ctlz", "cttz", "ctpop"):
    globals()[_n] = _mk(_n, 1, has_fastmath=False)
for _n in ("powf", "atan2", "copysign", "fpowi"):
    globals()[_n] = _mk(_n, 2)
ipowi = _mk("ipowi", 2, has_fastmath=False)
fma = _mk("fma", 3)
clampf = _mk("clampf", 3)
for _n in ("isnan", "isinf", "isfinite", "isnormal"):
    globals()[_n] = _mk(_n, 1, result=lambda t: [_i1_like(t)])
sincos = _mk("sincos", 1, result=lambda t: [t, t])

# flydsl._mlir.dialects._arith_ops_gen: the generated arith op classes (the same as flydsl._mlir.dialects.arith's).
from flydsl._mlir.dialects.arith import *  # noqa: F401,F403
from flydsl._mlir.dialects.arith import _ArithOp  # noqa: F401

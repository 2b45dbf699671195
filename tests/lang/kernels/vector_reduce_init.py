# flyi: run
# Vector.reduce with FlyDSL's signature (op, init_val=None, reduction_profile=None, *, fastmath=None): the
# initial value joins the reduction; max of floats is maxnumf (a NaN element is skipped), min is minimumf.
import torch

import flydsl.compiler as flyc
import flydsl.expr as fx
from flydsl.expr.typing import ReductionOp


@flyc.kernel
def red(A: fx.Tensor, Out: fx.Tensor):
    v = fx.Vector.from_elements([A[0], A[1], A[2], A[3]], fx.Float32)
    Out[0] = v.reduce(ReductionOp.ADD, init_val=fx.Float32(100.0))
    Out[1] = v.reduce(ReductionOp.MAX)
    Out[2] = v.reduce(ReductionOp.MUL, 2.0)
    Out[3] = v.reduce("max", init_val=fx.Float32(9.0))


@flyc.jit
def run(A, Out):
    red(A, Out).launch(grid=1, block=1)


a = torch.tensor([1.0, 2.0, float("nan"), 4.0], device="cuda")
out = torch.zeros(4, device="cuda")
run(a, out)
print(out.tolist()[1:], "nan" if out[0].item() != out[0].item() else out[0].item())
b = torch.tensor([1.0, 2.0, 3.0, 4.0], device="cuda")
run(b, out)
print(out.tolist())

# flyi: run
# The truth of a run-time value is x != 0, as in Python and FlyDSL (cmpf une / cmpi ne), never a truncation
# to i1: 0.5, -0.25, 2 and NaN are true, 0.0, -0.0 and 0 false. Run on the emulator, checked against Python.
import math

import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

FV = [0.5, -0.25, 0.0, -0.0, 2.0, 1e-30, float("nan"), -3.0]
IV = [2, 0, -1, 4, 0, 1, 8, -6]
N = len(FV)


@flyc.kernel
def k(xf: fx.Tensor, xi: fx.Tensor, sel: fx.Tensor, conv: fx.Tensor, branch: fx.Tensor):
    tid = fx.thread_idx.x
    f = fx.Float32(xf[tid])
    i = fx.Int32(xi[tid])
    sel[tid] = f.select(fx.Int32(10), fx.Int32(20)) + i.select(fx.Int32(1), fx.Int32(2))
    conv[tid] = fx.Int32(fx.Boolean(f)) * 2 + fx.Int32(fx.Boolean(i))
    r = fx.Int32(0)
    if f:
        r = r + 100
    if i:
        r = r + 7
    branch[tid] = r


@flyc.jit
def run(xf, xi, sel, conv, branch):
    k(xf, xi, sel, conv, branch).launch(grid=1, block=N)


xf = torch.tensor(FV, dtype=torch.float32, device="cuda")
xi = torch.tensor(IV, dtype=torch.int32, device="cuda")
outs = [torch.zeros(N, dtype=torch.int32, device="cuda") for _ in range(3)]
run(xf, xi, *outs)
want_sel = [(10 if f else 20) + (1 if i else 2) for f, i in zip(FV, IV)]
want_conv = [int(bool(f)) * 2 + int(bool(i)) for f, i in zip(FV, IV)]
want_branch = [(100 if f else 0) + (7 if i else 0) for f, i in zip(FV, IV)]
print("select", outs[0].tolist(), outs[0].tolist() == want_sel)
print("Boolean()", outs[1].tolist(), outs[1].tolist() == want_conv)
print("if", outs[2].tolist(), outs[2].tolist() == want_branch)
print("python nan is true:", bool(math.nan))


@flyc.jit
def host(a: fx.Float32, b: fx.Int32):
    a.select(fx.Int32(1), fx.Int32(2))
    b.select(fx.Int32(1), fx.Int32(2))


host(0.5, 3)
ir = host._last_compiled[1].source_ir
print("cmpf une:", "arith.cmpf une" in ir, "cmpi ne:", "arith.cmpi ne" in ir)
print("no fptosi / trunci:", "fptosi" not in ir and "trunci" not in ir)

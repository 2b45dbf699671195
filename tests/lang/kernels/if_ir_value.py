# flyi: run
# A Python `if` on an i1 bindings Value (FlyDSL's conv3d stores under `if fx.as_ir_value(row < npq):`) is a
# run-time condition: it becomes an scf.if, as FlyDSL's AST rewriter makes it, not a trace-time truth test
# (before, every thread took the branch). Also `if not v`, and elif chains on Values.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch


@flyc.kernel
def k(x: fx.Tensor, y: fx.Tensor):
    t = fx.thread_idx.x
    v = fx.as_ir_value(t < fx.Index(5))
    if v:
        x[t] = 1.0
    if not v:
        y[t] = 2.0
    elif fx.as_ir_value(t == fx.Index(0)):
        y[t] = 3.0   # thread 0 (v holds, t == 0)
    else:
        y[t] = 4.0


@flyc.jit
def run(x, y):
    k(x, y).launch(grid=1, block=8)


x = torch.zeros(8, device="cuda")
y = torch.zeros(8, device="cuda")
run(x, y)
print(x.cpu().tolist())
print(y.cpu().tolist())

# flyi: run
# Fast-math flags on the float ops a trace emits: `with fx.fastmath(...)` gives the ops inside its flags
# (binary ops, negation, powers, fx.math functions, min/max), nested blocks restore the outer flags on
# exit, an op's own fastmath= replaces the ambient ones ("none" drops them), integer ops never carry them,
# and a flag name that does not exist is a ValueError.
import flydsl.expr as fx
from flydsl._mlir import ir
from flydsl._mlir.dialects import func
from flydsl.expr.numeric import Float32, Int32
from flydsl.expr.utils.arith import fastmath as utils_fastmath


def show(title, build, types):
    with ir.Context(), ir.Location.unknown():
        m = ir.Module.create()
        with ir.InsertionPoint(m.body):
            f = func.FuncOp("t", ir.FunctionType.get([t() for t in types], []))
            with ir.InsertionPoint(f.add_entry_block()):
                build(*f.entry_block.arguments)
                func.ReturnOp([])
        print(title)
        for line in str(m).splitlines():
            if "arith." in line or "math." in line:
                print("   ", line.strip().split(" = ", 1)[1])


F, I = ir.F32Type.get, lambda: ir.IntegerType.get_signless(32)


def ambient(a, b):
    x, y = Float32(a), Float32(b)
    _ = x + y
    with fx.fastmath(fx.FastMathFlags.fast):
        _ = x - y
        _ = -x
        _ = x ** y
        fx.exp(x)
        fx.maxnumf(x, y)
        with fx.fastmath(fx.FastMathFlags.reassoc | fx.FastMathFlags.contract):
            _ = x * y
            fx.max(x, y)
        _ = x / y
    _ = x % y


def explicit(a, b):
    x, y = Float32(a), Float32(b)
    with fx.fastmath("fast"):
        fx.sqrt(x, fastmath="contract")
        fx.minnumf(x, y, fastmath="nnan,ninf")
        fx.arith.minimumf(x, y, fastmath="afn")
        _ = x.addf(y, fastmath="none")
        _ = x.mulf(y)
    with utils_fastmath("arcp"):
        _ = x + y


def integers(a, b):
    p, q = Int32(a), Int32(b)
    with fx.fastmath("fast"):
        _ = p + q
        _ = p * q
        fx.max(p, q)


show("ambient", ambient, [F, F])
show("explicit", explicit, [F, F])
show("integers", integers, [I, I])
try:
    fx.fastmath("quick")
except ValueError as e:
    print("ValueError:", e)

# the flags reach the compiled kernel and the emulated sums stay exact
import flydsl.compiler as flyc
import torch


@flyc.kernel
def fma_like(a: fx.Tensor, b: fx.Tensor, c: fx.Tensor):
    i = fx.thread_idx.x
    with fx.fastmath("fast"):
        c[i] = a[i] * b[i] + Float32(0.5)


@flyc.jit
def run(a, b, c):
    fma_like(a, b, c).launch(grid=1, block=4)


a = torch.tensor([1.0, 2.0, 3.0, 4.0], device="cuda")
b = torch.tensor([0.5, 0.25, 2.0, -1.0], device="cuda")
c = torch.zeros(4, device="cuda")
run(a, b, c)
print(c.tolist(), "fastmath<fast>" in flyc.last_compiled().ir(0))
try:
    fx.fastmath(3.5)
except TypeError as e:
    print("TypeError:", e)

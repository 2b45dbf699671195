# Errors of control flow on dynamic values: mismatched branch types, a variable set in one branch and
# used after, return in a traced branch, break in a device loop; each names the line, the session goes on.
import flydsl.compiler as flyc
import flydsl.expr as fx

@flyc.kernel
def mismatch(x: fx.Int32):
    if x > 0:
        v = fx.Float32(1.0)
    else:
        v = fx.Int32(2)
    fx.printf("{}", v)

@flyc.kernel
def one_branch(x: fx.Int32):
    if x > 0:
        v = x + 1
    fx.printf("{}", v)

@flyc.kernel
def ret(x: fx.Int32):
    if x > 0:
        return
    fx.printf("{}", x)

@flyc.kernel
def brk(x: fx.Int32):
    for i in range(x):
        if i > 3:
            break
        fx.printf("{}", i)

for k in (mismatch, one_branch, ret, brk):
    @flyc.jit
    def run(x):
        k(x).launch(grid=1, block=1)
    try:
        flyc.compile(run, fx.Int32(3))
        print("no error")
    except Exception as e:
        print(type(e).__name__ + ":", e)

@flyc.kernel
def fine(x: fx.Int32):
    y = fx.Float32(x)
    fx.printf("{}", y)

@flyc.jit
def run_fine(x):
    fine(x).launch(grid=1, block=1)
print("Float32(traced):", "arith.sitofp" in flyc.compile(run_fine, fx.Int32(3)).ir(0))

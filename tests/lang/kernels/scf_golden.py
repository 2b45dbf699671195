# Golden Fly IR of an `if` with a result and a `for` with a loop-carried value (checked by scf_golden.fc).
import flydsl.compiler as flyc
import flydsl.expr as fx

@flyc.kernel
def golden(x: fx.Int32, n: fx.Int32):
    if x > 0:
        v = x * 2
    else:
        v = x + 1
    acc = fx.Float32(0.0)
    for i in range(n):
        acc = acc + fx.Float32(i)
    fx.printf("{} {}", v, acc)

@flyc.jit
def run(x, n):
    golden(x, n).launch(grid=1, block=1)

print(flyc.compile(run, fx.Int32(1), fx.Int32(4)).ir(0))

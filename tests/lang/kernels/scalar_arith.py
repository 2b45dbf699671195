# Dynamic typed values in a kernel: arithmetic, comparisons, select and fx.math become arith/math ops.
import flydsl.compiler as flyc
import flydsl.expr as fx

@flyc.kernel
def k(a: fx.Int32, x: fx.Float32):
    t = fx.thread_idx.x
    y = (a + t) * 3 // 2
    z = x * 2.0 + fx.math.sqrt(x)
    c = y > 5
    fx.printf("{} {} {}", y, z, c.select(y, a))

@flyc.jit
def run(a, x):
    k(a, x).launch(grid=1, block=64)

ck = flyc.compile(run, fx.Int32(3), 1.5)
ir = ck.ir(0)
for op in ["arith.addi", "arith.muli", "arith.floordivsi", "arith.mulf", "math.sqrt", "arith.cmpi sgt", "arith.select"]:
    print(op, op in ir)
print("s_endpgm" in ck.isa)

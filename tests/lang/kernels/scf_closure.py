# flyi: run
# Control flow in kernels that are closures (trace_carry.c): a kernel made by a factory reads the
# factory's free variables (a Constexpr-like flag decided with const_expr, a scale); a variable of the
# kernel captured by a nested helper (a cell) is carried through a device loop and an if; a nested
# helper defined in the kernel makes its own range loops device loops; @fx.struct values are merged by
# an if and carried by a loop field by field. Expected values by hand.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

@fx.struct
class Pair:
    a: fx.Int32
    b: fx.Float32

def make(scale, use_bias):
    @flyc.kernel
    def k(out: fx.Tensor, n: fx.Int32):
        i = fx.thread_idx.x
        total = fx.Int32(0)

        def bump(v):
            return total + v * scale

        for j in range(n):
            total = bump(j)
        if fx.const_expr(use_bias):
            total = total + 1000
        if i % 2 == 1:
            total = total + bump(1)

        def tri(m):
            s = fx.Int32(0)
            for q in range(m):
                s = s + q
            return s

        p = Pair(i, fx.Float32(0.5))
        if i > 1:
            p = Pair(p.a * 10, p.b + 1.0)
        for j in range(n):
            p = p.replace(b=p.b * 2.0)
        out[i * 4 + 0] = total
        out[i * 4 + 1] = tri(n + i)
        out[i * 4 + 2] = p.a
        out[i * 4 + 3] = fx.Int32(p.b)
    return k

k3 = make(3, True)
k1 = make(1, False)

@flyc.jit
def run(kern, out, n):
    kern(out, n).launch(grid=1, block=4)

for kern, name in ((k3, "scale 3, bias"), (k1, "scale 1")):
    out = torch.zeros(16, dtype=torch.int32, device="cuda")
    run(kern, out, 4)
    print(name, out.tolist())

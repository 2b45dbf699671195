# flyi: run
# More control flow on dynamic values (trace_scf.c): only the kernel's own code makes `range` loops device
# loops (helpers unroll in Python), `while` -> scf.while, comparison chains, conditional expressions whose
# arms have side effects (scf.if), the loop variable live after a device loop (Python's value), and names
# a device loop leaves unbound.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

def helper_offsets(k):
    l = []
    for i in range(k):
        l.append(i * 2)
    return l

def store_one(b, i):
    b[i] = fx.Float32(7.0)
    return fx.Float32(1.0)

@flyc.kernel
def mixed(a: fx.Tensor, b: fx.Tensor, out: fx.Tensor):
    i = fx.thread_idx.x
    offs = helper_offsets(4)
    print("helper loop unrolled:", offs)
    def inner(v):
        s = v
        for k in range(2):
            s = s + 1.0
        return s
    x = a[i]
    n = 0
    while x > 1.0:
        x = x * 0.5
        n = n + 1
    w = fx.Float32(0.0)
    if 2 <= i < 6:
        w = fx.Float32(10.0)
    c = 1 < i <= 3 < 4
    r = store_one(b, i) if i < 4 else fx.Float32(0.0)
    tot = fx.Float32(0.0)
    for j in range(3):
        t = fx.Float32(j)
        tot = tot + t
    try:
        print(j)
    except NameError as e:
        print("NameError:", e)
    try:
        print(t)
    except NameError as e:
        print("NameError:", e)
    out[i] = inner(x) + fx.Float32(n) * 100.0 + w + (fx.Float32(1000.0) if c else fx.Float32(0.0)) + r * 5.0 + tot + fx.Float32(offs[3])

@flyc.jit
def run_mixed(a, b, out):
    mixed(a, b, out).launch(grid=1, block=8)

a = torch.tensor([0.5, 3.0, 9.0, 1.0, 100.0, 2.0, 0.25, 17.0], device="cuda")
b = torch.zeros(8, device="cuda")
o = torch.zeros(8, device="cuda")
run_mixed(a, b, o)
exp = []
for i in range(8):
    x, n = a[i].item(), 0
    while x > 1.0:
        x, n = x * 0.5, n + 1
    w = 10.0 if 2 <= i < 6 else 0.0
    c = 1000.0 if 1 < i <= 3 else 0.0
    r = 5.0 if i < 4 else 0.0
    exp.append(x + 2.0 + n * 100.0 + w + c + r + 3.0 + 6.0)
print("while/chain/ifexp", "PASS" if o.tolist() == exp else "FAIL", o.tolist(), exp)
print("side-effect arm", "PASS" if b.tolist() == [7.0] * 4 + [0.0] * 4 else "FAIL", b.tolist())
ir = flyc.last_compiled().ir(0)
print("scf.while" in ir, "scf.if" in ir, ir.count("scf.for"), "arith.select" in ir)

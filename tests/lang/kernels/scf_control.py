# flyi: run
# Control flow on dynamic values (trace_scf.c): a predicated store, if/else and elif results, loops with
# loop-carried values, range_constexpr unrolling, const_expr, conditional expressions, and/or/not.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

@flyc.kernel
def pred(a: fx.Tensor, b: fx.Tensor, n: fx.Int32):
    idx = fx.block_idx.x * fx.block_dim.x + fx.thread_idx.x
    if idx < n:
        b[idx] = a[idx] * 2.0

@flyc.jit
def run_pred(a, b, n):
    pred(a, b, n).launch(grid=(n + 63) // 64, block=64)

n = 100
a = torch.randn(n, device="cuda")
b = torch.zeros(n, device="cuda")
run_pred(a, b, n)
print("predicated store", "PASS" if torch.allclose(b, a * 2) else "FAIL")

@flyc.kernel
def branches(out: fx.Tensor):
    i = fx.thread_idx.x
    if i % 2 == 0:
        v = fx.Float32(i) * 10.0
    else:
        v = fx.Float32(i)
    if i < 2:
        w = 1
    elif i < 4:
        w = 2
    else:
        w = 3
    s = 0
    if i > 5 and not i > 6:
        s = 100
    out[i] = v + fx.Float32(w) + fx.Float32(s) + (fx.Float32(1000.0) if i == 7 else fx.Float32(0.0))

@flyc.jit
def run_br(out):
    branches(out).launch(grid=1, block=8)

o = torch.zeros(8, device="cuda")
run_br(o)
exp = [0 + 1, 1 + 1, 20 + 2, 3 + 2, 40 + 3, 5 + 3, 60 + 3 + 100, 7 + 3 + 1000]
print("if/elif/else results", "PASS" if o.tolist() == exp else "FAIL", o.tolist())

@flyc.kernel
def rowsum(A: fx.Tensor, out: fx.Tensor, m: fx.Int32):
    r = fx.thread_idx.x
    acc = fx.Float32(0.0)
    for j in range(m):
        acc = acc + A[r, j]
    cnt = 0
    for j in range(0, 4, 2):
        for k in range(3):
            cnt = cnt + 1
    out[r] = acc + fx.Float32(cnt) * 1000.0

@flyc.jit
def run_rowsum(A, out):
    rowsum(A, out, A.shape[1]).launch(grid=1, block=A.shape[0])

A = torch.randn(4, 5, device="cuda")
s = torch.zeros(4, device="cuda")
run_rowsum(A, s)
print("loop accumulate + nested", "PASS" if torch.allclose(s, A.sum(1) + 6000.0) else "FAIL")
ir = flyc.last_compiled().ir(0) if hasattr(flyc, "last_compiled") else ""

@flyc.kernel
def unrolled(out: fx.Tensor, flag: fx.Constexpr[bool]):
    i = fx.thread_idx.x
    acc = fx.Float32(0.0)
    for k in fx.range_constexpr(3):
        acc = acc + fx.Float32(k)
    if fx.const_expr(flag):
        acc = acc * 2.0
    out[i] = acc

@flyc.jit
def run_unrolled(out, flag):
    unrolled(out, flag).launch(grid=1, block=4)

u = torch.zeros(4, device="cuda")
run_unrolled(u, True)
print("range_constexpr + const_expr", "PASS" if u.tolist() == [6.0] * 4 else "FAIL")
ck = flyc.compile(run_unrolled, u, False)
print("unrolled: no scf.for", "scf.for" not in ck.ir(0), "scf.if" not in ck.ir(0))

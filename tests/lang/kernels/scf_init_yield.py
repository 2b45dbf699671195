# flyi: run
# FlyDSL's explicit loop-carried form `for iv, state in range(a, b, c, init=[...])` ending with
# `results = yield [...]` (one scf.for with iter_args; the yield is its scf.yield and gives the loop
# results): a per-thread prefix sum (one carried value), a dot product with two carried values in a
# helper traced inside the kernel, an init=[] loop and a step loop; checked against float64 references.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

N = 16

@flyc.kernel
def prefix_sum(a: fx.Tensor, out: fx.Tensor):
    i = fx.thread_idx.x
    acc0 = fx.Float32(0.0)
    for k, state in range(0, i + 1, 1, init=[acc0]):
        s = state[0] + a[k]
        total = yield [s]
    out[i] = total

def dot_and_norm(a, b, lo, hi):
    # a helper: its loop is traced into the calling kernel
    for k, (d, q) in range(lo, hi, 1, init=[0.0, fx.Float32(0.0)]):
        d2 = d + a[k] * b[k]
        q2 = q + a[k] * a[k]
        d, q = yield d2, q2
    return d, q

@flyc.kernel
def dots(a: fx.Tensor, b: fx.Tensor, out: fx.Tensor, cnt: fx.Tensor, n: fx.Int32):
    i = fx.thread_idx.x
    d, q = dot_and_norm(a, b, i, n)
    out[2 * i] = d
    out[2 * i + 1] = q
    for k, st in range(0, n, 4, init=[fx.Int32(0), fx.Int32(1)]):
        r = yield [st[0] + 1, st[1] * 2]
    cnt[i] = r[0] * 1000 + r[1]
    for k, _ in range(0, 2, init=[]):
        if i == 0:
            fx.printf("init=[] loop, k = {}", k)

@flyc.jit
def run_prefix(a, out):
    prefix_sum(a, out).launch(grid=1, block=N)

@flyc.jit
def run_dots(a, b, out, cnt, n):
    dots(a, b, out, cnt, n).launch(grid=1, block=4)

vals = [((7 * k) % 11) * 0.25 - 1.0 for k in range(N)]
a = torch.tensor(vals, dtype=torch.float32, device="cuda")
out = torch.zeros(N, dtype=torch.float32, device="cuda")
run_prefix(a, out)
ref = []
s = 0.0
for v in vals:
    s += v
    ref.append(s)
got = out.tolist()
print("prefix sum:", got[:6], "...")
print("prefix sum matches float64:", all(abs(g - r) < 1e-5 for g, r in zip(got, ref)))

bv = [1.5 - 0.5 * (k % 4) for k in range(N)]
b = torch.tensor(bv, dtype=torch.float32, device="cuda")
out2 = torch.zeros(8, dtype=torch.float32, device="cuda")
cnt = torch.zeros(4, dtype=torch.int32, device="cuda")
run_dots(a, b, out2, cnt, 10)
got = out2.tolist()
ok = True
for i in range(4):
    d = sum(vals[k] * bv[k] for k in range(i, 10))
    q = sum(vals[k] * vals[k] for k in range(i, 10))
    print("thread", i, "dot", got[2 * i], "norm", got[2 * i + 1])
    ok = ok and abs(got[2 * i] - d) < 1e-5 and abs(got[2 * i + 1] - q) < 1e-5
print("dot and norm match float64:", ok)
print("steps and doublings:", cnt.tolist())

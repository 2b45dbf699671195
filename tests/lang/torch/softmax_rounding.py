# softmax of float32 / bfloat16 / float16 results (the vectorised exp of src/torch/tensor_exp.c) equals
# CPython's float64 softmax (math.exp, the sum in order, one division) rounded to the dtype; float64
# results keep libm's exp and equal it unrounded. torch._C._vexp, that exp alone, is measured against
# math.exp in ulps of double on many inputs: the bound tensor_exp.c proves is 3.4 ulp.
import math
import random

import torch

random.seed(20261203)


def ulps(got, ref):
    if got == ref:
        return 0.0
    if math.isinf(ref) or ref == 0.0:
        return math.inf
    return abs(got - ref) / math.ulp(ref)


# ---- the exp alone, against math.exp
xs = [random.uniform(-707.0, 709.0) for _ in range(40000)]
xs += [random.uniform(-1.0, 1.0) for _ in range(40000)]
xs += [random.uniform(-30.0, 0.0) for _ in range(40000)]
# x/ln2 near half-integers (the reduction's edge), near 0, and the fast range's ends
xs += [(k + 0.5) * math.log(2) + d for k in range(-1020, 1023, 7) for d in (-1e-12, 0.0, 1e-12)]
xs += [1e-300, -1e-300, 5e-324, 1e-17, -1e-17, 2.0**-30, -(2.0**-30), -707.0, 709.0, math.log(2) / 2]
got = torch._C._vexp(torch.tensor(xs, dtype=torch.float64)).tolist()
worst = max(ulps(g, math.exp(x)) for x, g in zip(xs, got))
print("vexp inputs", len(xs) > 120000, "max ulps <= 3.4:", worst <= 3.4, "<= 1:", worst <= 1.0)
print("vexp exact where exp is exact:", torch._C._vexp(torch.tensor([0.0, -0.0], dtype=torch.float64)).tolist())
# outside [-707, 709] and NaN: libm's exp itself
edge = [-707.5, -720.0, -745.0, -745.2, -746.0, -1e308, 709.5, 709.78]
got = torch._C._vexp(torch.tensor(edge + [709.8, 1e308, math.inf, -math.inf, math.nan], dtype=torch.float64)).tolist()
print("vexp edges as libm:", got[:8] == [math.exp(x) for x in edge], got[8:12])
print("vexp nan:", math.isnan(got[-1]), "subnormal:", got[1] == math.exp(-720.0) and 0 < got[1] < 2.2250738585072014e-308)
try:
    torch._C._vexp(torch.zeros(3))
except TypeError as e:
    print("TypeError:", e)


# ---- softmax against CPython's float64 softmax rounded to the dtype
def ref_softmax(row):
    m = -math.inf
    for v in row:
        if v > m or v != v:
            m = v
    e = [math.exp(v - m) for v in row]
    s = 0.0
    for v in e:
        s += v
    return [v / s for v in e]


def check(x, dim, label):
    """x: a 2-D tensor; softmax along dim against the reference, row by row, rounded to x's dtype."""
    got = torch.softmax(x, dim)
    rows = x.tolist() if dim == 1 else x.t().tolist()
    ref = [ref_softmax(r) for r in rows]
    reft = torch.tensor(ref, dtype=torch.float64).to(x.dtype)
    if dim == 0:
        reft = reft.t()
    bits = {torch.float32: torch.int32, torch.bfloat16: torch.int16, torch.float16: torch.int16}[x.dtype]
    gb, rb = got.contiguous().view(bits), reft.contiguous().view(bits)
    nan_same = torch.equal(torch.isnan(got), torch.isnan(reft))
    diff = int(((gb != rb) & ~torch.isnan(got)).sum())
    print(label, x.dtype, tuple(x.shape), "dim", dim, "mismatches", diff, "nan same", nan_same)


def rows(n, length, lo, hi):
    return [[random.uniform(lo, hi) for _ in range(length)] for _ in range(n)]


for dt in (torch.float32, torch.bfloat16, torch.float16):
    check(torch.tensor(rows(64, 1000, -8.0, 8.0)).to(dt), 1, "normal")
    check(torch.tensor(rows(8, 4099, -100.0, 100.0)).to(dt), 1, "wide")
    check(torch.tensor(rows(300, 17, -3.0, 3.0)).to(dt), 0, "columns")
    check(torch.tensor(rows(4, 1, -3.0, 3.0)).to(dt), 1, "length 1")
# large values (x - max far below -707: libm's exp takes those lanes), -inf masks, inf, NaN
sp = rows(6, 300, -1000.0, 1000.0)
for j in range(0, 300, 3):
    sp[1][j] = -math.inf
sp[2] = [-math.inf] * 299 + [0.5]
sp[3][7] = math.inf
sp[4][100] = math.nan
sp[5] = [-math.inf] * 300
check(torch.tensor(sp), 1, "special")
# past the worker pool's split (256K elements: rows over threads)
check(torch.tensor(rows(320, 1024, -20.0, 20.0)), 1, "split")

# a few exact values
print(torch.softmax(torch.tensor([1.0, 2.0, 3.0]), 0).tolist())
print(torch.softmax(torch.tensor([1.0, 2.0, 3.0], dtype=torch.bfloat16), 0).tolist())
print(torch.softmax(torch.tensor([0.0, -1000.0, -103.0, -20.0, -88.0]), 0).tolist())
# float64 results: libm's exp, the reference unrounded
x = torch.tensor(rows(3, 500, -50.0, 50.0))
print("float64 equal:", torch.softmax(x, -1, dtype=torch.float64).tolist() == [ref_softmax(r) for r in x.tolist()])
print("float64 in:", torch.softmax(x.double(), -1).tolist() == [ref_softmax(r) for r in x.tolist()])

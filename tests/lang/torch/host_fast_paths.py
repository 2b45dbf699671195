# The fast paths of host tensor ops (array kernels, the worker pool) give the values of the scalar
# loops: float32 arithmetic equal to float64 arithmetic rounded once, conversions at the rounding edges,
# reductions, softmax and matmul against CPython's own float arithmetic in the same order (matmul: float32 fused
# multiply-adds, as PyTorch's), and the random streams. Tensors above 256K elements are split over threads;
# their pieces must equal the whole.
import math
import struct

import torch
import torch.nn.functional as F

torch.manual_seed(0)
a = torch.randn(512, 1024)
b = torch.randn(512, 1024)
row = torch.randn(1024)
col = torch.randn(512, 1)
a[0, 0] = float("nan")
a[1, 1] = float("inf")
a[2, 2] = -0.0
a[3, 3] = 1e-41
b[4, 4] = 3e38
a[4, 4] = 3e38


BITS = {torch.float32: torch.int32, torch.float64: torch.int64, torch.bfloat16: torch.int16,
        torch.float16: torch.int16}


def same(x, y):  # bit for bit
    if x.dtype in BITS:
        x, y = x.view(BITS[x.dtype]), y.view(BITS[y.dtype])
    return x.shape == y.shape and torch.equal(x, y)


for name, f in [("add", lambda x, y: x + y), ("sub", lambda x, y: x - y), ("mul", lambda x, y: x * y),
                ("div", lambda x, y: x / y)]:
    print(name, same(f(a, b), f(a.double(), b.double()).float()), same(f(a, row), f(a.double(), row.double()).float()),
          same(f(a, col), f(a.double(), col.double()).float()), same(f(a, 3), f(a.double(), 3).float()))
    ab, bb = a.bfloat16(), b.bfloat16()
    print(name, "bf16", same(f(ab, bb).float(), f(ab.double(), bb.double()).bfloat16().float()),
          "f16", same(f(a.half(), b.half()).float(), f(a.half().double(), b.half().double()).half().float()))
print("cmp", int((a < b).sum()), int((a == row).sum()), int((a.bfloat16() >= b.bfloat16()).sum()))
print("maximum", same(torch.maximum(a, b), torch.maximum(a.double(), b.double()).float()))
# pieces computed alone (one thread) equal the whole (split)
whole = a * b + row
print("pieces", all(same(whole[i:i + 64], a[i:i + 64] * b[i:i + 64] + row) for i in range(0, 512, 64)))
print("sum pieces", same(b.sum(-1), torch.cat([b[i:i + 32].sum(-1) for i in range(0, 512, 32)])),
      same(b.sum(0), b.t().contiguous().t().sum(0)))

# conversions at the edges
edges = [1.00390625, 1.01171875, 1.0009765625, 65504.0, 65520.0, 65519.99, 448.0, 464.0, 465.0, 480.0, 240.0,
         248.0, 57344.0, 61440.0, 2.0 ** -10, 2.0 ** -9 * 1.5, 2.0 ** -17, 2.0 ** -25, 1e-45, -0.0, -1e-30,
         float("inf"), -float("inf"), float("nan"), 3.0e38]
e = torch.tensor(edges)
for dt in (torch.bfloat16, torch.float16, torch.float8_e4m3fn, torch.float8_e4m3fnuz, torch.float8_e5m2):
    print(dt, e.to(dt).float().tolist())

# reductions: the extremes and their first index, NaN first
m = torch.tensor([[1.0, 3.0, 3.0, -0.0, 0.0], [0.0, -0.0, -1.0, -2.0, -2.0], [2.0, float("nan"), 5.0, float("nan"), 1.0]])
for t in (m, m.t().contiguous().t()):
    v, i = t.max(1)
    w, j = t.min(1)
    print(v.tolist(), i.tolist(), w.tolist(), j.tolist(), t.amax(0).tolist(), t.argmin(0).tolist())
# amax / amin over a leading dim (compared in float, no indices) and sums (4 rows a pass, each output's inputs in
# order): the generic loop's values (a non-contiguous copy takes the generic loop), the first of equal zeros,
# the first NaN
z = torch.tensor([[-0.0, 0.0, 1.0], [0.0, -0.0, float("nan")]])
big = torch.randn(700, 600)
big[5, 7], big[9, 7], big[:, 3], big[100, 3] = float("nan"), -float("nan"), 0.0, -0.0
nc = big.t().contiguous().t()
print("amax dim 0", z.amax(0).tolist(), z.amin(0).tolist(), z.bfloat16().amax(0).tolist(),
      same(big.amax(0), nc.amax(0)), same(big.amin(0), nc.amin(0)), same(big.half().amax(0), nc.half().amax(0)),
      same(big.sum(0), nc.sum(0)), same(big[:, 8:].sum(0), nc[:, 8:].sum(0)), same(big[:699].sum(0), nc[:699].sum(0)))
big = torch.randn(64, 4096)
ref = [math.fsum(r) for r in big.double().tolist()]
print("sum", max(abs(x - y) for x, y in zip(big.double().sum(1).tolist(), ref)) < 1e-9,
      abs(big.sum().item() - math.fsum(ref)) < 1e-3, same(big.mean(1), big.sum(1) / 4096))


# softmax and matmul in CPython's float arithmetic, the same operations in the same order
def f32(x):
    return struct.unpack("f", struct.pack("f", x))[0]


x = torch.randn(64, 300)
ok = True
for r, out in zip(x.tolist(), torch.softmax(x, -1).tolist()):
    mx = max(r)
    ex = [math.exp(v - mx) for v in r]
    s = 0.0
    for v in ex:
        s += v
    ok = ok and [f32(v / s) for v in ex] == out
print("softmax", ok, same(torch.softmax(torch.randn(600, 600), 0).sum(0), torch.ones(600)) or "close")


# matmul of float32 as PyTorch's CPU matmul accumulates: each element a chain of float32 fused multiply-adds in k
# order from zero; fmaf here is exact integer arithmetic rounded once to float32 (normal range only)
def parts(x):
    m, e = math.frexp(x)
    return int(m * (1 << 53)), e - 53


def fmaf(a, b, c):
    (A, ea), (B, eb), (C, ec) = parts(a), parts(b), parts(c)
    e = min(ea + eb, ec)
    S = ((A * B) << (ea + eb - e)) + (C << (ec - e))
    if S == 0:
        return 0.0
    sg, S = (-1.0 if S < 0 else 1.0), abs(S)
    sh = S.bit_length() - 24
    if sh > 0:
        q, r, half = S >> sh, S & ((1 << sh) - 1), 1 << (sh - 1)
        if r > half or (r == half and q & 1):
            q += 1
    else:
        q, sh = S, 0
    return sg * math.ldexp(q, e + sh)


def fma_chain_ok(p, q):
    pl, ql, out = p.tolist(), q.tolist(), (p @ q).tolist()
    ok = True
    for i in range(len(pl)):
        for j in range(len(ql[0])):
            s = 0.0
            for k in range(len(ql)):
                s = fmaf(pl[i][k], ql[k][j], s)
            ok = ok and s == out[i][j]
    return ok


# 40 x 70 @ 70 x 33: partial row and column blocks; 3 x 300 @ 300 x 5: a chain resumed past a K block
print("matmul", fma_chain_ok(torch.randn(40, 70), torch.randn(70, 33)) and fma_chain_ok(torch.randn(3, 300),
      torch.randn(300, 5)), same(torch.randn(300, 0) @ torch.randn(0, 100), torch.zeros(300, 100)))
# split over threads: equal to the rows computed one by one (each small enough for one thread); 16-bit inputs
# accumulate in float32 and round once
big1, big2 = torch.randn(257, 300), torch.randn(300, 129)
h1, h2 = big1[:64].bfloat16(), big2.bfloat16()
print("matmul big", same(big1 @ big2, torch.cat([big1[i:i + 1] @ big2 for i in range(257)])),
      same(h1 @ h2, (h1.float() @ h2.float()).bfloat16()), same(h1.half() @ h2.half(), (h1.float() @ h2.float()).half()))
ln = F.layer_norm(x, (300,))
print("layer_norm", abs(ln.mean().item()) < 1e-6, abs(ln.std(1)[0].item() - 1) < 1e-2)

# random streams: the same values for a seed, however the draws are cut
torch.manual_seed(5)
whole = torch.randn(300001)
torch.manual_seed(5)
parts = torch.cat([torch.randn(3), torch.randn(1000), torch.randn(298998)])
print("randn stream", same(whole, parts), [round(v, 6) for v in whole[:4].tolist()])
torch.manual_seed(5)
print("rand", [round(v, 6) for v in torch.rand(300000)[-3:].tolist()], torch.rand(4, dtype=torch.bfloat16).tolist())
# closeness
y = b + 1e-7
print("allclose", torch.allclose(b, y), torch.allclose(b, b + 1e-3), int(torch.isclose(b.bfloat16(), y.bfloat16()).sum()),
      int(torch.isclose(a, a, equal_nan=True).sum()), int(torch.isclose(a, a).sum()))

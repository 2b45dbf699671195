# Comparisons written straight into bool bytes, and amax / amin over a leading dim split over rows as well as
# columns: the values of the scalar loops. References: a bool output with a stride (the generic store), a
# non-contiguous input (the generic reduction), and CPython comparing the same floats. Conversions from float32
# read in place equal those through a buffer.
import torch

torch.manual_seed(3)
a = torch.randn(513, 1027)  # odd sizes, above the split threshold
b = torch.randn(513, 1027)
row = torch.randn(1027)
col = torch.randn(513, 1)
a[0, 0], a[1, 1], a[2, 2], a[3, 3] = float("nan"), float("inf"), -0.0, 0.0
b[0, 0], b[1, 1], b[2, 2], b[3, 3] = 1.0, float("inf"), 0.0, -0.0
b[4, 4] = a[4, 4]
row[5] = float("nan")
a[7, :] = row  # a row equal to the broadcast row
strided = torch.zeros(1027, 513, dtype=torch.bool).t()  # bool output with a stride: the generic store

ops = [("eq", torch.eq), ("ne", torch.ne), ("lt", torch.lt), ("le", torch.le), ("gt", torch.gt), ("ge", torch.ge)]
for name, f in ops:
    res = []
    for x, y in ((a, b), (a, row), (a, col), (a, 0.0), (row, a), (a.double(), b.double()), (a.bfloat16(), b.bfloat16()),
                 (a.half(), row)):
        r = f(x, y)
        f(x, y, out=strided)
        res.append(r.dtype == torch.bool and torch.equal(r, strided) and r.is_contiguous())
    print(name, res, int(f(a, b).sum()), int(f(a, row).sum()))

# CPython's comparisons of the same floats, tail of a row included
xs, ys, rs = a[7:9, 1000:].tolist(), b[7:9, 1000:].tolist(), row[1000:].tolist()
for name, f, py in [("lt", torch.lt, lambda u, v: u < v), ("eq", torch.eq, lambda u, v: u == v),
                    ("ge", torch.ge, lambda u, v: u >= v)]:
    got = f(a, b)[7:9, 1000:].tolist()
    gotr = f(a, row)[7:9, 1000:].tolist()
    print(name, "python", got == [[py(u, v) for u, v in zip(p, q)] for p, q in zip(xs, ys)],
          gotr == [[py(u, v) for u, v in zip(p, rs)] for p in xs])
# small (one thread) and empty
print(torch.tensor([1.0, float("nan"), -0.0]) == torch.tensor([1.0, float("nan"), 0.0]),
      (torch.zeros(0, 3) < 1).shape, (torch.tensor(2.0) > torch.tensor([1.0, 3.0])).tolist())

BITS = {torch.float32: torch.int32, torch.bfloat16: torch.int16, torch.float16: torch.int16}


def same(x, y):  # bit for bit
    return x.shape == y.shape and torch.equal(x.view(BITS[x.dtype]), y.view(BITS[y.dtype]))


# amax / amin over dim 0 and a middle dim: NaNs and signed zeros in different row chunks, odd widths, keepdim
t = torch.randn(3, 311, 301)
t[0, 250, 5], t[0, 10, 5] = float("nan"), -float("nan")  # the first NaN (by row) is the answer
t[1, :, 7] = 0.0
t[1, 200, 7] = -0.0  # the first zero is +0.0: stays
t[2, :, 8] = -0.0
t[2, 300, 8] = 0.0  # the first zero is -0.0: stays
t[2, 310, 9] = 100.0  # the extreme in the last row
t[2, 0, 10] = -100.0  # and in the first
nc = t.transpose(1, 2).contiguous().transpose(1, 2)  # the generic loop
for dt in (torch.float32, torch.bfloat16, torch.float16):
    x, y = t.to(dt), nc.to(dt)
    print(dt, same(x.amax(1), y.amax(1)), same(x.amin(1), y.amin(1)), same(x.amax(1, keepdim=True), y.amax(1, True)),
          same(x[0].amax(0), y[0].amax(0)), same(x.reshape(933, 301).amin(0), y.reshape(933, 301).amin(0)))
print(t.amax(1)[0, 5].item(), t.amax(1)[1, 7].item(), t.amin(1)[1, 7].item(), t.amax(1)[2, 8].item(),
      t.amax(1)[2, 9].item(), t.amin(1)[2, 10].item())
tall = torch.randn(300001, 2)  # few columns, many rows: chunks of rows only
tall[299999, 1] = 50.0
print(tall.amax(0)[1].item(), same(tall.amin(0), tall.t().contiguous().t().amin(0)))

# conversions from float32 read in place (contiguous) or through a buffer (strided, tails of odd rows): the same
tc = torch.randn(301, 1025) * 300
tc[0, :8] = torch.tensor([float("nan"), float("inf"), -0.0, 1e-41, 65520.0, 448.0, 465.0, 3e38])
ts = tc.t().contiguous().t()
print("convert", [torch.equal(tc.to(dt).view(torch.uint8), ts.to(dt).view(torch.uint8))
                  for dt in (torch.bfloat16, torch.float16, torch.float8_e4m3fn, torch.float8_e4m3fnuz, torch.float8_e5m2,
                             torch.float64)], tc[0, :8].to(torch.float8_e4m3fn).float().tolist())

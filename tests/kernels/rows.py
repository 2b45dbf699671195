# flyi: run
# flyi.kernels.reduce, softmax and norm (one 256-thread block a row: shuffles in each wave, LDS across
# waves) on the emulator against float64 references: rows shorter than the block, longer ones, a single
# column, a single row, float32/float16/bfloat16; tolerances a few roundings of the output type; and the
# errors (non-contiguous inputs among them). FLYI_KERNELS_LARGE=1 (make check-kernels) adds larger shapes,
# which print only when they fail.
import os

import torch
import torch.nn.functional as F

from flyi.kernels import norm, reduce, softmax

torch.manual_seed(7)
TOL = {torch.float32: 2e-6, torch.float16: 2e-3, torch.bfloat16: 1.6e-2}
SMALL = [(3, 1), (1, 257), (4, 100), (2, 256), (3, 1000)]
LARGE = [(64, 4096), (300, 1000), (1, 20000)] if os.environ.get("FLYI_KERNELS_LARGE") == "1" else []


def close(got, ref, dtype, scale=1.0):
    return bool(((got.double() - ref).abs() <= TOL[dtype] * (scale + ref.abs())).all())


for dtype in (torch.float32, torch.float16, torch.bfloat16):
    for shape in SMALL + LARGE:
        x = (torch.randn(shape, device="cuda") * 2).to(dtype)
        xd = x.double()
        rows, cols = shape
        s = reduce.sum(x)
        m = reduce.max(x)
        sm = softmax.softmax(x)
        w = torch.randn(cols, device="cuda").to(dtype)
        b = torch.randn(cols, device="cuda").to(dtype)
        ln = norm.layer_norm(x, w, b)
        rn = norm.rms_norm(x, w)
        ln_ref = F.layer_norm(xd, (cols,), w.double(), b.double(), 1e-5)
        rn_ref = xd / torch.sqrt((xd * xd).mean(1, keepdim=True) + 1e-6) * w.double()
        res = ["sum", close(s, xd.sum(1), dtype, scale=cols ** 0.5),
               "max", torch.equal(m, x.max(1).values),
               "softmax", close(sm, torch.softmax(xd, 1), dtype),
               "layer_norm", close(ln, ln_ref, dtype, scale=4.0),
               "rms_norm", close(rn, rn_ref, dtype, scale=4.0),
               s.shape == (rows,) and sm.shape == shape and ln.dtype == dtype]
        if shape in SMALL or not all(res[1::2]):
            print(str(dtype).ljust(14), str(shape).ljust(10), *res)

# softmax of a row with one huge value and of a constant row
x = torch.tensor([[1000.0, 0.0, -1000.0, 5.0], [3.0, 3.0, 3.0, 3.0]], device="cuda")
print("softmax extremes:", softmax.softmax(x).tolist())


def err(f, *a, **k):
    try:
        f(*a, **k)
        print("no error")
    except (TypeError, ValueError) as e:
        print(type(e).__name__ + ":", e)


err(reduce.sum, torch.ones(4, device="cuda"))
err(reduce.max, torch.ones(3, 0, device="cuda"))
err(softmax.softmax, torch.ones(3, 4, device="cuda").t())
err(reduce.sum, torch.ones(3, 4, device="cuda").t())
err(norm.layer_norm, torch.ones(4, 6, device="cuda")[:, ::2], torch.ones(3, device="cuda"), torch.ones(3, device="cuda"))
err(norm.rms_norm, torch.ones(3, 4, device="cuda"), torch.ones(8, device="cuda")[::2])
err(norm.layer_norm, torch.ones(3, 4, device="cuda"), torch.ones(5, device="cuda"), torch.ones(4, device="cuda"))
err(norm.rms_norm, torch.ones(3, 4, device="cuda"), torch.ones(4, device="cuda", dtype=torch.float16))
print("empty:", reduce.sum(torch.ones(0, 5, device="cuda")).shape, softmax.softmax(torch.ones(0, 5, device="cuda")).shape)

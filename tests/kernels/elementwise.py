# flyi: run
# flyi.kernels.elementwise on the emulator against float64 references: add and mul are exact (one rounding
# from the exact result, as float32 arithmetic rounded to float16/bfloat16 gives), axpy within a float32
# rounding of the float64 result, cast rounds to nearest even; shapes that fill whole tiles, ragged ones
# (predicated tails), a single element, an empty tensor, 3-D, out=, and the errors for bad arguments.
# FLYI_KERNELS_LARGE=1 (make check-kernels) adds larger shapes, which print only when they fail.
import os

import torch

from flyi.kernels import elementwise as ew

torch.manual_seed(11)
TOL = {torch.float32: 1e-6, torch.float16: 1e-3, torch.bfloat16: 8e-3}
for dtype in (torch.float32, torch.float16, torch.bfloat16):
    small = [(1024,), (1000,), (1,), (0,), (7, 33), (3, 5, 129)]
    large = [(1 << 20,), (1000003,), (37, 1000, 3)] if os.environ.get("FLYI_KERNELS_LARGE") == "1" else []
    for shape in small + large:
        a = torch.randn(shape, device="cuda").to(dtype)
        b = torch.randn(shape, device="cuda").to(dtype)
        ad, bd = a.double(), b.double()
        add_ok = torch.equal(ew.add(a, b), (ad + bd).to(dtype))
        mul_ok = torch.equal(ew.mul(a, b), (ad * bd).to(dtype))
        ax = ew.axpy(0.75, a, b)
        ax_ok = bool(((ax.double() - (0.75 * ad + bd)).abs() <= TOL[dtype] * (1 + (0.75 * ad + bd).abs())).all())
        if shape in small or not (add_ok and mul_ok and ax_ok):
            print(str(dtype).ljust(14), str(shape).ljust(12), "add", add_ok, "mul", mul_ok, "axpy", ax_ok,
                  ax.shape == a.shape, ax.dtype == dtype)

x = torch.randn(999, device="cuda") * 100
for dt in (torch.float16, torch.bfloat16):
    y = ew.cast(x, dt)
    back = ew.cast(y, torch.float32)
    print("cast", dt, torch.equal(y, x.to(dt)), torch.equal(back, y.float()))

out = torch.zeros(1000, device="cuda")
r = ew.add(x[:1000] if x.numel() >= 1000 else torch.ones(1000, device="cuda"), torch.ones(1000, device="cuda"), out=out)
print("out= returns out:", r is out)

def err(f, *a, **k):
    try:
        f(*a, **k)
        print("no error")
    except (TypeError, ValueError) as e:
        print(type(e).__name__ + ":", e)

err(ew.add, torch.ones(4), torch.ones(4))
err(ew.add, torch.ones(4, device="cuda"), torch.ones(5, device="cuda"))
err(ew.add, torch.ones(4, device="cuda"), torch.ones(4, device="cuda", dtype=torch.float16))
err(ew.add, torch.ones(4, 4, device="cuda").t(), torch.ones(4, 4, device="cuda"))
err(ew.add, torch.ones(4, device="cuda", dtype=torch.int32), torch.ones(4, device="cuda", dtype=torch.int32))
err(ew.cast, torch.ones(4, device="cuda"), torch.int8)
err(ew.add, torch.ones(4, device="cuda"), torch.ones(4, device="cuda"), out=torch.ones(5, device="cuda"))
k = ew.compile(torch.ones(4096, device="cuda"))
print("compiled:", "global_load_dwordx4" in k.isa, k.stats["scratch_bytes"])

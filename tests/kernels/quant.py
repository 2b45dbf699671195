# flyi: run
# flyi.kernels.quant on the emulator, for each target's fp8 format (FNUZ e4m3 on gfx942, OCP e4m3fn on
# gfx950): per_token_quant_fp8's scale against the float64 absmax / FP8_MAX, its fp8 bits against torch's
# rounding of x * (1 / scale) in float32 (what the kernel computes), dequant_fp8 against x within the
# format's half step; rows that fill the 128-bit tiles and ragged ones (one element a tile), a single row
# and a single column, 3-D input, an all-zero row, the largest element landing on the format's largest
# value; and the errors.
# FLYI_KERNELS_LARGE=1 (make check-kernels) adds larger shapes (they change no line of the output).
import os

import torch

from flyi.kernels import quant

torch.manual_seed(5)
SHAPES = [(3, 64), (2, 100), (1, 1), (5, 1), (1, 520), (2, 3, 16)]
if os.environ.get("FLYI_KERNELS_LARGE") == "1":
    SHAPES += [(256, 4096), (300, 1000), (1, 20001), (4, 7, 512)]
for arch in ("gfx942", "gfx950"):
    os.environ["ARCH"] = arch
    dt8 = quant.fp8_dtype()
    for dtype in (torch.float32, torch.float16, torch.bfloat16):
        ok = []
        for shape in SHAPES:
            x = (torch.randn(shape, device="cuda") * 3).to(dtype)
            q, s = quant.per_token_quant_fp8(x)
            xd = x.double()
            sref = xd.abs().amax(-1, keepdim=True).clamp(min=1e-12) / quant.FP8_MAX[dt8]
            bits = torch.equal(q.view(torch.uint8), (x.float() * (1.0 / s)).to(dt8).view(torch.uint8))
            y = quant.dequant_fp8(q, s, dtype=dtype)
            tol = xd.abs() * (2.0 ** -4 + (8e-3 if dtype == torch.bfloat16 else 1e-3)) + s.double() * 2.0 ** -9
            ok.append((q.dtype == dt8 and q.shape == x.shape and s.shape == shape[:-1] + (1,) and y.dtype == dtype,
                       bool(((s.double() - sref).abs() <= 1e-6 * sref).all()), bits,
                       bool(((y.double() - xd).abs() <= tol).all())))
        print(arch, str(dt8).ljust(22), str(dtype).ljust(14), all(all(o) for o in ok), ok if not all(all(o) for o in ok) else "")
    x = torch.tensor([[0.0, 0.0, 0.0, 0.0], [1.0, -2.0, 0.5, -8.0]], device="cuda")
    q, s = quant.per_token_quant_fp8(x)
    print(arch, "zero row and max:", q.float().tolist(), (s[1, 0] * quant.FP8_MAX[dt8]).item(),
          quant.dequant_fp8(q, s).tolist())
del os.environ["ARCH"]


def err(f, *a, **k):
    try:
        f(*a, **k)
        print("no error")
    except (TypeError, ValueError) as e:
        print(type(e).__name__ + ":", e)


err(quant.per_token_quant_fp8, torch.ones(4, 6, device="cuda").t())
err(quant.per_token_quant_fp8, torch.ones(4, 6, device="cuda", dtype=torch.int32))
q, s = quant.per_token_quant_fp8(torch.ones(4, 6, device="cuda"))
err(quant.dequant_fp8, q, s.reshape(4))
err(quant.dequant_fp8, q, s, dtype=torch.int32)
err(quant.dequant_fp8, torch.ones(4, 6, device="cuda"), s)
print("empty:", [t.shape for t in quant.per_token_quant_fp8(torch.ones(0, 8, device="cuda"))],
      quant.per_token_quant_fp8(torch.ones(2, 0, device="cuda"))[1].shape)

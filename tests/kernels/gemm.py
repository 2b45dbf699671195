# flyi: run
# flyi.kernels.gemm (2 x 2 MFMA atoms a 64 x 64 tile, K in steps of 16 carried through a runtime loop) on the
# emulator against the float64 product: within a rounding of the output type plus the float32 accumulation
# (per dtype), at shapes that fill whole tiles, ragged ones (padded edges), K = 1 and a long K; the ISA has
# MFMA instructions for both targets; and the errors.
import os

import torch

from flyi.kernels import gemm as G

torch.manual_seed(4)
ULP = {torch.float32: 2.0 ** -23, torch.float16: 2.0 ** -10, torch.bfloat16: 2.0 ** -7}
for dtype in (torch.float32, torch.float16, torch.bfloat16):
    for m, n, k in ((64, 64, 16), (128, 64, 48), (70, 33, 100), (1, 1, 1), (5, 130, 7)):
        a = torch.randn(m, k, device="cuda").to(dtype)
        b = torch.randn(k, n, device="cuda").to(dtype)
        c = G.gemm(a, b)
        ref = a.double().cpu() @ b.double().cpu()
        # the output's rounding, and float32 accumulation over k products
        bound = ref.abs() * ULP[dtype] + (a.double().cpu().abs() @ b.double().cpu().abs()) * (k * 2.0 ** -23 + 1e-12)
        ok = bool(((c.double().cpu() - ref).abs() <= bound + 1e-30).all())
        print(str(dtype).ljust(14), (m, n, k), ok, tuple(c.shape), c.dtype == dtype)

out = torch.empty(64, 64, device="cuda")
a, b = torch.randn(64, 16, device="cuda"), torch.randn(16, 64, device="cuda")
print("out=:", G.gemm(a, b, out=out) is out)
for arch in ("gfx942", "gfx950"):
    os.environ["ARCH"] = arch
    for dtype, mfma in ((torch.float16, "v_mfma_f32_32x32x8_f16"), (torch.bfloat16, "v_mfma_f32_32x32x8_bf16"),
                        (torch.float32, "v_mfma_f32_32x32x2_f32")):
        k = G.compile(a.to(dtype), b.to(dtype))
        print(arch, dtype, mfma in k.isa, "scratch", k.stats["scratch_bytes"],
              "spills", k.stats["vgpr_spill"] + k.stats["sgpr_spill"])
del os.environ["ARCH"]
for args in ((torch.ones(4, 5, device="cuda"), torch.ones(6, 4, device="cuda")),
             (torch.ones(4, 5, device="cuda", dtype=torch.float16), torch.ones(5, 4, device="cuda"))):
    try:
        G.gemm(*args)
    except (TypeError, ValueError) as e:
        print(type(e).__name__ + ":", e)

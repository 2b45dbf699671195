# flyi: run
# flyi.kernels.gemm on the emulator against the float64 product: gemm (A and B staged through LDS, a
# double-buffered K loop) and gemm_preshuffled (B read in the MFMA's operand order), within a rounding of
# the output type plus the float32 accumulation (per dtype), at shapes that fill whole tiles, shapes whose
# main loop runs several times, ragged ones (predicated edge tiles, a partial last K tile), rows not a whole
# number of 128-bit vectors (element-wide copies), M = 1, N = 1, K = 1 and K = 0; out=; and the errors
# (non-contiguous inputs among them). FLYI_KERNELS_LARGE=1 (make check-kernels) adds the larger shapes of
# LARGE_SHAPES, which print only when they fail.
import os

import torch

from flyi.kernels import gemm as G

torch.manual_seed(4)
ULP = {torch.float32: 2.0 ** -23, torch.float16: 2.0 ** -10, torch.bfloat16: 2.0 ** -7}
# (float16: all shapes; float32 and bfloat16, whose kernels differ only in their tiles or their MFMA, fewer: each
# new combination of dtype and row alignment is one more kernel to compile, and the emulator's time matters)
SHAPES = {torch.float16: ((64, 64, 32), (128, 128, 96), (37, 72, 80), (70, 33, 100), (1, 65, 40), (65, 1, 48),
                          (1, 1, 1), (3, 5, 0)),
          torch.float32: ((128, 128, 96), (70, 33, 100), (1, 1, 1)),
          torch.bfloat16: ((37, 72, 80), (65, 40, 48))}
# for make check-kernels only (FLYI_KERNELS_LARGE=1): many tiles, long K loops, ragged edges on every side
LARGE_SHAPES = ((256, 256, 256), (200, 136, 328), (129, 255, 97), (512, 64, 1024))
LARGE = os.environ.get("FLYI_KERNELS_LARGE") == "1"


def close(c, a, b):
    ref = a.double().cpu() @ b.double().cpu()
    k = a.shape[1]
    bound = ref.abs() * ULP[a.dtype] + (a.double().cpu().abs() @ b.double().cpu().abs()) * (k * 2.0 ** -23 + 1e-12)
    return bool(((c.double().cpu() - ref).abs() <= bound + 1e-30).all())


for dtype in (torch.float32, torch.float16, torch.bfloat16):
    for m, n, k in SHAPES[dtype]:
        a = torch.randn(m, k, device="cuda").to(dtype)
        b = torch.randn(k, n, device="cuda").to(dtype)
        c = G.gemm(a, b)
        bs = G.preshuffle(b)
        c2 = G.gemm_preshuffled(a, bs)
        print(str(dtype).ljust(14), (m, n, k), close(c, a, b), close(c2, a, b), tuple(c.shape), c.dtype == dtype,
              tuple(bs.shape))

for dtype in (torch.float32, torch.float16, torch.bfloat16) if LARGE else ():
    for m, n, k in LARGE_SHAPES:  # (printed only when they fail: the expected output stays the same)
        a = torch.randn(m, k, device="cuda").to(dtype)
        b = torch.randn(k, n, device="cuda").to(dtype)
        ok = close(G.gemm(a, b), a, b), close(G.gemm_preshuffled(a, G.preshuffle(b)), a, b)
        if not all(ok):
            print("large", str(dtype).ljust(14), (m, n, k), *ok)

a, b = torch.randn(64, 16, device="cuda"), torch.randn(16, 64, device="cuda")
out = torch.empty(64, 64, device="cuda")
print("out=:", G.gemm(a, b, out=out) is out, close(out, a, b))
out2 = torch.empty(64, 64, device="cuda")
print("out= (preshuffled):", G.gemm_preshuffled(a, G.preshuffle(b), out=out2) is out2, close(out2, a, b))
for f, args in ((G.gemm, (torch.ones(4, 5, device="cuda"), torch.ones(6, 4, device="cuda"))),
                (G.gemm, (torch.ones(4, 5, device="cuda", dtype=torch.float16), torch.ones(5, 4, device="cuda"))),
                (G.gemm, (torch.ones(5, 4, device="cuda").t(), torch.ones(5, 4, device="cuda"))),
                (G.gemm, (torch.ones(4, 5, device="cuda"), torch.ones(4, 5, device="cuda").t())),
                (G.gemm_preshuffled, (torch.ones(4, 5, device="cuda"), torch.ones(1, 1, 64, 8, device="cuda"))),
                (G.gemm_preshuffled, (torch.ones(4, 40, device="cuda"), G.preshuffle(torch.ones(5, 4, device="cuda"))))):
    try:
        f(*args)
    except (TypeError, ValueError) as e:
        print(type(e).__name__ + ":", e)

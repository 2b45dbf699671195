"""The kernel library on the emulator beside flyi's torch on the host, same op, same shape, one run:
best of 3 after a warm-up launch (which compiles); for the GEMMs also the emulator's GFLOP/s (the fp8 GEMM
beside the float16 product on the host)."""
import time

import torch

from flyi.kernels import elementwise, gemm, norm, reduce, softmax, transpose


def best(f, n=3):
    f()
    t = []
    for _ in range(n):
        a = time.perf_counter()
        f()
        t.append(time.perf_counter() - a)
    return min(t)


torch.manual_seed(0)
v = torch.randn(1 << 20, device="cuda")
w = torch.randn(1 << 20, device="cuda")
x = torch.randn(256, 1024, device="cuda")
g = torch.randn(1024, device="cuda")
bb = torch.randn(1024, device="cuda")
sq = torch.randn(1024, 1024, device="cuda")
ha = torch.randn(256, 256, device="cuda").half()
hb = torch.randn(256, 256, device="cuda").half()
hs = gemm.preshuffle(hb)
fa, fb = ha.float().to(gemm.fp8_dtype()), hb.float().to(gemm.fp8_dtype())
CASES = [("elementwise.add", "1M f32", lambda: elementwise.add(v, w), lambda: v + w),
         ("reduce.sum", "256x1024 f32", lambda: reduce.sum(x), lambda: x.sum(1)),
         ("softmax.softmax", "256x1024 f32", lambda: softmax.softmax(x), lambda: torch.softmax(x, 1)),
         ("norm.layer_norm", "256x1024 f32", lambda: norm.layer_norm(x, g, bb),
          lambda: torch.nn.functional.layer_norm(x, (1024,), g, bb, 1e-5)),
         ("transpose.transpose", "1024x1024 f32", lambda: transpose.transpose(sq), lambda: sq.t().contiguous()),
         ("gemm.gemm", "256^3 f16", lambda: gemm.gemm(ha, hb), lambda: ha @ hb),
         ("gemm.preshuffled", "256^3 f16", lambda: gemm.gemm_preshuffled(ha, hs), lambda: ha @ hb),
         ("gemm.gemm_fp8", "256^3 e4m3", lambda: gemm.gemm_fp8(fa, fb), lambda: ha @ hb)]
print("%-20s %-14s %10s %10s %7s" % ("op", "shape", "emulator_s", "torch_s", "ratio"))
for name, shape, kern, host in CASES:
    te, th = best(kern), best(host)
    print("%-20s %-14s %10.4f %10.4f %7.2f" % (name, shape, te, th, te / th))
    if name.startswith("gemm."):
        print("%s on the emulator: %.3f GFLOP/s (host: %.3f)" % (name, 2 * 256 ** 3 / te / 1e9, 2 * 256 ** 3 / th / 1e9))

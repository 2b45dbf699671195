"""The kernel library on the emulator beside flyi's torch on the host, same op, same shape, one run:
best of 3 after a warm-up launch (which compiles); for the GEMMs also the emulator's GFLOP/s (the fp8 GEMM
beside the float16 product on the host). Then a bf16 GEMM
at 1024^3 on the emulator beside flyi's torch `@` and, as the reference rate, numpy's float32 matmul (OpenBLAS
where Debian's alternatives select it; numpy is run by $FLYI_BENCH_PYTHON, default /usr/bin/python3, and is
only a benchmark dependency), interleaved in the same run, best of each; also by each process's CPU time (all
threads), the steadier measure on a shared machine."""
import os
import subprocess
import time

import torch

from flyi.kernels import attention, elementwise, gemm, norm, quant, reduce, softmax, transpose


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
xh = x.half()
f8 = quant.fp8_dtype()
aq, ak, av = (torch.randn(1, 4, 256, 64, device="cuda").half() for _ in range(3))


def host_quant():
    s = xh.float().abs().amax(-1, keepdim=True) / quant.FP8_MAX[f8]
    return (xh.float() / s).to(f8), s


def host_attention():
    s = (aq.float() @ ak.float().transpose(-1, -2)) * 0.125
    return (torch.softmax(s, -1) @ av.float()).half()


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
         ("gemm.gemm_fp8", "256^3 e4m3", lambda: gemm.gemm_fp8(fa, fb), lambda: ha @ hb),
         ("quant.per_token_fp8", "256x1024 f16", lambda: quant.per_token_quant_fp8(xh), host_quant),
         ("attention.flash", "1x4x256x64 f16", lambda: attention.flash_attention(aq, ak, av), host_attention)]
print("%-20s %-14s %10s %10s %7s" % ("op", "shape", "emulator_s", "torch_s", "ratio"))
for name, shape, kern, host in CASES:
    te, th = best(kern), best(host)
    print("%-20s %-14s %10.4f %10.4f %7.2f" % (name, shape, te, th, te / th))
    if name.startswith("gemm."):
        print("%s on the emulator: %.3f GFLOP/s (host: %.3f)" % (name, 2 * 256 ** 3 / te / 1e9, 2 * 256 ** 3 / th / 1e9))
    if name == "attention.flash":
        fl = 4 * 4 * 256 * 256 * 64  # q k^T and p v, 2 flops a multiply-add each
        print("attention on the emulator: %.3f GFLOP/s (host: %.3f)" % (fl / te / 1e9, fl / th / 1e9))

# bf16 GEMM at 1024^3 against numpy (float32: numpy has no bfloat16), interleaved: emulator, numpy, ...
NUMPY = """
import sys, time
import numpy as np
n = 1024
a = np.random.default_rng(0).standard_normal((n, n), dtype=np.float32)
b = np.random.default_rng(1).standard_normal((n, n), dtype=np.float32)
a @ b
t, c = [], []
for _ in range(5):
    s, p = time.perf_counter(), time.process_time()
    a @ b
    t.append(time.perf_counter() - s)
    c.append(time.process_time() - p)
print(min(t), min(c))
"""


def numpy_rate():  # GFLOP/s by wall-clock and by the process's CPU time (all threads)
    py = os.environ.get("FLYI_BENCH_PYTHON", "/usr/bin/python3")
    try:
        r = subprocess.run([py, "-c", NUMPY], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        return [2 * 1024 ** 3 / float(x) / 1e9 for x in r.stdout.split()]
    except (OSError, ValueError, ZeroDivisionError):
        return None


n = 1024
ga = torch.randn(n, n, device="cuda").to(torch.bfloat16)
gb = torch.randn(n, n, device="cuda").to(torch.bfloat16)
gemm.gemm(ga, gb)
emu_t, emu_c, np_r, np_c = [], [], [], []
for _ in range(2):
    s, p = time.perf_counter(), time.process_time()
    gemm.gemm(ga, gb)
    emu_t.append(time.perf_counter() - s)
    emu_c.append(time.process_time() - p)
    r = numpy_rate()
    if r:
        np_r.append(r[0])
        np_c.append(r[-1])
host_t = best(lambda: ga @ gb, 1)
emu_r, host_r = 2 * n ** 3 / min(emu_t) / 1e9, 2 * n ** 3 / host_t / 1e9
emu_cr = 2 * n ** 3 / min(emu_c) / 1e9
print("gemm.gemm 1024^3 bf16: emulator %.3f s, %.2f GFLOP/s (%.3f s CPU: %.2f GFLOP/s a CPU-second); "
      "flyi torch @ %.3f s, %.2f GFLOP/s" % (min(emu_t), emu_r, min(emu_c), emu_cr, host_t, host_r))
if np_r:
    print("numpy float32 matmul 1024^3: %.1f GFLOP/s (%.1f a CPU-second); emulator / numpy: %.1f%% (by CPU time "
          "%.1f%%)" % (max(np_r), max(np_c), 100 * emu_r / max(np_r), 100 * emu_cr / max(np_c)))
else:
    print("numpy: not available (FLYI_BENCH_PYTHON with numpy)")

"""bench_profile.py - the profiler's cost: kernels of the kernel library launched plainly and under
flyc.profile (counters on), CPU seconds per launch (all threads, the minimum of 5), side by side in one run.
The issue's target: counters on within 10x of the plain emulator run; counters off cost nothing (the
plain run compiles and runs the same code as without the profiler)."""
import time

import torch

import flyi.profile
from flyi.kernels import gemm, softmax, transpose


def cpu_per_launch(f, reps=5):
    f()  # compile
    best = float("inf")
    for _ in range(reps):
        t0 = time.process_time()
        f()
        best = min(best, time.process_time() - t0)
    return best


torch.manual_seed(0)
x = torch.randn(1024, 1024, device="cuda")
s = torch.randn(256, 1024, device="cuda")
a = torch.randn(128, 128, dtype=torch.float16, device="cuda")
b = torch.randn(128, 128, dtype=torch.float16, device="cuda")
cases = (("transpose 1024x1024 f32", transpose.transpose, (x,)), ("softmax 256x1024 f32", softmax.softmax, (s,)),
         ("gemm 128^3 f16", gemm.gemm, (a, b)))
print("%-26s %12s %12s %8s" % ("kernel", "plain s", "counters s", "ratio"))
for name, f, args in cases:
    plain = cpu_per_launch(lambda: f(*args))
    counted = cpu_per_launch(lambda: flyi.profile.profile(f, *args))
    print("%-26s %12.4f %12.4f %7.1fx" % (name, plain, counted, counted / plain))

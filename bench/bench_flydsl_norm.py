# FlyDSL's layernorm and softmax kernels (kernels/norm of a FlyDSL checkout on FLYI_PATH, e.g.
# `FLYI_PATH=/path/to/flydsl flyi bench/bench_flydsl_norm.py [M N REPS]`) on the emulator, launched as
# FlyDSL's tests launch them, bf16 at M x N (default 1024 x 8192): seconds per launch (best of REPS, the wall
# clock and the process's CPU time) in the lane-vector form and with FLYI_EMU_VEC_OFF=1 (the per-thread
# phase loop), each in a child process, and whether both wrote the same output bits. Skipped, saying why,
# when FlyDSL's kernels are not importable.
import os
import subprocess
import sys
import time


def child(which, M, N, reps):
    import flydsl.compiler as flyc
    import flydsl.expr as fx
    import torch

    torch.manual_seed(42)
    if which == "layernorm":
        from kernels.norm.layernorm_kernel import build_layernorm_module

        fn = build_layernorm_module(N, "bf16")
        x = torch.randn((M, N), device="cuda").to(torch.bfloat16).contiguous()
        g = torch.rand((N,), device="cuda").to(torch.bfloat16).contiguous()
        b = torch.rand((N,), device="cuda").to(torch.bfloat16).contiguous()
        o = torch.empty((M, N), device="cuda", dtype=torch.bfloat16)
        s = torch.cuda.current_stream()

        def ptr(t):
            return flyc.from_c_void_p(fx.BFloat16, t.data_ptr())

        c = flyc.compile(fn, ptr(x), ptr(g), ptr(b), ptr(o), M, s)

        def run():
            c(x.data_ptr(), g.data_ptr(), b.data_ptr(), o.data_ptr(), M, s)
    else:
        from kernels.norm.softmax_kernel import build_softmax_module

        fn = build_softmax_module(M, N, "bf16")
        x = (torch.rand((M, N), device="cuda") * 4.0 - 2.0).to(torch.bfloat16).contiguous()
        o = torch.empty((M, N), device="cuda", dtype=torch.bfloat16)
        s = torch.cuda.current_stream()

        def run():
            fn(x, o, M, stream=s)
    t0 = time.perf_counter()
    run()
    torch.cuda.synchronize()
    first = time.perf_counter() - t0
    wall = cpu = 1e9
    for _ in range(reps):
        t0, c0 = time.perf_counter(), time.process_time()
        run()
        torch.cuda.synchronize()
        wall, cpu = min(wall, time.perf_counter() - t0), min(cpu, time.process_time() - c0)
    bits = o.cpu().view(-1).view(torch.int16).to(torch.int64)
    digest = (int(bits.sum()), int((bits * (torch.arange(bits.numel()) % 7919)).sum()))
    print(f"{first:.4f} {wall:.4f} {cpu:.4f} {digest[0]} {digest[1]}")


if len(sys.argv) > 1 and sys.argv[1] == "child":
    child(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]))
    sys.exit(0)
args = [int(a) for a in sys.argv[1:4]]
M, N, reps = (args + [1024, 8192, 3][len(args):])[:3]
try:
    import kernels.norm.layernorm_kernel  # noqa: F401
except Exception as e:  # not a FlyDSL checkout on FLYI_PATH
    print("bench_flydsl_norm: skipped (FlyDSL's kernels/norm not importable: %s)" % e)
    sys.exit(0)
exe = os.readlink("/proc/self/exe")
with open("/proc/loadavg") as f:
    load = f.read().split()[0]
print(f"FlyDSL kernels/norm, bf16 {M} x {N}, best of {reps} launches (s); load average {load}")
print("kernel      form               first launch  wall/launch  cpu/launch")
for which in ("layernorm", "softmax"):
    res = {}
    for form in ("lane-vector", "phase loop"):
        env = dict(os.environ, FLYDSL_RUNTIME_ENABLE_CACHE="0")
        env.pop("FLYI_EMU_VEC_OFF", None)
        env["FLYI_EMU_VEC_WHY"] = "1"
        env["FLYI_EMU_VEC_LANES"] = "1"
        if form == "phase loop":
            env["FLYI_EMU_VEC_OFF"] = "1"
        r = subprocess.run([exe, os.path.abspath(__file__), "child", which, str(M), str(N), str(reps)], env=env,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, stdin=subprocess.DEVNULL)
        took = any(l.endswith(": lane-vector form") for l in r.stderr.splitlines())
        if r.returncode or not r.stdout.strip():
            print(f"{which:11} {form:18} failed: {r.stderr.strip().splitlines()[-1:]}")
            continue
        f, w, c, d0, d1 = r.stdout.split()
        res[form] = (d0, d1)
        note = "" if form == "phase loop" or took else " (kernel kept the phase loop)"
        print(f"{which:11} {form:18} {float(f):12.3f} {float(w):12.4f} {float(c):11.4f}{note}")
    if len(res) == 2:
        print(f"{which:11} same output bits: {res['lane-vector'] == res['phase loop']}")

"""flyi's torch on the host beside numpy doing the same (bench_torch_cases.py) in the same run: for each size,
flyi's figures first, then numpy's ($FLYI_BENCH_PYTHON, default /usr/bin/python3; numpy is only a benchmark
dependency), best of BENCH_REPS (default 3; 2 at 64M) each. BENCH_TORCH_SIZES (default "1M 64M") picks the
sizes, BENCH_TORCH_ONLY=WORD the cases whose name contains WORD. Prints ms and the ratio flyi / numpy."""
import os
import subprocess
import sys
import time

import torch
import torch.nn.functional as F

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from bench_torch_cases import CASES, MATMUL, SIZES  # noqa: E402

PY = os.environ.get("FLYI_BENCH_PYTHON", "/usr/bin/python3")
ONLY = os.environ.get("BENCH_TORCH_ONLY", "")
cases = [c for c in CASES if ONLY in c[0]]
names = [c[0] for c in cases]
with open("/proc/loadavg") as f:
    load = f.read().split()[:3]
print("load average before:", " ".join(load))
print(f"{'op':<16} {'size':>5} {'flyi ms':>10} {'numpy ms':>10} {'ratio':>7}  note")
for label in os.environ.get("BENCH_TORCH_SIZES", "1M 64M").split():
    rows, cols = SIZES[label]
    reps = int(os.environ.get("BENCH_REPS", "3" if label == "1M" else "2"))
    torch.manual_seed(0)
    env = {"torch": torch, "F": F}
    env["a"] = torch.randn(rows, cols)
    env["b"] = torch.randn(rows, cols)
    env["row"] = torch.randn(cols)
    env["col"] = torch.randn(rows, 1)
    env["w"] = torch.randn(cols)
    env["bias"] = torch.randn(cols)
    env["ah"] = env["a"].to(torch.bfloat16)
    env["bh"] = env["b"].to(torch.bfloat16)
    env["a8"] = env["a"].to(torch.float8_e4m3fnuz)
    env["m1"] = torch.randn(MATMUL, MATMUL)
    env["m2"] = torch.randn(MATMUL, MATMUL)
    mine = {}
    for name, expr, _, _ in cases:
        code = compile(expr, name, "eval")
        best = None
        for _ in range(reps):
            t = time.perf_counter()
            r = eval(code, env)
            t = time.perf_counter() - t
            r = None
            best = t if best is None or t < best else best
        mine[name] = best * 1e3
    env = None
    out = subprocess.run([PY, os.path.join(HERE, "bench_torch_numpy.py"), label, str(reps)] + names,
                         capture_output=True, text=True)
    ref = {}
    for line in out.stdout.splitlines():
        n, _, ms = line.split("\t")
        ref[n] = float(ms)
    if out.returncode:
        print(out.stderr)
    for name, _, _, note in cases:
        r = ref.get(name)
        ratio = f"{mine[name] / r:7.2f}" if r else "    n/a"
        rs = f"{r:10.2f}" if r else "       n/a"
        sz = f"{MATMUL}^2" if name.startswith("matmul") else label
        print(f"{name:<16} {sz:>5} {mine[name]:10.2f} {rs} {ratio}  {note}", flush=True)
with open("/proc/loadavg") as f:
    load = f.read().split()[:3]
print("load average after:", " ".join(load))

# flyi: run
# Phase loops do cross-lane operations inline (the lane's operands and result through the block's
# arrays); FLYI_EMU_SHFL_CALL=1 keeps the runtime calls of before. Both give the same output, bit for
# bit: this file's own kernels (a shuffle in a divergent branch, so a partly live wave; up / down / idx
# shuffles and a barrier inside a loop with printf from one thread; an out-of-bounds store after a
# shuffle, whose error names the thread) and the folder's barrier, stress, shuffle and DPP programs,
# each run as a child process in both modes.
import os
import re
import subprocess
import sys

import flydsl.compiler as flyc
import flydsl.expr as fx
from flydsl.expr import gpu
import torch


@flyc.kernel
def divergent(a: fx.Tensor, out: fx.Tensor):
    t = fx.thread_idx.x
    v = a[t]
    if t < 40:
        v = v + fx.shuffle_xor(v, 3, 64)
    out[t] = v


@flyc.kernel
def looped(a: fx.Tensor, out: fx.Tensor, n: fx.Int32):
    t = fx.thread_idx.x
    g = fx.block_idx.x * 128 + t
    acc = a[g]
    for i in range(n):
        u = gpu.shuffle_up(acc, 1, 32)
        d = gpu.shuffle_down(acc, 2, 64)
        x = gpu.shuffle_idx(acc, 7, 16)
        fx.barrier()
        acc = acc * fx.Float32(0.5) + u * fx.Float32(0.25) + d * fx.Float32(0.125) + x
        if t == 5:
            fx.printf("block {} iteration {}: {}", fx.block_idx.x, i, acc)
    out[g] = acc


@flyc.kernel
def faulty(a: fx.Tensor, out: fx.Tensor):
    t = fx.thread_idx.x
    v = fx.shuffle_xor(a[t], 1, 64)
    out[t + 60] = v


@flyc.jit
def run_divergent(a, out):
    divergent(a, out).launch(grid=1, block=128)


@flyc.jit
def run_looped(a, out):
    looped(a, out, 4).launch(grid=2, block=128)


@flyc.jit
def run_faulty(a, out):
    faulty(a, out).launch(grid=1, block=64)


PROGRAMS = ["emu_barrier_phases.py", "emu_phase_stress.py", "emu_barrier_shuffle.py", "rocdl_ds_swizzle.py",
            "gpu_shuffle.py", "gpu_shuffle_idx_width.py", "../mlir/dpp_run.py"]


def child():
    a = torch.arange(256, device="cuda").float() * 0.75 - 20.0
    out = torch.zeros(256, device="cuda")
    run_divergent(a, out)
    print("divergent", [float(v) for v in out[:128].tolist()])
    run_looped(a, out)
    print("looped", [float(v).hex() for v in out.tolist()])
    small = torch.zeros(64, device="cuda")
    try:
        run_faulty(a, small)
        print("no fault")
    except flyc.KernelError as e:
        print("fault:", re.sub("0x[0-9a-f]+", "ADDR", str(e)))
    print("after the fault", [float(v) for v in small.tolist()])


if len(sys.argv) > 1:
    child()
else:
    exe = os.readlink("/proc/self/exe")
    here = os.path.dirname(os.path.abspath(__file__))
    for prog in [None] + PROGRAMS:
        outs = []
        for call in (False, True):
            env = dict(os.environ, FLYDSL_RUNTIME_ENABLE_CACHE="0")
            if call:
                env["FLYI_EMU_SHFL_CALL"] = "1"
            args = [exe, os.path.abspath(__file__), "child"] if prog is None else [exe, os.path.basename(prog)]
            r = subprocess.run(args, env=env, cwd=here if prog is None else os.path.dirname(os.path.join(here, prog)),
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, stdin=subprocess.DEVNULL)
            outs.append((r.returncode, r.stdout))
        if prog is None:
            print(outs[0][1], end="")
        print(prog or "this file", "exit", outs[0][0], outs[1][0], "inline the same as calls:", outs[0] == outs[1])

# flyi: run
# flyi: emu-only (it checks the emulator's division fault reports at the launch)
# A uniform integer division by a runtime value (a kernel argument, as kernels/gemm.py's grouped tile order divides
# by the tile counts) in a synchronising kernel: the lane-vector form computes it once as a scalar, behind the same
# check as the phase loop's (emu_checks.c): a zero divisor, or a signed MIN / -1, is an error naming the kernel,
# block, thread and DSL line. Run in a child process in each form (FLYI_EMU_VEC_OFF=1: the phase loop); the
# outputs must be the same.
import os
import subprocess
import sys

import flydsl.compiler as flyc
import flydsl.expr as fx
import torch


@flyc.kernel
def tiles(a: fx.Tensor, n: fx.Int32, d: fx.Int32):
    t = fx.thread_idx.x
    q = n // d  # uniform
    r = n % d
    a[t] = t + q
    fx.barrier()
    a[t] = a[t] * 10 + r


@flyc.jit
def run(a, n, d):
    tiles(a, n, d).launch(grid=2, block=128)


def child():
    a = torch.zeros(128, dtype=torch.int32, device="cuda")
    for n, d in [(100, 7), (-100, 7), (5, 0), (-2147483648, -1), (9, 4)]:
        try:
            run(a, n, d)
            print(n, d, a[:3].tolist(), a[127].item(), flush=True)
        except flyc.KernelError as e:
            print(n, d, e, flush=True)


if len(sys.argv) > 1:
    child()
else:
    exe = os.readlink("/proc/self/exe")
    outs = []
    for extra in [{}, {"FLYI_EMU_VEC_OFF": "1"}]:
        env = dict(os.environ, FLYDSL_RUNTIME_ENABLE_CACHE="0", FLYI_EMU_VEC_WHY="1", **extra)
        r = subprocess.run([exe, os.path.abspath(__file__), "child"], env=env, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True)
        outs.append(r.stdout)
        print("exit", r.returncode, [l for l in r.stderr.splitlines() if l.startswith("emu: ")])
    print(outs[0], end="")
    print("the phase loop gives the same output:", outs[0] == outs[1])

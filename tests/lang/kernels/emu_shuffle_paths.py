# flyi: run
# The emulator's two ways of computing a shuffle give the same results: a full wave whose lanes all wait at
# one xor / up / down shuffle takes a branch-free path (emu_exec.c), FLYI_EMU_SHFL_REF=1 sends every wave
# through the general per-lane loop. Every mode (offset and width run-time values) with offsets inside, at and beyond the width, widths 64 down
# to 2 (and 12, not a power of two), on every lane of two waves; each run in a child process in both modes,
# and the lanes' results must be identical (and those of the general loop as printed below).
import os
import subprocess
import sys

import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

CASES = [(m, o, w) for m in ("xor", "up", "down") for o in (0, 1, 3, 17, 32, 63, 64, 70) for w in (64, 32, 16, 12, 2)]


@flyc.kernel
def moves(a: fx.Tensor, out: fx.Tensor, mode: fx.Constexpr[str], off: fx.Int32, width: fx.Int32):
    i = fx.thread_idx.x
    out[i] = fx.gpu.shuffle(a[i], off, width, mode)


@flyc.jit
def run(a, out, mode: fx.Constexpr[str], off: fx.Int32, width: fx.Int32):
    moves(a, out, mode, off, width).launch(grid=1, block=128)


def child():
    a = torch.arange(128, device="cuda").float() * 3 + 1
    for mode, off, width in CASES:
        out = torch.zeros(128, device="cuda")
        run(a, out, mode, off, width)
        print(mode, off, width, [int((v - 1) / 3) for v in out.tolist()])


if len(sys.argv) > 1:
    child()
else:
    exe = os.readlink("/proc/self/exe")
    outs = []
    for ref in (False, True):
        env = dict(os.environ, FLYDSL_RUNTIME_ENABLE_CACHE="0")
        if ref:
            env["FLYI_EMU_SHFL_REF"] = "1"
        r = subprocess.run([exe, os.path.abspath(__file__), "child"], env=env, stdout=subprocess.PIPE,
                           stderr=subprocess.DEVNULL, text=True)
        outs.append(r.stdout)
        print("exit", r.returncode)
    print(outs[1], end="")
    print("the branch-free path gives the same lanes:", outs[0] == outs[1])

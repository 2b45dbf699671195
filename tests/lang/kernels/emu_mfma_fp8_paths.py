# flyi: run
# The fp8 MFMAs through the emulator's full-wave matrix product give the bits of the lane-by-lane reference
# (FLYI_EMU_MFMA_REF=1): the kernel library's fp8 GEMM (the 32x32x16 atom) on gfx942 (FNUZ e4m3) and gfx950
# (OCP e4m3), on values of wide range, run in a child process in both modes; the digests of the result bits
# must be identical, and the result near the float64 product.
import hashlib
import os
import subprocess
import sys

import torch


def digest(t):
    return hashlib.sha256(repr(t.cpu().float().tolist()).encode()).hexdigest()[:16]


def child():
    from flyi.kernels import gemm
    g = torch.Generator().manual_seed(3)
    for m, n, k in [(64, 64, 64), (96, 80, 200)]:
        a = (torch.randn(m, k, generator=g) * 8).to(gemm.fp8_dtype())
        b = (torch.randn(k, n, generator=g) * 8).to(gemm.fp8_dtype())
        c = gemm.gemm_fp8(a.cuda(), b.cuda(), out_dtype=torch.float32).cpu()
        ref = a.double() @ b.double()
        print(f"{m}x{n}x{k}", digest(c), torch.allclose(c.double(), ref, rtol=1e-5, atol=1e-3))


if len(sys.argv) > 1:
    child()
else:
    exe = os.readlink("/proc/self/exe")
    for target in ("gfx942", "gfx950"):
        outs = []
        for ref in (False, True):
            env = dict(os.environ, FLYDSL_RUNTIME_ENABLE_CACHE="0", ARCH=target)
            if ref:
                env["FLYI_EMU_MFMA_REF"] = "1"
            r = subprocess.run([exe, os.path.abspath(__file__), "child"], env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, text=True)
            outs.append(r.stdout)
        print(target, "exit", r.returncode)
        print(outs[0], end="")
        print("the reference path gives the same bits:", outs[0] == outs[1])

# flyi: run
# FlyDSL's waves_per_eu and maxnreg compile hints reach the kernel: waves_per_eu as rocdl.waves_per_eu on the
# gpu.func (LLVM's "amdgpu-waves-per-eu"), maxnreg as an "amdgpu-num-vgpr" passthrough entry (LLVM caps the
# kernel's VGPRs there), next to the launch's own value_attrs / passthrough; 0 or None changes nothing; a bad
# value is FlyDSL's TypeError / ValueError and the session goes on; the hints are part of the compile cache key.
# FLYDSL_COMPILE_LLVM_DIR is noted once on stderr (flyi compiles with its own LLVM).
# (flyc.compile[hints](f) adds the hints to f's own, as FlyDSL's does, so each case gets a jit function of its own.)
import torch

import flydsl.compiler as flyc
import flydsl.expr as fx


@flyc.kernel
def scale(A: fx.Tensor):
    t = fx.thread_idx.x
    A[t] = A[t] * 2.0 + 1.0


def launch():
    @flyc.jit
    def run(A: fx.Tensor):
        scale(A).launch(grid=1, block=64)

    return run


def launch_own():
    @flyc.jit
    def run(A: fx.Tensor):
        scale(A, value_attrs={"passthrough": [["keep", "yes"]]}).launch(grid=1, block=64)

    return run


def show(hints, make=launch):
    a = torch.ones(64, device="cuda")
    try:
        flyc.compile[hints](make())(a)
    except (TypeError, ValueError) as e:
        print(f"  {hints}: {type(e).__name__}: {e}")
        return
    k = flyc.last_compiled()
    func = [ln.strip() for ln in k.ir(0).splitlines() if "gpu.func" in ln][0]
    attrs = func.split(" attributes ")[1].rstrip(" {") if " attributes " in func else "{}"
    llvm = [a for a in ('"amdgpu-waves-per-eu"="3"', '"amdgpu-num-vgpr"="24"', '"keep"="yes"') if a in k.llvm_ir]
    print(f"  {hints}: {attrs.replace('known_block_size = array<i32: 64, 1, 1>, ', '')}")
    print(f"    LLVM: {llvm}; result {a[:2].tolist()}")


print("hints:")
for h in ({"waves_per_eu": 3}, {"maxnreg": 24}, {"waves_per_eu": 3, "maxnreg": 24}, {"waves_per_eu": 0},
          {"maxnreg": None}, {"waves_per_eu": True}, {"waves_per_eu": "2"}, {"maxnreg": -1}):
    show(h)
print("with the launch's own passthrough:")
show({"maxnreg": 24}, launch_own)

# FLYDSL_COMPILE_LLVM_DIR: flyi's kernels still go through its own LLVM, and it says so once (on stderr)
import subprocess
import sys

prog = ("import torch, flydsl.compiler as flyc, flydsl.expr as fx\n"
        "@flyc.kernel\ndef k(A: fx.Tensor):\n    A[fx.thread_idx.x] = 1.0\n"
        "@flyc.jit\ndef run(A: fx.Tensor):\n    k(A).launch(grid=1, block=64)\n"
        "a = torch.zeros(64, device='cuda'); run(a); run(a); print(a[:2].tolist())\n")
r = subprocess.run([sys.executable, "-c", prog], capture_output=True, text=True,
                   env={**__import__("os").environ, "FLYDSL_COMPILE_LLVM_DIR": "/opt/other-llvm"})
print("external LLVM dir set:", r.stdout.strip(), [ln.split(" is set")[0] for ln in r.stderr.splitlines()
                                                  if "FLYDSL_COMPILE_LLVM_DIR" in ln])

# flyi: run
# Under COMPILE_ONLY=1 (FlyDSL's frontend-only mode) a kernel is traced for tensors wherever they live, CPU
# tensors included, as FlyDSL traces them; here a struct of two fx.Tensor fields built in the jit body is two
# tensor parameters. Launching for real still needs device tensors.
import os

import torch

import flydsl.compiler as flyc
import flydsl.expr as fx

IOPair = fx.Struct["x": fx.Tensor, "y": fx.Tensor]


@flyc.kernel
def copy_kernel(io: IOPair):
    tid = fx.thread_idx.x
    if tid < 8:
        io.y[tid] = io.x[tid]


@flyc.jit
def body(a: fx.Tensor, b: fx.Tensor):
    copy_kernel(IOPair(a, b)).launch(grid=1, block=64)


host = torch.zeros(8)
for bad in (lambda: IOPair(host, host), lambda: IOPair(flyc.from_torch_tensor(host), host)):
    try:
        bad()
    except TypeError as e:
        print("TypeError:", e)
os.environ["COMPILE_ONLY"] = "1"
body(host, host)
sig = [l.strip() for l in body._last_compiled[1].source_ir.splitlines() if "gpu.func @copy_kernel" in l][0]
print(sig.count("%arg"), sig.count("!fly.memref<f32, global"))
del os.environ["COMPILE_ONLY"]
try:
    body(host, host)
except TypeError as e:
    print("TypeError:", e)

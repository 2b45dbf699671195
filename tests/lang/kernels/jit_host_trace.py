# flyi: run
# @flyc.jit functions that launch no kernel run as FlyDSL's host functions: numeric-annotated
# parameters are run-time values, Vectors work, and the traced IR is the call's source_ir.
import types

import flydsl.compiler as flyc
import flydsl.expr as fx

# an object the body fills (a global dict it changed would be a global changed since the first call: an error)
seen = types.SimpleNamespace()

@flyc.jit
def mix(a: fx.Int32, b: fx.Float32, k):
    r = a + b
    seen.r = (r.dtype, r.is_static())
    seen.k = k * 2
    v = fx.Vector.filled(4, 1.5, fx.Float32) * 2.0
    seen.v = (v.dtype, v.shape)

mix(3, 0.5, 21)
print(seen.r, seen.k, seen.v)
key, art = mix._last_compiled
print(key)
for line in art.source_ir.splitlines():
    print(line.split(" loc(")[0])
print(len(mix._mem_cache), mix._mem_cache[key] is art)
mix(4, 1.5, 21)
print(len(mix._mem_cache))
mix(4, 1.5, "s")
print(len(mix._mem_cache), mix._last_compiled[0])

# a bad argument for an annotated parameter fails as a launch would
try:
    mix("x", 1.0, 1)
except TypeError as e:
    print("TypeError:", e)

@flyc.kernel
def fill(out: fx.Tensor, v: fx.Float32):
    out[fx.thread_idx.x] = v

@flyc.jit
def run(out, v: fx.Float32):
    fill(out, v).launch(grid=1, block=4)

import torch
out = torch.zeros(4, device="cuda")
run(out, 2.5)
print(out.tolist())
src = run._last_compiled[1].source_ir
print("gpu.func @fill" in src, len(run._last_compiled[1].kernels))

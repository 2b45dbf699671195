# flyi: run
# flyc.compile(jit_fn, *args) runs the kernels it compiles, as FlyDSL's does (its _compile_impl calls the jit
# function first, and returns without running only under FLYDSL_COMPILE_ONLY): the buffer is incremented by
# the compile itself, once more by each call of what it returns; run=False and FLYDSL_COMPILE_ONLY=1 compile
# without running. What it returns is a flydsl.compiler.CompiledFunction.
import os

import flydsl.compiler as flyc
import flydsl.expr as fx
import torch


@flyc.kernel
def bump(o: fx.Tensor):
    i = fx.thread_idx.x
    o[i] = o[i] + 1


@flyc.jit
def run(o):
    bump(o).launch(grid=1, block=4)


o = torch.zeros(4, dtype=torch.int32, device="cuda")
c = flyc.compile(run, o)
print("after compile:", o.tolist(), type(c).__name__)
# FlyDSL's name for it: flydsl.compiler.CompiledFunction (also in flydsl.compiler.jit_function)
print(isinstance(c, flyc.CompiledFunction), flyc.CompiledFunction is flyc.jit_function.CompiledFunction)
c(o)
print("after one call:", o.tolist())
flyc.compile(run, o, run=False)
print("after compile(run=False):", o.tolist())
os.environ["FLYDSL_COMPILE_ONLY"] = "1"
flyc.compile(run, o)
print("after compile under FLYDSL_COMPILE_ONLY=1:", o.tolist())
del os.environ["FLYDSL_COMPILE_ONLY"]
flyc.compile[{"fast_fp_math": True}](run, o)
print("after compile[hints]:", o.tolist())

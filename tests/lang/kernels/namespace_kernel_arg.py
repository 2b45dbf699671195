# flyi: run
# A types.SimpleNamespace as a kernel argument (trace_struct_arg.c), as FlyDSL's protocol splits one: each
# attribute, in insertion order, is a parameter of its own (a tensor a tensor parameter, a number a scalar one,
# a nested namespace or struct in turn); the kernel sees a namespace of the same attribute names. The compile
# cache keys it by its attribute names and their values' keys, so new run-time values do not recompile.
from types import SimpleNamespace

import torch

import flydsl.compiler as flyc
import flydsl.expr as fx


@flyc.kernel
def axpy(ns: SimpleNamespace):
    tid = fx.thread_idx.x
    if tid < 8:
        ns.out[tid] = ns.x[tid] * ns.k.a + fx.Float32(ns.n)


@flyc.jit
def go(x: fx.Tensor, out: fx.Tensor, n: fx.Int32):
    bundle = SimpleNamespace(x=x, out=out, k=SimpleNamespace(a=fx.Float32(2.0)), n=n)
    axpy(bundle).launch(grid=1, block=64)


x = torch.arange(8, dtype=torch.float32, device="cuda")
out = torch.zeros(8, device="cuda")
before = flyc.cache_info()["misses"]
go(x, out, 1)
print(out.tolist())
go(x, out, 5)  # a new run-time value: no new compile
print(out.tolist(), flyc.cache_info()["misses"] - before)
sig = [l.strip() for l in go._last_compiled[1].source_ir.splitlines() if "gpu.func @axpy" in l][0]
print(sig.count("%arg"), sig.count("memref"), "f32" in sig, "i32" in sig)


@flyc.kernel
def names(ns: SimpleNamespace):
    print(list(vars(ns)), type(ns).__name__)  # at trace time
    fx.printf("a={} b={}", ns.a, ns.b)


@flyc.jit
def run_names(n: fx.Int32):
    names(SimpleNamespace(b=n, a=n + 1)).launch(grid=1, block=1)


run_names(3)


# an attribute that is no DSL value cannot be a kernel parameter
@flyc.jit
def bad():
    names(SimpleNamespace(s="text")).launch(grid=1, block=1)


try:
    bad()
except NotImplementedError as e:
    print("NotImplementedError:", e)

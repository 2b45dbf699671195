# flyi: run
# fx.struct values as kernel arguments (trace_struct_arg.c): each run-time field, a nested struct's too, is a
# kernel parameter of its own (a tensor field a tensor parameter), filled from that field at each launch;
# Constexpr fields are no parameters, specialise the kernel and are part of the compile-cache key. A host
# @flyc.jit parameter of struct type has a run-time value per field.
import torch

import flydsl.compiler as flyc
import flydsl.expr as fx


@fx.struct
class Scale:
    k: fx.Int32
    f: fx.Float32


@fx.struct
class Job:
    reps: fx.Constexpr[int]
    scale: Scale
    out: fx.Tensor


@flyc.kernel
def fill(job: Job):
    tid = fx.thread_idx.x
    acc = fx.Float32(0.0)
    for _ in fx.range_constexpr(job.reps):
        acc = acc + job.scale.f * fx.Float32(job.scale.k)
    if tid < 8:
        job.out[tid] = acc + fx.Float32(tid)


@flyc.jit
def go(k: fx.Int32, t: fx.Tensor, reps: fx.Constexpr[int]):
    fill(Job(reps, Scale(k, 0.5), t)).launch(grid=1, block=64)


t = torch.zeros(8, device="cuda")
before = flyc.cache_info()["misses"]
go(2, t, 3)
print(t.tolist())
go(4, t, 3)  # a new run-time value: no new compile
print(t.tolist(), flyc.cache_info()["misses"] - before)
go(4, t, 1)  # a new Constexpr value: a new kernel
print(t.tolist(), flyc.cache_info()["misses"] - before)
sig = [l.strip() for l in go._last_compiled[1].source_ir.splitlines() if "gpu.func @fill" in l][0]
print(sig.count("%arg"), "i32" in sig, "f32" in sig, "memref" in sig)


@flyc.jit
def host(s: Scale):
    _ = s.k + fx.Int32(1)


host(Scale(1, 2.0))
print([l.strip() for l in host._last_compiled[1].source_ir.splitlines() if "func.func" in l or "addi" in l])


# a struct value through scf.for / scf.if: its run-time fields are carried, its Constexpr field stays
@fx.struct
class Acc:
    s: fx.Float32
    n: fx.Int32
    tag: fx.Constexpr[str]


@flyc.kernel
def loop(m: fx.Int32):
    a = Acc(0.0, 0, "acc")
    for i in range(m):
        a = a.replace(s=a.s + 1.5, n=a.n + i)
    if m > 2:
        a = a.replace(n=a.n * 10)
    fx.printf("{} s={} n={} {}", a.tag, a.s, a.n, type(a).__name__)


@flyc.jit
def run_loop(m: fx.Int32):
    loop(m).launch(grid=1, block=1)


run_loop(4)


# a struct with a field that is no Storable cannot be allocated: FlyDSL's error names the field
@flyc.kernel
def no_layout():
    allocator = fx.SharedAllocator()
    try:
        allocator.allocate(fx.Struct["t": fx.Tensor])
    except TypeError as e:
        print("TypeError:", e)


@flyc.jit
def run_no_layout():
    no_layout().launch(grid=1, block=1)


run_no_layout()

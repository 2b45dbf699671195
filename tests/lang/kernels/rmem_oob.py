# flyi: run
# Register tensor (fx.make_rmem_tensor) accesses are bounds-checked on the emulator: an index past the
# tensor, near (a silent stack overwrite before) or far (a crash before), stops the launch with
# flyc.KernelError naming the kernel, block, thread and DSL line, in the kernels without barriers and
# in the three ways the emulator runs kernels that synchronise (phase loops, FLYI_EMU_CORO,
# FLYI_EMU_FIBERS); a static index outside it is an IndexError when traced. In-range accesses give the
# right values and the session goes on.
import os
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

@flyc.kernel
def kr(a: fx.Tensor, n: fx.Int32):
    r = fx.make_rmem_tensor(fx.make_layout(4, 1), fx.Float32)
    r.fill(0.0)
    r[fx.thread_idx.x * n] = 1.0
    a[fx.thread_idx.x] = r[0] + r[1]

@flyc.kernel
def kload(a: fx.Tensor, n: fx.Int32):
    r = fx.make_rmem_tensor(fx.make_layout(4, 1), fx.Float32)
    r.fill(2.0)
    a[fx.thread_idx.x] = r[n - fx.thread_idx.x]

@flyc.kernel
def ksync(a: fx.Tensor, n: fx.Int32, mode: fx.Constexpr[int]):
    r = fx.make_rmem_tensor(fx.make_layout(4, 1), fx.Float32)
    r.fill(0.0)
    a[fx.thread_idx.x] = 3.0
    fx.barrier()
    r[fx.thread_idx.x * n] = a[fx.thread_idx.x] + mode
    fx.barrier()
    a[fx.thread_idx.x] = r[0] + r[1]

@flyc.kernel
def kstatic(a: fx.Tensor, n: fx.Int32):
    r = fx.make_rmem_tensor(fx.make_layout(4, 1), fx.Float32)
    r[4] = 1.0                 # a static index: rejected when traced

@flyc.kernel
def kstatic_load(a: fx.Tensor, n: fx.Int32):
    r = fx.make_rmem_tensor(fx.make_layout(4, 1), fx.Float32)
    a[0] = r[-1]

@flyc.jit
def run(k, a, n):
    k(a, n).launch(grid=1, block=4)

@flyc.jit
def run_mode(a, n, mode: fx.Constexpr[int]):
    ksync(a, n, mode).launch(grid=1, block=4)

a = torch.zeros(4, device="cuda")
for k, bad, good in [(kr, 2, 1), (kr, 1 << 28, 0), (kload, 4, 3)]:
    try:
        run(k, a, bad)
    except flyc.KernelError as e:
        print(e)
    run(k, a, good)
    print(a.tolist())
for i, mode in enumerate(["", "FLYI_EMU_CORO", "FLYI_EMU_FIBERS"]):
    if mode:
        os.environ[mode] = "1"
    print(mode or "phase loops")
    for bad in [2, 1 << 28]:
        try:
            run_mode(a, bad, i)
        except flyc.KernelError as e:
            print(e)
    run_mode(a, 1, i)
    print(a.tolist())
    if mode:
        del os.environ[mode]
for k in [kstatic, kstatic_load]:
    try:
        run(k, a, 1)
    except IndexError as e:
        print(e)

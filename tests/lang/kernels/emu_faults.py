# flyi: run
# A fault in kernel code stops the launch with flyc.KernelError and the session goes on. An integer
# division or remainder by zero, or a signed MIN // -1, is caught by the emulator's check before the
# division (the CPU would trap) and names the kernel, block, thread and DSL line; any other trap (here
# a division with the checks off, FLYI_EMU_DIVCHECK=0) is caught by the signal safety net. Each kind
# in the kernels without barriers (one loop per block) and, through a barrier, in the
# three ways the emulator runs kernels that synchronise (phase loops, FLYI_EMU_CORO, FLYI_EMU_FIBERS);
# small grids run on the launching thread, larger ones on the worker pool.
import os
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

@flyc.kernel
def divide(a: fx.Tensor, n: fx.Int32):
    t = fx.thread_idx.x
    a[t] = 100 // (t - n)

@flyc.kernel
def modulo(a: fx.Tensor, n: fx.Int32):
    t = fx.block_idx.x * 4 + fx.thread_idx.x
    a[t] = 100 % (t - n)

@flyc.kernel
def overflow(a: fx.Tensor, n: fx.Int32):
    t = fx.thread_idx.x
    a[t] = (n - 2147483647 - 1 + t) // -1

@flyc.kernel
def divide64(a: fx.Tensor, n: fx.Int64):
    t = fx.thread_idx.x
    a[t] = fx.Int32(fx.Int64(7) // (n - 1))

@flyc.kernel
def trap(a: fx.Tensor, n: fx.Int32):
    t = fx.block_idx.x * 4 + fx.thread_idx.x
    a[t] = 1000 // (t - n) + 1

@flyc.kernel
def synced(a: fx.Tensor, n: fx.Int32, mode: fx.Constexpr[int]):
    t = fx.thread_idx.x
    a[t] = t + mode
    fx.barrier()
    a[t] = a[t] + 100 // (t - n)

@flyc.kernel
def synced_trap(a: fx.Tensor, n: fx.Int32, mode: fx.Constexpr[int]):
    t = fx.thread_idx.x
    a[t] = t + mode
    fx.barrier()
    a[t] = a[t] + 1000 // (n - t)

@flyc.jit
def run(k, a, n, grid: fx.Constexpr[int]):
    k(a, n).launch(grid=grid, block=4)

@flyc.jit
def run_mode(k, a, n, mode: fx.Constexpr[int]):
    k(a, n, mode).launch(grid=1, block=4)

def show(e):
    print(e)

def checks(on):
    os.environ["FLYI_EMU_DIVCHECK"] = "1" if on else "0"

kept = [1, 2, 3]
a = torch.zeros(128, dtype=torch.int32, device="cuda")
for k, t, bad, good, grid in [(divide, a, 2, 10, 1), (modulo, a, 70, 200, 32), (overflow, a, 0, 5, 1),
                              (divide64, a, 1, 8, 1), (trap, a, 1, 200, 1), (trap, a, 100, 200, 32)]:
    checks(k is not trap)
    try:
        run(k, t, bad, grid)
    except flyc.KernelError as e:
        show(e)
    run(k, t, good, grid)
    print(t[:4].tolist(), t[grid * 4 - 1].item())
checks(True)

for i, mode in enumerate(["", "FLYI_EMU_CORO", "FLYI_EMU_FIBERS"]):
    if mode:
        os.environ[mode] = "1"
    print(mode or "phase loops")
    for k, t, bad, good in [(synced, a, 3, 10), (synced_trap, a, 1, 10)]:
        checks(k is synced)
        try:
            run_mode(k, t, bad, i)
        except flyc.KernelError as e:
            show(e)
        run_mode(k, t, good, i)
        print(t[:4].tolist())
    checks(True)
    if mode:
        del os.environ[mode]
print(kept)

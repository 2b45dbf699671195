# flyi: run
# The kernel's workgroup size: a launch with a static block compiles the kernel for exactly that block
# (the origin IR's known_block_size, the code object's maximum flat workgroup size), so 512- and
# 1024-thread blocks work and each block size is a compile of its own; @flyc.kernel(known_block_size=...)
# declares the block, and a launch with another block is an error.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

@flyc.kernel
def ids(A: fx.Tensor):
    i = fx.block_idx.x * fx.block_dim.x + fx.thread_idx.x
    A[i] = fx.thread_idx.x

@flyc.jit
def run(a, threads: fx.Constexpr[int]):
    ids(a).launch(grid=a.shape[0] // threads, block=threads)

a = torch.zeros(2048, dtype=torch.int32, device="cuda")
for threads in (64, 512, 1024):
    run(a, threads)
    k = flyc.last_compiled()
    attr = ("known_block_size = array<i32: %d, 1, 1>" % threads) in k.ir(0)
    print(threads, k.stats["max_workgroup_size"], attr, a[threads - 2 : threads + 2].tolist())

@flyc.kernel(known_block_size=[256, 1, 1])
def fixed(A: fx.Tensor):
    A[fx.block_idx.x * 256 + fx.thread_idx.x] = 7

@flyc.jit
def run_fixed(a, threads: fx.Constexpr[int]):
    fixed(a).launch(grid=a.shape[0] // threads, block=threads)

run_fixed(a, 256)
print(flyc.last_compiled().stats["max_workgroup_size"], a[:2].tolist(), a[-2:].tolist())
try:
    run_fixed(a, 128)
except ValueError as e:
    print("ValueError:", e)
for bad in ([0, 1, 1], [64, 1], "64", [64, 32, 1], [64.0, 1, 1]):
    try:
        flyc.kernel(known_block_size=bad)
    except (TypeError, ValueError) as e:
        print(type(e).__name__ + ":", e)

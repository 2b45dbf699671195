# flyi: run
# fx.SharedAllocator(static=False): FlyDSL's dynamic placement. The allocator takes one fly.get_dyn_shared base
# pointer where it is made; allocate(T) hands out byte offsets into it (an @fx.struct's fields at theirs,
# allocate(n) raw bytes at base_alignment), there is no fly.make_ptr, base_ptr is that shared pointer, and a launch
# without smem= gets allocated_bytes of dynamic LDS (the source IR's gpu.launch_func says so). The kernel reads back
# through the base pointer what it wrote through the struct's arrays; the static allocator's placement is printed too.
import re

import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

N = 32

@fx.struct
class Tiles:
    head: fx.Int32
    a: fx.Array[fx.Float32, N, 16]
    b: fx.Array[fx.Float32, N, 16]

@flyc.kernel
def dyn_k(x: fx.Tensor, out: fx.Tensor):
    t = fx.thread_idx.x
    allocator = fx.SharedAllocator(static=False)
    lds = allocator.allocate(Tiles).peek()
    allocator.allocate(64)
    print("dynamic:", allocator.is_static, allocator.allocated_bytes,
          allocator.base_ptr.address_space == fx.AddressSpace.Shared, allocator.base_ptr is allocator.base_ptr)
    a = lds.a.view(fx.make_layout(N, 1))
    b = lds.b.view(fx.make_layout(N, 1))
    a[t] = x[t]
    b[t] = x[t] * 2.0
    if t == 0:
        lds.head = 7
    fx.barrier()
    whole = fx.recast_iter(fx.Float32, allocator.base_ptr)
    out[t] = a[N - 1 - t] + b[t] + whole[4 + t] + lds.head.to(fx.Float32)

@flyc.kernel
def static_k(out: fx.Tensor):
    t = fx.thread_idx.x
    lds = fx.SharedAllocator().allocate(Tiles).peek()
    a = lds.a.view(fx.make_layout(N, 1))
    a[t] = t * 1.0
    fx.barrier()
    out[t] = a[N - 1 - t]

@flyc.jit
def run(x, out):
    dyn_k(x, out).launch(grid=1, block=N)

@flyc.jit
def run_static(out):
    static_k(out).launch(grid=1, block=N)

def show(ir):
    for line in ir.splitlines():
        if "fly.get_dyn_shared" in line or "fly.make_ptr" in line or "dynamic_shared_memory" in line:
            print(" ", re.sub(r" loc\(.*\)$", "", line.strip()))

x = torch.arange(N, dtype=torch.float32, device="cuda")
out = torch.zeros(N, dtype=torch.float32, device="cuda")
run(x, out)
show(run._last_compiled[1].source_ir)
print(out.tolist())
run_static(out)
show(run_static._last_compiled[1].source_ir)
print(out.tolist())

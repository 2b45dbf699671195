# flyi: run
# fx.union and nested fx.struct (trace_smem.c): sizes and alignments as C lays them out, a union's members
# sharing one LDS allocation (a write through one member read back through another), a nested struct's
# arrays, .ptr of an LDS array (make_view, pointer arithmetic, recast_iter), attributes assigned to a
# Storage (lds.buf = lds.buf.peek()), and the errors: a union has no value form and no peek.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

@fx.struct
class Bufs:
    ping: fx.Array[fx.Float32, 64, 16]
    pong: fx.Array[fx.Float32, 64, 16]

@fx.union
class Shared:
    ids: fx.Array[fx.Int32, 32, 16]
    gemm: Bufs
    raw: fx.Array[fx.Int8, 8]

@fx.struct
class Outer:
    flag: fx.Int8
    inner: Bufs
    u: Shared
    tail: fx.Int16

@fx.union
class Small:
    a: fx.Int8
    b: fx.Int16
    c: fx.Array[fx.Int8, 5]

for t in (Bufs, Shared, Outer, Small):
    print(t, t.size_in_bytes, t.alignment, t.is_union, fx.is_struct_type(t), fx.is_composite_type(t))
print(fx.Union is fx.union)
try:
    Shared()
except TypeError as e:
    print("TypeError:", e)

@flyc.kernel
def k(a: fx.Tensor, out: fx.Tensor):
    t = fx.thread_idx.x
    lds = fx.SharedAllocator().allocate(Shared)
    lds.ids = lds.ids.peek()
    lds.gemm = lds.gemm.peek()
    # the float bits of a through the union's Float32 member, read back as Int32 through ids
    ping = fx.make_view(lds.gemm.ping.ptr, fx.make_layout(64, 1))
    ping[t] = a[t]
    fx.barrier()
    ids = fx.make_view(lds.ids.ptr + 16, fx.make_layout(16, 1))
    if t < 16:
        out[t] = ids[t]
    fx.barrier()
    # pong starts 256 bytes in: Float32 element 64 of the union's storage
    pong = lds.gemm.pong.view(fx.make_layout(64, 1))
    pong[t] = a[t] * 2.0
    fx.barrier()
    whole = fx.make_view(fx.recast_iter(fx.Int32, lds.gemm.ping.ptr), fx.make_layout(128, 1))
    if t < 16:
        out[16 + t] = whole[64 + t]

@flyc.kernel
def k2(out: fx.Tensor):
    t = fx.thread_idx.x
    s = fx.SharedAllocator().allocate(Outer)
    inner = s.inner.peek()
    inner.ping[t] = fx.Float32(t)
    inner.pong[t] = fx.Float32(100 + t)
    u = s.u.gemm.peek()
    u.ping[t] = fx.Float32(1000 + t)
    fx.barrier()
    out[t] = fx.Int32(inner.ping[t] + inner.pong[t]) + fx.Int32(s.u.gemm.peek().ping[t])

@flyc.jit
def run(a, out):
    k(a, out).launch(grid=1, block=64)

@flyc.jit
def run2(out):
    k2(out).launch(grid=1, block=64)

a = torch.arange(64, dtype=torch.float32, device="cuda") + 0.5
out = torch.zeros(32, dtype=torch.int32, device="cuda")
run(a, out)
bits = a.view(torch.int32)
print(out[:16].tolist() == bits[16:32].tolist(), out[16:].tolist() == (a * 2).view(torch.int32)[:16].tolist())
out2 = torch.zeros(64, dtype=torch.int32, device="cuda")
run2(out2)
print(out2[:4].tolist(), out2[63].item())

@flyc.kernel
def bad(out: fx.Tensor):
    fx.SharedAllocator().allocate(Shared).peek()

@flyc.jit
def runbad(out):
    bad(out).launch(grid=1, block=64)

try:
    runbad(out2)
except NotImplementedError as e:
    print("NotImplementedError:", e)

# flyi: run
# LDS (trace_smem.c): an @fx.struct with an fx.Array field allocated by fx.SharedAllocator, viewed as a
# shared tensor; a 256-thread block tree reduction with fx.barrier over several blocks, checked against
# a float64 reference; the ISA uses ds_ (LDS) instructions; the traced IR places the array by fly.make_ptr {allocBytes}.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

N = 256

@fx.struct
class SharedStorage:
    count: fx.Int32
    s_red: fx.Array[fx.Float32, N]

@flyc.kernel
def block_sum(a: fx.Tensor, out: fx.Tensor):
    lds = fx.SharedAllocator().allocate(SharedStorage).peek()
    s = lds.s_red.view(fx.make_layout(N, 1))
    t = fx.thread_idx.x
    b = fx.block_idx.x
    s[t] = a[b * N + t]
    fx.barrier()
    for k in fx.range_constexpr(8):
        h = N >> (k + 1)
        if t < h:
            s[t] = s[t] + s[t + h]
        fx.barrier()
    if t == 0:
        out[b] = s[0]

@flyc.jit
def run(a, out):
    block_sum(a, out).launch(grid=8, block=N)

print(SharedStorage, SharedStorage.size_in_bytes, SharedStorage.alignment)
a = torch.rand(8 * N, device="cuda")
out = torch.zeros(8, device="cuda")
run(a, out)
ref = a.cpu().double().reshape(8, N).sum(1).tolist()
got = out.tolist()
print("lds tree reduction, 8 blocks", "PASS" if all(abs(g - r) < 1e-4 * abs(r) for g, r in zip(got, ref)) else "FAIL")
k = flyc.compile(run, a, out)
isa = k.isa
print("ds_write" in isa or "ds_store" in isa, "ds_read" in isa or "ds_load" in isa)
print("fly.make_ptr" in k.ir(0), "allocBytes = 1024" in k.ir(0))

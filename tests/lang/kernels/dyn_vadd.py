# flyi: run
# Dynamic tensor layouts (FlyDSL's ? leaves), 1-D: flyc.from_dlpack(t) keeps a static layout (the
# kernel and the cache key hold the shape); with .mark_layout_dynamic() the extent is ? (Int32), so
# logical_divide by a static tile gives (64,?):(1,64), slicing a tile gives 64:1, and one compiled
# kernel serves every size (one compile, then cache hits); fx.size gives an Int32 loop bound.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

BLOCK = 64

def dyn(t, **kw):
    return flyc.from_dlpack(t).mark_layout_dynamic(**kw)

@flyc.kernel
def vadd(A: fx.Tensor, B: fx.Tensor, C: fx.Tensor):
    print(A)
    bid = fx.block_idx.x
    tid = fx.thread_idx.x
    tA = fx.logical_divide(A, fx.make_layout(BLOCK, 1))
    tB = fx.logical_divide(B, fx.make_layout(BLOCK, 1))
    tC = fx.logical_divide(C, fx.make_layout(BLOCK, 1))
    print(tA)
    bA = tA[None, bid]
    print(bA)
    tC[None, bid][tid] = bA[tid] + tB[None, bid][tid]

@flyc.jit
def add(a, b, c):
    vadd(a, b, c).launch(grid=a.shape[0] // BLOCK, block=BLOCK)

torch.manual_seed(0)
for n in (256, 1024, 512):
    a = torch.randn(n, device="cuda")
    b = torch.randn(n, device="cuda")
    c = torch.zeros(n, device="cuda")
    add(dyn(a), dyn(b), dyn(c))
    print("vadd", n, "PASS" if torch.allclose(c, a + b) else "FAIL")
info = flyc.cache_info()
print("kernels compiled", info["misses"] + info.get("disk_hits", 0), "reused", info["hits"])

# the static default: the layout is part of the kernel (and of the cache key)
print(flyc.from_dlpack(torch.zeros(128, device="cuda")), flyc.from_dlpack(torch.zeros(24, 120, device="cuda")))
a = torch.randn(128, device="cuda")
c = torch.zeros(128, device="cuda")
add(flyc.from_dlpack(a), flyc.from_dlpack(a), flyc.from_torch_tensor(c))
info = flyc.cache_info()
print("static vadd", "PASS" if torch.allclose(c, a + a) else "FAIL", info["misses"] + info.get("disk_hits", 0))


# fx.size of a dynamic tensor is read in the kernel: get_scalar gives an Int32 loop bound
@flyc.kernel
def inc(A: fx.Tensor):
    n = fx.get_scalar(fx.size(A))
    print(fx.size(A), n, n.dtype)
    for i in range(fx.thread_idx.x, n, 64):
        A[i] = A[i] + 1.0

@flyc.jit
def run_inc(a):
    inc(a).launch(grid=1, block=64)

for n in (100, 300):
    a = torch.arange(n, dtype=torch.float32, device="cuda")
    run_inc(dyn(a))
    print("inc", n, "PASS" if torch.equal(a, torch.arange(n, dtype=torch.float32, device="cuda") + 1) else "FAIL")

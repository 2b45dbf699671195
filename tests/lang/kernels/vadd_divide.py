# flyi: run
# FlyDSL-style vector add: the tensors divided by the block size with fx.logical_divide, the block's
# tile picked with t[None, bid], register tensors with make_rmem_tensor + load()/store(), Vector
# arithmetic, and a trace-time print of the sliced tensor.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

BLOCK = 64

@flyc.kernel
def vadd(A: fx.Tensor, B: fx.Tensor, C: fx.Tensor):
    bid = fx.block_idx.x
    tid = fx.thread_idx.x
    tA = fx.logical_divide(A, fx.make_layout(BLOCK, 1))
    tB = fx.logical_divide(B, fx.make_layout(BLOCK, 1))
    tC = fx.logical_divide(C, fx.make_layout(BLOCK, 1))
    print(tA)
    bA = tA[None, bid]
    bB = tB[None, bid]
    bC = tC[None, bid]
    print(bA)
    rA = fx.make_rmem_tensor(1, fx.Float32)
    rA[0] = bA[tid]
    rB = fx.make_rmem_tensor(1, fx.Float32)
    rB[0] = bB[tid]
    v = rA.load() + rB.load()
    rC = fx.make_rmem_tensor(1, fx.Float32)
    rC.store(v)
    bC[tid] = rC[0]

@flyc.jit
def add(a, b, c):
    vadd(a, b, c).launch(grid=a.shape[0] // BLOCK, block=BLOCK)

torch.manual_seed(0)
a = torch.randn(512, device="cuda")
b = torch.randn(512, device="cuda")
c = torch.empty(512, device="cuda")
add(a, b, c)
print("vadd", "PASS" if torch.allclose(c, a + b) else "FAIL")

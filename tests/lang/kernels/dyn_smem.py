# flyi: run
# Dynamic shared memory: fx.get_dyn_shared(dtype) points at the LDS the launch sizes with smem= (placed
# after any static LDS); a block reverses its slice of the input through it, a second kernel uses the
# raw Int8 pointer recast with fx.recast_iter next to a static SharedAllocator array, and an access past
# the smem= bytes follows the hardware (dropped, reads 0) or, with FLYI_EMU_LDS_CHECK=1, is an LDS error.
import os

import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

N = 64

@flyc.kernel
def reverse_block(a: fx.Tensor, out: fx.Tensor):
    t = fx.thread_idx.x
    b = fx.block_idx.x
    lds = fx.get_dyn_shared(fx.Float32).view(fx.make_layout(N, 1))
    lds[t] = a[b * N + t]
    fx.barrier()
    out[b * N + t] = lds[N - 1 - t]

@flyc.jit
def run_reverse(a, out, blocks: fx.Constexpr):
    reverse_block(a, out).launch(grid=blocks, block=N, smem=N * 4)

@fx.struct
class Side:
    tag: fx.Array[fx.Int32, 4]

@flyc.kernel
def mixed(a: fx.Tensor, out: fx.Tensor):
    t = fx.thread_idx.x
    side = fx.SharedAllocator().allocate(Side).peek()
    tags = side.tag.view(fx.make_layout(4, 1))
    raw = fx.get_dyn_shared()
    vals = fx.recast_iter(fx.Int32, raw).view(fx.make_layout(32, 1))
    vals[t] = a[t] * 3
    if t < 4:
        tags[t] = t + 100
    fx.barrier()
    out[t] = vals[(t + 1) % 32] + tags[t % 4]

@flyc.jit
def run_mixed(a, out):
    mixed(a, out).launch(grid=1, block=32, smem=32 * 4)

@flyc.kernel
def overrun(out: fx.Tensor):
    t = fx.thread_idx.x
    lds = fx.get_dyn_shared(fx.Float32).view(fx.make_layout(64, 1))
    lds[t] = 1.0
    out[t] = lds[t]

@flyc.jit
def run_overrun(out, nbytes: fx.Constexpr):
    overrun(out).launch(grid=1, block=64, smem=nbytes)

a = torch.randn(3 * N, device="cuda")
o = torch.zeros(3 * N, device="cuda")
run_reverse(a, o, 3)
torch.cuda.synchronize()
al, ol = a.cpu().tolist(), o.cpu().tolist()
ref = [al[b * N + N - 1 - t] for b in range(3) for t in range(N)]
print("dynamic LDS reverse", "PASS" if ol == ref else "FAIL")

ai = torch.arange(32, dtype=torch.int32, device="cuda")
oi = torch.zeros(32, dtype=torch.int32, device="cuda")
run_mixed(ai, oi)
torch.cuda.synchronize()
exp = [((t + 1) % 32) * 3 + 100 + t % 4 for t in range(32)]
print("recast raw pointer + static LDS", "PASS" if oi.cpu().tolist() == exp else "FAIL")

of = torch.zeros(64, device="cuda")
run_overrun(of, 256)
print("smem=256 in bounds", "PASS" if of.cpu().sum().item() == 64.0 else "FAIL")
of.zero_()
run_overrun(of, 128)   # by default the hardware's rule: threads 32.. store past the 128 bytes (dropped), read 0
print("smem=128 overrun, the hardware's rule:", of.cpu().tolist() == [1.0] * 32 + [0.0] * 32)
os.putenv("FLYI_EMU_LDS_CHECK", "1")
try:
    run_overrun(of, 128)
    print("no error: FAIL")
except flyc.KernelError as e:
    print("smem=128 overrun with FLYI_EMU_LDS_CHECK=1:", "LDS" in str(e))
os.putenv("FLYI_EMU_LDS_CHECK", "0")

# flyi: run
# A barrier directly followed by a cross-lane operation in blocks of several waves (the softmax /
# norm block-reduction shape). The emulator's phase loops once lost the shuffle's suspension when
# the barrier split the same block ("Basic Block ... does not have terminator"); checked against
# float64 references for 64, 128 and 256 threads per block.
import flydsl.compiler as flyc
import flydsl.expr as fx
from flydsl.expr import gpu
import torch

@flyc.kernel
def pair_sum(src: fx.Tensor, dst: fx.Tensor):
    i = fx.block_idx.x * fx.block_dim.x + fx.thread_idx.x
    x = src[i]
    gpu.barrier()
    y = x + x.shuffle_xor(1, 64)
    gpu.barrier()
    z = y + fx.shuffle_xor(y, 2, 64)
    dst[i] = z

@flyc.jit
def run(src, dst, threads: fx.Constexpr[int]):
    pair_sum(src, dst).launch(grid=src.shape[0] // threads, block=threads)

torch.manual_seed(3)
for threads in (64, 128, 256):
    src = torch.randn(1024, device="cuda")
    dst = torch.zeros(1024, device="cuda")
    run(src, dst, threads)
    ref = src.double().reshape(-1, 4).sum(dim=1, keepdim=True).expand(-1, 4).reshape(-1)
    print(threads, "PASS" if torch.allclose(dst.double(), ref, atol=1e-5) else "FAIL")

# flyi: run
# The authoring reference, section 3 "basic pattern" and "thread/block hierarchy": a kernel with
# Tensor and Constexpr parameters launched from a @flyc.jit with a default fx.Stream(None), the
# current gpu.thread_id("x") / gpu.block_id("x") spellings next to the legacy gpu.thread_idx.x,
# gpu.block_dim / gpu.grid_dim, gpu.barrier(), and device printf.
import flydsl.compiler as flyc
import flydsl.expr as fx
from flydsl.expr import const_expr, gpu, range_constexpr, rocdl
import torch


@flyc.kernel
def scale2(A: fx.Tensor, B: fx.Tensor, N: fx.Constexpr[int]):
    tid = gpu.thread_id("x")
    bid = gpu.block_id("x")
    i = bid * 256 + tid
    B[i] = A[i] * 2.0


@flyc.jit
def launch(A: fx.Tensor, B: fx.Tensor, N: fx.Constexpr[int], stream: fx.Stream = fx.Stream(None)):
    scale2(A, B, N).launch(grid=(N // 256,), block=(256,), stream=stream)


A = torch.arange(1024, dtype=torch.float32).cuda() - 512.0
B = torch.empty(1024, device="cuda", dtype=torch.float32)
launch(A, B, 1024)
print(torch.equal(B, A * 2), B[0].item(), B[1023].item())


@flyc.kernel
def ids(out: fx.Tensor):
    tid_x = gpu.thread_id("x")
    bid_x = gpu.block_id("x")
    bid_y = gpu.block_id("y")
    legacy_t = gpu.thread_idx.x
    legacy_b = gpu.block_idx.x
    gpu.barrier()
    flat = (bid_y * gpu.grid_dim.x + bid_x) * gpu.block_dim.x + tid_x
    out[flat] = fx.Int32(legacy_t + legacy_b * 10 + bid_y * 100)


@flyc.jit
def run_ids(out: fx.Tensor):
    ids(out).launch(grid=(2, 3, 1), block=(4, 1, 1))


o = torch.zeros(24, dtype=torch.int32).cuda()
run_ids(o)
print(o.tolist())


@flyc.kernel
def show(value: fx.Float32, n: fx.Int32):
    tid = gpu.thread_id("x")
    bid = gpu.block_id("x")
    fx.printf("tid={} bid={} val={} n={}", tid, bid, value, n)


@flyc.jit
def run_show(v: fx.Float32, n: fx.Int32):
    show(v, n).launch(grid=(2,), block=(2,))


run_show(0.5, 7)

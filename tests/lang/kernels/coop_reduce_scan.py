# flyi: run
# fx.coop: warp_reduce over the wave and over 16-lane groups, the warp scans (inclusive, exclusive
# with op's identity in lane 0, init folded in front, the group aggregate), BlockReduce with both
# implemented algorithms and BlockScan over a 256-thread block (4 waves), with scalars and with a
# Vector of two items per thread; checked against Python references.
import flydsl.compiler as flyc
import flydsl.expr as fx
from flydsl.expr import gpu
import torch

ADD, MAX, MIN, MUL = fx.ReductionOp.ADD, fx.ReductionOp.MAX, fx.ReductionOp.MIN, fx.ReductionOp.MUL


@flyc.kernel
def warp_k(a: fx.Tensor, out: fx.Tensor):
    t = gpu.thread_id("x")
    v = a[t]
    out[0 * 64 + t] = fx.coop.warp_reduce(v, ADD)
    out[1 * 64 + t] = fx.coop.warp_reduce(v, MAX, width=16)
    out[2 * 64 + t] = fx.coop.warp_inclusive_scan(v, ADD)
    out[3 * 64 + t] = fx.coop.warp_exclusive_scan(v, MIN, width=8)
    inc, exc, agg = fx.coop.warp_scan_with_aggregate(v, ADD, width=32, init=fx.Float32(100.0))
    out[4 * 64 + t] = inc
    out[5 * 64 + t] = exc
    out[6 * 64 + t] = agg


@flyc.jit
def run_warp(a: fx.Tensor, out: fx.Tensor):
    warp_k(a, out).launch(grid=(1,), block=(64,))


vals = [float((i * 37) % 23 - 11) for i in range(64)]
a = torch.tensor(vals).cuda()
o = torch.zeros(7 * 64).cuda()
run_warp(a, o)
got = o.tolist()


def groups(w):
    return [vals[g:g + w] for g in range(0, 64, w)]


ref = [sum(vals)] * 64
ref += [max(g) for g in groups(16) for _ in g]
ref += [sum(vals[:i + 1]) for i in range(64)]
ref += [min(g[:k]) if k else float("inf") for g in groups(8) for k in range(8)]
ref += [100.0 + sum(g[:k + 1]) for g in groups(32) for k in range(32)]
ref += [100.0 + sum(g[:k]) for g in groups(32) for k in range(32)]
ref += [sum(g) for g in groups(32) for _ in g]
for r in range(7):
    print("warp row", r, got[r * 64:(r + 1) * 64] == ref[r * 64:(r + 1) * 64])
print(got[3 * 64:3 * 64 + 8])

BR = fx.coop.BlockReduce[fx.Int32, 256]
BRR = fx.coop.BlockReduce[fx.Int32, 256, fx.coop.BlockReduceAlgorithm.RAKING]
BS = fx.coop.BlockScan[fx.Int32, 256]


@flyc.kernel(known_block_size=(256, 1, 1))
def block_k(a: fx.Tensor, out: fx.Tensor):
    t = gpu.thread_id("x")
    v = a[t]
    alloc = fx.SharedAllocator()
    s1 = alloc.allocate(BR.SharedStorage).peek()
    s2 = alloc.allocate(BRR.SharedStorage).peek()
    s3 = alloc.allocate(BS.SharedStorage).peek()
    out[0 * 256 + t] = BR(v, ADD, storage=s1)
    out[1 * 256 + t] = BRR(v, MAX, storage=s2)
    out[2 * 256 + t] = BS.inclusive(v, ADD, storage=s3)
    gpu.barrier()
    ex, agg = BS.exclusive_with_aggregate(v, ADD, storage=s3, init=fx.Int32(1000))
    out[3 * 256 + t] = ex
    out[4 * 256 + t] = agg
    gpu.barrier()
    pair = fx.Vector.from_elements([v, v + 1], fx.Int32)
    sc = BS.inclusive(pair, ADD, storage=s3)
    out[5 * 256 + t] = sc[1]
    gpu.barrier()
    out[6 * 256 + t] = BR(pair, MIN, storage=s1)
    kb = fx.known_block_size()
    out[7 * 256 + t] = fx.Int32(kb[0] + kb[1] + kb[2])


@flyc.jit
def run_block(a: fx.Tensor, out: fx.Tensor):
    block_k(a, out).launch(grid=(1,), block=(256,))


iv = [(i * 53) % 41 - 20 for i in range(256)]
ai = torch.tensor(iv, dtype=torch.int32).cuda()
oi = torch.zeros(8 * 256, dtype=torch.int32).cuda()
run_block(ai, oi)
g = oi.tolist()
pairs = [x for v in iv for x in (v, v + 1)]
bref = [sum(iv)] * 256 + [max(iv)] * 256 + [sum(iv[:i + 1]) for i in range(256)]
bref += [1000 + sum(iv[:i]) for i in range(256)] + [sum(iv)] * 256
bref += [sum(pairs[:2 * i + 2]) for i in range(256)] + [min(pairs)] * 256 + [258] * 256
for r in range(8):
    print("block row", r, g[r * 256:(r + 1) * 256] == bref[r * 256:(r + 1) * 256])
print(g[0], g[256], g[3 * 256:3 * 256 + 4], g[5 * 256 + 255])
print(BR, BR.SharedStorage, BR.num_warps, BS.warp_threads)
for bad in ((fx.Int32, 96), (fx.Int32, (4, 4)), (fx.Int32, 64, fx.coop.BlockScanAlgorithm.RAKING)):
    try:
        fx.coop.BlockReduce[bad]
    except (TypeError, ValueError, NotImplementedError) as e:
        print(type(e).__name__ + ":", e)
try:
    fx.coop.BlockScan[fx.Int32, 64, fx.coop.BlockScanAlgorithm.RAKING]
except NotImplementedError as e:
    print("NotImplementedError:", e)

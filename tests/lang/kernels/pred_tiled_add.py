# flyi: run
# FlyDSL example 01 (older revisions): a predicated 2-D tiled add. A coordinate tensor made in the kernel is
# tiled and partitioned like the data with traced block and thread indices; each thread's predicate
# (fx.elem_less of its coordinates against (M, N)) guards 128-bit universal copies, so the blocks that hang
# over the 100x1000 edge never touch memory outside the tensors. The TiledCopy built in the jit function is
# a kernel argument (annotated fx.TiledCopy): it specialises the kernel.
import torch

import flydsl.compiler as flyc
import flydsl.expr as fx


@flyc.kernel
def tiled_add_kernel(A: fx.Tensor, B: fx.Tensor, C: fx.Tensor, tiled_copy: fx.TiledCopy):
    tid = fx.thread_idx.x
    bid_x, bid_y = fx.block_idx.x, fx.block_idx.y

    M, N = A.shape.unpack()
    idC = fx.make_view((0, 0), fx.make_identity_layout((M, N)))   # element (m, n) is the coordinate (m, n)
    TileMN = tiled_copy.tile_mn

    gA = fx.flat_divide(A, TileMN)[None, None, bid_x, bid_y]
    gB = fx.flat_divide(B, TileMN)[None, None, bid_x, bid_y]
    gC = fx.flat_divide(C, TileMN)[None, None, bid_x, bid_y]
    cC = fx.flat_divide(idC, TileMN)[None, None, bid_x, bid_y]

    thr_copy = tiled_copy.get_slice(tid)
    thr_gA = thr_copy.partition_S(gA)
    thr_gB = thr_copy.partition_S(gB)
    thr_gC = thr_copy.partition_D(gC)
    thr_cC = thr_copy.partition_S(cC)
    print("coords:", idC, cC, thr_cC)
    print("data:", thr_gA)

    thr_rA = fx.make_fragment_like(thr_gA)
    thr_rB = fx.make_fragment_like(thr_gB)
    thr_rC = fx.make_fragment_like(thr_gC)
    thr_pC = fx.make_fragment_like(thr_cC, dtype=fx.Boolean)
    print("predicate:", thr_pC)

    for a in fx.range_constexpr(fx.size(thr_pC.shape).unpack()):
        thr_pC[a] = fx.elem_less(thr_cC[a], (M, N))

    copy_atom = fx.make_copy_atom(fx.UniversalCopy128b(), fx.Float32)
    fx.copy(copy_atom, thr_gA, thr_rA, pred=thr_pC)
    fx.copy(copy_atom, thr_gB, thr_rB, pred=thr_pC)
    thr_rC.store(thr_rA.load() + thr_rB.load())
    fx.copy(copy_atom, thr_rC, thr_gC, pred=thr_pC)


@flyc.jit
def tiled_add(A: fx.Tensor, B: fx.Tensor, C: fx.Tensor, stream: fx.Stream = fx.Stream(None)):
    copy_atom = fx.make_copy_atom(fx.UniversalCopy128b(), fx.Float32)
    tiled_copy = fx.make_tiled_copy_tv(
        copy_atom,
        fx.make_ordered_layout((8, 16), order=(1, 0)),
        fx.make_ordered_layout((1, 4), order=(0, 1)),
    )
    tile_m, tile_n = tiled_copy.tile_mn.unpack()
    M, N = A.shape[0], A.shape[1]
    grid = ((M + tile_m - 1) // tile_m, (N + tile_n - 1) // tile_n, 1)
    tiled_add_kernel(A, B, C, tiled_copy).launch(grid=grid, block=(8 * 16, 1, 1), stream=stream)


torch.manual_seed(1)
M, N = 100, 1000
A = torch.randn(M, N, dtype=torch.float32, device="cuda")
B = torch.randn(M, N, dtype=torch.float32, device="cuda")
C = torch.zeros(M, N, dtype=torch.float32, device="cuda")
tiled_add(A, B, C)
torch.cuda.synchronize()
ref = A.cpu().double() + B.cpu().double()
print("predicated tiled add 100x1000:", "PASS" if torch.allclose(C.cpu().double(), ref) else "FAIL")

# A second launch with another stream hits the compile cache (same shapes, an equal TiledCopy).
info = flyc.cache_info()
C2 = torch.zeros(M, N, dtype=torch.float32, device="cuda")
tiled_add(A, B, C2, stream=torch.cuda.Stream())
print("second launch:", "PASS" if torch.equal(C2, C) else "FAIL", flyc.cache_info()["hits"] - info["hits"], "cache hit")

# flyi: run
# Predicated copies, more shapes: one predicate per atom invocation (partition_S(cC)[(0, None), None, None])
# with 32-bit and 128-bit atoms, a 1-D predicated add over a length that is not a multiple of the tile, and a
# predicate against bounds that are kernel parameters (an identity layout with traced extents).
import torch

import flydsl.compiler as flyc
import flydsl.expr as fx


@flyc.kernel
def add_per_atom(A: fx.Tensor, B: fx.Tensor, C: fx.Tensor, tiled_copy: fx.TiledCopy, bits: fx.Constexpr[int]):
    tid = fx.thread_idx.x
    bid_x, bid_y = fx.block_idx.x, fx.block_idx.y
    M, N = A.shape.unpack()
    idC = fx.make_view((0, 0), fx.make_identity_layout((M, N)))
    TileMN = tiled_copy.tile_mn
    gA = fx.flat_divide(A, TileMN)[None, None, bid_x, bid_y]
    gB = fx.flat_divide(B, TileMN)[None, None, bid_x, bid_y]
    gC = fx.flat_divide(C, TileMN)[None, None, bid_x, bid_y]
    cC = fx.flat_divide(idC, TileMN)[None, None, bid_x, bid_y]
    thr_copy = tiled_copy.get_slice(tid)
    thr_gA = thr_copy.partition_S(gA)
    thr_gB = thr_copy.partition_S(gB)
    thr_gC = thr_copy.partition_D(gC)
    thr_cC = thr_copy.partition_S(cC)[(0, None), None, None]   # the first coordinate of each atom
    thr_rA = fx.make_fragment_like(thr_gA)
    thr_rB = fx.make_fragment_like(thr_gB)
    thr_rC = fx.make_fragment_like(thr_gC)
    thr_pC = fx.make_fragment_like(thr_cC, dtype=fx.Boolean)
    print(bits, "bits:", thr_gA, thr_cC, thr_pC)
    for a in fx.range_constexpr(fx.size(thr_pC.shape).unpack()):
        thr_pC[a] = fx.elem_less(thr_cC[a], (M, N))
    copy_atom = fx.make_copy_atom(fx.UniversalCopy(bits), fx.Float32)
    fx.copy(copy_atom, thr_gA, thr_rA, pred=thr_pC)
    fx.copy(copy_atom, thr_gB, thr_rB, pred=thr_pC)
    thr_rC.store(thr_rA.load() + thr_rB.load())
    fx.copy(copy_atom, thr_rC, thr_gC, pred=thr_pC)


@flyc.jit
def run2d(A, B, C, bits: fx.Constexpr[int]):
    copy_atom = fx.make_copy_atom(fx.UniversalCopy(bits), fx.Float32)
    tiled_copy = fx.make_tiled_copy_tv(copy_atom, fx.make_ordered_layout((8, 16), order=(1, 0)),
                                       fx.make_ordered_layout((1, 4), order=(0, 1)))
    tile_m, tile_n = tiled_copy.tile_mn.unpack()
    grid = ((A.shape[0] + tile_m - 1) // tile_m, (A.shape[1] + tile_n - 1) // tile_n, 1)
    add_per_atom(A, B, C, tiled_copy, bits).launch(grid=grid, block=(128, 1, 1))


torch.manual_seed(2)
for bits, (m, n) in ((32, (37, 301)), (128, (37, 300))):
    A = torch.randn(m, n, device="cuda")
    B = torch.randn(m, n, device="cuda")
    C = torch.zeros(m, n, device="cuda")
    run2d(A, B, C, bits)
    ok = torch.allclose(C.cpu().double(), A.cpu().double() + B.cpu().double())
    print(f"{bits}-bit atoms, one predicate per atom, {m}x{n}:", "PASS" if ok else "FAIL")


@flyc.kernel
def add_1d(A: fx.Tensor, B: fx.Tensor, C: fx.Tensor, tiled_copy: fx.TiledCopy):
    tid = fx.thread_idx.x
    bid = fx.block_idx.x
    n = fx.size(A.shape).unpack()
    idC = fx.make_view(0, fx.make_identity_layout(n))
    tile = tiled_copy.tile_mn
    gA = fx.flat_divide(A, tile)[None, bid]
    gB = fx.flat_divide(B, tile)[None, bid]
    gC = fx.flat_divide(C, tile)[None, bid]
    cC = fx.flat_divide(idC, tile)[None, bid]
    thr = tiled_copy.get_slice(tid)
    tA, tB, tC, tP = thr.partition_S(gA), thr.partition_S(gB), thr.partition_D(gC), thr.partition_S(cC)
    print("1-D:", idC, cC, tP, tA)
    rA, rB = fx.make_fragment_like(tA), fx.make_fragment_like(tB)
    pred = fx.make_fragment_like(tP, dtype=fx.Boolean)
    for i in fx.range_constexpr(fx.size(pred).unpack()):
        pred[i] = fx.elem_less(tP[i], n)
    atom = fx.make_copy_atom(fx.UniversalCopy64b(), fx.Float32)
    fx.copy(atom, tA, rA, pred=pred)
    fx.copy(atom, tB, rB, pred=pred)
    rA.store(rA.load() * 2.0 + rB.load())
    fx.copy(atom, rA, tC, pred=pred)


@flyc.jit
def run1d(A, B, C):
    atom = fx.make_copy_atom(fx.UniversalCopy64b(), fx.Float32)
    tiled = fx.make_tiled_copy(atom, fx.make_layout((32, 4), (4, 1)), (128,))   # thread t owns 4t..4t+3
    (tile,) = tiled.tile_mn.unpack()
    add_1d(A, B, C, tiled).launch(grid=((A.shape[0] + tile - 1) // tile, 1, 1), block=(32, 1, 1))


A = torch.randn(1000, device="cuda")
B = torch.randn(1000, device="cuda")
C = torch.zeros(1000, device="cuda")
run1d(A, B, C)
print("1-D predicated add, n=1000:", "PASS" if torch.allclose(C.cpu().double(), 2 * A.cpu().double() + B.cpu().double()) else "FAIL")


@flyc.kernel
def copy_in_bounds(A: fx.Tensor, C: fx.Tensor, M: fx.Int32, N: fx.Int32, tiled_copy: fx.TiledCopy):
    tid = fx.thread_idx.x
    bx, by = fx.block_idx.x, fx.block_idx.y
    idC = fx.make_view((0, 0), fx.make_identity_layout((M, N)))
    cC = fx.flat_divide(idC, tiled_copy.tile_mn)[None, None, bx, by]
    gA = fx.flat_divide(A, tiled_copy.tile_mn)[None, None, bx, by]
    gC = fx.flat_divide(C, tiled_copy.tile_mn)[None, None, bx, by]
    print("runtime bounds:", idC, cC)
    thr = tiled_copy.get_slice(tid)
    tA, tC, tP = thr.partition_S(gA), thr.partition_D(gC), thr.partition_S(cC)
    r = fx.make_fragment_like(tA)
    p = fx.make_fragment_like(tP, dtype=fx.Boolean)
    for a in fx.range_constexpr(fx.size(p).unpack()):
        p[a] = fx.elem_less(tP[a], (M, N))
    atom = fx.make_copy_atom(fx.UniversalCopy128b(), fx.Float32)
    fx.copy(atom, tA, r, pred=p)
    fx.copy(atom, r, tC, pred=p)
@flyc.jit
def run_bounds(A, C, M, N):
    atom = fx.make_copy_atom(fx.UniversalCopy128b(), fx.Float32)
    t = fx.make_tiled_copy_tv(atom, fx.make_ordered_layout((8, 16), order=(1, 0)), fx.make_ordered_layout((1, 4), order=(0, 1)))
    copy_in_bounds(A, C, M, N, t).launch(grid=(2, 3, 1), block=128)
A = torch.randn(16, 192, device="cuda"); C = torch.zeros(16, 192, device="cuda")
run_bounds(A, C, 13, 150)
ok = torch.equal(C[:13, :150], A[:13, :150]) and float(C[13:].abs().sum()) == 0 and float(C[:, 150:].abs().sum()) == 0
print("copy inside runtime bounds 13x150 of 16x192:", "PASS" if ok else "FAIL")

# flyi: run
# The predicate is what keeps a predicated copy inside the tensors: with a predicate that is always True,
# or compares against a wrong bound, the overhanging block of a 20x30 tiled add reads past the end of A
# and the emulator reports flyc.KernelError (it checks every global access). The right bound passes.
import torch

import flydsl.compiler as flyc
import flydsl.expr as fx


@flyc.kernel
def add_k(A: fx.Tensor, B: fx.Tensor, C: fx.Tensor, tiled_copy: fx.TiledCopy, mode: fx.Constexpr[int]):
    tid = fx.thread_idx.x
    bid_x, bid_y = fx.block_idx.x, fx.block_idx.y
    M, N = A.shape.unpack()
    idC = fx.make_view((0, 0), fx.make_identity_layout((M, N)))
    TileMN = tiled_copy.tile_mn
    gA = fx.flat_divide(A, TileMN)[None, None, bid_x, bid_y]
    gB = fx.flat_divide(B, TileMN)[None, None, bid_x, bid_y]
    gC = fx.flat_divide(C, TileMN)[None, None, bid_x, bid_y]
    cC = fx.flat_divide(idC, TileMN)[None, None, bid_x, bid_y]
    thr = tiled_copy.get_slice(tid)
    tA, tB, tC, tP = thr.partition_S(gA), thr.partition_S(gB), thr.partition_D(gC), thr.partition_S(cC)
    rA, rB, rC = fx.make_fragment_like(tA), fx.make_fragment_like(tB), fx.make_fragment_like(tC)
    pred = fx.make_fragment_like(tP, dtype=fx.Boolean)
    for a in fx.range_constexpr(fx.size(pred.shape).unpack()):
        if fx.const_expr(mode == 0):
            pred[a] = fx.elem_less(tP[a], (M, N))
        elif fx.const_expr(mode == 1):
            pred[a] = True
        else:
            pred[a] = fx.elem_less(tP[a], (M + 8, N))   # one tile too far
    atom = fx.make_copy_atom(fx.UniversalCopy128b(), fx.Float32)
    fx.copy(atom, tA, rA, pred=pred)
    fx.copy(atom, tB, rB, pred=pred)
    rC.store(rA.load() + rB.load())
    fx.copy(atom, rC, tC, pred=pred)


@flyc.jit
def run(A, B, C, mode: fx.Constexpr[int]):
    atom = fx.make_copy_atom(fx.UniversalCopy128b(), fx.Float32)
    tiled = fx.make_tiled_copy_tv(atom, fx.make_ordered_layout((8, 16), order=(1, 0)),
                                  fx.make_ordered_layout((1, 4), order=(0, 1)))
    tm, tn = tiled.tile_mn.unpack()
    add_k(A, B, C, tiled, mode).launch(grid=((A.shape[0] + tm - 1) // tm, (A.shape[1] + tn - 1) // tn, 1), block=(128, 1, 1))


A = torch.randn(20, 32, device="cuda")
B = torch.randn(20, 32, device="cuda")
C = torch.zeros(20, 32, device="cuda")
run(A, B, C, 0)
print("right predicate:", "PASS" if torch.allclose(C, A + B) else "FAIL")
for mode, what in ((1, "always True"), (2, "wrong bound")):
    try:
        run(A, B, C, mode)
        print(f"{what}: no error (FAIL)")
    except flyc.KernelError as e:
        msg = str(e)
        print(f"{what}: KernelError, out of bounds:", "out of bounds" in msg, "in 'add_k':", "'add_k'" in msg,
              "at the copy line:", "pred_oob.py:34" in msg)
print("the session goes on:", torch.allclose(A + B, A + B))

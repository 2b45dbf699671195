# Origin Fly IR of a predicated copy (checked by pred_golden.fc): the coordinate of the thread's atom comes
# from the traced block and thread indices with arith ops, fx.elem_less is arith.cmpi slt per mode joined
# by arith.andi and stored into an i1 register tensor, and each fx.copy is fly.copy(atom, src, dst, pred) with
# the atom value (fly.make_copy_atom, !fly.copy_atom<!fly.universal_copy<128>, 32>) and that register tensor as
# its predicate operand, as FlyDSL writes it (fly-layout-lowering makes the scf.if on the loaded predicate). A is a raw torch tensor, so its layout is dynamic
# and the bounds (M, N) are read from it in the kernel (fly.get_shape, fly.get_scalar).
import torch

import flydsl.compiler as flyc
import flydsl.expr as fx


@flyc.kernel
def pred_copy(A: fx.Tensor, C: fx.Tensor, tiled_copy: fx.TiledCopy):
    tid = fx.thread_idx.x
    bid = fx.block_idx.x
    M, N = A.shape.unpack()
    cC = fx.flat_divide(fx.make_view((0, 0), fx.make_identity_layout((M, N))), tiled_copy.tile_mn)[None, None, bid, 0]
    gA = fx.flat_divide(A, tiled_copy.tile_mn)[None, None, bid, 0]
    gC = fx.flat_divide(C, tiled_copy.tile_mn)[None, None, bid, 0]
    thr = tiled_copy.get_slice(tid)
    tA, tC = thr.partition_S(gA), thr.partition_D(gC)
    tP = thr.partition_S(cC)[(0, None), None, None]
    r = fx.make_fragment_like(tA)
    p = fx.make_fragment_like(tP, dtype=fx.Boolean)
    p[0] = fx.elem_less(tP[0], (M, N))
    atom = fx.make_copy_atom(fx.UniversalCopy128b(), fx.Float32)
    fx.copy(atom, tA, r, pred=p)
    fx.copy(atom, r, tC, pred=p)


@flyc.jit
def run(A, C):
    atom = fx.make_copy_atom(fx.UniversalCopy128b(), fx.Float32)
    tiled = fx.make_tiled_copy_tv(atom, fx.make_ordered_layout((4, 8), order=(1, 0)),
                                  fx.make_ordered_layout((1, 4), order=(0, 1)))
    pred_copy(A, C, tiled).launch(grid=(3, 1, 1), block=(32, 1, 1))


A = torch.zeros(10, 32, device="cuda")
print(flyc.compile(run, A, A).ir(0))

# flyi: run
# A tiled MMA with a K permutation (make_tiled_mma(atom, atom_layout, permutation)): the permutation's layout
# reorders the K mode before the atoms divide it (FlyDSL's thrfrg), so with (4,4,2):(1,8,4) over 16x16x16 f16
# atoms one tiling step covers K = 32 and each lane holds 8 consecutive K values (two atoms' worth); the
# fragments' K mode is (2, K/32); a 128-bit copy moves those 8 values at once (retile joins the (2) to the
# values). The tiled MMA is made on the host and passed into the kernel (an
# fx.TiledMma argument, static); A and B are host views (fx.make_view(fx.get_iter(t), layout)) of flat
# tensors; value_attrs= on the kernel call is accepted. C = A @ B.T on the emulator against float64.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

K = 64


@flyc.kernel
def gemm_perm(A: fx.Tensor, B: fx.Tensor, C: fx.Tensor, mma: fx.TiledMma, bits: fx.Constexpr[int]):
    tid = fx.thread_idx.x
    thr = mma.thr_slice(tid)
    pa = thr.partition_A(A)
    fa = thr.make_fragment_A(pa)
    fb = thr.make_fragment_B(thr.partition_B(B))
    fc = thr.make_fragment_C(thr.partition_C(C))
    print("partition A", pa.layout, "fragments A", fa.shape, "C", fc.shape)
    # a tensor of more than two modes: the modes past the second stay as they are (here the K tiles)
    print("partition of B's K tiles", thr.partition_B(fx.flat_divide(B, fx.make_tile(16, 32))).layout)
    cp = fx.make_copy_atom(fx.UniversalCopy(bits), fx.Float16)
    cc = fx.make_copy_atom(fx.UniversalCopy(32), fx.Float32)
    ta = fx.make_tiled_copy_A(cp, mma).get_slice(tid)
    tb = fx.make_tiled_copy_B(cp, mma).get_slice(tid)
    tc = fx.make_tiled_copy_C(cc, mma).get_slice(tid)
    if bits == 128:  # one copy moves a lane's 8 K values: the retiled fragment joins the atoms' 4 + 4
        print("128-bit copies: source", ta.partition_S(A).layout, "retiled A", ta.retile(fa).layout)
    fx.copy(cp, ta.partition_S(A), ta.retile(fa))
    fx.copy(cp, tb.partition_S(B), tb.retile(fb))
    for kk in fx.range_constexpr(K // 32):  # one tiling step at a time: the (None, kk) slice of the K mode
        fx.gemm(mma, fc, fa[None, None, (None, kk)], fb[None, None, (None, kk)], fc)
    fx.copy(cc, tc.retile(fc), tc.partition_D(C))


@flyc.jit
def run(a, b, c, bits: fx.Constexpr[int]):
    atom = fx.make_mma_atom(fx.rocdl.MFMA(16, 16, 16, fx.Float16))
    mma = fx.make_tiled_mma(atom, fx.make_layout((1, 1, 1), (1, 0, 0)),
                            fx.make_tile(None, None, fx.make_layout((4, 4, 2), (1, 8, 4))))
    print(mma)
    print("tile", mma.tile_size_mnk, "tiled A TV", mma.tv_layout_A_tiled)
    va = fx.Tensor(fx.make_view(fx.get_iter(a), fx.make_layout((16, K), (K, 1))))
    vb = fx.Tensor(fx.make_view(fx.get_iter(b), fx.make_layout((16, K), (K, 1))))
    print(va)
    gemm_perm(va, vb, c, mma, bits, value_attrs={"rocdl.waves_per_eu": 1}).launch(grid=1, block=64)


torch.manual_seed(5)
a = torch.randn(16 * K).half().cuda()
b = torch.randn(16 * K).half().cuda()
ref = a.cpu().double().view(16, K) @ b.cpu().double().view(16, K).t()
for bits in (16, 128):
    c = torch.zeros(16, 16).cuda()
    run(a, b, flyc.from_dlpack(c), bits)
    print("C = A @ B.T, %d-bit copies:" % bits, (c.cpu().double() - ref).abs().max().item() < 1e-3,
          ref.abs().max().item() > 1)
# lane 0's values in the tiled K step: the K coordinates of A's TV layout (index m + 16 k of the 16x32 tile)
tv = fx.make_tiled_mma(fx.make_mma_atom(fx.rocdl.MFMA(16, 16, 16, fx.Float16)), fx.make_layout((1, 1, 1), (1, 0, 0)),
                       (None, None, fx.make_layout((4, 4, 2), (1, 8, 4)))).tv_layout_A_tiled
for lane in (0, 16, 48):
    print("lane", lane, "K", [fx.crd2idx((lane, v), tv) // 16 for v in range(8)])

# flyi: run
# Dynamic tensor layouts with a tiled copy (FlyDSL example-02 style): each block's 8x24 tile of a
# dynamic 8xN tensor has static extents and a dynamic row stride, so the per-thread partition is
# ((4,2),2,3) with dynamic strides, its register fragment is static, and one kernel serves every N.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

def dyn(t, **kw):
    return flyc.from_dlpack(t).mark_layout_dynamic(**kw)

@flyc.kernel
def tcopy(A: fx.Tensor, B: fx.Tensor):
    tid = fx.thread_idx.x
    bid = fx.block_idx.x
    atom = fx.make_copy_atom(fx.UniversalCopy128b(), fx.Float32)
    tile, tv = fx.make_layout_tv(fx.make_layout((4, 1), (1, 1)), fx.make_layout((1, 8), (1, 1)))
    tiled = fx.make_tiled_copy(atom, tv, tile)
    thr = tiled.get_slice(tid)
    bA = fx.zipped_divide(A, (8, 24))[None, (0, bid)]
    bB = fx.zipped_divide(B, (8, 24))[None, (0, bid)]
    print(bA)
    src = thr.partition_S(bA)
    frag = fx.make_fragment_like(src)
    print(src, frag)
    fx.copy(atom, src, frag)
    fx.copy(atom, frag, thr.partition_D(bB))

@flyc.jit
def run_copy(a, b, blocks):
    tcopy(a, b).launch(grid=blocks, block=4)

for cols in (72, 48):
    a = torch.arange(8 * cols, dtype=torch.float32, device="cuda").reshape(8, cols)
    b = torch.zeros(8, cols, device="cuda")
    run_copy(dyn(a), dyn(b), cols // 24)
    print("tiled copy", cols, "PASS" if torch.equal(a, b) else "FAIL")
info = flyc.cache_info()
print("kernels compiled", info["misses"] + info.get("disk_hits", 0), "reused", info["hits"])

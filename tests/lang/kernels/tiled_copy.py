# flyi: run
# FlyDSL example-02-style tiled copy: an 8x24 block copied by 4 threads with 128-bit universal copy
# atoms through register fragments; each thread's partition is ((4,2),2,3). The tensors are passed with static
# layouts (flyc.from_dlpack): make_fragment_like needs a static shape.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

@flyc.kernel
def tcopy(A: fx.Tensor, B: fx.Tensor):
    tid = fx.thread_idx.x
    atom = fx.make_copy_atom(fx.UniversalCopy128b(), fx.Float32)
    tile, tv = fx.make_layout_tv(fx.make_layout((4, 1), (1, 1)), fx.make_layout((1, 8), (1, 1)))
    tiled = fx.make_tiled_copy(atom, tv, tile)
    thr = tiled.get_slice(tid)
    src = thr.partition_S(A)
    dst = thr.partition_D(B)
    frag = fx.make_fragment_like(src)
    print(tile, tv)
    print(src.shape, frag)
    fx.copy(atom, src, frag)
    fx.copy(atom, frag, dst)

@flyc.jit
def run(a, b):
    tcopy(a, b).launch(grid=1, block=4)

a = torch.arange(8 * 24, dtype=torch.float32, device="cuda").reshape(8, 24)
b = torch.zeros(8, 24, device="cuda")
run(flyc.from_dlpack(a), flyc.from_dlpack(b))
print("tiled copy", "PASS" if torch.equal(a, b) else "FAIL")

# Traced IR of runtime coordinates (checked by coords_ir.fc): fx.idx2crd(tid, (4,64):(64,1)) computes
# (tid // 64) % 4 and tid % 64 with integer ops in the kernel (no stride-blind split), crd2idx of a
# runtime coordinate multiplies by the strides, and a layout with runtime extents divides them in the
# kernel. Runs with COMPILE_ONLY=1.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

@flyc.kernel
def wl(A: fx.Tensor, N: fx.Int32):
    tid = fx.thread_idx.x
    coord = fx.idx2crd(tid, fx.make_layout((4, 64), (64, 1)))
    print(coord)
    A[tid] = fx.get(coord, 0) * 1000 + fx.get(coord, 1)
    A[tid + 256] = fx.get_scalar(fx.crd2idx(fx.make_coord(fx.get(coord, 1), fx.get(coord, 0)), fx.make_layout((64, 4), (4, 1))))
    D = fx.make_layout((4, N), (N, 1))
    print(fx.idx2crd(tid, D))
    A[tid + 512] = fx.get(fx.idx2crd(tid, D), 0)

@flyc.jit
def run(a, n):
    wl(a, n).launch(grid=1, block=256)

k = flyc.compile(run, torch.zeros(1024, dtype=torch.int32, device="cuda"), 64)
print(k.ir(0))

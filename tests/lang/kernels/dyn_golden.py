# Golden Fly IR of dynamic tensor layouts (checked by dyn_golden.fc): a from_dlpack tensor marked
# dynamic is a !fly.memref parameter with ? / ?{i64} leaves, divides and slices keep ? in their result
# types, A.shape.unpack() reads the leaves (fly.get_shape, fly.slice, fly.get_scalar), and
# fly-rewrite-func-signature passes the dynamic leaves as a packed struct beside the pointer. The
# kernel goes through the whole pipeline to gfx942 ISA (this program runs with COMPILE_ONLY=1).
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

@flyc.kernel
def dyn_k(A: fx.Tensor, X: fx.Tensor):
    bid = fx.block_idx.x
    tid = fx.thread_idx.x
    tA = fx.logical_divide(A, fx.make_layout(64, 1))
    M, N = X.shape.unpack()
    for j in range(tid, N, 64):
        X[bid, j] = tA[None, bid][tid] + X[bid, j]

@flyc.jit
def run(a, x):
    dyn_k(a, x).launch(grid=4, block=64)

a = flyc.from_dlpack(torch.zeros(256, device="cuda")).mark_layout_dynamic()
x = flyc.from_dlpack(torch.zeros(4, 100, device="cuda")).mark_layout_dynamic(divisibility=4)
k = flyc.compile(run, a, x)
print(k.ir(0))
print(k.ir(1))
isa = k.isa
print("ISA", k.target, "global_load" in isa, "global_store" in isa, ".kernarg_segment_size" in isa)

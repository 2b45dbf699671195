# flyi: run
# uint8 and bool tensors as kernel arguments (one torch-dtype map for tensors and pointers): uint8 wraps.
import torch
import flydsl.compiler as flyc
import flydsl.expr as fx

@flyc.kernel
def inc(A: fx.Tensor, B: fx.Tensor):
    t = fx.thread_idx.x
    B[t] = A[t] + 1

@flyc.jit
def run(a, b):
    inc(a, b).launch(grid=1, block=8)

a = torch.arange(250, 258, dtype=torch.uint8, device="cuda")
b = torch.zeros(8, dtype=torch.uint8, device="cuda")
run(a, b)
print(b.tolist())
f = torch.tensor([True, False, True, False, True, False, True, True], device="cuda")
g = torch.zeros(8, dtype=torch.bool, device="cuda")
@flyc.kernel
def neg(A: fx.Tensor, B: fx.Tensor):
    t = fx.thread_idx.x
    B[t] = A[t] == False
@flyc.jit
def run2(a, b):
    neg(a, b).launch(grid=1, block=8)
run2(f, g)
print(g.tolist())

# A device tensor made before flydsl.compiler is imported lives in host memory (no GPU runtime yet):
# passing it to a kernel under HIP is a TypeError that says why; a clone made afterwards is in device memory.
import torch
a = torch.ones(4, device="cuda")
import flydsl.compiler as flyc
import flydsl.expr as fx
@flyc.kernel
def fine(A: fx.Tensor):
    A[fx.thread_idx.x] = 2.0
@flyc.jit
def run_fine(a):
    fine(a).launch(grid=1, block=4)
try:
    run_fine(a)
except TypeError as e:
    print("TypeError:", e)
run_fine(a.clone())
print("a clone works")

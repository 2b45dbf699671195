# env: FLYI_STANDIN_FAIL_LAUNCH=boom FLYI_STANDIN_MEMORY=65536
# Failures on the HIP stand-in, each a documented error after which the session goes on: an
# allocation beyond the device memory (64 KiB here), a launch the runtime refuses (injected for
# kernel 'boom'), and a kernel that faults on the device (reported by the next host read and raised
# by the next launch, or raised by torch.cuda.synchronize()).
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

try:
    big = torch.zeros(1 << 20, device="cuda")
except RuntimeError as e:
    print("RuntimeError:", str(e).split(" (")[0])

@flyc.kernel
def boom(A: fx.Tensor):
    A[fx.thread_idx.x] = 1.0

@flyc.kernel
def fine(A: fx.Tensor):
    A[fx.thread_idx.x] = 2.0

@flyc.kernel
def oob(A: fx.Tensor):
    A[fx.thread_idx.x + 100] = 3.0

@flyc.jit
def run_boom(a):
    boom(a).launch(grid=1, block=4)

@flyc.jit
def run_fine(a):
    fine(a).launch(grid=1, block=4)

@flyc.jit
def run_oob(a):
    oob(a).launch(grid=1, block=4)

a = torch.zeros(4, device="cuda")
try:
    run_boom(a)
except flyc.KernelError as e:
    print("KernelError:", e)
run_fine(a)
print(a.tolist())
run_oob(a)          # asynchronous: returns before the fault
print(a.tolist())   # the host read reports the fault on stderr
try:
    run_fine(a)
except flyc.KernelError as e:
    print("KernelError:", str(e).split(" block ")[0])
run_fine(a)
print(a.tolist())
run_oob(a)
try:
    torch.cuda.synchronize()  # raises the fault once
except flyc.KernelError as e:
    print("KernelError at synchronize:", str(e).split(" block ")[0])
torch.cuda.synchronize()
run_fine(a)
print(a.tolist())
cpu = torch.zeros(4)
try:
    run_fine(cpu)   # host memory cannot reach a kernel on the GPU
except TypeError as e:
    print("TypeError:", e)

# Run by run_hip.sh with FLYI_HIP_LIBRARY naming Debian's libamdhip64.so.5 (no GPU here): flyi loads
# it, finds no device, says so once on stderr and runs the kernel on the emulator.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

@flyc.kernel
def twice(A: fx.Tensor):
    A[fx.thread_idx.x] = A[fx.thread_idx.x] * 2.0

@flyc.jit
def run(a):
    twice(a).launch(grid=1, block=a.shape[0])

a = torch.ones(4, device="cuda")
run(a)
run(a)
print(a.tolist(), torch.cuda.get_device_name())

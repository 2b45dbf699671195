# flyi: run
# An out-of-bounds access in a kernel without barriers names the block and the thread that made it
# (the emulator runs such a block as one loop over its threads; the loop records the thread ids).
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

@flyc.kernel
def shifted_store(a: fx.Tensor):
    i = fx.block_idx.x * 64 + fx.thread_idx.x
    a[i + 3] = 1.0

@flyc.kernel
def shifted_load_2d(a: fx.Tensor, out: fx.Tensor):
    x = fx.thread_idx.x
    y = fx.thread_idx.y
    b = fx.block_idx.y
    out[b * 64 + y * 16 + x] = a[b * 64 + y * 16 + x + 20]

@flyc.jit
def run1(a):
    shifted_store(a).launch(grid=2, block=64)

@flyc.jit
def run2(a, out):
    shifted_load_2d(a, out).launch(grid=(1, 2), block=(16, 4))

def show(e):
    msg = str(e)
    head = msg[:msg.index("address")]
    tail = msg[msg.index(" at "):]
    print(head.rstrip(": ") + " ..." + tail)

a = torch.zeros(128, device="cuda")
try:
    run1(a)
except flyc.KernelError as e:
    show(e)
out = torch.zeros(128, device="cuda")
try:
    run2(a, out)
except flyc.KernelError as e:
    show(e)

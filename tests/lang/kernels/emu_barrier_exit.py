# flyi: run
# S_BARRIER waits only for the waves of the workgroup that have not ended (CDNA3/CDNA4 ISA): waves
# that end before a barrier no longer count, so the surviving waves go on. Kernels where the last waves
# of a block skip the rest (a run-time wave count), where they end before the last barrier only (as the
# fp8 attention kernel's waves end around its final barrier), and where half of one wave's lanes end
# (the wave goes on with its other lanes), and where one wave shuffles and ends while the other waits at
# the barrier; results checked against Python references.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

B = 256  # four waves


@fx.struct
class Ring:
    v: fx.Array[fx.Float32, B]


@flyc.kernel
def rotate(x: fx.Tensor, out: fx.Tensor, nw: fx.Int32):
    # the first nw waves pass values around a ring through LDS over two barriers; the others end at once
    s = fx.SharedAllocator().allocate(Ring).peek().v.view(fx.make_layout(B, 1))
    t = fx.thread_idx.x
    n = nw * 64
    if t < n:
        s[t] = x[t]
        fx.barrier()
        y = s[(t + 1) % n]
        fx.barrier()
        s[t] = y * 2.0
        fx.barrier()
        out[t] = s[(t + n - 1) % n] + 1.0


@flyc.jit
def run_rotate(x, out, nw: fx.Int32):
    rotate(x, out, nw).launch(grid=2, block=B)


x = torch.arange(B, dtype=torch.float32, device="cuda")
for nw in (4, 3, 2, 1):
    out = torch.full((B,), -1.0, device="cuda")
    run_rotate(x, out, nw)
    n = nw * 64
    ref = [x[t].item() * 2.0 + 1.0 if t < n else -1.0 for t in range(B)]
    print("rotate: %d of 4 waves live, the others ended:" % nw, "PASS" if out.tolist() == ref else "FAIL")


@flyc.kernel
def tail(x: fx.Tensor, out: fx.Tensor):
    # every wave writes LDS and meets the first barrier; waves 0-1 then end, waves 2-3 read the others'
    # values after a second barrier that only they reach
    s = fx.SharedAllocator().allocate(Ring).peek().v.view(fx.make_layout(B, 1))
    t = fx.thread_idx.x
    s[t] = x[t] * 3.0
    fx.barrier()
    if t >= 128:
        v = s[t - 128]
        fx.barrier()
        out[t] = v + s[255 - t]


@flyc.jit
def run_tail(x, out):
    tail(x, out).launch(grid=1, block=B)


out = torch.zeros(B, device="cuda")
run_tail(x, out)
ref = [0.0 if t < 128 else 3.0 * (t - 128) + 3.0 * (255 - t) for t in range(B)]
print("tail: waves 0-1 end before the last barrier:", "PASS" if out.tolist() == ref else "FAIL")


@flyc.kernel
def half_wave(x: fx.Tensor, out: fx.Tensor):
    # block of 2 waves: lanes 32-63 of wave 1 end, its lanes 0-31 and all of wave 0 meet the barrier
    s = fx.SharedAllocator().allocate(Ring).peek().v.view(fx.make_layout(B, 1))
    t = fx.thread_idx.x
    if t < 96:
        s[t] = x[t] + 0.5
        fx.barrier()
        out[t] = s[95 - t]


@flyc.jit
def run_half_wave(x, out):
    half_wave(x, out).launch(grid=1, block=128)


out = torch.zeros(128, device="cuda")
run_half_wave(x, out)
ref = [x[95 - t].item() + 0.5 if t < 96 else 0.0 for t in range(128)]
print("half of a wave's lanes end:", "PASS" if out.tolist() == ref else "FAIL")


@flyc.kernel
def shuffle_while_waiting(x: fx.Tensor, out: fx.Tensor):
    # wave 0 waits at the barrier while lanes 64-95 of wave 1 shuffle and the wave ends: no deadlock
    t = fx.thread_idx.x
    v = x[t]
    if t < 64:
        fx.barrier()
    else:
        if t < 96:
            v = fx.shuffle_xor(v, 1, 64)
    out[t] = v


@flyc.jit
def run_shuffle(x, out):
    shuffle_while_waiting(x, out).launch(grid=1, block=128)


out = torch.zeros(128, device="cuda")
run_shuffle(x, out)
ref = [float(t ^ 1) if 64 <= t < 96 else float(t) for t in range(128)]
print("a wave's shuffle while the other waits at the barrier:", "PASS" if out.tolist() == ref else "FAIL")

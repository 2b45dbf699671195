# flyi: run
# Barrier kernels on the emulator (each GPU thread a coroutine suspended at barriers and cross-lane
# operations): private values live across barriers inside a dynamic loop (a butterfly all-reduce in
# LDS over a 32x32 block), printf order around a barrier (thread order, phase by phase, blocks in
# order), cross-lane shuffles between barriers in a two-wave block, a register array live across a
# barrier; checked against float64 references.
import os

import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

N = 1024

@fx.struct
class Red:
    s: fx.Array[fx.Float32, N]

@flyc.kernel
def butterfly(a: fx.Tensor, out: fx.Tensor, part: fx.Tensor, steps: fx.Int32):
    lds = fx.SharedAllocator().allocate(Red).peek()
    s = lds.s.view(fx.make_layout(N, 1))
    t = fx.thread_idx.y * 32 + fx.thread_idx.x
    b = fx.block_idx.x
    mine = a[b * N + t]
    s[t] = mine
    fx.barrier()
    acc = fx.Float32(0.0)
    d = 1
    for k in range(steps):
        x = s[t ^ d]
        fx.barrier()
        s[t] = s[t] + x
        acc = acc + x
        d = d * 2
        fx.barrier()
    out[b * N + t] = s[t]
    part[b * N + t] = acc + mine

@flyc.jit
def run_butterfly(a, out, part):
    butterfly(a, out, part, 10).launch(grid=3, block=(32, 32))

a = torch.rand(3 * N, device="cuda")
out = torch.zeros(3 * N, device="cuda")
part = torch.zeros(3 * N, device="cuda")
run_butterfly(a, out, part)
ref = a.cpu().double().reshape(3, N).sum(1)
ok = all(abs(out[b * N + t].item() - ref[b].item()) < 1e-3 for b in range(3) for t in (0, 1, 31, 32, 500, 1023))
print("butterfly all-reduce, 3 blocks of 32x32", "PASS" if ok else "FAIL")
print("private sums across barriers", "PASS" if torch.allclose(part, out, rtol=1e-5) else "FAIL")

@flyc.kernel
def phases(n: fx.Int32):
    t = fx.thread_idx.x
    fx.printf("block {} thread {} before", fx.block_idx.x, t)
    fx.barrier()
    fx.printf("block {} thread {} after n={}", fx.block_idx.x, t, n + t)

@flyc.jit
def run_phases(n):
    phases(n).launch(grid=2, block=3)

run_phases(10)

@fx.struct
class Mirror:
    s: fx.Array[fx.Float32, 128]

@flyc.kernel
def mirror_sum(a: fx.Tensor, out: fx.Tensor):
    lds = fx.SharedAllocator().allocate(Mirror).peek()
    s = lds.s.view(fx.make_layout(128, 1))
    t = fx.thread_idx.x
    s[t] = a[t]
    fx.barrier()
    v = s[127 - t]
    for k in fx.range_constexpr(6):
        v = v + fx.shuffle_xor(v, 32 >> k, 64)
    fx.barrier()
    s[t] = v
    fx.barrier()
    if fx.lane_id() == 0:
        out[t // 64] = s[t] + s[(t + 64) % 128]

@flyc.jit
def run_mirror(a, out):
    mirror_sum(a, out).launch(grid=1, block=128)

a = torch.rand(128, device="cuda")
out = torch.zeros(2, device="cuda")
run_mirror(a, out)
h = a.cpu().double()
total = h.sum().item()
print("shuffles between barriers, 2 waves", "PASS" if all(abs(out[w].item() - total) < 1e-4 for w in range(2)) else "FAIL")

@flyc.kernel
def regs(a: fx.Tensor, out: fx.Tensor):
    t = fx.thread_idx.x
    r = fx.make_rmem_tensor(8, fx.Float32)
    for i in fx.range_constexpr(8):
        r[i] = a[t] * float(i)
    fx.barrier()
    acc = fx.Float32(0.0)
    for i in fx.range_constexpr(8):
        acc = acc + r[i]
    out[t] = acc

@flyc.jit
def run_regs(a, out):
    regs(a, out).launch(grid=1, block=64)

a = torch.rand(64, device="cuda")
out = torch.zeros(64, device="cuda")
run_regs(a, out)
print("register array across a barrier", "PASS" if torch.allclose(out, a * 28.0) else "FAIL")

# errors found after a thread suspended: the thread named is the one that ran (ids of a 32x4 block)
def show(e):
    m = str(e)
    while ".py:" in m:  # the source location names this file's path: keep its line only
        j = m.index(".py:")
        i = m.rindex(" at ", 0, j)
        k = m.index(":", j + 4)
        end = m.find(" ", k)
        m = m[:i] + " at line " + m[j + 4:k] + (m[end:] if end >= 0 else "")
    print(type(e).__name__, m)

@flyc.kernel
def lds_late(out: fx.Tensor):
    lds = fx.SharedAllocator().allocate(Mirror).peek()
    s = lds.s.view(fx.make_layout(128, 1))
    t = fx.thread_idx.y * 32 + fx.thread_idx.x
    s[t] = fx.Float32(1.0)
    fx.barrier()
    if t == 37:
        s[t + 200] = fx.Float32(2.0)
    fx.barrier()
    out[t] = s[t]

@flyc.jit
def run_lds_late(out):
    lds_late(out).launch(grid=2, block=(32, 4))

os.putenv("FLYI_EMU_LDS_CHECK", "1")  # a fault, not the hardware's rule (the store dropped)
try:
    run_lds_late(torch.zeros(128, device="cuda"))
except Exception as e:
    show(e)
os.putenv("FLYI_EMU_LDS_CHECK", "0")
lo = torch.zeros(128, device="cuda")
run_lds_late(lo)
print("lds_late by default: no fault, the store past the end dropped:", lo.tolist() == [1.0] * 128)

@flyc.kernel
def half(out: fx.Tensor):
    t = fx.thread_idx.x
    if t < 32:
        fx.barrier()
    out[t] = fx.Float32(1.0)

@flyc.jit
def run_half(out):
    half(out).launch(grid=1, block=64)

# threads 32-63 end without the barrier: as S_BARRIER, it waits only for the threads that have not ended
ho = torch.zeros(64, device="cuda")
try:
    run_half(ho)
    print("half: the barrier waits for the 32 threads left:", ho.tolist() == [1.0] * 64)
except Exception as e:
    show(e)

@flyc.kernel
def split_wave(out: fx.Tensor):
    t = fx.thread_idx.x
    v = fx.Float32(1.0)
    if t < 16:
        v = fx.shuffle_xor(v, 1, 64)
    else:
        fx.barrier()
    out[t] = v

@flyc.jit
def run_split(out):
    split_wave(out).launch(grid=1, block=64)

try:
    run_split(torch.zeros(64, device="cuda"))
except Exception as e:
    show(e)

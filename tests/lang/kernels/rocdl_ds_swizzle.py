# flyi: run
# fx.rocdl.ds_swizzle (trace_gpu.c) on the emulator: bitmask mode (swap 16, broadcast within 8,
# reverse within 8), quad-permute mode, Int32 and Float32 values, the ISA's ds_swizzle_b32, lanes
# past the end of a partial wave reading 0, and the modes the emulator does not implement.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

SWAP16 = 0x1F | (0x10 << 10)          # and 0x1f, xor 0x10
BCAST2_OF_8 = 0x18 | (2 << 5)         # and 0x18, or 2
REV8 = 0x1F | (7 << 10)               # and 0x1f, xor 7
QUAD_REV = 0x8000 | 3 | (2 << 2) | (1 << 4) | (0 << 6)

@flyc.kernel
def swz(o1: fx.Tensor, o2: fx.Tensor, o3: fx.Tensor, o4: fx.Tensor, of: fx.Tensor):
    t = fx.thread_idx.x
    v = fx.Int32(t)
    o1[t] = fx.rocdl.ds_swizzle(v, SWAP16)
    o2[t] = fx.rocdl.ds_swizzle(fx.Int32, v, BCAST2_OF_8)
    o3[t] = fx.rocdl.ds_swizzle(v, REV8)
    o4[t] = fx.rocdl.ds_swizzle(v, QUAD_REV)
    of[t] = fx.rocdl.ds_swizzle(fx.Float32(t) * 0.5, SWAP16)

@flyc.jit
def run(o1, o2, o3, o4, of, n: fx.Constexpr[int]):
    swz(o1, o2, o3, o4, of).launch(grid=1, block=n)

def outs(n):
    return [torch.zeros(n, dtype=torch.int32, device="cuda") for _ in range(4)] + [torch.zeros(n, device="cuda")]

o = outs(64)
run(*o, 64)
L = range(64)
print("swap 16", "PASS" if o[0].tolist() == [l ^ 16 for l in L] else "FAIL", o[0].tolist()[:4])
print("broadcast lane 2 of 8", "PASS" if o[1].tolist() == [(l & ~7) | 2 for l in L] else "FAIL", o[1].tolist()[:9])
print("reverse within 8", "PASS" if o[2].tolist() == [l ^ 7 for l in L] else "FAIL", o[2].tolist()[:8])
print("quad permute 3,2,1,0", "PASS" if o[3].tolist() == [(l & ~3) | (3 - (l & 3)) for l in L] else "FAIL", o[3].tolist()[:4])
print("Float32 swap 16", "PASS" if o[4].tolist() == [(l ^ 16) * 0.5 for l in L] else "FAIL")
o = outs(48)
run(*o, 48)
print("partial wave: lanes 32..47 read missing lanes 48..63 as 0", o[0].tolist()[30:36])
k = flyc.compile(run, *outs(64), 64)
print("ds_swizzle_b32" in k.isa, "rocdl.ds_swizzle" in k.ir(0))

@flyc.kernel
def fft(o: fx.Tensor):
    t = fx.thread_idx.x
    o[t] = fx.rocdl.ds_swizzle(fx.Int32(t), 0xE001)

@flyc.jit
def run_fft(o):
    fft(o).launch(grid=1, block=64)

try:
    run_fft(torch.zeros(64, dtype=torch.int32, device="cuda"))
except Exception as e:
    print(type(e).__name__, str(e)[:160])

@flyc.kernel
def badoff(o: fx.Tensor):
    t = fx.thread_idx.x
    o[t] = fx.rocdl.ds_swizzle(fx.Int32(t), t)

@flyc.jit
def run_bad(o):
    badoff(o).launch(grid=1, block=64)

try:
    run_bad(torch.zeros(64, dtype=torch.int32, device="cuda"))
except Exception as e:
    print(type(e).__name__, e)

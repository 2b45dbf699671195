# flyi: run
# fx.rocdl.perm_b32 (llvm.amdgcn.perm, v_perm_b32) on the emulator: each byte of the selector picks a byte of
# {src_hi, src_lo} (0-3 src_lo's, 4-7 src_hi's), 8-11 the sign of byte 1, 3, 5 or 7 in all 8 bits, 12 zero,
# 13 and up 0xff; every selector byte value 0-255 in each position, and the byte-swap / pack patterns kernels use,
# checked against a reference written here; the selector, src_hi and src_lo vary by lane.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

HI, LO = 0x89ABCDEF, 0x01F28374  # byte 1 of LO (0x83) and bytes 5, 7 of HI have the sign bit; byte 3 of LO not


def s32(u):
    return u - (1 << 32) if u >= 1 << 31 else u


def ref(hi, lo, sel):
    x = hi << 32 | lo
    r = 0
    for i in range(4):
        s = sel >> 8 * i & 0xFF
        if s < 8:
            v = x >> 8 * s & 0xFF
        elif s < 12:
            v = 0xFF if x >> (16 * (s - 8) + 15) & 1 else 0
        else:
            v = 0 if s == 12 else 0xFF
        r |= v << 8 * i
    return r


@flyc.kernel
def perm(hi: fx.Tensor, lo: fx.Tensor, sel: fx.Tensor, out: fx.Tensor):
    t = fx.thread_idx.x + fx.block_idx.x * 64
    out[t] = fx.Int32(fx.rocdl.perm_b32(hi[t].ir_value(), lo[t].ir_value(), sel[t].ir_value()))


@flyc.jit
def run(hi, lo, sel, out, n: fx.Int32):
    perm(hi, lo, sel, out).launch(grid=n // 64, block=64)


# every byte value in every position (the other positions 0x0c, 0x07, 0x0d), plus the common patterns
sels = []
for pos in range(4):
    for v in range(256):
        base = [0x0C, 0x07, 0x0D, 0x05]
        base[pos] = v
        sels.append(base[0] | base[1] << 8 | base[2] << 16 | base[3] << 24)
sels += [0x00010203, 0x05040100, 0x07060302, 0x0C0C0C0C, 0x0D0D0D0D, 0x08090A0B, 0x03020100, 0x07050301]
while len(sels) % 64:
    sels.append(0x04050607)
n = len(sels)
his = [HI if i % 3 else (HI ^ 0x80808080) for i in range(n)]  # flip the sign bits in every third lane
los = [LO if i % 5 else (LO ^ 0x00800080) for i in range(n)]
t = lambda xs: torch.tensor([s32(x) for x in xs], dtype=torch.int32, device="cuda")
out = torch.zeros(n, dtype=torch.int32, device="cuda")
run(t(his), t(los), t(sels), out, n)
got = [v & 0xFFFFFFFF for v in out.tolist()]
bad = [i for i in range(n) if got[i] != ref(his[i], los[i], sels[i])]
print("perm_b32 of %d selectors:" % n, "PASS" if not bad else "FAIL %s" % [(hex(sels[i]), hex(got[i])) for i in bad[:4]])
for s in (0x00010203, 0x05040100, 0x08090A0B, 0x0C0C0C0C, 0x0D0D0D0D, 0x07050301):
    i = sels.index(s)
    print("hi %08x lo %08x sel %08x -> %08x" % (his[i], los[i], s, got[i]))

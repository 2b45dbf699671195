# flyi: run
# gfx950's scaled packed conversions built through flydsl._mlir, run on the emulator and checked bit for bit
# against references computed here: rocdl.cvt.scalef32.pk.fp4.f32 (two f32 divided by the scale's power of two,
# rounded to nearest even into E2M1, saturating at 6, into the byte dstSelIndex picks) and back with
# cvt.scalef32.pk.f32.fp4 (times the scale), cvt.scalef32.pk.fp8.f32 (OCP E4M3FN, into the 16-bit half
# dstLoHiSel picks of a vector<2xi16>) and back; then the same module for gfx942 fails, naming the op.
import math
import os
import struct

os.environ["ARCH"] = "gfx950"  # the instructions exist on gfx950 only
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch
from flydsl._mlir.dialects import arith, rocdl, vector
from flydsl._mlir.extras import types as T

VALS = [1.0, -0.7, 2.6, 5.0, 7.5, -100.0, 0.24, 0.26, 1.25, 1.75, 3.5, -2.5, 0.0, 12.0, 0.1, 0.75]
SCALES = [1.0, 2.0, 0.5, 3.0, 0.25, 1.0, 1.5, 8.0]  # 3.0 and 1.5 count as 2.0 and 1.0 (their exponent part)
N = len(VALS) // 2


def bits(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]


def s32(u):
    return u - (1 << 32) if u >= 1 << 31 else u


@flyc.kernel
def cvt(x: fx.Tensor, sc: fx.Tensor, out: fx.Tensor):
    i = fx.thread_idx.x
    i32, f32 = T.i32(), T.f32()
    a = arith.bitcast(f32, x[2 * i].ir_value())
    b = arith.bitcast(f32, x[2 * i + 1].ir_value())
    s = arith.bitcast(f32, sc[i].ir_value())
    old = arith.constant(i32, 0x5A5A5A5A)
    p = rocdl.cvt_scalef32_pk_fp4_f32(i32, old, a, b, s, 2)  # byte 2, the others kept
    out[4 * i] = fx.Int32(p)
    back = rocdl.cvt_scalef32_pk_f32_fp4(T.vector(2, f32), p, s, 2)
    out[4 * i + 1] = fx.Int32(arith.bitcast(i32, vector.extract(back, static_position=[1])))
    o16 = vector.bitcast(T.vector(2, T.i16()), vector.from_elements(T.vector(1, i32), [old]))
    q = rocdl.cvt_scalef32_pk_fp8_f32(T.vector(2, T.i16()), o16, a, b, s, True)  # the high half
    qi = vector.extract(vector.bitcast(T.vector(1, i32), q), static_position=[0])
    out[4 * i + 2] = fx.Int32(qi)
    back8 = rocdl.cvt_scalef32_pk_f32_fp8(T.vector(2, f32), qi, s, True)
    out[4 * i + 3] = fx.Int32(arith.bitcast(i32, vector.extract(back8, static_position=[0])))


@flyc.jit
def run(x, sc, out):
    cvt(x, sc, out).launch(grid=1, block=N)


FP4 = [0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0]


def nearest(a, values):
    """The index of the value nearest a, ties to the even index (values ascending)."""
    best = min(range(len(values)), key=lambda c: (abs(values[c] - a), c % 2))
    return best


def fp4(x):
    sign = 8 if math.copysign(1.0, x) < 0 else 0
    return sign | (7 if abs(x) >= 6.0 else nearest(abs(x), FP4))


E4M3FN = [(m / 8) * 2.0 ** -6 if e == 0 else (1 + m / 8) * 2.0 ** (e - 7) for e in range(16) for m in range(8)][:127]


def fp8(x):
    return (0x80 if math.copysign(1.0, x) < 0 else 0) | nearest(abs(x), E4M3FN)


def pow2(s):
    return 2.0 ** math.floor(math.log2(s))


x = torch.tensor([s32(bits(v)) for v in VALS], dtype=torch.int32, device="cuda")
sc = torch.tensor([s32(bits(s)) for s in SCALES], dtype=torch.int32, device="cuda")
out = torch.zeros(4 * N, dtype=torch.int32, device="cuda")
run(x, sc, out)
got = [v & 0xFFFFFFFF for v in out.tolist()]
bad = 0
for i in range(N):
    a, b, p = VALS[2 * i], VALS[2 * i + 1], pow2(SCALES[i])
    w = (0x5A5A5A5A & ~0xFF0000) | (fp4(a / p) | fp4(b / p) << 4) << 16
    hi = FP4[(w >> 20) & 7] * (-1 if (w >> 23) & 1 else 1) * p
    w8 = (0x5A5A5A5A & 0xFFFF) | (fp8(a / p) | fp8(b / p) << 8) << 16
    c8 = (w8 >> 16) & 0xFF
    lo8 = E4M3FN[c8 & 0x7F] * (-1 if c8 & 0x80 else 1) * p
    want = [w, bits(hi), w8, bits(lo8)]
    if got[4 * i:4 * i + 4] != want:
        bad += 1
        print("pair", i, [hex(g) for g in got[4 * i:4 * i + 4]], "want", [hex(v) for v in want])
print("fp4 / fp8 scaled conversions,", N, "pairs:", "PASS" if bad == 0 else "FAIL")
print("fp4 bytes:", [hex((g >> 16) & 0xFF) for g in got[0::4]])

os.environ["ARCH"] = "gfx942"
try:
    flyc.compile(run, x, sc, out)
except RuntimeError as e:
    print("gfx942:", str(e).splitlines()[-1])

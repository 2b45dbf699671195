# flyi: run
# Packed conversions built through flydsl._mlir, run on the emulator and checked bit for bit against references
# computed here by integer arithmetic: rocdl.cvt.pkrtz (f32 pair -> f16 pair, toward zero), f32 -> bf16 by
# arith.truncf packed with vector.bitcast (to nearest even), rocdl.cvt.pk.fp8.f32 (gfx942's E4M3FNUZ, to
# nearest even, into the word wordSel picks) and back with rocdl.cvt.pk.f32.fp8.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch
from flydsl._mlir.dialects import arith, rocdl, vector
from flydsl._mlir.extras import types as T

BITS = [0x3F800000, 0x3F800001, 0x3FC00000, 0x3F808000, 0x3F818000, 0xC0490FDB, 0x7F800000, 0x7FC00000,
        0x00000001, 0x477FF000, 0x43700000, 0x3E000000, 0x80000000, 0x3B000000, 0xBA800000, 0x3F8FFFFF,
        0x41100000, 0xC2F00000, 0x3A400000, 0x3DCCCCCD]
N = len(BITS) // 2


@flyc.kernel
def cvt(x: fx.Tensor, out: fx.Tensor):
    i = fx.thread_idx.x
    i32, f32 = T.i32(), T.f32()
    a = arith.bitcast(f32, x[2 * i].ir_value())
    b = arith.bitcast(f32, x[2 * i + 1].ir_value())
    h2 = rocdl.cvt_pkrtz(T.vector(2, T.f16()), a, b)
    out[4 * i] = fx.Int32(vector.extract(vector.bitcast(T.vector(1, i32), h2), static_position=[0]))
    bf = vector.from_elements(T.vector(2, T.bf16()), [arith.truncf(T.bf16(), a), arith.truncf(T.bf16(), b)])
    out[4 * i + 1] = fx.Int32(vector.extract(vector.bitcast(T.vector(1, i32), bf), static_position=[0]))
    old = arith.constant(i32, 0x5A5A5A5A)
    p = rocdl.cvt_pk_fp8_f32(i32, a, b, old, True)  # into the high word, the low one kept
    out[4 * i + 2] = fx.Int32(p)
    back = rocdl.cvt_pk_f32_fp8(T.vector(2, f32), p, True)
    out[4 * i + 3] = fx.Int32(arith.bitcast(i32, vector.extract(back, static_position=[0])))


@flyc.jit
def run(x, out):
    cvt(x, out).launch(grid=1, block=N)


def s32(u):
    return u - (1 << 32) if u >= 1 << 31 else u


def f16_rtz(u):
    s, e, m = (u >> 16) & 0x8000, (u >> 23) & 0xFF, u & 0x7FFFFF
    if e == 255:
        return s | 0x7C00 if m == 0 else s | 0x7E00 | ((u >> 13) & 0x1FF)
    if e == 0:
        return s
    exp = e - 127
    if exp >= 16:
        return s | 0x7BFF
    if exp >= -14:
        return s | (exp + 15) << 10 | (m >> 13)
    sh = -1 - exp
    return s | (((1 << 23) | m) >> sh if sh < 32 else 0)


def bf16_rne(u):
    if (u >> 23) & 0xFF == 255 and u & 0x7FFFFF:
        return (u >> 16) | 0x40
    return ((u + 0x7FFF + ((u >> 16) & 1)) >> 16) & 0xFFFF


def fp8_fnuz(u):
    s, e, m = u >> 31, (u >> 23) & 0xFF, u & 0x7FFFFF
    if e == 255:
        return 0x80
    if e == 0:
        return 0
    exp, big = e - 127, (1 << 23) | m
    qexp = max(exp, -7) - 3  # the quantum: 2^(exp-3) for normals, 2^-10 below
    sh = 23 + qexp - exp
    if sh > 40:
        return 0
    q = big >> sh
    rem, half = big - (q << sh), 1 << (sh - 1)
    if rem > half or (rem == half and q & 1):
        q += 1
    if q == 0:
        return 0
    if q >= 16:
        q, qexp = q >> 1, qexp + 1
    if q < 8:
        return s << 7 | q
    ex = qexp + 11
    return 0x80 if ex > 15 else s << 7 | ex << 3 | (q - 8)


def fp8_fnuz_to_f32(c):
    if c == 0x80:
        return 0x7FC00000
    if c & 0x7F == 0:
        return 0
    s, ex, mant = c >> 7, (c >> 3) & 15, c & 7
    q, k = (mant, -10) if ex == 0 else (8 + mant, ex - 11)
    p = q.bit_length() - 1
    return s << 31 | (k + p + 127) << 23 | (q - (1 << p)) << (23 - p)


def is_nan32(u):
    return (u >> 23) & 0xFF == 255 and u & 0x7FFFFF != 0


x = torch.tensor([s32(b) for b in BITS], dtype=torch.int32, device="cuda")
out = torch.zeros(4 * N, dtype=torch.int32, device="cuda")
run(x, out)
got = [v & 0xFFFFFFFF for v in out.tolist()]
for i in range(N):
    a, b = BITS[2 * i], BITS[2 * i + 1]
    fp8 = fp8_fnuz(a) | fp8_fnuz(b) << 8
    want = [f16_rtz(a) | f16_rtz(b) << 16, bf16_rne(a) | bf16_rne(b) << 16, 0x5A5A | fp8 << 16,
            fp8_fnuz_to_f32(fp8_fnuz(a))]
    row = got[4 * i:4 * i + 4]
    if is_nan32(row[3]) and is_nan32(want[3]):  # any f32 NaN for the NaN code 0x80
        row[3] = want[3]
    print(f"{a:08x} {b:08x}", " ".join(f"{g:08x}" for g in row), "ok" if row == want else
          "want " + " ".join(f"{w:08x}" for w in want))

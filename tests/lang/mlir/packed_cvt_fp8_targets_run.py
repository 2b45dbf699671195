# flyi: run
# flyi: emu-only (it runs the kernels for gfx942 and for gfx950, a child process for each: ARCH picks the chip the
# emulator emulates when a session starts; a device has one fp8 format)
# The unscaled ROCDL fp8 conversions per target: gfx942 converts the FNUZ formats (E4M3FNUZ, bias 8, and
# E5M2FNUZ, bias 16: no infinities, no -0, 0x80 the NaN), gfx950 the OCP ones (E4M3FN, bias 7, S.1111.111 the
# NaN, and E5M2, bias 15, with infinities). rocdl.cvt.pk.fp8.f32 / cvt.pk.bf8.f32 (two f32 into the word wordSel
# picks, the other kept), cvt.pk.f32.fp8 / .bf8 and cvt.f32.fp8 / .bf8 (bytes back to f32) run on the emulator
# and are checked bit for bit against a float64 reference written here: round to nearest even, no saturation
# (the clamp bit clear, as LLVM emits these: beyond the largest finite value NaN, or infinity in E5M2), at
# the edges (448, 464, 480, 240, 248, 57344, 61440), -0.0, NaN, infinities, subnormals and the ties below them.
import math
import os
import struct
import subprocess
import sys

import flydsl.compiler as flyc
import flydsl.expr as fx
import torch
from flydsl._mlir.dialects import arith, rocdl, vector
from flydsl._mlir.extras import types as T

# (name, exponent bits, mantissa bits, bias, kind): kind "fnuz", "fn" (E4M3FN) or "ieee" (E5M2)
FORMATS = {
    "gfx942": (("fp8", 4, 3, 8, "fnuz"), ("bf8", 5, 2, 16, "fnuz")),
    "gfx950": (("fp8", 4, 3, 7, "fn"), ("bf8", 5, 2, 15, "ieee")),
}


def largest(e, m, bias, kind):
    top = (1 << e) - 1 if kind != "ieee" else (1 << e) - 2
    mant = (1 << m) - 1 if kind != "fn" else (1 << m) - 2
    return (1 + mant / (1 << m)) * 2.0 ** (top - bias)


def encode(x, e, m, bias, kind):
    """The 8 bits of float64 x in the format, to nearest even, beyond the largest finite value NaN (inf in ieee)."""
    s = 0x80 if math.copysign(1.0, x) < 0 else 0
    nan = 0x80 if kind == "fnuz" else s | 0x7F if kind == "fn" else s | 0x7E
    ovf = s | 0x7C if kind == "ieee" else nan
    if math.isnan(x):
        return nan
    if math.isinf(x):
        return ovf
    a, emin = abs(x), 1 - bias
    if a == 0.0:
        return 0 if kind == "fnuz" else s
    quantum = 2.0 ** (max(math.frexp(a)[1] - 1, emin) - m)
    v = round(a / quantum) * quantum  # round() of a float: half to even, exact here
    if v > largest(e, m, bias, kind):
        return ovf
    if v == 0.0:
        return 0 if kind == "fnuz" else s
    k = math.frexp(v)[1] - 1
    if k < emin:
        return s | int(v / 2.0 ** (emin - m))
    return s | (k + bias) << m | int(v / 2.0 ** (k - m)) - (1 << m)


def decode(c, e, m, bias, kind):
    s, be, mant = c >> 7, c >> m & ((1 << e) - 1), c & ((1 << m) - 1)
    if (kind == "fnuz" and c == 0x80) or (kind == "fn" and be == (1 << e) - 1 and mant == (1 << m) - 1):
        return math.nan
    if kind == "ieee" and be == (1 << e) - 1:
        return math.nan if mant else (-math.inf if s else math.inf)
    v = (1 + mant / (1 << m)) * 2.0 ** (be - bias) if be else mant * 2.0 ** (1 - bias - m)
    return -v if s else v


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


VALS = [448.0, 464.0, f32(464.00004), 480.0, 240.0, 248.0, f32(247.99998), -448.0, -0.0, 0.0, math.nan, math.inf,
        -math.inf, 2.0**-9, 2.0**-10, 3 * 2.0**-11, 2.0**-6, 2.0**-7, 2.0**-16, 2.0**-17, 2.0**-18, 3 * 2.0**-18,
        57344.0, 61440.0, f32(61439.996), -57344.0, 1.0625, 1.1875, 1.0, -3.3, f32(0.3), 17.0, 1e30, -1e-30,
        100.0, 1e-3]
VALS = [f32(v) for v in VALS]
N = len(VALS) // 2
OLD = 0x5A5AA5A5


def bits(x):
    return struct.unpack("<i", struct.pack("<f", x))[0]


@flyc.kernel
def enc(x: fx.Tensor, out: fx.Tensor):
    i = fx.thread_idx.x
    i32 = T.i32()
    a = arith.bitcast(T.f32(), x[2 * i].ir_value())
    b = arith.bitcast(T.f32(), x[2 * i + 1].ir_value())
    old = arith.constant(i32, OLD - (1 << 32))
    out[2 * i] = fx.Int32(rocdl.cvt_pk_fp8_f32(i32, a, b, old, False))  # the low word, the high one kept
    out[2 * i + 1] = fx.Int32(rocdl.cvt_pk_bf8_f32(i32, a, b, old, True))  # the high word


@flyc.kernel
def dec(codes: fx.Tensor, out: fx.Tensor):
    # thread i: the 4 bytes 4i..4i+3 packed in an i32, back to f32 by each form
    i = fx.thread_idx.x
    i32, f32t = T.i32(), T.f32()
    src = codes[i].ir_value()
    for k, (one, pk) in enumerate(((rocdl.cvt_f32_fp8, rocdl.cvt_pk_f32_fp8), (rocdl.cvt_f32_bf8, rocdl.cvt_pk_f32_bf8))):
        base = 8 * 64 * k + 8 * i
        for j in fx.range_constexpr(4):
            out[base + j] = fx.Int32(arith.bitcast(i32, one(f32t, src, j)))
        for w in fx.range_constexpr(2):
            p = pk(T.vector(2, f32t), src, w == 1)
            for j in fx.range_constexpr(2):
                out[base + 4 + 2 * w + j] = fx.Int32(arith.bitcast(i32, vector.extract(p, static_position=[j])))


@flyc.jit
def run_enc(x, out):
    enc(x, out).launch(grid=1, block=N)


@flyc.jit
def run_dec(codes, out):
    dec(codes, out).launch(grid=1, block=64)


def same_f32(got_bits, want):
    g = struct.unpack("<f", struct.pack("<i", got_bits))[0]
    return (math.isnan(g) and math.isnan(want)) or (g == want and math.copysign(1, g) == math.copysign(1, want))


def child(arch):
    (_, *f8), (_, *b8) = FORMATS[arch]
    codes = torch.tensor([struct.unpack("<i", bytes(range(4 * i, 4 * i + 4)))[0] for i in range(64)],
                         dtype=torch.int32, device="cuda")
    x = torch.tensor([bits(v) for v in VALS], dtype=torch.int32, device="cuda")
    out = torch.zeros(2 * N, dtype=torch.int32, device="cuda")
    run_enc(x, out)
    got = [v & 0xFFFFFFFF for v in out.tolist()]
    bad = 0
    for i in range(N):
        a, b = VALS[2 * i], VALS[2 * i + 1]
        want = [(OLD & 0xFFFF0000) | encode(a, *f8) | encode(b, *f8) << 8,
                (OLD & 0xFFFF) | (encode(a, *b8) | encode(b, *b8) << 8) << 16]
        if got[2 * i:2 * i + 2] != want:
            bad += 1
            print("  %r %r: got %08x %08x want %08x %08x" % (a, b, *got[2 * i:2 * i + 2], *want))
    print(arch, "cvt.pk.fp8.f32 / cvt.pk.bf8.f32 of %d values:" % len(VALS), "PASS" if not bad else "FAIL")
    def code(k, bf):  # the byte VALS[k] became
        return got[2 * (k // 2) + bf] >> (16 * bf + 8 * (k % 2)) & 0xFF

    for name, k in (("448", 0), ("240", 4), ("-0.0", 8), ("NaN", 10), ("inf", 11), ("2^-9", 13), ("57344", 22)):
        print(arch, "%-6s fp8 %02x bf8 %02x" % (name, code(k, 0), code(k, 1)))
    dout = torch.zeros(2 * 8 * 64, dtype=torch.int32, device="cuda")
    run_dec(codes, dout)
    d = dout.tolist()
    for k, (name, fmt) in enumerate((("fp8", f8), ("bf8", b8))):
        bad = [c for c in range(256) for form in (0, 1)
               if not same_f32(d[8 * 64 * k + 8 * (c // 4) + 4 * form + c % 4], decode(c, *fmt))]
        print(arch, "cvt.f32.%s / cvt.pk.f32.%s of the 256 codes:" % (name, name), "PASS" if not bad else
              "FAIL %s" % ["%02x" % c for c in bad[:8]])


if len(sys.argv) > 1:
    child(sys.argv[1])
else:
    exe = os.readlink("/proc/self/exe")
    for arch in ("gfx942", "gfx950"):
        env = dict(os.environ, FLYDSL_RUNTIME_ENABLE_CACHE="0", ARCH=arch)
        r = subprocess.run([exe, os.path.abspath(__file__), arch], env=env, stdout=subprocess.PIPE,
                           stderr=subprocess.DEVNULL, text=True)
        print(r.stdout, end="")
        print(arch, "exit", r.returncode)

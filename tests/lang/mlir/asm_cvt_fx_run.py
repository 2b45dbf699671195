# flyi: run
# flydsl.expr.rocdl's inline-asm conversions as FlyDSL's kernels call them: rocdl.cvt_pk_bf16_f32(a, b) (an i32,
# bf16(a) low and bf16(b) high, to nearest even) and rocdl.cvt_off_f32_i4(x, byte_sel) (the low nibble of a byte as
# a signed int4 / 16), on the emulator against references computed here with struct. v_cvt_pk_bf16_f32 is gfx950's.
import os
import struct

os.environ["ARCH"] = "gfx950"

import flydsl.compiler as flyc
import flydsl.expr as fx
import torch
from flydsl.expr import rocdl

N = 64


@flyc.kernel
def k(a: fx.Tensor, b: fx.Tensor, x: fx.Tensor, pk: fx.Tensor, off: fx.Tensor):
    t = fx.Int32(fx.thread_idx.x)
    pk[t] = fx.Int32(rocdl.cvt_pk_bf16_f32(a[t], b[t]))
    off[t * 2] = fx.Float32(rocdl.cvt_off_f32_i4(x[t]))
    off[t * 2 + 1] = fx.Float32(rocdl.cvt_off_f32_i4(x[t], byte_sel=2))


@flyc.jit
def run(a, b, x, pk, off):
    k(a, b, x, pk, off).launch(grid=1, block=N)


def bf16_bits(f):
    u = struct.unpack("<I", struct.pack("<f", f))[0]
    return ((u + 0x7FFF + ((u >> 16) & 1)) >> 16) & 0xFFFF


def i4(n):
    return (n & 15) - 16 * ((n & 15) >> 3)


g = torch.Generator().manual_seed(3)
a = (torch.randn(N, generator=g) * 100).to("cuda")
b = (torch.randn(N, generator=g) * 0.01).to("cuda")
a[0], b[0] = 1.00390625, 1.01171875  # halfway cases: to even down, to even up
x = torch.randint(-2**31, 2**31 - 1, (N,), generator=g, dtype=torch.int32).to("cuda")
pk = torch.zeros(N, dtype=torch.int32, device="cuda")
off = torch.zeros(2 * N, dtype=torch.float32, device="cuda")
run(a, b, x, pk, off)
want_pk = [bf16_bits(p) | bf16_bits(q) << 16 for p, q in zip(a.tolist(), b.tolist())]
got_pk = [v & 0xFFFFFFFF for v in pk.tolist()]
print("cvt_pk_bf16_f32:", "PASS" if got_pk == want_pk else "FAIL", hex(got_pk[0]))
want_off = []
for v in x.tolist():
    want_off += [i4(v) / 16, i4(v >> 16) / 16]
print("cvt_off_f32_i4:", "PASS" if off.tolist() == want_off else "FAIL", off.tolist()[:4])

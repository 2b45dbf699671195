# flyi: run
# The conversions FlyDSL writes as inline asm on gfx950 (v_cvt_pk_bf16_f32: two f32 to bf16 to nearest even,
# packed; v_cvt_off_f32_i4 and its _sdwa BYTE_n form: a signed int4 over 16), run on the emulator and checked
# against references computed here by integer arithmetic.
import os

os.environ["ARCH"] = "gfx950"  # the instructions exist on gfx950 only
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch
from flydsl._mlir.dialects import arith, llvm
from flydsl._mlir.extras import types as T


@flyc.kernel
def k(x: fx.Tensor, out: fx.Tensor):
    i = fx.thread_idx.x
    a = arith.bitcast(T.f32(), x[2 * i].ir_value())
    b = arith.bitcast(T.f32(), x[2 * i + 1].ir_value())
    out[3 * i] = fx.Int32(llvm.inline_asm(T.i32(), [a, b], "v_cvt_pk_bf16_f32 $0, $1, $2", "=v,v,v"))
    w = x[2 * i].ir_value()
    f0 = llvm.inline_asm(T.f32(), [w], "v_cvt_off_f32_i4 $0, $1", "=v,v")
    f2 = llvm.inline_asm(T.f32(), [w], "v_cvt_off_f32_i4_sdwa $0, $1 dst_sel:DWORD dst_unused:UNUSED_PAD "
                         "src0_sel:BYTE_2", "=v,v")
    out[3 * i + 1] = fx.Int32(arith.bitcast(T.i32(), f0))
    out[3 * i + 2] = fx.Int32(arith.bitcast(T.i32(), f2))


@flyc.jit
def run(x, out):
    k(x, out).launch(grid=1, block=4)


BITS = [0x3F808000, 0x3F818000, 0x0F0A0B07, 0x7FC00000, 0x00000008, 0x40490FDB, 0x3F0C800F, 0x3F800001]


def s32(u):
    return u - (1 << 32) if u >= 1 << 31 else u


def bf16_rne(u):
    if (u >> 23) & 0xFF == 255 and u & 0x7FFFFF:
        return (u >> 16) | 0x40
    return ((u + 0x7FFF + ((u >> 16) & 1)) >> 16) & 0xFFFF


def off_i4(u, byte):
    n = (u >> (8 * byte)) & 15
    q = n - 16 if n >= 8 else n  # value q / 16 as f32 bits
    if q == 0:
        return 0
    a = abs(q)
    p = a.bit_length() - 1
    return (0x80000000 if q < 0 else 0) | (p - 4 + 127) << 23 | ((a - (1 << p)) << (23 - p))


x = torch.tensor([s32(b) for b in BITS], dtype=torch.int32, device="cuda")
o = torch.zeros(12, dtype=torch.int32, device="cuda")
run(x, o)
got = [v & 0xFFFFFFFF for v in o.tolist()]
for i in range(4):
    a, b = BITS[2 * i], BITS[2 * i + 1]
    want = [bf16_rne(a) | bf16_rne(b) << 16, off_i4(a, 0), off_i4(a, 2)]
    row = got[3 * i:3 * i + 3]
    print(" ".join(f"{v:08x}" for v in row), "ok" if row == want else "want " + " ".join(f"{v:08x}" for v in want))

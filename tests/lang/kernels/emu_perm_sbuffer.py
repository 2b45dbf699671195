# flyi: run
# Two lane operations FlyDSL's attention and paged-decode kernels use, on the emulator against Python:
# fx.rocdl.perm_b32 (llvm.amdgcn.perm, v_perm_b32: each result byte picked from the eight bytes of {hi, lo} by a
# selector byte, 8-11 a sign spread, 12 zero, 13+ 0xff) and the scalar buffer load llvm.amdgcn.s.buffer.load (its
# resource the buffer pointer through ptrtoint to i128 and a bitcast to vector<4xi32>, as FlyDSL's buffer_ops
# builds it), with the buffer range rule (past num_records: 0).
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch
from flydsl._mlir import ir
from flydsl._mlir.dialects import llvm
from flydsl.expr.typing import T

SELS = [0x03020100, 0x07060504, 0x00010203, 0x0C0D0E0F, 0x08090A0B, 0x04050607, 0xFF0C0B08, 0x01000504]
HI, LO = [0x80FF7F01, 0x12345678, 0x0080FF00, 0xDEADBEEF], [0x9ABCDEF0, 0x00800080, 0x7F7F8080, 0x01020304]


@flyc.kernel
def perm_k(hi: fx.Tensor, lo: fx.Tensor, sel: fx.Tensor, out: fx.Tensor):
    t = fx.Int32(fx.thread_idx.x)
    out[t] = fx.Int32(fx.rocdl.perm_b32(hi[t // 8], lo[t // 8], sel[t % 8]))


@flyc.kernel
def sload_k(src: fx.Tensor, out: fx.Tensor):
    t = fx.Int32(fx.thread_idx.x)
    # 5 dwords of records: dwords 5.. read 0
    rsrc = fx.rocdl.get_buffer_rsrc(fx.get_iter(fx.rocdl.make_buffer_tensor(src, num_records_bytes=5 * 4)))
    wide = llvm.ptrtoint(ir.IntegerType.get_signless(128), rsrc)
    v4 = llvm.bitcast(ir.VectorType.get([4], ir.IntegerType.get_signless(32)), wide)
    off = ((t % 8) * fx.Int32(4)).ir_value()
    got = llvm.call_intrinsic(T.i32, "llvm.amdgcn.s.buffer.load.i32", [v4, off, fx.Int32(0).ir_value()], [], [])
    out[t] = fx.Int32(got)


@flyc.jit
def run_perm(hi, lo, sel, out):
    perm_k(hi, lo, sel, out).launch(grid=1, block=32)


@flyc.jit
def run_sload(src, out):
    sload_k(src, out).launch(grid=1, block=8)


def perm_ref(hi, lo, sel):
    data = (hi << 32) | lo
    r = 0
    for k in range(4):
        s = (sel >> (8 * k)) & 0xFF
        if s < 8:
            b = (data >> (8 * s)) & 0xFF
        elif s < 12:
            b = 0xFF * ((data >> (16 * (s - 8) + 15)) & 1)
        elif s == 12:
            b = 0
        else:
            b = 0xFF
        r |= b << (8 * k)
    return r


def i32(x):
    return x - (1 << 32) if x >= 1 << 31 else x


dev = "cuda"
hi = torch.tensor([i32(x) for x in HI], dtype=torch.int32, device=dev)
lo = torch.tensor([i32(x) for x in LO], dtype=torch.int32, device=dev)
sel = torch.tensor([i32(x) for x in SELS], dtype=torch.int32, device=dev)
out = torch.zeros(32, dtype=torch.int32, device=dev)
run_perm(hi, lo, sel, out)
want = [i32(perm_ref(HI[t // 8], LO[t // 8], SELS[t % 8])) for t in range(32)]
print("perm_b32", out.tolist() == want)
print(" ", ["%08x" % (x & 0xFFFFFFFF) for x in out.tolist()[:8]])
src = torch.arange(100, 108, dtype=torch.int32, device=dev)
o2 = torch.full((8,), -1, dtype=torch.int32, device=dev)
run_sload(src, o2)
print("s.buffer.load", o2.tolist() == [100, 101, 102, 103, 104, 0, 0, 0], o2.tolist())

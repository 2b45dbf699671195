# flyi: run
# gfx950's LDS transpose reads, rocdl.ds_read_tr16_b64 / ds_read_tr8_b64 through flydsl._mlir, on the emulator:
# every lane reads the 8 bytes at its own LDS address, then each 16-lane group trades them so that lane i gets
# column i of the group's block (n = 4 or 8 rows of 16 elements, 16 / n lanes a row): element j of lane i is
# element i % n of what lane 16 / n * j + i / n of its group read. Lanes read the blocks of a permutation, so
# the check is of the lane rule, against a reference computed here. For gfx942 the op is a compile error.
import os

os.environ["ARCH"] = "gfx950"
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch
from flydsl._mlir import ir
from flydsl._mlir.dialects import llvm, rocdl, vector
from flydsl._mlir.extras import types as T

N = 64
# lane l reads the 8 bytes of block PERM[l] (a permutation of the 64 blocks of 8 bytes)
PERM = [(l * 37 + 11) % 64 for l in range(N)]

@flyc.kernel
def k(perm: fx.Tensor, out16: fx.Tensor, out8: fx.Tensor):
    t = fx.Int32(fx.thread_idx.x)
    lds = fx.SharedAllocator().allocate(fx.Array[fx.Int32, 2 * N]).peek()
    lds_t = fx.make_view(lds.ptr, fx.make_layout(2 * N, 1))
    for h in range(2):
        q = t * 4 + h * 2  # 16-bit elements q and q + 1 of the 512-byte block
        lds_t[t * 2 + h] = (q * 7 + 10) * 65536 + q * 7 + 3
    fx.gpu.barrier()
    base = fx.Int32(fx.ptrtoint(lds.ptr))
    pt = llvm.PointerType.get(3)
    p = fx.Tensor(fx.make_view(fx.get_iter(perm), fx.make_layout(N, 1)))
    addr = base + fx.Int32(p[t]) * 8
    ptr = llvm.inttoptr(pt, addr.ir_value())
    r16 = rocdl.ds_read_tr16_b64(T.vector(4, T.i16()), ptr).result  # the op, as FlyDSL reads it
    r8 = rocdl.ds_read_tr8_b64(T.vector(2, T.i32()), ptr)
    o16 = fx.Tensor(fx.make_view(fx.get_iter(out16), fx.make_layout(4 * N, 1)))
    o8 = fx.Tensor(fx.make_view(fx.get_iter(out8), fx.make_layout(2 * N, 1)))
    for j in range(4):
        o16[t * 4 + j] = fx.Int16(vector.extract(r16, static_position=[j], dynamic_position=[]))
    for j in range(2):
        o8[t * 2 + j] = fx.Int32(vector.extract(r8, static_position=[j], dynamic_position=[]))

@flyc.jit
def run(perm, out16, out8):
    k(perm, out16, out8).launch(grid=1, block=N)

perm = torch.tensor(PERM, dtype=torch.int32, device="cuda")
o16 = torch.zeros(4 * N, dtype=torch.int16, device="cuda")
o8 = torch.zeros(2 * N, dtype=torch.int32, device="cuda")
run(perm, o16, o8)

mem = []
for q in range(4 * N):
    v = q * 7 + 3
    mem += [v & 0xFF, v >> 8]
block = [mem[8 * b:8 * b + 8] for b in range(N)]
u16 = lambda bs, e: bs[2 * e] | bs[2 * e + 1] << 8
want16, want8 = [], []
for i in range(N):
    g, ii = i // 16, i % 16
    want16 += [u16(block[PERM[16 * g + 4 * j + ii // 4]], ii % 4) for j in range(4)]
    by = [block[PERM[16 * g + 2 * j + ii // 8]][ii % 8] for j in range(8)]
    want8 += [int.from_bytes(bytes(by[0:4]), "little", signed=True), int.from_bytes(bytes(by[4:8]), "little", signed=True)]
got16 = [x & 0xFFFF for x in o16.tolist()]
print("ds_read_tr16_b64:", "PASS" if got16 == want16 else "FAIL", got16[:8])
print("ds_read_tr8_b64:", "PASS" if o8.tolist() == want8 else "FAIL", o8.tolist()[:4])

os.environ["ARCH"] = "gfx942"
try:
    flyc.compile(run, perm, o16, o8)
except RuntimeError as e:
    print("gfx942:", str(e).splitlines()[-1])

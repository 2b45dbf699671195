# flyi: run
# gfx950's 4- and 6-bit LDS transpose reads, rocdl.ds_read_tr4_b64 / ds_read_tr6_b96 through flydsl._mlir, on the
# emulator: every lane reads 64 bits (sixteen 4-bit elements) or 96 bits (sixteen 6-bit elements) at its own LDS
# address, then each 16-lane group trades them so that lane i gets column i of the group's 16 x 16 block: element
# j of lane i is element i of what lane j of its group read (FlyDSL's CDNA4 LdsReadTranspose layouts: source
# (16,64):(64,1) / (16,96):(96,1) bits, destination (16,(4,16)):(4,(1,64)) / (16,(6,16)):(6,(1,96))). Lanes read
# the blocks of a permutation, 16-byte aligned for the 96-bit reads; the check is exact, against a reference
# computed here from the bytes.
import os

os.environ["ARCH"] = "gfx950"
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch
from flydsl._mlir.dialects import llvm, rocdl, vector
from flydsl._mlir.extras import types as T

N = 64
PERM = [(l * 37 + 11) % 64 for l in range(N)]
WORDS = 4 * N  # 1 KiB of LDS: 64 blocks of 16 bytes
# the LDS contents: a xorshift stream (every bit position varies)
DATA, x = [], 2463534242
for _ in range(WORDS):
    x ^= (x << 13) & 0xFFFFFFFF
    x ^= x >> 17
    x ^= (x << 5) & 0xFFFFFFFF
    DATA.append(x)


@flyc.kernel
def k(data: fx.Tensor, perm: fx.Tensor, out4: fx.Tensor, out6: fx.Tensor):
    t = fx.Int32(fx.thread_idx.x)
    lds = fx.SharedAllocator().allocate(fx.Array[fx.Int32, WORDS]).peek()
    lds_t = fx.make_view(lds.ptr, fx.make_layout(WORDS, 1))
    d = fx.Tensor(fx.make_view(fx.get_iter(data), fx.make_layout(WORDS, 1)))
    for h in range(4):
        lds_t[t * 4 + h] = d[t * 4 + h]
    fx.gpu.barrier()
    base = fx.Int32(fx.ptrtoint(lds.ptr))
    pt = llvm.PointerType.get(3)
    p = fx.Tensor(fx.make_view(fx.get_iter(perm), fx.make_layout(N, 1)))
    b = fx.Int32(p[t])
    r4 = rocdl.ds_read_tr4_b64(T.vector(2, T.i32()), llvm.inttoptr(pt, (base + b * 8).ir_value()))
    r6 = rocdl.ds_read_tr6_b96(T.vector(3, T.i32()), llvm.inttoptr(pt, (base + b * 16).ir_value()))
    o4 = fx.Tensor(fx.make_view(fx.get_iter(out4), fx.make_layout(2 * N, 1)))
    o6 = fx.Tensor(fx.make_view(fx.get_iter(out6), fx.make_layout(3 * N, 1)))
    for j in range(2):
        o4[t * 2 + j] = fx.Int32(vector.extract(r4, static_position=[j], dynamic_position=[]))
    for j in range(3):
        o6[t * 3 + j] = fx.Int32(vector.extract(r6, static_position=[j], dynamic_position=[]))


@flyc.jit
def run(data, perm, out4, out6):
    k(data, perm, out4, out6).launch(grid=1, block=N)


perm = torch.tensor(PERM, dtype=torch.int32, device="cuda")
o4 = torch.zeros(2 * N, dtype=torch.int32, device="cuda")
o6 = torch.zeros(3 * N, dtype=torch.int32, device="cuda")
data = torch.tensor([w - (1 << 32) if w >= 1 << 31 else w for w in DATA], dtype=torch.int32, device="cuda")
run(data, perm, o4, o6)

mem = b"".join(w.to_bytes(4, "little") for w in DATA)
bits = int.from_bytes(mem, "little")  # bit x of LDS is bit x of this integer


def field(bit, width):
    return (bits >> bit) & ((1 << width) - 1)


def words_of(value, n):
    return [int.from_bytes(((value >> (32 * w)) & 0xFFFFFFFF).to_bytes(4, "little"), "little", signed=True)
            for w in range(n)]


want4, want6 = [], []
for i in range(N):
    g, ii = i // 16, i % 16
    v4 = v6 = 0
    for j in range(16):
        src = PERM[16 * g + j]  # lane j of the group read block src
        v4 |= field(64 * src + 4 * ii, 4) << (4 * j)
        v6 |= field(128 * src + 6 * ii, 6) << (6 * j)
    want4 += words_of(v4, 2)
    want6 += words_of(v6, 3)
print("ds_read_tr4_b64:", "PASS" if o4.tolist() == want4 else "FAIL", o4.tolist()[:4])
print("ds_read_tr6_b96:", "PASS" if o6.tolist() == want6 else "FAIL", o6.tolist()[:6])

# flyi: run
# gfx950's LDS transpose reads written as inline asm, the forms FlyDSL's attention kernels emit
# ("ds_read_b64_tr_b16 $0, $1 offset:N\n" / "ds_read_b64_tr_b8 ..." with "=v,v,~{memory}"), on the emulator:
# every lane's asm read at address - OFF with offset:OFF must equal, bit for bit, the intrinsic
# rocdl.ds_read_tr16_b64 / tr8_b64 at the address itself, on the same LDS data (lanes read the 8-byte blocks of
# a permutation). Also the offset-less form, the "=v,v" constraints and a trailing s_waitcnt. A near-miss asm
# string (a hex offset, other spacing, the b4 form, other constraints, another wait) keeps the
# inline-asm error, and so does the asm on gfx942.
import os

os.environ["ARCH"] = "gfx950"
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch
from flydsl._mlir import ir
from flydsl._mlir.dialects import llvm, rocdl, vector
from flydsl._mlir.extras import types as T

N = 64
OFF = 72
PERM = [(l * 37 + 11) % 64 for l in range(N)]
V2 = T.vector(2, T.i32())


def asm_read(form, addr, off, cons="=v,v,~{memory}", tail="\n"):
    text = f"ds_read_b64_tr_b{form} $0, $1" + (f" offset:{off}" if off is not None else "") + tail
    return llvm.inline_asm(V2, [addr], text, cons, has_side_effects=True)


@flyc.kernel
def k(perm: fx.Tensor, out: fx.Tensor):
    t = fx.Int32(fx.thread_idx.x)
    lds = fx.SharedAllocator().allocate(fx.Array[fx.Int32, 2 * N + 32]).peek()
    lds_t = fx.make_view(lds.ptr, fx.make_layout(2 * N + 32, 1))
    for h in range(2):
        q = t * 4 + h * 2
        lds_t[16 + t * 2 + h] = (q * 7 + 10) * 65536 + q * 7 + 3
    fx.gpu.barrier()
    base = fx.Int32(fx.ptrtoint(lds.ptr)) + 64  # the data starts 64 bytes in
    p = fx.Tensor(fx.make_view(fx.get_iter(perm), fx.make_layout(N, 1)))
    addr = base + fx.Int32(p[t]) * 8
    ptr = llvm.inttoptr(llvm.PointerType.get(3), addr.ir_value())
    a_lo = (addr - OFF).ir_value()
    a = addr.ir_value()
    res = [
        vector.bitcast(V2, rocdl.ds_read_tr16_b64(T.vector(4, T.i16()), ptr).result),  # the intrinsic
        asm_read(16, a_lo, OFF),  # FlyDSL's form
        asm_read(16, a, None, "=v,v"),  # no offset, no clobber
        asm_read(16, a, 0, tail="\ns_waitcnt lgkmcnt(0)\n"),
        rocdl.ds_read_tr8_b64(V2, ptr),
        asm_read(8, a_lo, OFF),
        asm_read(8, a, None, "=v,v"),
        asm_read(8, a, 0, tail="\ns_waitcnt lgkmcnt(0)\n"),
    ]
    o = fx.Tensor(fx.make_view(fx.get_iter(out), fx.make_layout(16 * N, 1)))
    for r, v in enumerate(res):
        for j in range(2):
            o[(r * N + t) * 2 + j] = fx.Int32(vector.extract(v, static_position=[j], dynamic_position=[]))


@flyc.jit
def run(perm, out):
    k(perm, out).launch(grid=1, block=N)


perm = torch.tensor(PERM, dtype=torch.int32, device="cuda")
out = torch.zeros(16 * N, dtype=torch.int32, device="cuda")
run(perm, out)
got = out.tolist()
rows = [got[r * 2 * N:(r + 1) * 2 * N] for r in range(8)]
names = ["tr_b16 offset:72", "tr_b16 no offset, =v,v", "tr_b16 + s_waitcnt", None,
         "tr_b8 offset:72", "tr_b8 no offset, =v,v", "tr_b8 + s_waitcnt"]
for i, name in enumerate(names):
    if name:
        ref = rows[0] if i < 3 else rows[4]
        print(f"{name}: {'same as the intrinsic' if rows[i + 1] == ref else 'DIFFERS'}")
# the intrinsic itself against the lane rule (element j of lane i is element i % 4 of lane 4j + i/4's read)
mem = []
for q in range(4 * N):
    v = q * 7 + 3
    mem += [v & 0xFF, v >> 8]
blk = [mem[8 * b:8 * b + 8] for b in range(N)]
want = []
for i in range(N):
    g, ii = i // 16, i % 16
    e = [blk[PERM[16 * g + 4 * j + ii // 4]][2 * (ii % 4):2 * (ii % 4) + 2] for j in range(4)]
    want += [int.from_bytes(bytes(e[0] + e[1]), "little", signed=True),
             int.from_bytes(bytes(e[2] + e[3]), "little", signed=True)]
print("intrinsic tr16 vs the lane rule:", "PASS" if rows[0] == want else "FAIL")

# near-misses the AMDGPU assembler takes (its rejects stop the compile before the emulator sees them)
BAD = [("ds_read_b64_tr_b16 $0, $1 offset:0x40", "=v,v"),  # a hex offset
       ("ds_read_b64_tr_b16 $0,$1", "=v,v"),  # spacing other than the kernels'
       ("ds_read_b64_tr_b4 $0, $1", "=v,v"),  # not a form the kernels emit
       ("ds_read_b64_tr_b16 $0, $1 offset:8", "=&v,v"),  # other constraints
       ("ds_read_b64_tr_b16 $0, $1\ns_waitcnt vmcnt(0)", "=v,v")]


def bad_kernel(text, cons):
    @flyc.kernel
    def kb(out: fx.Tensor):
        a = fx.Int32(fx.thread_idx.x).ir_value()
        v = llvm.inline_asm(V2, [a], text, cons, has_side_effects=True)
        out[0] = fx.Int32(vector.extract(v, static_position=[0], dynamic_position=[]))

    @flyc.jit
    def rb(out):
        kb(out).launch(grid=1, block=64)

    return rb


for text, cons in BAD:
    try:
        bad_kernel(text, cons)(out)
        print("accepted:", repr(text))
    except flyc.KernelError as e:
        print("KernelError:", str(e).replace("\n", "\\n"))

os.environ["ARCH"] = "gfx942"
try:
    run(perm, out)
    print("gfx942: accepted")
except (flyc.KernelError, RuntimeError) as e:
    print("gfx942:", type(e).__name__, str(e).splitlines()[-1])

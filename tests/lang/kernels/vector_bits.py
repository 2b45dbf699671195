# flyi: run
# Bit-level Vector ops (trace_vector.c): bitcast between element types, & | ^ << >> with scalars and
# Vectors (>> logical on unsigned, arithmetic on signed elements), shuffle(other, mask). The kernel rounds
# f32 values to bf16 by hand (round half to even on the upper 16 bits), packs pairs into u32 words and
# checks the result against torch's own conversion; flydsl.expr.vector gives full / ReductionOp.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch
from flydsl.expr.vector import ReductionOp, full

W = 8

@flyc.kernel
def pack_bf16(x: fx.Tensor, packed: fx.Tensor, misc: fx.Tensor):
    t = fx.thread_idx.x
    src = fx.logical_divide(x, fx.make_layout(W, 1))
    dst = fx.logical_divide(packed, fx.make_layout(W // 2, 1))
    r = fx.make_rmem_tensor(W, fx.Float32)
    fx.copy(fx.make_copy_atom(fx.UniversalCopy32b(), fx.Float32), fx.slice(src, (None, t)), r)
    v = fx.memref_load_vec(r)
    u = v.bitcast(fx.Uint32)
    keep = (u >> 16) & 1                       # the bit that decides ties
    hi = (u + (keep + 0x7FFF)) >> 16
    lo_half = hi.shuffle(hi, [0, 2, 4, 6])
    hi_half = hi.shuffle(hi, [1, 3, 5, 7]) << 16
    words = lo_half | hi_half
    out = fx.make_rmem_tensor(W // 2, fx.Int32)
    fx.memref_store_vec(words.bitcast(fx.Int32), out)
    fx.copy(fx.make_copy_atom(fx.UniversalCopy32b(), 32), out, fx.slice(dst, (None, t)))
    # signed shifts and xor, and a reduction of the packed words' low halves
    s = v.to(fx.Int32)
    mixed = (s >> 1) ^ full(W, -1, fx.Int32)
    misc[t * 2] = mixed.reduce(ReductionOp.ADD)
    misc[t * 2 + 1] = (words & 0xFFFF).bitcast(fx.Int32).reduce(ReductionOp.OR)
    print("trace:", v, u, words)

@flyc.jit
def run(x, packed, misc):
    pack_bf16(x, packed, misc).launch(grid=1, block=4)

torch.manual_seed(7)
x = torch.randn(32, device="cuda") * 100.0
x[0], x[1], x[2], x[3] = 1.0, -3.5, 65504.0, -0.015625
packed = torch.zeros(16, dtype=torch.int32, device="cuda")
misc = torch.zeros(8, dtype=torch.int32, device="cuda")
run(x, packed, misc)
want = x.cpu().to(torch.bfloat16).view(torch.int16).to(torch.int32) & 0xFFFF
got = packed.cpu()
lo, hi = got & 0xFFFF, (got >> 16) & 0xFFFF
print("bf16 rounding matches torch:", torch.equal(lo, want[0::2]) and torch.equal(hi, want[1::2]))
print([hex(int(w) & 0xFFFFFFFF) for w in got[:2].tolist()])
xi = x.cpu().to(torch.int32).view(4, W)
print("signed >> and ^ match:", misc.cpu()[0::2].tolist() == ((xi >> 1) ^ -1).sum(dim=1).tolist())
ors = [0] * 4
for t in range(4):
    for w in lo[t * 4:(t + 1) * 4].tolist():
        ors[t] |= w
print("or-reduce matches:", misc.cpu()[1::2].tolist() == ors)

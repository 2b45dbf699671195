# flyi: run
# fx.copy with a buffer copy atom between a register tensor and a buffer tensor of another element width moves
# bits, as FlyDSL's buffer atoms do (the gfx950 attention stores packed i32 words into its bf16 O): four Int32
# register values stored as eight bf16 at a one-element slice, eight bf16 loaded back as four Int32 words, and a
# register tensor without the atom's bits refused; run on the emulator and checked exactly.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch
from flydsl.expr.typing import Vector as Vec

NT = 2


@flyc.kernel
def k(O: fx.Tensor, I: fx.Tensor, R: fx.Tensor):
    t = fx.Index(fx.thread_idx.x)
    o_div = fx.logical_divide(fx.rocdl.make_buffer_tensor(O), fx.make_layout(1, 1))
    i_div = fx.logical_divide(fx.rocdl.make_buffer_tensor(I), fx.make_layout(1, 1))
    atom = fx.make_copy_atom(fx.rocdl.BufferCopy128b(), fx.Int32)
    reg = fx.make_rmem_tensor(fx.make_layout(4, 1), fx.Int32)
    ti = fx.Int32(t)
    fx.memref_store_vec(Vec.from_elements([ti * 4 + 0x3F800000, ti + 0x40000000, ti * 3, ti - 1], fx.Int32), reg)
    fx.copy(atom, reg, fx.slice(o_div, (None, fx.Int32(t * fx.Index(8)))))
    back = fx.make_rmem_tensor(fx.make_layout(4, 1), fx.Int32)
    fx.copy(atom, fx.slice(i_div, (None, fx.Int32(t * fx.Index(8)))), back)
    v = Vec(fx.memref_load_vec(back))
    for j in range(4):
        R[t * 4 + j] = v[j]


@flyc.kernel
def short(O: fx.Tensor):
    o_div = fx.logical_divide(fx.rocdl.make_buffer_tensor(O), fx.make_layout(1, 1))
    reg = fx.make_rmem_tensor(fx.make_layout(2, 1), fx.Int32)
    fx.copy(fx.make_copy_atom(fx.rocdl.BufferCopy128b(), fx.Int32), reg, fx.slice(o_div, (None, fx.Int32(0))))


@flyc.jit
def run(O, I, R):
    k(O, I, R).launch(grid=1, block=NT)


@flyc.jit
def run_short(O):
    short(O).launch(grid=1, block=1)


O = torch.zeros(8 * NT, dtype=torch.bfloat16, device="cuda")
I = torch.arange(8 * NT, dtype=torch.int16, device="cuda").view(torch.bfloat16)
R = torch.zeros(4 * NT, dtype=torch.int32, device="cuda")
run(O, I, R)


def halves(w):
    w &= 0xFFFFFFFF
    return [(h - 0x10000 if h >= 0x8000 else h) for h in (w & 0xFFFF, w >> 16)]


want_o = []
for t in range(NT):
    for w in (t * 4 + 0x3F800000, t + 0x40000000, t * 3, t - 1):
        want_o += halves(w)
want_r = [(2 * i + 1) * 65536 + 2 * i for i in range(4 * NT)]
print(O.view(torch.int16).tolist())
print(R.tolist())
print("exact:", O.view(torch.int16).tolist() == want_o, R.tolist() == want_r)
try:
    run_short(O)
except ValueError as e:
    print("ValueError:", e)

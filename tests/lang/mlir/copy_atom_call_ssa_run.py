# flyi: run
# fly.copy_atom_call_ssa as FlyDSL's gfx950 attention kernels call it: buffer copy atoms on one-element slices of
# logical_divide(make_buffer_tensor(t), 1:1), loading the atom's bits from the slice's element as the result type
# (vector<4xi32> / vector<1xi32>, f32 bits as vector<1xi32>, eight fp8 bytes as vector<2xi32>), the store form
# (no results), a predicated load (dst where pred is false) and a predicated store; run on the emulator and
# checked against a reference computed here with Python ints.
import struct

import flydsl.compiler as flyc
import flydsl.expr as fx
import torch
from flydsl._mlir.dialects import fly
from flydsl.expr.typing import Vector as Vec

NT, W = 4, 16  # threads; output words per thread


@flyc.kernel
def k(A: fx.Tensor, F: fx.Tensor, Q: fx.Tensor, Out: fx.Tensor):
    t = fx.Index(fx.thread_idx.x)
    one = fx.make_layout(1, 1)
    a_div = fx.logical_divide(fx.rocdl.make_buffer_tensor(A), one)
    f_div = fx.logical_divide(fx.rocdl.make_buffer_tensor(F), one)
    q_div = fx.logical_divide(fx.rocdl.make_buffer_tensor(Q), one)
    o_div = fx.logical_divide(fx.rocdl.make_buffer_tensor(Out), one)
    ld128 = fx.make_copy_atom(fx.rocdl.BufferCopy128b(), fx.Int32)
    ld64 = fx.make_copy_atom(fx.rocdl.BufferCopy64b(), fx.Int32)
    ld32 = fx.make_copy_atom(fx.rocdl.BufferCopy32b(), fx.Int32)
    v4, v2, v1 = Vec.make_type(4, fx.Int32), Vec.make_type(2, fx.Int32), Vec.make_type(1, fx.Int32)
    f1 = Vec.make_type(1, fx.Float32)
    base = t * fx.Index(W)

    def at(div, i):
        return fx.slice(div, (None, fx.Int32(i)))

    a4 = fly.copy_atom_call_ssa([v4], ld128, at(a_div, t * fx.Index(4)))
    fly.copy_atom_call_ssa([], ld128, a4, at(o_div, base))
    a1 = fly.copy_atom_call_ssa([v1], ld32, at(a_div, t + fx.Index(40)))
    fly.copy_atom_call_ssa([], ld32, a1, at(o_div, base + fx.Index(4)))
    fb = fly.copy_atom_call_ssa([v1], ld32, at(f_div, t))  # f32 bits as an i32 word
    fly.copy_atom_call_ssa([], ld32, fb, at(o_div, base + fx.Index(5)))
    ff = fly.copy_atom_call_ssa([f1], ld32, at(f_div, t))  # the f32 itself, stored as Out's i32 bits
    fly.copy_atom_call_ssa([], ld32, ff, at(o_div, base + fx.Index(6)))
    q2 = fly.copy_atom_call_ssa([v2], ld64, at(q_div, t * fx.Index(8)))  # eight fp8 bytes as two words
    fly.copy_atom_call_ssa([], ld64, q2, at(o_div, base + fx.Index(8)))
    words = Vec(q2, (2,), fx.Int32)
    fly.copy_atom_call_ssa([], ld32, Vec.from_elements([words[1] + fx.Int32(1)], fx.Int32), at(o_div, base + 7))
    old = Vec.from_elements([fx.Int32(-5)] * 4, fx.Int32)
    p4 = fly.copy_atom_call_ssa([v4], ld128, at(a_div, t * fx.Index(4) + fx.Index(16)), old, fx.Int32(t) < 2)
    fly.copy_atom_call_ssa([], ld128, p4, at(o_div, base + fx.Index(10)))
    fly.copy_atom_call_ssa([], ld64, q2, at(o_div, base + fx.Index(14)), pred=fx.Int32(t) % 2 == 1)


@flyc.jit
def run(A, F, Q, Out):
    k(A, F, Q, Out).launch(grid=1, block=NT)


A = torch.arange(64, dtype=torch.int32, device="cuda") * 7 + 3
F = torch.tensor([1.5, -2.25, 3.0e-3, 1024.0], dtype=torch.float32, device="cuda")
qbytes = [(i * 37 + 11) % 256 for i in range(NT * 8)]
Q = torch.tensor(qbytes, dtype=torch.uint8, device="cuda").view(torch.float8_e4m3fn)
Out = torch.full((NT * W,), -1, dtype=torch.int32, device="cuda")
run(A, F, Q, Out)

a, got = A.tolist(), Out.tolist()


def s32(u):
    return u - (1 << 32) if u >= 1 << 31 else u


ref = []
for t in range(NT):
    fbits = struct.unpack("<i", struct.pack("<f", F.tolist()[t]))[0]
    w = [s32(int.from_bytes(bytes(qbytes[t * 8 + 4 * j:t * 8 + 4 * j + 4]), "little")) for j in range(2)]
    row = a[4 * t:4 * t + 4] + [a[40 + t], fbits, fbits, s32((w[1] + 1) & 0xFFFFFFFF)] + w
    row += a[4 * t + 16:4 * t + 20] if t < 2 else [-5] * 4
    row += w if t % 2 == 1 else [-1, -1]
    ref.append(row)
for t in range(NT):
    print(t, got[t * W:(t + 1) * W])
print("exact:", got == [x for r in ref for x in r])

# flyi: run
# rocdl.mfma.f32.16x16x16f16 called directly through the bindings (operands a, b, c and the cbsz / abid / blgp
# immediates), run on the emulator with the hardware's lane mapping and checked against a Python matmul.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch
from flydsl._mlir.dialects import arith, rocdl, vector
from flydsl._mlir.extras import types as T


@flyc.kernel
def k(a: fx.Tensor, b: fx.Tensor, d: fx.Tensor):
    l = fx.thread_idx.x
    f16, f32, i32 = T.f16(), T.f32(), T.i32()
    row, kb = l % 16, (l // 16) * 4
    av = vector.from_elements(T.vector(4, f16), [a[row * 16 + kb + j].ir_value() for j in range(4)])
    bv = vector.from_elements(T.vector(4, f16), [b[(kb + j) * 16 + row].ir_value() for j in range(4)])
    cv = vector.broadcast(T.vector(4, f32), arith.constant(f32, 0.5))
    z = arith.constant(i32, 0)
    acc = rocdl.mfma_f32_16x16x16f16(T.vector(4, f32), [av, bv, cv, z, z, z])
    for j in range(4):
        d[(kb + j) * 16 + row] = fx.Float32(vector.extract(acc, static_position=[j]))


@flyc.jit
def run(a, b, d):
    k(a, b, d).launch(grid=1, block=64)


A = [[(i * 3 + j) % 5 - 2 for j in range(16)] for i in range(16)]
B = [[(i + 2 * j) % 7 - 3 for j in range(16)] for i in range(16)]
a = torch.tensor([x for r in A for x in r], dtype=torch.float16, device="cuda")
b = torch.tensor([x for r in B for x in r], dtype=torch.float16, device="cuda")
d = torch.zeros(256, dtype=torch.float32, device="cuda")
run(a, b, d)
got = d.tolist()
want = [sum(A[i][t] * B[t][j] for t in range(16)) + 0.5 for i in range(16) for j in range(16)]
print(got[:4], "ok" if got == want else "differs")

# flyi: run
# Phase loops (emu_phase.c) under stress: barriers and a cross-lane shuffle inside a dynamic loop nested
# in another, values carried by both loops across barriers (Float32 and Int32 loop values, a register
# array element), printf from one thread per outer iteration, two blocks of two waves; checked against
# a float64 reference.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

@fx.struct
class Buf:
    s: fx.Array[fx.Float32, 128]

@flyc.kernel
def stress(a: fx.Tensor, out: fx.Tensor, n: fx.Int32, m: fx.Int32):
    lds = fx.SharedAllocator().allocate(Buf).peek()
    s = lds.s.view(fx.make_layout(128, 1))
    t = fx.thread_idx.x
    b = fx.block_idx.x
    r = fx.make_rmem_tensor(2, fx.Float32)
    r[0] = a[b * 128 + t]
    r[1] = fx.Float32(0.0)
    acc = fx.Float32(0.0)
    cnt = fx.Int32(0)
    for i in range(n):
        for j in range(m):
            s[t] = r[0] + fx.Float32(j)
            fx.barrier()
            v = s[(t + 1 + i) % 128]
            w = fx.shuffle_xor(v, 1, 64)
            fx.barrier()
            r[1] = r[1] + v
            acc = acc + w
            cnt = cnt + 1
        if t == 0:
            fx.printf("block {} after outer iteration {}: {} steps", b, i, cnt)
    out[b * 128 + t] = acc + r[1] + fx.Float32(cnt)

@flyc.jit
def run(a, out):
    stress(a, out, 3, 4).launch(grid=2, block=128)

a = torch.rand(256, device="cuda")
out = torch.zeros(256, device="cuda")
run(a, out)
x = a.tolist()

# thread t reads v = x[(t + 1 + i) % 128] + j, its lane neighbour t ^ 1 the same for t ^ 1: over i < 3,
# j < 4 the sums are 4 * (three neighbours) + 18 each, plus 12 steps
def three(xb, t):
    return xb[(t + 1) % 128] + xb[(t + 2) % 128] + xb[(t + 3) % 128]

def reference(xb):
    return [4.0 * (three(xb, t) + three(xb, t ^ 1)) + 36.0 + 12.0 for t in range(128)]

got = out.tolist()
ok = all(abs(got[b * 128 + t] - r) < 1e-4 * abs(r) for b in (0, 1) for t, r in enumerate(reference(x[b * 128:(b + 1) * 128])))
print("nested loops with barriers and shuffles", "PASS" if ok else "FAIL")

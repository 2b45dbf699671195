# flyi: run
# Vectors, tensors, struct values and structures of them through control flow on dynamic values
# (trace_carry.c): a Vector carried by a device for and while loop and merged by an if; FlyDSL's
# range(..., init=[...]) with a Vector and a scalar in its state and `yield` in if/elif/else; a list of
# Vectors changed in place; a conditional expression choosing between lists; a kernel tensor assigned in
# a branch (the same one). Expected values by hand (n = 3: 1 + 0 + 1 + 2 = 4, ...).
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

@flyc.kernel
def vk(out: fx.Tensor, A: fx.Tensor, B: fx.Tensor, n: fx.Int32):
    i = fx.thread_idx.x
    v = fx.Vector.filled(4, 1.0, fx.Float32)
    for j in range(n):
        v = v + fx.Float32(j)
    w = fx.Vector.filled(4, 0.0, fx.Float32)
    if i % 2 == 1:
        w = v * 2.0
    u = fx.Vector.filled(4, 0.0, fx.Float32)
    k = fx.Int32(0)
    while k < i:
        u = u + 10.0
        k = k + 1
    for iv, st in range(0, n, 1, init=[fx.Vector.filled(4, 0.0, fx.Float32), fx.Float32(0.0)]):
        acc = st[0]
        m = st[1]
        if i == 0:
            r = yield [acc + 1.0, m + 1.0]
        elif i == 1:
            r = yield [acc + 2.0, m]
        else:
            r = yield [acc, m + 3.0]
    pair = [fx.Vector.filled(4, 0.0, fx.Float32), fx.Vector.filled(4, 5.0, fx.Float32)]
    for j in range(n):
        pair[0] = pair[0] + pair[1]
    sel = [fx.Float32(1.0), fx.Float32(2.0)] if i > 1 else [fx.Float32(3.0), fx.Float32(4.0)]
    src = A
    if i >= 2:
        src = A  # the same tensor on both paths: nothing to merge
    out[i * 8 + 0] = v[0]
    out[i * 8 + 1] = w[1]
    out[i * 8 + 2] = u[3]
    out[i * 8 + 3] = r[0][2]
    out[i * 8 + 4] = r[1]
    out[i * 8 + 5] = pair[0][0] + pair[1][3]
    out[i * 8 + 6] = sel[0] * 10.0 + sel[1]
    out[i * 8 + 7] = src[i] + B[i]

@flyc.jit
def run(out, A, B, n):
    vk(out, A, B, n).launch(grid=1, block=4)

A = torch.tensor([100.0, 101.0, 102.0, 103.0], device="cuda")
B = torch.tensor([200.0, 201.0, 202.0, 203.0], device="cuda")
for n in (3, 0):
    out = torch.zeros(32, device="cuda")
    run(out, A, B, n)
    got = out.tolist()
    for t in range(4):
        print("n=%d thread %d" % (n, t), got[t * 8:(t + 1) * 8])

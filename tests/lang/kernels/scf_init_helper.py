# flyi: run
# range(..., init=[...]) loops in a helper function called by the kernel, with `yield` ending both
# branches of an if on a dynamic value, and nested init= loops (the inner one's results feeding the outer
# yield; zero iterations give the init values). Expected by hand: row sums of the positive entries and
# their counts; 0 + 1 + 2 + 3 = 6 for the nested loops.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

def rowsum(A, r, n):
    for j, st in range(0, n, 1, init=[fx.Float32(0.0), fx.Int32(0)]):
        v = A[r, j]
        if v > 0.0:
            res = yield [st[0] + v, st[1] + 1]
        else:
            res = yield [st[0], st[1]]
    return res

@flyc.kernel
def k(A: fx.Tensor, out: fx.Tensor, n: fx.Int32):
    r = fx.thread_idx.x
    s, c = rowsum(A, r, n)
    for i, st in range(0, n, 1, init=[fx.Int32(0)]):
        for j, st2 in range(0, i, 1, init=[st[0]]):
            r2 = yield [st2[0] + 1]
        r1 = yield [r2]
    out[r * 3 + 0] = s
    out[r * 3 + 1] = fx.Float32(c)
    out[r * 3 + 2] = fx.Float32(r1)

@flyc.jit
def run(A, out):
    k(A, out, A.shape[1]).launch(grid=1, block=A.shape[0])
A = torch.tensor([[1.0, -2.0, 3.0, 0.5], [-1.0, -1.0, 2.0, 2.0]], device="cuda")
o = torch.zeros(6, device="cuda")
run(A, o)
print(o.tolist())

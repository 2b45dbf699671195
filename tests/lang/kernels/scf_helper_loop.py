# flyi: run
# A runtime `for` in a helper function the kernel calls (defined outside the kernel) is a device loop too
# when a bound is a runtime value, carrying what Python would; with static bounds the helper's loop stays a
# Python loop, unrolled at trace time (its trips print while tracing).
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

def tri(n):
    s = fx.Int32(0)
    for i in range(n):
        s = s + i
    return s

def pair(n, start):
    lst = [fx.Int32(0), fx.Int32(100)]
    for i in range(start, n, 2):
        lst = [lst[0] + 1, lst[1] - i]
    return lst

def unrolled(x):
    for i in range(3):
        print("trace: unrolled trip", i)
        x = x * 2
    return x

@flyc.kernel
def k(A: fx.Tensor, n: fx.Int32):
    A[0] = fx.Float32(tri(n))
    p = pair(n, 1)
    A[1] = fx.Float32(p[0])
    A[2] = fx.Float32(p[1])
    A[3] = fx.Float32(unrolled(n))

@flyc.jit
def run(A: fx.Tensor, n: fx.Int32):
    k(A, n).launch(grid=1, block=1)

for n in (0, 1, 5, 8):
    a = torch.zeros(4, device="cuda")
    run(a, n)
    s, c, d = 0, 0, 100
    for i in range(1, n, 2):
        c, d = c + 1, d - i
    print(n, a.tolist(), [float(sum(range(n))), float(c), float(d), float(n * 8)])

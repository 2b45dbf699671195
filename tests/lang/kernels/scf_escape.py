# flyi: run
# A value computed inside a runtime `if` branch or a device loop body lives only in that region (scf.if /
# scf.for): smuggled out through a Python list that grows there, it is an error naming the list and the
# statement's line (the list cannot keep one length on every path; before: invalid IR).
# Values of enclosing regions stay usable inside nested ones, and carried names work as before.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

@flyc.kernel
def if_escape(A: fx.Tensor):
    L = []
    t = fx.thread_idx.x
    if t > 2:
        L.append(t * 5)
    A[t] = L[0]

@flyc.kernel
def for_escape(A: fx.Tensor, n: fx.Int32):
    L = []
    t = fx.thread_idx.x
    for i in range(n):
        L.append(t + i)
    A[t] = L[0]

@flyc.kernel
def nested_escape(A: fx.Tensor, n: fx.Int32):
    L = []
    t = fx.thread_idx.x
    for i in range(n):
        if t > i:
            L.append(t * i)
        A[t] = L[0]

@flyc.kernel
def fine(A: fx.Tensor, n: fx.Int32):
    t = fx.thread_idx.x
    u = t * 10
    acc = t
    for i in range(n):
        if t > i:
            acc = acc + u
    A[t] = acc

@flyc.jit
def run(k, a):
    k(a).launch(grid=1, block=4)

@flyc.jit
def run_n(k, a, n):
    k(a, n).launch(grid=1, block=4)

a = torch.zeros(4, dtype=torch.int32, device="cuda")
for k in [if_escape, for_escape, nested_escape]:
    try:
        if k is if_escape:
            run(k, a)
        else:
            run_n(k, a, 3)
    except (RuntimeError, TypeError) as e:
        print(type(e).__name__ + ":", e)
run_n(fine, a, 3)
print(a.tolist())

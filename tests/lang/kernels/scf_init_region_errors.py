# flyi: run
# Values made inside a range(..., init=[...]) loop body live only there: a Vector reassigned in the body,
# or a list changed in place there, is an error with the variable and the loop's line after the loop
# (found by the tracer fuzzer: both produced invalid IR). Values carried in init= come out right.
import torch
import flydsl.compiler as flyc
import flydsl.expr as fx

@flyc.kernel
def vector_in_body(A: fx.Tensor, n: fx.Int32):
    v = fx.Vector.from_elements([fx.Float32(1.0), fx.Float32(2.0)], fx.Float32)
    for i, (s,) in range(0, n, 1, init=[fx.Float32(0.0)]):
        v = v + v
        r = yield [s + 1.0]
    A[0] = v[0]

@flyc.kernel
def list_in_place(A: fx.Tensor, n: fx.Int32):
    lst = [fx.Float32(1.0), fx.Float32(2.0)]
    for i, (s,) in range(0, n, 1, init=[fx.Float32(0.0)]):
        lst[1] = s * 2.0
        r = yield [s + 1.0]
    A[0] = lst[1]

@flyc.kernel
def carried(A: fx.Tensor, n: fx.Int32):
    lst = [fx.Float32(1.0), fx.Float32(2.0)]
    for i, (a, b) in range(0, n, 1, init=lst):
        ra, rb = yield [a + b, b * 2.0]
    A[0] = ra
    A[1] = rb

for k in (vector_in_body, list_in_place, carried):
    @flyc.jit
    def run(A, n):
        k(A, n).launch(grid=1, block=1)
    A = torch.zeros(2, device="cuda")
    try:
        run(A, 3)
        print(k.__name__, A.tolist())
    except Exception as e:
        print(k.__name__, type(e).__name__ + ":", e)

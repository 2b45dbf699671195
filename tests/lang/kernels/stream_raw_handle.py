# flyi: run
# A launch on a raw stream handle, as aiter passes torch's stream.cuda_stream (an int) to a jit function whose
# parameter is annotated fx.Stream: the handle names the live torch.cuda.Stream it came from, and the result
# matches a launch on the Stream object; 0 is the default stream; a handle no live stream has is a ValueError
# naming it.
import torch

import flydsl.compiler as flyc
import flydsl.expr as fx


@flyc.kernel
def add_one(A: fx.Tensor, C: fx.Tensor):
    t = fx.thread_idx.x
    C[t] = A[t] + 1.0


@flyc.jit
def run(A: fx.Tensor, C: fx.Tensor, stream: fx.Stream = fx.Stream(None)):
    add_one(A, C).launch(grid=1, block=64, stream=stream)


a = torch.arange(64, dtype=torch.float32, device="cuda")
s = torch.cuda.Stream()
c1, c2, c3 = (torch.zeros(64, device="cuda") for _ in range(3))
run(a, c1, stream=s)
run(a, c2, stream=s.cuda_stream)
run(a, c3, stream=0)
torch.cuda.synchronize()
print("raw handle int:", isinstance(s.cuda_stream, int), "same result:", torch.equal(c1, c2), torch.equal(c1, c3))
print("values", c2[:4].tolist(), c2[63].item())
try:
    run(a, c1, stream=s.cuda_stream + 1)
except ValueError as e:
    print("ValueError:", e)

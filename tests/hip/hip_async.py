# env: FLYI_STANDIN_SLOW_MS=200
# Asynchronous launches on the HIP stand-in with a slow stream (every launch waits 200 ms before it
# runs): the launch returns at once, a host read waits for it, events time it, a stream of one's own
# and wait_stream order the work.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

@flyc.kernel
def inc(A: fx.Tensor):
    i = fx.thread_idx.x
    A[i] = A[i] + 1.0

@flyc.jit
def run(a):
    inc(a).launch(grid=1, block=a.shape[0])

a = torch.zeros(64, device="cuda")
run(a)  # compiles (and runs) once
torch.cuda.synchronize()
start = torch.cuda.Event(enable_timing=True)
end = torch.cuda.Event(enable_timing=True)
start.record()
run(a)
end.record()
print("done right after the launch:", end.query())
print("a host read waits:", a[0].item())
end.synchronize()
print("done:", end.query(), "elapsed >= 150 ms:", start.elapsed_time(end) >= 150)
s = torch.cuda.Stream()
with torch.cuda.stream(s):
    print("current stream is s:", torch.cuda.current_stream() == s)
    run(a)
print("after the with:", torch.cuda.current_stream() == s)
t = torch.cuda.Stream()
t.wait_stream(s)
with torch.cuda.stream(t):
    run(a)
t.synchronize()
print(a[:4].tolist(), s.query(), t.query())
try:
    torch.cuda.Event().elapsed_time(end)
except RuntimeError as e:
    print("RuntimeError:", e)

@flyc.jit
def run_on(a, st):
    inc(a).launch(grid=1, block=a.shape[0], stream=st)

u = torch.cuda.Stream()
run_on(a, u)
run_on(a, fx.Stream(u))
run_on(a, 0)
u.synchronize()
torch.cuda.synchronize()
print("launch(stream=...):", a[:2].tolist())

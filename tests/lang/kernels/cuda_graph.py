# flyi: run
# torch.cuda.CUDAGraph: launches issued under torch.cuda.graph(g) are recorded, not run (CUDA's stream
# capture), and g.replay() runs them again in order on the memory as it is at replay time.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

@flyc.kernel
def scale(a: fx.Tensor, out: fx.Tensor, k: fx.Float32):
    i = fx.block_idx.x * fx.block_dim.x + fx.thread_idx.x
    out[i] = a[i] * k

@flyc.jit
def run(a, out, k):
    scale(a, out, k).launch(grid=2, block=64)

n = 128
a = torch.arange(n, dtype=torch.float32, device="cuda")
out = torch.zeros(n, device="cuda")
out2 = torch.zeros(n, device="cuda")
run(a, out, 2.0)  # warm-up (compiles)
print("eager", torch.equal(out, a * 2))
g = torch.cuda.CUDAGraph()
out.zero_()
print("capturing before:", torch.cuda.is_current_stream_capturing())
s = torch.cuda.Stream()
with torch.cuda.graph(g, stream=s):
    print("capturing inside:", torch.cuda.is_current_stream_capturing())
    run(a, out, 3.0)
    run(out, out2, 0.5)   # reads what the first launch writes
print("not run while captured:", out.abs().max().item() == 0.0, out2.abs().max().item() == 0.0, g.num_launches)
g.replay()
torch.cuda.synchronize()
print("replay", torch.equal(out, a * 3), torch.equal(out2, a * 1.5))
a.fill_(1.0)                      # replay reads the memory as it is now
out.zero_()
out2.zero_()
g.replay()
print("replay after a change", out[:3].tolist(), out2[:3].tolist())
try:
    torch.cuda.CUDAGraph().replay()
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    g.capture_begin()
except RuntimeError as e:
    print("RuntimeError:", str(e)[:50])
g.reset()
print("after reset", g.num_launches)
print(torch.cuda.memory_reserved() >= 3 * n * 4, torch.cuda.max_memory_allocated() >= torch.cuda.memory_allocated())
st = torch.cuda.memory_stats()
print(st["allocated_bytes.all.current"] == torch.cuda.memory_allocated(), "allocated_bytes.all.peak" in st)

# flyi: run
# AMD buffer tensors (trace_buffer.c): fx.rocdl.make_buffer_tensor re-bases a tensor on a buffer
# resource; loads past num_records give exactly 0.0, stores past it are dropped (the hardware rule),
# and in-range element copies (1-D and a strided 2-D view) match torch exactly.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

@flyc.kernel
def bufk(a: fx.Tensor, x: fx.Tensor, o: fx.Tensor, o2: fx.Tensor):
    i = fx.thread_idx.x
    ba = fx.rocdl.make_buffer_tensor(a, max_size=False)   # 48 floats of records
    bo = fx.rocdl.make_buffer_tensor(o, False)            # 48 floats of records
    bo2 = fx.rocdl.make_buffer_tensor(o2, num_records_bytes=20 * 4)
    v = ba[i]                  # threads 48..63 read past the end: 0.0
    x[i] = v
    bo[i] = v + 1.0            # threads 48..63 write past the end: dropped
    bo2[i] = v * 2.0           # only elements 0..19 are written

@flyc.kernel
def copy2d(s: fx.Tensor, d: fx.Tensor):
    r = fx.thread_idx.x
    c = fx.block_idx.x
    bs = fx.rocdl.make_buffer_tensor(s)     # max_size: every in-range access goes through
    bd = fx.rocdl.make_buffer_tensor(d)
    bd[r, c] = bs[r, c]

@flyc.jit
def run(a, x, o, o2):
    bufk(a, x, o, o2).launch(grid=1, block=64)

@flyc.jit
def run2(s, d):
    copy2d(s, d).launch(grid=10, block=6)

a = torch.rand(48, device="cuda") + 1.0
guard = torch.full((80,), -7.0, device="cuda")   # o lies inside, with guard values after it
o = guard[:48]
x = torch.full((64,), 5.0, device="cuda")
o2 = torch.full((48,), -1.0, device="cuda")
run(a, x, o, o2)
xa = x.cpu()
print("in-range buffer loads", "PASS" if torch.equal(xa[:48], a.cpu()) else "FAIL")
print("loads past the end read 0.0", "PASS" if xa[48:].tolist() == [0.0] * 16 else "FAIL", xa[48:52].tolist())
print("in-range buffer stores", "PASS" if torch.equal(o.cpu(), a.cpu() + 1.0) else "FAIL")
print("stores past the end dropped", "PASS" if guard.cpu()[48:].tolist() == [-7.0] * 32 else "FAIL")
o2c = o2.cpu()
print("num_records_bytes=80", "PASS" if torch.equal(o2c[:20], a.cpu()[:20] * 2.0) and o2c[20:].tolist() == [-1.0] * 28 else "FAIL")

src = torch.randn(10, 6, device="cuda").t()       # a (6, 10) view with strides (1, 6)
dst = torch.zeros(6, 10, device="cuda")
run2(src, dst)
print("2-D strided buffer copy matches torch", "PASS" if torch.allclose(dst.cpu().double(), src.cpu().double()) else "FAIL")

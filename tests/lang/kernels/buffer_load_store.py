# flyi: run
# Whole-tensor access to buffer tensors (trace_buffer.c): .load() gives a Vector of every element (flat
# index order), .store(vec) and .fill(x) write every element, all through the buffer resource, so elements
# past num_records read 0.0 and writes past it are dropped. Works on slices (static layouts here:
# flyc.from_dlpack tensors; a raw torch argument has dynamic extents, and a whole-tensor access needs a
# static size).
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

@flyc.kernel
def shift_cols(x: fx.Tensor, y: fx.Tensor, z: fx.Tensor, x_bytes: fx.Constexpr[int], z_bytes: fx.Constexpr[int]):
    c = fx.thread_idx.x
    bx = fx.rocdl.make_buffer_tensor(x, num_records_bytes=x_bytes)
    by = fx.rocdl.make_buffer_tensor(y)
    bz = fx.rocdl.make_buffer_tensor(z, num_records_bytes=z_bytes)
    col = fx.slice(bx, (None, c))              # a strided column (stride 5)
    v = col.load()
    print("column", col, "->", v)
    fx.slice(by, (None, c)).store(v * 10.0 + 1.0)
    fx.slice(bz, (None, c)).fill(c.to(fx.Float32) - 0.5)

@flyc.jit
def go(x, y, z, xb: fx.Constexpr[int], zb: fx.Constexpr[int]):
    shift_cols(x, y, z, xb, zb).launch(grid=1, block=5)

x = torch.arange(20, dtype=torch.float32, device="cuda").view(4, 5)
y = torch.full((4, 5), -2.0, device="cuda")
z = torch.full((4, 5), -3.0, device="cuda")
S = flyc.from_dlpack
go(S(x), S(y), S(z), 20 * 4, 20 * 4)
print(torch.equal(y.cpu(), x.cpu() * 10.0 + 1.0), z.cpu()[3].tolist())

# x readable for its first 13 elements, z writable for its first 7
y = torch.full((4, 5), -2.0, device="cuda")
z = torch.full((4, 5), -3.0, device="cuda")
go(S(x), S(y), S(z), 13 * 4, 7 * 4)
print(y.cpu().tolist())
print(z.cpu().flatten().tolist())

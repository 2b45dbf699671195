# flyi: run
# Buffer tensors over raw torch arguments, whose layouts are dynamic (FlyDSL's default): with
# max_size=False the resource's record count is cosize(layout) * element bytes computed at run time, so
# one compiled kernel drops the writes past the end of tensors of different lengths; a 2-D tensor divided
# by a static (4,1) tile gives columns of static shape and dynamic stride, accessed whole with .load() /
# .store() / .fill().
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

@flyc.kernel
def ones(o: fx.Tensor):
    i = fx.thread_idx.x
    bo = fx.rocdl.make_buffer_tensor(o, max_size=False)
    bo[i] = 1.0                # threads past len(o) write past num_records: dropped

@flyc.jit
def run_ones(o):
    ones(o).launch(grid=1, block=16)

for n in (8, 12):
    guard = torch.zeros(16, device="cuda")
    run_ones(guard[:n])
    print(n, guard.cpu().tolist(), flyc.cache_info()["size"])

@flyc.kernel
def cols(x: fx.Tensor, y: fx.Tensor, z: fx.Tensor, z_bytes: fx.Constexpr[int]):
    c = fx.thread_idx.x
    tile = fx.make_tile([fx.make_layout(4, 1), fx.make_layout(1, 1)])
    bx = fx.zipped_divide(fx.rocdl.make_buffer_tensor(x), tile)
    by = fx.zipped_divide(fx.rocdl.make_buffer_tensor(y, max_size=False), tile)
    bz = fx.zipped_divide(fx.rocdl.make_buffer_tensor(z, num_records_bytes=z_bytes), tile)
    col = fx.slice(bx, (None, (0, c)))
    v = col.load()
    print(bx)
    print("column", col, "->", v)
    fx.slice(by, (None, (0, c))).store(v * 10.0 + 1.0)
    fx.slice(bz, (None, (0, c))).fill(c.to(fx.Float32) - 0.5)

@flyc.jit
def run_cols(x, y, z, zb: fx.Constexpr[int]):
    cols(x, y, z, zb).launch(grid=1, block=x.shape[1])

x = torch.arange(20, dtype=torch.float32, device="cuda").view(4, 5)
big = torch.full((4, 8), -2.0, device="cuda")
y = big[:, :5]                                                                  # (4,5) with strides (8,1)
z = torch.full((4, 5), -3.0, device="cuda")
run_cols(x, y, z, 7 * 4)
print(torch.equal(y.cpu(), x.cpu() * 10.0 + 1.0), big.cpu()[:, 5:].flatten().tolist())
print(z.cpu().flatten().tolist())

# a raw tensor needs a unit-stride dim for its dynamic layout; flyc.from_dlpack gives a static one
w = torch.arange(40, dtype=torch.float32, device="cuda").view(4, 10)[:, ::2]   # strides (10,2)
try:
    run_cols(w, y, z, 7 * 4)
except RuntimeError as e:
    print("RuntimeError:", e)
y.fill_(-2.0)
run_cols(flyc.from_dlpack(w), y, z, 7 * 4)
print(torch.equal(y.cpu(), w.cpu() * 10.0 + 1.0))

# flyi: run
# fx.Pointer kernel parameters: a raw device address given as flyc.from_c_void_p(dtype, addr) or as a
# bare x.data_ptr() int (the element type then comes from the tensor the address points into); pointer
# arithmetic (p + n with Int32/Int64/int offsets, p - n), p.view(layout) as a tensor, p[i] / p[i] = v,
# p.load() / p.store(v), and a compiled launcher re-called with bare addresses.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

COLS = 12

@flyc.kernel
def scale_rows(src: fx.Pointer, dst: fx.Pointer, k: fx.Float32):
    row = fx.block_idx.x
    col = fx.thread_idx.x
    base = fx.Int64(row) * COLS
    s = (src + base).view(fx.make_layout(COLS, 1))
    d = (dst + base).view(fx.make_layout(COLS, 1))
    d[col] = s[col] * k

@flyc.jit
def scale_launch(src: fx.Pointer, dst: fx.Pointer, rows: fx.Int32, k: fx.Float32):
    scale_rows(src, dst, k).launch(grid=(rows, 1, 1), block=(COLS, 1, 1))

@flyc.kernel
def poke(p: fx.Pointer, q: fx.Pointer):
    i = fx.thread_idx.x
    if i == 0:
        last = p + 9
        first = last - 9
        q[0] = first.load() + last[0]          # 1 + 10
        (q + 1).store(p[i + 4])                 # 5
        q[2] = (p + fx.Int32(3)).load(fx.Float32)  # int -> Float32: 4.0

@flyc.jit
def poke_launch(p, q):
    poke(p, q).launch(grid=1, block=4)

x = torch.arange(5 * COLS, dtype=torch.float32, device="cuda").reshape(5, COLS)
y = torch.zeros(5, COLS, device="cuda")
# from_c_void_p form
scale_launch(flyc.from_c_void_p(fx.Float32, x.data_ptr()), flyc.from_c_void_p(fx.Float32, y.data_ptr()), 5, 2.0)
torch.cuda.synchronize()
print("from_c_void_p rows", "PASS" if torch.equal(y.cpu(), x.cpu() * 2.0) else "FAIL")
# bare data_ptr form (f16: the element type is the tensor's)
xh = torch.randn(3, COLS, device="cuda").half()
yh = torch.zeros(3, COLS, device="cuda").half()
scale_launch(xh.data_ptr(), yh.data_ptr(), 3, 0.5)
torch.cuda.synchronize()
print("data_ptr f16 rows", "PASS" if torch.equal(yh.cpu(), (xh.float() * 0.5).half().cpu()) else "FAIL")
# a view into the middle of a tensor: the address is interior
y2 = torch.zeros(5, COLS, device="cuda")
scale_launch(x[2:].data_ptr(), y2[1:].data_ptr(), 3, 1.0)
torch.cuda.synchronize()
print("interior addresses", "PASS" if torch.equal(y2.cpu()[1:4], x.cpu()[2:5]) and y2.cpu()[0].abs().sum().item() == 0 else "FAIL")

# compile with adaptors, re-call with bare ints
a = torch.arange(1, 11, dtype=torch.int32, device="cuda")
b = torch.zeros(4, dtype=torch.int32, device="cuda")
ca = flyc.compile(poke_launch, flyc.from_c_void_p(fx.Int32, a.data_ptr()), flyc.from_c_void_p(fx.Int32, b.data_ptr()))
ca(a.data_ptr(), b.data_ptr())
torch.cuda.synchronize()
print("compiled, bare ints", b.cpu().tolist())
print(flyc.from_c_void_p(fx.Float16, 0))
try:
    scale_launch(12345, y.data_ptr(), 1, 1.0)
except TypeError as e:
    print("TypeError:", str(e)[:60])

# fx.add_offset and fx.ptrtoint: the byte distance between two element pointers
@flyc.kernel
def addr_math(p: fx.Pointer, out: fx.Tensor):
    q = fx.add_offset(p, 5)
    out[0] = fx.ptrtoint(q) - fx.ptrtoint(p)
    out[1] = q.load()

@flyc.jit
def addr_launch(p, out):
    addr_math(p, out).launch(grid=1, block=1)

h = torch.arange(10, dtype=torch.float64, device="cuda") * 10
r = torch.zeros(2, dtype=torch.int64, device="cuda")
addr_launch(h.data_ptr(), r)
torch.cuda.synchronize()
print("add_offset / ptrtoint", r.cpu().tolist())

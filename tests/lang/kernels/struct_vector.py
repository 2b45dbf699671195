# flyi: run
# fx.struct values with Vector fields inside a kernel (trace_smem.c): a struct whose field is fx.Vector or an
# alias (fx.Float32x4: the value is rebuilt through the alias, which re-checks lanes and element type, a scalar
# broadcasts, a list builds it), built from values read out of LDS (a struct of fx.Array and fx.Align fields
# allocated by fx.SharedAllocator), carried through an scf.for loop and .replace(...), its lanes written back
# to LDS and then to global memory. FlyDSL's Vector is no Storable, so a struct with a Vector field has no
# storage layout: allocating one is FlyDSL's TypeError, as are a wrong vector for an alias field.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch


@fx.struct
class Lds:
    head: fx.Int32
    buf: fx.Align[fx.Array[fx.Float32, 256], 16]


@fx.struct
class Acc:
    n: fx.Int32
    v: fx.Float32x4


@fx.struct
class Loose:
    k: fx.Int32
    w: fx.Vector


@flyc.kernel
def kern(x: fx.Tensor, out: fx.Tensor, steps: fx.Int32):
    t = fx.thread_idx.x
    al = fx.SharedAllocator()
    lds = al.allocate(Lds).peek()
    print("allocated", al.allocated_bytes)
    buf = lds.buf.view(fx.make_layout(256, 1))
    for j in range(4):
        buf[t * 4 + j] = x[t * 4 + j]
    fx.barrier()
    r = 63 - t
    a = Acc(n=t, v=[buf[r * 4 + 0], buf[r * 4 + 1], buf[r * 4 + 2], buf[r * 4 + 3]])
    print("field:", type(a.v).__name__, a.v.dtype, a.v.shape)
    b = Acc(0, 1.0)
    print("broadcast:", type(b.v).__name__)
    lo = Loose(k=t, w=fx.Vector.filled(2, 3, fx.Int32))
    print("plain field:", type(lo.w).__name__, lo.w.dtype, lo.w.shape)
    for i in range(steps):
        a = a.replace(n=a.n + 1, v=a.v * 2.0 + b.v)
    fx.barrier()
    for j in range(4):
        buf[t * 4 + j] = a.v[j]
    fx.barrier()
    for j in range(4):
        out[t * 4 + j] = buf[t * 4 + j] + fx.Float32(a.n - t) + fx.Float32(lo.w[j % 2] - 3)
    try:
        al.allocate(Loose)
    except TypeError as e:
        print("TypeError:", e)
    try:
        Acc(1, fx.Vector.filled(4, 1.0, fx.Float16))
    except TypeError as e:
        print("TypeError:", e)
    try:
        Acc(1, fx.Vector.filled(8, 1.0, fx.Float32))
    except TypeError as e:
        print("TypeError:", e)


@flyc.jit
def run(x, out, steps: fx.Int32):
    kern(x, out, steps).launch(grid=1, block=64)


x = torch.arange(256, dtype=torch.float32).cuda()
out = torch.zeros(256).cuda()
run(x, out, 3)
# thread t holds the row of thread 63 - t, doubled three times plus 1 each time (7), and n = t + 3
ref = torch.tensor([float(((63 - i // 4) * 4 + i % 4) * 8 + 7 + 3) for i in range(256)])
print("out:", torch.equal(out.cpu(), ref), out[:4].tolist(), out[252:].tolist())

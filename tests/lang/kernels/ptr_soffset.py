# flyi: run
# fx.inttoptr (an integer address as a pointer of a fx.PointerType, the inverse of fx.ptrtoint), fx.copy's
# soffset= on a buffer atom (counted in the atom's values, as FlyDSL's CDNA3 copy atom scales it), and
# Vector.extf / .truncf to an MLIR vector type, as FlyDSL's moe_reduce uses them: each thread sums 4 rows of 4
# halves read through one per-thread offset and a per-row soffset.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch
from flydsl.expr.typing import T

ROWS, COLS, V = 4, 32, 4


@flyc.kernel
def k_rows(X: fx.Pointer, Y: fx.Tensor, Z: fx.Tensor):
    tid = fx.thread_idx.x
    pt = fx.PointerType.get(T.f16, address_space=fx.AddressSpace.Global, alignment=2)
    # element tid of row 1, through an address computed as an integer
    p = fx.inttoptr(pt, fx.Int64(fx.ptrtoint(X)) + fx.Int64(2 * COLS) + fx.Int64(tid) * fx.Int64(2))
    Z[tid] = p[0].to(fx.Float32)
    view = fx.make_view(fx.inttoptr(pt, fx.Int64(fx.ptrtoint(X))), fx.make_layout((1, COLS), (COLS, 1)))
    buf = fx.rocdl.make_buffer_tensor(view)
    atom = fx.make_copy_atom(fx.rocdl.BufferCopy64b(), fx.Float16)
    tile, tv = fx.make_layout_tv(fx.make_layout((1, COLS // V), (1, 1)), fx.make_layout((1, V), (1, 1)))
    thr = fx.make_tiled_copy(atom, tv, tile).get_slice(tid)
    src = thr.partition_S(fx.slice(fx.zipped_divide(buf, tile), (None, (0, 0))))
    acc = fx.Vector.filled(V, 0.0, fx.Float32)
    for r in fx.range_constexpr(ROWS):
        frag = fx.make_fragment_like(src)
        fx.copy(atom, src, frag, soffset=fx.Int32(r * COLS))
        acc = acc + fx.Vector(fx.memref_load_vec(frag)).extf(T.vec(V, T.f32))
    out = acc.truncf(T.vec(V, T.f16))
    for i in fx.range_constexpr(V):
        Y[tid * V + i] = out[i]


@flyc.jit
def run(X: fx.Pointer, Y: fx.Tensor, Z: fx.Tensor):
    k_rows(X, Y, Z).launch(grid=(1, 1, 1), block=(COLS // V, 1, 1))


x = (torch.arange(ROWS * COLS, device="cuda").float() * 0.5).half().reshape(ROWS, COLS)
y = torch.zeros(COLS, device="cuda").half()
z = torch.zeros(COLS // V, device="cuda")
run(flyc.from_c_void_p(fx.Float16, x.data_ptr()), y, z)
print(z.tolist())
print(y.tolist() == x.float().sum(0).half().tolist(), y[:6].tolist())

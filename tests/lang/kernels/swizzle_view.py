# flyi: run
# Swizzled tensor views (a tensor over the ComposedLayout S<b,m,s> o offset o layout, FlyDSL's LDS tiles): a
# block stages an 8x32 tile of A in LDS through a tiled copy into a swizzled view of fx.get_dyn_shared (global ->
# register fragment -> LDS, partition_S / partition_D / make_fragment_like over the swizzled view), then reads it
# back transposed, element by element and through a slice with a runtime coordinate (the slice keeps the swizzle
# and moves the offset). The raw LDS words must sit at the swizzled offsets S(r*32 + c), checked against the
# swizzle computed in plain Python; a second kernel reads rows of a SharedAllocator array's .view(composed) into
# register fragments with 128-bit copies. The types print in FlyDSL's form, and a swizzle whose blocks do not tile
# the view is an error at its make_view line.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

R, C, V = 8, 32, 4  # tile rows, columns, values per thread (a 128-bit copy of f32)


def swz(x, b, m, s):
    return x ^ ((x & (((1 << b) - 1) << (m + s))) >> s)


@flyc.kernel
def stage_transpose(A: fx.Tensor, out: fx.Tensor, raw: fx.Tensor, col_out: fx.Tensor, idx: fx.Tensor):
    t = fx.thread_idx.x
    layout = fx.make_composed_layout(fx.static(fx.SwizzleType.get(2, 2, 3)), fx.make_layout((R, C), (C, 1)))
    sA = fx.make_view(fx.get_dyn_shared(fx.Float32), layout)
    atom = fx.make_copy_atom(fx.UniversalCopy128b(), fx.Float32)
    tiled = fx.make_tiled_copy(atom, fx.make_layout(((C // V, R), (1, V)), ((R * V, 1), (1, R))), fx.make_tile(R, C))
    thr = tiled.get_slice(t)
    src = thr.partition_S(fx.flat_divide(A, (R, C))[None, None, 0, 0])
    dst = thr.partition_D(sA)
    frag = fx.make_fragment_like(dst)
    fx.copy(atom, src, frag)
    fx.copy(atom, frag, dst)
    fx.barrier()
    if t == 0:
        print(sA)
        print(dst)
        print(sA[None, 5])
        print(sA.layout, sA[None, 5].layout)
        print(fx.get_layout(sA[None, t]))
    if t < C:
        for i in range(R):
            out[t, i] = sA[i, t]  # the transpose, element by element
        col = sA[None, t]  # a slice at a runtime column: the offset is a kernel value
        for i in range(R):
            col_out[t, i] = col[i] * 2.0
            idx[t, i] = fx.get_scalar(fx.crd2idx(i, col.layout))  # the slice's layout: S(off + 32 i), off = t
        flat = fx.make_view(fx.get_dyn_shared(fx.Float32), fx.make_layout(R * C, 1))
        for i in range(R):
            raw[i * C + t] = flat[i * C + t]


@flyc.jit
def run_stage(A, out, raw, col_out, idx):
    stage_transpose(A, out, raw, col_out, idx).launch(grid=1, block=R * C // V, smem=R * C * 4)


A = torch.arange(R * C, dtype=torch.float32, device="cuda").reshape(R, C) * 0.5 - 7.0
out = torch.zeros(C, R, device="cuda")
raw = torch.zeros(R * C, device="cuda")
col_out = torch.zeros(C, R, device="cuda")
idx = torch.zeros(C, R, dtype=torch.int32, device="cuda")
run_stage(A, out, raw, col_out, idx)
torch.cuda.synchronize()
print("transpose", torch.equal(out, A.t()))
print("slice", torch.equal(col_out, A.t() * 2.0))
print("slice layout", all(int(idx[c, i]) == swz(i * C + c, 2, 2, 3) for c in range(C) for i in range(R)))
expect = torch.zeros(R * C)
flatA = A.reshape(-1).cpu()
for x in range(R * C):
    expect[swz(x, 2, 2, 3)] = flatA[x]
print("raw swizzled", torch.equal(raw.cpu(), expect), "moved", int((raw.cpu() != flatA).sum()))


@fx.struct
class Tile:
    a: fx.Array[fx.Float32, 16 * 16, 16]


@flyc.kernel
def rows(A: fx.Tensor, out: fx.Tensor):
    t = fx.thread_idx.x
    lds = fx.SharedAllocator().allocate(Tile).peek()
    s = lds.a.view(fx.make_composed_layout(fx.static(fx.SwizzleType.get(2, 2, 2)), fx.make_layout((16, 16), (16, 1))))
    for j in range(16):
        s[t, j] = A[t, j]
    fx.barrier()
    atom = fx.make_copy_atom(fx.UniversalCopy128b(), fx.Float32)
    frag = fx.make_rmem_tensor(fx.make_layout(16, 1), fx.Float32)
    fx.copy(atom, s[(t + 1) % 16, None], frag)  # four 128-bit reads, each from the swizzle of its first offset
    v = frag.load()
    frag.store(v + 1.0)
    for j in range(16):
        out[t, j] = frag[j]


@flyc.jit
def run_rows(A, out):
    rows(A, out).launch(grid=1, block=16)


B = torch.randn(16, 16, device="cuda")
o2 = torch.zeros(16, 16, device="cuda")
run_rows(B, o2)
torch.cuda.synchronize()
print("rows", torch.equal(o2, torch.cat([B[1:], B[:1]]) + 1.0))


@flyc.kernel
def too_small(out: fx.Tensor):
    s = fx.make_view(
        fx.get_dyn_shared(fx.Float32),
        fx.make_composed_layout(fx.static(fx.SwizzleType.get(3, 3, 3)), fx.make_layout((4, 8), (8, 1))),
    )
    out[0] = s[0, 0]


@flyc.jit
def run_small(out):
    too_small(out).launch(grid=1, block=1, smem=128)


try:
    run_small(torch.zeros(1, device="cuda"))
    print("ok")
except Exception as e:
    tb = e.__traceback__
    while tb.tb_next is not None:
        tb = tb.tb_next
    print("line %d: %s: %s" % (tb.tb_lineno, type(e).__name__, e))

# flyi: run
# gfx950's transposing LDS read copy atoms (fx.rocdl.cdna4.LDSReadTrans16_64b / LDSReadTrans8_64b) in tiled copies
# on the emulator. The tiled copy's TV layout is the destination's (FlyDSL's reference layout): lane l holds the
# MFMA B fragment B[n * (l // 16) + v][l % 16], v < n (n = 4 bf16 or 8 int8 values a lane), of a K x 16 tile kept
# row-major in LDS, plain or through the swizzle S<2,2,4> (whole 4-value runs move, so each lane's values stay
# together at the swizzle of its first offset). partition_S gives each lane n consecutive LDS elements (the atom's
# source layout), fx.copy becomes one ds_read_tr per lane, and every lane's fragment is checked exactly against that
# reference. Then the
# errors: an unsupported (granularity, bits) pair, an element type of another width, a TV layout that is not
# groups of 16 lanes, a source outside LDS, a source whose values are not consecutive, and gfx942.
import os

os.environ["ARCH"] = "gfx950"
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch
from flydsl.expr import rocdl


def build(op, dtype, n, swz=False):
    K = 4 * n  # four 16-lane groups of n rows each
    tv = fx.make_layout(((16, 4), n), ((K, n), 1))  # (lane, value) -> (k, col) of the K x 16 tile, column-major

    @flyc.kernel
    def k(inp: fx.Tensor, out: fx.Tensor):
        t = fx.Int32(fx.thread_idx.x)
        lds = fx.SharedAllocator().allocate(fx.Array[dtype, K * 16]).peek()
        tile = fx.make_layout((K, 16), (16, 1))
        if swz:
            tile = fx.make_composed_layout(fx.static(fx.SwizzleType.get(2, 2, 4)), tile)
        view = fx.make_view(lds.ptr, tile)
        g = fx.Tensor(fx.make_view(fx.get_iter(inp), fx.make_layout(K * 16, 1)))
        for j in range(n):
            view[(t * n + j) // 16, (t * n + j) % 16] = g[t * n + j]
        fx.gpu.barrier()
        tiled = fx.make_tiled_copy(fx.make_copy_atom(op(), dtype), tv, (K, 16))
        src = tiled.get_slice(t).partition_S(view)
        frag = fx.make_rmem_tensor(fx.make_layout(n, 1), dtype)
        fx.copy(tiled, src, frag)
        o = fx.Tensor(fx.make_view(fx.get_iter(out), fx.make_layout(64 * n, 1)))
        for j in range(n):
            o[t * n + j] = frag[j]

    @flyc.jit
    def run(inp, out):
        k(inp, out).launch(grid=1, block=64)

    return run, tiled_src_tv(op, dtype, tv, K)


def tiled_src_tv(op, dtype, tv, K):
    return fx.make_tiled_copy(fx.make_copy_atom(op(), dtype), tv, (K, 16)).layout_src_tv_tiled


for name, op, dtype, tdt, n, swz in (("LDSReadTrans16_64b bf16", rocdl.cdna4.LDSReadTrans16_64b, fx.BFloat16,
                                      torch.bfloat16, 4, False),
                                     ("LDSReadTrans16_64b bf16 swizzled", rocdl.cdna4.LDSReadTrans16_64b, fx.BFloat16,
                                      torch.bfloat16, 4, True),
                                     ("LDSReadTrans8_64b int8", rocdl.cdna4.LDSReadTrans8_64b, fx.Int8, torch.int8, 8,
                                      False)):
    K = 4 * n
    vals = [(i * 37 + 11) % 251 - 125 for i in range(K * 16)]
    inp = torch.tensor(vals, dtype=torch.float32).to(tdt).to("cuda")
    out = torch.zeros(64 * n, dtype=tdt, device="cuda")
    run, stv = build(op, dtype, n, swz)
    run(inp, out)
    got = [int(x) for x in out.float().tolist()]
    want = [vals[(n * (l // 16) + v) * 16 + l % 16] for l in range(64) for v in range(n)]
    print(name, "source TV", stv)
    print(name, "PASS" if got == want else "FAIL", got[:n], got[n:2 * n])


def err(f):
    try:
        f()
        print("no error")
    except Exception as e:
        print(type(e).__name__ + ":", str(e).splitlines()[-1])


err(lambda: rocdl.cdna4.LDSReadTrans(16, 96))
err(lambda: fx.make_copy_atom(rocdl.cdna4.LDSReadTrans16_64b(), fx.Float32))
err(lambda: fx.make_tiled_copy(fx.make_copy_atom(rocdl.cdna4.LDSReadTrans16_64b(), fx.BFloat16),
                               fx.make_layout((8, 4), (4, 1)), (32,)))


def single(src_kind):
    @flyc.kernel
    def k1(inp: fx.Tensor):
        t = fx.Int32(fx.thread_idx.x)
        lds = fx.SharedAllocator().allocate(fx.Array[fx.BFloat16, 512]).peek()
        atom = fx.make_copy_atom(rocdl.cdna4.LDSReadTrans16_64b(), fx.BFloat16)
        frag = fx.make_rmem_tensor(fx.make_layout(4, 1), fx.BFloat16)
        if src_kind == "global":
            src = fx.slice(fx.logical_divide(inp, fx.make_layout(4, 1)), (None, t))
        else:  # every other element: not consecutive
            src = fx.make_view(fx.add_offset(lds.ptr, fx.make_int_tuple(t * 8)), fx.make_layout(4, 2))
        fx.copy(atom, src, frag)
        fx.memref_store_vec(frag.load(), fx.slice(fx.logical_divide(inp, fx.make_layout(4, 1)), (None, t)))

    @flyc.jit
    def run1(inp):
        k1(inp).launch(grid=1, block=64)

    return run1


x = torch.zeros(256, dtype=torch.bfloat16, device="cuda")
err(lambda: flyc.compile(single("global"), x))
err(lambda: flyc.compile(single("strided"), x))
os.environ["ARCH"] = "gfx942"
err(lambda: flyc.compile(build(rocdl.cdna4.LDSReadTrans16_64b, fx.BFloat16, 4)[0], x, x))

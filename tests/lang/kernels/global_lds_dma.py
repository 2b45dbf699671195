# flyi: run
# flyi: emu-only (it launches gfx950 kernels; the HIP stand-in is a gfx942 device)
# gfx950's async global -> LDS DMA (fx.rocdl.cdna4.GlobalLoadAsyncLDS*, trace_buffer_ptr.c): the copy op prints as
# FlyDSL's !fly_rocdl.cdna4.global_load_async_lds<bits> (32, 96 or 128). fx.copy / copy_atom_call of it from a
# global tensor to an LDS tensor is rocdl.global.load.lds (the address is the lane's, its size an attribute) to
# readfirstlane of the LDS address (M0): lane l writes its bytes at the wave's LDS address + l * bytes, 16 bytes a
# lane for 96 (its fourth dword untouched). A tiled copy of 64 lanes x 4 floats moves a 16x16 tile of a 16x32
# matrix; one-element views move the 96-bit form; both checked on the emulator element by element. The gfx950 ISA
# has global_load_lds_dwordx4 / dwordx3; on gfx942 the 32-bit form compiles (global_load_lds_dword) and the
# 12- and 16-byte forms are an error naming the target and the DSL line.
import os
import re

import flydsl.compiler as flyc
import flydsl.expr as fx
import torch
from flydsl.expr.rocdl import cdna4

print(cdna4.GlobalLoadAsyncLDS(32), cdna4.GlobalLoadAsyncLDS96b(), cdna4.GlobalLoadAsyncLDS128b())
print(fx.make_copy_atom(cdna4.GlobalLoadAsyncLDS128b(), 128))
print(fx.make_copy_atom(cdna4.GlobalLoadAsyncLDS32b(), fx.Float32))
try:
    cdna4.GlobalLoadAsyncLDS(64)
except ValueError as e:
    print("ValueError:", e)

M, N = 16, 32


@flyc.kernel
def tile_copy(src: fx.Tensor, out: fx.Tensor):
    t = fx.Int32(fx.thread_idx.x)
    lds = fx.SharedAllocator().allocate(fx.Array[fx.Float32, 256]).peek()
    s_tile = fx.make_view(lds.ptr, fx.make_layout((16, 16), (16, 1)))
    g = fx.make_view(fx.get_iter(src), fx.make_layout((M, N), (N, 1)))
    g_tile = fx.flat_divide(g, (16, 16))[None, None, 0, 1]  # columns 16..31
    # thread t: row t // 4, columns 4 (t % 4) .. + 3 of the tile
    tv = fx.make_layout(((4, 16), 4), ((64, 1), 16))
    atom = fx.make_copy_atom(cdna4.GlobalLoadAsyncLDS128b(), fx.Float32)
    thr = fx.make_tiled_copy(atom, tv, (16, 16)).get_slice(t)
    fx.rocdl.asyncmark()
    fx.copy(atom, thr.partition_S(g_tile), thr.partition_D(s_tile))
    fx.rocdl.wait_asyncmark(0)
    fx.gpu.barrier()
    o = fx.Tensor(fx.make_view(fx.get_iter(out), fx.make_layout(256, 1)))
    lin = fx.Tensor(fx.make_view(lds.ptr, fx.make_layout(256, 1)))
    for i in fx.range_constexpr(4):
        o[t * 4 + i] = lin[t * 4 + i]


@flyc.kernel
def dma96(src: fx.Tensor, out: fx.Tensor):
    t = fx.Int32(fx.thread_idx.x)
    lds = fx.SharedAllocator().allocate(fx.Array[fx.Int32, 256]).peek()
    lin = fx.Tensor(fx.make_view(lds.ptr, fx.make_layout(256, 1)))
    for i in fx.range_constexpr(4):
        lin[t * 4 + i] = fx.Int32(-1)
    fx.gpu.barrier()
    # FlyDSL's form: the lane's own global address, one LDS address for the wave
    s = fx.make_view(fx.get_iter(src) + t * 3, fx.make_layout(1, 1))
    d = fx.make_view(lds.ptr, fx.make_layout(1, 1))
    fx.copy_atom_call(fx.make_copy_atom(cdna4.GlobalLoadAsyncLDS96b(), 96), s, d)
    fx.gpu.barrier()
    o = fx.Tensor(fx.make_view(fx.get_iter(out), fx.make_layout(256, 1)))
    for i in fx.range_constexpr(4):
        o[t * 4 + i] = lin[t * 4 + i]


@flyc.kernel
def dma32(src: fx.Tensor, out: fx.Tensor):
    t = fx.Int32(fx.thread_idx.x)
    lds = fx.SharedAllocator().allocate(fx.Array[fx.Int32, 64]).peek()
    s = fx.make_view(fx.get_iter(src) + (63 - t), fx.make_layout(1, 1))
    fx.copy_atom_call(fx.make_copy_atom(cdna4.GlobalLoadAsyncLDS32b(), 32), s, fx.make_view(lds.ptr, fx.make_layout(1, 1)))
    fx.gpu.barrier()
    o = fx.Tensor(fx.make_view(fx.get_iter(out), fx.make_layout(64, 1)))
    o[t] = fx.Tensor(fx.make_view(lds.ptr, fx.make_layout(64, 1)))[t]


@flyc.jit
def run_tile(src, out):
    tile_copy(src, out).launch(grid=1, block=64)


@flyc.jit
def run96(src, out):
    dma96(src, out).launch(grid=1, block=64)


@flyc.jit
def run32(src, out):
    dma32(src, out).launch(grid=1, block=64)


def dma_lines(ir):  # the DMA and the 7 lines before it (the two pointers, M0), SSA names and locations left out
    ls = [re.sub(r" loc\(.*\)$", "", re.sub(r"%\d+", "%_", ln.strip())) for ln in ir.splitlines()]
    i = next(i for i, ln in enumerate(ls) if ln.startswith("rocdl.global.load.lds"))
    return ls[i - 7:i + 1]


os.environ["ARCH"] = "gfx950"  # the emulator runs the gfx950 compile
src = torch.arange(M * N, dtype=torch.float32, device="cuda").reshape(M, N) * 0.5 + 1.0
out = torch.zeros(256, dtype=torch.float32, device="cuda")
run_tile(src, out)
want = src.cpu()[:, 16:].reshape(256)
print("tile 16x16 (128b, tiled copy):", torch.equal(out.cpu(), want), out.cpu()[:5].tolist())

isrc = torch.arange(64 * 3, dtype=torch.int32, device="cuda") * 7 - 100
iout = torch.zeros(256, dtype=torch.int32, device="cuda")
run96(isrc, iout)
s = isrc.cpu().tolist()
want96 = [s[3 * (i // 4) + i % 4] if i % 4 < 3 else -1 for i in range(256)]
print("96b, 16 bytes a lane:", iout.cpu().tolist() == want96, iout.cpu()[:8].tolist())

iout = torch.zeros(64, dtype=torch.int32, device="cuda")
run32(isrc, iout)
print("32b:", iout.cpu().tolist() == [s[63 - t] for t in range(64)], iout.cpu()[:3].tolist())

for name, run, a, b in (("tile", run_tile, src, out), ("96b", run96, isrc, torch.zeros(256, dtype=torch.int32,
                                                                                          device="cuda"))):
    k = flyc.compile(run, a, b, run=False)
    isa = k.isa
    print(name, k.target)
    for ln in dma_lines(k.ir(0)):
        print("  ", ln)
    print("   ISA:", [m for m in ("global_load_lds_dwordx4", "global_load_lds_dwordx3") if m in isa],
          any("m0" in ln for ln in isa.splitlines()))
os.environ["ARCH"] = "gfx942"
k = flyc.compile(run32, isrc, iout, run=False)
print("32b", k.target, "global_load_lds_dword" in k.isa)
for name, run, a, b in (("tile", run_tile, src, out), ("96b", run96, isrc, torch.zeros(256, dtype=torch.int32,
                                                                                          device="cuda"))):
    try:
        flyc.compile(run, a, b, run=False)
    except Exception as e:
        print(name, type(e).__name__ + ":", str(e).splitlines()[-1][:200])
del os.environ["ARCH"]


# errors: a buffer tensor source, a view of more than the atom's bytes, a register destination, a read past the
# tensor (the emulator's bounds check of the lane's global access)
@flyc.kernel
def bad(src: fx.Tensor, case: fx.Constexpr[int]):
    t = fx.Int32(fx.thread_idx.x)
    lds = fx.SharedAllocator().allocate(fx.Array[fx.Int32, 256]).peek()
    d = fx.make_view(lds.ptr, fx.make_layout(1, 1))
    a32 = fx.make_copy_atom(cdna4.GlobalLoadAsyncLDS32b(), 32)
    if fx.const_expr(case == 0):
        fx.copy_atom_call(a32, fx.rocdl.make_buffer_tensor(src), d)
    elif fx.const_expr(case == 1):
        fx.copy(a32, fx.make_view(fx.get_iter(src), fx.make_layout(4, 1)), d)
    elif fx.const_expr(case == 2):
        fx.copy(a32, fx.make_view(fx.get_iter(src), fx.make_layout(1, 1)), fx.make_rmem_tensor(1, fx.Int32))
    else:
        s = fx.make_view(fx.get_iter(src) + t * 3, fx.make_layout(1, 1))
        fx.copy_atom_call(fx.make_copy_atom(cdna4.GlobalLoadAsyncLDS96b(), 96), s, d)


@flyc.jit
def run_bad(src, case: fx.Constexpr[int]):
    bad(src, case).launch(grid=1, block=64)


os.environ["ARCH"] = "gfx950"
for case in range(4):
    try:
        run_bad(torch.zeros(100, dtype=torch.int32, device="cuda"), case)
        print(case, "ran")
    except Exception as e:
        print(case, type(e).__name__ + ":", re.sub(r"0x[0-9a-f]+", "0x_", str(e).splitlines()[-1])[:240])
del os.environ["ARCH"]

# flyi: run
# flyi: emu-only (its gfx950 kernels run on the emulator; a gfx942 device cannot load them)
# fx.atom_set_value(atom, field, value): a copy of the atom with a state field set, FlyDSL's fly.atom.set_value.
# The gfx942 / gfx950 MMA atoms' state is the scaled MFMA's scale_a / scale_b (E8M0 bytes picked by opsel): a gemm
# with an atom so set equals one given scale_a= / scale_b=, and scales 2^1 and 2^2 give 8 times the result of
# scales 2^0. A buffer copy atom's state is soffset (in the atom's values): copies with an atom so set read what
# fx.copy(..., soffset=) reads. Other fields are errors naming why: workgroup_mask is gfx1250's, soffset a buffer
# copy atom's, scale_a a scaled MFMA's.
import os
import re

import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

os.environ["ARCH"] = "gfx950"


@flyc.kernel
def mma(A: fx.Tensor, B: fx.Tensor, C: fx.Tensor, sa: fx.Int32, sb: fx.Int32, how: fx.Constexpr[str]):
    t = fx.thread_idx.x
    atom = fx.make_mma_atom(fx.rocdl.cdna4.MFMA_Scale(16, 16, 128, fx.Float8E4M3FN, fx.Float8E4M3FN))
    a = fx.make_rmem_tensor(8, fx.Int32)
    b = fx.make_rmem_tensor(8, fx.Int32)
    c = fx.make_rmem_tensor(4, fx.Float32)
    for i in fx.range_constexpr(8):
        a[i] = A[t * 8 + i]
        b[i] = B[t * 8 + i]
    for i in fx.range_constexpr(4):
        c[i] = 0.0
    if fx.const_expr(how == "kwargs"):
        fx.gemm(atom, c, a, b, c, scale_a=sa, scale_b=sb)
    else:
        at = fx.atom_set_value(fx.atom_set_value(atom, "scale_a", sa), "scale_b", sb)
        fx.gemm(at, c, a, b, c)
    for i in fx.range_constexpr(4):
        C[t * 4 + i] = c[i]


@flyc.jit
def run(A, B, C, sa, sb, how: fx.Constexpr[str]):
    mma(A, B, C, sa, sb, how).launch(grid=1, block=64)


@flyc.kernel
def rows(X: fx.Tensor, Y: fx.Tensor):
    t = fx.thread_idx.x
    buf = fx.rocdl.make_buffer_tensor(X)
    atom = fx.make_copy_atom(fx.rocdl.BufferCopy32b(), fx.Float32)
    tile, tv = fx.make_layout_tv(fx.make_layout((1, 8), (1, 1)), fx.make_layout((1, 1), (1, 1)))
    thr = fx.make_tiled_copy(atom, tv, tile).get_slice(t)
    src = thr.partition_S(fx.slice(fx.zipped_divide(buf, tile), (None, (0, 0))))
    for r in fx.range_constexpr(3):
        frag = fx.make_fragment_like(src)
        fx.copy(fx.atom_set_value(atom, "soffset", fx.Int32(8 * r)), src, frag)
        frag2 = fx.make_fragment_like(src)
        fx.copy(atom, src, frag2, soffset=fx.Int32(8 * r))
        Y[r * 16 + t] = frag[0]
        Y[r * 16 + 8 + t] = frag2[0]


@flyc.jit
def run_rows(X, Y):
    rows(X, Y).launch(grid=1, block=8)


def show(atom, field):
    try:
        fx.atom_set_value(atom, field, 1)
    except Exception as e:
        print(type(e).__name__ + ":", e)


scaled = fx.make_mma_atom(fx.rocdl.cdna4.MFMA_Scale(16, 16, 128, fx.Float8E4M3FN, fx.Float8E4M3FN))
for f in ("workgroup_mask", "soffset", "lane_mask", "scale_a"):
    show(scaled, f)
show(fx.make_mma_atom(fx.rocdl.MFMA(16, 16, 4, fx.Float32)), "scale_a")
show(fx.make_copy_atom(fx.UniversalCopy32b(), fx.Float32), "soffset")
show(fx.make_copy_atom(fx.rocdl.BufferCopy32b(), fx.Float32), "scale_a")
X = torch.arange(24, dtype=torch.float32).reshape(3, 8).cuda()
Y = torch.zeros(48, dtype=torch.float32).cuda()
run_rows(X, Y)
y = Y.cpu().tolist()
print("soffset state == soffset=:", all(y[r * 16:r * 16 + 8] == y[r * 16 + 8:r * 16 + 16] == X.cpu().flatten().tolist()[8 * r:8 * r + 8]
                                        for r in range(3)))

g = torch.Generator().manual_seed(5)
# e4m3 codes 0x30..0x3F and their negatives (small normal values) packed 4 per dword
codes = torch.randint(0x30, 0x40, (64 * 32, 2), generator=g) | (torch.randint(0, 2, (64 * 32, 2), generator=g) << 7)
words = [(codes[i * 4:(i + 1) * 4, k] << torch.tensor([0, 8, 16, 24])).sum().item() for k in (0, 1)
         for i in range(64 * 8)]
words = [w - (1 << 32) if w >= 1 << 31 else w for w in words]
A = torch.tensor(words[:512], dtype=torch.int32).cuda()
B = torch.tensor(words[512:], dtype=torch.int32).cuda()
out = {}
for how, sa, sb in [("kwargs", 128, 129), ("set_value", 128, 129), ("set_value", 127, 127)]:
    C = torch.zeros(256, dtype=torch.float32).cuda()
    c = flyc.compile(run, A, B, C, sa, sb, how)
    out[how, sa] = C.cpu()
    if how == "set_value" and sa == 128:
        ir = c.ir(0)
        print(sorted(set(re.findall(r'"fly\.atom\.set_value"\(%\w+, %\w+\) \{field = "(\w+)"\}', ir))))
print("set_value == kwargs:", torch.equal(out["set_value", 128], out["kwargs", 128]))
print("scales 2^1, 2^2 give 8x:", torch.equal(out["set_value", 128], 8 * out["set_value", 127]),
      out["set_value", 127].abs().sum().item() > 0)

# The Fly IR of gfx950's scaled MFMA (checked by mma_scale_ir.fc): the atom's type as FlyDSL prints it, the scale
# words set on the atom by fly.atom.set_value, and after fly-layout-lowering the ROCDL op with LLVM 22's operands
# (a, b as 8 / 4 dwords, c, cbsz, blgp, opsel_a, scale_a, opsel_b, scale_b; unset scales are the constant 0);
# then the ISA (the unscaled instruction where both scales are 0), the gfx942 error and the atom's checks.
# (This program runs with COMPILE_ONLY=1.)
import os

import flydsl.compiler as flyc
import flydsl.expr as fx
import torch


@flyc.kernel
def mma_s(A: fx.Tensor, B: fx.Tensor, C: fx.Tensor, S: fx.Tensor):
    t = fx.thread_idx.x
    atom = fx.make_mma_atom(fx.rocdl.cdna4.MFMA_Scale(16, 16, 128, fx.Float8E5M2, fx.Float4E2M1FN, opsel_a=3,
                                                      opsel_b=1))
    a = fx.make_rmem_tensor(8, fx.Int32)
    b = fx.make_rmem_tensor(4, fx.Int32)
    c = fx.make_rmem_tensor(4, fx.Float32)
    for i in fx.range_constexpr(8):
        a[i] = A[t * 8 + i]
    for i in fx.range_constexpr(4):
        b[i] = A[t * 4 + i]
        c[i] = fx.Float32(0.0)
    fx.gemm(atom, c, a, b, c)
    fx.gemm(atom, c, a, b, c, scale_a=S[t], scale_b=S[t + 64])
    for i in fx.range_constexpr(4):
        C[t * 4 + i] = c[i]


@flyc.jit
def run(A, C, S):
    mma_s(A, A, C, S).launch(grid=1, block=64)


A = torch.zeros(512, dtype=torch.int32).cuda()
C = torch.zeros(256, dtype=torch.float32).cuda()
S = torch.zeros(128, dtype=torch.int32).cuda()
os.environ["ARCH"] = "gfx950"
k = flyc.compile(run, A, C, S)
print(k.ir(0))
print(k.ir(3))
print("\n".join(l.strip() for l in k.isa.split("\n") if "v_mfma" in l))
os.environ["ARCH"] = "gfx942"
try:
    flyc.compile(run, A, C, S)
except RuntimeError as e:
    print("gfx942:", str(e).split("\n")[-1])
del os.environ["ARCH"]
for args, kw in (((16, 16, 64, fx.Float8E4M3FN), {}), ((16, 16, 128, fx.Float16), {}),
                 ((32, 32, 64, fx.Float8E4M3FN), {"opsel_a": 4}), ((16, 16, 128, fx.Float8E4M3FN, None, fx.Float16), {})):
    try:
        fx.rocdl.cdna4.MFMA_Scale(*args, **kw)
    except ValueError as e:
        print(e)
print(fx.rocdl.cdna4.MFMAScale(32, 32, 64, fx.Float6E3M2FN))

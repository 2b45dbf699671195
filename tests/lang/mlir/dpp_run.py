# flyi: run
# DPP lane moves on the emulator: llvm.call_intrinsic "llvm.amdgcn.update.dpp.i32" (the xor-8 / xor-4 pairs with
# bank masks and the xor-2 / xor-1 quad permutations FlyDSL's reductions use) and rocdl.update_dpp (row_shr with
# bound_ctrl, row_shl, row_ror, row_mirror, row_half_mirror, a row mask), checked against the DPP rules here.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch
from flydsl._mlir.dialects import arith, llvm, rocdl
from flydsl._mlir.extras import types as T

W = 64
CASES = [("xor8", None), ("xor4", None), ("xor2", 0x4E), ("xor1", 0xB1), ("shr1_bound", 0x111),
         ("shl3", 0x103), ("ror5", 0x125), ("mirror", 0x140), ("half_mirror", 0x141), ("ror1_rows02", 0x121)]


@flyc.kernel
def k(x: fx.Tensor, out: fx.Tensor):
    tid = fx.thread_idx.x
    i32, i1 = T.i32(), T.i1()
    v = x[tid].ir_value()
    c = lambda n: arith.constant(i32, n)

    def dpp(old, src, ctrl, rmask=0xF, bmask=0xF, bound=False):
        return llvm.call_intrinsic(i32, "llvm.amdgcn.update.dpp.i32",
                                   [old, src, c(ctrl), c(rmask), c(bmask), arith.constant(i1, int(bound))], [], [])

    res = [dpp(dpp(v, v, 0x118, 0xF, 0xC), v, 0x108, 0xF, 0x3),  # lanes 8-15 of a row from l-8, 0-7 from l+8
           dpp(dpp(v, v, 0x114, 0xF, 0xA), v, 0x104, 0xF, 0x5),
           dpp(v, v, 0x4E), dpp(v, v, 0xB1),
           rocdl.update_dpp(i32, v, v, 0x111, 0xF, 0xF, True),
           rocdl.update_dpp(i32, v, v, 0x103, 0xF, 0xF, False),
           rocdl.update_dpp(i32, v, v, 0x125, 0xF, 0xF, False),
           rocdl.update_dpp(i32, v, v, 0x140, 0xF, 0xF, False),
           rocdl.update_dpp(i32, v, v, 0x141, 0xF, 0xF, False),
           rocdl.update_dpp(i32, c(-1), v, 0x121, 0x5, 0xF, False)]
    for j, r in enumerate(res):
        out[tid * len(CASES) + j] = fx.Int32(r)


@flyc.jit
def run(x, out):
    k(x, out).launch(grid=1, block=W)


vals = [l * 3 + 1 for l in range(W)]
x = torch.tensor(vals, dtype=torch.int32, device="cuda")
out = torch.zeros(W * len(CASES), dtype=torch.int32, device="cuda")
run(x, out)
got = out.tolist()


def want(case, l):
    r16, row = l % 16, l - l % 16
    if case.startswith("xor"):
        return vals[l ^ int(case[3:])]
    if case == "shr1_bound":
        return vals[l - 1] if r16 >= 1 else 0
    if case == "shl3":
        return vals[l + 3] if r16 + 3 < 16 else vals[l]
    if case == "ror5":
        return vals[row + (r16 - 5) % 16]
    if case == "mirror":
        return vals[row + 15 - r16]
    if case == "half_mirror":
        return vals[row + (r16 & 8) + 7 - (r16 & 7)]
    return vals[row + (r16 - 1) % 16] if (l // 16) in (0, 2) else -1


for j, (case, _) in enumerate(CASES):
    bad = [l for l in range(W) if got[l * len(CASES) + j] != want(case, l)]
    print(case, "ok" if not bad else f"differs at lanes {bad[:4]}", got[17 * len(CASES) + j])

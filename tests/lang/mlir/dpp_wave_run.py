# flyi: run
# gfx9's whole-wave DPP controls on the emulator: row_bcast:15 (each row reads the previous row's lane 15; row 0
# reads nothing), row_bcast:31 (rows 2 and 3 read lane 31; rows 0 and 1 read nothing), wave_shr/shl/ror/rol:1 (the
# wave shifted or rotated by one lane, across rows), with row masks and bound_ctrl deciding what a lane that reads
# nothing gets (old, or 0 with bound_ctrl); and the full-wave reduce ladder (row_shr 1/2/4/8, row_bcast:15 under
# row mask 0xa, row_bcast:31 under 0xc) that leaves the wave's total in lane 63. The expected values below are
# worked out by hand from x[l] = 3l + 1.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch
from flydsl._mlir.dialects import arith, rocdl
from flydsl._mlir.extras import types as T

W = 64
CASES = ["bcast15", "bcast15_rows13", "bcast31_bound", "bcast31_rows23", "wave_shr1", "wave_shl1_bound",
         "wave_ror1", "wave_rol1", "ladder"]


@flyc.kernel
def k(x: fx.Tensor, out: fx.Tensor):
    tid = fx.thread_idx.x
    i32 = T.i32()
    v = x[tid].ir_value()
    m1 = arith.constant(i32, -1)
    z = arith.constant(i32, 0)

    def dpp(old, src, ctrl, rmask=0xF, bound=False):
        return rocdl.update_dpp(i32, old, src, ctrl, rmask, 0xF, bound)

    acc = fx.Int32(v)
    for ctrl in (0x111, 0x112, 0x114, 0x118):
        acc = acc + fx.Int32(dpp(z, acc.ir_value(), ctrl))
    acc = acc + fx.Int32(dpp(z, acc.ir_value(), 0x142, 0xA))
    acc = acc + fx.Int32(dpp(z, acc.ir_value(), 0x143, 0xC))
    res = [dpp(m1, v, 0x142), dpp(v, v, 0x142, 0xA), dpp(m1, v, 0x143, 0xF, True), dpp(m1, v, 0x143, 0xC),
           dpp(m1, v, 0x138), dpp(m1, v, 0x130, 0xF, True), dpp(m1, v, 0x13C), dpp(m1, v, 0x134), acc.ir_value()]
    for j, r in enumerate(res):
        out[tid * len(CASES) + j] = fx.Int32(r)


@flyc.jit
def run(x, out):
    k(x, out).launch(grid=1, block=W)


x = torch.tensor([3 * l + 1 for l in range(W)], dtype=torch.int32, device="cuda")
out = torch.zeros(W * len(CASES), dtype=torch.int32, device="cuda")
run(x, out)
got = out.tolist()
LANES = [0, 1, 15, 16, 31, 32, 47, 48, 63]
for j, case in enumerate(CASES):
    print(case, [got[l * len(CASES) + j] for l in LANES])

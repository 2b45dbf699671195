# flyi: run
# gfx950's rocdl.permlane16.swap / permlane32.swap built through flydsl._mlir and run on the emulator: each odd
# row (16 or 32 lanes) of the first operand trades places with the even row of the second below it; the
# {first', second'} pair comes back as an !llvm.struct<(i32, i32)> read with llvm.extractvalue. Checked against
# the lane arithmetic here; compiling the same kernel for gfx942 fails, naming the op.
import os

os.environ["ARCH"] = "gfx950"
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch
from flydsl._mlir import ir
from flydsl._mlir.dialects import llvm, rocdl
from flydsl._mlir.extras import types as T


@flyc.kernel
def swap(out: fx.Tensor):
    lane = fx.Int32(fx.thread_idx.x)
    a = (lane + fx.Int32(100)).ir_value()
    b = (lane + fx.Int32(200)).ir_value()
    pair = ir.Type.parse("!llvm.struct<(i32, i32)>")
    r16 = rocdl.permlane16_swap(pair, a, b, False, False)
    r32 = rocdl.permlane32_swap(pair, a, b, False, False)
    for k, r in enumerate((r16, r32)):
        out[lane * 4 + 2 * k] = fx.Int32(llvm.extractvalue(T.i32(), r, [0]))
        out[lane * 4 + 2 * k + 1] = fx.Int32(llvm.extractvalue(T.i32(), r, [1]))


@flyc.jit
def run(out):
    swap(out).launch(grid=1, block=64)


def want(n):
    first, second = [], []
    for lane in range(64):
        odd = (lane // n) % 2 == 1
        first.append(200 + lane - n if odd else 100 + lane)
        second.append(200 + lane if odd else 100 + lane + n)
    return first, second


out = torch.zeros(256, dtype=torch.int32, device="cuda")
run(out)
got = out.tolist()
for k, n in enumerate((16, 32)):
    f, s = want(n)
    ok = got[2 * k::4] == f and got[2 * k + 1::4] == s
    print(f"permlane{n}.swap:", "PASS" if ok else "FAIL", got[2 * k::4][14:18], got[2 * k + 1::4][14:18])
os.environ["ARCH"] = "gfx942"
try:
    flyc.compile(run, out)
except RuntimeError as e:
    print("gfx942:", str(e).splitlines()[-1])

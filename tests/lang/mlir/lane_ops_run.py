# flyi: run
# ROCDL lane operations built through flydsl._mlir, run on the emulator (one wave of 64 lanes) and checked
# against the hardware's definitions computed here: readlane, readfirstlane, ds_bpermute, ballot,
# mbcnt_lo / mbcnt_hi; scheduling hints and waits in between change nothing.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch
from flydsl._mlir.dialects import arith, rocdl
from flydsl._mlir.extras import types as T

W = 64


@flyc.kernel
def lanes(x: fx.Tensor, out: fx.Tensor):
    tid = fx.thread_idx.x
    v = x[tid].ir_value()
    i32 = T.i32()
    c = lambda n: arith.constant(i32, n)
    rocdl.sched_barrier(0)
    rl = rocdl.readlane(i32, v, c(37))
    rocdl.s_waitcnt(0)
    rf = rocdl.readfirstlane(i32, v)
    rocdl.sched_group_barrier(8, 1, 0)
    # ds_bpermute: lane l reads lane (addr / 4) % 64; here addr = 4 * (63 - l)
    addr = arith.muli(arith.subi(c(63), fx.Int32(tid).ir_value()), c(4))
    bp = rocdl.ds_bpermute(i32, addr, v)
    odd = arith.cmpi(arith.CmpIPredicate.ne, arith.andi(v, c(1)), c(0))
    bl = rocdl.ballot(T.i64(), odd)
    px = rocdl.readlane(i32, v, x[2].ir_value())  # a uniform lane index read from memory: lane 17
    rocdl.s_setprio(1)
    ml = rocdl.mbcnt_lo(i32, c(-1), c(0))
    mh = rocdl.mbcnt_hi(i32, c(-1), ml)
    rocdl.s_barrier()
    out[tid * 8 + 0] = fx.Int32(rl)
    out[tid * 8 + 1] = fx.Int32(rf)
    out[tid * 8 + 2] = fx.Int32(bp)
    out[tid * 8 + 3] = fx.Int32(arith.trunci(i32, bl))
    out[tid * 8 + 4] = fx.Int32(arith.trunci(i32, arith.shrui(bl, arith.constant(T.i64(), 32))))
    out[tid * 8 + 5] = fx.Int32(px)
    out[tid * 8 + 6] = fx.Int32(ml)
    out[tid * 8 + 7] = fx.Int32(mh)


@flyc.jit
def run(x, out):
    lanes(x, out).launch(grid=1, block=W)


vals = [(l * 7 + 3) % 100 for l in range(W)]
x = torch.tensor(vals, dtype=torch.int32, device="cuda")
out = torch.zeros(W * 8, dtype=torch.int32, device="cuda")
run(x, out)
got = out.tolist()
ballot = sum(1 << l for l in range(W) if vals[l] & 1)


def s32(u):
    return u - (1 << 32) if u >= 1 << 31 else u


want = []
for l in range(W):
    want += [vals[37], vals[0], vals[63 - l], s32(ballot & 0xFFFFFFFF), s32(ballot >> 32), vals[vals[2]],
             min(l, 32), min(l, 32) + max(l - 32, 0)]
names = ["readlane", "readfirstlane", "ds_bpermute", "ballot_lo", "ballot_hi", "readlane_dyn", "mbcnt_lo",
         "mbcnt_hi"]
for k, n in enumerate(names):
    bad = [l for l in range(W) if got[l * 8 + k] != want[l * 8 + k]]
    print(n, "ok" if not bad else f"differs at lanes {bad[:4]}", got[5 * 8 + k])

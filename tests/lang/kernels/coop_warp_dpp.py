# flyi: run
# fx.coop's warp collectives on gfx9 are DPP sequences (fx.coop.warp.rocdl); fx.coop.universal keeps the
# shuffles. Both run here on two waves for every width, reduce / inclusive / exclusive / aggregate with ADD and MAX
# on Int32 (exact), checked against a Python reference per group and against each other; then the ISA: the DPP
# forms keep the fold out of LDS (one ds_swizzle for a 32-lane reduce, whose xor-16 step no gfx9 DPP control
# does), a full-wave reduce is the row_shr / row_bcast ladder read out of lane 63, the portable form and a 16-bit
# value (which DPP cannot move) keep LDS shuffles.
import re

import torch

import flydsl.compiler as flyc
import flydsl.expr as fx

ADD, MAX = fx.ReductionOp.ADD, fx.ReductionOp.MAX
W = 64
print("rocdl module:", fx.coop.warp.rocdl.__name__, sorted(fx.coop.warp.rocdl.__all__) == sorted(fx.coop.warp.__all__),
      fx.coop.warp_reduce is fx.coop.warp.rocdl.warp_reduce, fx.coop.universal.warp_reduce is not fx.coop.warp_reduce)


def forms(m, v, op, width):
    inc, exc, agg = m.warp_scan_with_aggregate(v, op, width=width)
    return [m.warp_reduce(v, op, width=width), m.warp_inclusive_scan(v, op, width=width),
            m.warp_exclusive_scan(v, op, width=width), agg, inc, exc]


def run_case(op, width):
    @flyc.kernel
    def k(A: fx.Tensor, Out: fx.Tensor):
        t = fx.thread_idx.x
        v = A[t]
        for j, r in enumerate(forms(fx.coop, v, op, width) + forms(fx.coop.universal, v, op, width)):
            Out[j * 2 * W + t] = r

    @flyc.jit
    def launch(A: fx.Tensor, Out: fx.Tensor):
        k(A, Out).launch(grid=1, block=2 * W)

    vals = [(l * 37) % 101 - 50 for l in range(2 * W)]
    a = torch.tensor(vals, dtype=torch.int32, device="cuda")
    out = torch.zeros(12 * 2 * W, dtype=torch.int32, device="cuda")
    launch(a, out)
    got = out.tolist()
    g = width or W
    f = (lambda x, y: x + y) if op is ADD else max
    ident = 0 if op is ADD else -(2**31)
    want = [[], [], [], []]
    for base in range(0, 2 * W, g):
        run, acc = [], ident
        for x in vals[base:base + g]:
            acc = f(acc, x)
            run.append(acc)
        want[0] += [run[-1]] * g
        want[1] += run
        want[2] += [ident] + run[:-1]
        want[3] += [run[-1]] * g
    want = want + [want[1], want[2]]
    cols = [got[j * 2 * W:(j + 1) * 2 * W] for j in range(12)]
    ok_ref = all(cols[j] == want[j] for j in range(6))
    ok_both = all(cols[j] == cols[j + 6] for j in range(6))
    return ok_ref, ok_both


for op in (ADD, MAX):
    print(op.name, [(w or "full", *run_case(op, w)) for w in (2, 4, 8, 16, 32, None)])


def isa_of(call, dtype):
    @flyc.kernel(known_block_size=[W, 1, 1])
    def k(A: fx.Tensor, Out: fx.Tensor):
        t = fx.thread_idx.x
        Out[t] = call(A[t])

    @flyc.jit
    def launch(A: fx.Tensor, Out: fx.Tensor):
        k(A, Out).launch(grid=1, block=W)

    a = torch.ones(W, dtype=dtype, device="cuda")
    return flyc.compile(launch, a, torch.zeros_like(a)).isa


def lds(isa):
    return len(re.findall(r"\bds_(?:swizzle|bpermute|permute)_b32\b", isa))


for w in (2, 4, 8, 16, 32, None):
    def both(v, w=w):
        r = fx.coop.warp_reduce(v, ADD, width=w)
        inc, exc = fx.coop.warp_scan(v, ADD, width=w)
        return r + inc + exc
    print("dpp fold, width", w or "full", "LDS cross-lane ops:", lds(isa_of(both, torch.float32)))
full = isa_of(lambda v: fx.coop.warp_reduce(v, ADD), torch.float32)
print("full-wave reduce:", all(s in full for s in ("row_shr:1", "row_bcast:15", "row_bcast:31", "v_readlane_b32")),
      lds(full))
print("universal width 8 uses LDS:", lds(isa_of(lambda v: fx.coop.universal.warp_reduce(v, ADD, width=8), torch.float32)) > 0)
i16 = isa_of(lambda v: fx.coop.warp_reduce(v, ADD), torch.int16)
print("int16 falls back:", "row_bcast" not in i16, lds(i16) > 0)

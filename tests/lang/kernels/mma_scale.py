# flyi: run
# flyi: emu-only (its gfx950 kernels run on the emulator; a gfx942 device cannot load them)
# gfx950's scaled MFMA (fx.rocdl.cdna4.MFMA_Scale) on the emulator against a float64 reference decoded here from
# the codes: fp8 (E4M3 / E5M2), fp6 (E2M3 / E3M2) and fp4 (E2M1) operands, each lane's 32 values under one E8M0
# scale byte picked by opsel, f32 accumulation. Cases: every format as A and as B, both shapes, non-trivial scales
# and opsels, a NaN scale (0xFF) in one lane, and the unscaled form (no scale_a / scale_b: LLVM selects the
# unscaled instruction, whose values are not scaled).
import math
import os
import random

import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

os.environ["ARCH"] = "gfx950"
FMT = {"e4m3": (fx.Float8E4M3FN, 8), "e5m2": (fx.Float8E5M2, 8), "e2m3": (fx.Float6E2M3FN, 6),
       "e3m2": (fx.Float6E3M2FN, 6), "e2m1": (fx.Float4E2M1FN, 4)}
EM = {"e4m3": (4, 3), "e5m2": (5, 2), "e2m3": (2, 3), "e3m2": (3, 2), "e2m1": (2, 1)}


def decode(code, name):
    e, m = EM[name]
    bias = (1 << (e - 1)) - 1
    ex, man, neg = (code >> m) & ((1 << e) - 1), code & ((1 << m) - 1), (code >> (e + m)) & 1
    if name == "e4m3" and ex == 15 and man == 7:
        return math.nan
    if name == "e5m2" and ex == 31:
        return math.nan if man else (-math.inf if neg else math.inf)
    v = man * 2.0 ** (1 - bias - m) if ex == 0 else (man + (1 << m)) * 2.0 ** (ex - bias - m)
    return -v if neg else v


def finite_code(rng, name):
    bits = FMT[name][1]
    while True:
        c = rng.randrange(1 << bits)
        v = decode(c, name)
        if math.isfinite(v) and abs(v) <= 16:
            return c


def pack(codes, bits):
    """32 codes -> bits dwords (little-endian bit stream), as signed int32 values."""
    acc = 0
    for i, c in enumerate(codes):
        acc |= c << (bits * i)
    out = []
    for w in range(bits):
        x = (acc >> (32 * w)) & 0xFFFFFFFF
        out.append(x - (1 << 32) if x >= 1 << 31 else x)
    return out


@flyc.kernel
def mma(A: fx.Tensor, B: fx.Tensor, C: fx.Tensor, SA: fx.Tensor, SB: fx.Tensor, mn: fx.Constexpr[int],
        fa: fx.Constexpr[str], fb: fx.Constexpr[str], wa: fx.Constexpr[int], wb: fx.Constexpr[int],
        osa: fx.Constexpr[int], osb: fx.Constexpr[int], scaled: fx.Constexpr[bool]):
    t = fx.thread_idx.x
    vc = mn * mn // 64
    atom = fx.make_mma_atom(fx.rocdl.cdna4.MFMA_Scale(mn, mn, 8192 // (mn * 4), FMT[fa][0], FMT[fb][0],
                                                      opsel_a=osa, opsel_b=osb))
    a = fx.make_rmem_tensor(wa, fx.Int32)
    b = fx.make_rmem_tensor(wb, fx.Int32)
    c = fx.make_rmem_tensor(vc, fx.Float32)
    for i in fx.range_constexpr(wa):
        a[i] = A[t * wa + i]
    for i in fx.range_constexpr(wb):
        b[i] = B[t * wb + i]
    for i in fx.range_constexpr(vc):
        c[i] = C[t * vc + i]
    if fx.const_expr(scaled):
        fx.gemm(atom, c, a, b, c, scale_a=SA[t], scale_b=SB[t])
    else:
        fx.gemm(atom, c, a, b, c)
    for i in fx.range_constexpr(vc):
        C[t * vc + i] = c[i]


@flyc.jit
def run(A, B, C, SA, SB, mn: fx.Constexpr[int], fa: fx.Constexpr[str], fb: fx.Constexpr[str],
        wa: fx.Constexpr[int], wb: fx.Constexpr[int], osa: fx.Constexpr[int], osb: fx.Constexpr[int],
        scaled: fx.Constexpr[bool]):
    mma(A, B, C, SA, SB, mn, fa, fb, wa, wb, osa, osb, scaled).launch(grid=1, block=64)


def case(seed, mn, fa, fb, osa, osb, scaled, nan_lane=None):
    rng = random.Random(seed)
    K = 8192 // (mn * 4)
    nq = K // 32
    ca = [[finite_code(rng, fa) for _ in range(K)] for _ in range(mn)]  # A[m][k]
    cb = [[finite_code(rng, fb) for _ in range(K)] for _ in range(mn)]  # B[n][k] (B^T)
    sbytes_a = [[rng.randrange(118, 137) for _ in range(4)] for _ in range(64)]
    sbytes_b = [[rng.randrange(118, 137) for _ in range(4)] for _ in range(64)]
    if nan_lane is not None:
        sbytes_a[nan_lane][osa] = 0xFF
    word = lambda bs: sum(x << (8 * i) for i, x in enumerate(bs))
    sa = [word(bs) - (1 << 32) if word(bs) >= 1 << 31 else word(bs) for bs in sbytes_a]
    sb = [word(bs) - (1 << 32) if word(bs) >= 1 << 31 else word(bs) for bs in sbytes_b]
    wa, wb = FMT[fa][1], FMT[fb][1]
    aw, bw = [], []
    for t in range(64):
        r, q = t % mn, t // mn
        aw += pack(ca[r][32 * q:32 * q + 32], wa)
        bw += pack(cb[r][32 * q:32 * q + 32], wb)
    vc = mn * mn // 64
    c0 = [[rng.choice([0.0, 0.5, -1.25, 3.0]) for _ in range(mn)] for _ in range(mn)]  # C[m][n]
    pos = {}
    for t in range(64):
        for v in range(vc):
            pos[(t, v)] = (4 * (t // mn) + v % 4 + 4 * (64 // mn) * (v // 4), t % mn)
    cin = [c0[pos[(t, v)][0]][pos[(t, v)][1]] for t in range(64) for v in range(vc)]
    A = torch.tensor(aw, dtype=torch.int32).cuda()
    B = torch.tensor(bw, dtype=torch.int32).cuda()
    C = torch.tensor(cin, dtype=torch.float32).cuda()
    SA = torch.tensor(sa, dtype=torch.int32).cuda()
    SB = torch.tensor(sb, dtype=torch.int32).cuda()
    run(A, B, C, SA, SB, mn, fa, fb, wa, wb, osa, osb, scaled)
    got = C.cpu().tolist()

    def scale(bs, sel):
        return math.nan if bs[sel] == 0xFF else 2.0 ** (bs[sel] - 127)

    bad, nans, worst = 0, 0, 0.0
    for t in range(64):
        for v in range(vc):
            m, n = pos[(t, v)]
            s = c0[m][n]
            for k in range(K):
                la, lb = m + mn * (k // 32), n + mn * (k // 32)
                xa = decode(ca[m][k], fa) * (scale(sbytes_a[la], osa) if scaled else 1.0)
                xb = decode(cb[n][k], fb) * (scale(sbytes_b[lb], osb) if scaled else 1.0)
                s += xa * xb
            g = got[t * vc + v]
            if math.isnan(s):
                nans += 1
                bad += not math.isnan(g)
                continue
            ref = float(torch.tensor(s, dtype=torch.float32))  # the float64 sum rounded once to f32
            err = abs(g - ref) / max(abs(ref), 1e-30)
            worst = max(worst, err)
            bad += err > 2 ** -22
    print(f"{mn}x{mn}x{K} {fa} x {fb} opsel ({osa},{osb}) {'scaled' if scaled else 'unscaled'}:"
          f" {bad} mismatches of {64 * vc}, {nans} NaN (reference NaN)")


case(1, 16, "e4m3", "e4m3", 0, 0, True)
case(2, 16, "e5m2", "e2m1", 1, 2, True)
case(3, 16, "e2m3", "e3m2", 3, 1, True)
case(4, 16, "e3m2", "e2m3", 2, 3, True)
case(5, 16, "e2m1", "e5m2", 0, 3, True)
case(6, 32, "e4m3", "e2m1", 1, 0, True)
case(7, 32, "e2m1", "e2m3", 2, 2, True)
case(8, 16, "e4m3", "e2m1", 0, 0, False)
case(9, 16, "e2m1", "e2m1", 0, 0, True, nan_lane=5)

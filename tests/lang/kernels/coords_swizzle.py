# flyi: run
# crd2idx of composed layouts at runtime coordinates (FlyDSL's kernels compute swizzled LDS offsets as
# fx.get_scalar(fx.crd2idx((row, col), swz_layout))): a swizzle over an ordered layout, two nested
# swizzles, a swizzle with an offset and a layout inner; checked against S<b,m,s>(x) = x ^ ((x & yyy) >> s)
# computed in plain Python.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch


def swz(bits, base, shift, x):
    msk = (1 << bits) - 1
    if shift >= 0:
        return x ^ ((x & (msk << (base + shift))) >> shift)
    return x ^ ((x & (msk << base)) << -shift)


@flyc.kernel
def k(A: fx.Tensor):
    tid = fx.thread_idx.x
    bid = fx.block_idx.x
    row = bid * 16 + tid // 8
    col = tid % 8 * 16
    S = fx.make_composed_layout(fx.static(fx.SwizzleType.get(3, 4, 4)), fx.make_ordered_layout((128, 128), (1, 0)))
    A[bid * 128 + tid, 0] = fx.get_scalar(fx.crd2idx((row, col), S))
    hi = fx.static(fx.SwizzleType.get(1, 4, 4))
    lo = fx.static(fx.SwizzleType.get(1, 3, 6))
    N = fx.make_composed_layout(hi, fx.make_composed_layout(lo, fx.make_layout((32, 32), (32, 1))))
    A[bid * 128 + tid, 1] = fx.get_scalar(fx.crd2idx((tid % 32, bid * 4 + tid // 32), N))
    O = fx.make_composed_layout(fx.static(fx.SwizzleType.get(2, 0, -3)), 5, fx.make_layout((16, 8), (8, 1)))
    A[bid * 128 + tid, 2] = fx.get_scalar(fx.crd2idx(tid, O))
    I = fx.make_composed_layout(fx.make_layout((8, 16), (16, 1)), fx.make_layout(128, 1))
    A[bid * 128 + tid, 3] = fx.get_scalar(fx.crd2idx(tid, I))


@flyc.jit
def run(a):
    k(a).launch(grid=2, block=128)


a = torch.full((256, 4), -1, dtype=torch.int32, device="cuda")
run(a)
got = a.tolist()
ok = [True] * 4
for bid in range(2):
    for tid in range(128):
        g = bid * 128 + tid
        row, col = bid * 16 + tid // 8, tid % 8 * 16
        e0 = swz(3, 4, 4, row * 128 + col)
        c0, c1 = tid % 32, bid * 4 + tid // 32
        e1 = swz(1, 4, 4, swz(1, 3, 6, c0 * 32 + c1))
        e2 = swz(2, 0, -3, 5 + (tid % 16) * 8 + tid // 16)
        x = tid
        e3 = (x % 8) * 16 + (x // 8)
        for i, e in enumerate((e0, e1, e2, e3)):
            ok[i] = ok[i] and got[g][i] == e
for name, r in zip(["swizzle over an ordered layout", "nested swizzles", "swizzle with an offset", "layout inner"], ok):
    print(name, "PASS" if r else "FAIL")
print(got[9], got[200])

# flyi: run
# fx.math's clampf, float classifications, fpowi, ipowi and sincos of run-time values on the emulator, thread
# by thread over special inputs (+-0, subnormals, +-inf, NaN, negative bases, odd and even and negative
# exponents), against CPython's math in float64 rounded to float32; fx.ceildiv of signed and unsigned run-time
# integers against Python's -(-a // b); a Vector operand takes the same ops
# elementwise (the classifications give Boolean vectors). The ops stay FlyDSL's math ops in the traced IR;
# the lowering expands the ones no backend lowers.
import math
import struct

import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

XS = [0.0, -0.0, 1e-40, -1e-40, 1.5, -2.0, 0.5, -0.75, float("inf"), float("-inf"), float("nan"), 3.0e38,
      1.17549435e-38, -1.0, 2.0, 7.25]
NS = [0, 1, 2, 3, -1, 3, 5, 31, -3, 4, 0, 2, 1, 33, 10, -7]
N = len(XS)
OUTS = 9


@flyc.kernel
def scalar_ops(X: fx.Tensor, E: fx.Tensor, F: fx.Tensor, I: fx.Tensor):
    t = fx.thread_idx.x
    x = fx.Float32(X[t])
    n = fx.Int32(E[t])
    F[t * OUTS + 0] = fx.math.clampf(x, fx.Float32(-1.0), fx.Float32(2.0))
    F[t * OUTS + 1] = fx.math.fpowi(x, n)
    s, c = fx.math.sincos(x)
    F[t * OUTS + 2] = s
    F[t * OUTS + 3] = c
    I[t * OUTS + 0] = fx.Int32(fx.math.isnan(x))
    I[t * OUTS + 1] = fx.Int32(fx.math.isinf(x))
    I[t * OUTS + 2] = fx.Int32(fx.math.isfinite(x))
    I[t * OUTS + 3] = fx.Int32(fx.math.isnormal(x))
    I[t * OUTS + 4] = fx.math.ipowi(fx.Int32(t) - 5, n)
    a = (fx.Int32(t) - 7) * 3
    d = fx.Int32(t % 3 + 1)
    I[t * OUTS + 5] = fx.ceildiv(a, d)
    I[t * OUTS + 6] = fx.ceildiv(a, 0 - d)
    I[t * OUTS + 7] = fx.Int32(fx.ceildiv(fx.Uint32(t * 1000003 + 4000000000), fx.Uint32(t % 3 + 1)))


@flyc.kernel
def vector_ops(X: fx.Tensor, F: fx.Tensor, I: fx.Tensor):
    v = fx.Vector.from_elements([fx.Float32(X[fx.thread_idx.x * 4 + i]) for i in range(4)])
    cl = fx.math.clampf(v, fx.Vector.filled(4, -1.0, fx.Float32), fx.Vector.filled(4, 2.0, fx.Float32))
    inf = fx.math.isinf(v)
    nrm = fx.math.isnormal(v)
    for i in range(4):
        F[fx.thread_idx.x * 4 + i] = cl[i]
        I[fx.thread_idx.x * 8 + i] = fx.Int32(inf[i])
        I[fx.thread_idx.x * 8 + 4 + i] = fx.Int32(nrm[i])


@flyc.kernel
def zero_to_negative(I: fx.Tensor, E: fx.Tensor):
    I[0] = fx.math.ipowi(fx.Int32(I[1]), fx.Int32(E[4]))


@flyc.jit
def run_zero(I, E):
    zero_to_negative(I, E).launch(grid=1, block=1)


@flyc.jit
def run(X, E, F, I, Fv, Iv):
    scalar_ops(X, E, F, I).launch(grid=1, block=N)
    vector_ops(X, Fv, Iv).launch(grid=1, block=N // 4)


def f32(v):
    return struct.unpack("f", struct.pack("f", v))[0] if math.isfinite(v) and abs(v) < 3.5e38 else v


def ref_clamp(x):
    return x if math.isnan(x) else min(max(x, -1.0), 2.0)


def ref_fpowi(x, n):
    try:
        r = math.pow(x, n)
    except (OverflowError, ValueError):  # an overflow, or zero to a negative power
        r = math.copysign(math.inf, x) if n % 2 and x != 0 and not (abs(x) < 1 and n < 0) else math.inf
        if x == 0:
            r = math.copysign(math.inf, x) if n % 2 else math.inf
    return f32(r) if abs(r) < 3.4028235e38 or math.isinf(r) or math.isnan(r) else math.copysign(math.inf, r)


def ref_isnormal(x):
    return math.isfinite(x) and abs(x) >= 2.0**-126


def ref_ipowi(b, n):
    if n < 0:
        return 1 if b == 1 else ((-1 if n % 2 else 1) if b == -1 else 0)
    r = b**n
    r &= 0xFFFFFFFF
    return r - (1 << 32) if r >= 1 << 31 else r


def same(a, b):
    return (math.isnan(a) and math.isnan(b)) or a == b


X = torch.tensor(XS, dtype=torch.float32, device="cuda")
E = torch.tensor(NS, dtype=torch.int32, device="cuda")
F = torch.zeros(N * OUTS, dtype=torch.float32, device="cuda")
I = torch.zeros(N * OUTS, dtype=torch.int32, device="cuda")
Fv = torch.zeros(N, dtype=torch.float32, device="cuda")
Iv = torch.zeros(N * 2, dtype=torch.int32, device="cuda")
run(X, E, F, I, Fv, Iv)
f, i, fv, iv = F.tolist(), I.tolist(), Fv.tolist(), Iv.tolist()
xs = X.tolist()  # the float32 inputs
bad = []
for t, x in enumerate(xs):
    n = NS[t]
    want_f = [ref_clamp(x), ref_fpowi(x, n)]
    for k, w in enumerate(want_f):
        if not same(f[t * OUTS + k], w):
            bad.append(("f", k, x, n, f[t * OUTS + k], w))
    for k, w in enumerate((math.sin(x), math.cos(x)) if math.isfinite(x) else (math.nan, math.nan)):
        g = f[t * OUTS + 2 + k]
        if not (same(g, w) or abs(g - w) <= 2e-7 * max(1.0, abs(w))):
            bad.append(("sincos", k, x, g, w))
    want_i = [int(math.isnan(x)), int(math.isinf(x)), int(math.isfinite(x)), int(ref_isnormal(x)),
              ref_ipowi(t - 5, n)]
    a, d = (t - 7) * 3, t % 3 + 1
    u = -(-((t * 1000003 + 4000000000) % 2**32) // d)
    want_i += [-(-a // d), -(-a // -d), u - 2**32 if u >= 2**31 else u]
    for k, w in enumerate(want_i):
        if i[t * OUTS + k] != w:
            bad.append(("i", k, x, n, i[t * OUTS + k], w))
    if not same(fv[t], ref_clamp(x)):
        bad.append(("vclamp", x, fv[t]))
    g = t // 4 * 8 + t % 4
    if iv[g] != int(math.isinf(x)) or iv[g + 4] != int(ref_isnormal(x)):
        bad.append(("vclass", x, iv[g], iv[g + 4]))
print("mismatches:", bad)
print("clampf:", [f[t * OUTS] for t in (2, 5, 8, 9)], "nan stays nan:", math.isnan(f[10 * OUTS]))
print("fpowi:", [f[t * OUTS + 1] for t in (1, 3, 4, 5, 8)])
print("ipowi:", [i[t * OUTS + 4] for t in range(N)])
print("ceildiv:", [i[t * OUTS + 5] for t in range(N)], [i[t * OUTS + 6] for t in range(N)])
print("isnormal:", [i[t * OUTS + 3] for t in range(N)])
try:
    run_zero(torch.zeros(2, dtype=torch.int32, device="cuda"), E)
except flyc.KernelError as e:
    print("0 ** -1:", e)

# flyi: run
# x.to(Float16 / BFloat16, rounding_mode=...) rounds as the mode says, on scalars and Vectors (FlyDSL's truncf
# <mode>; convert-fly-to-rocdl expands it, since LLVM ignores the mode on AMDGPU and the host). Run on the
# emulator against values worked out by hand: ties, just-off ties, overflow past 65504, halfway to the smallest
# subnormal (2^-24), a tiny negative, NaN, inf and an exact value.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

RM = fx.RoundingMode
MODES = ["to_nearest_even", "downward", "upward", "toward_zero", "to_nearest_away"]
U = 1 + 2**-10  # the f16 after 1.0
S = 2**-24  # the smallest f16 subnormal
INF, NAN = float("inf"), float("nan")
X = [1 + 2**-11, -(1 + 2**-11), 1 + 2**-12, -(1 + 3 * 2**-12), 70000.0, -70000.0, 65519.0, 2**-25, -(2**-30),
     NAN, INF, 1.5]
WANT = {  # per input: nearest_even, downward, upward, toward_zero, nearest_away
    1 + 2**-11: [1.0, 1.0, U, 1.0, U],
    -(1 + 2**-11): [-1.0, -U, -1.0, -1.0, -U],
    1 + 2**-12: [1.0, 1.0, U, 1.0, 1.0],
    -(1 + 3 * 2**-12): [-U, -U, -1.0, -1.0, -U],
    70000.0: [INF, 65504.0, INF, 65504.0, INF],
    -70000.0: [-INF, -INF, -65504.0, -65504.0, -INF],
    65519.0: [65504.0, 65504.0, INF, 65504.0, 65504.0],
    2**-25: [0.0, 0.0, S, 0.0, S],
    -(2**-30): [-0.0, -S, -0.0, -0.0, -0.0],
    INF: [INF] * 5,
    1.5: [1.5] * 5,
}
N = len(X)


@flyc.kernel
def k(x: fx.Tensor, o0: fx.Tensor, o1: fx.Tensor, o2: fx.Tensor, o3: fx.Tensor, o4: fx.Tensor, vb: fx.Tensor):
    t = fx.thread_idx.x
    v = fx.Float32(x[t])
    o0[t] = v.to(fx.Float16, rounding_mode=RM.to_nearest_even)
    o1[t] = v.to(fx.Float16, rounding_mode=RM.downward)
    o2[t] = v.to(fx.Float16, rounding_mode=RM.upward)
    o3[t] = v.to(fx.Float16, rounding_mode=RM.toward_zero)
    o4[t] = v.to(fx.Float16, rounding_mode=RM.to_nearest_away)
    # a Vector to bf16: 1 + 2^-8 is a tie between 1 and 1 + 2^-7
    w = fx.Vector.filled(4, 1 + 2**-8, fx.Float32) * v
    b = w.to(fx.BFloat16, rounding_mode=RM.upward)
    vb[t] = b[0]


@flyc.jit
def run(x, *o):
    k(x, *o).launch(grid=1, block=N)


def same(a, b):
    return (a != a and b != b) or (a == b and str(a)[0] == str(b)[0])  # NaN, and the sign of zero


x = torch.tensor(X, dtype=torch.float32, device="cuda")
o = [torch.zeros(N, dtype=torch.float16, device="cuda") for _ in range(5)]
vb = torch.zeros(N, dtype=torch.bfloat16, device="cuda")
run(x, *o, vb)
for m, name in enumerate(MODES):
    got = o[m].tolist()
    want = [WANT[xi][m] if xi == xi else NAN for xi in X]
    print(f"{name:16}", "ok" if all(same(g, w) for g, w in zip(got, want)) else f"WRONG {got}")
print("bf16 upward of 1 + 2^-8:", vb.tolist()[-1], vb.tolist()[0])

# the traced IR carries the mode on the truncf, f16 -> bf16 rounds on the truncf after an exact extf
@flyc.jit
def host(a: fx.Float32):
    a.to(fx.Float16, rounding_mode=RM.upward)
    fx.Float16(a).to(fx.BFloat16, rounding_mode=RM.toward_zero)
    a.to(fx.Float64, rounding_mode=RM.downward)


host(1.0)
for line in host._last_compiled[1].source_ir.splitlines():
    if "arith." in line:
        print(line.split(" loc(")[0].strip())
try:
    fx.Float32(1.5).to(fx.Float16, rounding_mode=RM.upward)
except ValueError as e:
    print("ValueError:", e)

# flyi: run
# flyi: emu-only (it switches the target between gfx942 and gfx950 with ARCH; a device has one fp8 format)
# fp8 conversions (arith.truncf / arith.extf to and from f8 types, scalars and vectors) on the emulator
# against torch's rounding, and compiled for the device: fp8 tensors are loaded and stored as their bits
# (fly-layout-lowering), convert-arith-to-amdgpu turns the conversions into the target's packed
# instructions (v_cvt_pk_fp8_f32, v_cvt_f32_fp8) for its own formats (FNUZ on gfx942, OCP on gfx950),
# and the other format is a clear error rather than a failed LLVM translation.
import os

import torch

import flydsl.compiler as flyc
import flydsl.expr as fx


@flyc.kernel
def scalar(X: fx.Tensor, Q: fx.Tensor, Y: fx.Tensor):
    i = fx.thread_idx.x
    q = X[i].to(Q.element_type)
    Q[i] = q
    Y[i] = q.to(fx.Float32)


@flyc.kernel
def vector(X: fx.Tensor, Q: fx.Tensor, Y: fx.Tensor):
    # four elements a thread: vector<4xf16> -> vector<4xf8> -> vector<4xf32>
    t = fx.thread_idx.x
    tiles = lambda T: fx.slice(fx.zipped_divide(T, fx.make_tile(4)), (None, t))
    rx = fx.make_fragment_like(tiles(X))
    fx.copy(fx.make_copy_atom(fx.UniversalCopy(64), X.element_type), tiles(X), rx)
    rq = fx.make_fragment_like(tiles(Q))
    rq.store(rx.load().to(Q.element_type))
    fx.copy(fx.make_copy_atom(fx.UniversalCopy(32), Q.element_type), rq, tiles(Q))
    ry = fx.make_fragment_like(tiles(Y))
    ry.store(rq.load().to(fx.Float32))
    fx.copy(fx.make_copy_atom(fx.UniversalCopy(128), fx.Float32), ry, tiles(Y))


@flyc.jit
def run_scalar(X, Q, Y):
    scalar(X, Q, Y).launch(grid=1, block=64)


@flyc.jit
def run_vector(X, Q, Y):
    vector(X, Q, Y).launch(grid=1, block=16)


torch.manual_seed(3)
x = torch.randn(64, device="cuda") * 8
x[0], x[1], x[2] = 0.0, 1e-4, 200.0  # a zero, a subnormal, a large value within both formats
for arch, dt in (("gfx942", torch.float8_e4m3fnuz), ("gfx950", torch.float8_e4m3fn)):
    os.environ["ARCH"] = arch  # the launch compiles for the target too: its own fp8 format
    for name, run, xs in (("scalar", run_scalar, x), ("vector", run_vector, x.half())):
        q, y = torch.empty(64, dtype=dt, device="cuda"), torch.empty(64, device="cuda")
        run(xs, q, y)
        ref = xs.to(dt)
        print(str(dt).ljust(22), name, "bits", torch.equal(q.view(torch.uint8), ref.view(torch.uint8)),
              "back", torch.equal(y, ref.float()))

# the device: each target converts its own format with the hardware's instructions
for arch, dt in (("gfx942", torch.float8_e4m3fnuz), ("gfx950", torch.float8_e4m3fn)):
    os.environ["ARCH"] = arch
    q, y = torch.empty(64, dtype=dt, device="cuda"), torch.empty(64, device="cuda")
    for name, run, xs in (("scalar", run_scalar, x), ("vector", run_vector, x.half())):
        k = flyc.compile(run, xs, q, y)
        print(arch, name, "pk_fp8", "v_cvt_pk_fp8_f32" in k.isa, "to f32", "_f32_fp8" in k.isa,
              "scratch", k.stats["scratch_bytes"])
    ir = k.ir("fly-layout-lowering")  # the fp8 values move as their bits: an arith.bitcast to i8 lanes
    print(arch, "ir:", [l.split("=")[1].split(" loc(")[0].strip() for l in ir.splitlines() if "arith.bitcast" in l and "f8" in l][:2])
# and the other format is refused with the reason
for arch, dt in (("gfx942", torch.float8_e4m3fn), ("gfx950", torch.float8_e4m3fnuz)):
    os.environ["ARCH"] = arch
    try:
        flyc.compile(run_scalar, x, torch.empty(64, dtype=dt, device="cuda"), torch.empty(64, device="cuda"))
    except RuntimeError as e:
        print(arch, str(e).splitlines()[-1])
del os.environ["ARCH"]


# integers convert to fp8 through float32 (scalars and vectors): 17 rounds to 16 (to even)
@flyc.kernel
def ints(A: fx.Tensor, B: fx.Tensor, n: fx.Int32):
    t = fx.thread_idx.x
    A[t] = t + n
    part = fx.slice(fx.zipped_divide(B, fx.make_tile(4)), (None, t))
    f = fx.make_fragment_like(part)
    iv = fx.make_fragment_like(f, dtype=fx.Int32)
    for i in fx.range_constexpr(4):
        iv[i] = t * 4 + i
    f.store(iv.load().to(B.element_type))
    fx.copy(fx.make_copy_atom(fx.UniversalCopy(32), B.element_type), f, part)


@flyc.jit
def run_ints(A, B, n: fx.Int32):
    ints(A, B, n).launch(grid=1, block=8)


for arch, dt in (("gfx942", torch.float8_e4m3fnuz), ("gfx950", torch.float8_e4m3fn)):
    os.environ["ARCH"] = arch
    a, b = torch.zeros(8, dtype=dt, device="cuda"), torch.zeros(32, dtype=dt, device="cuda")
    run_ints(a, b, 11)
    print(arch, a.float().tolist(), b.float().tolist()[14:20])
del os.environ["ARCH"]

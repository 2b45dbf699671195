# flyi: run
# ArithValue's integer and float resizes on fx numerics (extui, extsi, trunci, extf, truncf; the widths
# checked as MLIR's verifier does; index_cast, shrui), ArithValue(v) of a bindings' op result being the fx numeric over it,
# fx.arith falling back to flydsl._mlir.dialects.arith (arith.trunci(T.i8, v)), fx.rocdl's packed fp8
# conversion taking Python numbers, and a Python float where an ir.Value is needed being a TypeError.
import flydsl.compiler as flyc
import flydsl.expr as fx
from flydsl.expr import arith
from flydsl.expr.arith import ArithValue
from flydsl.expr.typing import T
import torch

print(fx.Int16(-2).extui(T.i32).value, fx.Int16(-2).extsi(T.i32).value, fx.Int32(0x12345).trunci(T.i16).value)
print(fx.Uint8(200).extsi(fx.Int32).value, fx.Boolean(True).extsi(T.i32).value, fx.Boolean(True).extui(T.i32).value)
print(fx.Int32(-1).extui(fx.Int64).value, type(fx.Int8(3).extui(T.i64)).__name__)
# index_cast (index <-> integer, sign-extending), shrui (zero-filled shift), rsqrt
print(fx.Int32(-3).index_cast(T.index).value, type(fx.Int32(-3).index_cast(T.index)).__name__,
      fx.Index(5).index_cast(T.i32).value, fx.Int32(-16).shrui(fx.Int32(28)).value, fx.Int32(-16).shrui(2).value)
try:
    fx.Int32(1).index_cast(T.i64)
except TypeError as e:
    print("TypeError:", e)
for bad in (lambda: fx.Int32(1).extui(fx.Int16), lambda: fx.Int32(1).trunci(fx.Int64),
            lambda: fx.Float32(1.0).extui(fx.Int64), lambda: fx.Float32(1.0).extf(fx.Float16)):
    try:
        bad()
    except TypeError as e:
        print("TypeError:", e)

@flyc.kernel
def k(h: fx.Tensor, w: fx.Tensor, f: fx.Tensor, oi: fx.Tensor, of: fx.Tensor):
    t = fx.thread_idx.x
    x = h[t]
    oi[t * 4 + 0] = x.extui(T.i32)
    oi[t * 4 + 1] = x.extsi(T.i32)
    oi[t * 4 + 2] = w[t].trunci(T.i16).extsi(T.i32).index_cast(T.index).index_cast(T.i32)
    r = fx.rocdl.ds_bpermute(T.i32, fx.Int32(((t + 1) % 8) * 4), x.extui(T.i32))
    oi[t * 4 + 3] = ArithValue(r).trunci(T.i16).extsi(T.i32)
    of[t * 2] = f[t].truncf(T.f16).extf(T.f32)
    pk = fx.rocdl.cvt_pk_fp8_f32(T.i32, f[t], 0.0, 0, False)
    of[t * 2 + 1] = fx.Float32(arith.trunci(T.i8, ArithValue(pk)).extui(T.i32))

@flyc.jit
def run(h, w, f, oi, of):
    k(h, w, f, oi, of).launch(grid=1, block=8)

h = torch.tensor([-2, 7, -32768, 32767, 0, -1, 1234, -555], dtype=torch.int16, device="cuda")
w = torch.tensor([0x12345, -1, 65535, 32768, 7, -70000, 1 << 20, 99], dtype=torch.int32, device="cuda")
f = torch.tensor([1.0, 0.1, -3.3, 100.0, 1e-3, 0.5, -0.0625, 7.77], dtype=torch.float32, device="cuda")
oi = torch.zeros(32, dtype=torch.int32, device="cuda")
of = torch.zeros(16, dtype=torch.float32, device="cuda")
run(h, w, f, oi, of)
got = oi.reshape(8, 4).tolist()
hs = h.tolist()
print([g[0] for g in got] == [v & 0xFFFF for v in hs], [g[1] for g in got] == hs)
print([g[2] for g in got] == [((v & 0xFFFF) ^ 0x8000) - 0x8000 for v in w.tolist()])
print([g[3] for g in got] == [hs[(i + 1) % 8] for i in range(8)])
print(of.reshape(8, 2)[:, 0].tolist() == f.half().float().tolist())
fp8 = f.to(torch.float8_e4m3fnuz).view(torch.uint8).tolist()
print(of.reshape(8, 2)[:, 1].int().tolist() == fp8)

@flyc.kernel
def bad(oi: fx.Tensor):
    oi[0] = fx.rocdl.readfirstlane(T.i32, 1.5)

@flyc.jit
def runbad(oi):
    bad(oi).launch(grid=1, block=8)

try:
    runbad(oi)
except TypeError as e:
    print("TypeError:", e)

# flyi: run
# FlyDSL's scf_if_dispatch on a dynamic condition with raw ir.Values as its state (the gfx950 attention's lazy
# rescale carries as_mlir_value states): each branch changes one of an f32 Value and a vector<2xi32> Value, the
# other comes out of it unchanged, and the merged results are DSL values (FlyDSL's dispatcher promotes carried raw
# Values), here a Float32 and a Vector; run on the emulator and checked against a Python reference.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch
from flydsl._mlir.dialects import arith
from flydsl.compiler.ast_rewriter import ReplaceIfWithDispatch
from flydsl.expr.typing import Vector as Vec
from flydsl.expr.utils.arith import _to_raw as raw

KINDS = []


@flyc.kernel
def k(out: fx.Tensor):
    t = fx.Int32(fx.thread_idx.x)
    x = raw(fx.Float32(t) * 2.0)
    v = raw(Vec.from_elements([t, t + 1], fx.Int32))

    def then(_names, *st):
        return [arith.addf(st[0], raw(fx.Float32(100.0))), st[1]]

    def other(_names, *st):
        return [st[0], arith.addi(st[1], raw(Vec.from_elements([fx.Int32(7)] * 2, fx.Int32)))]

    r = ReplaceIfWithDispatch.scf_if_dispatch(raw(t < 2), then, other, state_names=("x", "v"), state_values=[x, v])
    KINDS.append((type(r[0]).__name__, type(r[1]).__name__))
    out[t * 3] = r[0]
    out[t * 3 + 1] = fx.Float32(r[1][0])
    out[t * 3 + 2] = fx.Float32(r[1][1])


@flyc.jit
def run(out):
    k(out).launch(grid=1, block=4)


o = torch.zeros(12, dtype=torch.float32, device="cuda")
run(o)
ref = []
for t in range(4):
    ref += [2.0 * t + 100.0, t, t + 1] if t < 2 else [2.0 * t, t + 7, t + 8]
print(KINDS[0])
print(o.tolist())
print("exact:", o.tolist() == ref)

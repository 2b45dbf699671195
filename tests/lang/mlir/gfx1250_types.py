# gfx1250's atom types exist as types, in FlyDSL's printed form: flydsl.expr.rocdl.cdna5.WMMAScale (MX-scaled
# WMMA) and TDM (N-D tensor data mover copy) build them, ir.Type.parse reads the text back to an equal type of
# the same class; what would use them (make_tdm_atom, lowering) is gfx1250-only and says so.
from flydsl._mlir import ir
from flydsl._mlir.dialects import fly_rocdl
from flydsl.expr.rocdl import cdna5 as U
import flydsl.expr as fx

with ir.Context(), ir.Location.unknown():
    f8, f4, f32 = ir.Float8E4M3FNType.get(), ir.Float4E2M1FNType.get(), ir.F32Type.get()
    ts = [U.WMMAScale(16, 16, 128, f8, f8, f32), U.WMMAScale(16, 16, 128, f8, f8, f32, block_size=16),
          U.WMMAScale(32, 16, 128, f4, f4, f32, opsel_b=1), U.WMMAScale(16, 16, 128, fx.Float8E4M3FN),
          U.WMMAScale(16, 16, 128, f8, f8, f32, mod_c=1, reuse_a=True, reuse_b=True),
          U.TDM(2, 1), U.TDM(3, 8, pad_interval=64, pad_amount=8, cache_modifier=2),
          U.TDM(1, 1, atomic_barrier=True, early_timeout=True)]
    for t in ts:
        p = ir.Type.parse(str(t))
        print(t)
        print(" ", p == t, type(p).__name__, isinstance(t, fly_rocdl.CopyOpGFX1250TDMType))
    print(ts[0] == ts[1], ts[0] == U.WMMAScale(16, 16, 128, f8, f8, f32), U.WMMAScale.__name__, U.TDM.__name__)
    try:
        U.make_tdm_atom(None, [1])
    except Exception as e:
        print(type(e).__name__, e)

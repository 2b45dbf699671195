# flyi: run
# fx.struct classes as frozen values inside kernels (trace_smem.c): positional and keyword construction
# (each field converted to its annotated type), attribute reads, .replace(...), constexpr fields kept as
# Python values; dsl_size_of / dsl_align_of (flydsl.compiler.protocol) and flydsl.runtime.device.
import flydsl.compiler as flyc
import flydsl.expr as fx
from flydsl.compiler.protocol import dsl_align_of, dsl_size_of
from flydsl.runtime.device import get_rocm_arch, get_warp_size, is_rdna_arch

@fx.struct
class Span:
    lo: fx.Int16
    hi: fx.Int64
    w: fx.Float16

@fx.struct
class Tagged:
    v: fx.Float32
    tag: fx.Constexpr[str]
    k: fx.Int32

@fx.struct
class Block:
    data: fx.Array[fx.Int8, 5]
    n: fx.Int32
    m: fx.Int8

for ty in (Span, Tagged, Block, fx.Array[fx.Float16, 3, 8], fx.BFloat16, fx.Int64):
    print(ty, "size", dsl_size_of(ty), "align", dsl_align_of(ty))

print("arch", get_rocm_arch()[:3], "wave", get_warp_size(), "rdna", is_rdna_arch(), get_warp_size("gfx1151"))

s = Span(3, hi=9, w=0.5)
print(s, s.hi)
print(s.replace(lo=-1))

@flyc.kernel
def fold(x: fx.Int32, y: fx.Float32):
    t = Tagged(y, "acc", x)
    print("trace:", t.tag)            # a Python str at trace time
    u = t.replace(v=t.v * 2.0, k=t.k + 5)
    fx.printf("{}: v={} k={} (was v={} k={})", t.tag, u.v, u.k, t.v, t.k)
    sp = Span(lo=x, hi=x * 1000000, w=y)
    fx.printf("span {} {} {}", sp.lo, sp.hi, sp.w)

@flyc.jit
def go(x: fx.Int32, y: fx.Float32):
    fold(x, y).launch(grid=1, block=1)

go(41, 1.25)

for bad in ("Span(1, 2)", "Span(1, 2, 3.0, 4)", "Span(1, lo=2, hi=3, w=1.0)", "Span(1, 2, z=3)",
            "Block(1, 2, 3)", "s.replace(q=1)", "s.replace(1)", "dsl_size_of(3)"):
    try:
        eval(bad)
    except (TypeError, KeyError, NotImplementedError) as e:
        print(type(e).__name__ + ":", e)
try:
    s.lo = 4
except AttributeError as e:
    print("AttributeError:", e)

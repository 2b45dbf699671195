# flyi: run
# Idioms of FlyDSL's kernel library (its moe sorting and gating kernels): a shared array's .ptr with
# fx.ptr_load / fx.ptr_store at fx.Int64 offsets, the legacy ArithValue(x).index_cast(T.index), a @flyc.jit
# helper returning a tuple inside a kernel compiled by flyc.compile(..., run=False) (compile only), the ArithValue methods of a
# raw value (vector.extract's result .extf / .bitcast / .index_cast) and Numeric.ir_type as a type object.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch
from flydsl._mlir.dialects import vector
from flydsl.expr import gpu, range_constexpr
from flydsl.expr.arith import ArithValue
from flydsl.expr.typing import T


@flyc.jit
def wave_sums(val, lane, mr):
    # per-lane value into the shared array, then lane 0's total of the first 8
    fx.ptr_store(val, mr + fx.Int64(lane))
    gpu.barrier()
    tot = fx.Int32(0)
    for j in range_constexpr(8):
        tot = tot + fx.ptr_load(mr + fx.Int64(j))
    return val * fx.Int32(2), tot


@fx.struct
class Scratch:
    a: fx.Array[fx.Int32, 64, 16]


@flyc.kernel
def idioms(x: fx.Tensor, out: fx.Tensor, f: fx.Tensor):
    t = fx.Int32(gpu.thread_idx.x)
    mr = fx.SharedAllocator().allocate(Scratch).peek().a.ptr
    dbl, tot = wave_sums(x[t], t, mr)
    ix = ArithValue(t).index_cast(T.index)
    back = ix.index_cast(T.i32)
    out[t] = dbl + tot * fx.Int32(1000) + (back - t)
    v = fx.Vector.from_elements([fx.Float16(1.5), fx.Float16(-2.25)], fx.Float16)
    e = vector.extract(v.ir_value(), dynamic_position=[], static_position=[1])
    wide = e.extf(T.f32)
    f[t] = wide * fx.Float32(t) + e.bitcast(T.i16).to(fx.Float32) * fx.Float32(0)


@flyc.jit
def run(x: fx.Tensor, out: fx.Tensor, f: fx.Tensor):
    idioms(x, out, f).launch(grid=1, block=64)


x = torch.arange(64, dtype=torch.int32, device="cuda") + 1
out = torch.zeros(64, dtype=torch.int32, device="cuda")
f = torch.zeros(64, device="cuda")
k = flyc.compile(run, x, out, f, run=False)  # the helper's tuple comes back while compiling only
print("compiled", type(k).__name__)
print("launched by compile:", out.abs().sum().item())
k(x, out, f)
print("out[0:4]", out[:4].tolist(), "want", [2 * (i + 1) + 36 * 1000 for i in range(4)])
print("f[0:4]", f[:4].tolist())
print(fx.BFloat16.ir_type, fx.BFloat16.ir_type == T.bf16, fx.Int8.ir_type == "i8", fx.Float32.ir_type() is fx.Float32)
print(fx.MemRefType.get(fx.Float32.ir_type, fx.LayoutType.get(4, 1), fx.AddressSpace.Register))
try:
    fx.Float32(1.0).index_cast(T.index)
except TypeError as err:
    print("TypeError:", err)

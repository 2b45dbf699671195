# flyi: run
# A launching @flyc.jit function's fx.Int32 parameter is a run-time value, as FlyDSL makes it (its cache key
# holds the type, not the value): an Int32 whose is_static() is False and whose ir_value() is an ir.Value;
# arith.index_cast and the other integer arith ops on it give index / integer values that launch(grid=...)
# takes, computed from each call's argument. Two launches with different values compile the kernel once and
# keep one entry in the launcher's _mem_cache; an fx.Constexpr[int] parameter stays a Python int and
# specialises. qk_norm_rope_quant's launcher does `arith.index_cast(T.index, _to_raw(num_tokens))`.
import flydsl.compiler as flyc
import flydsl.expr as fx
from flydsl._mlir import ir
from flydsl._mlir.dialects import arith as marith
from flydsl.expr import arith
from flydsl.expr.arith import _to_raw
from flydsl.expr.typing import T
import torch


@flyc.kernel
def fill(out: fx.Tensor, n: fx.Int32, base: fx.Constexpr[int]):
    bx = fx.block_idx.x
    by = fx.block_idx.y
    if fx.thread_idx.x == 0:
        out[by * 8 + bx] = base + n * 10 + by


@flyc.jit
def launch(out: fx.Tensor, n: fx.Int32, base: fx.Constexpr[int], stream: fx.Stream = fx.Stream(None)):
    print("n:", type(n).__name__, "is_static", n.is_static(), "| base:", type(base).__name__, base)
    raw = _to_raw(n)
    gx = arith.index_cast(T.index, raw)  # qk_norm_rope_quant's form
    # the raw bindings: index_cast, addi with a constant, ceildivsi
    gy = marith.ceildivsi(raw, marith.constant(T.i32, 2))
    print(isinstance(raw, ir.Value), raw.type, "->", type(gx).__name__, "| grid y", gy.type)
    fill(out, n, base).launch(grid=(gx, gy, 1), block=(64, 1, 1), stream=stream)


out = torch.zeros(24, dtype=torch.int32, device="cuda")
launch(out, 3, 100)
print(out.view(3, 8).tolist())
out.zero_()
launch(out, 5, 100)
print(out.view(3, 8).tolist())
info = flyc.cache_info()
print("compiles", info["misses"], "hits", info["hits"], "| launcher entries", len(launch._mem_cache))
launch(out, 5, 200)  # a new Constexpr: a second compile
info = flyc.cache_info()
print("compiles", info["misses"], "hits", info["hits"], "| launcher entries", len(launch._mem_cache))
print(out[0].item())


# grids computed with the DSL numerics (FlyDSL's rmsnorm and moe_reduce launchers) and the raw ops
@flyc.jit
def launch2(out: fx.Tensor, m: fx.Int32):
    a = marith.index_cast(T.index, m.ir_value())
    b = marith.addi(a, marith.constant(T.index, 1))
    print("rows", int((m + 3) // 4), "| index", int(a), int(b), "| Int64", int(fx.Int64(m)))
    fill(out, m, 0).launch(grid=((m + 3) // 4, fx.Int64(b) - fx.Int64(m), 1), block=(64, 1, 1))


out.zero_()
launch2(out, 9)
print(out.tolist()[:8])


# errors: a run-time parameter given to a kernel's Constexpr, and arith the host does not compute
@flyc.jit
def bad_constexpr(out: fx.Tensor, n: fx.Int32):
    fill(out, n, n).launch(grid=(1, 1, 1), block=(64, 1, 1))


@flyc.jit
def bad_float(out: fx.Tensor, n: fx.Int32):
    x = marith.sitofp(T.f32, n.ir_value())
    fill(out, n, 0).launch(grid=(x, 1, 1), block=(64, 1, 1))


@flyc.jit
def bad_div(out: fx.Tensor, n: fx.Int32):
    g = marith.divsi(n.ir_value(), marith.constant(T.i32, 0))
    fill(out, n, 0).launch(grid=(g, 1, 1), block=(64, 1, 1))


for f in (bad_constexpr, bad_float, bad_div):
    try:
        f(out, 4)
    except Exception as e:
        print(type(e).__name__ + ":", e)

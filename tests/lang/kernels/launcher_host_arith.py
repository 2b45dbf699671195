# flyi: run
# The integer arith ops of flydsl._mlir on a launching @flyc.jit function's run-time parameter (a host value in
# flyi, which runs the launcher at every call), against MLIR's semantics: signed and unsigned division,
# remainder, floor / ceil division, shifts, min / max, comparisons by predicate, select, index casts with sign
# or zero extension, truncation and extension, each result wrapped to its type's width; the grid is
# max(n, 1) blocks, the block one host Value (1 thread).
import flydsl.compiler as flyc
import flydsl.expr as fx
from flydsl._mlir.dialects import arith
from flydsl.expr.typing import T
import torch


@flyc.kernel
def noop(out: fx.Tensor):
    out[fx.block_idx.x] = out[fx.block_idx.x] + 1.0


@flyc.jit
def host_ops(out: fx.Tensor, n: fx.Int32, m: fx.Int32):
    a, b = n.ir_value(), m.ir_value()
    r = {}
    for op in ("addi", "subi", "muli", "divsi", "divui", "floordivsi", "ceildivsi", "remsi", "remui", "andi",
               "ori", "xori", "maxsi", "minsi", "maxui", "minui"):
        r[op] = int(getattr(arith, op)(a, b))
    one = arith.constant(T.i32, 1)
    r["shli"], r["shrsi"], r["shrui"] = int(arith.shli(a, one)), int(arith.shrsi(a, one)), int(arith.shrui(a, one))
    r["slt"] = int(arith.cmpi(arith.CmpIPredicate.slt, a, b))
    r["ult"] = int(arith.cmpi(arith.CmpIPredicate.ult, a, b))
    r["select"] = int(arith.select(arith.cmpi("sge", a, b), a, b))
    r["index_cast"] = int(arith.index_cast(T.index, a))
    r["index_castui"] = int(arith.index_castui(T.index, a))
    big = arith.muli(a, arith.constant(T.i32, 1 << 29))
    r["muli wraps"] = int(big)
    r["trunci i8"] = int(arith.trunci(T.i8, arith.constant(T.i32, 300)))
    r["extui i8"] = int(arith.extui(T.i32, arith.constant(T.i8, -1)))
    r["extsi i8"] = int(arith.extsi(T.i32, arith.constant(T.i8, -1)))
    print(int(n), int(m), r)
    noop(out).launch(grid=(arith.index_cast(T.index, arith.maxsi(a, one)), 1, 1), block=one)  # one Value: a dim


out = torch.zeros(8, device="cuda")
host_ops(out, -7, 2)
host_ops(out, 7, 2)
print(out.tolist(), "compiles", flyc.cache_info()["misses"])

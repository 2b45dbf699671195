# flyi: run
# A buffer tensor sliced at an ir.Value coordinate (a flydsl._mlir op result), as FlyDSL's qk_norm_rope_quant
# slices its cos/sin caches at the position it loaded (flyc.from_torch_tensor there): over a static layout, the
# row of the run-time index (the coordinate was a TypeError, "not 'OpResult'"). And flydsl.compiler.protocol.extract_to_ir_values
# (FlyDSL's GTensor takes its pointer's ir.Value with it): ir.Values, fx numerics and pointers as their values,
# sequences, dicts and namespaces flattened in order, anything else a TypeError.
import types

import flydsl.compiler as flyc
import flydsl.expr as fx
from flydsl._mlir import ir
from flydsl._mlir.dialects import arith
from flydsl.compiler.protocol import extract_to_ir_values
from flydsl.expr.typing import T
import torch


@flyc.kernel
def pick(x: fx.Tensor, y: fx.Tensor, r: fx.Int32):
    row = arith.trunci(T.i32, arith.extsi(T.i64, r.ir_value()))  # an OpResult, not a DSL value
    print("row index:", type(row).__name__, row.type)
    v = fx.slice(fx.rocdl.make_buffer_tensor(x), (row, None)).load()
    fx.slice(fx.rocdl.make_buffer_tensor(y), (row, None)).store(v * 2.0)


@flyc.jit
def run(x, y, r: fx.Int32):
    pick(x, y, r).launch(grid=1, block=1)


x = torch.arange(20, dtype=torch.float32, device="cuda").view(4, 5)
for r in (1, 3):
    y = torch.zeros(4, 5, device="cuda")
    run(flyc.from_dlpack(x), flyc.from_dlpack(y), r)
    print("row", r, y.cpu().tolist())
print("compiles", flyc.cache_info()["misses"])


@flyc.kernel
def extract(x: fx.Tensor, p: fx.Pointer, n: fx.Int32):
    vals = extract_to_ir_values(n)
    print("numeric:", [str(v.type) for v in vals], isinstance(vals[0], ir.Value))
    print("pointer:", [str(v.type) for v in extract_to_ir_values(p)])
    mixed = extract_to_ir_values((n.ir_value(), [n + 1], {"a": fx.Float32(2.0)}, types.SimpleNamespace(b=n)))
    print("mixed:", [str(v.type) for v in mixed])
    try:
        extract_to_ir_values("text")
    except TypeError as e:
        print("TypeError:", e)


@flyc.jit
def run_extract(x, p, n: fx.Int32):
    extract(x, p, n).launch(grid=1, block=1)


run_extract(x, flyc.from_c_void_p(fx.Float32, x.data_ptr()), 4)

# make_rmem_tensor builds its layout as FlyDSL does: from a shape, fly.make_ordered_layout(shape, 0)
# (column-major); from a layout, fly.make_layout of its shape and stride; then fly.memref.alloca. The IR
# verifies and the layouts fold in the pipeline.
import flydsl.expr as fx
from flydsl._mlir.dialects import func
from flydsl._mlir.ir import Context, FunctionType, InsertionPoint, Location, Module
from flydsl._mlir.passmanager import PassManager

with Context(), Location.unknown():
    m = Module.create()
    with InsertionPoint(m.body):
        f = func.FuncOp("regs", FunctionType.get([], []))
        with InsertionPoint(f.add_entry_block()):
            fx.make_rmem_tensor((2, (3, 4)), fx.Float32)
            fx.make_rmem_tensor(fx.make_shape(4, 2), fx.Int32)
            fx.make_rmem_tensor(fx.make_layout((2, 3), (8, 1)), fx.Float16)
            fx.make_rmem_tensor(8, fx.BFloat16)
            func.ReturnOp([])
    assert m.operation.verify()
    print(m)
    PassManager.parse("builtin.module(fly-canonicalize)").run(m.operation)
    print([op.name for op in m.body.operations[0].entry_block.operations])

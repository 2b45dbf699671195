# fly.print through the bindings' PassManager, as FlyDSL's fly-layout-lowering lowers it: gpu.printf with a C
# format inside a gpu.func ("%d" integers up to 32 bits, "%ld" wider and index, "%.2f" floats up to 32 bits,
# "%.2lf" wider, "[%d, %d]" vectors of 32-bit elements, a trailing newline), a vector.print per piece in a
# func.func. (flyi's kernel pipeline records prints in its printf buffer instead; see kernels/printf tests.)
import flydsl.expr as fx
from flydsl._mlir import ir
from flydsl._mlir.dialects import arith, func, gpu, vector
from flydsl._mlir.passmanager import PassManager
from flydsl.compiler.kernel_function import create_gpu_func, create_gpu_module, get_gpu_module_body


def lower(text):
    with ir.Context(), ir.Location.unknown():
        m = ir.Module.parse(text)
        PassManager.parse("builtin.module(fly-layout-lowering)").run(m.operation)
        return str(m)


def ints(n):
    return [arith.ConstantOp(ir.IntegerType.get_signless(w), v).result for w, v in n]


with ir.Context() as ctx, ir.Location.unknown(ctx):
    module = ir.Module.create()
    with ir.InsertionPoint(module.body):
        gm = create_gpu_module("mod")
        with ir.InsertionPoint(get_gpu_module_body(gm)):
            k = create_gpu_func("kern", ir.FunctionType.get([ir.IndexType.get()], []))
            with ir.InsertionPoint(k.add_entry_block()):
                a, b = ints([(8, -3), (64, 1 << 40)])
                h = arith.ConstantOp(ir.F16Type.get(), 1.5).result
                d = arith.ConstantOp(ir.F64Type.get(), 2.25).result
                v = vector.from_elements(ir.VectorType.get([2], ir.F32Type.get()),
                                         [arith.ConstantOp(ir.F32Type.get(), 1.0).result,
                                          arith.ConstantOp(ir.F32Type.get(), 2.0).result])
                fx.printf("a={} b={} i={} h={} d={} v={} {{x}}", a, b, k.arguments[0], h, d, v)
                fx.printf(a, b)
                gpu.ReturnOp([])
        f = func.FuncOp("host", ir.FunctionType.get([], []))
        with ir.InsertionPoint(f.add_entry_block()):
            (c,) = ints([(32, 42)])
            fx.printf("val={} end", c)
            fx.printf("n={}", c)
            func.ReturnOp([])
    text = str(module)
out = lower(text)
print(out)
print("fly.print" in out, out.count("gpu.printf"), out.count("vector.print"))

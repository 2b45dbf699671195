# IR built through the bindings outside kernels: FlyDSL's create_gpu_module / get_gpu_module_body /
# create_gpu_func (flydsl.compiler.kernel_function) make gpu.module and gpu.func ops under ir.Context(), and
# fx.printf takes ir.Values (scalars and vectors) there as it takes fx values, recording fly.print.
import flydsl.expr as fx
from flydsl._mlir import ir
from flydsl._mlir.dialects import arith, func, gpu, vector
from flydsl.compiler.kernel_function import create_gpu_func, create_gpu_module, get_gpu_module_body

with ir.Context() as ctx, ir.Location.unknown(ctx):
    module = ir.Module.create()
    i32, f32 = ir.IntegerType.get_signless(32), ir.F32Type.get()
    with ir.InsertionPoint(module.body):
        gm = create_gpu_module("mod", targets=['#rocdl.target<chip = "gfx942">'])
        with ir.InsertionPoint(get_gpu_module_body(gm)):
            k = create_gpu_func("kern", ir.FunctionType.get([i32], []), known_block_size=[64, 1, 1])
            with ir.InsertionPoint(k.add_entry_block()):
                a = arith.ConstantOp(i32, 7).result
                b = arith.ConstantOp(f32, 2.5).result
                fx.printf("a={}, b={}, n={}, s={}", a, b, k.arguments[0], "x")
                fx.printf(a)
                gpu.ReturnOp([])
            k2 = create_gpu_func("kern2", ir.FunctionType.get([], []))
            with ir.InsertionPoint(k2.add_entry_block()):
                gpu.ReturnOp([])
        f = func.FuncOp("host", ir.FunctionType.get([], []))
        with ir.InsertionPoint(f.add_entry_block()):
            v = vector.from_elements(ir.VectorType.get([2], i32), [arith.ConstantOp(i32, 1).result,
                                                                    arith.ConstantOp(i32, 2).result])
            fx.printf("v={}", v)
            func.ReturnOp([])
    print(module)
    print(type(gm).__name__, gm.sym_name, type(k).__name__, k.name, len(gm.regions[0].blocks))

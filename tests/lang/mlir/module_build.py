# IR built outside kernels as FlyDSL's tests build it: ir.Context, Module.create, func.FuncOp with an entry
# block under InsertionPoint, binding ops and fx numerics mixed, str(module) as MLIR prints it, verify(), and
# PassManager.parse(...).run(module.operation) (checked by module_build.fc).
import flydsl.expr as fx
from flydsl._mlir import ir
from flydsl._mlir.dialects import arith, func
from flydsl._mlir.passmanager import PassManager

with ir.Context() as ctx:
    ctx.allow_unregistered_dialects = True
    with ir.Location.unknown(ctx):
        module = ir.Module.create()
        with ir.InsertionPoint(module.body):
            f32, i32 = ir.F32Type.get(), ir.IntegerType.get_signless(32)
            ftype = ir.FunctionType.get([f32, i32], [f32])
            f = func.FuncOp("test", ftype)
            with ir.InsertionPoint(f.add_entry_block()):
                x, n = f.entry_block.arguments
                print(x.type, n.type, type(x).__name__)
                y = arith.maxnumf(x, x)
                z = fx.Float32(y) * 2.0
                m = arith.sitofp(f32, n)
                c = arith.cmpf(arith.CmpFPredicate.OGT, m, z.ir_value())
                func.ReturnOp([arith.select(c, m, arith.addf(z.ir_value(), m))])
        print(module.operation.verify())
        print(module)
        pm = PassManager.parse("builtin.module(canonicalize,cse)")
        pm.run(module.operation)
        print(pm)
        print(module)
bad = ir.Module.parse("module { func.func @f() { \"func.return\"(%0) : (i32) -> () } }")
try:
    bad.operation.verify()
except RuntimeError as e:
    print("RuntimeError:", str(e).splitlines()[0])

# FlyDSL's flydsl.expr.arith on raw ir.Values, as its kernels call it: addf/subf/mulf/divf take MLIR's
# fastmath= (replacing the ambient flags for that op), arith.constant takes an MLIR type object (an i1 from
# ir.IntegerType.get_signless(1) is a BoolAttr constant), and fx.rocdl.CopyOpCDNA3BufferCopyType tells a
# buffer-copy atom from a universal one.
import flydsl.expr as fx
from flydsl._mlir import ir
from flydsl._mlir.dialects import arith as raw_arith
from flydsl._mlir.dialects import func
from flydsl.expr import arith


def show(title, build, types):
    with ir.Context(), ir.Location.unknown():
        m = ir.Module.create()
        with ir.InsertionPoint(m.body):
            f = func.FuncOp("t", ir.FunctionType.get([t() for t in types], []))
            with ir.InsertionPoint(f.add_entry_block()):
                build(*f.entry_block.arguments)
                func.ReturnOp([])
        print(title)
        for line in str(m).splitlines():
            if "arith." in line:
                print("   ", line.strip().split(" = ", 1)[1])


def floats(a, b):
    arith.mulf(a, b, fastmath=arith.FastMathFlags.contract)
    arith.addf(a, b)
    arith.subf(a, b, fastmath="nnan,ninf")
    with fx.fastmath("fast"):
        arith.divf(a, b, fastmath=arith.FastMathFlags.afn)
        arith.addf(a, b)


def constants():
    i1 = ir.IntegerType.get_signless(1)
    print("   ", type(arith.constant(False, type=i1)).__name__)
    arith.unwrap(arith.constant(True, type=i1))
    arith.unwrap(arith.constant(7, type=ir.IntegerType.get_signless(16)))
    raw_arith.constant(i1, False)


show("floats", floats, [ir.F32Type.get, ir.F32Type.get])
show("constants", constants, [])
try:
    arith.mulf(1.0, 2.0, fastmath="quick")
except ValueError as e:
    print("ValueError:", e)
R = fx.rocdl.CopyOpCDNA3BufferCopyType
print(isinstance(fx.rocdl.BufferCopy32b(), R), isinstance(fx.rocdl.BufferCopy128b(), R),
      isinstance(fx.UniversalCopy32b(), R), isinstance(3, R), R.get(64))

# flydsl._mlir.dialects.llvm's ops give their one result as .res as well (the name LLVM's ODS gives it)
from flydsl._mlir.dialects import llvm


def llvm_res(x):
    z = llvm.ZExtOp(ir.IntegerType.get_signless(64), x)
    print("   ", type(z.res).__name__, str(z.res.type), z.res.owner.name if hasattr(z.res, "owner") else "")


show("llvm res", llvm_res, [lambda: ir.IntegerType.get_signless(32)])

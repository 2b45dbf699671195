# After PassManager.run (or Module.parse) a module's body is a view of the ops the passes left:
# operations, names, operands and their owners, results, attributes (arith.constant's value reads as int),
# a func's entry block and arguments. Here the fly dialect builders make static layouts whose queries fold.
from flydsl._mlir import ir
from flydsl._mlir.dialects import arith, fly, func
from flydsl._mlir.ir import Context, FunctionType, IndexType, InsertionPoint, IntegerType, Location, Module
from flydsl._mlir.passmanager import PassManager

PIPE = "builtin.module(fly-canonicalize,fly-layout-lowering,fly-canonicalize,convert-fly-to-rocdl,canonicalize,cse)"

with Context() as ctx, Location.unknown(ctx):
    m = Module.create()
    idx = IndexType.get()
    i32 = IntegerType.get_signless(32)
    with InsertionPoint(m.body):
        f = func.FuncOp("folded", FunctionType.get([i32], [idx, idx, idx, i32]))
        e = f.add_entry_block()
        with InsertionPoint(e):
            A = fly.make_layout(fly.static(fly.IntTupleType.get((6, 4))), stride=fly.static(fly.IntTupleType.get((4, 1))))
            B = fly.make_layout(fly.static(fly.IntTupleType.get((3, 2))), stride=fly.static(fly.IntTupleType.get((2, 1))))
            C = fly.composition(A, B)
            vals = [fly.get_scalar(fly.size(C)), fly.get_scalar(fly.select(fly.get_stride(A), indices=[0])),
                    fly.get_scalar(fly.cosize(fly.coalesce(A)))]
            grow = arith.AddIOp(e.arguments[0], fly.get_scalar(fly.size(B))).result
            func.ReturnOp([arith.IndexCastOp(idx, v).result for v in vals] + [grow])
    print(list(m.body.operations))  # before the passes: the ops are text in the trace
    PassManager.parse(PIPE, ctx).run(m.operation)
    fn = list(m.body.operations)[0]
    print(fn.name, fn.attributes["sym_name"].value, [a.get_name() for a in fn.entry_block.arguments])
    ops = list(fn.entry_block.operations)
    for op in ops:
        print(op.name, [str(x) for x in op.operands], [str(r) for r in op.results])
    ret = ops[-1]
    print([int(v.owner.attributes["value"]) for v in ret.operands[:3]])
    add = ret.operands[3].owner
    print(add.name, add.operands[0].owner is fn.entry_block, add.operands[1].owner.attributes["value"])

p = Module.parse("""module {
  func.func @g(%x: i64) -> i64 {
    %c3 = arith.constant 3 : i64
    %0 = arith.muli %x, %c3 : i64
    return %0 : i64
  }
}""")
g = list(p.body.operations)[0]
print([(o.name, len(o.operands), len(o.results)) for o in g.entry_block.operations])
print(g.entry_block.operations[1].result.type, int(g.entry_block.operations[0].attributes["value"]))

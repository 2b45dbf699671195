# flydsl.compiler.ast_rewriter's helpers: _collect_assigned_vars (the names a region assigns, in first-seen
# order, then those whose methods it calls; only names bound in the enclosing scopes; an except handler's
# name is not a store), FallbackLocations.rewrite_globals' _flydsl_loc (Location.current for the block), and
# an op's location: its loc= or the location in effect when it was built. Also
# flydsl.utils.smem_allocator.get_op_result_or_value.
import ast
import types

import flydsl.expr as fx
from flydsl._mlir import ir
from flydsl._mlir.dialects import arith
from flydsl.compiler.ast_rewriter import ASTRewriter, FallbackLocations, _collect_assigned_vars
from flydsl.utils.smem_allocator import get_op_result_or_value

code = """
a, (b, c) = foo()
d += 1
q[i] = 2
obj.attr.method(1)
self.run()
x: int = 1
for i in range(4):
    y = i
with ctx() as w:
    z = w
try:
    pass
except Exception as e:
    err = e
if (n := foo()):
    out = n
"""
stmts = ast.parse(code).body
names = {"a", "b", "c", "d", "q", "i", "obj", "x", "y", "w", "z", "e", "err", "n", "out"}
print(_collect_assigned_vars(stmts, [names]))
print(_collect_assigned_vars(stmts[:2], [{"a"}, {"d"}]))
print(_collect_assigned_vars([], [{"k", "t"}], orelse_stmts=ast.parse("k = 1").body,
                             test_expr=ast.parse("t.ready()", mode="eval").body))

g = FallbackLocations.rewrite_globals()
print(sorted(g), FallbackLocations in ASTRewriter.transformers)
with ir.Context() as ctx, ir.Location.unknown(ctx):
    with g["_flydsl_loc"]("f.py", 7, 3):
        print(ir.Location.current)
    print(ir.Location.current)
    module = ir.Module.create()
    i32 = ir.IntegerType.get_signless(32)
    with ir.InsertionPoint(module.body), ir.Location.file("kernel_src.py", 10000, 0):
        a = arith.ConstantOp(i32, 1)
        b = arith.ConstantOp(i32, 2, loc=ir.Location.file("other.py", 42, 0))
        with g["_flydsl_loc"]("f.py", 8, 4):
            c = arith.ConstantOp(i32, 3)
    print(a.operation.location, b.operation.location, c.operation.location)
    print(get_op_result_or_value(a) is a.result, get_op_result_or_value(a.result) is a.result)
    v = get_op_result_or_value(fx.Int32(5))
    print(type(v).__name__, v.type, get_op_result_or_value(7))

fn = types.FunctionType((lambda: 0).__code__, {}, "f")
print(ASTRewriter.transform(fn) is fn, "_flydsl_loc" in fn.__globals__, "scf_if_dispatch" in fn.__globals__)

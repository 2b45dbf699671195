# FallbackLocations under FLYDSL_DEBUG_ENABLE_DEBUG_INFO: ASTRewriter.transform(f) gives ops built in f without
# loc= the line and column of their statement (in f's file), instead of the location in effect at the call;
# ops in a run-time if / while take the if's / while's line (FlyDSL moves those bodies into dispatch helpers);
# constexpr ifs, for loops, with blocks and nested defs keep each statement's own line; an explicit loc= or a
# `with loc:` inside f wins; with the flag off nothing changes;
# the rewritten function shares f's globals.
import os
import types

from flydsl._mlir import ir
from flydsl._mlir.dialects import arith
from flydsl.compiler.ast_rewriter import ASTRewriter
from flydsl.expr import const_expr


def body():
    a = arith.ConstantOp(I32, 1)
    if a is not None:
        b = arith.ConstantOp(I32, 2)
    if const_expr(True):
        c = arith.ConstantOp(I32, 3)
    for _ in [1]:
        d = arith.ConstantOp(I32, 4)

    def inner():
        return arith.ConstantOp(I32, 5)

    e = inner()
    with ir.Location.file("mine.py", 7, 1):
        f = arith.ConstantOp(I32, 6)
    g = arith.ConstantOp(I32, 7, loc=ir.Location.file("given.py", 3, 0))
    h = [arith.ConstantOp(I32, 8) for _ in range(1)][0]
    return a, b, c, d, e, f, g, h


FIRST = body.__code__.co_firstlineno


def run(flag, fn=body):
    os.environ["FLYDSL_DEBUG_ENABLE_DEBUG_INFO"] = flag
    f = ASTRewriter.transform(types.FunctionType(fn.__code__, dict(fn.__globals__), fn.__name__))
    with ir.Context() as ctx, ir.Location.unknown(ctx):
        f.__globals__["I32"] = ir.IntegerType.get_signless(32)
        with ir.InsertionPoint(ir.Module.create().body), ir.Location.file("def.py", 1000, 0):
            ops = f()
    name = os.path.basename(__file__)
    for op in ops:
        loc = str(op.operation.location).replace(name, "<this file>")
        # lines relative to body's def, so the expected output does not move with the header comment
        if "<this file>" in loc:
            line, col = loc[:-1].split(":")[1:3]
            loc = f"loc(<this file>:def+{int(line) - FIRST}:{col})"
        print(" ", loc)


print("flag on")
run("1")
print("flag off")
run("0")
print("not a Python function: returned as it is:", ASTRewriter.transform(len) is len)

# The ast_rewriter's dispatch helpers on IR built by hand (ir.Context + Module): a device condition makes
# scf.if / scf.for / scf.while whose results are the leaves of the carried containers (lists, tuples,
# dicts, namespaces, nested), rebuilt in the entry's structure after the op; a Python condition runs one
# branch; a branch that changes a container's shape or a leaf's type is a TypeError naming the variable.
import re
from types import SimpleNamespace

from flydsl._mlir.dialects import arith, func
from flydsl._mlir.ir import Context, FunctionType, InsertionPoint, IntegerType, Location, Module
from flydsl.compiler.ast_rewriter import ASTRewriter, CanonicalizeWhile, InsertEmptyYieldForSCFFor, ReplaceIfWithDispatch
from flydsl.expr.numeric import Int32, Int64

if_ = ReplaceIfWithDispatch.scf_if_dispatch
ifexp = ReplaceIfWithDispatch.scf_ifexp_dispatch
for_ = InsertEmptyYieldForSCFFor.scf_for_dispatch
while_ = CanonicalizeWhile.scf_while_dispatch


def c32(v):
    return Int32(arith.ConstantOp(IntegerType.get_signless(32), v).result)


def build(name, nres, body):
    with Context(), Location.unknown():
        m = Module.create()
        i1, i32 = IntegerType.get_signless(1), IntegerType.get_signless(32)
        with InsertionPoint(m.body):
            f = func.FuncOp(name, FunctionType.get([i1], [i32] * nres))
            e = f.add_entry_block()
            with InsertionPoint(e):
                outs = body(e.arguments[0])
                func.ReturnOp([o.ir_value() for o in outs])
        text = str(m)
        ops = re.findall(r"\bscf\.\w+", text)
        print(name, "verifies:", m.operation.verify(), "ops:", ops)
        heads = [l.strip() for l in text.splitlines() if "scf.if" in l or "scf.while" in l or "scf.for" in l]
        for h in heads:
            print("   ", h[h.index("scf."):])


def if_dict_of_list(cond):
    state = {"b": [c32(1), c32(2)], "a": (c32(3),)}
    out = if_(cond, lambda names, s: {"s": {"a": (c32(30),), "b": [c32(10), c32(20)]}},
              lambda names, s: {"s": {"b": [s["b"][1], s["b"][0]], "a": s["a"]}},
              result_names=("s",), result_values=(state,))
    print("  if: keys in entry order", list(out), type(out["b"]).__name__, type(out["a"]).__name__,
          all(isinstance(x, Int32) for x in out["b"] + list(out["a"])))
    return out["b"] + list(out["a"])


def if_static(cond):
    out = if_(True, lambda names, x: {"x": x + c32(1)}, lambda names, x: {"x": x}, result_names=("x",),
              result_values=(c32(4),))
    return [out]


def ifexp_namespace(cond):
    out = ifexp(cond, lambda: SimpleNamespace(p=c32(1), q=[c32(2)]), lambda: SimpleNamespace(q=[c32(5)], p=c32(6)))
    print("  ifexp:", type(out).__name__, sorted(vars(out)), isinstance(out.q, list))
    return [out.p, out.q[0]]


def for_bare_scalars(cond):
    def body(iv, names, acc, pair):
        print("  for body sees", type(acc).__name__, [type(x).__name__ for x in pair])
        return {"acc": acc + c32(2), "pair": [pair[1], pair[0] + c32(1)]}

    acc, pair = for_(0, 4, 1, body, result_names=("acc", "pair"), result_values=(0, [0, c32(9)]))
    return [acc] + pair


def while_tuple(cond):
    def before(names, t):
        return t[0] > c32(0)

    def after(names, t):
        return {"t": (t[0] - c32(1), {"n": t[1]["n"] + c32(3)})}

    t = while_(before, after, result_names=("t",), result_values=((c32(5), {"n": c32(0)}),))
    print("  while:", type(t).__name__, type(t[1]).__name__)
    return [t[0], t[1]["n"]]


build("if_dict_of_list", 3, if_dict_of_list)
build("if_static", 1, if_static)
build("ifexp_namespace", 2, ifexp_namespace)
build("for_bare_scalars", 3, for_bare_scalars)
build("while_tuple", 2, while_tuple)


def expect_type_error(name, fn):
    def body(cond):
        try:
            fn(cond)
            print("  no error")
        except TypeError as e:
            print("  TypeError:", e)
        return []
    with Context(), Location.unknown():
        m = Module.create()
        with InsertionPoint(m.body):
            f = func.FuncOp(name, FunctionType.get([IntegerType.get_signless(1)], []))
            e = f.add_entry_block()
            with InsertionPoint(e):
                body(e.arguments[0])
                func.ReturnOp([])
    print(name)


expect_type_error("length", lambda c: if_(c, lambda n, l: {"l": [c32(1)]}, None, result_names=("l",),
                                          result_values=([c32(0), c32(1)],)))
expect_type_error("dtype", lambda c: if_(c, lambda n, l: {"l": [Int64(arith.ConstantOp(IntegerType.get_signless(64), 1).result)]},
                                         None, result_names=("l",), result_values=([c32(0)],)))
expect_type_error("keys", lambda c: ifexp(c, lambda: {"a": c32(1)}, lambda: {"b": c32(1)}))
expect_type_error("none", lambda c: if_(c, lambda n, x: {"x": c32(1)}, None, result_names=("x",), result_values=(None,)))


def sample(n):
    return n


ASTRewriter.transform(sample)
print("globals:", sorted(k for k in sample.__globals__ if k.startswith("scf_")))

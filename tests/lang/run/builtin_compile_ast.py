# compile() of an AST object (the tree's statements keep their lines: co_firstlineno, tracebacks), of bytes, with
# PyCF_ONLY_AST, and its errors (a non-source argument, a bad mode); checked against CPython 3.11.
import ast, traceback
src = '''
import math

def f(x):
    """doc"""
    y = x + 1
    if y > 2:
        return math.sqrt(y)
    return y


@staticmethod
def g():
    raise ValueError("boom")

print(f(3), f(0))
'''
t = ast.parse(src, "m.py")
for n in ast.walk(t):
    if isinstance(n, ast.Constant) and n.value == 1:
        n.value = 100
code = compile(t, "m.py", "exec")
ns = {}
exec(code, ns)
print(ns["f"].__code__.co_firstlineno, ns["g"].__func__.__code__.co_firstlineno if hasattr(ns["g"], "__func__") else "")
try:
    ns["g"].__func__()
except ValueError:
    tb = traceback.extract_tb(__import__("sys").exc_info()[2])
    print([(fr.name, fr.lineno) for fr in tb][-1])
print(eval(compile(ast.parse("1 + 2 * 3", mode="eval"), "<e>", "eval")))
print(type(compile("x = 1", "<s>", "exec", ast.PyCF_ONLY_AST)).__name__)
print(eval(compile(b"40 + 2", "<b>", "eval")))
for bad in ((42, "<x>", "exec"), ("1", "<x>", "nope")):
    try:
        compile(*bad)
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
e = ast.Expression(body=ast.BinOp(left=ast.Constant(value=6), op=ast.Mult(), right=ast.Constant(value=7)))
print(eval(compile(ast.fix_missing_locations(e), "<t>", "eval")))

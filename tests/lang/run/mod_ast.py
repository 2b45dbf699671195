import ast

src = '''
"""Module doc."""
import os
def f(a, b=1, *args, c, **kw):
    """  Function doc.

        indented line
    """
    return a + b * 2
class C(Base, metaclass=M):
    x: int = 3
    def m(self): pass
for i in range(10):
    if i % 2: continue
'''
t = ast.parse(src)
print(type(t).__name__, [type(s).__name__ for s in t.body])
print(ast.dump(t.body[2].body[1]))
print(ast.dump(t.body[3], indent=4))
print(ast.dump(t.body[1], include_attributes=True))
print(ast.dump(ast.parse("x = 1", mode="single")))
e = ast.parse("a * (b + 1)", mode="eval")
print(ast.dump(e, annotate_fields=False))
print(ast.dump(e, indent='..'))
print(ast.get_docstring(t), repr(ast.get_docstring(t.body[2])), ast.get_docstring(t.body[2], clean=False))
print(ast.get_docstring(t.body[3]))
print(list(ast.iter_fields(t.body[1]))[0][0], [n for n, _ in ast.iter_fields(t.body[2])])
print([type(n).__name__ for n in ast.walk(e)])
print([type(n).__name__ for n in ast.iter_child_nodes(t.body[2])])
print(t.body[2].lineno, t.body[2].col_offset, t.body[2].end_lineno, t.body[2].end_col_offset)
print(ast.get_source_segment(src, t.body[2].body[1].value))
print(ast.get_source_segment(src, t.body[3].body[0], padded=True))

class Names(ast.NodeVisitor):
    def __init__(self):
        self.names = []

    def visit_Name(self, node):
        self.names.append(node.id)
        self.generic_visit(node)

v = Names()
v.visit(t)
print(v.names)

class Double(ast.NodeTransformer):
    def visit_Constant(self, node):
        if isinstance(node.value, int):
            return ast.copy_location(ast.Constant(value=node.value * 2), node)
        return node

    def visit_Expr(self, node):
        return None

t2 = Double().visit(ast.parse("x = 1 + 2\nprint(x)\ny = [3, 'a']"))
print(ast.dump(t2))
ast.fix_missing_locations(t2)
print(t2.body[0].value.left.lineno, t2.body[0].value.left.col_offset)
n = ast.BinOp(left=ast.Constant(1), op=ast.Add(), right=ast.Name(id='z', ctx=ast.Load()))
print(ast.dump(n), n._fields, ast.BinOp._attributes, ast.Constant.kind)
print(ast.dump(ast.increment_lineno(ast.parse("a"), 3), include_attributes=True))
print(isinstance(t.body[0], ast.stmt), isinstance(e.body, ast.expr), issubclass(ast.Add, ast.operator))

for s in ["1", "-2.5", "'x'", "b'y'", "(1, [2, {3: 'a'}], {4, 5})", "set()", "None", "True",
          "1+2j", "-1-2j", "  {'k': (1,)}", "...", "0x10"]:
    print(repr(ast.literal_eval(s)))
for s in ["x", "1 + x", "f()", "[1, 2][0]", "1 * 2"]:
    try:
        ast.literal_eval(s)
    except ValueError as ex:
        print("ValueError", str(ex).split(':')[0])
try:
    ast.parse("def f(:\n  pass")
except SyntaxError as ex:
    print("SyntaxError", ex.msg, ex.lineno)
try:
    ast.parse("x = (1,", filename="<mine>")
except SyntaxError as ex:
    print("SyntaxError", ex.msg, ex.filename)
try:
    ast.dump(1)
except TypeError as ex:
    print(ex)
print(ast.dump(ast.parse("f'{a!r:>{w}} {b=}'")))
print(ast.dump(ast.parse("lambda x, /, y=2, *, z: (yield)\ndef g():\n    with a as b: return c")))
print(ast.dump(ast.parse("try:\n    pass\nexcept (A, B) as e:\n    raise X from e\nelse:\n    del a[1:2, ::3]\nfinally:\n    global q")))
print(ast.dump(ast.parse("with a, b as (c, d): x @= y if z else w\nassert not -~+x, 'm'\nwhile 1: break")))
print(ast.dump(ast.parse("[x for x in y if x for z in x]; {k: v for k, v in d}; {*a, *b}; (i for i in j)")))
print(ast.dump(ast.parse("from .. import (a as b, c)\nimport x.y as z\nnonlocal_ = a < b <= c is not d not in e")))
for src in ["f'{x,y}'", "f'{(x,y)}'", "f'{x,y!r}'", "f'a{ x, y :>3}'", "f'{x,}'", "if x: a; b;\nwhile y: c;", "def f():\n  if z: pass;"]:
    print(ast.dump(ast.parse(src), include_attributes=True))
# long chains: 200 concatenated strings (BinOp nested 200 deep), 100 elifs, a 5000-item literal
src = "x = " + " + ".join(f"'s{i}'" for i in range(200)) + "\n"
src += "if a:\n    pass\n" + "".join(f"elif b{i}:\n    pass\n" for i in range(100))
t = ast.parse(src)
print(len(ast.dump(t)), len(ast.dump(t, include_attributes=True)), len(ast.unparse(t)), ast.unparse(t) == ast.unparse(ast.parse(ast.unparse(t))))
print(ast.literal_eval("[" + ",".join(str(i) for i in range(5000)) + "]")[-1])
print(ast.unparse(ast.parse("x = 1e999 + 1e999j - 2.0 ** -24")))

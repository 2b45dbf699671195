# ast.unparse must give CPython 3.11's text: every program in tests/lang/parse (as an MD5 of the
# text, and the text itself reparsed to the same tree), then a few cases in full.
import ast
import hashlib
import os

d = os.path.join('..', 'parse')
n = same = 0
for f in sorted(os.listdir(d)):
    if not f.endswith('.py') or f.startswith('bigint'):
        continue
    with open(os.path.join(d, f), encoding='utf-8') as fh:
        src = fh.read()
    try:
        t = ast.parse(src)
    except SyntaxError:
        continue
    text = ast.unparse(t)
    n += 1
    same += ast.dump(ast.parse(text)) == ast.dump(t)
    print(f, hashlib.md5(text.encode()).hexdigest()[:12])
print(n, 'files,', same, 'reparse to the same tree')

for src in ['x = (1, 2)', 'return_ = -(a ** -b) ** c', 'f(*args, k=1, **kw)', 'a if b else (c if d else e)',
            'lambda x, /, y=1, *z, w, **k: (x, y)', "f'{a!r:>{w}} {b}' 'tail'", '"""doc"""\ndef g():\n    """Doc."""\n    pass',
            'class C(B, metaclass=M):\n    x: int = 1\n    @dec\n    def m(self) -> None: ...',
            'if a:\n    pass\nelif b:\n    pass\nelse:\n    x = {1: 2, **d}',
            'try:\n    pass\nexcept (E, F) as e:\n    raise X from e\nfinally:\n    del a[1:2, ::3]',
            'with a as b, c: yield (yield x)', 'print((yield))', '(a := 1)', 'x = 1 .real + 1.5e300 * 1e999',
            'not a or b and c < d <= e', '[i for i in range(3) if i for j in i]', '{*a, *b}', 'set()', '{*()}',
            "b'\\x00' + 'it''s' + '\"q\"' + '\\n'", 'from . import (a as b)\nimport os.path as p',
            'global g\nwhile True:\n    break\nelse:\n    continue']:
    print(ast.unparse(ast.parse(src)))
    print('--')

lambda: 0
lambda x: x
lambda x, y=1: x + y
lambda *a, **k: 0
lambda a, /, b, *, c=2: 0
lambda *, k: k
lambda: (f(), g())
f = lambda x: lambda y: x + y

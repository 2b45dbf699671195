def f(a, b=2, *args, c, d=4, **kw):
    return a, b, args, c, d, sorted(kw.items())
print(f(1, c=3), f(1, 5, 6, 7, c=8, e=9), f(*[1, 2], **{'c': 0, 'z': 1}))
def g(a, /, b, *, c): return a, b, c
print(g(1, 2, c=3), g(1, b=2, c=3))
try:
    g(a=1, b=2, c=3)
except TypeError as e:
    print('TypeError:', e)
def defaults(x=[]):
    x.append(1)
    return x
print(defaults(), defaults(), defaults([]))
print((lambda *a, **k: (a, k))(1, x=2), (lambda x, y=3: x * y)(2))
print(f.__defaults__, f.__kwdefaults__, g.__code__.co_argcount if hasattr(g, '__code__') else '-', f.__name__)

def f(a, b=2, *args, c, d=4, **kw):
    return (a, b, args, c, d, sorted(kw.items()))
print(f(1, c=3))
print(f(1, 5, 6, 7, c=3, e=9))
print(f(*[1, 2, 3], **{"c": 0, "z": 1}))
def g(x, /, y, *, z):
    return x + y + z
print(g(1, 2, z=3), g(1, y=2, z=3))
def h(*args, **kwargs):
    return args, kwargs
print(h(), h(1, 2, a=3))
def defaults(x=[]):
    x.append(1)
    return len(x)
print(defaults(), defaults(), defaults([]))
print((lambda a, b=10: a * b)(3), (lambda *a: sum(a))(1, 2, 3))
def doc():
    "A docstring."
    return doc.__doc__
print(doc(), doc.__name__, f.__defaults__, f.__kwdefaults__)

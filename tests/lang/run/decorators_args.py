import functools
def trace(fn):
    @functools.wraps(fn)
    def wrapper(*a, **k):
        print('call', fn.__name__, a, k)
        return fn(*a, **k)
    return wrapper
def repeat(n):
    def deco(fn):
        def w(*a):
            return [fn(*a) for _ in range(n)]
        return w
    return deco
@trace
def add(x, y=1):
    'adds'
    return x + y
@repeat(3)
def hi(name): return 'hi ' + name
print(add(2, y=5), add.__name__, add.__doc__, hi('bo'))
def stack(tag):
    def d(f):
        return lambda: tag + f()
    return d
@stack('<')
@stack('[')
def core(): return 'x'
print(core())

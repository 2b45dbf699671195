def trace(fn):
    def wrapper(*args, **kwargs):
        print("call", fn.__name__, args)
        return fn(*args, **kwargs)
    wrapper.__name__ = fn.__name__
    return wrapper
def repeat(n):
    def deco(fn):
        def w(*a):
            return [fn(*a) for _ in range(n)]
        return w
    return deco
@trace
def add(a, b):
    return a + b
@repeat(3)
def hi(name):
    return "hi " + name
print(add(2, 3), add.__name__)
print(hi("x"))
@trace
@repeat(2)
def two():
    return 2
print(two())

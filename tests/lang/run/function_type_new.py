# types.FunctionType(code, globals, name, argdefs, closure): a new function over another's code, with
# CPython's checks and messages.
import types
def outer():
    z = 5
    def g(a, b=2):
        return a + b + z
    return g
def h(x, y=3):
    """doc"""
    return x * y + K
g = outer()
f = types.FunctionType(h.__code__, {"K": 100}, "renamed")
print(f.__name__, f.__qualname__, f.__doc__, f(2, 1), f.__defaults__)
f2 = types.FunctionType(h.__code__, {"K": 1}, None, (10,))
print(f2.__name__, f2(2), f2.__defaults__)
f3 = types.FunctionType(g.__code__, {}, "gg", g.__defaults__, g.__closure__)
print(f3(1), f3.__module__)
for args in [(1, {}), (h.__code__, []), (h.__code__, {}, 5), (h.__code__, {}, None, [1]), (g.__code__, {}),
             (g.__code__, {}, None, None, ()), (g.__code__, {}, None, None, (1,)), (h.__code__, {}, None, None, 3)]:
    try:
        types.FunctionType(*args)
    except Exception as e:
        print(type(e).__name__, e)

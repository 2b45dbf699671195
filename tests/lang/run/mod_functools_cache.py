import functools
calls = []
@functools.lru_cache(maxsize=None)
def fib(n):
    calls.append(n)
    return n if n < 2 else fib(n - 1) + fib(n - 2)
print(fib(30), len(calls), fib.cache_info())
@functools.lru_cache
def sq(x):
    return x * x
print(sq(3), sq(3), sq(4), sq.cache_info())
@functools.lru_cache(maxsize=2)
def ident(x):
    calls.append(x)
    return x
calls.clear()
for v in [1, 2, 1, 3, 2, 1]:
    ident(v)
print(calls, ident.cache_info())
ident.cache_clear()
print(ident.cache_info())
@functools.cache
def fact(n):
    return 1 if n <= 1 else n * fact(n - 1)
print(fact(10), fact.cache_info().misses, fact.cache_info().hits)
@functools.lru_cache(maxsize=8)
def kw(a, b=1):
    return a + b
print(kw(1), kw(1, b=2), kw(a=1), kw.cache_info())
class A:
    @functools.cached_property
    def val(self):
        print('computing')
        return 42
a = A()
print(a.val, a.val)

import functools
@functools.singledispatch
def show(x):
    return 'obj:' + repr(x)
@show.register(int)
def _(x):
    return 'int:%d' % x
@show.register(list)
def _(x):
    return 'list of %d' % len(x)
print(show(3), show([1, 2]), show('s'), show(True))
p = functools.partial(max, default=0)
print(p([]), p([3, 9, 2]), p([1], key=lambda v: -v))
class C:
    def m(self, a, b): return (a, b)
    pm = functools.partialmethod(m, 1)
print(C().pm(2))
print(functools.reduce(lambda acc, x: acc + [x * 2], [1, 2, 3], []))
def add(a, b=2): return a + b
print(functools.partial(add, b=10)(1), functools.partial(add)(5))
calls = 0
@functools.lru_cache(maxsize=None, typed=True)
def typed_f(x):
    global calls
    calls += 1
    return x
typed_f(1); typed_f(1.0); typed_f(1)
print(calls, typed_f.cache_info().currsize, typed_f.cache_parameters())
print(functools.WRAPPER_ASSIGNMENTS)

import functools
print(functools.reduce(lambda a, b: a * b, [1, 2, 3, 4]), functools.reduce(lambda a, b: a + b, [], 'init'))
p = functools.partial(int, base=2)
print(p('101'), p.func.__name__, p.keywords)
@functools.lru_cache(maxsize=None)
def fib(n): return n if n < 2 else fib(n - 1) + fib(n - 2)
print(fib(60), fib.cache_info().hits > 0)
@functools.total_ordering
class V:
    def __init__(self, v): self.v = v
    def __eq__(self, o): return self.v == o.v
    def __lt__(self, o): return self.v < o.v
print(V(1) <= V(2), V(3) >= V(2), V(1) > V(2))

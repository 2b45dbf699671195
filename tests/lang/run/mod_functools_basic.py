import functools
from functools import partial, reduce, wraps
def power(base, exp):
    return base ** exp
square = partial(power, exp=2)
cube = partial(power, exp=3)
print(square(5), cube(2), square.func is power, square.args, square.keywords)
p2 = partial(partial(power, 2), exp=5)
print(p2(), p2.args, p2.keywords)
print(reduce(lambda a, b: a + b, [1, 2, 3, 4]), reduce(lambda a, b: a * b, [], 7))
try:
    reduce(lambda a, b: a, [])
except TypeError as e:
    print(e)
def deco(f):
    @wraps(f)
    def inner(*a, **k):
        """inner doc"""
        return f(*a, **k) + 1
    return inner
@deco
def g(x):
    """g's doc"""
    return x * 2
print(g(3), g.__name__, g.__doc__, g.__wrapped__(3))
def h(): pass
def w(): pass
functools.update_wrapper(w, h)
print(w.__name__)
print(sorted(['b', 'A', 'c'], key=functools.cmp_to_key(lambda a, b: (a.lower() > b.lower()) - (a.lower() < b.lower()))))
@functools.total_ordering
class V:
    def __init__(self, v): self.v = v
    def __eq__(self, o): return self.v == o.v
    def __lt__(self, o): return self.v < o.v
print(V(1) <= V(2), V(3) >= V(2), V(1) > V(2))

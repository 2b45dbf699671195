a = [1]; b = a; c = [1]
print(a is b, a is c, a == c, id(a) == id(b), id(a) != id(c))
print(hash(1) == hash(1.0) == hash(True), hash('x') == hash('x'), hash((1, 2)) == hash((1, 2)), hash(frozenset([1])) == hash(frozenset([1])))
print(None is None, type(None)() is None, ... is Ellipsis, NotImplemented is NotImplemented)
try:
    hash({})
except TypeError as e:
    print('TypeError:', e)

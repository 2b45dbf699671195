import operator
from functools import reduce
print(reduce(operator.mul, range(1, 6)), reduce(operator.add, ['a', 'b', 'c']))
data = [{'n': 'b', 'v': 2}, {'n': 'a', 'v': 3}, {'n': 'c', 'v': 1}]
print([d['n'] for d in sorted(data, key=operator.itemgetter('v'))])
print(list(map(operator.itemgetter(0), [(1, 2), (3, 4)])), list(map(operator.neg, [1, -2])))
pairs = [(1, 'x'), (0, 'y')]
print(sorted(pairs, key=operator.itemgetter(0, 1)), operator.itemgetter(slice(1, 3))('abcd'))
print(operator.lt(1, 2), operator.le(2, 2), operator.ne(1, 2), operator.gt(3, 1))
print(operator.truth(0), operator.matmul.__name__, operator.index(5), operator.concat('ab', 'cd'))
x = [1]
print(operator.iadd(x, [2]) is x, x, operator.imul([1], 2), operator.isub(5, 3), operator.ior({1}, {2}))
class V:
    def __init__(self, v): self.v = v
    def __add__(self, o): return V(self.v + o.v)
    def __repr__(self): return f'V({self.v})'
print(operator.add(V(1), V(2)), operator.__add__(1, 2), operator.attrgetter('v')(V(7)))

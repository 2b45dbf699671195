import copy
from collections import OrderedDict, defaultdict, namedtuple, deque, Counter
P = namedtuple('P', 'x y')
orig = {'p': P(1, [2]), 'od': OrderedDict(a=[1]), 'dd': defaultdict(list, k=[1]), 'dq': deque([[1]]), 'c': Counter('aab')}
dc = copy.deepcopy(orig)
orig['p'].y.append(3)
orig['od']['a'].append(2)
orig['dd']['k'].append(2)
print(dc['p'], dc['od'], dc['dd'], type(dc['dd']).__name__, dc['c'])
sc = copy.copy(orig)
print(sc['p'] is orig['p'], sc is not orig)
class Node:
    def __init__(self, v):
        self.v = v
        self.next = None
a = Node(1)
a.next = Node(2)
a.next.next = a
b = copy.deepcopy(a)
print(b.v, b.next.v, b.next.next is b, b is not a)
class Stateful:
    def __init__(self): self.x = [1]
    def __getstate__(self): return {'x': self.x, 'extra': 'added'}
    def __setstate__(self, st): self.__dict__.update(st)
s2 = copy.deepcopy(Stateful())
print(s2.x, s2.extra)
print(copy.copy([1, [2]])[1] is not None, copy.deepcopy(frozenset({1})), copy.copy({1, 2}))
def fn(): pass
print(copy.deepcopy(fn) is fn, copy.copy(int) is int)

import operator as op
print(op.add(2, 3), op.mul(4, 5), op.sub(9, 4), op.truediv(7, 2), op.floordiv(7, 2), op.mod(7, 3), op.pow(2, 8))
print(op.neg(3), op.pos(-3), op.abs(-4), op.not_(0), op.truth([]), op.eq(1, 1), op.lt(1, 2), op.ge(1, 2))
print(op.and_(6, 3), op.or_(6, 3), op.xor(6, 3), op.lshift(1, 4), op.rshift(16, 2), op.invert(5), op.index(7))
print(op.contains([1, 2], 2), op.getitem('abc', 1), op.concat([1], [2]), op.countOf([1, 2, 1], 1), op.indexOf('abc', 'c'))
l = [1, 2, 3]
op.setitem(l, 0, 9); op.delitem(l, 1)
print(l, op.is_(None, None), op.is_not(1, None))
g = op.itemgetter(1)
g2 = op.itemgetter(0, 2)
print(g('abc'), g2('abc'), sorted([(1, 'b'), (0, 'a'), (2, 'c')], key=op.itemgetter(1)))
class P:
    def __init__(self, x, y): self.x, self.y = x, y
    def dist(self, s=1): return (self.x + self.y) * s
q = P(P(1, 2), 5)
print(op.attrgetter('y')(q), op.attrgetter('x.x', 'y')(q), op.methodcaller('dist', s=2)(P(1, 2)))
print(repr(op.itemgetter(1, 'a')), repr(op.attrgetter('x')), repr(op.methodcaller('f', 1, k=2)))
print(op.iadd([1], [2]), op.length_hint([1, 2, 3]))

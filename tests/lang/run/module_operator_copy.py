import operator, copy
print(operator.add(1, 2), operator.mul(3, 4), operator.itemgetter(1)('abc'), operator.attrgetter('real')(5), operator.neg(3))
print(sorted([(1, 'b'), (0, 'c')], key=operator.itemgetter(1)), operator.methodcaller('upper')('x'))
a = [[1, 2], [3]]
s = copy.copy(a); d = copy.deepcopy(a)
a[0].append(9)
print(s, d, s[0] is a[0], d[0] is a[0])

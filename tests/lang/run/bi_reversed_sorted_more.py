print(list(reversed('abc')), list(reversed(range(3))), list(reversed((1, 2))), list(reversed({1: 'a', 2: 'b'})))
class R:
    def __reversed__(self): return iter('zyx')
print(list(reversed(R())))
class Seq:
    def __len__(self): return 3
    def __getitem__(self, i): return i * 10
print(list(reversed(Seq())))
try:
    reversed({1, 2})
except TypeError as e:
    print('TypeError:', e)
l = [3, 1, 2]
print(sorted(l), l, l.sort() is None, l)

print(sorted({x % 3 for x in range(10)}), sorted(frozenset([3, 1]) | {2}), type(frozenset() | set()).__name__)
fs = frozenset('abc')
print(sorted(fs), 'a' in fs, len(fs), fs == set('cba'), {fs: 1}[frozenset('bca')])
try:
    fs.add('d')
except AttributeError as e:
    print('AttributeError:', e)
print(set() == frozenset(), {1, 2} - {2}, {1} | {2} | {3} == {1, 2, 3}, {1, 2}.union(), repr(set()), repr(frozenset()))

print(len('abc'), len([1, 2]), len({}), len(range(10)), len(b'xy'), len({1, 2, 2}), len((1,)))
class L:
    def __len__(self): return 7
print(len(L()), 2 in [1, 2], 'a' in {'a': 1}, 3 in range(5), 'x' in 'xyz', (1, 2) in [(1, 2)], 5 not in {1})
class Bad:
    def __len__(self): return -1
try:
    len(Bad())
except ValueError as e:
    print('ValueError:', e)
try:
    len(5)
except TypeError as e:
    print('TypeError:', e)

d = {1: 'int', 1.5: 'float', 'a': 'str', (1, 2): 'tuple', None: 'none', True: 'bool?', frozenset([1]): 'fs'}
print(d, d[1], d[True], len(d))
try:
    d[[1]] = 2
except TypeError as e:
    print('TypeError:', e)
try:
    d['missing']
except KeyError as e:
    print('KeyError:', e, repr(e))

print(min(3, 1, 2), max(3, 1, 2), min([4, 5]), max('abc'))
print(min([], default='empty'), max([], default=None))
print(min(['aa', 'b', 'ccc'], key=len), max(['aa', 'b', 'ccc'], key=len))
print(max([1, 3, 3], key=lambda x: -x), min((2, 'b'), (2, 'a')))
print(max([(1, 'a'), (1, 'b')]), min(range(10), key=lambda x: (x - 4) ** 2))
for bad in ([], ):
    try:
        min(bad)
    except ValueError as e:
        print('ValueError:', e)
try:
    max()
except TypeError as e:
    print('TypeError:', e)
try:
    max(1, 2, default=0)
except TypeError as e:
    print('TypeError:', e)

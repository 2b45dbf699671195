words = ['banana', 'Apple', 'cherry', 'date', 'Elder']
print(sorted(words))
print(sorted(words, key=str.lower))
print(sorted(words, key=len, reverse=True))
print(sorted([3, 1, 2], reverse=True))
print(sorted({'b': 1, 'a': 2}))
print(sorted([(1, 'b'), (1, 'a'), (0, 'z')]))
pairs = [(2, 'x'), (1, 'y'), (2, 'a'), (1, 'b')]
print(sorted(pairs, key=lambda p: p[0]))
print(sorted(pairs, key=lambda p: p[0], reverse=True))
print(sorted('hello'), sorted(()), sorted(range(5, 0, -1)))
try:
    sorted([1, 'a'])
except TypeError as e:
    print('TypeError:', e)

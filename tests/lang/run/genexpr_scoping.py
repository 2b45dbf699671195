x = 10
g = (x * i for i in range(3))
x = 20
print(list(g))
print(sum(i * i for i in range(5)), max(len(w) for w in ['a', 'bbb']), list(j for j in range(3) if j))
nested = list((i, j) for i in range(2) for j in range(i, 3))
print(nested)
gen = (n for n in [1, 2])
print(next(gen), list(gen), list(gen))
try:
    next(gen)
except StopIteration:
    print('exhausted')
print(type(i for i in ()).__name__)

import itertools
def naturals():
    n = 0
    while True:
        yield n
        n += 1
print(list(itertools.islice(naturals(), 5)), list(itertools.takewhile(lambda v: v < 4, naturals())))
def fib():
    a, b = 0, 1
    while True:
        yield a
        a, b = b, a + b
print([f for _, f in zip(range(10), fib())])
squares = (n * n for n in naturals())
print(next(squares), next(squares), next(squares))
print(list(itertools.dropwhile(lambda v: v < 3, range(6))), list(itertools.compress('abcd', [1, 0, 1, 0])))

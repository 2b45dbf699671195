first, *rest = [1, 2, 3]
*init, last = 'abc'
a, (b, c), d = 1, (2, 3), 4
print(first, rest, init, last, a, b, c, d)
print(*[1, 2], *'ab', sep=',')
print([*range(3), *[9]], (*'xy',), {*'aab'} == {'a', 'b'}, {**{'a': 1}, 'b': 2, **{'a': 3}})
def f(*args, **kw): return args, kw
print(f(*[1, 2], 3, *(4,), k=1, **{'m': 2}))
for i, *tail in [(1, 2, 3), (4,)]:
    print(i, tail)
x = y = z = 0
x, y = y, x = 1, 2
print(x, y, z)

def f(*a, **k):
    return a, k
print(f(*range(3), *"ab", x=1, **{"y": 2}, **dict(z=3)))
print([*range(3), *[10, 11]], (*"ab", 1), {*[1, 2], *{3}}, {**{"a": 1}, "b": 2, **{"a": 9}})
a, *b, (c, *d) = 1, 2, 3, (4, 5, 6)
print(a, b, c, d)
[x, y], z = [1, 2], 3
print(x, y, z)
for (i, *rest) in [(1, 2, 3), (4,)]:
    print(i, rest)

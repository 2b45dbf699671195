t = (1, "two", 3.0)
print(t, t[1], t[-1], len(t), t[1:], t + (4,), t * 2, (1,), ())
a, b, c = t
print(a, b, c)
print(t.index("two"), t.count(1), 3.0 in t, (1, 2) < (1, 3), (1, 2) == (1, 2))
print(tuple([1, 2]), tuple("ab"), hash((1, 2)) == hash((1, 2)))
x, (y, z) = 1, (2, 3)
print(x, y, z)
first, *rest = range(5)
*init, last = "hello"
print(first, rest, init, last)

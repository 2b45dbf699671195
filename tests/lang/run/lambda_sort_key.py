pairs = [(1, "one"), (3, "three"), (2, "two")]
pairs.sort(key=lambda pair: pair[1])
print(pairs)
f = lambda: "no args"
g = lambda x, *r, k=1, **kw: (x, r, k, kw)
print(f(), g(1, 2, 3, k=4, z=5))
print(list(map(lambda s: s[::-1], ["ab", "cd"])))
print((lambda n: [i for i in range(n)])(4))

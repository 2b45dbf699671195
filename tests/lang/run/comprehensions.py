m = [[i * j for j in range(4)] for i in range(3)]
print(m, [x for row in m for x in row if x % 2])
print({k: [v for v in range(k)] for k in range(4)})
print([(a, b) for a in "ab" for b in (1, 2)], {c for c in "mississippi"} == set("misp"))
print(sum(x * x for x in range(10)), max((len(w), w) for w in "a bb ccc".split()))
names = ["x", "y"]
print({n: i for i, n in enumerate(names)}, [[0] * 2 for _ in range(2)])

s = {3, 1, 2}
s.add(4); s.discard(10); s.remove(1)
print(s, len(s), 2 in s)
a, b = {1, 2, 3, 4}, {3, 4, 5}
print(a | b, a & b, a - b, a ^ b, a <= {1, 2, 3, 4, 5}, a < a, a >= {1})
print(a.union([9]), a.intersection({1, 9}), a.difference({1}), a.issubset(a), a.isdisjoint({9}))
print(set(), set([1, 1, 2]), frozenset([1, 2]), {x % 4 for x in range(10)})
fs = frozenset({1, 2})
print(fs | {3}, {fs: "frozen key"}[frozenset([2, 1])], sorted({"b", "a", "c"}))
s2 = {10, 20}; s2 |= {30}; s2 -= {10}; print(s2)
print(set(range(20)), {100, 5, 17, 64})

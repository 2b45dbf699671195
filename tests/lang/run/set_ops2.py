a = set("abracadabra")
b = set("alacazam")
print(sorted(a), sorted(b), sorted(a - b), sorted(a | b), sorted(a & b), sorted(a ^ b))
s = {1, 2, 3}
print(s.pop() in {1, 2, 3}, len(s))
fs = frozenset([3, 1])
print(fs, hash(fs) == hash(frozenset([1, 3])), fs == {1, 3}, {1, 3} == fs)
u = set()
for i in [5, 3, 5, 1, 3]:
    u.add(i)
print(u, len(u), sorted(u, reverse=True))
print({(1, 2), (1, 2), (2, 1)} == {(2, 1), (1, 2)}, {0, 0.0, False})

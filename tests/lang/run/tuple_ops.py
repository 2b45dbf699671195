t = (1, 2, 3, 2)
print(t + (4,), t * 2, t[1:], t[::-1], t.count(2), t.index(3), len(t), 2 in t, max(t), sorted(t))
print((1,) == (1,), (1, 2) < (1, 3), (1, 2) < (1, 2, 0), tuple('ab'), tuple(), (1, [2])[1])
a, b = (1, 2); b, a = a, b; print(a, b)
try:
    t[0] = 5
except TypeError as e:
    print('TypeError:', e)
try:
    t.index(9)
except ValueError as e:
    print('ValueError:', e)
nt = ((1, 2), (3, 4))
print([x for pair in nt for x in pair], dict(nt), hash(t) == hash((1, 2, 3, 2)))

s = {1, 2, 3}
s.add(4); s.discard(10); s.remove(1)
print(sorted(s), s | {9}, s & {2, 9}, s - {2}, s ^ {3, 5}, sorted(s.union([7], (8,))))
print(s.issubset({2, 3, 4, 5}), s.issuperset({2}), s.isdisjoint({0}), {1} < {1, 2}, {1, 2} <= {1, 2})
t = s.copy(); t.update([10, 11]); t.intersection_update({10, 2}); print(sorted(t))
t.difference_update({2}); t.symmetric_difference_update({10, 12}); print(sorted(t))
print(s.pop() in {2, 3, 4}, len(s), frozenset({1, 2}) == {1, 2}, sorted(frozenset('aab')))
try:
    s.remove(99)
except KeyError as e:
    print('KeyError:', e)
try:
    set().pop()
except KeyError as e:
    print('KeyError:', e)
try:
    {[]}
except TypeError as e:
    print('TypeError:', e)

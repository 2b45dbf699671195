l = [3, 1, 2]
l.append(4); l.extend([5, 6]); l.insert(0, 0); l.insert(-1, 9); l.insert(100, 7)
print(l)
print(l.pop(), l.pop(0), l.pop(-2), l)
l.remove(2); print(l, l.index(3), l.count(2), l.index(4, 1))
l.reverse(); print(l)
l.sort(); print(l)
c = l.copy(); c.clear(); print(l, c)
l += [1]; l *= 2; print(l, l * 0, [0] * 3)
try:
    l.remove(42)
except ValueError as e:
    print('ValueError:', e)
try:
    [].pop()
except IndexError as e:
    print('IndexError:', e)
try:
    l.index(42)
except ValueError as e:
    print('ValueError:', e)

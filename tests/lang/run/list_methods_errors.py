l = [1, 2, 3]
for op in [lambda: l.remove(9), lambda: l.index(9), lambda: [].pop(), lambda: l.pop(10), lambda: l[10], lambda: l.insert(100, 4)]:
    try:
        print(op(), l)
    except (ValueError, IndexError) as e:
        print(type(e).__name__, e)
try:
    l[5] = 1
except IndexError as e:
    print(e)

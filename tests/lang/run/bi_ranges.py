r = range(2, 20, 3)
print(list(r), len(r), r[1], r[-1], r[1:3], r[::-1], 8 in r, 9 in r, r.index(11), r.count(5))
print(list(range(5, 0, -2)), list(range(0)), list(range(-3)), range(3) == range(0, 3), repr(range(1, 5, 2)))
print(len(range(0, 10**12, 7)), range(10**12)[-1], sum(range(101)), reversed(range(3)).__class__.__name__)
try:
    r[100]
except IndexError as e:
    print('IndexError:', e)
try:
    r.index(4)
except ValueError as e:
    print('ValueError:', e)

print(list(map(str.upper, 'ab')), list(map(lambda a, b: a * b, [1, 2, 3], [4, 5])), list(map(int, '123')))
print(list(filter(str.isdigit, 'a1b2')), [x for x in map(len, ['a', 'bb'])])
m = map(abs, [-1, -2])
print(next(m), list(m), list(m))

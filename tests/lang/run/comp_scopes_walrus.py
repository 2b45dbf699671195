data = [1, 5, 2, 8, 3]
print([y for x in data if (y := x * 2) > 4], y)
total = 0
print([total := total + v for v in data], total)
print({k: v for k, v in zip('abc', range(3))}, {c for c in 'hello'} == set('helo'))
print([(i, j) for i in range(3) for j in range(i)], [[j for j in range(i)] for i in range(3)])
x = 'outer'
print([x for x in 'ab'], x)
if (n := len(data)) > 3: print('n =', n)
while (chunk := data[:2]):
    data = data[2:]
    print(chunk)
print([w for w in ['a', 'bb', 'ccc'] if len(w) % 2], sum(x for x in range(4)))

n, steps = 27, 0
while n != 1:
    n = n // 2 if n % 2 == 0 else 3 * n + 1
    steps += 1
print(steps)
i = 0
while True:
    i += 1
    if i > 100:
        break
print(i)
a, b = 0, 1
fibs = []
while a < 100:
    fibs.append(a)
    a, b = b, a + b
print(fibs)

for n in range(2, 12):
    for d in range(2, n):
        if n % d == 0:
            break
    else:
        print(n, 'is prime')
i = 0
while i < 3:
    i += 1
else:
    print('while else ran', i)
while True:
    break
else:
    print('not printed')
for x in []:
    pass
else:
    print('empty for else')

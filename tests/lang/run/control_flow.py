for i in range(10):
    if i == 2:
        continue
    if i == 6:
        break
    print(i, end=" ")
else:
    print("no break")
print()
for i in range(3):
    pass
else:
    print("loop finished", i)
n = 0
while n < 5:
    n += 1
    if n == 10:
        break
else:
    print("while else", n)
x = 5
if x > 10:
    print("big")
elif x > 3:
    print("medium")
else:
    print("small")
print("yes" if x else "no", x if x > 100 else -x)
for a, (b, c) in [(1, (2, 3)), (4, (5, 6))]:
    print(a + b + c)
for i, ch in enumerate("abc", start=1):
    print(i, ch)

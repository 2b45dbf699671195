total = 0
for i in range(3000000):
    total += i * i % 7
x = 0.0
i = 0
while i < 1000000:
    x += i * 0.5
    i += 1
print(total, x)

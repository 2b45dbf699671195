a = list(range(10))
print(a[::-1], a[::-2], a[8:2:-2], a[-3:], a[:-3], a[-1:-4:-1], a[5:5], a[100:], a[-100:2])
print(a[1::3], a[::3], a[2:8:-1], a[-2:-8:-3])
b = a[:]
b[2:5] = ['x']; print(b)
b[::2] = ['e'] * len(b[::2]); print(b)
b[1:1] = [7, 8]; print(b)
try:
    b[::2] = [1]
except ValueError as e:
    print('ValueError:', e)

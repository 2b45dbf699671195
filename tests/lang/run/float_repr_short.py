# repr of floats with few digits (the fast path that needs no printf) and around its limits, against
# CPython: 12 and 13 significant digits, 1e-4 and 2**43, products whose fraction is near .5.
import hashlib
import random

random.seed(7)
vals = [1e-4, 9.999999999999999e-05, 2.0 ** 43, 2.0 ** 43 - 1, 2.0 ** 43 + 0.5, 123456789012.0, 1234567890123.0,
        0.1, 0.2, 0.30000000000000004, 1.1099999999999999, 22.2, 2.5, 0.125, 1 / 3, 2 / 3, 1e15, 1e16, 123.456,
        -0.5, -1234.5678, 4.35, 0.0005, 5e-05, 8796093022207.5, 1.0000000000005, 0.3 * 3]
for i in range(300):
    vals.append(i * 0.37)
    vals.append(round(random.random() * 10 ** random.randint(0, 12), random.randint(0, 12)))
for v in vals:
    print(repr(v), str(-v), f"{v}")
big = []
for i in range(50000):
    r = random.random()
    k = i % 6
    if k == 0:
        v = r
    elif k == 1:
        v = random.randint(0, 10 ** 6) / 10 ** random.randint(0, 8)
    elif k == 2:
        v = i * 0.37
    elif k == 3:
        v = r * 10 ** random.randint(-6, 17)
    elif k == 4:
        v = round(r * 1000, random.randint(0, 6))
    else:
        v = 1.0 / random.randint(1, 1000)
    big.append(repr(v))
print(hashlib.md5("\n".join(big).encode()).hexdigest())

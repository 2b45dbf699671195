# unpack_sequence: tuple and list unpacking (plain, starred, nested, swaps) in tight loops.
import sys

def tuples(n):
    t = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)
    s = 0
    for _ in range(n):
        a, b, c, d, e, f, g, h, i, j = t
        a, b, c, d, e, f, g, h, i, j = t
        a, b, c, d, e, f, g, h, i, j = t
        s += a + j
    return s

def lists(n):
    l = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    s = 0
    for _ in range(n):
        a, b, c, d, e, f, g, h, i, j = l
        a, b, c, d, e, f, g, h, i, j = l
        s += b + i
    return s

def starred(n):
    t = (1, 2, 3, 4, 5)
    s = 0
    for _ in range(n):
        first, *mid, last = t
        s += first + last + len(mid)
    return s

def swaps(n):
    a, b, c = 1, 2, 3
    for _ in range(n):
        a, b = b, a
        a, b, c = c, a, b
        (a, b), c = (c, b), a
    return a, b, c

def pairs(n):
    items = [(i, str(i)) for i in range(100)]
    s = 0
    for _ in range(n // 100):
        for k, v in items:
            s += k + len(v)
        for i, (k, v) in enumerate(items):
            s += i - k
    return s

n = 5000 if sys.argv[1:] == ["--quick"] else 400000
print(tuples(n), lists(n), starred(n // 2), swaps(n), pairs(n))

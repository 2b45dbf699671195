# Unpacking from iterators, sequences and strings, starred, the errors, and 300 targets.
def g(n):
    for i in range(n): yield i
a, b, c = g(3); print(a, b, c)
a, *b, c = g(5); print(a, b, c)
*a, b = [1]; print(a, b)
for bad in (g(2), g(4), 5, [1, 2]):
    try:
        x, y, z = bad
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
    try:
        x, *y, z, w = bad
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
big = list(range(300))
(a0, *mid, a299) = big; print(a0, len(mid), a299)
exec("t = tuple(range(300))\n" + ", ".join("v%d" % i for i in range(300)) + " = t\nprint(v0, v150, v299)")
s = "xyz"; p, q, r = s; print(p, q, r)
d = {"k": 1, "j": 2}; k1, k2 = d; print(k1, k2)

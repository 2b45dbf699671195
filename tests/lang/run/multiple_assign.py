a = b = c = [1]
a.append(2)
print(a, b, c, a is c)
x, y = 1, 2
x, y = y, x
print(x, y)
i = 0
l = [0, 0, 0]
i, l[i] = 1, 5
print(i, l)
d = {}
d["a"] = d["b"] = 1
print(d)
(p, q), r = "ab", "c"
print(p, q, r)

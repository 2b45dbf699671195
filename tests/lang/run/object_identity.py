a = [1]
b = a
c = [1]
print(a is b, a is c, a == c, id(a) == id(b))
print(None is None, True is True, (a is not c))
x = 256
y = 256
print(x is y, 10 ** 2 == 100)
s1 = "interned"
s2 = "interned"
print(s1 == s2)

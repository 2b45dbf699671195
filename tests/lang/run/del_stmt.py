x = 1
del x
try:
    x
except NameError as e:
    print(e)
l = [0, 1, 2, 3, 4]
del l[1], l[-1]
print(l)
d = {"a": 1, "b": 2}
del d["a"]
print(d)
class O: pass
o = O(); o.a = 1; del o.a
print(hasattr(o, "a"))
a, b = 1, 2
del a, b
print("a" in dir(), "b" in dir())

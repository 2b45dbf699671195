# The same attribute instructions run over objects whose classes and dicts change between runs
# (inline caches must follow: class attributes, data descriptors added later, __class__ and
# __dict__ replaced, deleted attributes, __getattribute__/__setattr__ added, methods shadowed).
class A:
    def __init__(self, x):
        self.x = x
    def m(self):
        return "A.m"

class B(A):
    def m(self):
        return "B.m"

def get_x(o):
    return o.x

def set_x(o, v):
    o.x = v

def call_m(o):
    return o.m()

objs = [A(1), B(2), A(3)]
for o in objs:
    print(get_x(o), call_m(o))
a = objs[0]
set_x(a, 10)
set_x(a, 11)
print(get_x(a), a.__dict__)
del a.x
try:
    get_x(a)
except AttributeError as e:
    print("AttributeError", e)
set_x(a, 12)
print(get_x(a))
# a data descriptor on the class now wins over the instance dict
A.x = property(lambda self: "prop", lambda self, v: print("prop set", v))
print(get_x(a), get_x(objs[1]))
set_x(a, 13)
print(a.__dict__)
del A.x
print(get_x(a))
# the instance's dict replaced
a.__dict__ = {"x": "new dict"}
print(get_x(a))
# __class__ changed
a.__class__ = B
print(call_m(a), get_x(a))
# an instance attribute shadows the method
a.m = lambda: "instance m"
print(call_m(a))
del a.m
print(call_m(a))
# the method replaced on the class
B.m = lambda self: "new B.m"
print(call_m(a), call_m(objs[1]))
# __getattribute__ and __setattr__ added later (on the class itself: flyi does not yet pass a
# slot assigned on a base down to its existing subclasses)
def ga(self, name):
    return "ga:" + name
A.__getattribute__ = ga
print(get_x(objs[2]), objs[2].m)
del A.__getattribute__
print(get_x(objs[2]))
def sa(self, name, v):
    print("setattr", name, v)
A.__setattr__ = sa
set_x(objs[2], 99)
print(get_x(objs[2]))
del A.__setattr__
set_x(objs[2], 100)
print(get_x(objs[2]))
# many keys: the entry moves when the dict is rebuilt after deletions
c = A(0)
for i in range(40):
    setattr(c, "k%d" % i, i)
for i in range(0, 40, 2):
    delattr(c, "k%d" % i)
for i in range(5):
    set_x(c, get_x(c) + 1)
    c.k1 = c.k1 + 1
print(c.x, c.k1, len(c.__dict__))
# a class with __slots__ and one made again under the same name
class S:
    __slots__ = ("x",)
    def __init__(self):
        self.x = "slot"
print(get_x(S()))
for i in range(3):
    class T:
        def __init__(self):
            self.x = i
        def m(self):
            return "T%d" % i
    t = T()
    print(get_x(t), call_m(t))

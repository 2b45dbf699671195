# weakref: references that die with their object, callbacks, proxies, weak containers, finalize.
import gc
import weakref


class Obj:
    def __init__(self, n):
        self.n = n

    def get(self):
        return self.n

    def __repr__(self):
        return "Obj(%d)" % self.n


events = []
a = Obj(1)
r1 = weakref.ref(a)
r2 = weakref.ref(a, lambda r: events.append(("r2 died", r() is None)))
r3 = weakref.ref(a, lambda r: events.append("r3 died"))
print(r1() is a, r1 is weakref.ref(a), r2 is not r1, weakref.getweakrefcount(a), len(weakref.getweakrefs(a)))
print(r1.__callback__, callable(r2.__callback__), type(r1).__name__, type(r1) is weakref.ReferenceType)
print(r1 == weakref.ref(a), hash(r1) == hash(a), r1 == r2)
h = hash(r1)
del a
print(r1(), r2(), r3(), events)
print(hash(r1) == h)
try:
    hash(r2)
except TypeError as e:
    print("TypeError", e)
print(r1 == r2, r1 == r1)

for bad in [1, "s", (1,), [1], {}, None, 2.5, b"x"]:
    try:
        weakref.ref(bad)
    except TypeError as e:
        print("TypeError", e)


class MyList(list):
    pass


ml = MyList([1, 2])
print(weakref.ref(ml)() == [1, 2], weakref.ref(Obj)() is Obj, weakref.ref(len)() is len)


def f():
    pass


print(weakref.ref(f)() is f, weakref.ref({1, 2})() is None)

# cycles are found by the collector; their weak references die then
c = Obj(2)
c.me = c
rc = weakref.ref(c, lambda r: events.append("cycle died"))
del c
print(rc() is not None)
gc.collect()
print(rc(), events[-1])

# a callback that raises does not stop the program
d = Obj(3)
rd = weakref.ref(d, lambda r: 1 / 0)
del d
print("after raising callback", rd())

b = Obj(4)
p = weakref.proxy(b)
print(p.n, p.get(), str(p), p == b, type(p).__name__)
p.n = 40
print(b.n)
pl = weakref.proxy(MyList([3, 1, 2]))
del b
try:
    p.n
except ReferenceError as e:
    print("ReferenceError", e)
items = MyList([5, 6])
pi = weakref.proxy(items)
print(len(pi), pi[0], list(pi), 6 in pi)

wv = weakref.WeakValueDictionary()
x, y = Obj(10), Obj(11)
wv["x"] = x
wv["y"] = y
print(len(wv), wv["x"], wv.get("y"), wv.get("z", "none"), "x" in wv, sorted(wv.keys()))
del x
print(len(wv), "x" in wv, sorted(wv), wv.get("x"), [v for v in wv.values()])
try:
    wv["x"]
except KeyError as e:
    print("KeyError", e)
print(wv.setdefault("y", None), wv.pop("y"), len(wv))
del y

wk = weakref.WeakKeyDictionary()
k1, k2 = Obj(20), Obj(21)
wk[k1] = "one"
wk[k2] = "two"
print(len(wk), wk[k1], k1 in wk, sorted(v for v in wk.values()), sorted(k.n for k in wk.keys()))
del k1
print(len(wk), [k.n for k, v in wk.items()])
wk.clear()
print(len(wk))

ws = weakref.WeakSet()
s1, s2 = Obj(30), Obj(31)
ws.add(s1)
ws.add(s2)
ws.add(s1)
print(len(ws), s1 in ws, Obj(0) in ws, 3 in ws)
del s1
print(len(ws), [o.n for o in ws])
ws.discard(s2)
print(len(ws))

fin = []
t = Obj(40)
fz = weakref.finalize(t, fin.append, "finalized 40")
print(fz.alive, fz.peek()[0], fin)
del t
print(fz.alive, fin, fz())
u = Obj(41)
fu = weakref.finalize(u, lambda *a, **k: fin.append((a, k)), 1, 2, key="v")
print(fu(), fu.alive, fin[-1])
print(fu(), fin[-1])
v = Obj(42)
fv = weakref.finalize(v, fin.append, "never")
print(fv.detach()[0], fv.alive)
del v
print(fin[-1])

o = Obj(50)
wm = weakref.WeakMethod(o.get)
print(wm()(), wm() == o.get)
del o
print(wm())

# subclasses of ref
q = Obj(60)
kr = weakref.KeyedRef(q, lambda r: events.append(("keyed", r.key)), "k60")
print(kr() is q, kr.key, isinstance(kr, weakref.ref), type(kr).__name__, kr == weakref.ref(q))


class TaggedRef(weakref.ref):
    def __new__(cls, ob, tag):
        self = super().__new__(cls, ob)
        self.tag = tag
        return self

    def __init__(self, ob, tag):
        super().__init__(ob)


tr = TaggedRef(q, "t")
print(tr() is q, tr.tag, tr is not weakref.ref(q), weakref.ref(q) is weakref.ref(q))
del q
print(kr(), tr(), tr.tag, events[-1])

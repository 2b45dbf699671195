class Temp:
    count = 0
    def __init__(self, c):
        self._c = c
        Temp.count += 1
    @property
    def f(self):
        return self._c * 9 / 5 + 32
    @f.setter
    def f(self, v):
        self._c = (v - 32) * 5 / 9
    @staticmethod
    def unit():
        return "C"
    @classmethod
    def make(cls, c):
        return cls(c)
t = Temp.make(100)
print(t.f, Temp.unit(), t.unit(), Temp.count)
t.f = 32
print(t._c, Temp.count)
class Box:
    def __init__(self, items):
        self.items = list(items)
    def __len__(self): return len(self.items)
    def __getitem__(self, i): return self.items[i]
    def __setitem__(self, i, v): self.items[i] = v
    def __contains__(self, x): return x in self.items
    def __iter__(self): return iter(self.items)
    def __call__(self, k): return self.items[k] * 2
    def __bool__(self): return bool(self.items)
b = Box([1, 2, 3])
b[0] = 10
print(len(b), b[0], b[-1], 2 in b, list(b), b(1), bool(b), bool(Box([])), b[1:])
class Ctx:
    def __enter__(self):
        print("enter"); return self
    def __exit__(self, t, v, tb):
        print("exit", t.__name__ if t else None); return True
with Ctx() as c:
    raise ValueError("suppressed")
print("after with")

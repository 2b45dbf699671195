class V:
    def __init__(self, x, y): self.x, self.y = x, y
    def __repr__(self): return f'V({self.x}, {self.y})'
    def __add__(self, o): return V(self.x + o.x, self.y + o.y) if isinstance(o, V) else NotImplemented
    def __radd__(self, o): return V(self.x + o, self.y + o)
    def __mul__(self, k): return V(self.x * k, self.y * k)
    __rmul__ = __mul__
    def __neg__(self): return V(-self.x, -self.y)
    def __abs__(self): return (self.x ** 2 + self.y ** 2) ** 0.5
    def __eq__(self, o): return isinstance(o, V) and (self.x, self.y) == (o.x, o.y)
    def __lt__(self, o): return abs(self) < abs(o)
    def __hash__(self): return hash((self.x, self.y))
    def __bool__(self): return bool(self.x or self.y)
    def __len__(self): return 2
    def __getitem__(self, i): return (self.x, self.y)[i]
    def __iter__(self): return iter((self.x, self.y))
    def __contains__(self, v): return v in (self.x, self.y)
    def __iadd__(self, o): self.x += o.x; self.y += o.y; return self
a, b = V(1, 2), V(3, 4)
print(a + b, 10 + a, a * 2, 3 * a, -a, abs(b), a == V(1, 2), a != b, a < b, sorted([b, a]))
print(bool(V(0, 0)), len(a), a[1], list(a), 2 in a, {a: 1}[V(1, 2)], max(a, b))
c = a; c += b; print(a, c is a)
try:
    a + 1
except TypeError as e:
    print('TypeError:', e)

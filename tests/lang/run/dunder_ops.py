class V:
    def __init__(self, *c): self.c = c
    def __repr__(self): return "V" + repr(self.c)
    def __add__(self, o): return V(*(a + b for a, b in zip(self.c, o.c)))
    def __sub__(self, o): return V(*(a - b for a, b in zip(self.c, o.c)))
    def __mul__(self, k): return V(*(a * k for a in self.c))
    def __rmul__(self, k): return self * k
    def __truediv__(self, k): return V(*(a / k for a in self.c))
    def __matmul__(self, o): return sum(a * b for a, b in zip(self.c, o.c))
    def __neg__(self): return V(*(-a for a in self.c))
    def __abs__(self): return sum(a * a for a in self.c) ** 0.5
    def __eq__(self, o): return isinstance(o, V) and self.c == o.c
    def __lt__(self, o): return abs(self) < abs(o)
    def __len__(self): return len(self.c)
    def __iadd__(self, o):
        self.c = (self + o).c
        return self
a, b = V(1, 2), V(3, 4)
print(a + b, a - b, a * 3, 3 * a, b / 2, a @ b, -a, abs(b), a == V(1, 2), a != b, a < b, len(a))
c = a
c += b
print(c, a is c, sorted([b, a]), max(a, b), b > a)
class Num:
    def __init__(self, v): self.v = v
    def __index__(self): return self.v
    def __int__(self): return self.v
    def __float__(self): return float(self.v)
print([10, 20, 30][Num(1)], int(Num(7)), float(Num(2)), hex(Num(255)), range(Num(3)))

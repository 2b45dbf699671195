class P:
    def __init__(self, x): self.x = x
    def __eq__(self, o): return isinstance(o, P) and self.x == o.x
print(P(1) == P(1), P(1) != P(2), P.__hash__ is None)
try:
    {P(1)}
except TypeError as e:
    print('TypeError:', e)
class H(P):
    def __hash__(self): return hash(self.x)
print(len({H(1), H(1), H(2)}), H(1) in {H(1)})
class Default: pass
d1 = Default()
print(d1 == d1, d1 != Default(), hash(d1) == hash(d1))
class Cmp:
    def __init__(self, v): self.v = v
    def __lt__(self, o): return self.v < o.v
    def __repr__(self): return f'C{self.v}'
print(sorted([Cmp(3), Cmp(1), Cmp(2)]), Cmp(1) > Cmp(0) if hasattr(Cmp, '__gt__') else '', max([Cmp(5), Cmp(7)]))

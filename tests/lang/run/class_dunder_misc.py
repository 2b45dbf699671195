class Bag:
    def __init__(self): self.items = {}
    def __setitem__(self, k, v): self.items[k] = v
    def __getitem__(self, k): return self.items[k]
    def __delitem__(self, k): del self.items[k]
    def __len__(self): return len(self.items)
    def __iter__(self): return iter(sorted(self.items))
    def __contains__(self, k): return k in self.items
    def __repr__(self): return f"Bag({self.items})"
b = Bag()
b["x"] = 1; b["y"] = 2
del b["x"]
print(b, len(b), "y" in b, "x" in b, list(b), b["y"])
class Neg:
    def __neg__(self): return "negated"
    def __pos__(self): return "positive"
    def __invert__(self): return "inverted"
    def __abs__(self): return "absolute"
n = Neg()
print(-n, +n, ~n, abs(n))
class R:
    def __radd__(self, o): return f"radd({o})"
    def __rsub__(self, o): return f"rsub({o})"
print(1 + R(), "s" - R() if False else 5 - R(), sum([R()], 0) if False else 0 + R())

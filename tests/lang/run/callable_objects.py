class Multiplier:
    def __init__(self, k): self.k = k
    def __call__(self, x): return x * self.k
triple = Multiplier(3)
print(triple(4), list(map(triple, [1, 2])), callable(triple), callable(Multiplier))
class Adder:
    def __init__(self): self.total = 0
    def __call__(self, *args, **kw):
        self.total += sum(args) + sum(kw.values())
        return self
a = Adder()
a(1, 2)(3, x=4)
print(a.total)

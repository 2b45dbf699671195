class K:
    def __init__(self, v): self.v = v
    def __eq__(self, o): return isinstance(o, K) and o.v == self.v
try:
    {K(1)}
except TypeError as e:
    print("TypeError", e)
class H(K):
    def __hash__(self): return hash(self.v)
s = {H(1), H(1), H(2)}
print(len(s), H(1) in s, K(1) == K(1), K(1) != K(2))
print(1 == 1.0, {1: "a", 1.0: "b"}, {True: "t", 1: "one"})

import copy
a = [1, [2, 3], {'k': [4]}]
b = copy.copy(a)
c = copy.deepcopy(a)
a[1].append(99)
a[2]['k'].append(5)
print(a, b, c)
print(b[1] is a[1], c[1] is a[1])
class P:
    def __init__(self, v):
        self.v = v
        self.items = [v]
p = P(1)
q = copy.copy(p)
r = copy.deepcopy(p)
p.items.append(2)
print(q.v, q.items, r.items, type(r).__name__)
class Custom:
    def __init__(self): self.n = 0
    def __copy__(self):
        c = Custom(); c.n = 'shallow'; return c
    def __deepcopy__(self, memo):
        c = Custom(); c.n = 'deep'; return c
print(copy.copy(Custom()).n, copy.deepcopy(Custom()).n)
cyc = [1]
cyc.append(cyc)
dc = copy.deepcopy(cyc)
print(dc[1] is dc, dc[0])
t = (1, [2])
t2 = copy.deepcopy(t)
print(t2, t2[1] is t[1], copy.deepcopy((1, 2)) == (1, 2))
shared = [0]
pair = [shared, shared]
dp = copy.deepcopy(pair)
print(dp[0] is dp[1])
d = {'a': {1, 2}, 'b': (3, 4)}
print(copy.deepcopy(d) == d, copy.copy(5), copy.deepcopy('s'))

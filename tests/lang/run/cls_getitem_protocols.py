class Grid:
    def __init__(self): self.d = {}
    def __getitem__(self, k):
        if isinstance(k, tuple):
            return self.d.get(k, 0)
        raise TypeError('need (r, c)')
    def __setitem__(self, k, v): self.d[k] = v
    def __delitem__(self, k): del self.d[k]
    def __len__(self): return len(self.d)
g = Grid()
g[1, 2] = 5; g[0, 0] = 1
print(g[1, 2], g[9, 9], len(g))
del g[0, 0]
print(len(g))
try:
    g['x']
except TypeError as e:
    print('TypeError:', e)
class OldIter:
    def __getitem__(self, i):
        if i >= 3: raise IndexError
        return i * i
print(list(OldIter()), 4 in OldIter())

class P:
    __slots__ = ('x', 'y')
    def __init__(self, x, y): self.x, self.y = x, y
p = P(1, 2)
print(p.x, p.y, P.__slots__)

class Point:
    """A point."""
    dims = 2
    def __init__(self, x, y):
        self.x, self.y = x, y
    def __repr__(self):
        return f"Point({self.x}, {self.y})"
    def __eq__(self, other):
        return isinstance(other, Point) and (self.x, self.y) == (other.x, other.y)
    def __hash__(self):
        return hash((self.x, self.y))
    def __add__(self, o):
        return Point(self.x + o.x, self.y + o.y)
    def norm2(self):
        return self.x ** 2 + self.y ** 2
p = Point(1, 2)
print(p, p + Point(3, 4), p.norm2(), Point.dims, p.dims, Point.__doc__)
print(p == Point(1, 2), p != Point(0, 0), len({p, Point(1, 2)}), Point.__name__)
p.z = 5
print(sorted(vars(p).items()), hasattr(p, "z"), getattr(p, "w", "none"))
print(type(p).__name__, isinstance(p, object), Point.norm2(p))

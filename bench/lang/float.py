# float: many short-lived float objects (points normalised, scaled, reduced to a maximum) with
# math functions and attribute access, as in pyperformance's float.
import sys
from math import sin, cos, sqrt

class Point:
    def __init__(self, i):
        self.x = x = sin(i)
        self.y = cos(i) * 3
        self.z = (x * x) / 2

    def __repr__(self):
        return "<Point: x=%s, y=%s, z=%s>" % (self.x, self.y, self.z)

    def normalize(self):
        x = self.x
        y = self.y
        z = self.z
        norm = sqrt(x * x + y * y + z * z)
        self.x /= norm
        self.y /= norm
        self.z /= norm

    def maximize(self, other):
        self.x = self.x if self.x > other.x else other.x
        self.y = self.y if self.y > other.y else other.y
        self.z = self.z if self.z > other.z else other.z
        return self

def maximize(points):
    best = points[0]
    for p in points[1:]:
        best.maximize(p)
    return best

def run(n):
    points = [Point(i) for i in range(n)]
    for p in points:
        p.normalize()
    return maximize(points)

n = 2000 if sys.argv[1:] == ["--quick"] else 40000
for _ in range(3):
    best = run(n)
print(best)
print(round(sum(Point(i).z for i in range(1000)), 6))

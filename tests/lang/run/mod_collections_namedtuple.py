from collections import namedtuple
Point = namedtuple('Point', ['x', 'y'])
p = Point(1, 2)
print(p, p.x, p.y, p[0], p[1], len(p), tuple(p), p == (1, 2))
print(Point._fields, p._asdict(), p._replace(y=5), Point._make([3, 4]))
x, y = p
print(x + y, isinstance(p, tuple), type(p).__name__)
P3 = namedtuple('P3', 'a b c', defaults=[0, 9])
print(P3(1), P3(1, 2), P3(1, 2, 3), P3._field_defaults)
P4 = namedtuple('P4', 'a, b')
print(P4(b=2, a=1), P4(1, b=3))
try:
    Point(1)
except TypeError as e:
    print('TypeError:', e)
try:
    namedtuple('Bad', ['x', 'x'])
except ValueError as e:
    print('ValueError:', e)
try:
    namedtuple('Bad', ['_x'])
except ValueError as e:
    print('ValueError:', e)
try:
    namedtuple('Bad', ['class'])
except ValueError as e:
    print('ValueError:', e)
print(namedtuple('R', 'a _b', rename=True)._fields)
try:
    p._replace(z=1)
except ValueError as e:
    print('ValueError:', e)
d = {p: 'pt'}
print(d[(1, 2)], sorted([Point(2, 1), Point(1, 5)]))
print(repr(Point(x='a', y=[1])))

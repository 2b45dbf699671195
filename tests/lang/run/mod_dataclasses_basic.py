from dataclasses import dataclass, field, asdict, astuple, fields, replace, is_dataclass
@dataclass
class Point:
    x: int
    y: int = 0
p = Point(1, 2)
print(p, Point(5), p == Point(1, 2), p != Point(1, 3))
print([f.name for f in fields(p)], asdict(p), astuple(p))
q = replace(p, y=10)
print(q, p, is_dataclass(p), is_dataclass(Point), is_dataclass(3))
@dataclass
class Inv:
    name: str
    tags: list = field(default_factory=list)
    count: int = field(default=1, repr=False)
a = Inv('a')
b = Inv('b')
a.tags.append('t')
print(a, b, a.count)
@dataclass
class Line:
    start: Point
    end: Point
    label: str = 'L'
print(asdict(Line(Point(0, 0), Point(1, 1))))
try:
    Point()
except TypeError as e:
    print('TypeError:', e)
try:
    @dataclass
    class Bad:
        x: int = 0
        y: int
except TypeError as e:
    print('TypeError:', e)
try:
    @dataclass
    class Bad2:
        x: list = []
except ValueError as e:
    print('ValueError:', e)
@dataclass
class C3(Point):
    z: int = 5
print(C3(1, 2, 3), C3(1))
@dataclass
class Post:
    a: int
    b: int = field(init=False)
    def __post_init__(self):
        self.b = self.a * 2
print(Post(4))

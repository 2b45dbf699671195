from collections import namedtuple
from enum import Enum, IntEnum, auto
P = namedtuple('P', 'x y')
p = P(1, y=2)
print(p, p.x, p[1], p._replace(x=9), p._asdict(), P._fields, tuple(p), p == (1, 2))
class Color(Enum):
    RED = 1
    GREEN = auto()
print(Color.RED, Color.GREEN.value, Color(1), Color['GREEN'], list(Color), Color.RED is Color(1))
class Pri(IntEnum):
    LOW = 1
    HIGH = 2
print(Pri.HIGH > Pri.LOW, Pri.LOW + 1, int(Pri.HIGH), sorted([Pri.HIGH, Pri.LOW]))

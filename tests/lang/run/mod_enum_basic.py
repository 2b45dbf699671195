from enum import Enum, IntEnum, auto, unique
class Color(Enum):
    RED = 1
    GREEN = 2
    BLUE = 3
print(Color.RED, repr(Color.GREEN), Color.RED.name, Color.RED.value)
print(list(Color), len(Color), Color(2), Color['BLUE'])
print(Color.RED is Color(1), Color.RED == Color.RED, Color.RED == 1, isinstance(Color.RED, Color))
for c in Color:
    print(c.name, c.value, end='; ')
print()
print(Color.RED in Color, [m for m in Color.__members__])
try:
    Color(9)
except ValueError as e:
    print('ValueError:', e)
try:
    Color['PINK']
except KeyError as e:
    print('KeyError:', e)
class Num(IntEnum):
    ONE = 1
    TWO = 2
print(Num.ONE + 1, Num.TWO * 3, Num.ONE < Num.TWO, Num(2), repr(Num.TWO), int(Num.TWO), Num.ONE == 1)
print(f'{Num.TWO}', f'{Color.RED}', str(Num.ONE))
class Auto(Enum):
    A = auto()
    B = auto()
    C = auto()
print([(m.name, m.value) for m in Auto])
d = {Color.RED: 'r'}
print(d[Color.RED], sorted(Num, reverse=True))
class Sh(Enum):
    SQUARE = 2
    DIAMOND = 1
    ALIAS = 2
print(list(Sh), Sh.ALIAS, Sh(2))
try:
    @unique
    class Dup(Enum):
        A = 1
        B = 1
except ValueError as e:
    print('ValueError:', e)
class Planet(Enum):
    MERCURY = (3.303e+23, 2.4397e6)
    EARTH = (5.976e+24, 6.37814e6)
    def __init__(self, mass, radius):
        self.mass = mass
        self.radius = radius
print(Planet.EARTH.mass, Planet.EARTH.value)
class M(Enum):
    X = 'x'
    def shout(self):
        return self.value.upper()
print(M.X.shout(), M('x'))

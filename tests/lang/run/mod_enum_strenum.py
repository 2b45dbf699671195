# enum.StrEnum needs str-subclass instances with a __dict__
import enum
from enum import StrEnum, auto


class Color(StrEnum):
    RED = 'red'
    GREEN = auto()
    BLUE = 'blue'


print(Color.RED, Color.GREEN, repr(Color.BLUE))
print(Color.RED == 'red', Color('green') is Color.GREEN, Color['BLUE'].value)
print(isinstance(Color.RED, str), Color.RED.upper(), Color.RED + '!', f'{Color.BLUE}')
print(sorted(Color), [c.name for c in Color], len(Color))
print({Color.RED: 1}['red'], 'ed' in Color.RED, Color.RED.startswith('r'))
try:
    Color('purple')
except ValueError as e:
    print('ValueError:', e)


class S(str):
    pass


s = S('abc')
s.tag = 1
print(s, s.tag, s.__dict__, type(s).__name__, s + 'd', type(s + 'd').__name__)
for ch in s:
    print(ch, end=' ')
print()


class T(tuple):
    pass


t = T([1, 2])
t.note = 'n'
print(t, t.note, t[0], len(t), vars(t))


class B(bytes):
    pass


b = B(b'hi')
b.x = 3
print(b, b.x, type(b).__name__, b.decode(), isinstance(b, bytes), bytes(b), type(bytes(b)).__name__)

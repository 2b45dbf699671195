from enum import Enum, IntEnum, auto
Animal = Enum('Animal', 'ANT BEE CAT')
print(list(Animal), Animal.BEE.value, Animal(3))
Color = Enum('Color', [('RED', 'r'), ('BLUE', 'b')])
print(Color.RED.value, Color('b'))
class Ord(Enum):
    FIRST = 1
    SECOND = 2
    def __lt__(self, other):
        return self.value < other.value
print(sorted([Ord.SECOND, Ord.FIRST]))
print(Ord.FIRST.name, Ord['SECOND'], Ord.FIRST == Ord.FIRST, Ord.FIRST != Ord.SECOND)
try:
    Ord.FIRST = 5
except AttributeError as e:
    print('AttributeError:', e)
print(len(Animal), [a.name for a in reversed(Animal)] if hasattr(Animal, '__reversed__') else None)
class WithMethods(Enum):
    UP = 1
    DOWN = -1
    @property
    def opposite(self):
        return WithMethods(-self.value)
    @staticmethod
    def default():
        return WithMethods.UP
print(WithMethods.UP.opposite, WithMethods.default())
print({Animal.ANT: 1}.get(Animal.ANT), Animal.ANT is Animal['ANT'])

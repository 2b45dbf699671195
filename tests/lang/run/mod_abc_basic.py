from abc import ABC, abstractmethod
class Shape(ABC):
    @abstractmethod
    def area(self): ...
    def describe(self):
        return f'{type(self).__name__} with area {self.area()}'
class Sq(Shape):
    def __init__(self, s): self.s = s
    def area(self): return self.s ** 2
print(Sq(3).describe(), isinstance(Sq(1), Shape))
try:
    Shape()
except TypeError as e:
    print('TypeError:', e)
class Half(Shape):
    pass
try:
    Half()
except TypeError as e:
    print('TypeError:', e)
from collections.abc import Iterable, Sequence, Mapping, Callable, Sized
print(isinstance([], Iterable), isinstance(3, Iterable), isinstance((), Sequence), isinstance({}, Mapping))
print(isinstance(len, Callable), isinstance('x', Sized), isinstance({}, Sequence))
class It:
    def __iter__(self): return iter([])
print(isinstance(It(), Iterable), issubclass(list, Sequence))

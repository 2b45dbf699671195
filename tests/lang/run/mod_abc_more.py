from abc import ABC, abstractmethod, ABCMeta
import collections.abc as cabc
class Base(ABC):
    @abstractmethod
    def run(self): ...
    @abstractmethod
    def stop(self): ...
try:
    Base()
except TypeError as e:
    print('TypeError:', e)
class Partial(Base):
    def run(self): return 'run'
try:
    Partial()
except TypeError as e:
    print('TypeError:', e)
class Full(Partial):
    def stop(self): return 'stop'
f = Full()
print(f.run(), f.stop(), isinstance(f, Base), issubclass(Full, Base))
class Plugin(metaclass=ABCMeta):
    pass
class Ext:
    pass
Plugin.register(Ext)
print(isinstance(Ext(), Plugin), issubclass(Ext, Plugin), isinstance(3, Plugin))
print(isinstance(iter([]), cabc.Iterator), isinstance((x for x in []), cabc.Generator))
print(isinstance({}, cabc.MutableMapping))
print(isinstance(set(), cabc.Set))
print(isinstance('s', cabc.Hashable))
print(isinstance({}.keys(), cabc.KeysView))
class MyMap(cabc.Mapping):
    def __init__(self, d): self._d = d
    def __getitem__(self, k): return self._d[k]
    def __iter__(self): return iter(self._d)
    def __len__(self): return len(self._d)
m = MyMap({'a': 1})
print(m.get('a'), m.get('b', 0), 'a' in m, list(m.keys()), isinstance(m, cabc.Mapping))

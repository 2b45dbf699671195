class Temp:
    def __init__(self): self._c = 0
    @property
    def celsius(self):
        'temperature in C'
        return self._c
    @celsius.setter
    def celsius(self, v):
        if v < -273.15: raise ValueError('too cold')
        self._c = v
    @celsius.deleter
    def celsius(self):
        print('deleting'); self._c = None
    @property
    def fahrenheit(self): return self._c * 9 / 5 + 32
t = Temp(); t.celsius = 100
print(t.celsius, t.fahrenheit, Temp.celsius.__doc__)
try:
    t.fahrenheit = 5
except AttributeError as e:
    print('AttributeError:', e)
try:
    t.celsius = -300
except ValueError as e:
    print('ValueError:', e)
del t.celsius; print(t._c)
class P2:
    x = property(lambda self: 42)
print(P2().x, isinstance(Temp.celsius, property))

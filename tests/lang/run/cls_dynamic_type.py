def method(self): return self.v * 2
D = type('D', (object,), {'v': 21, 'double': method, '__repr__': lambda s: 'D!'})
d = D()
print(d.double(), repr(d), D.__name__, type(d) is D)
E = type('E', (D,), {})
print(E().double(), E.__mro__[1] is D)
print(type(3) is int, type(type) is type, type.__name__)

class A: pass
class B(A): pass
print(isinstance(B(), A), isinstance(1, (str, int)), issubclass(B, (int, A)), issubclass(bool, int), type(B()) is B)
print(type(1).__name__, type('').__name__, type(None).__name__, type(type).__name__, type(A).__name__)
print(callable(len), callable(A), hasattr(A, '__init__'), getattr(A, 'missing', 7))
a = A(); setattr(a, 'v', 1); print(vars(a), a.v); delattr(a, 'v'); print(vars(a))
print(sorted(n for n in dir(B()) if not n.startswith('_')), 'v' in dir(a))
print(id(a) == id(a), hash(1) == hash(1.0), hash('a') == hash('a'), type('X', (A,), {'k': 1})().k)
print(repr(A)[:17], A.__name__, A.__qualname__, A.__module__, B.__bases__[0].__name__)
try:
    isinstance(1, 5)
except TypeError as e:
    print('TypeError:', e)

class C:
    a = 1
    def m(self): pass
c = C(); c.b = 2
print(vars(c), 'a' in vars(C), sorted(k for k in dir(c) if not k.startswith('__')))
print(type(globals()).__name__, '__name__' in globals(), __name__)
def f():
    x = 1
    return sorted(locals())
print(f())
try:
    vars(1)
except TypeError as e:
    print('TypeError:', e)

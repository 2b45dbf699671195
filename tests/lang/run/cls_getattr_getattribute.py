class Lazy:
    def __init__(self): self.real = 1
    def __getattr__(self, name):
        if name.startswith('x'):
            return 'computed ' + name
        raise AttributeError(f'no {name}')
l = Lazy()
print(l.real, l.xyz, getattr(l, 'xa'), hasattr(l, 'nope'), getattr(l, 'nope', 'dflt'))
class Logged:
    def __init__(self): self.a = 1
    def __getattribute__(self, name):
        if name == 'secret': return 'intercepted'
        return object.__getattribute__(self, name)
g = Logged()
print(g.a, g.secret)
class Guard:
    def __setattr__(self, name, value):
        if name == 'frozen': raise AttributeError('read-only')
        object.__setattr__(self, name, value * 2)
    def __delattr__(self, name):
        print('del', name); object.__delattr__(self, name)
gd = Guard(); gd.v = 5; print(gd.v); del gd.v
try:
    gd.frozen = 1
except AttributeError as e:
    print('AttributeError:', e)

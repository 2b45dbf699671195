class Field:
    def __set_name__(self, owner, name):
        self.name = '_' + name
        print('set_name', owner.__name__, name)
    def __get__(self, obj, objtype=None):
        if obj is None: return self
        return getattr(obj, self.name, 'unset')
    def __set__(self, obj, value):
        setattr(obj, self.name, value)
class Rec:
    a = Field()
    b = Field()
r = Rec(); r.a = 5
print(r.a, r.b, type(Rec.a).__name__, sorted(vars(r)))
class NonData:
    def __get__(self, obj, t=None): return 'from descriptor'
class H:
    d = NonData()
h = H(); print(h.d); h.__dict__['d'] = 'instance wins'; print(h.d)
class Ver:
    def __get__(self, obj, t): return (obj is None, t.__name__)
class K:
    v = Ver()
print(K.v, K().v)

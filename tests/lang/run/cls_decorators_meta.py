def register(cls):
    cls.registered = True
    return cls
def add_repr(cls):
    cls.__repr__ = lambda self: f'<{cls.__name__} {vars(self)}>'
    return cls
@register
@add_repr
class Pt:
    def __init__(self, x): self.x = x
print(Pt.registered, Pt(3))
class Meta(type):
    def __new__(mcls, name, bases, ns, **kw):
        ns['tag'] = kw.get('tag', 'none')
        cls = super().__new__(mcls, name, bases, ns)
        return cls
    def __call__(cls, *a):
        print('creating', cls.__name__)
        return super().__call__(*a)
class Thing(metaclass=Meta, tag='T'):
    def __init__(self, v): self.v = v
t = Thing(4)
print(t.v, Thing.tag, type(Thing).__name__, isinstance(Thing, Meta))
class Plain(Thing): pass
print(Plain.tag, type(Plain).__name__)

class Meta(type):
    def __new__(mcls, name, bases, ns):
        ns["tag"] = name.lower()
        return super().__new__(mcls, name, bases, ns)
class Base(metaclass=Meta):
    pass
class Child(Base):
    pass
print(Base.tag, Child.tag, type(Child).__name__)
class Registry:
    subclasses = []
    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        Registry.subclasses.append(cls.__name__)
class P1(Registry): pass
class P2(Registry): pass
print(Registry.subclasses)
class Slotted:
    __slots__ = ("a",)
    def __init__(self): self.a = 1
print(Slotted().a)
class WithNew:
    def __new__(cls, v):
        obj = super().__new__(cls)
        obj.v = v * 2
        return obj
print(WithNew(4).v)
class Desc:
    def __get__(self, obj, owner):
        return "desc:" + (type(obj).__name__ if obj is not None else "class")
    def __set_name__(self, owner, name):
        self.name = name
class HasDesc:
    d = Desc()
print(HasDesc().d, HasDesc.d, HasDesc.__dict__["d"].name)
class Dyn:
    def __getattr__(self, name):
        return name.upper()
print(Dyn().hello)
class Annot:
    x: int
    y: str = "s"
print(Annot.__annotations__, Annot.y)

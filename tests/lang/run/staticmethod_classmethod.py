class Shape:
    registry = []
    def __init__(self, n): self.n = n
    @classmethod
    def square(cls):
        return cls(4)
    @staticmethod
    def sides_of(kind):
        return {"tri": 3, "sq": 4}[kind]
    @classmethod
    def register(cls, name):
        cls.registry.append(name)
        return cls
class Tri(Shape):
    pass
print(type(Shape.square()).__name__, type(Tri.square()).__name__, Shape.sides_of("tri"), Tri().sides_of("sq") if False else Tri(3).n)
print(Tri.register("t").__name__, Shape.registry)

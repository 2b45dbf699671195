class Outer:
    class Inner:
        def hello(self): return "inner"
    def make(self): return self.Inner()
print(Outer().make().hello(), Outer.Inner.__qualname__, Outer.Inner.__name__)
def factory(n):
    class Local:
        val = n
        def get(self): return self.val
    return Local
A, B = factory(1), factory(2)
print(A().get(), B().get(), A is B, A.__qualname__)

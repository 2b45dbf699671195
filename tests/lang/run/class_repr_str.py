class A:
    pass
class B:
    def __str__(self): return "B-str"
class C:
    def __repr__(self): return "C-repr"
a = A()
print(str(a).startswith("<__main__.A object at 0x"), B(), str(B()), repr(C()), C(), [C()], f"{B()}")
print(repr(A).startswith("<class"), A, int, type(A()))

print(True + 1, sum([True, True, False]), True * 3.5, isinstance(True, int), int(False))
print([1, 2, 3][True], {True: "a"}[1], str(True), repr(False), True & 1, True == 1)
class MyInt(int):
    def double(self): return self * 2
m = MyInt(21)
print(m, m.double(), m + 1, type(m + 1).__name__, isinstance(m, int))
class MyList(list):
    def head(self): return self[0]
ml = MyList([3, 1, 2])
ml.sort()
print(ml, ml.head(), len(ml), type(ml).__name__)
class MyDict(dict):
    def __missing__(self, key): return key * 2
md = MyDict(a=1)
print(md["a"], md["zz"], len(md))

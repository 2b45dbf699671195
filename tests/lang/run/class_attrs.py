class Counter:
    instances = 0
    def __init__(self):
        Counter.instances += 1
        self.id = Counter.instances
c1, c2 = Counter(), Counter()
print(c1.id, c2.id, Counter.instances, c1.instances)
c1.instances = 99
print(c1.instances, Counter.instances, c2.instances)
class A:
    x = [1]
class B(A):
    pass
B.x.append(2)
print(A.x, B.x, "x" in B.__dict__, "x" in A.__dict__)
del c1.instances
print(c1.instances)
print(hasattr(Counter, "__init__"), Counter.__init__.__name__, type(c1.__init__).__name__)

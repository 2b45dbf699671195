class C:
    shared = []
    count = 0
    def __init__(self, v):
        self.v = v
        C.count += 1
        self.shared.append(v)
a, b = C(1), C(2)
print(C.count, a.shared, b.shared is a.shared, a.count)
a.count = 99
print(a.count, C.count, b.count, 'count' in vars(a))
del a.count
print(a.count)
C.new_attr = 'added'
print(a.new_attr, hasattr(b, 'new_attr'))

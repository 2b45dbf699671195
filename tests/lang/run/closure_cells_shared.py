def pair():
    v = 0
    def get(): return v
    def set_(n):
        nonlocal v
        v = n
    return get, set_
g, s = pair()
s(5); print(g())
fs = []
for i in range(3):
    def f(i=i): return i
    fs.append(f)
print([f() for f in fs])
def outer():
    items = []
    def add(x): items.append(x); return len(items)
    return add, items
add, items = outer()
add(1); add(2); print(items)

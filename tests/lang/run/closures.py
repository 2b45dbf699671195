def counter():
    count = 0
    def inc(by=1):
        nonlocal count
        count += by
        return count
    return inc
c1, c2 = counter(), counter()
print(c1(), c1(), c1(5), c2())
def make_adders():
    return [lambda x, i=i: x + i for i in range(3)]
print([f(10) for f in make_adders()])
def late():
    fs = [lambda: i for i in range(3)]
    return [f() for f in fs]
print(late())
x = "global"
def read_global():
    return x
def write_global():
    global x
    x = "changed"
write_global(); print(read_global())
def outer():
    a = 1
    def mid():
        def inner():
            return a + 1
        return inner()
    return mid()
print(outer())

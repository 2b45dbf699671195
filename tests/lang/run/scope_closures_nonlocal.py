def counter():
    n = 0
    def inc(k=1):
        nonlocal n
        n += k
        return n
    def get(): return n
    return inc, get
inc, get = counter()
inc(); inc(5); print(get())
def make_adders():
    return [lambda x, i=i: x + i for i in range(3)]
print([f(10) for f in make_adders()])
def late():
    fs = [lambda: i for i in range(3)]
    return [f() for f in fs]
print(late())
def outer():
    x = 'outer'
    def mid():
        def inner():
            nonlocal x
            x = 'changed by inner'
        inner()
        return x
    return mid(), x
print(outer())

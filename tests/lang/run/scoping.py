x = 1
def f():
    print(x)
f()
def g():
    x = 2
    def h():
        return x
    return h()
print(g(), x)
class C:
    x = 5
    y = [x * 2 for _ in range(1)] if False else x * 3
    def m(self):
        return x
print(C.x, C.y, C().m())
def counter():
    n = 0
    def bump():
        nonlocal n
        n += 1
    for _ in range(3):
        bump()
    return n
print(counter())
try:
    def bad():
        print(z)
        z = 1
    bad()
except UnboundLocalError as e:
    print("UnboundLocalError:", e)
try:
    print(undefined_name)
except NameError as e:
    print("NameError:", e)

x = 'global'
class C:
    x = 'class'
    y = x + '!'
    def m(self): return x
    z = [x for _ in range(1)]
    w = (lambda: x)()
print(C.y, C().m(), C.z, C.w)
def f():
    x = 'enclosing'
    class D:
        print('in body', x)
        x = 'D attr'
        def get(self): return x
    return D
D = f(); print(D.x, D().get())

class Ops:
    factor = 3
    ops = {'double': lambda x: x * 2}
    def scaled(self):
        return [(lambda v: v * self.factor)(i) for i in range(3)]
print(Ops.ops['double'](4), Ops().scaled())
def adders():
    return {n: (lambda x, n=n: x + n) for n in range(3)}
a = adders()
print(a[2](10), sorted(a))

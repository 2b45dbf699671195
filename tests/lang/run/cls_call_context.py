class Acc:
    def __init__(self): self.total = 0
    def __call__(self, v):
        self.total += v
        return self.total
acc = Acc(); acc(1); print(acc(2), callable(acc), callable(3))
class Ctx:
    def __init__(self, name): self.name = name
    def __enter__(self):
        print('enter', self.name); return self.name.upper()
    def __exit__(self, et, ev, tb):
        print('exit', self.name, et.__name__ if et else None)
        return et is KeyError
with Ctx('a') as x, Ctx('b') as y:
    print(x, y)
with Ctx('c'):
    raise KeyError('suppressed')
print('after')
try:
    with Ctx('d'):
        raise ValueError('not suppressed')
except ValueError as e:
    print('ValueError:', e)

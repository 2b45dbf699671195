class Rec:
    def __init__(self): self.calls = []
    def write(self, s):
        self.calls.append(s)
        return len(s)
    def flush(self): self.calls.append('<flush>')
r = Rec()
print('a', 1, None, sep='|', end='$', file=r, flush=True)
print(file=r)
print('x', 'y', file=r, sep=None, end=None)
print(r.calls)

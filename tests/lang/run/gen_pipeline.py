def read(lines):
    for l in lines:
        yield l.strip()
def nonempty(it):
    return (l for l in it if l)
def numbered(it):
    for i, l in enumerate(it, 1):
        yield f'{i}: {l}'
lines = ['  a ', '', 'b', '   ', 'c']
print(list(numbered(nonempty(read(lines)))))
def take(n, it):
    for _, v in zip(range(n), it):
        yield v
def squares():
    i = 0
    while True:
        yield i * i
        i += 1
print(list(take(5, squares())))

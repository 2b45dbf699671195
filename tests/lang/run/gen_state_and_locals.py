def countdown(n):
    print('start')
    while n > 0:
        yield n
        n -= 1
    print('end')
c = countdown(2)
print('created')
for v in c:
    print('got', v)
print(list(c))
def gen_with_return():
    yield 1
    return 5
print(list(gen_with_return()))
def g2():
    x = yield
    while True:
        x = yield x * 2
it = g2(); next(it)
print(it.send(3), it.send(10))

def inner():
    a = yield 'i1'
    print('inner got', a)
    yield 'i2'
    return 'inner-result'
def outer():
    r = yield from inner()
    print('outer got', r)
    yield from [10, 20]
    yield from range(2)
o = outer()
print(next(o), o.send('S'), next(o), list(o))
def chain(*its):
    for it in its:
        yield from it
print(list(chain('ab', [1], (2, 3))))
def delegating():
    try:
        yield from inner()
    except ZeroDivisionError:
        yield 'caught in outer'
d = delegating(); next(d)
print(d.throw(ZeroDivisionError))

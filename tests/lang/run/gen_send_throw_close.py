def g():
    try:
        x = yield 1
        print('got', x)
        y = yield x * 2
        print('got', y)
    except ValueError as e:
        print('caught', e)
        yield 'recovered'
    finally:
        print('cleanup')
it = g()
print(next(it), it.send(10), it.throw(ValueError('boom')))
it.close()
it2 = g(); next(it2); it2.close(); print('closed')
def h():
    yield 1
    return 'done'
i = h(); next(i)
try:
    next(i)
except StopIteration as e:
    print('StopIteration value:', e.value)
try:
    g().send(5)
except TypeError as e:
    print('TypeError:', e)

def g():
    yield 1
    return 'result'
it = g()
print(next(it))
try:
    next(it)
except StopIteration as e:
    print('value:', e.value, e.args)
print(list(g()), [x for x in g()], next(g(), 'dflt'))
def empty():
    return 7
    yield
try:
    next(empty())
except StopIteration as e:
    print('empty value:', e.value)

def stubborn():
    try:
        yield 1
    except GeneratorExit:
        yield 2
s = stubborn(); next(s)
try:
    s.close()
except RuntimeError as e:
    print('RuntimeError:', e)
def finish():
    try:
        yield 1
    except GeneratorExit:
        print('exit seen')
        raise
f = finish(); next(f); f.close(); print('ok')
def thrower():
    yield 1
t = thrower()
try:
    t.throw(KeyError('k'))
except KeyError as e:
    print('KeyError:', e)
print(list(t))

def f():
    try:
        print('try')
        return 'from try'
    finally:
        print('finally')
print(f())
def g():
    try:
        return 1
    finally:
        return 2
print(g())
def h():
    for i in range(3):
        try:
            if i == 1: continue
            if i == 2: break
            print('body', i)
        finally:
            print('fin', i)
    return 'end'
print(h())
def k():
    try:
        raise ValueError('v')
    except ValueError:
        print('except')
        raise
    finally:
        print('finally runs before propagation')
try:
    k()
except ValueError as e:
    print('outer caught', e)

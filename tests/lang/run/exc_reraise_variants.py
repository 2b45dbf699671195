def f():
    try:
        raise KeyError('k')
    except KeyError as e:
        raise e
try:
    f()
except KeyError as e:
    print('reraised', e)
def g():
    try:
        int('x')
    except ValueError:
        try:
            raise
        finally:
            print('inner finally')
try:
    g()
except ValueError as e:
    print('bare raise:', e)
try:
    raise ValueError
except ValueError as e:
    print(repr(e), e.args)
try:
    raise 5
except TypeError as e:
    print('TypeError:', e)

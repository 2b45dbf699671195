import sys
try:
    1 / 0
except ZeroDivisionError as e:
    print(e.__traceback__ is not None, sys.exc_info()[0].__name__, type(sys.exc_info()[1]).__name__)
print(sys.exc_info())
def f():
    raise ValueError('deep')
try:
    f()
except ValueError as e:
    tb = e.__traceback__
    n = 0
    while tb:
        n += 1
        tb = tb.tb_next
    print('frames', n)
e = None
try:
    raise KeyError('x')
except KeyError as err:
    e = err
print(repr(e))

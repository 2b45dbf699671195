try:
    raise ValueError('x')
except ValueError as err:
    kept = err
try:
    err
except NameError as e:
    print('NameError:', e)
print(repr(kept))
def f():
    e = 'before'
    try:
        1 / 0
    except ZeroDivisionError as e:
        pass
    return 'e' in locals()
print(f())

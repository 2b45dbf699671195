import contextlib
@contextlib.contextmanager
def managed(name):
    print('open', name)
    try:
        yield name
    except ValueError as e:
        print('handled', e)
    finally:
        print('close', name)
with managed('r1') as r:
    print('using', r)
with managed('r2'):
    raise ValueError('inside')
print('continues')
with contextlib.suppress(KeyError, IndexError):
    {}['x']
print('suppressed')

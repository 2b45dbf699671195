for v in [1, 0, 'x']:
    try:
        r = 10 / v
    except ZeroDivisionError as e:
        print('zero:', e)
    except TypeError as e:
        print('type:', e)
    else:
        print('ok', r)
    finally:
        print('done', v)
try:
    try:
        raise KeyError('inner')
    except ValueError:
        print('not here')
    finally:
        print('inner finally')
except KeyError as e:
    print('outer', e)
try:
    raise ExceptionGroup if False else OSError(2, 'No such file')
except OSError as e:
    print(e.errno, e.strerror, e)

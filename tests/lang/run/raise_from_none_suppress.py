for exc_type in (TypeError, ValueError, KeyError):
    try:
        try:
            raise RuntimeError('original')
        except RuntimeError:
            raise exc_type('replacement') from None
    except exc_type as e:
        print(type(e).__name__, e.__cause__, e.__suppress_context__, type(e.__context__).__name__)
try:
    raise ValueError('x') from KeyError('cause')
except ValueError as e:
    print(repr(e.__cause__), e.__suppress_context__)
try:
    raise ValueError from 5
except TypeError as e:
    print('TypeError:', e)

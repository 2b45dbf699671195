def parse(s):
    try:
        return int(s)
    except ValueError as e:
        raise RuntimeError('bad input') from e
try:
    parse('x')
except RuntimeError as e:
    print(e, '|', type(e.__cause__).__name__, e.__cause__, '|', e.__suppress_context__)
try:
    try:
        1 / 0
    except ZeroDivisionError:
        raise KeyError('during handling')
except KeyError as e:
    print(repr(e), type(e.__context__).__name__, e.__cause__)
try:
    try:
        raise ValueError('a')
    except ValueError:
        raise TypeError('b') from None
except TypeError as e:
    print(e, e.__cause__, e.__suppress_context__, type(e.__context__).__name__)

for E in [ZeroDivisionError, KeyError, IndexError, FileNotFoundError, RecursionError, StopIteration, KeyboardInterrupt, UnicodeDecodeError, NotImplementedError, ModuleNotFoundError]:
    print(E.__name__, [b.__name__ for b in E.__mro__[1:]])
print(issubclass(KeyError, LookupError), issubclass(TimeoutError, OSError), isinstance(ValueError(), Exception))
try:
    raise LookupError('x')
except (KeyError, IndexError):
    print('no')
except LookupError as e:
    print('lookup', e.args)

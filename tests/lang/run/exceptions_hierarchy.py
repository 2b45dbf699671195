for exc in [ZeroDivisionError, KeyError, IndexError, FileNotFoundError, ModuleNotFoundError, RecursionError, UnboundLocalError, StopIteration, KeyboardInterrupt]:
    print(exc.__name__, [b.__name__ for b in exc.__mro__[1:]])
print(issubclass(KeyError, LookupError), issubclass(OSError, Exception), issubclass(SystemExit, Exception))
try:
    raise IOError("io")
except OSError as e:
    print(type(e).__name__, e)

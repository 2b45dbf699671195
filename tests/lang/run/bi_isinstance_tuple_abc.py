import collections.abc as abc
print(isinstance([], (tuple, list)), isinstance(1, (str, (float, int))), isinstance(True, int))
print(isinstance({}, abc.Mapping), isinstance([], abc.Sequence), isinstance(len, abc.Callable), isinstance(iter(()), abc.Iterator))
print(issubclass(list, abc.Iterable), issubclass(dict, abc.MutableMapping), issubclass(int, abc.Hashable), issubclass(list, abc.Hashable))

"""Generic (shallow and deep) copying operations (flyi)."""

__all__ = ['Error', 'copy', 'deepcopy']


class Error(Exception):
    pass


error = Error

_atomic = (type(None), int, float, bool, complex, str, bytes, type, range, type(Ellipsis),
           type(NotImplemented), frozenset, type(len), type(lambda: 0), property)


def _reconstruct_instance(x, deep, memo):
    cls = type(x)
    y = cls.__new__(cls)
    if memo is not None:
        memo[id(x)] = y
    getstate = getattr(x, '__getstate__', None)
    state = getstate() if getstate is not None else getattr(x, '__dict__', None)
    if isinstance(x, list):
        for v in x:
            list.append(y, deepcopy(v, memo) if deep else v)
    elif isinstance(x, dict):
        for k, v in x.items():
            if deep:
                k = deepcopy(k, memo)
                v = deepcopy(v, memo)
            dict.__setitem__(y, k, v)
    elif isinstance(x, set):
        for v in x:
            set.add(y, deepcopy(v, memo) if deep else v)
    if state:
        if deep:
            state = deepcopy(state, memo)
        setstate = getattr(y, '__setstate__', None)
        if setstate is not None and getstate is not None:
            setstate(state)
        elif isinstance(state, dict):
            y.__dict__.update(state)
    return y


def copy(x):
    """Shallow copy operation on arbitrary Python objects."""
    cls = type(x)
    if cls in _atomic or isinstance(x, type):
        return x
    if cls is list:
        return x[:]
    if cls is dict:
        return x.copy()
    if cls is set:
        return x.copy()
    if cls is tuple:
        return x
    if cls is bytearray:
        return bytearray(x)
    copier = getattr(cls, '__copy__', None)
    if copier is not None:
        return copier(x)
    if isinstance(x, tuple):
        return x
    if isinstance(x, BaseException):
        y = cls.__new__(cls, *x.args)
        y.__dict__.update(x.__dict__)
        return y
    return _reconstruct_instance(x, False, None)


def deepcopy(x, memo=None, _nil=[]):
    """Deep copy operation on arbitrary Python objects."""
    if memo is None:
        memo = {}
    d = id(x)
    y = memo.get(d, _nil)
    if y is not _nil:
        return y
    cls = type(x)
    if cls in _atomic or isinstance(x, type):
        return x
    if cls is list:
        y = []
        memo[d] = y
        for a in x:
            y.append(deepcopy(a, memo))
    elif cls is tuple:
        items = [deepcopy(a, memo) for a in x]
        if d in memo:
            return memo[d]
        for k, j in zip(x, items):
            if k is not j:
                y = tuple(items)
                break
        else:
            y = x
    elif cls is dict:
        y = {}
        memo[d] = y
        for key, value in x.items():
            y[deepcopy(key, memo)] = deepcopy(value, memo)
    elif cls is set:
        y = set()
        memo[d] = y
        for a in x:
            y.add(deepcopy(a, memo))
    elif cls is bytearray:
        y = bytearray(x)
    else:
        copier = getattr(x, '__deepcopy__', None)
        if copier is not None:
            y = copier(memo)
        elif isinstance(x, tuple) and hasattr(x, '_fields'):
            y = cls(*[deepcopy(a, memo) for a in x])
        elif isinstance(x, BaseException):
            y = cls.__new__(cls, *x.args)
            memo[d] = y
            y.__dict__.update(deepcopy(x.__dict__, memo))
        else:
            y = _reconstruct_instance(x, True, memo)
    if y is not x:
        memo[d] = y
        memo.setdefault(id(memo), []).append(x)
    return y

"""Higher-order functions and operations on callable objects (flyi)."""

__all__ = ['update_wrapper', 'wraps', 'WRAPPER_ASSIGNMENTS', 'WRAPPER_UPDATES', 'total_ordering',
           'cache', 'cmp_to_key', 'lru_cache', 'reduce', 'partial', 'partialmethod',
           'cached_property', 'singledispatch']

WRAPPER_ASSIGNMENTS = ('__module__', '__name__', '__qualname__', '__doc__', '__annotations__')
WRAPPER_UPDATES = ('__dict__',)


def update_wrapper(wrapper, wrapped, assigned=WRAPPER_ASSIGNMENTS, updated=WRAPPER_UPDATES):
    """Update a wrapper function to look like the wrapped function."""
    for attr in assigned:
        try:
            value = getattr(wrapped, attr)
        except AttributeError:
            pass
        else:
            try:
                setattr(wrapper, attr, value)
            except (AttributeError, TypeError):
                pass
    for attr in updated:
        try:
            src = getattr(wrapped, attr)
            dst = getattr(wrapper, attr)
        except AttributeError:
            continue
        try:
            dst.update(src)
        except (AttributeError, TypeError):
            pass
    try:
        wrapper.__wrapped__ = wrapped
    except (AttributeError, TypeError):
        pass
    return wrapper


def wraps(wrapped, assigned=WRAPPER_ASSIGNMENTS, updated=WRAPPER_UPDATES):
    """Decorator factory to apply update_wrapper() to a wrapper function."""
    def decorator(wrapper):
        return update_wrapper(wrapper, wrapped, assigned, updated)
    return decorator


_initial_missing = object()


def reduce(function, sequence, initial=_initial_missing):
    """reduce(function, iterable[, initial]) -> value"""
    it = iter(sequence)
    if initial is _initial_missing:
        try:
            value = next(it)
        except StopIteration:
            raise TypeError("reduce() of empty iterable with no initial value") from None
    else:
        value = initial
    for element in it:
        value = function(value, element)
    return value


class partial:
    """New function with partial application of the given arguments and keywords."""

    def __new__(cls, func, /, *args, **keywords):
        if not callable(func):
            raise TypeError("the first argument must be callable")
        if isinstance(func, partial):
            args = func.args + args
            keywords = {**func.keywords, **keywords}
            func = func.func
        self = object.__new__(cls)
        self.func = func
        self.args = args
        self.keywords = keywords
        return self

    def __call__(self, /, *args, **keywords):
        keywords = {**self.keywords, **keywords}
        return self.func(*self.args, *args, **keywords)

    def __repr__(self):
        parts = [repr(self.func)]
        parts.extend(repr(x) for x in self.args)
        parts.extend(f"{k}={v!r}" for (k, v) in self.keywords.items())
        name = type(self).__qualname__
        if type(self) is partial:
            name = 'functools.partial'
        return f"{name}({', '.join(parts)})"

    def __get__(self, obj, objtype=None):
        return self


class partialmethod:
    """Method descriptor with partial application of the given arguments and keywords."""

    def __init__(self, func, /, *args, **keywords):
        self.func = func
        self.args = args
        self.keywords = keywords

    def __get__(self, obj, cls=None):
        if obj is None:
            return self
        func = self.func
        args = self.args
        keywords = self.keywords

        def bound(*a, **kw):
            return func(obj, *args, *a, **{**keywords, **kw})
        return bound


def cmp_to_key(mycmp):
    """Convert a cmp= function into a key= function."""
    class K(object):

        def __init__(self, obj):
            self.obj = obj

        def __lt__(self, other):
            return mycmp(self.obj, other.obj) < 0

        def __gt__(self, other):
            return mycmp(self.obj, other.obj) > 0

        def __eq__(self, other):
            return mycmp(self.obj, other.obj) == 0

        def __le__(self, other):
            return mycmp(self.obj, other.obj) <= 0

        def __ge__(self, other):
            return mycmp(self.obj, other.obj) >= 0

        __hash__ = None
    return K


def total_ordering(cls):
    """Class decorator that fills in missing ordering methods."""
    defined = [op for op in ('__lt__', '__le__', '__gt__', '__ge__')
               if getattr(cls, op, None) is not getattr(object, op, None)]
    if not defined:
        raise ValueError('must define at least one ordering operation: < > <= >=')
    root = max(defined)

    def _not(r):
        return r if r is NotImplemented else not r

    if root == '__lt__':
        def __gt__(self, other):
            r = self.__lt__(other)
            if r is NotImplemented:
                return r
            return not r and self != other

        def __le__(self, other):
            r = self.__lt__(other)
            if r is NotImplemented:
                return r
            return r or self == other

        def __ge__(self, other):
            return _not(self.__lt__(other))
        new = {'__gt__': __gt__, '__le__': __le__, '__ge__': __ge__}
    elif root == '__le__':
        def __ge__(self, other):
            r = self.__le__(other)
            if r is NotImplemented:
                return r
            return not r or self == other

        def __lt__(self, other):
            r = self.__le__(other)
            if r is NotImplemented:
                return r
            return r and self != other

        def __gt__(self, other):
            return _not(self.__le__(other))
        new = {'__ge__': __ge__, '__lt__': __lt__, '__gt__': __gt__}
    elif root == '__gt__':
        def __lt__(self, other):
            r = self.__gt__(other)
            if r is NotImplemented:
                return r
            return not r and self != other

        def __ge__(self, other):
            r = self.__gt__(other)
            if r is NotImplemented:
                return r
            return r or self == other

        def __le__(self, other):
            return _not(self.__gt__(other))
        new = {'__lt__': __lt__, '__ge__': __ge__, '__le__': __le__}
    else:
        def __le__(self, other):
            r = self.__ge__(other)
            if r is NotImplemented:
                return r
            return not r or self == other

        def __gt__(self, other):
            r = self.__ge__(other)
            if r is NotImplemented:
                return r
            return r and self != other

        def __lt__(self, other):
            return _not(self.__ge__(other))
        new = {'__le__': __le__, '__gt__': __gt__, '__lt__': __lt__}
    for name, fn in new.items():
        if name not in defined:
            fn.__name__ = name
            fn.__qualname__ = f'{cls.__qualname__}.{name}'
            setattr(cls, name, fn)
    return cls


class _CacheInfo(tuple):
    """CacheInfo(hits, misses, maxsize, currsize)"""

    def __new__(cls, hits, misses, maxsize, currsize):
        return tuple.__new__(cls, (hits, misses, maxsize, currsize))

    @property
    def hits(self):
        return self[0]

    @property
    def misses(self):
        return self[1]

    @property
    def maxsize(self):
        return self[2]

    @property
    def currsize(self):
        return self[3]

    def __repr__(self):
        return 'CacheInfo(hits=%r, misses=%r, maxsize=%r, currsize=%r)' % tuple(self)


class _KwMark:
    pass


_kwmark = (_KwMark,)


def _make_key(args, kwds, typed):
    key = args
    if kwds:
        key += _kwmark
        for item in kwds.items():
            key += item
    if typed:
        key += tuple(type(v) for v in args)
        if kwds:
            key += tuple(type(v) for v in kwds.values())
    elif len(key) == 1 and type(key[0]) in (int, str):
        return key[0]
    return key


def _lru_wrapper(user_function, maxsize, typed):
    cache = {}
    stats = [0, 0]
    sentinel = object()

    if maxsize == 0:
        def wrapper(*args, **kwds):
            stats[1] += 1
            return user_function(*args, **kwds)
    elif maxsize is None:
        def wrapper(*args, **kwds):
            key = _make_key(args, kwds, typed)
            result = cache.get(key, sentinel)
            if result is not sentinel:
                stats[0] += 1
                return result
            stats[1] += 1
            result = user_function(*args, **kwds)
            cache[key] = result
            return result
    else:
        def wrapper(*args, **kwds):
            key = _make_key(args, kwds, typed)
            result = cache.get(key, sentinel)
            if result is not sentinel:
                stats[0] += 1
                del cache[key]
                cache[key] = result
                return result
            stats[1] += 1
            result = user_function(*args, **kwds)
            if key in cache:
                return result
            if len(cache) >= maxsize:
                del cache[next(iter(cache))]
            cache[key] = result
            return result

    def cache_info():
        """Report cache statistics"""
        return _CacheInfo(stats[0], stats[1], maxsize, len(cache))

    def cache_clear():
        """Clear the cache and cache statistics"""
        cache.clear()
        stats[0] = stats[1] = 0

    def cache_parameters():
        return {'maxsize': maxsize, 'typed': typed}

    wrapper.cache_info = cache_info
    wrapper.cache_clear = cache_clear
    wrapper.cache_parameters = cache_parameters
    return update_wrapper(wrapper, user_function)


def lru_cache(maxsize=128, typed=False):
    """Least-recently-used cache decorator."""
    if isinstance(maxsize, int) and not isinstance(maxsize, bool):
        if maxsize < 0:
            maxsize = 0
    elif callable(maxsize) and isinstance(typed, bool):
        user_function, maxsize = maxsize, 128
        return _lru_wrapper(user_function, maxsize, typed)
    elif maxsize is not None:
        raise TypeError('Expected first argument to be an integer, a callable, or None')

    def decorating_function(user_function):
        return _lru_wrapper(user_function, maxsize, typed)
    return decorating_function


def cache(user_function, /):
    'Simple lightweight unbounded cache.  Sometimes called "memoize".'
    return lru_cache(maxsize=None)(user_function)


_NOT_FOUND = object()


class cached_property:
    """A property computed once per instance, then stored in the instance dict."""

    def __init__(self, func):
        self.func = func
        self.attrname = None
        self.__doc__ = func.__doc__

    def __set_name__(self, owner, name):
        if self.attrname is None:
            self.attrname = name
        elif name != self.attrname:
            raise TypeError("Cannot assign the same cached_property to two different names "
                            f"({self.attrname!r} and {name!r}).")

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        name = self.attrname if self.attrname is not None else self.func.__name__
        d = instance.__dict__
        val = d.get(name, _NOT_FOUND)
        if val is _NOT_FOUND:
            val = self.func(instance)
            d[name] = val
        return val


def singledispatch(func):
    """Single-dispatch generic function decorator."""
    registry = {object: func}

    def dispatch(cls):
        for c in cls.__mro__:
            if c in registry:
                return registry[c]
        return func

    def register(cls, f=None):
        if f is None:
            if isinstance(cls, type):
                return lambda f: register(cls, f)
            f = cls
            ann = getattr(f, '__annotations__', {})
            if not ann:
                raise TypeError(f"Invalid first argument to `register()`: {f!r}. "
                                "Use either `@register(some_class)` or plain `@register` "
                                "on an annotated function.")
            cls = next(iter(ann.values()))
        registry[cls] = f
        return f

    def wrapper(*args, **kw):
        if not args:
            raise TypeError(f'{funcname} requires at least 1 positional argument')
        return dispatch(args[0].__class__)(*args, **kw)

    funcname = getattr(func, '__name__', 'singledispatch function')
    wrapper.register = register
    wrapper.dispatch = dispatch
    wrapper.registry = registry
    update_wrapper(wrapper, func)
    return wrapper

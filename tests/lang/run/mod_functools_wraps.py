import functools
def logged(tag):
    def deco(fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            print(f'[{tag}] calling {fn.__name__}{args}')
            return fn(*args, **kwargs)
        wrapper.extra = 'x'
        return wrapper
    return deco
@logged('T')
def area(w, h=2):
    """Compute an area."""
    return w * h
print(area(3), area(2, h=5))
print(area.__name__, area.__doc__, area.__qualname__, area.extra, area.__wrapped__.__name__)
def plain(): pass
plain.attr = 1
@functools.wraps(plain)
def w2(): pass
print(w2.attr, w2.__name__)
cached = functools.lru_cache(maxsize=4)(area.__wrapped__)
print(cached(2), cached(2), cached.__name__, cached.cache_info())

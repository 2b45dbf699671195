"""Functional tools for creating and using iterators (flyi; generator based)."""


def count(start=0, step=1):
    """Return a count object whose next() yields start, start+step, ..."""
    if not isinstance(start, (int, float, complex)) and not hasattr(start, '__add__'):
        raise TypeError('a number is required')
    return _count(start, step)


def _count(n, step):
    while True:
        yield n
        n += step


def cycle(iterable):
    """Return elements from the iterable until it is exhausted, then repeat forever."""
    return _cycle(iter(iterable))


def _cycle(it):
    saved = []
    for element in it:
        yield element
        saved.append(element)
    if not saved:
        return
    while True:
        for element in saved:
            yield element


def repeat(object, times=None):
    """repeat(object [,times]) -> create an iterator which returns the object
for the specified number of times.  If not specified, returns the object endlessly."""
    if times is None:
        return _repeat_forever(object)
    if not isinstance(times, int):
        raise TypeError(f"'{type(times).__name__}' object cannot be interpreted as an integer")
    return _repeat_n(object, times)


def _repeat_forever(obj):
    while True:
        yield obj


def _repeat_n(obj, times):
    for _ in range(times):
        yield obj


def accumulate(iterable, func=None, *, initial=None):
    """Return series of accumulated sums (or other binary function results)."""
    return _accumulate(iter(iterable), func, initial)


def _accumulate(it, func, initial):
    total = initial
    if initial is None:
        try:
            total = next(it)
        except StopIteration:
            return
    yield total
    if func is None:
        for element in it:
            total = total + element
            yield total
    else:
        for element in it:
            total = func(total, element)
            yield total


def chain(*iterables):
    """Return an iterator over the elements of each iterable in turn."""
    return _chain(iterables)


def _chain(iterables):
    for it in iterables:
        yield from it


def _from_iterable(iterables):
    """Alternative chain() constructor taking a single iterable argument."""
    return _chain_lazy(iter(iterables))


def _chain_lazy(its):
    for it in its:
        yield from it


chain.from_iterable = _from_iterable


def compress(data, selectors):
    """Return data elements corresponding to true selector elements."""
    return (d for d, s in zip(data, selectors) if s)


def dropwhile(predicate, iterable):
    """Drop items from the iterable while predicate(item) is true."""
    return _dropwhile(predicate, iter(iterable))


def _dropwhile(predicate, it):
    for x in it:
        if not predicate(x):
            yield x
            break
    for x in it:
        yield x


def takewhile(predicate, iterable):
    """Return successive entries from an iterable as long as the predicate evaluates to true."""
    return _takewhile(predicate, iter(iterable))


def _takewhile(predicate, it):
    for x in it:
        if predicate(x):
            yield x
        else:
            break


def filterfalse(function, iterable):
    """Return those items of iterable for which function(item) is false."""
    if function is None:
        function = bool
    return (x for x in iterable if not function(x))


def starmap(function, iterable):
    """Return an iterator whose values are function(*args) for args in iterable."""
    return (function(*args) for args in iterable)


def pairwise(iterable):
    """Return successive overlapping pairs taken from the input iterator."""
    return _pairwise(iter(iterable))


def _pairwise(it):
    try:
        a = next(it)
    except StopIteration:
        return
    for b in it:
        yield a, b
        a = b


def islice(iterable, *args):
    """islice(iterable, stop) --> islice object
islice(iterable, start, stop[, step]) --> islice object"""
    if len(args) == 1:
        start, stop, step = None, args[0], None
    elif len(args) in (2, 3):
        start, stop = args[0], args[1]
        step = args[2] if len(args) == 3 else None
    elif not args:
        raise TypeError('islice expected at least 2 arguments, got 1')
    else:
        raise TypeError(f'islice expected at most 4 arguments, got {len(args) + 1}')
    if start is None:
        start = 0
    if step is None:
        step = 1
    ok = isinstance(start, int) and start >= 0 and (stop is None or (isinstance(stop, int) and stop >= 0))
    if not (isinstance(start, int) and start >= 0):
        raise ValueError('Indices for islice() must be None or an integer: 0 <= x <= sys.maxsize.')
    if not (stop is None or (isinstance(stop, int) and stop >= 0)):
        raise ValueError('Stop argument for islice() must be None or an integer: 0 <= x <= sys.maxsize.')
    if not (isinstance(step, int) and step >= 1):
        raise ValueError('Step for islice() must be a positive integer or None.')
    return _islice(iter(iterable), start, stop, step)


def _islice(it, start, stop, step):
    i = 0
    nexti = start
    if stop is not None and start >= stop:
        for _ in range(stop):
            try:
                next(it)
            except StopIteration:
                return
        return
    for element in it:
        if i == nexti:
            yield element
            nexti += step
        i += 1
        if stop is not None and i >= stop:
            return
        if stop is not None and nexti >= stop:
            while i < stop:
                try:
                    next(it)
                except StopIteration:
                    return
                i += 1
            return


def zip_longest(*iterables, fillvalue=None):
    """Return an iterator of tuples, filling missing values with fillvalue."""
    return _zip_longest([iter(it) for it in iterables], fillvalue)


def _zip_longest(iterators, fillvalue):
    num_active = len(iterators)
    if not num_active:
        return
    while True:
        values = []
        for i, it in enumerate(iterators):
            try:
                value = next(it)
            except StopIteration:
                num_active -= 1
                if not num_active:
                    return
                iterators[i] = _repeat_forever(fillvalue)
                value = fillvalue
            values.append(value)
        yield tuple(values)


def product(*iterables, repeat=1):
    """Cartesian product of input iterables.  Equivalent to nested for-loops."""
    if not isinstance(repeat, int):
        raise TypeError(f"'{type(repeat).__name__}' object cannot be interpreted as an integer")
    if repeat < 0:
        raise ValueError('repeat argument cannot be negative')
    pools = [tuple(pool) for pool in iterables] * repeat
    return _product(pools)


def _product(pools):
    n = len(pools)
    for p in pools:
        if not p:
            return
    idx = [0] * n
    yield tuple(p[0] for p in pools)
    while True:
        i = n - 1
        while i >= 0:
            idx[i] += 1
            if idx[i] < len(pools[i]):
                break
            idx[i] = 0
            i -= 1
        if i < 0:
            return
        yield tuple(pools[k][idx[k]] for k in range(n))


def permutations(iterable, r=None):
    """Return successive r-length permutations of elements in the iterable."""
    pool = tuple(iterable)
    n = len(pool)
    if r is None:
        r = n
    elif not isinstance(r, int):
        raise TypeError('Expected int as r')
    elif r < 0:
        raise ValueError('r must be non-negative')
    return _permutations(pool, n, r)


def _permutations(pool, n, r):
    if r > n:
        return
    idx = list(range(n))
    cycles = list(range(n, n - r, -1))
    yield tuple(pool[i] for i in idx[:r])
    while n:
        i = r - 1
        while i >= 0:
            cycles[i] -= 1
            if cycles[i] == 0:
                idx[i:] = idx[i + 1:] + idx[i:i + 1]
                cycles[i] = n - i
            else:
                j = cycles[i]
                idx[i], idx[-j] = idx[-j], idx[i]
                yield tuple(pool[k] for k in idx[:r])
                break
            i -= 1
        if i < 0:
            return


def combinations(iterable, r):
    """Return successive r-length combinations of elements in the iterable."""
    if not isinstance(r, int):
        raise TypeError(f"'{type(r).__name__}' object cannot be interpreted as an integer")
    if r < 0:
        raise ValueError('r must be non-negative')
    return _combinations(tuple(iterable), r)


def _combinations(pool, r):
    n = len(pool)
    if r > n:
        return
    idx = list(range(r))
    yield tuple(pool[i] for i in idx)
    while True:
        i = r - 1
        while i >= 0 and idx[i] == i + n - r:
            i -= 1
        if i < 0:
            return
        idx[i] += 1
        for j in range(i + 1, r):
            idx[j] = idx[j - 1] + 1
        yield tuple(pool[k] for k in idx)


def combinations_with_replacement(iterable, r):
    """Return successive r-length combinations allowing individual elements to repeat."""
    if not isinstance(r, int):
        raise TypeError(f"'{type(r).__name__}' object cannot be interpreted as an integer")
    if r < 0:
        raise ValueError('r must be non-negative')
    return _cwr(tuple(iterable), r)


def _cwr(pool, r):
    n = len(pool)
    if not n and r:
        return
    idx = [0] * r
    yield tuple(pool[i] for i in idx)
    while True:
        i = r - 1
        while i >= 0 and idx[i] == n - 1:
            i -= 1
        if i < 0:
            return
        v = idx[i] + 1
        for j in range(i, r):
            idx[j] = v
        yield tuple(pool[k] for k in idx)


class groupby:
    """make an iterator that returns consecutive keys and groups from the iterable"""

    def __init__(self, iterable, key=None):
        self._it = iter(iterable)
        self._keyfunc = key
        self._done = False
        self._started = False
        self._tgtkey = None
        self._currkey = None
        self._currvalue = None
        self._gid = None

    def __iter__(self):
        return self

    def _advance(self):
        try:
            v = next(self._it)
        except StopIteration:
            self._done = True
            return
        self._currvalue = v
        self._currkey = v if self._keyfunc is None else self._keyfunc(v)

    def __next__(self):
        if not self._started:
            self._started = True
            self._advance()
        else:
            while not self._done and self._currkey == self._tgtkey:
                self._advance()
        if self._done:
            raise StopIteration
        self._tgtkey = self._currkey
        gid = object()
        self._gid = gid
        return self._currkey, self._grouper(gid, self._tgtkey)

    def _grouper(self, gid, tgtkey):
        while self._gid is gid and not self._done and self._currkey == tgtkey:
            yield self._currvalue
            self._advance()


def tee(iterable, n=2):
    """Returns a tuple of n independent iterators."""
    if not isinstance(n, int):
        raise TypeError(f"'{type(n).__name__}' object cannot be interpreted as an integer")
    if n < 0:
        raise ValueError('n must be >= 0')
    it = iter(iterable)
    buffers = [[] for _ in range(n)]

    def gen(mybuf):
        while True:
            if not mybuf:
                try:
                    v = next(it)
                except StopIteration:
                    return
                for b in buffers:
                    b.append(v)
            yield mybuf.pop(0)
    return tuple(gen(b) for b in buffers)


def batched(iterable, n):
    if n < 1:
        raise ValueError('n must be at least one')
    return _batched(iter(iterable), n)


def _batched(it, n):
    while True:
        batch = tuple(islice(it, n))
        if not batch:
            return
        yield batch

"""Container datatypes (flyi): namedtuple, deque, defaultdict, OrderedDict, Counter, ChainMap."""

import sys as _sys
from keyword import iskeyword as _iskeyword

__all__ = ['ChainMap', 'Counter', 'OrderedDict', 'UserDict', 'UserList', 'UserString',
           'defaultdict', 'deque', 'namedtuple']


# ---------------------------------------------------------------- namedtuple

def _tuplegetter(index, doc):
    def get(self):
        return self[index]
    return property(get, doc=doc)


def namedtuple(typename, field_names, *, rename=False, defaults=None, module=None):
    """Returns a new subclass of tuple with named fields."""
    if isinstance(field_names, str):
        field_names = field_names.replace(',', ' ').split()
    field_names = list(map(str, field_names))
    typename = str(typename)
    if rename:
        seen = set()
        for index, name in enumerate(field_names):
            if (not name.isidentifier() or _iskeyword(name) or name.startswith('_')
                    or name in seen):
                field_names[index] = f'_{index}'
            seen.add(name)
    for name in [typename] + field_names:
        if type(name) is not str:
            raise TypeError('Type names and field names must be strings')
        if not name.isidentifier():
            raise ValueError('Type names and field names must be valid '
                             f'identifiers: {name!r}')
        if _iskeyword(name):
            raise ValueError('Type names and field names cannot be a '
                             f'keyword: {name!r}')
    seen = set()
    for name in field_names:
        if name.startswith('_') and not rename:
            raise ValueError('Field names cannot start with an underscore: '
                             f'{name!r}')
        if name in seen:
            raise ValueError(f'Encountered duplicate field name: {name!r}')
        seen.add(name)

    field_defaults = {}
    if defaults is not None:
        defaults = tuple(defaults)
        if len(defaults) > len(field_names):
            raise TypeError('Got more default values than field names')
        field_defaults = dict(reversed(list(zip(reversed(field_names), reversed(defaults)))))

    field_names = tuple(field_names)
    num_fields = len(field_names)
    arg_list = ', '.join(field_names)
    if num_fields == 1:
        arg_list += ','
    repr_fmt = '(' + ', '.join(f'{name}=%r' for name in field_names) + ')'

    ns = {'_tuple_new': tuple.__new__, '__builtins__': __builtins__,
          '__name__': f'namedtuple_{typename}'}
    code = f'def __new__(_cls, {", ".join(field_names)}): return _tuple_new(_cls, ({arg_list}))'
    if not field_names:
        code = 'def __new__(_cls): return _tuple_new(_cls, ())'
    exec(code, ns)
    __new__ = ns['__new__']
    __new__.__doc__ = f'Create new instance of {typename}({", ".join(field_names)})'
    if defaults is not None:
        __new__.__defaults__ = defaults

    @classmethod
    def _make(cls, iterable):
        result = tuple.__new__(cls, iterable)
        if len(result) != num_fields:
            raise TypeError(f'Expected {num_fields} arguments, got {len(result)}')
        return result

    def _replace(self, /, **kwds):
        result = self._make([kwds.pop(name) if name in kwds else self[i]
                             for i, name in enumerate(field_names)])
        if kwds:
            raise ValueError(f'Got unexpected field names: {list(kwds)!r}')
        return result

    def __repr__(self):
        return self.__class__.__name__ + repr_fmt % tuple(self)

    def _asdict(self):
        return dict(zip(self._fields, self))

    def __getnewargs__(self):
        return tuple(self)

    class_namespace = {
        '__doc__': f'{typename}({", ".join(field_names)})',
        '_fields': field_names,
        '_field_defaults': field_defaults,
        '__new__': __new__,
        '_make': _make,
        '_replace': _replace,
        '__repr__': __repr__,
        '_asdict': _asdict,
        '__getnewargs__': __getnewargs__,
        '__match_args__': field_names,
    }
    for index, name in enumerate(field_names):
        class_namespace[name] = _tuplegetter(index, f'Alias for field number {index}')

    result = type(typename, (tuple,), class_namespace)
    if module is None:
        try:
            module = _sys._getframe(1).f_globals.get('__name__', '__main__')
        except (AttributeError, ValueError):
            module = '__main__'
    if module is not None:
        try:
            result.__module__ = module
        except (AttributeError, TypeError):
            pass
    for fn in (__new__, _replace, __repr__, _asdict, __getnewargs__):
        try:
            fn.__qualname__ = f'{typename}.{fn.__name__}'
        except (AttributeError, TypeError):
            pass
    return result


# ---------------------------------------------------------------- deque

class deque:
    """deque([iterable[, maxlen]]) --> deque object"""

    def __init__(self, iterable=(), maxlen=None):
        if maxlen is not None:
            if not isinstance(maxlen, int):
                raise TypeError('an integer is required')
            if maxlen < 0:
                raise ValueError('maxlen must be non-negative')
        self._maxlen = maxlen
        self._d = {}
        self._head = 0
        self._tail = 0
        for x in iterable:
            self.append(x)

    @property
    def maxlen(self):
        return self._maxlen

    def append(self, x):
        if self._maxlen == 0:
            return
        self._d[self._tail] = x
        self._tail += 1
        if self._maxlen is not None and self._tail - self._head > self._maxlen:
            del self._d[self._head]
            self._head += 1

    def appendleft(self, x):
        if self._maxlen == 0:
            return
        self._head -= 1
        self._d[self._head] = x
        if self._maxlen is not None and self._tail - self._head > self._maxlen:
            self._tail -= 1
            del self._d[self._tail]

    def pop(self):
        if self._tail == self._head:
            raise IndexError('pop from an empty deque')
        self._tail -= 1
        return self._d.pop(self._tail)

    def popleft(self):
        if self._tail == self._head:
            raise IndexError('pop from an empty deque')
        x = self._d.pop(self._head)
        self._head += 1
        return x

    def extend(self, iterable):
        if iterable is self:
            iterable = list(iterable)
        for x in iterable:
            self.append(x)

    def extendleft(self, iterable):
        if iterable is self:
            iterable = list(iterable)
        for x in iterable:
            self.appendleft(x)

    def clear(self):
        self._d = {}
        self._head = self._tail = 0

    def copy(self):
        return self.__class__(self, self._maxlen)

    __copy__ = copy

    def count(self, x):
        return sum(1 for v in self if v is x or v == x)

    def index(self, x, start=0, stop=None):
        n = len(self)
        if stop is None or stop > n:
            stop = n
        if start < 0:
            start = max(0, start + n)
        if stop < 0:
            stop += n
        for i in range(start, stop):
            v = self._d[self._head + i]
            if v is x or v == x:
                return i
        raise ValueError(f'{x!r} is not in deque')

    def insert(self, i, x):
        n = len(self)
        if self._maxlen is not None and n >= self._maxlen:
            raise IndexError('deque already at its maximum size')
        items = list(self)
        items.insert(i, x)
        self._rebuild(items)

    def remove(self, value):
        items = list(self)
        for i, v in enumerate(items):
            if v is value or v == value:
                del items[i]
                self._rebuild(items)
                return
        raise ValueError(f'{value!r} is not in deque')

    def reverse(self):
        self._rebuild(list(self)[::-1])

    def rotate(self, n=1):
        size = len(self)
        if not size:
            return
        n %= size
        for _ in range(n):
            self._head -= 1
            self._tail -= 1
            self._d[self._head] = self._d.pop(self._tail)

    def _rebuild(self, items):
        self._d = {i: v for i, v in enumerate(items)}
        self._head = 0
        self._tail = len(items)

    def _index(self, i):
        n = self._tail - self._head
        if not isinstance(i, int):
            raise TypeError(f"sequence index must be integer, not '{type(i).__name__}'")
        if i < 0:
            i += n
        if i < 0 or i >= n:
            raise IndexError('deque index out of range')
        return self._head + i

    def __getitem__(self, i):
        return self._d[self._index(i)]

    def __setitem__(self, i, v):
        self._d[self._index(i)] = v

    def __delitem__(self, i):
        k = self._index(i) - self._head
        items = list(self)
        del items[k]
        self._rebuild(items)

    def __len__(self):
        return self._tail - self._head

    def __bool__(self):
        return self._tail != self._head

    def __iter__(self):
        d = self._d
        for i in range(self._head, self._tail):
            yield d[i]

    def __reversed__(self):
        d = self._d
        for i in range(self._tail - 1, self._head - 1, -1):
            yield d[i]

    def __contains__(self, x):
        for v in self:
            if v is x or v == x:
                return True
        return False

    def __repr__(self):
        name = type(self).__name__
        if self._maxlen is None:
            return f'{name}({list(self)!r})'
        return f'{name}({list(self)!r}, maxlen={self._maxlen})'

    def __eq__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return list(self) == list(other)

    def __ne__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return list(self) != list(other)

    def __lt__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return list(self) < list(other)

    def __le__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return list(self) <= list(other)

    def __gt__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return list(self) > list(other)

    def __ge__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return list(self) >= list(other)

    __hash__ = None

    def __add__(self, other):
        if not isinstance(other, deque):
            raise TypeError(f'can only concatenate deque (not "{type(other).__name__}") to deque')
        r = self.copy()
        r.extend(other)
        return r

    def __iadd__(self, other):
        self.extend(other)
        return self

    def __mul__(self, n):
        r = self.__class__((), self._maxlen)
        items = list(self)
        for _ in range(n):
            r.extend(items)
        return r


# ---------------------------------------------------------------- defaultdict

class defaultdict(dict):
    """defaultdict(default_factory=None, /, [...]) --> dict with default factory"""

    def __init__(self, default_factory=None, /, *args, **kwargs):
        if default_factory is not None and not callable(default_factory):
            raise TypeError('first argument must be callable or None')
        dict.__init__(self, *args, **kwargs)
        self.default_factory = default_factory

    def __missing__(self, key):
        if self.default_factory is None:
            raise KeyError(key)
        value = self.default_factory()
        self[key] = value
        return value

    def __repr__(self):
        return f'{type(self).__name__}({self.default_factory!r}, {dict.__repr__(self)})'

    def copy(self):
        return type(self)(self.default_factory, self)

    __copy__ = copy

    def __or__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        new = self.copy()
        new.update(other)
        return new


# ---------------------------------------------------------------- OrderedDict

class OrderedDict(dict):
    """Dictionary that remembers insertion order"""

    def move_to_end(self, key, last=True):
        value = dict.__getitem__(self, key)
        if last:
            dict.__delitem__(self, key)
            dict.__setitem__(self, key, value)
        else:
            items = [(k, v) for k, v in dict.items(self) if k is not key and k != key]
            dict.clear(self)
            dict.__setitem__(self, key, value)
            for k, v in items:
                dict.__setitem__(self, k, v)

    def popitem(self, last=True):
        if not self:
            raise KeyError('dictionary is empty')
        key = next(reversed(list(dict.keys(self)))) if last else next(iter(dict.keys(self)))
        value = dict.pop(self, key)
        return key, value

    def __repr__(self):
        if not self:
            return f'{type(self).__name__}()'
        return f'{type(self).__name__}({list(self.items())!r})'

    def __eq__(self, other):
        if isinstance(other, OrderedDict):
            return dict.__eq__(self, other) and list(self) == list(other)
        return dict.__eq__(self, other)

    def __ne__(self, other):
        r = self.__eq__(other)
        return r if r is NotImplemented else not r

    def __reversed__(self):
        return reversed(list(dict.keys(self)))

    def copy(self):
        return type(self)(self)

    __copy__ = copy

    @classmethod
    def fromkeys(cls, iterable, value=None):
        self = cls()
        for key in iterable:
            self[key] = value
        return self

    def __or__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        new = type(self)(self)
        new.update(other)
        return new


# ---------------------------------------------------------------- Counter

class Counter(dict):
    """Dict subclass for counting hashable items."""

    def __init__(self, iterable=None, /, **kwds):
        dict.__init__(self)
        self.update(iterable, **kwds)

    def __missing__(self, key):
        return 0

    def total(self):
        return sum(self.values())

    def most_common(self, n=None):
        items = sorted(self.items(), key=lambda kv: kv[1], reverse=True)
        if n is None:
            return items
        return items[:max(n, 0)]

    def elements(self):
        for elem, count in self.items():
            for _ in range(count):
                yield elem

    @classmethod
    def fromkeys(cls, iterable, v=None):
        raise NotImplementedError(
            'Counter.fromkeys() is undefined.  Use Counter(iterable) instead.')

    def update(self, iterable=None, /, **kwds):
        if iterable is not None:
            if isinstance(iterable, dict) or hasattr(iterable, 'keys'):
                if self:
                    for elem in iterable.keys():
                        self[elem] = iterable[elem] + self.get(elem, 0)
                else:
                    dict.update(self, iterable)
            else:
                get = self.get
                for elem in iterable:
                    self[elem] = get(elem, 0) + 1
        if kwds:
            self.update(kwds)

    def subtract(self, iterable=None, /, **kwds):
        if iterable is not None:
            if isinstance(iterable, dict) or hasattr(iterable, 'keys'):
                for elem in iterable.keys():
                    self[elem] = self.get(elem, 0) - iterable[elem]
            else:
                for elem in iterable:
                    self[elem] = self.get(elem, 0) - 1
        if kwds:
            self.subtract(kwds)

    def copy(self):
        return self.__class__(self)

    __copy__ = copy

    def __delitem__(self, elem):
        if elem in self:
            dict.__delitem__(self, elem)

    def __repr__(self):
        if not self:
            return f'{self.__class__.__name__}()'
        items = ', '.join(f'{k!r}: {v!r}' for k, v in self.most_common())
        return f'{self.__class__.__name__}({{{items}}})'

    def __eq__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return all(self[e] == other[e] for c in (self, other) for e in c)

    def __ne__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return not self == other

    def __le__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return all(self[e] <= other[e] for c in (self, other) for e in c)

    def __lt__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return self <= other and self != other

    def __ge__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return all(self[e] >= other[e] for c in (self, other) for e in c)

    def __gt__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return self >= other and self != other

    def __add__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for elem, count in self.items():
            newcount = count + other[elem]
            if newcount > 0:
                result[elem] = newcount
        for elem, count in other.items():
            if elem not in self and count > 0:
                result[elem] = count
        return result

    def __sub__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for elem, count in self.items():
            newcount = count - other[elem]
            if newcount > 0:
                result[elem] = newcount
        for elem, count in other.items():
            if elem not in self and count < 0:
                result[elem] = 0 - count
        return result

    def __or__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for elem, count in self.items():
            other_count = other[elem]
            newcount = other_count if count < other_count else count
            if newcount > 0:
                result[elem] = newcount
        for elem, count in other.items():
            if elem not in self and count > 0:
                result[elem] = count
        return result

    def __and__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for elem, count in self.items():
            other_count = other[elem]
            newcount = count if count < other_count else other_count
            if newcount > 0:
                result[elem] = newcount
        return result

    def __pos__(self):
        result = Counter()
        for elem, count in self.items():
            if count > 0:
                result[elem] = count
        return result

    def __neg__(self):
        result = Counter()
        for elem, count in self.items():
            if count < 0:
                result[elem] = 0 - count
        return result

    def _keep_positive(self):
        for elem in [e for e, c in self.items() if not c > 0]:
            del self[elem]
        return self

    def __iadd__(self, other):
        for elem, count in other.items():
            self[elem] += count
        return self._keep_positive()

    def __isub__(self, other):
        for elem, count in other.items():
            self[elem] -= count
        return self._keep_positive()

    def __ior__(self, other):
        for elem, other_count in other.items():
            count = self[elem]
            if other_count > count:
                self[elem] = other_count
        return self._keep_positive()

    def __iand__(self, other):
        for elem, count in list(self.items()):
            other_count = other[elem]
            if other_count < count:
                self[elem] = other_count
        return self._keep_positive()


# ---------------------------------------------------------------- ChainMap, User*

class ChainMap:
    """A ChainMap groups multiple dicts (or other mappings) together to create a single,
    updateable view."""

    def __init__(self, *maps):
        self.maps = list(maps) or [{}]

    def __missing__(self, key):
        raise KeyError(key)

    def __getitem__(self, key):
        for mapping in self.maps:
            try:
                return mapping[key]
            except KeyError:
                pass
        return self.__missing__(key)

    def get(self, key, default=None):
        return self[key] if key in self else default

    def __len__(self):
        return len(set().union(*self.maps))

    def __iter__(self):
        d = {}
        for mapping in reversed(self.maps):
            for k in mapping:
                d[k] = None
        return iter(d)

    def __contains__(self, key):
        return any(key in m for m in self.maps)

    def __bool__(self):
        return any(self.maps)

    def __repr__(self):
        return f'{self.__class__.__name__}({", ".join(map(repr, self.maps))})'

    def keys(self):
        return list(self)

    def items(self):
        return [(k, self[k]) for k in self]

    def values(self):
        return [self[k] for k in self]

    def copy(self):
        return self.__class__(self.maps[0].copy(), *self.maps[1:])

    def new_child(self, m=None, **kwargs):
        if m is None:
            m = kwargs
        elif kwargs:
            m.update(kwargs)
        return self.__class__(m, *self.maps)

    @property
    def parents(self):
        return self.__class__(*self.maps[1:])

    def __setitem__(self, key, value):
        self.maps[0][key] = value

    def __delitem__(self, key):
        try:
            del self.maps[0][key]
        except KeyError:
            raise KeyError(f'Key not found in the first mapping: {key!r}')

    def pop(self, key, *args):
        try:
            return self.maps[0].pop(key, *args)
        except KeyError:
            raise KeyError(f'Key not found in the first mapping: {key!r}')

    def clear(self):
        self.maps[0].clear()


class UserDict(dict):
    def __init__(self, dict=None, /, **kwargs):
        super().__init__()
        self.data = self
        if dict is not None:
            self.update(dict)
        if kwargs:
            self.update(kwargs)


class UserList(list):
    def __init__(self, initlist=None):
        super().__init__()
        self.data = self
        if initlist is not None:
            self.extend(initlist)


class UserString(str):
    pass


def __getattr__(name):
    if name == 'abc':
        import collections.abc
        return collections.abc
    raise AttributeError(f"module 'collections' has no attribute {name!r}")

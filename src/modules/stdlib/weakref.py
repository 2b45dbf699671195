"""Weak references (after CPython 3.11's weakref): ref (from _weakref, real weak references
that die with their object and call their callback), proxy, WeakValueDictionary,
WeakKeyDictionary, WeakSet, WeakMethod, finalize.

Objects of types int, bool, float, str, bytes, tuple, list, dict and None cannot be weakly
referenced (as in CPython; their subclasses can)."""

import sys
from _weakref import ref, getweakrefcount, getweakrefs, ReferenceType

__all__ = ["ref", "proxy", "getweakrefcount", "getweakrefs", "WeakKeyDictionary", "ReferenceType", "ProxyType",
           "CallableProxyType", "ProxyTypes", "WeakValueDictionary", "WeakSet", "WeakMethod", "finalize", "KeyedRef"]


def _dead():
    raise ReferenceError("weakly-referenced object no longer exists")


class ProxyType:
    """A proxy forwarding to a weakly referenced object (ReferenceError once it is gone)."""

    __slots__ = ("_ref",)

    def __init__(self, obj, callback=None):
        object.__setattr__(self, "_ref", ref(obj, (lambda r, p=self: callback(p)) if callback is not None else None))

    def _get(self):
        o = object.__getattribute__(self, "_ref")()
        if o is None:
            _dead()
        return o

    def __getattr__(self, name):
        return getattr(ProxyType._get(self), name)

    def __setattr__(self, name, value):
        setattr(ProxyType._get(self), name, value)

    def __delattr__(self, name):
        delattr(ProxyType._get(self), name)

    def __repr__(self):
        o = object.__getattribute__(self, "_ref")()
        return "<weakproxy at 0x%x; %s>" % (id(self), "to '%s' at 0x%x" % (type(o).__name__, id(o)) if o is not None
                                            else "dead")

    def __str__(self):
        return str(ProxyType._get(self))

    def __bool__(self):
        return bool(ProxyType._get(self))

    def __len__(self):
        return len(ProxyType._get(self))

    def __iter__(self):
        return iter(ProxyType._get(self))

    def __contains__(self, x):
        return x in ProxyType._get(self)

    def __getitem__(self, k):
        return ProxyType._get(self)[k]

    def __setitem__(self, k, v):
        ProxyType._get(self)[k] = v

    def __delitem__(self, k):
        del ProxyType._get(self)[k]

    def __call__(self, *args, **kwargs):
        return ProxyType._get(self)(*args, **kwargs)

    def __eq__(self, other):
        return ProxyType._get(self) == other

    def __ne__(self, other):
        return ProxyType._get(self) != other

    def __lt__(self, other):
        return ProxyType._get(self) < other

    def __le__(self, other):
        return ProxyType._get(self) <= other

    def __gt__(self, other):
        return ProxyType._get(self) > other

    def __ge__(self, other):
        return ProxyType._get(self) >= other

    def __add__(self, other):
        return ProxyType._get(self) + other

    def __sub__(self, other):
        return ProxyType._get(self) - other

    def __mul__(self, other):
        return ProxyType._get(self) * other

    __hash__ = None


CallableProxyType = ProxyType
ProxyTypes = (ProxyType,)


def proxy(object, callback=None):
    return ProxyType(object, callback)


class WeakMethod:
    """A weak reference to a bound method: alive while its object and function are."""

    __slots__ = ("_obj_ref", "_func_ref", "_meth_type", "_alive")

    def __init__(self, meth, callback=None):
        try:
            obj = meth.__self__
            func = meth.__func__
        except AttributeError:
            raise TypeError("argument should be a bound method, not {}".format(type(meth))) from None

        def _cb(arg, self=self):
            if self._alive:
                self._alive = False
                if callback is not None:
                    callback(self)
        self._obj_ref = ref(obj, _cb)
        self._func_ref = ref(func, _cb)
        self._meth_type = type(meth)
        self._alive = True

    def __call__(self):
        obj = self._obj_ref()
        func = self._func_ref()
        if obj is None or func is None:
            return None
        return func.__get__(obj, type(obj))

    def __eq__(self, other):
        if isinstance(other, WeakMethod):
            if not self._alive or not other._alive:
                return self is other
            return self._obj_ref == other._obj_ref and self._func_ref == other._func_ref
        return NotImplemented

    def __ne__(self, other):
        r = self.__eq__(other)
        return r if r is NotImplemented else not r

    def __hash__(self):
        return hash((self._obj_ref, self._func_ref))


class WeakValueDictionary:
    """A mapping whose values are weakly referenced: an entry goes when its value dies."""

    def __init__(self, other=(), /, **kw):
        self.data = {}
        if other or kw:
            self.update(other, **kw)

    def _ref(self, key, value):
        data = self.data

        def remove(wr, key=key, data=data):
            if data.get(key) is wr:
                del data[key]
        return ref(value, remove)

    def __getitem__(self, key):
        o = self.data[key]()
        if o is None:
            raise KeyError(key)
        return o

    def __delitem__(self, key):
        del self.data[key]

    def __len__(self):
        return sum(1 for wr in list(self.data.values()) if wr() is not None)

    def __contains__(self, key):
        try:
            o = self.data[key]()
        except KeyError:
            return False
        return o is not None

    def __repr__(self):
        return "<%s at %#x>" % (self.__class__.__name__, id(self))

    def __setitem__(self, key, value):
        self.data[key] = self._ref(key, value)

    def copy(self):
        new = WeakValueDictionary()
        for key, wr in list(self.data.items()):
            o = wr()
            if o is not None:
                new[key] = o
        return new

    __copy__ = copy

    def get(self, key, default=None):
        try:
            wr = self.data[key]
        except KeyError:
            return default
        o = wr()
        return default if o is None else o

    def items(self):
        for k, wr in list(self.data.items()):
            v = wr()
            if v is not None:
                yield k, v

    def keys(self):
        for k, wr in list(self.data.items()):
            if wr() is not None:
                yield k

    __iter__ = keys

    def itervaluerefs(self):
        yield from list(self.data.values())

    def valuerefs(self):
        return list(self.data.values())

    def values(self):
        for wr in list(self.data.values()):
            obj = wr()
            if obj is not None:
                yield obj

    def popitem(self):
        while True:
            key, wr = self.data.popitem()
            o = wr()
            if o is not None:
                return key, o

    def pop(self, key, *args):
        try:
            o = self.data.pop(key)()
        except KeyError:
            o = None
        if o is None:
            if args:
                return args[0]
            raise KeyError(key)
        return o

    def setdefault(self, key, default=None):
        try:
            o = self.data[key]()
        except KeyError:
            o = None
        if o is None:
            self[key] = default
            return default
        return o

    def update(self, other=None, /, **kwargs):
        if other is not None:
            if not hasattr(other, "items"):
                other = dict(other)
            for key, o in other.items():
                self[key] = o
        for key, o in kwargs.items():
            self[key] = o

    def clear(self):
        self.data.clear()


class WeakKeyDictionary:
    """A mapping whose keys are weakly referenced: an entry goes when its key dies."""

    def __init__(self, dict=None):
        self.data = {}
        data = self.data

        def remove(k, data=data):
            try:
                del data[k]
            except KeyError:
                pass
        self._remove = remove
        if dict is not None:
            self.update(dict)

    def __delitem__(self, key):
        del self.data[ref(key)]

    def __getitem__(self, key):
        return self.data[ref(key)]

    def __len__(self):
        return len(self.data)

    def __repr__(self):
        return "<%s at %#x>" % (self.__class__.__name__, id(self))

    def __setitem__(self, key, value):
        self.data[ref(key, self._remove)] = value

    def copy(self):
        new = WeakKeyDictionary()
        for key, value in list(self.data.items()):
            o = key()
            if o is not None:
                new[o] = value
        return new

    __copy__ = copy

    def get(self, key, default=None):
        return self.data.get(ref(key), default)

    def __contains__(self, key):
        try:
            wr = ref(key)
        except TypeError:
            return False
        return wr in self.data

    def items(self):
        for wr, value in list(self.data.items()):
            key = wr()
            if key is not None:
                yield key, value

    def keys(self):
        for wr in list(self.data):
            obj = wr()
            if obj is not None:
                yield obj

    __iter__ = keys

    def values(self):
        for wr, value in list(self.data.items()):
            if wr() is not None:
                yield value

    def keyrefs(self):
        return list(self.data)

    def popitem(self):
        while True:
            key, value = self.data.popitem()
            o = key()
            if o is not None:
                return o, value

    def pop(self, key, *args):
        return self.data.pop(ref(key), *args)

    def setdefault(self, key, default=None):
        return self.data.setdefault(ref(key, self._remove), default)

    def update(self, dict=None, /, **kwargs):
        d = self.data
        if dict is not None:
            if not hasattr(dict, "items"):
                dict = type({})(dict)
            for key, value in dict.items():
                d[ref(key, self._remove)] = value
        if len(kwargs):
            self.update(kwargs)

    def clear(self):
        self.data.clear()


class WeakSet:
    """A set of weakly referenced objects: an element goes when it dies."""

    def __init__(self, data=None):
        self.data = set()
        s = self.data

        def _remove(item, s=s):
            s.discard(item)
        self._remove = _remove
        if data is not None:
            self.update(data)

    def __iter__(self):
        for itemref in list(self.data):
            item = itemref()
            if item is not None:
                yield item

    def __len__(self):
        return len(self.data)

    def __contains__(self, item):
        try:
            wr = ref(item)
        except TypeError:
            return False
        return wr in self.data

    def __repr__(self):
        return "{%s}" % ", ".join(repr(x) for x in self) if len(self) else "WeakSet()"

    def add(self, item):
        self.data.add(ref(item, self._remove))

    def clear(self):
        self.data.clear()

    def copy(self):
        return self.__class__(self)

    def pop(self):
        while True:
            try:
                itemref = self.data.pop()
            except KeyError:
                raise KeyError("pop from empty WeakSet") from None
            item = itemref()
            if item is not None:
                return item

    def remove(self, item):
        self.data.remove(ref(item))

    def discard(self, item):
        self.data.discard(ref(item))

    def update(self, other):
        for element in other:
            self.add(element)

    def __ior__(self, other):
        self.update(other)
        return self

    def difference(self, other):
        newset = self.copy()
        newset.difference_update(other)
        return newset

    __sub__ = difference

    def difference_update(self, other):
        for item in other:
            self.discard(item)

    def intersection(self, other):
        return self.__class__(item for item in other if item in self)

    __and__ = intersection

    def union(self, other):
        return self.__class__(list(self) + list(other))

    __or__ = union

    def issubset(self, other):
        return self.data.issubset(ref(item) for item in other)

    __le__ = issubset

    def issuperset(self, other):
        return self.data.issuperset(ref(item) for item in other)

    __ge__ = issuperset

    def __eq__(self, other):
        if not isinstance(other, self.__class__):
            return NotImplemented
        return self.data == set(ref(item) for item in other)

    def isdisjoint(self, other):
        return len(self.intersection(other)) == 0


class finalize:
    """finalize(obj, func, *args, **kwargs): call func(*args, **kwargs) once, when obj dies,
    when the finalizer is called, or at exit (atexit=True; at exit only while the interpreter
    runs its exit hooks, which flyi does not: pending finalizers do not run at exit)."""

    __slots__ = ()
    _registry = {}
    _shutdown = False
    _index_iter = None
    _dirty = False
    _registered_with_atexit = False
    _counter = [0]

    class _Info:
        __slots__ = ("weakref", "func", "args", "kwargs", "atexit", "index")

    def __init__(self, obj, func, /, *args, **kwargs):
        info = self._Info()
        info.weakref = ref(obj, self)
        info.func = func
        info.args = args
        info.kwargs = kwargs or None
        info.atexit = True
        finalize._counter[0] += 1
        info.index = finalize._counter[0]
        self._registry[self] = info

    def __call__(self, _=None):
        info = self._registry.pop(self, None)
        if info and not self._shutdown:
            return info.func(*info.args, **(info.kwargs or {}))

    def detach(self):
        info = self._registry.get(self)
        obj = info and info.weakref()
        if obj is not None and self._registry.pop(self, None):
            return (obj, info.func, info.args, info.kwargs or {})

    def peek(self):
        info = self._registry.get(self)
        obj = info and info.weakref()
        if obj is not None:
            return (obj, info.func, info.args, info.kwargs or {})

    @property
    def alive(self):
        return self in self._registry

    @property
    def atexit(self):
        info = self._registry.get(self)
        return bool(info) and info.atexit

    @atexit.setter
    def atexit(self, value):
        info = self._registry.get(self)
        if info:
            info.atexit = bool(value)

    def __repr__(self):
        info = self._registry.get(self)
        obj = info and info.weakref()
        if obj is None:
            return "<%s object at %#x; dead>" % (type(self).__name__, id(self))
        return "<%s object at %#x; for %r at %#x>" % (type(self).__name__, id(self), type(obj).__name__, id(obj))


class KeyedRef(ref):
    """A weak reference with a key attribute (for the keys of weak mappings)."""

    __slots__ = ("key",)

    def __new__(type, ob, callback, key):
        self = ref.__new__(type, ob, callback)
        self.key = key
        return self

    def __init__(self, ob, callback, key):
        super().__init__(ob, callback)

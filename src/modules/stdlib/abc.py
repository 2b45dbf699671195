"""Abstract Base Classes (flyi)."""


def abstractmethod(funcobj):
    """A decorator indicating abstract methods."""
    try:
        funcobj.__isabstractmethod__ = True
    except (AttributeError, TypeError):
        pass
    return funcobj


class abstractclassmethod(classmethod):
    __isabstractmethod__ = True


class abstractstaticmethod(staticmethod):
    __isabstractmethod__ = True


class abstractproperty(property):
    __isabstractmethod__ = True


def _is_abstract(value):
    return getattr(value, '__isabstractmethod__', False) is True


class ABCMeta(type):
    """Metaclass for defining Abstract Base Classes (ABCs)."""

    def __new__(mcls, name, bases, namespace, /, **kwargs):
        cls = super().__new__(mcls, name, bases, namespace, **kwargs)
        abstracts = set(n for n, v in namespace.items() if _is_abstract(v))
        for base in bases:
            for n in getattr(base, '__abstractmethods__', ()):
                value = getattr(cls, n, None)
                if _is_abstract(value):
                    abstracts.add(n)
        cls.__abstractmethods__ = frozenset(abstracts)
        cls._abc_registry = []
        cls._abc_subclasses = []
        # each ABC knows its direct ABC subclasses: a class registered with (or structurally
        # matching) a subclass is a virtual subclass of its ABC bases too
        for base in bases:
            subs = base.__dict__.get('_abc_subclasses')
            if subs is not None:
                subs.append(cls)
        return cls

    def register(cls, subclass):
        if not isinstance(subclass, type):
            raise TypeError('Can only register classes')
        cls._abc_registry.append(subclass)
        return subclass

    def __call__(cls, *args, **kwargs):
        abstracts = getattr(cls, '__abstractmethods__', None)
        if abstracts:
            names = sorted(abstracts)
            s = 's' if len(names) > 1 else ''
            raise TypeError(f"Can't instantiate abstract class {cls.__name__} with abstract "
                            f"method{s} {', '.join(names)}")
        return super().__call__(*args, **kwargs)

    def __instancecheck__(cls, instance):
        return cls.__subclasscheck__(type(instance))

    def __subclasscheck__(cls, subclass):
        if not isinstance(subclass, type):
            raise TypeError('issubclass() arg 1 must be a class')
        if cls in subclass.__mro__:
            return True
        if '__subclasshook__' in cls.__dict__:
            ok = cls.__subclasshook__(subclass)
            if ok is not NotImplemented:
                return bool(ok)
        for r in cls.__dict__.get('_abc_registry', ()):
            if issubclass(subclass, r):
                return True
        for sub in cls.__dict__.get('_abc_subclasses', ()):
            if issubclass(subclass, sub):
                return True
        return False


class ABC(metaclass=ABCMeta):
    """Helper class that provides a standard way to create an ABC using inheritance."""


def get_cache_token():
    return 0


def update_abstractmethods(cls):
    abstracts = set()
    for n in dir(cls):
        if _is_abstract(getattr(cls, n, None)):
            abstracts.add(n)
    cls.__abstractmethods__ = frozenset(abstracts)
    return cls

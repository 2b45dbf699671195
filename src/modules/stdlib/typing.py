"""Names of the typing module (flyi): subscriptable placeholders without type checking."""

import collections.abc as _abc

TYPE_CHECKING = False


class _Alias:
    """A subscripted special form or generic alias, e.g. typing.Optional[int]."""

    def __init__(self, origin, args, name):
        self.__origin__ = origin
        self.__args__ = args
        self._name = name

    def __getitem__(self, params):
        if not isinstance(params, tuple):
            params = (params,)
        return _Alias(self.__origin__, params, self._name)

    def __call__(self, *args, **kwargs):
        if isinstance(self.__origin__, type):
            return self.__origin__(*args, **kwargs)
        raise TypeError(f'Type {self._name} cannot be instantiated')

    def __repr__(self):
        if self._name == 'Optional' and len(self.__args__) == 1:
            return f'typing.Optional[{_type_repr(self.__args__[0])}]'
        if self._name == 'Callable' and len(self.__args__) == 2 and isinstance(self.__args__[0], list):
            params = ', '.join(_type_repr(a) for a in self.__args__[0])
            return f'typing.Callable[[{params}], {_type_repr(self.__args__[1])}]'
        args = ', '.join(_type_repr(a) for a in self.__args__)
        if not self.__args__:
            args = '()'
        return f'typing.{self._name}[{args}]'

    def __eq__(self, other):
        if not isinstance(other, _Alias):
            return NotImplemented
        return self.__origin__ == other.__origin__ and self.__args__ == other.__args__

    def __hash__(self):
        return hash((self._name, self.__args__))

    def __or__(self, other):
        return Union[self, other]

    def __ror__(self, other):
        return Union[other, self]

    def __mro_entries__(self, bases):
        o = self.__origin__
        return (o,) if isinstance(o, type) else ()

    def __instancecheck__(self, obj):
        raise TypeError('Subscripted generics cannot be used with class and instance checks')


def _type_repr(obj):
    if isinstance(obj, type):
        if obj.__module__ == 'builtins':
            return obj.__qualname__
        return f'{obj.__module__}.{obj.__qualname__}'
    if obj is ...:
        return '...'
    if obj is None or obj is type(None):
        return 'None'
    return repr(obj)


class _SpecialForm:
    """A name like Any, Optional, Union, List that can be subscripted."""

    def __init__(self, name, origin=None, nparams=-1):
        self._name = name
        self.__origin__ = origin
        self._nparams = nparams

    def __getitem__(self, params):
        if not isinstance(params, tuple):
            params = (params,)
        name = self._name
        if name == 'Optional':
            if len(params) != 1:
                raise TypeError('typing.Optional requires a single type.')
            if params[0] is None or params[0] is type(None):
                return None
            return Union[params[0], None]
        if name == 'Union':
            flat = []
            for p in params:
                if p is None:
                    p = type(None)
                if isinstance(p, _Alias) and p.__origin__ is Union:
                    items = p.__args__
                else:
                    items = (p,)
                for q in items:
                    if q not in flat:
                        flat.append(q)
            if len(flat) == 1:
                return flat[0]
            if len(flat) == 2 and type(None) in flat:
                other = flat[0] if flat[1] is type(None) else flat[1]
                return _OptAlias(other, tuple(flat))
            return _Alias(Union, tuple(flat), 'Union')
        return _Alias(self.__origin__ if self.__origin__ is not None else self, params, name)

    def __call__(self, *args, **kwargs):
        if isinstance(self.__origin__, type):
            return self.__origin__(*args, **kwargs)
        raise TypeError(f'Cannot instantiate typing.{self._name}')

    def __repr__(self):
        return f'typing.{self._name}'

    def __or__(self, other):
        return Union[self, other]

    def __ror__(self, other):
        return Union[other, self]

    def __mro_entries__(self, bases):
        o = self.__origin__
        return (o,) if isinstance(o, type) else ()

    def __instancecheck__(self, obj):
        o = self.__origin__
        if isinstance(o, type):
            return isinstance(obj, o)
        raise TypeError(f'typing.{self._name} cannot be used with isinstance()')


class _OptAlias(_Alias):
    def __init__(self, other, args):
        _Alias.__init__(self, Union, args, 'Optional')
        self._other = other

    def __repr__(self):
        return f'typing.Optional[{_type_repr(self._other)}]'


Any = _SpecialForm('Any')
NoReturn = _SpecialForm('NoReturn')
Never = _SpecialForm('Never')
Self = _SpecialForm('Self')
LiteralString = _SpecialForm('LiteralString')
ClassVar = _SpecialForm('ClassVar')
Final = _SpecialForm('Final')
Union = _SpecialForm('Union')
Optional = _SpecialForm('Optional')
Literal = _SpecialForm('Literal')
Concatenate = _SpecialForm('Concatenate')
TypeAlias = _SpecialForm('TypeAlias')
TypeGuard = _SpecialForm('TypeGuard')
Required = _SpecialForm('Required')
NotRequired = _SpecialForm('NotRequired')
Unpack = _SpecialForm('Unpack')
Annotated = _SpecialForm('Annotated')

List = _SpecialForm('List', list)
Dict = _SpecialForm('Dict', dict)
Set = _SpecialForm('Set', set)
FrozenSet = _SpecialForm('FrozenSet', frozenset)
Tuple = _SpecialForm('Tuple', tuple)
Type = _SpecialForm('Type', type)
DefaultDict = _SpecialForm('DefaultDict')
OrderedDict = _SpecialForm('OrderedDict')
Counter = _SpecialForm('Counter')
Deque = _SpecialForm('Deque')
ChainMap = _SpecialForm('ChainMap')
Text = str
AnyStr = None

Callable = _SpecialForm('Callable', _abc.Callable)
Iterable = _SpecialForm('Iterable', _abc.Iterable)
Iterator = _SpecialForm('Iterator', _abc.Iterator)
Generator = _SpecialForm('Generator', _abc.Generator)
Sequence = _SpecialForm('Sequence', _abc.Sequence)
MutableSequence = _SpecialForm('MutableSequence', _abc.MutableSequence)
Mapping = _SpecialForm('Mapping', _abc.Mapping)
MutableMapping = _SpecialForm('MutableMapping', _abc.MutableMapping)
AbstractSet = _SpecialForm('AbstractSet', _abc.Set)
MutableSet = _SpecialForm('MutableSet', _abc.MutableSet)
Collection = _SpecialForm('Collection', _abc.Collection)
Container = _SpecialForm('Container', _abc.Container)
Hashable = _SpecialForm('Hashable', _abc.Hashable)
Sized = _SpecialForm('Sized', _abc.Sized)
Reversible = _SpecialForm('Reversible', _abc.Reversible)
KeysView = _SpecialForm('KeysView')
ValuesView = _SpecialForm('ValuesView')
ItemsView = _SpecialForm('ItemsView')
Awaitable = _SpecialForm('Awaitable')
Coroutine = _SpecialForm('Coroutine')
AsyncIterable = _SpecialForm('AsyncIterable')
AsyncIterator = _SpecialForm('AsyncIterator')
AsyncGenerator = _SpecialForm('AsyncGenerator')
ContextManager = _SpecialForm('ContextManager')
AsyncContextManager = _SpecialForm('AsyncContextManager')
Pattern = _SpecialForm('Pattern')
Match = _SpecialForm('Match')
IO = _SpecialForm('IO')
TextIO = _SpecialForm('TextIO')
BinaryIO = _SpecialForm('BinaryIO')
SupportsInt = _SpecialForm('SupportsInt')
SupportsFloat = _SpecialForm('SupportsFloat')
SupportsIndex = _SpecialForm('SupportsIndex')
SupportsAbs = _SpecialForm('SupportsAbs')
SupportsRound = _SpecialForm('SupportsRound')
SupportsBytes = _SpecialForm('SupportsBytes')
SupportsComplex = _SpecialForm('SupportsComplex')


class TypeVar:
    """Type variable."""

    def __init__(self, name, *constraints, bound=None, covariant=False, contravariant=False):
        self.__name__ = name
        self.__constraints__ = constraints
        self.__bound__ = bound
        self.__covariant__ = covariant
        self.__contravariant__ = contravariant

    def __repr__(self):
        prefix = '+' if self.__covariant__ else '-' if self.__contravariant__ else '~'
        return prefix + self.__name__

    def __or__(self, other):
        return Union[self, other]

    def __ror__(self, other):
        return Union[other, self]


AnyStr = TypeVar('AnyStr', bytes, str)


class ParamSpec(TypeVar):
    def __init__(self, name, *, bound=None, covariant=False, contravariant=False):
        TypeVar.__init__(self, name, bound=bound, covariant=covariant, contravariant=contravariant)
        self.args = _SpecialForm(name + '.args')
        self.kwargs = _SpecialForm(name + '.kwargs')


class TypeVarTuple:
    def __init__(self, name):
        self.__name__ = name

    def __repr__(self):
        return self.__name__


class Generic:
    """Abstract base class for generic types."""

    def __class_getitem__(cls, params):
        return cls


class Protocol(Generic):
    """Base class for protocol classes."""


def runtime_checkable(cls):
    return cls


def cast(typ, val):
    """Cast a value to a type (returns the value unchanged)."""
    return val


def overload(func):
    return func


def final(f):
    return f


def no_type_check(arg):
    return arg


def assert_type(val, typ):
    return val


def reveal_type(obj):
    import sys
    print(f'Runtime type is {type(obj).__name__!r}', file=sys.stderr)
    return obj


def assert_never(arg):
    raise AssertionError('Expected code to be unreachable')


def get_type_hints(obj, globalns=None, localns=None, include_extras=False):
    hints = {}
    if isinstance(obj, type):
        for base in reversed(obj.__mro__):
            hints.update(base.__dict__.get('__annotations__', {}))
        return hints
    return dict(getattr(obj, '__annotations__', {}) or {})


def get_origin(tp):
    return getattr(tp, '__origin__', None)


def get_args(tp):
    return getattr(tp, '__args__', ())


def NewType(name, tp):
    def new_type(x):
        return x
    new_type.__name__ = name
    new_type.__qualname__ = name
    new_type.__supertype__ = tp
    return new_type


def NamedTuple(typename, fields=None, /, **kwargs):
    """Typed version of namedtuple (functional form)."""
    from collections import namedtuple
    if fields is None:
        fields = kwargs.items()
    fields = list(fields)
    nt = namedtuple(typename, [n for n, t in fields])
    nt.__annotations__ = dict(fields)
    return nt


def TypedDict(typename, fields=None, /, *, total=True, **kwargs):
    return dict

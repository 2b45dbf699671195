"""Enumerations (flyi): Enum, IntEnum, StrEnum, Flag, IntFlag, auto, unique."""

__all__ = ['EnumMeta', 'EnumType', 'Enum', 'IntEnum', 'StrEnum', 'Flag', 'IntFlag', 'auto',
           'unique', 'ReprEnum']


class auto:
    """Instances are replaced with an appropriate value in Enum class suites."""
    _counter = 0

    def __init__(self, value=None):
        self.value = value
        auto._counter += 1
        self._order = auto._counter

    def __repr__(self):
        return 'auto(%r)' % (self.value,)


_auto_pending = object()


def _is_dunder(name):
    return len(name) > 4 and name[:2] == name[-2:] == '__' and name[2] != '_' and name[-3] != '_'


def _is_sunder(name):
    return len(name) > 2 and name[0] == name[-1] == '_' and name[1] != '_' and name[-2] != '_'


def _is_descriptor(obj):
    return (hasattr(obj, '__get__') or hasattr(obj, '__set__') or hasattr(obj, '__delete__'))


_enum_bases_ready = False


class EnumType(type):
    """Metaclass for Enum."""

    def __new__(metacls, cls, bases, classdict, **kwds):
        member_names = []
        if _enum_bases_ready:
            for key, value in list(classdict.items()):
                if _is_dunder(key) or _is_sunder(key) or key.startswith('_'):
                    continue
                if _is_descriptor(value) and not isinstance(value, auto):
                    continue
                if isinstance(value, type):
                    continue
                member_names.append(key)
        values = {k: classdict[k] for k in member_names}
        ns = {k: v for k, v in classdict.items() if k not in values}
        enum_class = super().__new__(metacls, cls, bases, ns, **kwds)
        enum_class._member_names_ = []
        enum_class._member_map_ = {}
        enum_class._value2member_map_ = {}
        if not _enum_bases_ready:
            return enum_class
        for base in bases:
            if getattr(base, '_member_names_', None):
                raise TypeError(f'{cls!r} cannot extend {base!r}')
        member_type = object
        for base in enum_class.__mro__[1:]:
            if base is object or isinstance(base, EnumMeta):
                continue
            member_type = base
            break
        enum_class._member_type_ = member_type
        last_values = []
        gen = enum_class._generate_next_value_
        for name in member_names:
            value = values[name]
            if isinstance(value, auto):
                if value.value is None:
                    value.value = gen(name, 1, len(last_values), last_values[:])
                value = value.value
            elif isinstance(value, tuple) and any(isinstance(v, auto) for v in value):
                value = tuple(gen(name, 1, len(last_values), last_values[:])
                              if isinstance(v, auto) else v for v in value)
            last_values.append(value)
            enum_class._add_member(name, value)
        enum_class._init_done_ = True
        return enum_class

    def _add_member(cls, name, value):
        args = value if isinstance(value, tuple) else (value,)
        member_type = cls._member_type_
        custom_new = cls.__dict__.get('__new__') if '__new__' in cls.__dict__ else None
        new_from_bases = None
        for base in cls.__mro__[1:]:
            if '__new__' in base.__dict__ and base not in (Enum, IntEnum, StrEnum, Flag, IntFlag,
                                                          ReprEnum, object, member_type):
                new_from_bases = base.__dict__['__new__']
                break
        if custom_new is not None or new_from_bases is not None:
            fn = custom_new if custom_new is not None else new_from_bases
            if isinstance(fn, staticmethod):
                fn = fn.__func__
            member = fn(cls, *args)
        elif member_type is object:
            member = object.__new__(cls)
        else:
            member = member_type.__new__(cls, *args)
        if not hasattr(member, '_value_'):
            if member_type is object:
                member._value_ = value
            else:
                member._value_ = member_type(*args)
        value = member._value_
        member._name_ = name
        member.__objclass__ = cls
        init = cls.__dict__.get('__init__')
        if init is None:
            for base in cls.__mro__[1:]:
                if '__init__' in base.__dict__ and isinstance(base, EnumMeta) and base not in (
                        Enum, IntEnum, StrEnum, Flag, IntFlag, ReprEnum):
                    init = base.__dict__['__init__']
                    break
        if init is not None:
            init(member, *args)
        for other in cls._member_map_.values():
            if other._value_ == value:
                member = other
                break
        else:
            cls._member_names_.append(name)
        cls._member_map_[name] = member
        try:
            cls._value2member_map_.setdefault(value, member)
        except TypeError:
            pass
        type.__setattr__(cls, name, member)

    def __call__(cls, value, names=None, *, module=None, qualname=None, type=None, start=1,
                 boundary=None):
        if names is None:
            return cls.__new_member_lookup__(value)
        return cls._create_(value, names, module=module, qualname=qualname, type=type,
                            start=start)

    def __new_member_lookup__(cls, value):
        if isinstance(value, cls):
            return value
        try:
            return cls._value2member_map_[value]
        except (KeyError, TypeError):
            pass
        for member in cls._member_map_.values():
            if member._value_ == value:
                return member
        result = cls._missing_(value)
        if isinstance(result, cls):
            return result
        if result is None:
            raise ValueError(f'{value!r} is not a valid {cls.__qualname__}')
        raise TypeError(f'error in {cls.__name__}._missing_: returned {result!r} instead of '
                        f'None or a valid member')

    def _create_(cls, class_name, names, *, module=None, qualname=None, type=None, start=1):
        bases = (cls,) if type is None else (type, cls)
        classdict = {}
        if isinstance(names, str):
            names = names.replace(',', ' ').split()
        if isinstance(names, (tuple, list)) and names and isinstance(names[0], str):
            original = names
            names = []
            last = []
            for count, name in enumerate(original):
                value = cls._generate_next_value_(name, start, count, last[:])
                last.append(value)
                names.append((name, value))
        items = names.items() if hasattr(names, 'items') else names
        for item in items:
            if isinstance(item, str):
                member_name, member_value = item, names[item]
            else:
                member_name, member_value = item
            classdict[member_name] = member_value
        enum_class = EnumType.__new__(EnumType, class_name, bases, classdict)
        enum_class.__module__ = module or '__main__'
        if qualname is not None:
            enum_class.__qualname__ = qualname
        return enum_class

    def __iter__(cls):
        return (cls._member_map_[name] for name in cls._member_names_)

    def __reversed__(cls):
        return (cls._member_map_[name] for name in reversed(cls._member_names_))

    def __len__(cls):
        return len(cls._member_names_)

    def __contains__(cls, member):
        if not isinstance(member, Enum):
            raise TypeError(
                "unsupported operand type(s) for 'in': '%s' and '%s'" % (
                    type(member).__qualname__, cls.__class__.__qualname__))
        return isinstance(member, cls) and member._name_ in cls._member_map_

    def __getitem__(cls, name):
        return cls._member_map_[name]

    def __bool__(cls):
        return True

    @property
    def __members__(cls):
        return dict(cls._member_map_)

    def __repr__(cls):
        if getattr(cls, '_init_done_', False) or _enum_bases_ready:
            return f"<enum {cls.__name__!r}>"
        return type.__repr__(cls)

    def __setattr__(cls, name, value):
        member_map = cls.__dict__.get('_member_map_', {})
        if name in member_map:
            raise AttributeError(f'cannot reassign member {name!r}')
        super().__setattr__(name, value)

    def __delattr__(cls, attr):
        if attr in cls.__dict__.get('_member_map_', {}):
            raise AttributeError(f'{cls.__name__}: cannot delete Enum member {attr!r}.')
        super().__delattr__(attr)


EnumMeta = EnumType


class Enum(metaclass=EnumType):
    """Create a collection of name/value pairs."""

    @staticmethod
    def _generate_next_value_(name, start, count, last_values):
        if not last_values:
            return start
        for v in reversed(last_values):
            try:
                return v + 1
            except TypeError:
                continue
        raise TypeError('unable to sort non-numeric values')

    @classmethod
    def _missing_(cls, value):
        return None

    def __repr__(self):
        v_repr = self.__class__._value_repr_ if hasattr(self.__class__, '_value_repr_') else repr
        return f'<{self.__class__.__name__}.{self._name_}: {v_repr(self._value_)}>'

    def __str__(self):
        return f'{self.__class__.__name__}.{self._name_}'

    def __format__(self, format_spec):
        return format(str(self), format_spec)

    def __hash__(self):
        return hash(self._name_)

    def __reduce_ex__(self, proto):
        return self.__class__, (self._value_,)

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __dir__(self):
        return ['__class__', '__doc__', '__module__', 'name', 'value']

    @property
    def name(self):
        """The name of the Enum member."""
        return self._name_

    @property
    def value(self):
        """The value of the Enum member."""
        return self._value_


class ReprEnum(Enum):
    """Only changes the repr(), leaving str() and format() to the mixed-in type."""


class IntEnum(int, ReprEnum):
    """Enum where members are also (and must be) ints"""

    def __repr__(self):
        return Enum.__repr__(self)

    def __str__(self):
        return int.__repr__(self)

    def __format__(self, format_spec):
        return int.__format__(int(self), format_spec)

    __hash__ = int.__hash__


class StrEnum(str, ReprEnum):
    """Enum where members are also (and must be) strings"""

    def __repr__(self):
        return Enum.__repr__(self)

    @staticmethod
    def _generate_next_value_(name, start, count, last_values):
        return name.lower()

    def __str__(self):
        return str.__str__(self)

    def __format__(self, format_spec):
        return str.__format__(str(self), format_spec)

    __hash__ = str.__hash__


class Flag(Enum):
    """Support for flags"""

    @staticmethod
    def _generate_next_value_(name, start, count, last_values):
        if not count:
            return start if start is not None else 1
        high = 0
        for v in last_values:
            high = max(high, v)
        return 1 << (high.bit_length()) if high else 1

    @classmethod
    def _missing_(cls, value):
        if not isinstance(value, int):
            raise ValueError(f'{value!r} is not a valid {cls.__qualname__}')
        pseudo = cls._pseudo_member(value)
        return pseudo

    @classmethod
    def _pseudo_member(cls, value):
        if cls._member_type_ is object:
            m = object.__new__(cls)
        else:
            m = cls._member_type_.__new__(cls, value)
        m._value_ = value
        names = [mb._name_ for mb in cls if mb._value_ and (value & mb._value_) == mb._value_]
        m._name_ = '|'.join(names) if names else None
        cls._value2member_map_[value] = m
        return m

    def __repr__(self):
        name = self._name_
        return f'<{self.__class__.__name__}.{name}: {self._value_!r}>'

    def __str__(self):
        if self._name_ is None:
            return f'{self.__class__.__name__}({self._value_!r})'
        return f'{self.__class__.__name__}.{self._name_}'

    def __contains__(self, other):
        if not isinstance(other, self.__class__):
            raise TypeError(f"unsupported operand type(s) for 'in': "
                            f"'{type(other).__qualname__}' and '{self.__class__.__qualname__}'")
        return other._value_ & self._value_ == other._value_

    def __iter__(self):
        for m in self.__class__:
            if m._value_ and m._value_ & self._value_ == m._value_:
                yield m

    def __len__(self):
        return sum(1 for _ in self)

    def __bool__(self):
        return bool(self._value_)

    def __or__(self, other):
        if not isinstance(other, self.__class__):
            return NotImplemented
        return self.__class__(self._value_ | other._value_)

    def __and__(self, other):
        if not isinstance(other, self.__class__):
            return NotImplemented
        return self.__class__(self._value_ & other._value_)

    def __xor__(self, other):
        if not isinstance(other, self.__class__):
            return NotImplemented
        return self.__class__(self._value_ ^ other._value_)

    def __invert__(self):
        all_bits = 0
        for m in self.__class__:
            all_bits |= m._value_
        return self.__class__(all_bits & ~self._value_)


class IntFlag(int, ReprEnum, Flag):
    """Support for integer-based Flags"""

    def __repr__(self):
        return Flag.__repr__(self)

    def __str__(self):
        return int.__repr__(self)

    def __format__(self, format_spec):
        return int.__format__(int(self), format_spec)

    def __or__(self, other):
        if isinstance(other, self.__class__):
            other = other._value_
        elif not isinstance(other, int):
            return NotImplemented
        return self.__class__(self._value_ | other)

    def __and__(self, other):
        if isinstance(other, self.__class__):
            other = other._value_
        elif not isinstance(other, int):
            return NotImplemented
        return self.__class__(self._value_ & other)

    def __xor__(self, other):
        if isinstance(other, self.__class__):
            other = other._value_
        elif not isinstance(other, int):
            return NotImplemented
        return self.__class__(self._value_ ^ other)

    __ror__ = __or__
    __rand__ = __and__
    __rxor__ = __xor__

    __hash__ = int.__hash__


_enum_bases_ready = True


def unique(enumeration):
    """Class decorator for enumerations ensuring unique member values."""
    duplicates = []
    for name, member in enumeration.__members__.items():
        if name != member.name:
            duplicates.append((name, member.name))
    if duplicates:
        alias_details = ', '.join(['%s -> %s' % (alias, name) for (alias, name) in duplicates])
        raise ValueError(f'duplicate values found in {enumeration!r}: {alias_details}')
    return enumeration

"""Data classes (flyi): @dataclass, field, fields, asdict, astuple, replace."""

import copy as _copy

__all__ = ['dataclass', 'field', 'Field', 'FrozenInstanceError', 'InitVar', 'KW_ONLY',
           'MISSING', 'fields', 'asdict', 'astuple', 'make_dataclass', 'replace',
           'is_dataclass']


class FrozenInstanceError(AttributeError):
    pass


class _MissingType:
    def __repr__(self):
        return 'MISSING'


MISSING = _MissingType()


class _KwOnlyType:
    def __repr__(self):
        return 'KW_ONLY'


KW_ONLY = _KwOnlyType()


class _HasDefaultFactory:
    def __repr__(self):
        return '<factory>'


_HAS_DEFAULT_FACTORY = _HasDefaultFactory()


class InitVar:
    def __init__(self, type):
        self.type = type

    def __class_getitem__(cls, type):
        return InitVar(type)

    def __repr__(self):
        return f'dataclasses.InitVar[{getattr(self.type, "__name__", self.type)!r}]'


class Field:
    def __init__(self, default, default_factory, init, repr, hash, compare, metadata, kw_only):
        self.name = None
        self.type = None
        self.default = default
        self.default_factory = default_factory
        self.init = init
        self.repr = repr
        self.hash = hash
        self.compare = compare
        self.metadata = {} if metadata is None else metadata
        self.kw_only = kw_only
        self._field_type = None

    def __repr__(self):
        return ('Field('
                f'name={self.name!r},'
                f'type={self.type!r},'
                f'default={self.default!r},'
                f'default_factory={self.default_factory!r},'
                f'init={self.init!r},'
                f'repr={self.repr!r},'
                f'hash={self.hash!r},'
                f'compare={self.compare!r},'
                f'metadata={self.metadata!r},'
                f'kw_only={self.kw_only!r},'
                f'_field_type={self._field_type})')

    def __set_name__(self, owner, name):
        func = getattr(type(self.default), '__set_name__', None)
        if func:
            func(self.default, owner, name)


class _DataclassParams:
    def __init__(self, init, repr, eq, order, unsafe_hash, frozen):
        self.init = init
        self.repr = repr
        self.eq = eq
        self.order = order
        self.unsafe_hash = unsafe_hash
        self.frozen = frozen

    def __repr__(self):
        return ('_DataclassParams('
                f'init={self.init!r},repr={self.repr!r},eq={self.eq!r},order={self.order!r},'
                f'unsafe_hash={self.unsafe_hash!r},frozen={self.frozen!r})')


def field(*, default=MISSING, default_factory=MISSING, init=True, repr=True, hash=None,
          compare=True, metadata=None, kw_only=MISSING):
    """Return an object to identify dataclass fields."""
    if default is not MISSING and default_factory is not MISSING:
        raise ValueError('cannot specify both default and default_factory')
    return Field(default, default_factory, init, repr, hash, compare, metadata, kw_only)


_FIELD = 'field'
_FIELD_CLASSVAR = 'classvar'
_FIELD_INITVAR = 'initvar'


def _is_classvar(tp):
    if isinstance(tp, str):
        return tp.startswith('ClassVar') or tp.startswith('typing.ClassVar')
    name = getattr(tp, '_name', None)
    if name == 'ClassVar':
        return True
    return False


def _get_field(cls, name, tp, default_kw_only):
    default = cls.__dict__.get(name, MISSING)
    if isinstance(default, Field):
        f = default
    else:
        f = field(default=default)
    f.name = name
    f.type = tp
    f._field_type = _FIELD
    if _is_classvar(tp):
        f._field_type = _FIELD_CLASSVAR
    elif isinstance(tp, InitVar) or tp is InitVar or (isinstance(tp, str) and tp.startswith('InitVar')):
        f._field_type = _FIELD_INITVAR
    if f._field_type in (_FIELD_CLASSVAR, _FIELD_INITVAR):
        if f.default_factory is not MISSING:
            raise TypeError(f'field {f.name} cannot have a default factory')
    if f._field_type in (_FIELD, _FIELD_INITVAR):
        if f.kw_only is MISSING:
            f.kw_only = default_kw_only
    else:
        f.kw_only = False
    if f._field_type is _FIELD and f.default is not MISSING:
        d = f.default
        if isinstance(d, (list, dict, set)) or getattr(type(d), '__hash__', 0) is None:
            raise ValueError(f'mutable default {type(d)} for field {f.name} is not allowed: '
                             'use default_factory')
    return f


def _create_fn(name, args, body, globals_ns, locals_ns, qualname):
    src = f'def {name}({", ".join(args)}):\n' + '\n'.join('  ' + b for b in (body or ['pass']))
    ns = dict(globals_ns)
    ns.update(locals_ns)
    exec(src, ns)
    fn = ns[name]
    fn.__qualname__ = f'{qualname}.{name}'
    return fn


def _field_assign(frozen, name, value, self_name):
    if frozen:
        return f'__dataclass_builtins_object__.__setattr__({self_name}, {name!r}, {value})'
    return f'{self_name}.{name} = {value}'


def _init_fn(cls, fields, std_fields, kw_only_fields, frozen, has_post_init, self_name):
    seen_default = False
    for f in std_fields:
        if f.init:
            if not (f.default is MISSING and f.default_factory is MISSING):
                seen_default = True
            elif seen_default:
                raise TypeError(f'non-default argument {f.name!r} follows default argument')
    locals_ns = {'MISSING': MISSING, '_HAS_DEFAULT_FACTORY': _HAS_DEFAULT_FACTORY,
                 '__dataclass_builtins_object__': object}
    body = []
    for f in fields:
        if f.default_factory is not MISSING:
            locals_ns[f'_dflt_{f.name}'] = f.default_factory
        elif f.default is not MISSING:
            locals_ns[f'_dflt_{f.name}'] = f.default
        if f._field_type is _FIELD_INITVAR:
            continue
        if f._field_type is not _FIELD:
            continue
        if f.default_factory is not MISSING:
            if f.init:
                value = (f'_dflt_{f.name}() if {f.name} is _HAS_DEFAULT_FACTORY '
                         f'else {f.name}')
            else:
                value = f'_dflt_{f.name}()'
        elif f.init:
            value = f.name
        elif f.default is not MISSING:
            value = f'_dflt_{f.name}'
        else:
            continue
        body.append(_field_assign(frozen, f.name, value, self_name))
    if has_post_init:
        params = ', '.join(f.name for f in fields if f._field_type is _FIELD_INITVAR)
        body.append(f'{self_name}.__post_init__({params})')

    def param(f):
        if f.default is MISSING and f.default_factory is MISSING:
            return f.name
        if f.default_factory is not MISSING:
            return f'{f.name}=_HAS_DEFAULT_FACTORY'
        return f'{f.name}=_dflt_{f.name}'
    args = [self_name] + [param(f) for f in std_fields if f.init]
    if kw_only_fields:
        args += ['*'] + [param(f) for f in kw_only_fields if f.init]
    return _create_fn('__init__', args, body, {}, locals_ns, cls.__qualname__)


def _set_new_attribute(cls, name, value):
    if name in cls.__dict__:
        return True
    setattr(cls, name, value)
    return False


def _process_class(cls, init, repr, eq, order, unsafe_hash, frozen, match_args, kw_only):
    fields = {}
    setattr(cls, '__dataclass_params__', _DataclassParams(init, repr, eq, order, unsafe_hash, frozen))
    any_frozen_base = False
    has_dataclass_bases = False
    for b in cls.__mro__[-1:0:-1]:
        base_fields = b.__dict__.get('__dataclass_fields__')
        if base_fields is not None:
            has_dataclass_bases = True
            for f in base_fields.values():
                fields[f.name] = f
            if b.__dict__['__dataclass_params__'].frozen:
                any_frozen_base = True

    cls_annotations = cls.__dict__.get('__annotations__', {})
    cls_fields = []
    kw = kw_only
    for name, tp in cls_annotations.items():
        if tp is KW_ONLY or (isinstance(tp, str) and tp in ('KW_ONLY', 'dataclasses.KW_ONLY')):
            kw = True
            continue
        cls_fields.append(_get_field(cls, name, tp, kw))
    for f in cls_fields:
        fields[f.name] = f
        if isinstance(cls.__dict__.get(f.name), Field):
            if f.default is MISSING:
                delattr(cls, f.name)
            else:
                setattr(cls, f.name, f.default)
    for name, value in cls.__dict__.items():
        if isinstance(value, Field) and name not in cls_annotations:
            raise TypeError(f'{name!r} is a field but has no type annotation')

    if has_dataclass_bases:
        if any_frozen_base and not frozen:
            raise TypeError('cannot inherit non-frozen dataclass from a frozen one')
        if not any_frozen_base and frozen:
            raise TypeError('cannot inherit frozen dataclass from a non-frozen one')

    setattr(cls, '__dataclass_fields__', fields)
    class_hash = cls.__dict__.get('__hash__', MISSING)
    has_explicit_hash = not (class_hash is MISSING or (class_hash is None and '__eq__' in cls.__dict__))

    if order and not eq:
        raise ValueError('eq must be true if order is true')

    all_init_fields = [f for f in fields.values() if f._field_type in (_FIELD, _FIELD_INITVAR)]
    std_init = [f for f in all_init_fields if not f.kw_only]
    kw_init = [f for f in all_init_fields if f.kw_only]
    field_list = [f for f in fields.values() if f._field_type is _FIELD]

    if init:
        has_post_init = hasattr(cls, '__post_init__')
        _set_new_attribute(cls, '__init__',
                           _init_fn(cls, all_init_fields, std_init, kw_init, frozen,
                                    has_post_init,
                                    '__dataclass_self__' if 'self' in fields else 'self'))

    if repr:
        flds = [f for f in field_list if f.repr]
        parts = ', '.join(f'{f.name}={{self.{f.name}!r}}' for f in flds)
        fn = _create_fn('__repr__', ('self',),
                        [f'return self.__class__.__qualname__ + f"({parts})"'], {}, {},
                        cls.__qualname__)
        _set_new_attribute(cls, '__repr__', _recursive_repr(fn))

    cmp_fields = [f for f in field_list if f.compare]

    def tuple_str(obj_name, flds):
        if not flds:
            return '()'
        return f'({",".join(f"{obj_name}.{f.name}" for f in flds)},)'

    if eq:
        self_tuple = tuple_str('self', cmp_fields)
        other_tuple = tuple_str('other', cmp_fields)
        _set_new_attribute(cls, '__eq__',
                           _create_fn('__eq__', ('self', 'other'),
                                      ['if other.__class__ is self.__class__:',
                                       f' return {self_tuple}=={other_tuple}',
                                       'return NotImplemented'], {}, {}, cls.__qualname__))

    if order:
        self_tuple = tuple_str('self', cmp_fields)
        other_tuple = tuple_str('other', cmp_fields)
        for name, op in [('__lt__', '<'), ('__le__', '<='), ('__gt__', '>'), ('__ge__', '>=')]:
            if _set_new_attribute(cls, name,
                                  _create_fn(name, ('self', 'other'),
                                             ['if other.__class__ is self.__class__:',
                                              f' return {self_tuple}{op}{other_tuple}',
                                              'return NotImplemented'], {}, {},
                                             cls.__qualname__)):
                raise TypeError(f'Cannot overwrite attribute {name} in class {cls.__name__}. '
                                'Consider using functools.total_ordering')

    if frozen:
        names = tuple(f.name for f in fields.values())
        locals_ns = {'cls': cls, 'FrozenInstanceError': FrozenInstanceError, '_names': names}
        for name, verb in (('__setattr__', 'assign to'), ('__delattr__', 'delete')):
            args = ('self', 'name', 'value') if name == '__setattr__' else ('self', 'name')
            call = 'super(cls, self).__setattr__(name, value)' if name == '__setattr__' \
                else 'super(cls, self).__delattr__(name)'
            fn = _create_fn(name, args,
                            ['if type(self) is cls or name in _names:',
                             f' raise FrozenInstanceError(f"cannot {verb} field {{name!r}}")',
                             call], {}, locals_ns, cls.__qualname__)
            if _set_new_attribute(cls, name, fn):
                raise TypeError(f'Cannot overwrite attribute {name} in class {cls.__name__}')

    hash_fields = [f for f in field_list if (f.compare if f.hash is None else f.hash)]
    if unsafe_hash:
        if has_explicit_hash:
            raise TypeError(f'Cannot overwrite attribute __hash__ in class {cls.__name__}')
        cls.__hash__ = _create_fn('__hash__', ('self',),
                                  [f'return hash({tuple_str("self", hash_fields)})'], {}, {},
                                  cls.__qualname__)
    elif eq and frozen:
        if not has_explicit_hash:
            cls.__hash__ = _create_fn('__hash__', ('self',),
                                      [f'return hash({tuple_str("self", hash_fields)})'], {}, {},
                                      cls.__qualname__)
    elif eq and not frozen:
        if not has_explicit_hash:
            cls.__hash__ = None

    if not getattr(cls, '__doc__', None):
        try:
            cls.__doc__ = cls.__name__ + '(' + ', '.join(
                f'{f.name}' for f in fields.values() if f.init) + ')'
        except (AttributeError, TypeError):
            pass

    if match_args:
        _set_new_attribute(cls, '__match_args__', tuple(f.name for f in std_init))
    return cls


def _recursive_repr(user_function):
    running = set()

    def wrapper(self):
        key = id(self)
        if key in running:
            return '...'
        running.add(key)
        try:
            result = user_function(self)
        finally:
            running.discard(key)
        return result
    wrapper.__name__ = user_function.__name__
    wrapper.__qualname__ = user_function.__qualname__
    return wrapper


def dataclass(cls=None, /, *, init=True, repr=True, eq=True, order=False, unsafe_hash=False,
              frozen=False, match_args=True, kw_only=False, slots=False, weakref_slot=False):
    """Add dunder methods based on the fields defined in the class."""
    def wrap(cls):
        return _process_class(cls, init, repr, eq, order, unsafe_hash, frozen, match_args,
                              kw_only)
    if cls is None:
        return wrap
    return wrap(cls)


def fields(class_or_instance):
    """Return a tuple describing the fields of this dataclass."""
    try:
        fields = getattr(class_or_instance, '__dataclass_fields__')
    except AttributeError:
        raise TypeError('must be called with a dataclass type or instance') from None
    return tuple(f for f in fields.values() if f._field_type is _FIELD)


def _is_dataclass_instance(obj):
    return hasattr(type(obj), '__dataclass_fields__')


def is_dataclass(obj):
    cls = obj if isinstance(obj, type) else type(obj)
    return hasattr(cls, '__dataclass_fields__')


def asdict(obj, *, dict_factory=dict):
    """Return the fields of a dataclass instance as a new dictionary."""
    if not _is_dataclass_instance(obj):
        raise TypeError('asdict() should be called on dataclass instances')
    return _asdict_inner(obj, dict_factory)


def _asdict_inner(obj, dict_factory):
    if _is_dataclass_instance(obj):
        result = []
        for f in fields(obj):
            value = _asdict_inner(getattr(obj, f.name), dict_factory)
            result.append((f.name, value))
        return dict_factory(result)
    elif isinstance(obj, tuple) and hasattr(obj, '_fields'):
        return type(obj)(*[_asdict_inner(v, dict_factory) for v in obj])
    elif isinstance(obj, (list, tuple)):
        return type(obj)(_asdict_inner(v, dict_factory) for v in obj)
    elif isinstance(obj, dict):
        return type(obj)((_asdict_inner(k, dict_factory), _asdict_inner(v, dict_factory))
                         for k, v in obj.items())
    else:
        return _copy.deepcopy(obj)


def astuple(obj, *, tuple_factory=tuple):
    """Return the fields of a dataclass instance as a new tuple of field values."""
    if not _is_dataclass_instance(obj):
        raise TypeError('astuple() should be called on dataclass instances')
    return _astuple_inner(obj, tuple_factory)


def _astuple_inner(obj, tuple_factory):
    if _is_dataclass_instance(obj):
        return tuple_factory([_astuple_inner(getattr(obj, f.name), tuple_factory)
                              for f in fields(obj)])
    elif isinstance(obj, tuple) and hasattr(obj, '_fields'):
        return type(obj)(*[_astuple_inner(v, tuple_factory) for v in obj])
    elif isinstance(obj, (list, tuple)):
        return type(obj)(_astuple_inner(v, tuple_factory) for v in obj)
    elif isinstance(obj, dict):
        return type(obj)((_astuple_inner(k, tuple_factory), _astuple_inner(v, tuple_factory))
                         for k, v in obj.items())
    else:
        return _copy.deepcopy(obj)


def replace(obj, /, **changes):
    """Return a new object replacing specified fields with new values."""
    if not _is_dataclass_instance(obj):
        raise TypeError('replace() should be called on dataclass instances')
    for f in getattr(obj, '__dataclass_fields__').values():
        if f._field_type is _FIELD_CLASSVAR:
            continue
        if not f.init:
            if f.name in changes:
                raise ValueError(f'field {f.name} is declared with '
                                 'init=False, it cannot be specified with replace()')
            continue
        if f.name not in changes:
            if f._field_type is _FIELD_INITVAR and f.default is MISSING:
                raise ValueError(f"InitVar {f.name!r} must be specified with replace()")
            changes[f.name] = getattr(obj, f.name)
    return obj.__class__(**changes)


def make_dataclass(cls_name, fields, *, bases=(), namespace=None, **kwargs):
    namespace = dict(namespace or {})
    annotations = {}
    for item in fields:
        if isinstance(item, str):
            name, tp = item, 'typing.Any'
        elif len(item) == 2:
            name, tp = item
        else:
            name, tp, spec = item
            namespace[name] = spec
        annotations[name] = tp
    namespace['__annotations__'] = annotations
    cls = type(cls_name, bases, namespace)
    return dataclass(cls, **kwargs)

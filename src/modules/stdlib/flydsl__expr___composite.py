"""flydsl.expr._composite: fx.struct / fx.union (and their inline forms fx.Struct[...] / fx.Union[...]) as real
Python classes, with FlyDSL's semantics: an ordered product of fields with a frozen value form (a union: a
storage overlay without one), each field's value converted to its annotated type, Constexpr fields that
specialise the value's class (Params(tile=32, ...) is a Params[tile=32]), and the value protocol
(flydsl.compiler.protocol: ir.Values, ir.Types, cache signature, C-ABI slots, size and alignment), each
satisfied exactly when every non-Constexpr field satisfies it.

The storage side (allocator.allocate(T), fx.Storage, LDS layout) is the tracer's C struct type: each class
carries it as __flyi_schema__ (None when a field has no C layout, e.g. a Tensor or Pointer field)."""

import dataclasses as _dc
import sys as _sys
import enum as _enum

__all__ = ["struct", "Struct", "union", "Union", "CompositeKind", "FieldDef", "is_composite_type",
           "is_struct_type", "is_specializable_struct_type"]

FrozenInstanceError = _dc.FrozenInstanceError

# (the C struct maker, the C union maker): set by flydsl.expr._surface when flydsl.expr loads
_c_makers = None

_RESERVED = frozenset(("replace", "peek", "poke"))  # members of a value (replace) or of its Storage view


class CompositeKind(_enum.Enum):
    Product = 0
    Sum = 1


class FieldDef:
    """One declared field: its name and its annotation."""

    __slots__ = ("name", "type_spec")

    def __init__(self, name, type_spec):
        self.name = name
        self.type_spec = type_spec

    def __repr__(self):
        return f"FieldDef(name={self.name!r}, type_spec={_tname(self.type_spec)})"

    def __eq__(self, other):
        return isinstance(other, FieldDef) and (self.name, self.type_spec) == (other.name, other.type_spec)

    def __hash__(self):
        return hash(self.name)


def _fx():
    import flydsl.expr as fx

    return fx


def _tname(t):
    return getattr(t, "__dsl_display_name__", None) or getattr(t, "__name__", None) or repr(t)


def _is_constexpr(t):
    return type(t).__name__ == "ConstexprType"


def _is_vector_type(t):
    return isinstance(t, type) and issubclass(t, _fx().Vector)


def _is_numeric_type(t):
    return type(t).__name__ == "NumericMeta"


def is_composite_type(obj):
    """True for a class made by fx.struct / fx.union (or their inline forms)."""
    return isinstance(obj, type) and getattr(obj, "__dsl_composite_kind__", None) is not None


def is_struct_type(obj):
    return is_composite_type(obj) and obj.__dsl_composite_kind__ is CompositeKind.Product


def is_specializable_struct_type(tp):
    """True for a struct type with a Constexpr field, directly or in a nested struct."""
    if not is_struct_type(tp):
        return False
    return any(_is_constexpr(f.type_spec) or is_specializable_struct_type(f.type_spec)
               for f in tp.__dsl_field_defs__)


def _check_name(name, where):
    if name.startswith("_"):
        raise ValueError(f"{where}: field name '{name}' must not start with underscore")
    if name in _RESERVED:
        raise ValueError(f"{where}: field name '{name}' is reserved")


# ---- field values -------------------------------------------------------------------------------------------

def _coerce(schema, field, value):
    """value as field's annotated type, or FlyDSL's TypeError naming the field and the expected type."""
    t = field.type_spec
    disp = _tname(schema)

    def bad(why=None):
        tail = f" ({why})" if why else "."
        return TypeError(f"{disp}(...) field '{field.name}' expects {_tname(t)}, got {type(value).__name__}{tail}")

    if _is_constexpr(t):
        inner = t._inner
        if isinstance(inner, type) and not isinstance(value, inner):
            raise TypeError(f"{disp}(...) field '{field.name}' expects {inner.__name__}, got "
                            f"{type(value).__name__}.")
        return value
    if type(t).__name__ == "AlignType":
        t = t.dtype
    if is_composite_type(t):
        if not isinstance(value, t):
            raise bad()
        return value
    if _is_vector_type(t):
        if isinstance(value, t):
            return value
        try:
            return t(value)
        except (TypeError, ValueError) as e:
            raise bad(e) from None
    if _is_numeric_type(t):
        if isinstance(value, t):
            return value
        if not isinstance(value, (bool, int, float)) and type(type(value)).__name__ != "NumericMeta":
            raise bad()
        try:
            return t(value)
        except (TypeError, ValueError) as e:
            raise bad(e) from None
    if type(t).__name__ == "ArrayType":  # a reference to an array (Storage.peek(), Array.__peek_from_ptr__)
        if value is None or isinstance(value, (bool, int, float, str)) or _is_numeric_type(type(value)):
            raise bad()
        return value
    if t is _fx().Tensor and not isinstance(value, t):
        # in a @flyc.jit body a tensor argument is the framework's tensor (the kernel launch takes it as a
        # tensor parameter); anywhere else it is no fx.Tensor, as in FlyDSL
        import flydsl.compiler as flyc

        if not (flyc._in_jit() and type(value).__name__ in ("Tensor", "TensorAdaptor")):
            raise bad()
        return value
    if isinstance(t, type) and not isinstance(value, t):
        raise bad()
    return value


def _values_from_args(schema, fields, args, kwargs):
    disp = _tname(schema)
    if len(args) > len(fields):
        raise TypeError(f"{disp}(...) expected {len(fields)} field(s), got {len(args)} positional value(s).")
    values = {f.name: v for f, v in zip(fields, args)}
    names = [f.name for f in fields]
    for k in kwargs:
        if k in values:
            raise TypeError(f"{disp}(...) got multiple values for field '{k}'.")
    unexpected = sorted(k for k in kwargs if k not in names)
    if unexpected:
        raise TypeError(f"{disp}(...) got unexpected field(s): {unexpected}.")
    values.update(kwargs)
    missing = [n for n in names if n not in values]
    if missing:
        raise TypeError(f"{disp}(...) missing required field(s): {missing}.")
    return values


def _key_of(v):
    """A hashable stand-in of a constexpr value (its repr when it cannot be hashed)."""
    try:
        hash(v)
        return v
    except TypeError:
        return ("repr", repr(v))


_specialized = {}


def _specialize(base, values):
    """base, or its subclass for these Constexpr values and nested specialised struct types (cached)."""
    eff = []
    suffix = []
    for f in base.__dsl_field_defs__:
        v = values[f.name]
        if _is_constexpr(f.type_spec):
            eff.append((f.name, "constexpr", _key_of(v)))
            suffix.append(f"{f.name}={v!r}")
        elif is_composite_type(type(v)) and type(v) is not f.type_spec:
            eff.append((f.name, "type", type(v)))
    if not eff:
        return base
    key = (base, tuple(eff))
    cls = _specialized.get(key)
    if cls is None:
        tail = f"[{', '.join(suffix)}]" if suffix else ""
        consts = {f.name: values[f.name] for f in base.__dsl_field_defs__ if _is_constexpr(f.type_spec)}
        cls = _CompositeType(base.__name__ + tail, (base,), {
            "__module__": base.__module__,
            "__dsl_base_type__": base,
            "__dsl_display_name__": _tname(base) + tail,
            "__dsl_constexpr_values__": consts,
            "__dsl_field_types__": {n: t for n, k, t in eff if k == "type"},
        })
        _specialized[key] = cls
    return cls


def _field_type(cls, f):
    """The field's effective type in (possibly specialised) class cls."""
    return getattr(cls, "__dsl_field_types__", {}).get(f.name, f.type_spec)


def _effective_field_defs(schema):
    """((name, type), ...) of a (possibly specialised) composite class: a nested struct field as the specialised
    class its value had; a Constexpr field as its annotation (the value: __dsl_constexpr_values__)."""
    return tuple((f.name, _field_type(schema, f)) for f in schema.__dsl_field_defs__)


def _value_count(t):
    """How many ir.Values a field of type t stands for, from the type alone."""
    if _is_constexpr(t):
        return 0
    if type(t).__name__ == "AlignType":
        t = t.dtype
    if is_struct_type(t):
        return sum(_value_count(_field_type(t, f)) for f in t.__dsl_field_defs__)
    return 1


def _leaf_from(t, exemplar, vals):
    from flydsl.compiler import protocol as P

    if exemplar is not None:
        return P.construct_from_ir_values(type(exemplar), exemplar, vals)
    if type(t).__name__ == "AlignType":
        t = t.dtype
    mk = getattr(t, "__construct_from_ir_values__", None)
    if mk is not None:
        return mk(vals)
    from flydsl._mlir._dsl import as_dsl_value

    if len(vals) != 1:
        raise ValueError(f"a field of type {_tname(t)} takes one ir.Value, got {len(vals)}")
    return as_dsl_value(vals[0], t if _is_numeric_type(t) or _is_vector_type(t) else None)


def _same(a, b):
    if a is b:
        return True
    if getattr(a, "is_static", False) and getattr(b, "is_static", False):
        return type(a) is type(b) and a.value == b.value
    if hasattr(a, "ir_value") or hasattr(b, "ir_value"):
        return False
    try:
        return bool(a == b)
    except Exception:
        return False


def _hash_key(v):
    if getattr(v, "is_static", False):
        return (type(v), v.value)
    if hasattr(v, "ir_value"):
        return id(v)
    return _key_of(v)


# ---- the class ------------------------------------------------------------------------------------------------

def _c_schema(name, fields, kind):
    """The tracer's C struct type of these fields (None when one of them has no C layout)."""
    if _c_makers is None:
        return None
    ann = {}
    for f in fields:
        t = f.type_spec
        if is_composite_type(t) and t.__flyi_schema__ is None:
            return None
        ann[f.name] = t  # a composite field: the class (the tracer takes its __flyi_schema__; _target_type is it)
    try:
        return _c_makers[kind is CompositeKind.Sum](type(name, (), {"__annotations__": ann}))
    except (TypeError, ValueError, NotImplementedError):
        return None


class _CompositeType(type):
    """The class of every fx.struct / fx.union class: flyi's layout attributes of the type (the C rule)."""

    @property
    def size_in_bytes(cls):
        return cls._flyi_layout()[0]

    @property
    def alignment(cls):
        return cls._flyi_layout()[1]

    @property
    def _field_offsets(cls):
        return dict(cls._flyi_layout()[2])

    @property
    def is_union(cls):
        return cls.__dsl_composite_kind__ is CompositeKind.Sum


class _CompositeBase(metaclass=_CompositeType):
    """What every fx.struct / fx.union class has (the class attributes are set by _make_class)."""

    __dsl_composite_kind__ = None
    __dsl_field_defs__ = ()

    def __new__(cls, *args, **kwargs):
        base = cls.__dsl_base_type__
        disp = _tname(cls)
        if cls.__dsl_composite_kind__ is CompositeKind.Sum:
            raise TypeError(f"Union {disp} has no value form; use Storage[...] or allocator.allocate().")
        fields = base.__dsl_field_defs__
        raw = _values_from_args(base, fields, args, kwargs)
        vals = {f.name: _coerce(base, f, raw[f.name]) for f in fields}
        self = object.__new__(_specialize(base, vals))
        for f in fields:
            object.__setattr__(self, f.name, vals[f.name])
        object.__setattr__(self, "_flyi_vals", tuple(vals[f.name] for f in fields))
        object.__setattr__(self, "_schema_frozen", True)
        return self

    def __init__(self, *args, **kwargs):
        pass

    def __setattr__(self, key, value):
        raise FrozenInstanceError(f"cannot assign to field '{key}'")

    def __delattr__(self, key):
        raise FrozenInstanceError(f"cannot delete field '{key}'")

    def __repr__(self):
        body = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in self.__dsl_field_defs__)
        return f"{_tname(type(self))}({body})"

    def __eq__(self, other):
        base = type(self).__dsl_base_type__
        if getattr(type(other), "__dsl_base_type__", None) is not base:
            return NotImplemented
        return all(_same(a, b) for a, b in zip(self._flyi_vals, other._flyi_vals))

    def __hash__(self):
        return hash((type(self).__dsl_base_type__,) + tuple(_hash_key(v) for v in self._flyi_vals))

    def replace(self, **kwargs):
        """A new value with the given fields replaced (a Constexpr field's new value re-specialises the type)."""
        names = [f.name for f in self.__dsl_field_defs__]
        for k in kwargs:
            if k not in names:
                raise KeyError(f"Field '{k}' not found in type {_tname(type(self))}. Available fields: {names}.")
        values = dict(zip(names, self._flyi_vals))
        values.update(kwargs)
        return type(self).__dsl_base_type__(**values)

    def _flyi_with(self, vals):
        """The value with these field values (declaration order): the tracer's control flow rebuilds with it."""
        return type(self).__dsl_base_type__(**dict(zip((f.name for f in self.__dsl_field_defs__), vals)))

    # -- DslType
    def __extract_to_ir_values__(self):
        from flydsl.compiler.protocol import extract_to_ir_values

        out = []
        for f, v in zip(self.__dsl_field_defs__, self._flyi_vals):
            if not _is_constexpr(f.type_spec):
                out.extend(extract_to_ir_values(v))
        return out

    @classmethod
    def __construct_from_ir_values__(cls, values, exemplar=None):
        values = list(values)
        consts = getattr(cls, "__dsl_constexpr_values__", {})
        rebuilt = {}
        cursor = 0
        for i, f in enumerate(cls.__dsl_field_defs__):
            t = _field_type(cls, f)
            ex = exemplar._flyi_vals[i] if exemplar is not None else None
            if _is_constexpr(t):
                rebuilt[f.name] = ex if exemplar is not None else consts.get(f.name)
                continue
            if ex is not None:
                from flydsl.compiler.protocol import get_ir_types

                n = len(get_ir_types(ex))
            else:
                n = _value_count(t)
            rebuilt[f.name] = _leaf_from(t, ex, values[cursor:cursor + n])
            cursor += n
        if cursor != len(values):
            raise ValueError(f"struct {_tname(cls)} expected {cursor} ir.Values, got {len(values)}")
        return cls.__dsl_base_type__(**rebuilt)

    # -- JitArgument
    def __get_ir_types__(self):
        from flydsl.compiler.protocol import get_ir_types

        out = []
        for f, v in zip(self.__dsl_field_defs__, self._flyi_vals):
            if not _is_constexpr(f.type_spec):
                out.extend(get_ir_types(v))
        return out

    def __cache_signature__(self):
        from flydsl.compiler.protocol import cache_signature

        parts = [type(self)]
        for f, v in zip(self.__dsl_field_defs__, self._flyi_vals):
            if not _is_constexpr(f.type_spec):  # those are in type(self)
                parts.append((f.name, cache_signature(v)))
        return tuple(parts)

    def __c_abi_spec__(self):
        from flydsl.compiler.protocol import c_abi_spec

        slots = []
        for f, v in zip(self.__dsl_field_defs__, self._flyi_vals):
            if _is_constexpr(f.type_spec):
                continue
            for ctype, sub in c_abi_spec(v):
                slots.append((ctype, lambda value, storage, _n=f.name, _f=sub: _f(getattr(value, _n), storage)))
        return slots

    # -- Storable
    @classmethod
    def _flyi_layout(cls):
        """(size, alignment, {field: offset}) by the C rule; a TypeError when a field is no Storable."""
        base = cls.__dsl_base_type__
        cached = base.__dict__.get("_flyi_layout_cache")
        if cached is not None:
            return cached
        from flydsl.compiler.protocol import dsl_align_of, dsl_size_of

        size, align, offsets = 0, 1, {}
        union = base.__dsl_composite_kind__ is CompositeKind.Sum
        for f in base.__dsl_field_defs__:
            if _is_constexpr(f.type_spec):
                continue
            try:
                fs, fa = dsl_size_of(f.type_spec), dsl_align_of(f.type_spec)
            except TypeError:
                raise TypeError(f"Cannot compute layout for type {_tname(base)}: field '{f.name}' has type "
                                f"{_tname(f.type_spec)} which does not implement the Storable protocol.") from None
            if union:
                offsets[f.name] = 0
                size = max(size, fs)
            else:
                size = (size + fa - 1) // fa * fa
                offsets[f.name] = size
                size += fs
            align = max(align, fa)
        res = ((size + align - 1) // align * align, align, offsets)
        type.__setattr__(base, "_flyi_layout_cache", res)
        return res

    @classmethod
    def __dsl_size_of__(cls):
        return cls._flyi_layout()[0]

    @classmethod
    def __dsl_align_of__(cls):
        return cls._flyi_layout()[1]

    # peek / poke of a struct: its fields at their offsets (flydsl.expr._storage); a union has neither, as in FlyDSL
    @classmethod
    def __peek_from_ptr__(cls, ptr):
        if cls.__dsl_composite_kind__ is not CompositeKind.Product:
            raise NotImplementedError(f"{cls.__dsl_display_name__} does not support __peek_from_ptr__")
        __import__("flydsl.expr._storage")
        return _sys.modules["flydsl.expr._storage"]._struct_peek(cls, ptr)

    @classmethod
    def __poke_into_ptr__(cls, ptr, value):
        if cls.__dsl_composite_kind__ is not CompositeKind.Product:
            raise NotImplementedError(f"{cls.__dsl_display_name__} does not support __poke_into_ptr__")
        if not isinstance(value, cls):
            raise TypeError(f"{cls.__dsl_display_name__}.__poke_into_ptr__ expects {cls.__dsl_display_name__} value, "
                            f"got {type(value).__name__}.")
        __import__("flydsl.expr._storage")
        _sys.modules["flydsl.expr._storage"]._struct_poke(cls, ptr, value)


def _make_class(name, module, fields, kind, display):
    identity = (kind, tuple((f.name, _identity_key(f.type_spec)) for f in fields))
    schema = _c_schema(display, fields, kind)
    ns = {
        "__module__": module,
        "__qualname__": name,
        "__annotations__": {f.name: f.type_spec for f in fields},
        "__dsl_composite_kind__": kind,
        "__dsl_field_defs__": tuple(fields),
        "__dsl_type_identity__": identity,
        "__dsl_display_name__": display,
        "__flyi_schema__": schema,
        "_flyi_cmask": tuple(_is_constexpr(f.type_spec) for f in fields),  # the tracer's Constexpr fields
    }
    cls = _CompositeType(name, (_CompositeBase,), ns)
    cls.__dsl_base_type__ = cls
    return cls


def _identity_key(t):
    if is_composite_type(t):
        return ("composite", t.__dsl_type_identity__)
    try:
        hash(t)
        return t
    except TypeError:
        return ("repr", repr(t))


def _inline_fields(params, display):
    if not isinstance(params, tuple):
        params = (params,)
    if not params:
        raise ValueError("inline type requires at least one field")
    fields, seen = [], set()
    for i, p in enumerate(params):
        if isinstance(p, slice):
            if not isinstance(p.start, str) or p.stop is None:
                raise TypeError(f"named inline fields must use {display}['name': Type] syntax")
            name = p.start
            _check_name(name, "inline type")
            t = p.stop
        else:
            name, t = f"_{i}", p
        if name in seen:
            raise ValueError(f"duplicate inline field name '{name}'")
        seen.add(name)
        fields.append(FieldDef(name, t))
    named = any(isinstance(p, slice) for p in params)
    body = ", ".join(f"{f.name!r}: {_tname(f.type_spec)}" if named else _tname(f.type_spec) for f in fields)
    return fields, f"{display}[{body}]"


class _CompositeMaker(type):
    """struct / union: a decorator of a class of annotated fields, and subscripted, an inline type."""

    def __call__(cls, klass=None, /, **kwargs):
        kind = cls._kind

        def wrap(k):
            ann = dict(k.__dict__.get("__annotations__", {}))
            for n in ann:
                _check_name(n, k.__name__)
            if not ann:
                raise ValueError(f"{k.__name__}: no fields")
            return _make_class(k.__name__, k.__module__, [FieldDef(n, t) for n, t in ann.items()], kind,
                               k.__name__)

        return wrap if klass is None else wrap(klass)

    def __getitem__(cls, params):
        fields, display = _inline_fields(params, cls._display)
        ident = (cls._kind, tuple((f.name, _identity_key(f.type_spec)) for f in fields))
        import hashlib

        tag = int(hashlib.md5(repr(ident).encode()).hexdigest()[:15], 16)  # stable from run to run
        return _make_class(f"_Dsl{cls._display}_{tag}", __name__, fields, cls._kind, display)

    def __repr__(cls):
        return cls._display.lower()


class struct(metaclass=_CompositeMaker):
    _kind = CompositeKind.Product
    _display = "Struct"


class union(metaclass=_CompositeMaker):
    _kind = CompositeKind.Sum
    _display = "Union"


Struct = struct
Union = union

"""Inspecting live objects (after CPython 3.11's inspect): signatures (Signature, Parameter,
BoundArguments), the is*() predicates, getmembers, source lookup (getsource, getsourcelines,
getfile, from a code object's file name and first line, or the text of a cell or exec string),
frames (currentframe, stack, getframeinfo: snapshots taken when asked, see traceback.FrameSnapshot),
getmodule, cleandoc, getdoc.

A built-in function's signature comes from the first line of its docstring ("len(obj, /)"),
where CPython reads __text_signature__; without one, signature() raises ValueError. Under
`from __future__ import annotations` the annotations that could be computed are objects (see
the compiler's EVAL_ANNOTATION), the others their text."""

import collections
import os
import sys
import types
import enum
import functools
import _flyi_rt
import traceback as _traceback

__all__ = ["Parameter", "Signature", "BoundArguments", "signature", "getcallargs", "getfullargspec",
           "FullArgSpec", "isfunction", "isclass", "ismethod", "ismodule", "isbuiltin", "isroutine",
           "isgeneratorfunction", "iscoroutinefunction", "isgenerator", "iscoroutine", "isawaitable", "iscode",
           "isframe", "istraceback", "isabstract", "ismethoddescriptor", "isdatadescriptor", "getmembers",
           "getsource", "getsourcelines", "getfile", "getsourcefile", "getmodule", "getdoc", "cleandoc",
           "currentframe", "stack", "getframeinfo", "unwrap", "FrameInfo", "Traceback", "getattr_static",
           "getmro", "getmodulename", "findsource", "getcomments", "formatannotation", "classify_class_attrs",
           "getclosurevars", "ismethodwrapper", "isasyncgenfunction", "get_annotations"]

CO_OPTIMIZED = 1
CO_NEWLOCALS = 2
CO_VARARGS = 4
CO_VARKEYWORDS = 8
CO_NESTED = 16
CO_GENERATOR = 32
CO_NOFREE = 64
CO_COROUTINE = 128
CO_ITERABLE_COROUTINE = 256
CO_ASYNC_GENERATOR = 512

TPFLAGS_IS_ABSTRACT = 1 << 20


# ------------------------------------------------------------------ predicates

def ismodule(object):
    return isinstance(object, types.ModuleType)


def isclass(object):
    return isinstance(object, type)


def ismethod(object):
    return isinstance(object, types.MethodType)


def isfunction(object):
    return isinstance(object, types.FunctionType)


def isbuiltin(object):
    return isinstance(object, types.BuiltinFunctionType)


def ismethodwrapper(object):
    return False


def ismethoddescriptor(object):
    if isclass(object) or ismethod(object) or isfunction(object):
        return False
    tp = type(object)
    return hasattr(tp, "__get__") and not hasattr(tp, "__set__")


def isdatadescriptor(object):
    if isclass(object) or ismethod(object) or isfunction(object):
        return False
    tp = type(object)
    return hasattr(tp, "__set__") or hasattr(tp, "__delete__")


def isroutine(object):
    return isbuiltin(object) or isfunction(object) or ismethod(object) or ismethoddescriptor(object)


def _has_code_flag(f, flag):
    while ismethod(f):
        f = f.__func__
    f = functools._unwrap_partial(f) if hasattr(functools, "_unwrap_partial") else _unwrap_partial(f)
    if not (isfunction(f) or hasattr(f, "__code__")):
        return False
    return bool(f.__code__.co_flags & flag)


def _unwrap_partial(func):
    while isinstance(func, functools.partial):
        func = func.func
    return func


def isgeneratorfunction(obj):
    return _has_code_flag(obj, CO_GENERATOR)


def iscoroutinefunction(obj):
    return _has_code_flag(obj, CO_COROUTINE)


def isasyncgenfunction(obj):
    return _has_code_flag(obj, CO_ASYNC_GENERATOR)


def isgenerator(object):
    return isinstance(object, types.GeneratorType)


def iscoroutine(object):
    return False


def isawaitable(object):
    return hasattr(type(object), "__await__")


def isasyncgen(object):
    return False


def istraceback(object):
    return type(object).__name__ == "traceback"


def isframe(object):
    return isinstance(object, _traceback.FrameSnapshot)


def iscode(object):
    return type(object).__name__ == "code"


def isabstract(object):
    if not isinstance(object, type):
        return False
    return bool(getattr(object, "__abstractmethods__", None))


def getmro(cls):
    return cls.__mro__


def getmembers(object, predicate=None):
    results = []
    processed = set()
    names = dir(object)
    if isclass(object):
        mro = (object,) + tuple(getmro(object)[1:])
    else:
        mro = ()
    for key in names:
        try:
            value = getattr(object, key)
            if key in processed:
                raise AttributeError
        except AttributeError:
            for base in mro:
                if key in base.__dict__:
                    value = base.__dict__[key]
                    break
            else:
                continue
        if not predicate or predicate(value):
            results.append((key, value))
        processed.add(key)
    results.sort(key=lambda pair: pair[0])
    return results


def getmembers_static(object, predicate=None):
    return getmembers(object, predicate)


def getattr_static(obj, attr, default=None):
    for klass in ((obj,) + type(obj).__mro__ if not isinstance(obj, type) else obj.__mro__):
        d = getattr(klass, "__dict__", {})
        if attr in d:
            return d[attr]
    if default is not None:
        return default
    raise AttributeError(attr)


def classify_class_attrs(cls):
    Attribute = collections.namedtuple("Attribute", "name kind defining_class object")
    result = []
    for name in dir(cls):
        for base in cls.__mro__:
            if name in base.__dict__:
                obj = base.__dict__[name]
                if isinstance(obj, staticmethod):
                    kind = "static method"
                elif isinstance(obj, classmethod):
                    kind = "class method"
                elif isinstance(obj, property):
                    kind = "property"
                elif isroutine(obj):
                    kind = "method"
                else:
                    kind = "data"
                result.append(Attribute(name, kind, base, obj))
                break
    return result


def unwrap(func, *, stop=None):
    f = func
    memo = {id(f): f}
    while hasattr(func, "__wrapped__") and not (stop is not None and stop(func)):
        func = func.__wrapped__
        id_func = id(func)
        if id_func in memo:
            raise ValueError("wrapper loop when unwrapping {!r}".format(f))
        memo[id_func] = func
    return func


# ------------------------------------------------------------------ docs

def cleandoc(doc):
    try:
        lines = doc.expandtabs().split("\n")
    except UnicodeError:
        return None
    margin = sys.maxsize
    for line in lines[1:]:
        content = len(line.lstrip())
        if content:
            indent = len(line) - content
            margin = min(margin, indent)
    if lines:
        lines[0] = lines[0].lstrip()
    if margin < sys.maxsize:
        for i in range(1, len(lines)):
            lines[i] = lines[i][margin:]
    while lines and not lines[-1]:
        lines.pop()
    while lines and not lines[0]:
        lines.pop(0)
    return "\n".join(lines)


def _finddoc(obj):
    if ismethod(obj):
        name = obj.__func__.__name__
        self = obj.__self__
        cls = self if isclass(self) else self.__class__
    elif isfunction(obj):
        name = obj.__name__
        cls = None
        qual = obj.__qualname__.split(".")
        if len(qual) > 1:
            mod = sys.modules.get(obj.__module__)
            c = mod
            try:
                for part in qual[:-1]:
                    c = getattr(c, part)
                cls = c if isclass(c) else None
            except AttributeError:
                cls = None
        if cls is None:
            return None
    elif isinstance(obj, property):
        return None
    else:
        return None
    for base in cls.__mro__:
        try:
            doc = getattr(base, name).__doc__
        except AttributeError:
            continue
        if doc is not None:
            return doc
    return None


def getdoc(object):
    try:
        doc = object.__func__.__doc__ if ismethod(object) else object.__doc__
    except AttributeError:
        return None
    if doc is None:
        if isclass(object):
            for base in object.__mro__[1:]:
                if base is _builtin_object:
                    continue
                d = base.__dict__.get("__doc__")
                if d is not None:
                    doc = d
                    break
        else:
            try:
                doc = _finddoc(object)
            except (AttributeError, TypeError):
                return None
    if not isinstance(doc, str):
        return None
    return cleandoc(doc)


_builtin_object = object


# ------------------------------------------------------------------ source

def getfile(object):
    if ismodule(object):
        f = getattr(object, "__file__", None)
        if isinstance(f, str):
            return f
        raise TypeError("{!r} is a built-in module".format(object))
    if isclass(object):
        if hasattr(object, "__module__"):
            module = sys.modules.get(object.__module__)
            f = getattr(module, "__file__", None)
            if isinstance(f, str):
                return f
            if object.__module__ == "__main__":
                raise OSError("source code not available")
        raise TypeError("{!r} is a built-in class".format(object))
    if ismethod(object):
        object = object.__func__
    if isfunction(object):
        object = object.__code__
    if istraceback(object):
        entries = _flyi_rt.tb_entries(object)
        if entries:
            return entries[0][0]
    if isframe(object):
        object = object.f_code
    if iscode(object):
        return object.co_filename
    raise TypeError("module, class, method, function, traceback, frame, or code object was expected, got {}".format(
        type(object).__name__))


def getmodulename(path):
    fname = os.path.basename(path)
    if fname.endswith(".py"):
        return fname[:-3]
    return None


def getsourcefile(object):
    filename = getfile(object)
    if filename.startswith("<") and filename.endswith(">") and not _code_of(object):
        return None
    if os.path.exists(filename) or _code_of(object) is not None:
        return filename
    return None


def getmodule(object, _filename=None):
    if ismodule(object):
        return object
    if hasattr(object, "__module__"):
        return sys.modules.get(object.__module__)
    if isframe(object):
        return sys.modules.get(object.f_globals.get("__name__"))
    try:
        file = getfile(object)
    except TypeError:
        return None
    for module in list(sys.modules.values()):
        if getattr(module, "__file__", None) == file:
            return module
    return None


def _code_of(object):
    if ismethod(object):
        object = object.__func__
    if isfunction(object):
        return object.__code__
    if isframe(object):
        return object.f_code
    if iscode(object):
        return object
    return None


def _lines_of(object):
    """All lines (with newlines) of the source object came from."""
    code = _code_of(object)
    text = _flyi_rt.code_source(code) if code is not None else None
    if text is None and isclass(object):
        for v in object.__dict__.values():
            c = _code_of(v.__func__ if isinstance(v, (staticmethod, classmethod)) else v)
            if c is not None:
                text = _flyi_rt.code_source(c)
                if text is not None:
                    break
    if text is None:
        file = getfile(object)
        if file.startswith("<frozen") or not os.path.isfile(file):
            raise OSError("could not get source code")
        with open(file) as f:
            text = f.read()
    lines = text.splitlines(True)
    if lines and not lines[-1].endswith("\n"):
        lines[-1] += "\n"
    return lines


def findsource(object):
    lines = _lines_of(object)
    if ismodule(object):
        return lines, 0
    if isclass(object):
        name = object.__name__
        candidates = []
        for i, line in enumerate(lines):
            s = line.lstrip()
            if s.startswith("class ") and (s[6:].lstrip().startswith(name + "(") or s[6:].lstrip().startswith(name + ":")
                                           or s[6:].strip() == name):
                candidates.append((len(line) - len(s), i))
        if not candidates:
            raise OSError("could not find class definition")
        candidates.sort()
        return lines, candidates[0][1]
    code = _code_of(object)
    if code is None:
        raise TypeError("module, class, method, function, traceback, frame, or code object was expected, got {}"
                        .format(type(object).__name__))
    if isframe(object):
        return lines, object.f_lineno - 1
    lnum = code.co_firstlineno - 1
    if lnum >= len(lines):
        raise OSError("lineno is out of bounds")
    # decorators (CPython's co_firstlineno starts at the first one)
    indent = _indent(lines[lnum])
    while lnum > 0 and lines[lnum - 1].strip().startswith("@") and _indent(lines[lnum - 1]) == indent:
        lnum -= 1
    return lines, lnum


def _indent(line):
    return len(line) - len(line.lstrip())


def getblock(lines):
    """The lines of the block (def/class with decorators, or a lambda's line) lines starts with."""
    first = lines[0]
    base = _indent(first)
    i = 0
    # decorators, then the header: up to the line where its brackets balance
    depth = 0
    n = len(lines)
    while i < n:
        s = lines[i].strip()
        depth += _bracket_delta(lines[i])
        i += 1
        if s.startswith("@") and depth <= 0:
            continue
        if depth <= 0:
            break
    hs = lines[i - 1].split("#")[0].rstrip()
    if not hs.endswith(":"):
        return lines[:i]  # a lambda or a one-line def/class
    body_end = i
    j = i
    while j < n:
        line = lines[j]
        if not line.strip():
            j += 1
            continue
        if _indent(line) <= base:
            break
        j += 1
        body_end = j
    return lines[:body_end]


def _bracket_delta(line):
    d = 0
    q = None
    for c in line:
        if q:
            if c == q:
                q = None
            continue
        if c in "'\"":
            q = c
        elif c == "#":
            break
        elif c in "([{":
            d += 1
        elif c in ")]}":
            d -= 1
    return d


def getsourcelines(object):
    object = unwrap(object)
    lines, lnum = findsource(object)
    if istraceback(object):
        object = object
    if isframe(object):
        return lines[lnum:lnum + 1], lnum + 1
    if ismodule(object):
        return lines, 0
    return getblock(lines[lnum:]), lnum + 1


def getsource(object):
    lines, lnum = getsourcelines(object)
    return "".join(lines)


def getcomments(object):
    try:
        lines, lnum = findsource(object)
    except (OSError, TypeError):
        return None
    end = lnum - 1
    comments = []
    while end >= 0 and lines[end].lstrip().startswith("#"):
        comments.insert(0, lines[end].expandtabs().lstrip())
        end -= 1
    return "".join(comments) if comments else None


# ------------------------------------------------------------------ frames

class Traceback(tuple):
    def __new__(cls, filename, lineno, function, code_context, index, *, positions=None):
        instance = tuple.__new__(cls, (filename, lineno, function, code_context, index))
        instance.positions = positions
        return instance

    filename = property(lambda self: self[0])
    lineno = property(lambda self: self[1])
    function = property(lambda self: self[2])
    code_context = property(lambda self: self[3])
    index = property(lambda self: self[4])

    def __repr__(self):
        return ("Traceback(filename={!r}, lineno={!r}, function={!r}, code_context={!r}, index={!r}, "
                "positions={!r})".format(self.filename, self.lineno, self.function, self.code_context, self.index,
                                         self.positions))


class FrameInfo(tuple):
    def __new__(cls, frame, filename, lineno, function, code_context, index, *, positions=None):
        instance = tuple.__new__(cls, (frame, filename, lineno, function, code_context, index))
        instance.positions = positions
        return instance

    frame = property(lambda self: self[0])
    filename = property(lambda self: self[1])
    lineno = property(lambda self: self[2])
    function = property(lambda self: self[3])
    code_context = property(lambda self: self[4])
    index = property(lambda self: self[5])

    def __repr__(self):
        return ("FrameInfo(frame={!r}, filename={!r}, lineno={!r}, function={!r}, code_context={!r}, index={!r}, "
                "positions={!r})".format(self.frame, self.filename, self.lineno, self.function, self.code_context,
                                         self.index, self.positions))


_SKIP = ("<frozen inspect>", "<frozen traceback>")


def currentframe():
    return _traceback._current_frame(_SKIP)


def _context(frame, context):
    if context <= 0:
        return None, None
    try:
        lines = _lines_of(frame)
    except (OSError, TypeError):
        return None, None
    lineno = frame.f_lineno
    start = max(lineno - 1 - context // 2, 0)
    start = max(0, min(start, len(lines) - context))
    return lines[start:start + context], lineno - 1 - start


def getframeinfo(frame, context=1):
    if istraceback(frame):
        e = _flyi_rt.tb_entries(frame)[0]
        lines = None
        return Traceback(e[0], e[1], e[2], [e[3] + "\n"] if e[3] else None, 0 if e[3] else None)
    if not isframe(frame):
        raise TypeError("{!r} is not a frame or traceback object".format(frame))
    code_context, index = _context(frame, context)
    return Traceback(frame.f_code.co_filename, frame.f_lineno, frame.f_code.co_name, code_context, index)


def getlineno(frame):
    return frame.f_lineno


def getouterframes(frame, context=1):
    framelist = []
    while frame:
        info = getframeinfo(frame, context)
        framelist.append(FrameInfo(frame, *info))
        frame = frame.f_back
    return framelist


def getinnerframes(tb, context=1):
    out = []
    for e in _flyi_rt.tb_entries(tb):
        out.append(FrameInfo(None, e[0], e[1], e[2], [e[3] + "\n"] if e[3] else None, 0 if e[3] else None))
    return out


def stack(context=1):
    return getouterframes(_traceback._current_frame(_SKIP), context)


def trace(context=1):
    return getinnerframes(sys.exc_info()[2], context)


# ------------------------------------------------------------------ signatures

class _empty:
    """Marker object for Signature.empty and Parameter.empty."""


class _void:
    """A private marker - used in Parameter & Signature."""


class _ParameterKind(enum.IntEnum):
    POSITIONAL_ONLY = 0
    POSITIONAL_OR_KEYWORD = 1
    VAR_POSITIONAL = 2
    KEYWORD_ONLY = 3
    VAR_KEYWORD = 4

    def __str__(self):
        return self.name

    @property
    def description(self):
        return _PARAM_NAME_MAPPING[self]


_POSITIONAL_ONLY = _ParameterKind.POSITIONAL_ONLY
_POSITIONAL_OR_KEYWORD = _ParameterKind.POSITIONAL_OR_KEYWORD
_VAR_POSITIONAL = _ParameterKind.VAR_POSITIONAL
_KEYWORD_ONLY = _ParameterKind.KEYWORD_ONLY
_VAR_KEYWORD = _ParameterKind.VAR_KEYWORD

_PARAM_NAME_MAPPING = {
    _POSITIONAL_ONLY: "positional-only",
    _POSITIONAL_OR_KEYWORD: "positional or keyword",
    _VAR_POSITIONAL: "variadic positional",
    _KEYWORD_ONLY: "keyword-only",
    _VAR_KEYWORD: "variadic keyword",
}


def formatannotation(annotation, base_module=None):
    if getattr(annotation, "__module__", None) == "typing":
        return repr(annotation).replace("typing.", "")
    if isinstance(annotation, types.GenericAlias if hasattr(types, "GenericAlias") else ()):
        return str(annotation)
    if isinstance(annotation, type):
        if annotation.__module__ in ("builtins", base_module):
            return annotation.__qualname__
        return annotation.__module__ + "." + annotation.__qualname__
    return repr(annotation)


class Parameter:
    __slots__ = ("_name", "_kind", "_default", "_annotation")

    POSITIONAL_ONLY = _POSITIONAL_ONLY
    POSITIONAL_OR_KEYWORD = _POSITIONAL_OR_KEYWORD
    VAR_POSITIONAL = _VAR_POSITIONAL
    KEYWORD_ONLY = _KEYWORD_ONLY
    VAR_KEYWORD = _VAR_KEYWORD

    empty = _empty

    def __init__(self, name, kind, *, default=_empty, annotation=_empty):
        try:
            self._kind = _ParameterKind(kind)
        except ValueError:
            raise ValueError(f"value {kind!r} is not a valid Parameter.kind")
        if default is not _empty:
            if self._kind in (_VAR_POSITIONAL, _VAR_KEYWORD):
                msg = "{} parameters cannot have default values"
                msg = msg.format(self._kind.description)
                raise ValueError(msg)
        self._default = default
        self._annotation = annotation
        if name is _empty:
            raise ValueError("name is a required attribute for Parameter")
        if not isinstance(name, str):
            msg = "name must be a str, not a {}".format(type(name).__name__)
            raise TypeError(msg)
        if name[0] == "." and name[1:].isdigit():
            if self._kind != _POSITIONAL_OR_KEYWORD:
                msg = "implicit arguments must be passed as positional or keyword arguments, not {}"
                msg = msg.format(self._kind.description)
                raise ValueError(msg)
            self._kind = _POSITIONAL_ONLY
            name = "implicit{}".format(name[1:])
        if not name.isidentifier():
            raise ValueError("{!r} is not a valid parameter name".format(name))
        self._name = name

    @property
    def name(self):
        return self._name

    @property
    def default(self):
        return self._default

    @property
    def annotation(self):
        return self._annotation

    @property
    def kind(self):
        return self._kind

    def replace(self, *, name=_void, kind=_void, annotation=_void, default=_void):
        if name is _void:
            name = self._name
        if kind is _void:
            kind = self._kind
        if annotation is _void:
            annotation = self._annotation
        if default is _void:
            default = self._default
        return type(self)(name, kind, default=default, annotation=annotation)

    def __str__(self):
        kind = self.kind
        formatted = self._name
        if self._annotation is not _empty:
            formatted = "{}: {}".format(formatted, formatannotation(self._annotation))
        if self._default is not _empty:
            if self._annotation is not _empty:
                formatted = "{} = {}".format(formatted, repr(self._default))
            else:
                formatted = "{}={}".format(formatted, repr(self._default))
        if kind == _VAR_POSITIONAL:
            formatted = "*" + formatted
        elif kind == _VAR_KEYWORD:
            formatted = "**" + formatted
        return formatted

    def __repr__(self):
        return '<{} "{}">'.format(self.__class__.__name__, self)

    def __hash__(self):
        return hash((self.name, self.kind, self.annotation, self.default))

    def __eq__(self, other):
        if self is other:
            return True
        if not isinstance(other, Parameter):
            return NotImplemented
        return (self._name == other._name and self._kind == other._kind and self._default == other._default
                and self._annotation == other._annotation)


class BoundArguments:
    __slots__ = ("arguments", "_signature", "__weakref__")

    def __init__(self, signature, arguments):
        self.arguments = arguments
        self._signature = signature

    @property
    def signature(self):
        return self._signature

    @property
    def args(self):
        args = []
        for param_name, param in self._signature.parameters.items():
            if param.kind in (_VAR_KEYWORD, _KEYWORD_ONLY):
                break
            try:
                arg = self.arguments[param_name]
            except KeyError:
                break
            else:
                if param.kind == _VAR_POSITIONAL:
                    args.extend(arg)
                else:
                    args.append(arg)
        return tuple(args)

    @property
    def kwargs(self):
        kwargs = {}
        kwargs_started = False
        for param_name, param in self._signature.parameters.items():
            if not kwargs_started:
                if param.kind in (_VAR_KEYWORD, _KEYWORD_ONLY):
                    kwargs_started = True
                else:
                    if param_name not in self.arguments:
                        kwargs_started = True
                        continue
            if not kwargs_started:
                continue
            try:
                arg = self.arguments[param_name]
            except KeyError:
                pass
            else:
                if param.kind == _VAR_KEYWORD:
                    kwargs.update(arg)
                else:
                    kwargs[param_name] = arg
        return kwargs

    def apply_defaults(self):
        arguments = self.arguments
        new_arguments = []
        for name, param in self._signature.parameters.items():
            try:
                new_arguments.append((name, arguments[name]))
            except KeyError:
                if param.default is not _empty:
                    val = param.default
                elif param.kind is _VAR_POSITIONAL:
                    val = ()
                elif param.kind is _VAR_KEYWORD:
                    val = {}
                else:
                    continue
                new_arguments.append((name, val))
        self.arguments = dict(new_arguments)

    def __eq__(self, other):
        if self is other:
            return True
        if not isinstance(other, BoundArguments):
            return NotImplemented
        return self.signature == other.signature and self.arguments == other.arguments

    def __repr__(self):
        args = []
        for arg, value in self.arguments.items():
            args.append("{}={!r}".format(arg, value))
        return "<{} ({})>".format(self.__class__.__name__, ", ".join(args))


class _ParamMap:
    """A read-only ordered mapping of parameter names (Signature.parameters)."""

    __slots__ = ("_d",)

    def __init__(self, d):
        self._d = d

    def __getitem__(self, k):
        return self._d[k]

    def __contains__(self, k):
        return k in self._d

    def __iter__(self):
        return iter(self._d)

    def __len__(self):
        return len(self._d)

    def keys(self):
        return self._d.keys()

    def values(self):
        return self._d.values()

    def items(self):
        return self._d.items()

    def get(self, k, default=None):
        return self._d.get(k, default)

    def copy(self):
        return dict(self._d)

    def __eq__(self, other):
        if isinstance(other, _ParamMap):
            return self._d == other._d
        return self._d == other

    def __repr__(self):
        return "OrderedDict([{}])".format(", ".join("({!r}, {!r})".format(k, v)
                                                    for k, v in self._d.items()))


class Signature:
    __slots__ = ("_return_annotation", "_parameters")

    _parameter_cls = Parameter
    _bound_arguments_cls = BoundArguments

    empty = _empty

    def __init__(self, parameters=None, *, return_annotation=_empty, __validate_parameters__=True):
        if parameters is None:
            params = {}
        else:
            if __validate_parameters__:
                params = {}
                top_kind = _POSITIONAL_ONLY
                seen_default = False
                for param in parameters:
                    kind = param.kind
                    name = param.name
                    if kind < top_kind:
                        msg = ("wrong parameter order: {} parameter before {} parameter"
                               .format(top_kind.description, kind.description))
                        raise ValueError(msg)
                    elif kind > top_kind:
                        top_kind = kind
                    if kind in (_POSITIONAL_ONLY, _POSITIONAL_OR_KEYWORD):
                        if param.default is _empty:
                            if seen_default:
                                msg = "non-default argument follows default argument"
                                raise ValueError(msg)
                        else:
                            seen_default = True
                    if name in params:
                        msg = "duplicate parameter name: {!r}".format(name)
                        raise ValueError(msg)
                    params[name] = param
            else:
                params = dict((param.name, param) for param in parameters)
        self._parameters = _ParamMap(params)
        self._return_annotation = return_annotation

    @classmethod
    def from_callable(cls, obj, *, follow_wrapped=True, globals=None, locals=None, eval_str=False):
        return _signature_from_callable(obj, follow_wrapper_chains=follow_wrapped, sigcls=cls)

    @property
    def parameters(self):
        return self._parameters

    @property
    def return_annotation(self):
        return self._return_annotation

    def replace(self, *, parameters=_void, return_annotation=_void):
        if parameters is _void:
            parameters = self.parameters.values()
        if return_annotation is _void:
            return_annotation = self._return_annotation
        return type(self)(parameters, return_annotation=return_annotation)

    def _hash_basis(self):
        params = tuple(param for param in self.parameters.values() if param.kind != _KEYWORD_ONLY)
        kwo_params = {param.name: param for param in self.parameters.values() if param.kind == _KEYWORD_ONLY}
        return params, frozenset(kwo_params.values()), self.return_annotation

    def __hash__(self):
        params, kwo_params, return_annotation = self._hash_basis()
        kwo_params = frozenset(kwo_params)
        return hash((params, kwo_params, return_annotation))

    def __eq__(self, other):
        if self is other:
            return True
        if not isinstance(other, Signature):
            return NotImplemented
        return self._hash_basis() == other._hash_basis()

    def _bind(self, args, kwargs, *, partial=False):
        arguments = {}
        parameters = iter(self.parameters.values())
        parameters_ex = ()
        arg_vals = iter(args)
        while True:
            try:
                arg_val = next(arg_vals)
            except StopIteration:
                try:
                    param = next(parameters)
                except StopIteration:
                    break
                else:
                    if param.kind == _VAR_POSITIONAL:
                        break
                    elif param.name in kwargs:
                        if param.kind == _POSITIONAL_ONLY:
                            msg = ("{arg!r} parameter is positional only, but was passed as a keyword")
                            msg = msg.format(arg=param.name)
                            raise TypeError(msg) from None
                        parameters_ex = (param,)
                        break
                    elif (param.kind == _VAR_KEYWORD or param.default is not _empty):
                        parameters_ex = (param,)
                        break
                    else:
                        if partial:
                            parameters_ex = (param,)
                            break
                        else:
                            msg = "missing a required argument: {arg!r}"
                            msg = msg.format(arg=param.name)
                            raise TypeError(msg) from None
            else:
                try:
                    param = next(parameters)
                except StopIteration:
                    raise TypeError("too many positional arguments") from None
                else:
                    if param.kind in (_VAR_KEYWORD, _KEYWORD_ONLY):
                        raise TypeError("too many positional arguments") from None
                    if param.kind == _VAR_POSITIONAL:
                        values = [arg_val]
                        values.extend(arg_vals)
                        arguments[param.name] = tuple(values)
                        break
                    if param.name in kwargs and param.kind != _POSITIONAL_ONLY:
                        raise TypeError("multiple values for argument {arg!r}".format(arg=param.name)) from None
                    arguments[param.name] = arg_val
        kwargs_param = None
        for param in list(parameters_ex) + list(parameters):
            if param.kind == _VAR_KEYWORD:
                kwargs_param = param
                continue
            if param.kind == _VAR_POSITIONAL:
                continue
            param_name = param.name
            try:
                arg_val = kwargs.pop(param_name)
            except KeyError:
                if (not partial and param.kind != _VAR_POSITIONAL and param.default is _empty):
                    raise TypeError("missing a required argument: {arg!r}".format(arg=param_name)) from None
            else:
                if param.kind == _POSITIONAL_ONLY:
                    raise TypeError("{arg!r} parameter is positional only, but was passed as a keyword"
                                    .format(arg=param.name))
                arguments[param_name] = arg_val
        if kwargs:
            if kwargs_param is not None:
                arguments[kwargs_param.name] = kwargs
            else:
                raise TypeError("got an unexpected keyword argument {arg!r}".format(arg=next(iter(kwargs))))
        return self._bound_arguments_cls(self, arguments)

    def bind(self, /, *args, **kwargs):
        return self._bind(args, kwargs)

    def bind_partial(self, /, *args, **kwargs):
        return self._bind(args, kwargs, partial=True)

    def __repr__(self):
        return "<{} {}>".format(self.__class__.__name__, self)

    def __str__(self):
        result = []
        render_pos_only_separator = False
        render_kw_only_separator = True
        for param in self.parameters.values():
            formatted = str(param)
            kind = param.kind
            if kind == _POSITIONAL_ONLY:
                render_pos_only_separator = True
            elif render_pos_only_separator:
                result.append("/")
                render_pos_only_separator = False
            if kind == _VAR_POSITIONAL:
                render_kw_only_separator = False
            elif kind == _KEYWORD_ONLY and render_kw_only_separator:
                result.append("*")
                render_kw_only_separator = False
            result.append(formatted)
        if render_pos_only_separator:
            result.append("/")
        rendered = "({})".format(", ".join(result))
        if self.return_annotation is not _empty:
            anno = formatannotation(self.return_annotation)
            rendered += " -> {}".format(anno)
        return rendered


def _signature_from_function(cls, func, skip_bound_arg=True):
    code = func.__code__
    pos_count = code.co_argcount
    arg_names = code.co_varnames
    posonly_count = code.co_posonlyargcount
    positional = arg_names[:pos_count]
    keyword_only_count = code.co_kwonlyargcount
    keyword_only = arg_names[pos_count:pos_count + keyword_only_count]
    annotations = getattr(func, "__annotations__", None) or {}
    defaults = func.__defaults__
    kwdefaults = func.__kwdefaults__
    pos_default_count = len(defaults) if defaults else 0
    parameters = []
    non_default_count = pos_count - pos_default_count
    posonly_left = posonly_count
    for name in positional[:non_default_count]:
        kind = _POSITIONAL_ONLY if posonly_left else _POSITIONAL_OR_KEYWORD
        annotation = annotations.get(name, _empty)
        parameters.append(Parameter(name, annotation=annotation, kind=kind))
        if posonly_left:
            posonly_left -= 1
    for offset, name in enumerate(positional[non_default_count:]):
        kind = _POSITIONAL_ONLY if posonly_left else _POSITIONAL_OR_KEYWORD
        annotation = annotations.get(name, _empty)
        parameters.append(Parameter(name, annotation=annotation, kind=kind, default=defaults[offset]))
        if posonly_left:
            posonly_left -= 1
    idx = pos_count + keyword_only_count
    if code.co_flags & CO_VARARGS:
        name = arg_names[idx]
        annotation = annotations.get(name, _empty)
        parameters.append(Parameter(name, annotation=annotation, kind=_VAR_POSITIONAL))
        idx += 1
    for name in keyword_only:
        default = _empty
        if kwdefaults is not None:
            default = kwdefaults.get(name, _empty)
        annotation = annotations.get(name, _empty)
        parameters.append(Parameter(name, annotation=annotation, kind=_KEYWORD_ONLY, default=default))
    if code.co_flags & CO_VARKEYWORDS:
        name = arg_names[idx]
        annotation = annotations.get(name, _empty)
        parameters.append(Parameter(name, annotation=annotation, kind=_VAR_KEYWORD))
    return cls(parameters, return_annotation=annotations.get("return", _empty), __validate_parameters__=False)


def _signature_bound_method(sig):
    params = tuple(sig.parameters.values())
    if not params or params[0].kind in (_VAR_KEYWORD, _KEYWORD_ONLY):
        raise ValueError("invalid method signature")
    kind = params[0].kind
    if kind in (_POSITIONAL_OR_KEYWORD, _POSITIONAL_ONLY):
        params = params[1:]
    elif kind is not _VAR_POSITIONAL:
        raise ValueError("invalid argument type")
    return sig.replace(parameters=params)


def _signature_get_partial(wrapped_sig, partial, extra_args=()):
    old_params = wrapped_sig.parameters
    new_params = dict(old_params.items())
    partial_args = partial.args or ()
    partial_keywords = partial.keywords or {}
    if extra_args:
        partial_args = extra_args + partial_args
    try:
        ba = wrapped_sig.bind_partial(*partial_args, **partial_keywords)
    except TypeError as ex:
        msg = "partial object {!r} has incorrect arguments".format(partial)
        raise ValueError(msg) from ex
    transform_to_kwonly = False
    for param_name, param in old_params.items():
        try:
            arg_value = ba.arguments[param_name]
        except KeyError:
            pass
        else:
            if param.kind is _POSITIONAL_ONLY:
                new_params.pop(param.name)
                continue
            if param.kind is _POSITIONAL_OR_KEYWORD:
                if param_name in partial_keywords:
                    transform_to_kwonly = True
                    new_params[param_name] = param.replace(default=arg_value)
                else:
                    new_params.pop(param.name)
                    continue
            if param.kind is _KEYWORD_ONLY:
                new_params[param_name] = param.replace(default=arg_value)
        if transform_to_kwonly:
            assert param.kind is not _POSITIONAL_ONLY
            if param.kind is _POSITIONAL_OR_KEYWORD:
                new_param = new_params[param_name].replace(kind=_KEYWORD_ONLY)
                new_params[param_name] = new_param
                new_params.pop(param_name)
                new_params[param_name] = new_param
            elif param.kind in (_KEYWORD_ONLY, _VAR_KEYWORD):
                new_params.pop(param_name)
                new_params[param_name] = param
    return wrapped_sig.replace(parameters=new_params.values())


def _signature_from_callable(obj, *, follow_wrapper_chains=True, skip_bound_arg=True, sigcls=None):
    if sigcls is None:
        sigcls = Signature
    if not callable(obj):
        raise TypeError("{!r} is not a callable object".format(obj))
    if isinstance(obj, types.MethodType):
        sig = _signature_from_callable(obj.__func__, follow_wrapper_chains=follow_wrapper_chains,
                                       skip_bound_arg=skip_bound_arg, sigcls=sigcls)
        if skip_bound_arg:
            return _signature_bound_method(sig)
        return sig
    if follow_wrapper_chains:
        obj = unwrap(obj, stop=(lambda f: hasattr(f, "__signature__")))
        if isinstance(obj, types.MethodType):
            return _signature_from_callable(obj, follow_wrapper_chains=follow_wrapper_chains,
                                            skip_bound_arg=skip_bound_arg, sigcls=sigcls)
    try:
        sig = obj.__signature__
    except AttributeError:
        pass
    else:
        if sig is not None:
            if not isinstance(sig, Signature):
                raise TypeError("unexpected object {!r} in __signature__ attribute".format(sig))
            return sig
    if isfunction(obj):
        return _signature_from_function(sigcls, obj, skip_bound_arg=skip_bound_arg)
    if isinstance(obj, functools.partial):
        wrapped_sig = _signature_from_callable(obj.func, follow_wrapper_chains=follow_wrapper_chains,
                                               skip_bound_arg=skip_bound_arg, sigcls=sigcls)
        return _signature_get_partial(wrapped_sig, obj)
    if isbuiltin(obj) or ismethoddescriptor(obj):
        sig = _signature_from_doc(obj, sigcls)
        if sig is not None:
            return sig
        raise ValueError("no signature found for builtin {!r}".format(obj))
    if isinstance(obj, type):
        for name in ("__call__",):
            for base in type(obj).__mro__:
                if base is type or base is object:
                    break
                if name in base.__dict__:
                    return _signature_from_callable(base.__dict__[name].__get__(obj, type(obj)), sigcls=sigcls)
        for base in obj.__mro__:
            if "__new__" in base.__dict__ and base is not object and isfunction(
                    _unwrap_static(base.__dict__["__new__"])):
                if "__init__" in base.__dict__ and isfunction(base.__dict__["__init__"]):
                    break
                fn = _unwrap_static(base.__dict__["__new__"])
                sig = _signature_from_callable(fn, sigcls=sigcls)
                return _signature_bound_method(sig)
            if "__init__" in base.__dict__ and base is not object:
                init = base.__dict__["__init__"]
                if isfunction(init):
                    sig = _signature_from_callable(init, sigcls=sigcls)
                    return _signature_bound_method(sig)
                break
        if obj.__init__ is object.__init__ and obj.__new__ is object.__new__:
            return sigcls.from_callable(_object_sig)
        raise ValueError("no signature found for builtin type {!r}".format(obj))
    call = getattr(type(obj), "__call__", None)
    if call is not None and isfunction(call):
        sig = _signature_from_callable(call, sigcls=sigcls)
        return _signature_bound_method(sig) if skip_bound_arg else sig
    if isinstance(obj, (staticmethod, classmethod)):
        return _signature_from_callable(obj.__func__, sigcls=sigcls)
    raise ValueError("callable {!r} is not supported by signature".format(obj))


def _signature_from_doc(obj, sigcls):
    """A builtin's signature from the first line of its docstring, "name(params)" (flyi's
    builtins document their signature there, where CPython has __text_signature__)."""
    doc = getattr(obj, "__doc__", None)
    name = getattr(obj, "__name__", None)
    if not isinstance(doc, str) or not name:
        return None
    first = doc.split("\n", 1)[0].strip()
    if not first.startswith(name + "(") or not first.endswith(")"):
        return None
    params = first[len(name) + 1:-1]
    if type(obj).__name__ == "method_descriptor":
        params = "self, " + params if params else "self"
    ns = {}
    try:
        exec("def _sig({}): pass".format(params), ns)
    except Exception:
        return None
    return _signature_from_function(sigcls, ns["_sig"])


def _unwrap_static(f):
    return f.__func__ if isinstance(f, staticmethod) else f


def _object_sig():
    pass


def signature(obj, *, follow_wrapped=True, globals=None, locals=None, eval_str=False):
    return Signature.from_callable(obj, follow_wrapped=follow_wrapped, globals=globals, locals=locals,
                                   eval_str=eval_str)


def get_annotations(obj, *, globals=None, locals=None, eval_str=False):
    if isinstance(obj, type):
        ann = obj.__dict__.get("__annotations__", None)
    elif isinstance(obj, types.ModuleType):
        ann = getattr(obj, "__annotations__", None)
    elif callable(obj):
        ann = getattr(obj, "__annotations__", None)
    else:
        raise TypeError(f"{obj!r} is not a module, class, or callable.")
    if ann is None:
        return {}
    return dict(ann)


FullArgSpec = collections.namedtuple("FullArgSpec",
                                     "args, varargs, varkw, defaults, kwonlyargs, kwonlydefaults, annotations")
ArgInfo = collections.namedtuple("ArgInfo", "args varargs keywords locals")


def getfullargspec(func):
    try:
        sig = _signature_from_callable(func, follow_wrapper_chains=False, skip_bound_arg=False)
    except Exception as ex:
        raise TypeError("unsupported callable") from ex
    args = []
    varargs = None
    varkw = None
    posonlyargs = []
    kwonlyargs = []
    annotations = {}
    defaults = ()
    kwdefaults = {}
    if sig.return_annotation is not sig.empty:
        annotations["return"] = sig.return_annotation
    for param in sig.parameters.values():
        kind = param.kind
        name = param.name
        if kind is _POSITIONAL_ONLY:
            posonlyargs.append(name)
            if param.default is not param.empty:
                defaults += (param.default,)
        elif kind is _POSITIONAL_OR_KEYWORD:
            args.append(name)
            if param.default is not param.empty:
                defaults += (param.default,)
        elif kind is _VAR_POSITIONAL:
            varargs = name
        elif kind is _KEYWORD_ONLY:
            kwonlyargs.append(name)
            if param.default is not param.empty:
                kwdefaults[name] = param.default
        elif kind is _VAR_KEYWORD:
            varkw = name
        if param.annotation is not param.empty:
            annotations[name] = param.annotation
    if not kwdefaults:
        kwdefaults = None
    if not defaults:
        defaults = None
    return FullArgSpec(posonlyargs + args, varargs, varkw, defaults, kwonlyargs, kwdefaults, annotations)


def _missing_arguments(f_name, argnames, pos, values):
    names = [repr(name) for name in argnames if name not in values]
    missing = len(names)
    if missing == 1:
        s = names[0]
    elif missing == 2:
        s = "{} and {}".format(*names)
    else:
        tail = ", {} and {}".format(*names[-2:])
        del names[-2:]
        s = ", ".join(names) + tail
    raise TypeError("%s() missing %i required %s argument%s: %s" % (f_name, missing,
                    "positional" if pos else "keyword-only", "" if missing == 1 else "s", s))


def _too_many(f_name, args, kwonly, varargs, defcount, given, values):
    atleast = len(args) - defcount
    kwonly_given = len([arg for arg in kwonly if arg in values])
    if varargs:
        plural = atleast != 1
        sig = "at least %d" % (atleast,)
    elif defcount:
        plural = True
        sig = "from %d to %d" % (atleast, len(args))
    else:
        plural = len(args) != 1
        sig = str(len(args))
    kwonly_sig = ""
    if kwonly_given:
        msg = " positional argument%s (and %d keyword-only argument%s)"
        kwonly_sig = (msg % ("s" if given != 1 else "", kwonly_given, "s" if kwonly_given != 1 else ""))
    raise TypeError("%s() takes %s positional argument%s but %d%s %s given" %
                    (f_name, sig, "s" if plural else "", given, kwonly_sig,
                     "was" if given == 1 and not kwonly_given else "were"))


def getcallargs(func, /, *positional, **named):
    """The arguments a call would bind, by parameter name (bound methods include self)."""
    spec = getfullargspec(func)
    args, varargs, varkw, defaults, kwonlyargs, kwonlydefaults, ann = spec
    f_name = func.__name__
    arg2value = {}
    if ismethod(func) and func.__self__ is not None:
        positional = (func.__self__,) + positional
    num_pos = len(positional)
    num_args = len(args)
    num_defaults = len(defaults) if defaults else 0
    n = min(num_pos, num_args)
    for i in range(n):
        arg2value[args[i]] = positional[i]
    if varargs:
        arg2value[varargs] = tuple(positional[n:])
    possible_kwargs = set(args + kwonlyargs)
    if varkw:
        arg2value[varkw] = {}
    for kw, value in named.items():
        if kw not in possible_kwargs:
            if not varkw:
                raise TypeError("%s() got an unexpected keyword argument %r" % (f_name, kw))
            arg2value[varkw][kw] = value
            continue
        if kw in arg2value:
            raise TypeError("%s() got multiple values for argument %r" % (f_name, kw))
        arg2value[kw] = value
    if num_pos > num_args and not varargs:
        _too_many(f_name, args, kwonlyargs, varargs, num_defaults, num_pos, arg2value)
    if num_pos < num_args:
        req = args[:num_args - num_defaults]
        for arg in req:
            if arg not in arg2value:
                _missing_arguments(f_name, req, True, arg2value)
        for i, arg in enumerate(args[num_args - num_defaults:]):
            if arg not in arg2value:
                arg2value[arg] = defaults[i]
    missing = 0
    for kwarg in kwonlyargs:
        if kwarg not in arg2value:
            if kwonlydefaults and kwarg in kwonlydefaults:
                arg2value[kwarg] = kwonlydefaults[kwarg]
            else:
                missing += 1
    if missing:
        _missing_arguments(f_name, kwonlyargs, False, arg2value)
    return arg2value


def getargvalues(frame):
    code = frame.f_code
    names = list(code.co_varnames[:code.co_argcount + code.co_kwonlyargcount])
    idx = code.co_argcount + code.co_kwonlyargcount
    varargs = varkw = None
    if code.co_flags & CO_VARARGS:
        varargs = code.co_varnames[idx]
        idx += 1
    if code.co_flags & CO_VARKEYWORDS:
        varkw = code.co_varnames[idx]
    return ArgInfo(names, varargs, varkw, frame.f_locals)


ClosureVars = collections.namedtuple("ClosureVars", "nonlocals globals builtins unbound")


def getclosurevars(func):
    if ismethod(func):
        func = func.__func__
    code = func.__code__
    nonlocal_vars = {}
    if func.__closure__:
        nonlocal_vars = {var: cell.cell_contents for var, cell in zip(code.co_freevars, func.__closure__)}
    global_ns = func.__globals__
    global_vars = {}
    builtin_vars = {}
    unbound_names = set()
    return ClosureVars(nonlocal_vars, global_vars, builtin_vars, unbound_names)

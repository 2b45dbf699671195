"""_pytest_api - what test files use from `pytest`: outcomes (skip, fail, xfail), marks and
parametrize values, the fixture decorator, raises/warns, approx, importorskip."""

import sys


# ------------------------------------------------------------------ outcomes

class OutcomeException(BaseException):
    def __init__(self, msg=None, pytrace=True):
        BaseException.__init__(self, msg)
        self.msg = msg
        self.pytrace = pytrace

    def __repr__(self):
        if self.msg is not None:
            return self.msg
        return "<%s instance>" % type(self).__name__

    __str__ = __repr__


class Skipped(OutcomeException):
    def __init__(self, msg=None, pytrace=True, allow_module_level=False):
        OutcomeException.__init__(self, msg, pytrace)
        self.allow_module_level = allow_module_level


class Failed(OutcomeException):
    pass


class XFailed(Failed):
    pass


class Exit(Exception):
    def __init__(self, msg="unknown reason", returncode=None):
        Exception.__init__(self, msg)
        self.msg = msg
        self.returncode = returncode


def skip(reason="", allow_module_level=False, msg=None):
    raise Skipped(msg if msg is not None else reason, allow_module_level=allow_module_level)


def fail(reason="", pytrace=True, msg=None):
    raise Failed(msg if msg is not None else reason, pytrace)


def xfail(reason=""):
    raise XFailed(reason)


def exit(reason="", returncode=None, msg=None):
    raise Exit(msg if msg is not None else reason, returncode)


# shown as "Failed: msg" in reports, as pytest does
for _c in (OutcomeException, Skipped, Failed, XFailed, Exit):
    _c.__module__ = "builtins"

skip.Exception = Skipped
fail.Exception = Failed
xfail.Exception = XFailed
exit.Exception = Exit


def importorskip(modname, minversion=None, reason=None):
    try:
        __import__(modname)
    except ImportError as exc:
        if reason is None:
            reason = "could not import %r: %s" % (modname, exc)
        raise Skipped(reason, allow_module_level=True)
    mod = sys.modules[modname]
    if minversion is not None:
        have = getattr(mod, "__version__", None)
        if have is None or _version_tuple(have) < _version_tuple(minversion):
            raise Skipped("module %r has __version__ %r, required is: %r" % (modname, have, minversion),
                          allow_module_level=True)
    return mod


def _version_tuple(v):
    out = []
    for part in str(v).split("."):
        digits = ""
        for ch in part:
            if ch.isdigit():
                digits += ch
            else:
                break
        out.append(int(digits) if digits else 0)
    return tuple(out)


# ------------------------------------------------------------------ marks

class Mark:
    def __init__(self, name, args, kwargs):
        self.name = name
        self.args = args
        self.kwargs = kwargs

    def __repr__(self):
        return "Mark(name=%r, args=%r, kwargs=%r)" % (self.name, self.args, self.kwargs)

    def combined_with(self, other):
        kw = dict(self.kwargs)
        kw.update(other.kwargs)
        return Mark(self.name, self.args + other.args, kw)


def _store_mark(obj, mark):
    marks = list(getattr(obj, "pytestmark", None) or [])
    if not isinstance(getattr(obj, "pytestmark", None), (list, tuple)) and getattr(obj, "pytestmark", None):
        marks = [obj.pytestmark]
    marks.append(mark)
    obj.pytestmark = marks


def get_marks(obj):
    """The marks stored on a function, class or module (pytestmark), in application order."""
    m = getattr(obj, "pytestmark", None)
    if m is None:
        return []
    if not isinstance(m, (list, tuple)):
        m = [m]
    out = []
    for x in m:
        if isinstance(x, MarkDecorator):
            x = x.mark
        if isinstance(x, Mark):
            out.append(x)
    return out


class MarkDecorator:
    def __init__(self, mark):
        self.mark = mark

    @property
    def name(self):
        return self.mark.name

    @property
    def args(self):
        return self.mark.args

    @property
    def kwargs(self):
        return self.mark.kwargs

    def __repr__(self):
        return "<MarkDecorator %r>" % (self.mark,)

    def with_args(self, *args, **kwargs):
        kw = dict(self.mark.kwargs)
        kw.update(kwargs)
        return MarkDecorator(Mark(self.mark.name, self.mark.args + args, kw))

    def __call__(self, *args, **kwargs):
        if args and not kwargs and len(args) == 1:
            func = args[0]
            if isinstance(func, type) or (callable(func) and hasattr(func, "__name__")
                                          and getattr(func, "__name__", "") != "<lambda>"):
                _store_mark(func, self.mark)
                return func
        return self.with_args(*args, **kwargs)


class MarkGenerator:
    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        return MarkDecorator(Mark(name, (), {}))


mark = MarkGenerator()


class ParameterSet:
    def __init__(self, values, marks, id):
        self.values = values
        self.marks = marks
        self.id = id

    def __repr__(self):
        return "ParameterSet(values=%r, marks=%r, id=%r)" % (self.values, self.marks, self.id)


def param(*values, marks=(), id=None):
    if isinstance(marks, MarkDecorator):
        marks = (marks,)
    out = []
    for m in marks:
        out.append(m.mark if isinstance(m, MarkDecorator) else m)
    if id is not None and not isinstance(id, str):
        raise TypeError("Expected id to be a string, got %s: %r" % (type(id), id))
    return ParameterSet(tuple(values), out, id)


# ------------------------------------------------------------------ fixtures (the decorator)

class FixtureFunctionMarker:
    def __init__(self, scope="function", params=None, autouse=False, ids=None, name=None):
        self.scope = scope
        self.params = list(params) if params is not None else None
        self.autouse = autouse
        self.ids = ids
        self.name = name

    def __call__(self, function):
        function._pytestfixturefunction = self
        return function


def fixture(fixture_function=None, *, scope="function", params=None, autouse=False, ids=None, name=None):
    m = FixtureFunctionMarker(scope, params, autouse, ids, name)
    if fixture_function is not None:
        return m(fixture_function)
    return m


def yield_fixture(fixture_function=None, **kw):
    return fixture(fixture_function, **kw)


# ------------------------------------------------------------------ raises / warns

def _re_search(pattern, text):
    try:
        import re
    except ImportError:
        return pattern in text
    return re.search(pattern, text) is not None


class ExceptionInfo:
    def __init__(self, excinfo=None):
        self._excinfo = excinfo

    @property
    def type(self):
        return self._excinfo[0]

    @property
    def value(self):
        return self._excinfo[1]

    @property
    def tb(self):
        return self._excinfo[2]

    @property
    def typename(self):
        return self.type.__name__

    def exconly(self, tryshort=False):
        text = str(self.value)
        return self.typename + (": " + text if text else "")

    def errisinstance(self, exc):
        return isinstance(self.value, exc)

    def match(self, regexp):
        value = str(self.value)
        if not _re_search(regexp, value):
            msg = "Regex pattern did not match.\n Regex: %r\n Input: %r" % (regexp, value)
            if regexp == value:
                msg += "\n Did you mean to `re.escape()` the regex?"
            raise AssertionError(msg)
        return True

    def __repr__(self):
        if self._excinfo is None:
            return "<ExceptionInfo for raises contextmanager>"
        return "<ExceptionInfo %s tblen=1>" % saferepr_short(self.value)


def saferepr_short(v):
    try:
        return repr(v)
    except Exception:
        return "<unrepresentable>"


def _exc_names(expected):
    if isinstance(expected, tuple):
        return "(" + ", ".join(e.__name__ for e in expected) + ")"
    return expected.__name__


class RaisesContext:
    def __init__(self, expected, message, match):
        self.expected = expected
        self.message = message
        self.match_expr = match
        self.excinfo = None

    def __enter__(self):
        self.excinfo = ExceptionInfo()
        return self.excinfo

    def __exit__(self, exc_type, exc_val, exc_tb):
        if exc_type is None:
            fail(self.message)
        if not issubclass(exc_type, self.expected):
            return False
        self.excinfo._excinfo = (exc_type, exc_val, exc_tb)
        if self.match_expr is not None:
            self.excinfo.match(self.match_expr)
        return True


def raises(expected_exception, *args, match=None, **kwargs):
    if not isinstance(expected_exception, tuple):
        excs = (expected_exception,)
    else:
        excs = expected_exception
    for e in excs:
        if not (isinstance(e, type) and issubclass(e, BaseException)):
            raise TypeError("expected exception must be a BaseException type, not %s" % type(e).__name__)
    message = "DID NOT RAISE %s" % (expected_exception,)
    if not args:
        if kwargs:
            raise TypeError("Unexpected keyword arguments passed to pytest.raises: %s" % ", ".join(sorted(kwargs)))
        return RaisesContext(expected_exception, message, match)
    func = args[0]
    if not callable(func):
        raise TypeError("%r object (type: %s) must be callable" % (func, type(func)))
    try:
        func(*args[1:], **kwargs)
    except expected_exception as e:
        return ExceptionInfo((type(e), e, e.__traceback__))
    fail(message)


def _qualname(t):
    mod = getattr(t, "__module__", "builtins")
    if mod in ("builtins", None):
        return t.__name__
    return mod + "." + t.__name__


class WarningsChecker:
    def __init__(self, expected_warning=None, match_expr=None):
        self.expected_warning = expected_warning
        self.match_expr = match_expr
        self._list = []
        self._cm = None

    def __enter__(self):
        import warnings
        self._cm = warnings.catch_warnings(record=True)
        self._list = self._cm.__enter__()
        warnings.simplefilter("always")
        return self

    def __exit__(self, exc_type, exc_val, exc_tb):
        self._cm.__exit__(exc_type, exc_val, exc_tb)
        if exc_type is not None or self.expected_warning is None:
            return False
        exp = self.expected_warning
        found = False
        for w in self._list:
            if issubclass(w.category, exp):
                if self.match_expr is None or _re_search(self.match_expr, str(w.message)):
                    found = True
                    break
        if not found:
            tup = exp if isinstance(exp, tuple) else (exp,)
            msgs = [w.message for w in self._list]
            if not any(issubclass(w.category, exp) for w in self._list):
                fail("DID NOT WARN. No warnings of type %s were emitted.\nThe list of emitted warnings is: %s."
                     % (tup, msgs))
            fail("DID NOT WARN. No warnings of type %s matching the regex were emitted.\n Regex: %s\n "
                 "Emitted warnings: %s" % (tup, self.match_expr, msgs))
        return False

    # WarningsRecorder's list interface (recwarn)
    @property
    def list(self):
        return self._list

    def __getitem__(self, i):
        return self._list[i]

    def __iter__(self):
        return iter(self._list)

    def __len__(self):
        return len(self._list)

    def pop(self, cls=Warning):
        for i, w in enumerate(self._list):
            if issubclass(w.category, cls):
                return self._list.pop(i)
        raise AssertionError("%r not found in warning list" % cls)

    def clear(self):
        del self._list[:]


def warns(expected_warning=Warning, *args, match=None, **kwargs):
    if not args:
        return WarningsChecker(expected_warning, match)
    func = args[0]
    with WarningsChecker(expected_warning, match):
        return func(*args[1:], **kwargs)


def deprecated_call(func=None, *args, **kwargs):
    pending = getattr(__import__("builtins"), "PendingDeprecationWarning", DeprecationWarning)
    if func is None:
        return warns((DeprecationWarning, pending))
    return warns((DeprecationWarning, pending), func, *args, **kwargs)

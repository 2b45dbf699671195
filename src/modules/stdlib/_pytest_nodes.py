"""_pytest_nodes - the collection tree: modules (imported with their asserts rewritten),
classes, test functions and their parametrization (ids as pytest makes them), conftest
loading, node ids, marks, -k and -m expressions."""

import os
import sys

import _pytest_api as api
import _pytest_fixtures as fx

REWRITE_FLAG = 0x40000000


# ------------------------------------------------------------------ importing test files

def read_source(path):
    with open(path) as f:
        return f.read()


def _module_name_for(path):
    """pytest's "prepend" import mode: the first folder upwards without __init__.py goes on
    sys.path; the module name is the dotted path from there."""
    path = os.path.abspath(path)
    d = os.path.dirname(path)
    names = [os.path.splitext(os.path.basename(path))[0]]
    while os.path.isfile(os.path.join(d, "__init__.py")):
        names.insert(0, os.path.basename(d))
        parent = os.path.dirname(d)
        if parent == d:
            break
        d = parent
    if names[-1] == "__init__":
        names.pop()
    return d, ".".join(names)


def import_test_file(path, fresh=False):
    """Import a test file or conftest with rewritten asserts; returns the module."""
    import types
    basedir, modname = _module_name_for(path)
    if basedir not in sys.path:
        sys.path.insert(0, basedir)
    if "." in modname:
        pkg = modname.rpartition(".")[0]
        __import__(pkg)
    existing = sys.modules.get(modname)
    if existing is not None and not fresh:
        f = getattr(existing, "__file__", None)
        if f and os.path.abspath(f) == os.path.abspath(path):
            return existing
        if f is not None:
            raise ImportPathMismatch(modname, f, path)
    src = read_source(path)
    code = compile(src, path, "exec", REWRITE_FLAG)
    mod = types.ModuleType(modname)
    mod.__file__ = path
    mod.__dict__["__builtins__"] = __builtins__
    if "." in modname:
        mod.__package__ = modname.rpartition(".")[0]
    else:
        mod.__package__ = ""
    sys.modules[modname] = mod
    try:
        exec(code, mod.__dict__)
    except BaseException:
        if sys.modules.get(modname) is mod:
            del sys.modules[modname]
        raise
    if "." in modname:
        parent = sys.modules.get(modname.rpartition(".")[0])
        if parent is not None:
            setattr(parent, modname.rpartition(".")[2], mod)
    return sys.modules.get(modname, mod)


class ImportPathMismatch(ImportError):
    def __init__(self, name, have, want):
        ImportError.__init__(self, name, have, want)
        self.modname = name
        self.have = have
        self.want = want


# ------------------------------------------------------------------ nodes

class LocalPath(str):
    """py.path.local's few names tests use (item.fspath.basename, .dirname, .strpath)."""

    @property
    def strpath(self):
        return str(self)

    @property
    def basename(self):
        return os.path.basename(self)

    @property
    def dirname(self):
        return os.path.dirname(self)

    @property
    def purebasename(self):
        return os.path.splitext(os.path.basename(self))[0]

    @property
    def ext(self):
        return os.path.splitext(self)[1]

    def join(self, *parts):
        return LocalPath(os.path.join(str(self), *[str(p) for p in parts]))

    def dirpath(self):
        return LocalPath(os.path.dirname(self))

    def check(self, file=None, dir=None, exists=None):
        if file:
            return os.path.isfile(self)
        if dir:
            return os.path.isdir(self)
        return os.path.exists(self)


class Node:
    kind = "node"

    def __init__(self, name, parent, session, nodeid=None):
        self.name = name
        self.parent = parent
        self.session = session
        self.config = session.config if session is not None else None
        if nodeid is None:
            nodeid = parent.nodeid + "::" + name if parent is not None and parent.nodeid else name
        self.nodeid = nodeid
        self.own_markers = []
        self.keywords = {}
        self.user_properties = []
        self.extra_keyword_matches = set()

    def listchain(self):
        chain, n = [], self
        while n is not None:
            chain.insert(0, n)
            n = n.parent
        return chain

    def parent_of_kind(self, kind):
        n = self
        while n is not None:
            if n.kind == kind:
                return n
            n = n.parent
        return None

    def add_marker(self, marker, append=True):
        if isinstance(marker, str):
            marker = api.Mark(marker, (), {})
        elif isinstance(marker, api.MarkDecorator):
            marker = marker.mark
        if append:
            self.own_markers.append(marker)
        else:
            self.own_markers.insert(0, marker)
        self.keywords[marker.name] = marker

    def iter_markers(self, name=None):
        for node in reversed(self.listchain()):
            for m in node.own_markers:
                if name is None or m.name == name:
                    yield m

    def iter_markers_with_node(self, name=None):
        for node in reversed(self.listchain()):
            for m in node.own_markers:
                if name is None or m.name == name:
                    yield node, m

    def get_closest_marker(self, name, default=None):
        for m in self.iter_markers(name):
            return m
        return default

    def __repr__(self):
        return "<%s %s>" % (type(self).__name__, self.name)


class Session(Node):
    kind = "session"


class Dir(Node):
    kind = "dir"


class Module(Node):
    kind = "module"

    def __init__(self, path, parent, session, nodeid):
        Node.__init__(self, os.path.basename(path), parent, session, nodeid)
        self.path = path
        self.fspath = LocalPath(path)
        self.obj = None

    def load(self):
        self.obj = import_test_file(self.path)
        for m in api.get_marks(self.obj):
            self.add_marker(m)
        self.session.fm.parse_holder(self.obj, self.nodeid)
        return self.obj


class Class(Node):
    kind = "class"

    def __init__(self, name, parent, session, obj):
        Node.__init__(self, name, parent, session)
        self.obj = obj
        for m in api.get_marks(obj):
            self.add_marker(m)


class CallSpec:
    def __init__(self):
        self.params = {}
        self.indices = {}
        self.ids = []
        self.marks = []
        self.direct = {}

    def copy(self):
        c = CallSpec()
        c.params = dict(self.params)
        c.indices = dict(self.indices)
        c.ids = list(self.ids)
        c.marks = list(self.marks)
        c.direct = dict(self.direct)
        return c

    @property
    def id(self):
        return "-".join(self.ids)

    def getparam(self, name):
        return self.params[name]


class Function(Node):
    kind = "function"

    def __init__(self, name, parent, session, obj, cls, callspec, originalname, fixturenames):
        Node.__init__(self, name, parent, session)
        self.obj = obj
        self.cls = cls
        self.callspec = callspec
        self.originalname = originalname
        self.fixturenames = fixturenames
        self.instance = None
        self.funcargs = {}
        mod = parent.parent_of_kind("module")
        self.module = mod.obj
        self.path = mod.path
        self.fspath = mod.fspath
        for m in api.get_marks(obj):
            self.add_marker(m)
        if callspec is not None:
            for m in callspec.marks:
                self.add_marker(m)
        for node in self.listchain():
            for m in node.own_markers:
                self.keywords[m.name] = m
        self.keywords[name] = True
        if cls is not None:
            self.keywords[cls.__name__] = True
        self.keywords[mod.name] = True

    @property
    def location(self):
        code = getattr(getattr(self.obj, "__func__", self.obj), "__code__", None)
        line = code.co_firstlineno - 1 if code is not None else 0
        return self.session.relpath(self.path), line, self.getmodpath()

    def getmodpath(self):
        parts = []
        n = self.parent
        while n is not None and n.kind == "class":
            parts.insert(0, n.name)
            n = n.parent
        parts.append(self.name)
        return ".".join(parts)

    def reportinfo(self):
        return self.location


# ------------------------------------------------------------------ test ids

def _ascii_escaped(s):
    out = []
    for ch in s:
        o = ord(ch)
        if 32 <= o < 127:
            out.append(ch)
        elif ch == "\t":
            out.append("\\t")
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\r":
            out.append("\\r")
        elif o < 256:
            out.append("\\x%02x" % o)
        elif o < 65536:
            out.append("\\u%04x" % o)
        else:
            out.append("\\U%08x" % o)
    return "".join(out)


def idval_from_value(val):
    if isinstance(val, str):
        return _ascii_escaped(val)
    if isinstance(val, bytes):
        return "".join(chr(b) if 32 <= b < 127 else "\\x%02x" % b for b in val)
    if val is None or isinstance(val, (float, int, bool, complex)):
        return str(val)
    try:
        import enum
        if isinstance(val, enum.Enum):
            return str(val)
    except ImportError:
        pass
    name = getattr(val, "__name__", None)
    if isinstance(name, str) and (isinstance(val, type) or callable(val)):
        return name
    return None


def idval(val, argname, idx, idfn):
    if idfn is not None:
        try:
            s = idfn(val)
        except Exception:
            s = None
        if s is not None:
            v = idval_from_value(s)
            if v is not None:
                return v
    v = idval_from_value(val)
    if v is not None:
        return v
    return argname + str(idx)


def unique_ids(ids):
    counts = {}
    for i in ids:
        counts[i] = counts.get(i, 0) + 1
    if all(c == 1 for c in counts.values()):
        return ids
    suffix = {}
    out = []
    for i in ids:
        if counts[i] > 1:
            n = suffix.get(i, 0)
            out.append("%s%d" % (i, n))
            suffix[i] = n + 1
        else:
            out.append(i)
    return out


def _argnames(argnames):
    if isinstance(argnames, str):
        return [x.strip() for x in argnames.split(",") if x.strip()]
    return list(argnames)


def parametrize_sets(argnames, argvalues):
    """ParameterSets of one parametrize call."""
    names = _argnames(argnames)
    out = []
    for v in argvalues:
        if isinstance(v, api.ParameterSet):
            vals = v.values
            if len(names) == 1 and len(vals) != 1:
                vals = (vals,)
            out.append(api.ParameterSet(tuple(vals), list(v.marks), v.id))
        elif len(names) == 1:
            out.append(api.ParameterSet((v,), [], None))
        else:
            out.append(api.ParameterSet(tuple(v), [], None))
    return names, out


class Metafunc:
    """What pytest_generate_tests(metafunc) receives; also used for the marks themselves."""

    def __init__(self, function, fixturenames, cls, module, config, definition=None):
        self.function = function
        self.fixturenames = fixturenames
        self.cls = cls
        self.module = module
        self.config = config
        self.definition = definition
        self._calls = []

    def parametrize(self, argnames, argvalues, indirect=False, ids=None, scope=None, _fixture=False):
        names, sets = parametrize_sets(argnames, argvalues)
        funcname = getattr(self.function, "__name__", "?")
        for s in sets:
            if len(s.values) != len(names):
                api.fail("%s: in \"parametrize\" the number of names (%d):\n  %s\nmust be equal to the number "
                         "of values (%d):\n  %s" % (funcname, len(names), names, len(s.values), s.values),
                         pytrace=False)
        for n in names:
            if n not in self.fixturenames and not (indirect is True or (isinstance(indirect, (list, tuple))
                                                                         and n in indirect)):
                api.fail("In %s: function uses no argument '%s'" % (funcname, n), pytrace=False)
        idfn = ids if callable(ids) else None
        idlist = list(ids) if ids is not None and not callable(ids) else None
        if idlist is not None and len(idlist) != len(sets):
            api.fail("In %s: %d parameter sets specified, with different number of ids: %d"
                     % (funcname, len(sets), len(idlist)), pytrace=False)
        resolved = []
        for i, s in enumerate(sets):
            if s.id is not None:
                resolved.append(s.id)
            elif idlist is not None and idlist[i] is not None:
                v = idval_from_value(idlist[i])
                resolved.append(v if v is not None else names[0] + str(i))
            else:
                resolved.append("-".join(idval(v, n, i, idfn) for v, n in zip(s.values, names)))
        resolved = unique_ids(resolved)
        if not sets:
            # an empty parameter list: one skipped test
            code = getattr(self.function, "__code__", None)
            where = "%s:%d" % (code.co_filename, code.co_firstlineno - 1) if code is not None else "?"
            sets = [api.ParameterSet(tuple(None for _ in names),
                                     [api.Mark("skip", (), {"reason": "got empty parameter set %r, function %s at "
                                                                      "%s" % (names, funcname, where)})], None)]
            resolved = ["-".join(n + "0" for n in names)]
        new = []
        for cs in self._calls or [CallSpec()]:
            for i, s in enumerate(sets):
                c = cs.copy()
                for n, v in zip(names, s.values):
                    if n in c.params:
                        raise ValueError("duplicate %r" % n)
                    c.params[n] = v
                    c.indices[n] = i
                    direct = not (indirect is True or (isinstance(indirect, (list, tuple)) and n in indirect))
                    c.direct[n] = direct and not _fixture
                c.ids.append(resolved[i])
                c.marks.extend(s.marks)
                new.append(c)
        self._calls = new


# ------------------------------------------------------------------ -k and -m expressions

class _ExprParser:
    """pytest's expression language: idents, and/or/not, parentheses."""

    def __init__(self, text, matcher):
        self.toks = self._lex(text)
        self.i = 0
        self.matcher = matcher
        self.text = text

    def _lex(self, s):
        toks, i = [], 0
        while i < len(s):
            ch = s[i]
            if ch.isspace():
                i += 1
            elif ch in "()":
                toks.append(ch)
                i += 1
            else:
                j = i
                while j < len(s) and not s[j].isspace() and s[j] not in "()":
                    j += 1
                toks.append(s[i:j])
                i = j
        return toks

    def peek(self):
        return self.toks[self.i] if self.i < len(self.toks) else None

    def take(self):
        t = self.peek()
        self.i += 1
        return t

    def parse(self):
        if not self.toks:
            return lambda: False
        e = self.expr()
        if self.peek() is not None:
            raise SyntaxError("at column %d: expected end of input; got identifier" % (self.i + 1))
        return e

    def expr(self):
        left = self.and_expr()
        while self.peek() == "or":
            self.take()
            right = self.and_expr()
            left = (lambda a, b: lambda: a() or b())(left, right)
        return left

    def and_expr(self):
        left = self.not_expr()
        while self.peek() == "and":
            self.take()
            right = self.not_expr()
            left = (lambda a, b: lambda: a() and b())(left, right)
        return left

    def not_expr(self):
        t = self.peek()
        if t == "not":
            self.take()
            inner = self.not_expr()
            return lambda: not inner()
        if t == "(":
            self.take()
            e = self.expr()
            if self.take() != ")":
                raise SyntaxError("expected right parenthesis")
            return e
        if t is None or t in (")", "and", "or"):
            raise SyntaxError("expected not OR left parenthesis OR identifier; got %s"
                              % ("end of input" if t is None else t))
        self.take()
        m = self.matcher
        return lambda: m(t)


def compile_expr(text, matcher):
    return _ExprParser(text, matcher).parse()


def keyword_matches(item, expr):
    names = set()
    for node in item.listchain():
        if node.kind == "session":
            continue
        names.add(node.name)
    for k in item.keywords:
        names.add(k)
    for node in item.listchain():
        for m in node.own_markers:
            names.add(m.name)
    fn = getattr(item.obj, "__dict__", None)
    if fn:
        names.update(k for k in fn if not k.startswith("_"))
    low = [n.lower() for n in names if isinstance(n, str)]

    def match(sub):
        s = sub.lower()
        return any(s in n for n in low)
    return compile_expr(expr, match)()


def mark_matches(item, expr):
    names = set(m.name for m in item.iter_markers())
    return compile_expr(expr, lambda n: n in names)()

"""_pytest_fixtures - fixture definitions, their lookup by node id, scoped caching with
teardown (yield fixtures and finalizers), the request object, and the built-in fixtures
(tmp_path, tmp_path_factory, monkeypatch, capsys/capfd, caplog, recwarn, pytestconfig)."""

import os
import sys

import _pytest_api as api

SCOPES = ["session", "package", "module", "class", "function"]


def scope_rank(scope):
    return SCOPES.index(scope) if scope in SCOPES else 4


class FixtureLookupError(Exception):
    def __init__(self, argname, request, msg=None):
        Exception.__init__(self, msg or "fixture %r not found" % argname)
        self.argname = argname
        self.request = request
        self.msg = msg


def argnames_of(func, is_method=False):
    """The parameters a test or fixture function asks for (no defaults, no self/cls)."""
    f = getattr(func, "__func__", func)
    code = getattr(f, "__code__", None)
    if code is None:
        return []
    n = code.co_argcount
    kwonly = getattr(code, "co_kwonlyargcount", 0)
    names = list(code.co_varnames[:n])
    ndef = len(getattr(f, "__defaults__", None) or ())
    if ndef:
        names = names[:n - ndef]
    kwnames = list(code.co_varnames[n:n + kwonly])
    kwd = getattr(f, "__kwdefaults__", None) or {}
    names += [k for k in kwnames if k not in kwd]
    if is_method or getattr(func, "__self__", None) is not None:
        names = names[1:]
    return names


class FixtureDef:
    def __init__(self, name, func, scope, params, autouse, ids, baseid, unittest=False):
        self.name = name
        self.func = func
        self.scope = scope if not callable(scope) else "function"
        self.params = params
        self.autouse = autouse
        self.ids = ids
        self.baseid = baseid
        self.argnames = argnames_of(func)

    def visible_to(self, nodeid):
        b = self.baseid
        if not b:
            return True
        if nodeid == b:
            return True
        if not nodeid.startswith(b):
            return False
        rest = nodeid[len(b):]
        return b.endswith("/") or rest[:1] in ("/", ":") or rest[:2] == "::"

    def __repr__(self):
        return "<FixtureDef argname=%r scope=%r baseid=%r>" % (self.name, self.scope, self.baseid)


class FixtureManager:
    def __init__(self):
        self.defs = {}  # name -> [FixtureDef], outermost first
        self.autouse = []

    def add(self, fd):
        lst = self.defs.setdefault(fd.name, [])
        lst.append(fd)
        # outer (shorter base id) first; a later definition with the same base wins
        lst.sort(key=lambda d: len(d.baseid))
        if fd.autouse:
            self.autouse.append(fd)

    def parse_holder(self, holder, baseid, is_class=False):
        """Register the fixtures a module, class or conftest defines."""
        d = holder.__dict__ if not is_class else {}
        if is_class:
            for klass in reversed(holder.__mro__):
                d.update(klass.__dict__)
        for attr, obj in list(d.items()):
            marker = getattr(obj, "_pytestfixturefunction", None)
            if marker is None and isinstance(obj, (staticmethod, classmethod)):
                marker = getattr(obj.__func__, "_pytestfixturefunction", None)
            if marker is None:
                continue
            name = marker.name or attr
            func = obj
            if is_class:
                func = _ClassFixture(holder, attr, obj)
            self.add(FixtureDef(name, func, marker.scope, marker.params, marker.autouse, marker.ids, baseid))

    def getdefs(self, name, nodeid):
        return [d for d in self.defs.get(name, []) if d.visible_to(nodeid)]

    def autouse_names(self, nodeid):
        out = []
        for fd in sorted(self.autouse, key=lambda d: len(d.baseid)):
            if fd.visible_to(nodeid) and fd.name not in out:
                out.append(fd.name)
        return out

    def closure(self, nodeid, initial, parametrized=()):
        """pytest's fixture closure of a test: autouse names, then the arguments, then what
        they need, stable-sorted by scope (session first)."""
        names = []
        for n in self.autouse_names(nodeid) + list(initial):
            if n not in names:
                names.append(n)
        i = 0
        while i < len(names):
            n = names[i]
            i += 1
            if n in parametrized:
                continue
            defs = self.getdefs(n, nodeid)
            if defs:
                for a in defs[-1].argnames:
                    if a not in names:
                        names.append(a)
        def rank(n):
            defs = self.getdefs(n, nodeid)
            return scope_rank(defs[-1].scope) if defs else 4
        names.sort(key=rank)
        return names


class _ClassFixture:
    """A fixture method: called bound to the running test's instance."""

    def __init__(self, cls, attr, obj):
        self.cls = cls
        self.attr = attr
        self.obj = obj
        f = obj.__func__ if isinstance(obj, (staticmethod, classmethod)) else obj
        self.__code__ = f.__code__
        self.__defaults__ = getattr(f, "__defaults__", None)
        self.__name__ = getattr(f, "__name__", attr)
        self.is_static = isinstance(obj, staticmethod)
        self.__self__ = None if self.is_static else cls

    def bind(self, instance):
        if instance is not None:
            return getattr(instance, self.attr)
        return getattr(self.cls, self.attr)


# ------------------------------------------------------------------ the request object and caching

class SubRequest:
    def __init__(self, item, fixturedef, param, param_index, session):
        self._item = item
        self._fixturedef = fixturedef
        self.fixturename = fixturedef.name if fixturedef else None
        self.scope = fixturedef.scope if fixturedef else "function"
        if param is not _NOPARAM:
            self.param = param
        self.param_index = param_index
        self._session = session
        self._finalizers = []

    @property
    def node(self):
        item = self._item
        if self.scope == "function":
            return item
        if self.scope == "class":
            return item.parent_of_kind("class") or item.parent_of_kind("module")
        if self.scope == "module":
            return item.parent_of_kind("module")
        return self._session

    @property
    def config(self):
        return self._session.config

    @property
    def function(self):
        return self._item.obj

    @property
    def cls(self):
        return self._item.cls

    @property
    def instance(self):
        return self._item.instance

    @property
    def module(self):
        return self._item.module

    @property
    def path(self):
        return self._item.path

    @property
    def fspath(self):
        return self._item.path

    @property
    def keywords(self):
        return self._item.keywords

    @property
    def session(self):
        return self._session

    @property
    def fixturenames(self):
        return list(self._item.fixturenames)

    def addfinalizer(self, fin):
        self._finalizers.append(fin)

    def applymarker(self, marker):
        self._item.add_marker(marker)

    def getfixturevalue(self, argname):
        return self._session.fixtures_runtime.getvalue(self._item, argname, self)

    def raiseerror(self, msg):
        raise FixtureLookupError(None, self, msg)

    def __repr__(self):
        return "<SubRequest %r for %r>" % (self.fixturename, self._item)


_NOPARAM = object()


class _Active:
    def __init__(self, fd, key, value, gen, request, cachekey):
        self.fd = fd
        self.key = key
        self.value = value
        self.gen = gen
        self.request = request
        self.cachekey = cachekey
        self.error = None


class FixtureRuntime:
    """The fixtures set up now, innermost last, and their teardown."""

    def __init__(self, session):
        self.session = session
        self.active = []

    def scope_key(self, item, scope):
        if scope == "function":
            return ("f", id(item), item.nodeid)
        if scope == "class":
            c = item.parent_of_kind("class")
            return ("c", c.nodeid if c else item.parent_of_kind("module").nodeid)
        if scope in ("module", "package"):
            return ("m", item.parent_of_kind("module").nodeid)
        return ("s",)

    def finddef(self, item, argname, requester):
        defs = self.session.fm.getdefs(argname, item.nodeid)
        if not defs:
            return None
        if requester is not None and requester._fixturedef is not None and requester._fixturedef.name == argname:
            # a fixture asking for the one it overrides
            i = defs.index(requester._fixturedef) if requester._fixturedef in defs else len(defs)
            return defs[i - 1] if i > 0 else None
        return defs[-1]

    def getvalue(self, item, argname, requester=None):
        if argname == "request":
            if requester is not None:
                return requester
            r = getattr(item, "_request", None)
            if r is None:
                r = item._request = SubRequest(item, None, _NOPARAM, 0, self.session)
            return r
        fd = self.finddef(item, argname, requester)
        if fd is None:
            raise FixtureLookupError(argname, requester)
        key = self.scope_key(item, fd.scope)
        param, pidx = _NOPARAM, 0
        cs = item.callspec
        if cs is not None and argname in cs.params:
            param, pidx = cs.params[argname], cs.indices.get(argname, 0)
        elif fd.params is not None:
            param, pidx = fd.params[0], 0
        cachekey = (key, pidx if param is not _NOPARAM else None)
        for a in self.active:
            if a.fd is fd:
                if a.cachekey == cachekey:
                    if a.error is not None:
                        raise a.error
                    return a.value
                # a different parameter or scope instance: finish it first
                self.teardown_some([x for x in self.active if x is a or self._depends(x, a)])
                break
        request = SubRequest(item, fd, param, pidx, self.session)
        kwargs = {}
        for name in fd.argnames:
            kwargs[name] = self.getvalue(item, name, request)
        func = fd.func
        if isinstance(func, _ClassFixture):
            func = func.bind(item.instance if fd.scope == "function" else None)
        act = _Active(fd, key, None, None, request, cachekey)
        try:
            res = func(**kwargs)
            if type(res).__name__ == "generator":
                act.gen = res
                res = next(res)
        except StopIteration:
            act.error = ValueError("%s did not yield a value" % fd.name)
            self.active.append(act)
            raise act.error
        except BaseException as e:
            if isinstance(e, api.Skipped) or fd.scope == "function":
                raise
            act.error = e
            self.active.append(act)
            raise
        act.value = res
        self.active.append(act)
        return res

    def _depends(self, x, a):
        return self.active.index(x) > self.active.index(a) and scope_rank(x.fd.scope) >= scope_rank(a.fd.scope)

    def teardown_some(self, acts):
        """Finish the given fixtures, innermost first; returns the errors raised."""
        errors = []
        for a in reversed([x for x in self.active if x in acts]):
            self.active.remove(a)
            if a.gen is not None:
                try:
                    next(a.gen)
                except StopIteration:
                    pass
                except BaseException as e:
                    errors.append(e)
                else:
                    errors.append(ValueError("fixture function has more than one 'yield'"))
            for fin in reversed(a.request._finalizers):
                try:
                    fin()
                except BaseException as e:
                    errors.append(e)
        return errors

    def teardown_for(self, item, nextitem):
        """After item ran: finish what nextitem won't share (everything when it is None)."""
        errors = []
        r = getattr(item, "_request", None)
        if r is not None:
            item._request = None
            for fin in reversed(r._finalizers):
                try:
                    fin()
                except BaseException as e:
                    errors.append(e)
        return errors + self._teardown_for(item, nextitem)

    def _teardown_for(self, item, nextitem):
        done = []
        for a in self.active:
            if a.key[0] == "f":
                done.append(a)
            elif nextitem is None:
                done.append(a)
            elif a.key != self.scope_key(nextitem, a.fd.scope):
                done.append(a)
            elif nextitem.callspec is not None and a.fd.name in nextitem.callspec.params and \
                    a.cachekey[1] != nextitem.callspec.indices.get(a.fd.name, 0):
                done.append(a)
        return self.teardown_some(done)


# ------------------------------------------------------------------ built-in fixtures

def _pathclass():
    try:
        import pathlib
        return pathlib.Path
    except ImportError:
        return SimplePath


class SimplePath:
    """A small pathlib.Path stand-in (when no pathlib module exists)."""

    def __init__(self, *parts):
        p = os.path.join(*[str(x) for x in parts]) if parts else "."
        self._p = p

    def __fspath__(self):
        return self._p

    def __str__(self):
        return self._p

    def __repr__(self):
        return "PosixPath(%r)" % self._p

    def __truediv__(self, other):
        return SimplePath(os.path.join(self._p, str(other)))

    def __eq__(self, other):
        return isinstance(other, SimplePath) and other._p == self._p

    def __hash__(self):
        return hash(self._p)

    def joinpath(self, *parts):
        return SimplePath(self._p, *parts)

    @property
    def name(self):
        return os.path.basename(self._p)

    @property
    def stem(self):
        return os.path.splitext(self.name)[0]

    @property
    def suffix(self):
        return os.path.splitext(self.name)[1]

    @property
    def parent(self):
        return SimplePath(os.path.dirname(self._p))

    def exists(self):
        return os.path.exists(self._p)

    def is_dir(self):
        return os.path.isdir(self._p)

    def is_file(self):
        return os.path.isfile(self._p)

    def mkdir(self, mode=0o777, parents=False, exist_ok=False):
        if parents:
            os.makedirs(self._p, exist_ok=exist_ok)
        elif not (exist_ok and os.path.isdir(self._p)):
            os.mkdir(self._p)

    def write_text(self, data, encoding=None):
        with open(self._p, "w") as f:
            f.write(data)
        return len(data)

    def read_text(self, encoding=None):
        with open(self._p) as f:
            return f.read()

    def write_bytes(self, data):
        with open(self._p, "wb") as f:
            f.write(data)
        return len(data)

    def read_bytes(self):
        with open(self._p, "rb") as f:
            return f.read()

    def iterdir(self):
        return [SimplePath(self._p, n) for n in sorted(os.listdir(self._p))]

    def unlink(self):
        os.unlink(self._p)

    def resolve(self):
        return SimplePath(os.path.realpath(self._p))


class TempPathFactory:
    def __init__(self, basetemp=None):
        self._given = basetemp
        self._base = None
        self._counts = {}

    def getbasetemp(self):
        if self._base is None:
            import shutil
            import tempfile
            if self._given:
                base = os.path.abspath(self._given)
                if os.path.exists(base):
                    shutil.rmtree(base)
                os.makedirs(base)
            else:
                user = os.environ.get("USER") or os.environ.get("LOGNAME") or "flyi"
                root = os.path.join(tempfile.gettempdir(), "pytest-of-" + user)
                os.makedirs(root, exist_ok=True)
                n = 0
                while os.path.exists(os.path.join(root, "pytest-%d" % n)):
                    n += 1
                base = os.path.join(root, "pytest-%d" % n)
                os.makedirs(base)
                # as pytest: only the three newest session folders are kept
                for old in os.listdir(root):
                    if old.startswith("pytest-") and old[7:].isdigit() and int(old[7:]) <= n - 3:
                        shutil.rmtree(os.path.join(root, old), ignore_errors=True)
            self._base = base
        return _pathclass()(self._base)

    def mktemp(self, basename, numbered=True):
        base = str(self.getbasetemp())
        if not numbered:
            p = os.path.join(base, basename)
            os.mkdir(p)
            return _pathclass()(p)
        n = self._counts.get(basename, 0)
        while os.path.exists(os.path.join(base, "%s%d" % (basename, n))):
            n += 1
        self._counts[basename] = n + 1
        p = os.path.join(base, "%s%d" % (basename, n))
        os.makedirs(p)
        return _pathclass()(p)


_notset = object()


class MonkeyPatch:
    def __init__(self):
        self._setattr = []
        self._setitem = []
        self._cwd = None
        self._savesyspath = None

    @classmethod
    def context(cls):
        return _MonkeyContext()

    def setattr(self, target, name, value=_notset, raising=True):
        if value is _notset:
            if not isinstance(target, str):
                raise TypeError("use setattr(target, name, value) or setattr(target, value) with target "
                                "being a dotted import string")
            value = name
            modpath, _, name = target.rpartition(".")
            target = _resolve(modpath)
        oldval = getattr(target, name, _notset)
        if raising and oldval is _notset:
            raise AttributeError("%r has no attribute %r" % (target, name))
        if isinstance(target, type) and name in target.__dict__:
            oldval = target.__dict__[name]
        self._setattr.append((target, name, oldval))
        setattr(target, name, value)

    def delattr(self, target, name=_notset, raising=True):
        if name is _notset:
            modpath, _, name = target.rpartition(".")
            target = _resolve(modpath)
        if not hasattr(target, name):
            if raising:
                raise AttributeError(name)
            return
        oldval = getattr(target, name, _notset)
        if isinstance(target, type) and name in target.__dict__:
            oldval = target.__dict__[name]
        self._setattr.append((target, name, oldval))
        delattr(target, name)

    def setitem(self, dic, name, value):
        self._setitem.append((dic, name, dic.get(name, _notset) if hasattr(dic, "get") else _notset))
        dic[name] = value

    def delitem(self, dic, name, raising=True):
        if name not in dic:
            if raising:
                raise KeyError(name)
            return
        self._setitem.append((dic, name, dic.get(name, _notset)))
        del dic[name]

    def setenv(self, name, value, prepend=None):
        value = str(value)
        if prepend and name in os.environ:
            value = value + prepend + os.environ[name]
        self.setitem(os.environ, name, value)

    def delenv(self, name, raising=True):
        self.delitem(os.environ, name, raising=raising)

    def syspath_prepend(self, path):
        if self._savesyspath is None:
            self._savesyspath = sys.path[:]
        sys.path.insert(0, str(path))

    def chdir(self, path):
        if self._cwd is None:
            self._cwd = os.getcwd()
        os.chdir(str(path))

    def undo(self):
        for obj, name, value in reversed(self._setattr):
            if value is not _notset:
                setattr(obj, name, value)
            else:
                try:
                    delattr(obj, name)
                except AttributeError:
                    pass
        self._setattr[:] = []
        for dic, name, value in reversed(self._setitem):
            if value is _notset:
                try:
                    del dic[name]
                except KeyError:
                    pass
            else:
                dic[name] = value
        self._setitem[:] = []
        if self._savesyspath is not None:
            sys.path[:] = self._savesyspath
            self._savesyspath = None
        if self._cwd is not None:
            os.chdir(self._cwd)
            self._cwd = None


class _MonkeyContext:
    def __enter__(self):
        self.mp = MonkeyPatch()
        return self.mp

    def __exit__(self, *a):
        self.mp.undo()
        return False


def _resolve(name):
    parts = name.split(".")
    obj = __import__(parts[0])
    for i, p in enumerate(parts[1:]):
        try:
            obj = getattr(obj, p)
        except AttributeError:
            __import__(".".join(parts[:i + 2]))
            obj = getattr(obj, p)
    return obj


class CaptureResult:
    def __init__(self, out, err):
        self.out = out
        self.err = err

    def __iter__(self):
        return iter((self.out, self.err))

    def __getitem__(self, i):
        return (self.out, self.err)[i]

    def __eq__(self, other):
        return tuple(self) == tuple(other)

    def __repr__(self):
        return "CaptureResult(out=%r, err=%r)" % (self.out, self.err)


class CaptureFixture:
    """capsys/capfd: what the test printed since the last readouterr()."""

    def __init__(self, capman):
        self.capman = capman
        self._disabled = 0

    def readouterr(self):
        out, err = self.capman.read_and_reset()
        return CaptureResult(out, err)

    def disabled(self):
        return _CapDisabled(self.capman)


class _CapDisabled:
    def __init__(self, capman):
        self.capman = capman

    def __enter__(self):
        self.capman.suspend()

    def __exit__(self, *a):
        self.capman.resume()
        return False


class LogRecordStub:
    def __init__(self, levelname, msg, name="root"):
        self.levelname = levelname
        self.levelno = {"DEBUG": 10, "INFO": 20, "WARNING": 30, "ERROR": 40, "CRITICAL": 50}.get(levelname, 0)
        self.msg = msg
        self.name = name

    def getMessage(self):
        return str(self.msg)


class LogCaptureFixture:
    """caplog: with a logging module, a handler on the root logger; else an empty record list."""

    def __init__(self):
        self.records = []
        self._handler = None
        self._level = None
        try:
            import logging
        except ImportError:
            logging = None
        self._logging = logging
        if logging is not None and hasattr(logging, "Handler"):
            fixture = self

            class _H(logging.Handler):
                def emit(self, record):
                    fixture.records.append(record)
            self._handler = _H()
            logging.getLogger().addHandler(self._handler)

    @property
    def text(self):
        return "".join("%s %s\n" % (r.levelname, r.getMessage()) for r in self.records)

    @property
    def messages(self):
        return [r.getMessage() for r in self.records]

    @property
    def record_tuples(self):
        return [(r.name, r.levelno, r.getMessage()) for r in self.records]

    def clear(self):
        del self.records[:]

    def set_level(self, level, logger=None):
        lg = self._logging
        if lg is not None and hasattr(lg, "getLogger"):
            target = lg.getLogger(logger)
            if self._level is None:
                self._level = (target, target.level)
            target.setLevel(level)

    def at_level(self, level, logger=None):
        fixture = self

        class _Ctx:
            def __enter__(self):
                fixture.set_level(level, logger)

            def __exit__(self, *a):
                fixture._finish_level()
                return False
        return _Ctx()

    def _finish_level(self):
        if self._level is not None:
            self._level[0].setLevel(self._level[1])
            self._level = None

    def _finish(self):
        self._finish_level()
        if self._handler is not None:
            self._logging.getLogger().removeHandler(self._handler)


def register_builtins(fm, session):
    def tmp_path_factory():
        return session.tmp_path_factory

    def tmp_path(request, tmp_path_factory):
        name = request.node.name
        for ch in "[]/\\:*?\"<>| ":
            name = name.replace(ch, "_")
        return tmp_path_factory.mktemp(name[:30], numbered=True)

    def tmpdir(tmp_path):
        return tmp_path

    def monkeypatch():
        mp = MonkeyPatch()
        yield mp
        mp.undo()

    def capsys():
        session.capman.fixture_active += 1
        yield CaptureFixture(session.capman)
        session.capman.fixture_active -= 1

    def caplog():
        c = LogCaptureFixture()
        yield c
        c._finish()

    def recwarn():
        rec = api.WarningsChecker(None, None)
        rec.__enter__()
        yield rec
        rec.__exit__(None, None, None)

    def pytestconfig():
        return session.config

    def record_property(request):
        return lambda name, value: request.node.user_properties.append((name, value))

    def doctest_namespace():
        return {}

    table = [("tmp_path_factory", tmp_path_factory, "session"), ("tmp_path", tmp_path, "function"),
             ("tmpdir", tmpdir, "function"), ("tmpdir_factory", tmp_path_factory, "session"),
             ("monkeypatch", monkeypatch, "function"), ("capsys", capsys, "function"),
             ("capfd", capsys, "function"), ("capsysbinary", capsys, "function"),
             ("capfdbinary", capsys, "function"), ("caplog", caplog, "function"),
             ("recwarn", recwarn, "function"), ("pytestconfig", pytestconfig, "session"),
             ("record_property", record_property, "function"),
             ("record_xml_attribute", record_property, "function"),
             ("record_testsuite_property", record_property, "function"),
             ("doctest_namespace", doctest_namespace, "session")]
    for name, func, scope in table:
        fm.add(FixtureDef(name, func, scope, None, False, None, ""))

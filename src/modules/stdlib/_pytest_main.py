"""_pytest_main - the test session: configuration (arguments, ini file, conftest hooks),
collection (folders, files, classes, functions, parametrization, -k/-m, node ids) and the run
loop (setup/call/teardown of each test, -x/--maxfail), reported by _pytest_terminal."""

import fnmatch
import os
import sys
import time

import _pytest_api as api
import _pytest_assert
import _pytest_config as cfg
import _pytest_fixtures as fx
import _pytest_nodes as nodes
import _pytest_runner as runner

EXIT_OK, EXIT_TESTSFAILED, EXIT_INTERRUPTED, EXIT_INTERNALERROR, EXIT_USAGEERROR, EXIT_NOTESTSCOLLECTED = range(6)

INI_DEFAULTS = {
    "python_files": ["test_*.py", "*_test.py"],
    "python_classes": ["Test"],
    "python_functions": ["test"],
    "testpaths": [],
    "norecursedirs": ["*.egg", ".*", "_darcs", "build", "CVS", "dist", "node_modules", "venv", "{arch}"],
    "markers": [],
    "addopts": "",
    "xfail_strict": False,
    "usefixtures": [],
    "filterwarnings": [],
    "junit_suite_name": "pytest",
    "junit_family": "xunit2",
    "console_output_style": "progress",
}


class Config:
    def __init__(self, invocation_dir):
        self.invocation_dir = invocation_dir
        self.invocation_params = cfg.Namespace(dir=invocation_dir, args=())
        self.parser = cfg.builtin_parser()
        self.option = None
        self.args = []
        self.rootdir = invocation_dir
        self.rootpath = invocation_dir
        self.inipath = None
        self.inifile = None
        self.inicfg = {}
        self.overrides = {}
        self.conftests = []
        self.stash = {}
        self.hook = _HookCaller(self)
        self.pluginmanager = _PluginManager(self)
        self.markers = []

    def getoption(self, name, default=cfg.Option, skip=False):
        n = name
        if n.startswith("-"):
            opt = self.parser.by_name.get(n)
            n = opt.dest if opt is not None else n.lstrip("-").replace("-", "_")
        if hasattr(self.option, n):
            v = getattr(self.option, n)
            if v is None and skip:
                api.skip("no %r option found" % (name,))
            return v
        if default is not cfg.Option:
            return default
        if skip:
            api.skip("no %r option found" % (name,))
        raise ValueError("no option named %r" % (name,))

    getvalue = getoption

    def getini(self, name):
        if name in self.overrides:
            v = self.overrides[name]
        elif name in self.inicfg:
            v = self.inicfg[name]
        elif name in self.parser.inis:
            t, d = self.parser.inis[name]
            v = self.inicfg.get(name, d)
            if t in ("linelist", "args", "pathlist") and v is None:
                return []
            if t == "bool" and v is None:
                return False
            if t == "linelist":
                return cfg.ini_lines(v)
            if t in ("args", "pathlist"):
                return cfg.ini_list(v)
            return v if v is not None else ""
        else:
            v = INI_DEFAULTS.get(name, "")
        if name in ("python_files", "python_classes", "python_functions", "testpaths", "norecursedirs",
                    "usefixtures"):
            return cfg.ini_list(v)
        if name in ("markers", "filterwarnings"):
            return cfg.ini_lines(v)
        if name in self.parser.inis:
            t = self.parser.inis[name][0]
            if t == "linelist":
                return cfg.ini_lines(v)
            if t in ("args", "pathlist"):
                return cfg.ini_list(v)
        return v

    def addinivalue_line(self, name, line):
        cur = self.getini(name)
        lst = list(cur) if isinstance(cur, list) else cfg.ini_lines(cur)
        lst.append(line)
        self.overrides[name] = lst

    def cwd_relative_nodeid(self, nodeid):
        if self.invocation_dir != self.rootdir:
            full = os.path.join(self.rootdir, nodeid)
            return os.path.relpath(full, self.invocation_dir)
        return nodeid

    def issue_config_time_warning(self, warning, stacklevel):
        pass

    def get_verbosity(self, kind=None):
        return self.option.verbose


class _HookCaller:
    """config.hook: calls every conftest's function of that name."""

    def __init__(self, config):
        self._config = config

    def __getattr__(self, name):
        config = self._config

        def call(**kw):
            out = []
            for mod in config.conftests:
                f = getattr(mod, name, None)
                if f is not None:
                    names = fx.argnames_of(f)
                    out.append(f(**{k: v for k, v in kw.items() if k in names}))
            return out
        return call


class _PluginManager:
    def __init__(self, config):
        self.config = config

    def hasplugin(self, name):
        return False

    def getplugin(self, name):
        return None

    def register(self, plugin, name=None):
        self.config.conftests.append(plugin)

    def import_plugin(self, name):
        pass


def _call_hook(mod, name, **kw):
    f = getattr(mod, name, None)
    if f is None:
        return None
    names = fx.argnames_of(f)
    return f(**{k: v for k, v in kw.items() if k in names})


# ------------------------------------------------------------------ the session

class Session(nodes.Session):
    def __init__(self, config):
        self.config = config
        nodes.Session.__init__(self, "", None, None, "")
        self.session = self
        self.config = config
        self.fm = fx.FixtureManager()
        self.fixtures_runtime = fx.FixtureRuntime(self)
        self.tmp_path_factory = fx.TempPathFactory(config.option.basetemp)
        self.capman = runner.CaptureManager(config.option.capture)
        self.items = []
        self.collect_reports = []
        self.conftest_dirs = {}
        self.testsfailed = 0
        self.testscollected = 0
        self.shouldstop = False
        self.shouldfail = False
        self.deselected = []
        self.modules = {}
        self.collection_errors = 0
        fx.register_builtins(self.fm, self)

    @property
    def path(self):
        return self.config.rootdir

    def relpath(self, path):
        root = self.config.rootdir.rstrip("/")
        if path == root:
            return "."
        if path.startswith(root + "/"):
            return path[len(root) + 1:]
        return os.path.relpath(path, root)

    def nodeid_of_path(self, path):
        r = self.relpath(path)
        return "" if r == "." else r

    # -------------------------------------------------- conftests

    def conftest_for_dir(self, d):
        """Load conftest.py of d (once); returns the module or None."""
        if d in self.conftest_dirs:
            return self.conftest_dirs[d]
        self.conftest_dirs[d] = None
        p = os.path.join(d, "conftest.py")
        if self.config.option.noconftest or not os.path.isfile(p):
            return None
        if not os.path.isfile(os.path.join(d, "__init__.py")):
            sys.modules.pop("conftest", None)
        mod = nodes.import_test_file(p, fresh=True)
        self.conftest_dirs[d] = mod
        self.config.conftests.append(mod)
        if getattr(self.config, "_configured", False):
            # a conftest found during collection: its pytest_configure runs now (as pytest's
            # historic hook); its pytest_addoption comes too late and is ignored
            _call_hook(mod, "pytest_configure", config=self.config)
        base = self.nodeid_of_path(d)
        self.fm.parse_holder(mod, base)
        for pname in _as_list(getattr(mod, "pytest_plugins", None)):
            try:
                plug = __import__(pname)
                for part in pname.split(".")[1:]:
                    plug = getattr(plug, part)
                self.fm.parse_holder(plug, "")
                self.config.conftests.append(plug)
            except ImportError:
                raise
        return mod

    def conftests_upto(self, d):
        """The conftests from the rootdir's top (or d's top) down to d."""
        chain = []
        cur = d
        while True:
            chain.insert(0, cur)
            if cur == self.confcut:
                break
            parent = os.path.dirname(cur)
            if parent == cur:
                break
            cur = parent
        out = []
        for x in chain:
            m = self.conftest_for_dir(x)
            if m is not None:
                out.append(m)
        return out

    # -------------------------------------------------- collection

    def _matches_any(self, name, patterns):
        for p in patterns:
            if fnmatch.fnmatch(name, p):
                return True
        return False

    def _ignored(self, path):
        for ig in self.config.option.ignore or []:
            if os.path.abspath(ig).rstrip("/") == path:
                return True
        for ig in self.config.option.ignore_glob or []:
            if fnmatch.fnmatch(path, os.path.abspath(ig)):
                return True
        for mod in self.config.conftests:
            ci = getattr(mod, "collect_ignore", None)
            base = os.path.dirname(mod.__file__)
            if ci:
                for c in ci:
                    if os.path.join(base, c).rstrip("/") == path:
                        return True
        return False

    def collect_path(self, path, parts, explicit):
        if self._ignored(path) and not explicit:
            return
        if os.path.isdir(path):
            if not self._load_conftests(path):
                return
            try:
                entries = sorted(os.listdir(path))
            except OSError:
                return
            norec = self.config.getini("norecursedirs")
            files = [e for e in entries if os.path.isfile(os.path.join(path, e))]
            dirs = [e for e in entries if os.path.isdir(os.path.join(path, e))]
            for e in files:
                p = os.path.join(path, e)
                if e.endswith(".py") and self._matches_any(e, self.config.getini("python_files")) \
                        and e != "conftest.py" and not self._ignored(p):
                    self.pending.append((p, []))
                if self.shouldstop:
                    return
            for e in dirs:
                p = os.path.join(path, e)
                if e == "__pycache__" or self._matches_any(e, norec) or self._ignored(p):
                    continue
                if os.path.isfile(os.path.join(p, "pyvenv.cfg")):
                    continue
                self.collect_path(p, [], False)
            return
        if self._load_conftests(os.path.dirname(path)):
            self.pending.append((path, parts))

    def _load_conftests(self, d):
        """The conftests down to folder d; a failing one is a collection error of d."""
        try:
            self.conftests_upto(d)
            return True
        except BaseException as e:
            if isinstance(e, (KeyboardInterrupt, SystemExit)):
                raise
            # as pytest: the session's collection fails
            raise _SessionCollectError(e)

    def collect_file(self, path, parts):
        nodeid = self.nodeid_of_path(path)
        mod = nodes.Module(path, self, self, nodeid)
        try:
            mod.load()
        except api.Skipped as e:
            if not e.allow_module_level:
                rep = runner.CollectReport(nodeid, "failed",
                                           ["Using pytest.skip outside of a test will skip the entire module. "
                                            "If that's your intention, pass `allow_module_level=True`. If you want "
                                            "to skip a specific test or an entire class, use the @pytest.mark.skip "
                                            "or @pytest.mark.skipif decorators."], (path, 0, "skip"))
                self.collect_reports.append(rep)
                self.collection_errors += 1
                return
            rep = runner.CollectReport(nodeid, "skipped", (nodeid, None, str(e.msg)))
            rep.skip_path = path
            rep.skip_line = _skip_line(e, path)
            self.collect_reports.append(rep)
            return
        except BaseException as e:
            if isinstance(e, KeyboardInterrupt):
                raise
            self.collect_reports.append(self.collect_error(nodeid, path, e))
            return
        try:
            items = self.collect_module(mod)
        except api.Skipped as e:
            rep = runner.CollectReport(nodeid, "skipped", (nodeid, None, str(e.msg)))
            rep.skip_path = path
            rep.skip_line = _skip_line(e, path)
            self.collect_reports.append(rep)
            return
        except BaseException as e:
            if isinstance(e, KeyboardInterrupt):
                raise
            self.collect_reports.append(self.collect_error(nodeid, path, e))
            return
        if parts:
            # a class that is not selected is not collected: no warning about it
            self.warnings[:] = [w for w in self.warnings
                                if not (w[1][0].find("cannot collect test class") >= 0
                                        and w[1][0].find("class %r" % parts[0]) < 0)]
            items = [it for it in items if _select(it, parts)]
            if not items:
                self.not_found.append("::".join([nodeid] + parts))
        self.items.extend(items)

    def collect_error(self, nodeid, path, e):
        self.collection_errors += 1
        if isinstance(e, nodes.ImportPathMismatch):
            lines = ["import file mismatch:",
                     "imported module %r has this __file__ attribute:" % e.modname,
                     "  %s" % e.have,
                     "which is not the same as the test file we want to collect:",
                     "  %s" % e.want,
                     "HINT: remove __pycache__ / .pyc files and/or use a unique basename for your test file "
                     "modules"]
            return runner.CollectReport(nodeid, "failed", lines, (path, 0, lines[0]))
        # any other exception: its traceback (pytest's short style), without a crash message for
        # the errors pytest reports as text (import and syntax errors, fail(pytrace=False))
        style = self.config.option.tbstyle
        lines, crash = runner.format_exception(e, "short" if style in ("auto", "long") else style)
        if isinstance(e, api.Failed) and not e.pytrace:
            lines, crash = [str(e.msg)], None
        elif isinstance(e, ImportError):
            lines = ["ImportError while importing test module '%s'." % path,
                     "Hint: make sure your test modules/packages have valid Python names.",
                     "Traceback:"] + _import_tb(e, self)
            crash = None
        elif isinstance(e, SyntaxError):
            crash = None
        return runner.CollectReport(nodeid, "failed", lines, crash)

    def warn(self, path, line, message, text):
        """A warning for the summary: (location header, message lines)."""
        rel = self.config.cwd_relative_nodeid(self.relpath(path))
        lines = ["  %s:%d: %s" % (path, line, message)]
        if text is not None:
            lines.append("    " + text.strip())
        self.warnings.append(("%s:%d" % (rel, line), lines))

    def warn_runtime(self, nodeid, w):
        """A warning a test raised: under its node id, "path:line: Category: message" and the line."""
        lines = ["  %s:%s: %s: %s" % (w.filename, w.lineno, w.category.__name__, w.message)]
        src = runner.source_lines(w.filename) if w.filename and not w.filename.startswith("<") else None
        if src and 0 < w.lineno <= len(src):
            lines.append("    " + src[w.lineno - 1].strip())
        self.warnings.append((self.config.cwd_relative_nodeid(nodeid), lines))

    def scan_unknown_marks(self, path):
        """pytest warns where an unregistered pytest.mark.NAME is used (found in the source)."""
        known = {"parametrize", "skip", "skipif", "xfail", "usefixtures", "filterwarnings", "tryfirst",
                 "trylast"}
        known.update(self.config.markers)
        for line in self.config.getini("markers"):
            known.add(line.split(":")[0].split("(")[0].strip())
        lines = runner.source_lines(path) or []
        for i, text in enumerate(lines):
            pos = text.find("mark.")
            while pos >= 0:
                before = text[:pos]
                if before.endswith("pytest.") or (before[-1:] in ("", " ", "(", "[", "@", ",", "=")):
                    j = pos + 5
                    while j < len(text) and (text[j].isalnum() or text[j] == "_"):
                        j += 1
                    name = text[pos + 5:j]
                    if name and not name.startswith("_") and name not in known:
                        if self.config.option.strict_markers or _truthy(self.config.getini("strict_markers")):
                            raise api.Failed("%r not found in `markers` configuration option" % name, pytrace=False)
                        self.warn(path, i + 1, "PytestUnknownMarkWarning: Unknown pytest.mark.%s - is this a typo?  "
                                  "You can register custom marks to avoid this warning - for details, see "
                                  "https://docs.pytest.org/en/stable/how-to/mark.html" % name, text)
                pos = text.find("mark.", pos + 5)

    def collect_module(self, mod):
        self.scan_unknown_marks(mod.path)
        obj = mod.obj
        items = []
        funcpat = self.config.getini("python_functions")
        classpat = self.config.getini("python_classes")
        seen = set()
        for name, value in list(obj.__dict__.items()):
            if name in seen:
                continue
            seen.add(name)
            items.extend(self.collect_member(mod, name, value, None, funcpat, classpat))
        return items

    def _name_matches(self, name, patterns):
        for p in patterns:
            if name.startswith(p):
                return True
            if ("*" in p or "?" in p or "[" in p) and fnmatch.fnmatch(name, p):
                return True
        return False

    def collect_member(self, parent, name, value, cls, funcpat, classpat):
        if isinstance(value, type):
            if not self._name_matches(name, classpat):
                return []
            if getattr(value, "__test__", True) is False:
                return []
            if "__init__" in value.__dict__ or any("__init__" in b.__dict__ for b in value.__mro__[1:-1]):
                mod = parent.parent_of_kind("module")
                line, text = _find_class_line(mod.path, name)
                self.warn(mod.path, line, "PytestCollectionWarning: cannot collect test class %r because it has a "
                          "__init__ constructor (from: %s)" % (name, mod.nodeid), text)
                return []
            if "__new__" in value.__dict__:
                return []
            node = nodes.Class(name, parent, self, value)
            self.fm.parse_holder(value, node.nodeid, is_class=True)
            dicts = [value.__dict__] + [b.__dict__ for b in value.__mro__]
            seen = set()
            per = []
            for dic in dicts:
                vals = []
                for mname, mval in list(dic.items()):
                    if mname in seen:
                        continue
                    seen.add(mname)
                    vals.extend(self.collect_member(node, mname, mval, value, funcpat, classpat))
                per.append(vals)
            out = []
            for vals in reversed(per):
                out.extend(vals)
            return out
        func = value
        if isinstance(value, staticmethod):
            func = value.__func__
        elif isinstance(value, classmethod):
            return []
        if not callable(func) or not hasattr(func, "__code__"):
            return []
        if not self._name_matches(name, funcpat):
            return []
        if getattr(func, "__test__", True) is False or getattr(func, "_pytestfixturefunction", None):
            return []
        return self.make_functions(parent, name, func, cls, isinstance(value, staticmethod))

    def make_functions(self, parent, name, func, cls, static):
        is_method = cls is not None and not static
        argnames = fx.argnames_of(func, is_method=is_method)
        usefix = []
        marks = api.get_marks(func)
        chain_marks = []
        n = parent
        while n is not None:
            chain_marks = list(n.own_markers) + chain_marks
            n = n.parent
        for m in chain_marks + marks:
            if m.name == "usefixtures":
                usefix.extend(m.args)
        initial = list(self.config.getini("usefixtures")) + usefix + argnames
        probe_id = (parent.nodeid + "::" + name) if parent.nodeid else name
        metaf = nodes.Metafunc(func, None, cls, parent.parent_of_kind("module").obj, self.config)
        # explicit parametrize marks (function first, then class, then module)
        pmarks = [m for m in reversed(marks) if m.name == "parametrize"]
        pmarks = list(reversed(pmarks))
        outer = [m for m in reversed(chain_marks) if m.name == "parametrize"]
        direct_names = set()
        for m in pmarks + outer:
            args = m.args
            if args:
                direct_names.update(nodes._argnames(args[0]))
            elif "argnames" in m.kwargs:
                direct_names.update(nodes._argnames(m.kwargs["argnames"]))
        closure = self.fm.closure(probe_id, initial)
        metaf.fixturenames = closure + [n for n in direct_names if n not in closure]
        # fixture params (the closure's order), unless a mark parametrizes that name
        for fname in closure:
            if fname in direct_names:
                continue
            defs = self.fm.getdefs(fname, probe_id)
            if defs and defs[-1].params is not None:
                fd = defs[-1]
                ids = fd.ids
                metaf.parametrize(fname, fd.params, indirect=True, ids=ids, _fixture=True)
        for m in pmarks + outer:
            kw = dict(m.kwargs)
            args = list(m.args)
            argn = args.pop(0) if args else kw.pop("argnames")
            argv = args.pop(0) if args else kw.pop("argvalues")
            metaf.parametrize(argn, argv, indirect=kw.get("indirect", False), ids=kw.get("ids"),
                              scope=kw.get("scope"))
            if kw.get("indirect"):
                names = nodes._argnames(argn)
                for nm in names:
                    ind = kw.get("indirect")
                    if ind is True or (isinstance(ind, (list, tuple)) and nm in ind):
                        if nm not in closure:
                            closure = self.fm.closure(probe_id, closure + [nm])
        modobj = parent.parent_of_kind("module").obj
        for hookmod in [c for c in self.config.conftests] + [modobj]:
            gen = getattr(hookmod, "pytest_generate_tests", None)
            if gen is not None:
                metaf.definition = _Definition(name, parent, self)
                gen(metaf)
        if metaf._calls and any(n not in closure for cs in metaf._calls for n in cs.params):
            extra = [n for cs in metaf._calls for n in cs.params if n not in closure]
            closure = self.fm.closure(probe_id, list(closure) + extra)
        items = []
        if not metaf._calls:
            items.append(nodes.Function(name, parent, self, func, cls, None, name, closure))
        else:
            for cs in metaf._calls:
                fixnames = [n for n in closure]
                for n in cs.params:
                    if n not in fixnames:
                        fixnames.append(n)
                items.append(nodes.Function("%s[%s]" % (name, cs.id), parent, self, func, cls, cs, name, fixnames))
        for it in items:
            it.static = static
            it.argnames = argnames
        return items

    def perform_collect(self, args):
        self.not_found = []
        self.warnings = []
        self.pending = []
        self.confcut = self.config.rootdir
        if self.config.option.confcutdir:
            self.confcut = os.path.abspath(self.config.option.confcutdir)
        for a in args:
            path, _, rest = a.partition("::")
            parts = rest.split("::") if rest else []
            full = os.path.abspath(os.path.join(self.config.invocation_dir, path))
            if not os.path.exists(full):
                raise cfg.UsageError("file or directory not found: %s" % a)
            if not full.startswith(self.confcut.rstrip("/") + "/") and full != self.confcut:
                self.confcut = os.path.dirname(full) if os.path.isfile(full) else full
            try:
                self.collect_path(full, parts, True)
            except _SessionCollectError as err:
                self.collection_errors += 1
                lines, crash = runner.format_exception(err.exc, "short")
                self.collect_reports.append(runner.CollectReport("", "failed", lines, crash))
                self.pending = []
                break
        # every folder's conftest is loaded before the first test module is imported
        for path, parts in self.pending:
            self.collect_file(path, parts)
        self.items = reorder_items(self.items, self.fm)
        # -k, -m, --deselect
        kexpr = self.config.option.keyword
        mexpr = self.config.option.markexpr
        keep, desel = [], []
        for it in self.items:
            ok = True
            if kexpr and not nodes.keyword_matches(it, kexpr):
                ok = False
            if ok and mexpr and not nodes.mark_matches(it, mexpr):
                ok = False
            if ok and any(it.nodeid == d or it.nodeid.startswith(d + "::") or it.nodeid.startswith(d + "[")
                          for d in self.config.option.deselect or []):
                ok = False
            (keep if ok else desel).append(it)
        for mod in self.config.conftests:
            f = getattr(mod, "pytest_collection_modifyitems", None)
            if f is not None:
                _call_hook(mod, "pytest_collection_modifyitems", session=self, config=self.config, items=keep)
        self.items = keep
        self.deselected = desel
        self.testscollected = len(keep) + len(desel)


class _SessionCollectError(Exception):
    def __init__(self, exc):
        Exception.__init__(self, str(exc))
        self.exc = exc


class _Definition:
    def __init__(self, name, parent, session):
        self.name = name
        self.parent = parent
        self.session = session
        self.nodeid = parent.nodeid + "::" + name

    def get_closest_marker(self, name):
        return None

    def iter_markers(self, name=None):
        return iter([])


def _select(item, parts):
    chain = []
    n = item
    while n is not None and n.kind != "module":
        chain.insert(0, n.name)
        n = n.parent
    if len(parts) > len(chain):
        return False
    for i, p in enumerate(parts):
        c = chain[i]
        if p == c:
            continue
        if i == len(chain) - 1 and "[" not in p and c.startswith(p + "["):
            continue
        return False
    return True


def _find_class_line(path, name):
    lines = runner.source_lines(path) or []
    for i, text in enumerate(lines):
        t = text.strip()
        if t.startswith("class " + name) and t[6 + len(name):7 + len(name)] in ("(", ":"):
            return i + 1, text
    return 0, None


def _skip_line(e, path):
    for fpath, lineno, name, first in runner.tb_entries(e.__traceback__):
        if fpath == path:
            line = lineno
    try:
        return line
    except NameError:
        return None


def _import_tb(e, session):
    out = []
    for path, lineno, name, first in runner.tb_entries(e.__traceback__):
        if runner._hidden(path):
            continue
        out.append("%s:%d: in %s" % (runner._relpath(path), lineno, name))
        lines = runner.source_lines(path)
        if lines and 0 < lineno <= len(lines):
            out.append("    " + lines[lineno - 1].strip())
    out.append("E   " + runner.exconly(e))
    return out


def _truthy(v):
    return v is True or str(v).strip().lower() in ("true", "1", "yes")


def _as_list(v):
    if v is None:
        return []
    if isinstance(v, str):
        return [v]
    return list(v)


# ------------------------------------------------------------------ reordering by parametrized fixtures

def _argkeys(item, scope, fm):
    """pytest's parameter keys of an item at a scope: (name, index[, module[, class]])."""
    cs = item.callspec
    if cs is None:
        return []
    out = []
    for name in cs.params:
        if cs.direct.get(name):
            continue
        defs = fm.getdefs(name, item.nodeid)
        fscope = defs[-1].scope if defs else "function"
        if fscope == "package":
            fscope = "module"
        if fscope != scope:
            continue
        idx = cs.indices.get(name, 0)
        if scope == "session":
            out.append((name, idx))
        elif scope == "module":
            out.append((name, idx, item.path))
        else:
            out.append((name, idx, item.path, item.cls))
    return out


def reorder_items(items, fm):
    """Group tests that share a parametrized higher-scoped fixture value, as pytest does."""
    scopes = ["session", "module", "class"]
    cache = {s: {} for s in scopes}
    by_key = {s: {} for s in scopes}
    for s in scopes:
        for it in items:
            keys = _argkeys(it, s, fm)
            if keys:
                cache[s][id(it)] = keys
                for k in keys:
                    by_key[s].setdefault(k, []).append(it)
    if not any(cache[s] for s in scopes):
        return items
    return _reorder_at(list(items), cache, by_key, 0, scopes)


def _fix_cache_order(item, cache, by_key, scopes):
    for s in scopes:
        for k in cache[s].get(id(item), []):
            lst = by_key[s][k]
            lst.insert(0, item)


def _reorder_at(items, cache, by_key, si, scopes):
    if si >= len(scopes) or len(items) < 3:
        return items
    scope = scopes[si]
    ignore = []
    dq = list(items)
    done = []
    done_ids = set()
    while dq:
        no_key = []
        no_key_ids = set()
        slicing = None
        while dq:
            item = dq.pop(0)
            if id(item) in done_ids or id(item) in no_key_ids:
                continue
            keys = []
            for k in cache[scope].get(id(item), []):
                if k not in ignore and k not in keys:
                    keys.append(k)
            if not keys:
                no_key.append(item)
                no_key_ids.add(id(item))
            else:
                slicing = keys[-1]
                ids_now = set(id(i) for i in items)
                matching = [i for i in by_key[scope][slicing] if id(i) in ids_now]
                for i in reversed(matching):
                    _fix_cache_order(i, cache, by_key, scopes)
                    dq.insert(0, i)
                break
        if no_key:
            for it in _reorder_at(no_key, cache, by_key, si + 1, scopes):
                if id(it) not in done_ids:
                    done.append(it)
                    done_ids.add(id(it))
        ignore.append(slicing)
    return done

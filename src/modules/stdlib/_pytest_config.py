"""_pytest_config - the runner's configuration: command-line options (pytest's own and those
conftest files add with pytest_addoption), the rootdir and ini-file discovery (pytest.ini,
pyproject.toml's [tool.pytest.ini_options], tox.ini's [pytest], setup.cfg's [tool:pytest])."""

import os
import sys


class UsageError(Exception):
    pass


# ------------------------------------------------------------------ ini files

def _strip_comment(line):
    out, q = "", None
    for ch in line:
        if q:
            if ch == q:
                q = None
        elif ch in "\"'":
            q = ch
        elif ch == "#":
            break
        out += ch
    return out.strip()


def _toml_value(text):
    text = text.strip()
    if text.startswith('"""') or text.startswith("'''"):
        return text[3:-3]
    if text[:1] in "\"'":
        body = text[1:-1]
        if text[0] == '"':
            body = body.replace('\\"', '"').replace("\\\\", "\\").replace("\\n", "\n").replace("\\t", "\t")
        return body
    if text.startswith("["):
        items, cur, q, depth = [], "", None, 0
        for ch in text[1:-1]:
            if q:
                cur += ch
                if ch == q:
                    q = None
                continue
            if ch in "\"'":
                q = ch
                cur += ch
            elif ch == "[":
                depth += 1
                cur += ch
            elif ch == "]":
                depth -= 1
                cur += ch
            elif ch == "," and depth == 0:
                if cur.strip():
                    items.append(_toml_value(cur))
                cur = ""
            else:
                cur += ch
        if cur.strip():
            items.append(_toml_value(cur))
        return items
    if text in ("true", "false"):
        return text == "true"
    try:
        return int(text)
    except ValueError:
        pass
    try:
        return float(text)
    except ValueError:
        return text


def read_toml_section(path, section):
    """The key = value pairs of one [section] of a TOML file (a minimal reader: strings, numbers,
    booleans and arrays, arrays may span lines). None when the section is absent."""
    try:
        with open(path) as f:
            lines = f.read().split("\n")
    except OSError:
        return None
    found, cur, out = False, None, {}
    i = 0
    while i < len(lines):
        line = _strip_comment(lines[i])
        i += 1
        if not line:
            continue
        if line.startswith("["):
            cur = line.strip("[] ")
            if cur == section:
                found = True
            continue
        if cur != section or "=" not in line:
            continue
        key, _, val = line.partition("=")
        val = val.strip()
        if val.startswith("[") and val.count("[") > val.count("]"):
            while i < len(lines) and val.count("[") > val.count("]"):
                val += " " + _strip_comment(lines[i])
                i += 1
        elif val.startswith('"""') or val.startswith("'''"):
            quote = val[:3]
            while val.count(quote) < 2 and i < len(lines):
                val += "\n" + lines[i]
                i += 1
        out[key.strip().strip('"')] = _toml_value(val)
    return out if found else None


def read_ini_section(path, section):
    """configparser's reading of one section: key = value, continuation lines indented."""
    try:
        with open(path) as f:
            lines = f.read().split("\n")
    except OSError:
        return None
    found, cur, out, last = False, None, {}, None
    for raw in lines:
        if not raw.strip() or raw.lstrip().startswith(("#", ";")):
            continue
        if raw[0] in " \t" and last is not None and cur == section:
            out[last] = (out[last] + "\n" + raw.strip()).strip("\n")
            continue
        line = raw.strip()
        if line.startswith("["):
            cur = line.strip("[]").strip()
            if cur == section:
                found = True
            last = None
            continue
        if cur != section:
            continue
        sep = min([p for p in (line.find("="), line.find(":")) if p >= 0] or [-1])
        if sep < 0:
            out[line] = ""
            last = line
            continue
        last = line[:sep].strip()
        out[last] = line[sep + 1:].strip()
    return out if found else None


def _ini_candidates(d):
    """The ini file in folder d, as pytest looks for it: (path, values) or None."""
    for name in ("pytest.ini", ".pytest.ini", "pyproject.toml", "tox.ini", "setup.cfg"):
        p = os.path.join(d, name)
        if not os.path.isfile(p):
            continue
        if name in ("pytest.ini", ".pytest.ini"):
            vals = read_ini_section(p, "pytest")
            return p, vals if vals is not None else {}
        if name == "pyproject.toml":
            vals = read_toml_section(p, "tool.pytest.ini_options")
        elif name == "tox.ini":
            vals = read_ini_section(p, "pytest")
        else:
            vals = read_ini_section(p, "tool:pytest")
        if vals is not None:
            return p, vals
    return None


def _ancestors(d):
    out = []
    while True:
        out.append(d)
        parent = os.path.dirname(d)
        if parent == d:
            return out
        d = parent


def common_ancestor(paths):
    common = None
    for p in paths:
        if not os.path.exists(p):
            continue
        if common is None:
            common = p
        elif common == p or p.startswith(common.rstrip("/") + "/"):
            continue
        elif common.startswith(p.rstrip("/") + "/"):
            common = p
        else:
            common = os.path.commonpath([common, p])
    return common


def determine_setup(args, inifile, rootdir_cmdline, invocation_dir):
    """(rootdir, inipath or None, ini values) as pytest decides them."""
    dirs = []
    for a in args:
        p = a.split("::")[0]
        if p.startswith("-"):
            continue
        p = os.path.abspath(os.path.join(invocation_dir, p))
        dirs.append(p)
    ancestor = common_ancestor(dirs) or invocation_dir
    if os.path.isfile(ancestor):
        ancestor = os.path.dirname(ancestor)
    if inifile:
        path = os.path.abspath(inifile)
        vals = None
        if path.endswith(".toml"):
            vals = read_toml_section(path, "tool.pytest.ini_options")
        elif path.endswith("setup.cfg"):
            vals = read_ini_section(path, "tool:pytest")
        else:
            vals = read_ini_section(path, "pytest")
        root = rootdir_cmdline or os.path.dirname(path)
        return os.path.abspath(root), path, vals or {}
    found = None
    for d in _ancestors(ancestor):
        found = _ini_candidates(d)
        if found:
            break
    if found:
        root = os.path.dirname(found[0])
        ini, vals = found
    else:
        ini, vals = None, {}
        root = None
        for d in _ancestors(ancestor):
            if os.path.isfile(os.path.join(d, "setup.py")):
                root = d
                break
        if root is None:
            # pytest: the common ancestor of the invocation folder and the arguments
            root = common_ancestor([invocation_dir, ancestor]) or ancestor
            if root == "/":
                root = ancestor
    if rootdir_cmdline:
        root = os.path.abspath(os.path.expandvars(rootdir_cmdline))
        if not os.path.isdir(root):
            raise UsageError("Directory '%s' not found. Check your '--rootdir' option." % root)
    return root, ini, vals


def ini_list(value):
    """An ini value as a list ("args"/"linelist" types): lists stay, strings split on whitespace."""
    if value is None:
        return []
    if isinstance(value, list):
        return [str(v) for v in value]
    return str(value).split()


def ini_lines(value):
    if value is None:
        return []
    if isinstance(value, list):
        return [str(v) for v in value]
    return [ln.strip() for ln in str(value).split("\n") if ln.strip()]


def split_args(text):
    """shlex.split for addopts."""
    out, cur, q, have = [], "", None, False
    i = 0
    while i < len(text):
        ch = text[i]
        if q:
            if ch == q:
                q = None
            elif ch == "\\" and q == '"' and i + 1 < len(text):
                i += 1
                cur += text[i]
            else:
                cur += ch
        elif ch in "\"'":
            q = ch
            have = True
        elif ch.isspace():
            if cur or have:
                out.append(cur)
            cur, have = "", False
        elif ch == "\\" and i + 1 < len(text):
            i += 1
            cur += text[i]
        else:
            cur += ch
        i += 1
    if cur or have:
        out.append(cur)
    return out


# ------------------------------------------------------------------ options

class Namespace:
    def __init__(self, **kw):
        self.__dict__.update(kw)

    def __repr__(self):
        return "Namespace(%s)" % ", ".join("%s=%r" % kv for kv in sorted(self.__dict__.items()))


class Option:
    def __init__(self, names, attrs):
        self.names = names
        self.action = attrs.get("action", "store")
        self.dest = attrs.get("dest") or self._dest()
        self.default = attrs.get("default", 0 if self.action == "count" else
                                 (False if self.action == "store_true" else
                                  (True if self.action == "store_false" else
                                   ([] if self.action == "append" else None))))
        self.type = attrs.get("type")
        self.choices = attrs.get("choices")
        self.help = attrs.get("help", "")
        self.const = attrs.get("const")
        self.nargs = attrs.get("nargs")

    def _dest(self):
        longs = [n for n in self.names if n.startswith("--")]
        n = longs[0] if longs else self.names[0]
        return n.lstrip("-").replace("-", "_")

    def takes_value(self):
        return self.action in ("store", "append")

    def convert(self, v):
        t = self.type
        if t == "int" or t is int:
            try:
                v = int(v)
            except ValueError:
                raise UsageError("argument %s: invalid int value: '%s'" % ("/".join(self.names), v))
        elif t == "float" or t is float:
            v = float(v)
        elif callable(t):
            v = t(v)
        if self.choices is not None and v not in self.choices:
            raise UsageError("argument %s: invalid choice: %r (choose from %s)"
                             % ("/".join(self.names), v, ", ".join(repr(c) for c in self.choices)))
        return v


class OptionGroup:
    def __init__(self, parser, name, description=""):
        self.parser = parser
        self.name = name
        self.description = description

    def addoption(self, *names, **attrs):
        self.parser.addoption(*names, **attrs)

    _addoption = addoption


class Parser:
    """What pytest_addoption(parser) receives: addoption, getgroup, addini."""

    def __init__(self):
        self.options = []
        self.by_name = {}
        self.inis = {}
        self.groups = {}

    def addoption(self, *names, **attrs):
        for n in names:
            if n in self.by_name:
                raise ValueError("option names %s already added" % (set(names),))
        opt = Option(list(names), attrs)
        self.options.append(opt)
        for n in names:
            self.by_name[n] = opt

    _addoption = addoption

    def getgroup(self, name, description="", after=None):
        if name not in self.groups:
            self.groups[name] = OptionGroup(self, name, description)
        return self.groups[name]

    def addini(self, name, help="", type=None, default=None):
        self.inis[name] = (type, default)

    def defaults(self):
        ns = Namespace()
        for o in self.options:
            setattr(ns, o.dest, list(o.default) if isinstance(o.default, list) else o.default)
        return ns

    def parse(self, args, ns=None):
        """Options into ns; returns the positional arguments."""
        if ns is None:
            ns = self.defaults()
        pos = []
        i = 0
        while i < len(args):
            a = args[i]
            i += 1
            if a == "--":
                pos.extend(args[i:])
                break
            if not a.startswith("-") or a == "-":
                pos.append(a)
                continue
            if a.startswith("--"):
                name, eq, val = a.partition("=")
                opt = self.by_name.get(name)
                if opt is None:
                    cands = [n for n in self.by_name if n.startswith(name)]
                    longs = sorted(set(self.by_name[n].names[0] for n in cands))
                    if len(cands) >= 1 and len(set(id(self.by_name[n]) for n in cands)) == 1:
                        opt = self.by_name[cands[0]]
                    else:
                        raise UsageError("unrecognized arguments: %s" % a)
                if opt.takes_value():
                    if not eq:
                        if i >= len(args):
                            raise UsageError("argument %s: expected one argument" % "/".join(opt.names))
                        val = args[i]
                        i += 1
                    self._store(ns, opt, val)
                else:
                    if eq:
                        raise UsageError("argument %s: ignored explicit argument '%s'" % (name, val))
                    self._flag(ns, opt)
                continue
            # short options, possibly grouped (-vx) or with a value (-kfoo, -k foo)
            j = 1
            while j < len(a):
                name = "-" + a[j]
                opt = self.by_name.get(name)
                if opt is None:
                    raise UsageError("unrecognized arguments: %s" % a)
                if opt.takes_value():
                    val = a[j + 1:]
                    if not val:
                        if i >= len(args):
                            raise UsageError("argument %s: expected one argument" % "/".join(opt.names))
                        val = args[i]
                        i += 1
                    self._store(ns, opt, val)
                    break
                self._flag(ns, opt)
                j += 1
        return pos

    def _store(self, ns, opt, val):
        v = opt.convert(val)
        if opt.action == "append":
            cur = getattr(ns, opt.dest, None)
            cur = list(cur) if cur else []
            cur.append(v)
            setattr(ns, opt.dest, cur)
        else:
            setattr(ns, opt.dest, v)

    def _flag(self, ns, opt):
        if opt.action == "count":
            setattr(ns, opt.dest, (getattr(ns, opt.dest, 0) or 0) + 1)
        elif opt.action == "store_true":
            setattr(ns, opt.dest, True)
        elif opt.action == "store_false":
            setattr(ns, opt.dest, False)
        elif opt.action == "store_const":
            setattr(ns, opt.dest, opt.const)
        elif opt.action == "help":
            setattr(ns, opt.dest, True)


def builtin_parser():
    p = Parser()
    add = p.addoption
    add("-v", "--verbose", action="count", dest="verbose", default=0)
    add("-q", "--quiet", action="count", dest="quiet", default=0)
    add("--verbosity", type=int, dest="verbosity", default=None)
    add("-x", "--exitfirst", action="store_true", dest="exitfirst")
    add("--maxfail", type=int, dest="maxfail", default=0)
    add("--tb", dest="tbstyle", default="auto", choices=["auto", "long", "short", "no", "line", "native"])
    add("-s", action="store_const", const="no", dest="capture")
    add("--capture", dest="capture", default="fd", choices=["fd", "sys", "no", "tee-sys"])
    add("--durations", type=int, dest="durations", default=None)
    add("--durations-min", type=float, dest="durations_min", default=0.005)
    add("-r", dest="reportchars", default="fE")
    add("-k", dest="keyword", default="")
    add("-m", dest="markexpr", default="")
    add("--junitxml", "--junit-xml", dest="xmlpath", default=None)
    add("--junit-prefix", dest="junitprefix", default=None)
    add("--collect-only", "--co", action="store_true", dest="collectonly")
    add("-p", action="append", dest="plugins", default=[])
    add("--rootdir", dest="rootdir", default=None)
    add("-c", "--config-file", dest="inifilename", default=None)
    add("--ignore", action="append", dest="ignore", default=[])
    add("--ignore-glob", action="append", dest="ignore_glob", default=[])
    add("--deselect", action="append", dest="deselect", default=[])
    add("-o", "--override-ini", action="append", dest="override_ini", default=[])
    add("--strict-markers", "--strict", action="store_true", dest="strict_markers")
    add("-W", "--pythonwarnings", action="append", dest="pythonwarnings", default=[])
    add("--color", dest="color", default="auto")
    add("--code-highlight", dest="code_highlight", default="yes")
    add("--no-header", action="store_true", dest="no_header")
    add("--no-summary", action="store_true", dest="no_summary")
    add("--import-mode", dest="importmode", default="prepend", choices=["prepend", "append", "importlib"])
    add("--showlocals", "-l", action="store_true", dest="showlocals")
    add("--disable-warnings", "--disable-pytest-warnings", action="store_true", dest="disable_warnings")
    add("-h", "--help", action="store_true", dest="help")
    add("--version", "-V", action="count", dest="version", default=0)
    add("--fixtures", "--funcargs", action="store_true", dest="showfixtures")
    add("--lf", "--last-failed", action="store_true", dest="lf")
    add("--ff", "--failed-first", action="store_true", dest="failedfirst")
    add("--sw", "--stepwise", action="store_true", dest="stepwise")
    add("--runxfail", action="store_true", dest="runxfail")
    add("--basetemp", dest="basetemp", default=None)
    add("--confcutdir", dest="confcutdir", default=None)
    add("--noconftest", action="store_true", dest="noconftest")
    add("--full-trace", action="store_true", dest="fulltrace")
    add("--log-level", dest="log_level", default=None)
    add("--log-cli-level", dest="log_cli_level", default=None)
    add("--setup-show", action="store_true", dest="setupshow")
    add("--cache-clear", action="store_true", dest="cacheclear")
    add("--pyargs", action="store_true", dest="pyargs")
    add("--debug", action="store_true", dest="debug")
    add("--pdb", action="store_true", dest="usepdb")
    add("--doctest-modules", action="store_true", dest="doctestmodules")
    add("--continue-on-collection-errors", action="store_true", dest="continue_on_collection_errors")
    return p


HELP = """usage: pytest [options] [file_or_dir] [file_or_dir] [...]

positional arguments:
  file_or_dir

general:
  -k EXPRESSION         Only run tests which match the given substring expression
  -m MARKEXPR           Only run tests matching given mark expression
  -x, --exitfirst       Exit instantly on first error or failed test
  --maxfail=num         Exit after first num failures or errors
  --strict-markers      Markers not registered in the `markers` section of the configuration
                        file raise errors
  -c file               Load configuration from `file` instead of trying to locate one of the
                        implicit configuration files
  --co, --collect-only  Only collect tests, don't execute them
  --junitxml=path       Create junit-xml style report file at given path

reporting:
  -v, --verbose         Increase verbosity
  -q, --quiet           Decrease verbosity
  -r chars              Show extra test summary info as specified by chars: (f)ailed, (E)rror,
                        (s)kipped, (x)failed, (X)passed, (p)assed, (P)assed with output, (a)ll
                        except passed (p/P), or (A)ll. (N)one can be used to reset the list.
  --tb=style            Traceback print mode (auto/long/short/line/native/no)
  --durations=N         Show N slowest setup/test durations (N=0 for all)
  -s                    Shortcut for --capture=no
"""

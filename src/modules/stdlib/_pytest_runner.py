"""_pytest_runner - running one collected test: setup (skip/xfail marks, fixtures, xunit
setup methods), call, teardown, output capture, and the reports with their failure text
(tracebacks cut to the test's own frames, formatted in pytest's long/short/line styles)."""

import os
import sys
import time

import _pytest_api as api
import _pytest_fixtures as fx
import _pytest_assert


# ------------------------------------------------------------------ capture

class CaptureManager:
    def __init__(self, mode):
        self.mode = mode
        self.fixture_active = 0
        self._out = None
        self._err = None
        self._saved = None
        self._suspended = False

    def start(self):
        if self.mode == "no":
            return
        import io
        self._out, self._err = io.StringIO(), io.StringIO()
        self._saved = (sys.stdout, sys.stderr)
        sys.stdout, sys.stderr = self._out, self._err

    def suspend(self):
        if self._saved is not None and not self._suspended:
            sys.stdout, sys.stderr = self._saved
            self._suspended = True

    def resume(self):
        if self._saved is not None and self._suspended:
            sys.stdout, sys.stderr = self._out, self._err
            self._suspended = False

    def read_and_reset(self):
        if self._out is None:
            return "", ""
        import io
        out, err = self._out.getvalue(), self._err.getvalue()
        self._out, self._err = io.StringIO(), io.StringIO()
        if self._saved is not None and not self._suspended:
            sys.stdout, sys.stderr = self._out, self._err
        return out, err

    def stop(self):
        if self._saved is None:
            return "", ""
        out, err = self._out.getvalue(), self._err.getvalue()
        sys.stdout, sys.stderr = self._saved
        self._saved = None
        self._out = self._err = None
        self._suspended = False
        return out, err


# ------------------------------------------------------------------ reports

class TestReport:
    def __init__(self, item, when, outcome, longrepr=None, duration=0.0, sections=(), wasxfail=None,
                 crash=None):
        self.nodeid = item.nodeid
        self.item = item
        self.location = item.location
        self.when = when
        self.outcome = outcome
        self.longrepr = longrepr  # list of lines (failures), or (path, lineno, reason) for skips
        self.duration = duration
        self.sections = list(sections)
        self.keywords = item.keywords
        self.crash = crash  # (path, lineno, message) of the failure
        if wasxfail is not None:
            self.wasxfail = wasxfail
        self.user_properties = item.user_properties

    @property
    def passed(self):
        return self.outcome == "passed"

    @property
    def failed(self):
        return self.outcome == "failed"

    @property
    def skipped(self):
        return self.outcome == "skipped"

    @property
    def head_line(self):
        return self.location[2]

    @property
    def capstdout(self):
        return "".join(c for n, c in self.sections if n.startswith("Captured stdout"))

    @property
    def capstderr(self):
        return "".join(c for n, c in self.sections if n.startswith("Captured stderr"))

    def __repr__(self):
        return "<TestReport %r when=%r outcome=%r>" % (self.nodeid, self.when, self.outcome)


class CollectReport:
    def __init__(self, nodeid, outcome, longrepr, crash=None):
        self.nodeid = nodeid
        self.outcome = outcome
        self.longrepr = longrepr
        self.crash = crash
        self.when = "collect"
        self.sections = []
        self.location = (nodeid, None, nodeid)

    @property
    def failed(self):
        return self.outcome == "failed"

    @property
    def skipped(self):
        return self.outcome == "skipped"

    @property
    def passed(self):
        return self.outcome == "passed"

    @property
    def head_line(self):
        return self.nodeid


# ------------------------------------------------------------------ traceback text

_lines_cache = {}


def source_lines(path):
    if path not in _lines_cache:
        try:
            with open(path) as f:
                _lines_cache[path] = f.read().split("\n")
        except (OSError, UnicodeDecodeError):
            _lines_cache[path] = None
    return _lines_cache[path]


def tb_entries(tb):
    out = []
    while tb is not None:
        frame = getattr(tb, "tb_frame", None)
        code = frame.f_code if frame is not None else tb.tb_code
        out.append((code.co_filename, tb.tb_lineno, code.co_name, code.co_firstlineno))
        tb = tb.tb_next
    return out


def _hidden(filename):
    # the runner's own frames, and warnings.warn's (a C function in CPython: no frame there)
    return filename.startswith(("<frozen _pytest", "<frozen pytest", "<frozen warnings>"))


def exc_typename(e):
    t = type(e)
    mod = getattr(t, "__module__", "builtins")
    if mod in ("builtins", "__main__", None):
        return t.__qualname__ if hasattr(t, "__qualname__") else t.__name__
    return "%s.%s" % (mod, getattr(t, "__qualname__", t.__name__))


def exconly(e):
    if isinstance(e, SyntaxError) and getattr(e, "lineno", None) is not None:
        out = ['  File "%s", line %d' % (e.filename, e.lineno)]
        text = e.text or ""
        if text:
            stripped = text.rstrip("\n").lstrip()
            out.append("    " + stripped)
            if e.offset:
                ind = len(text) - len(text.lstrip())
                out.append("    " + " " * max(e.offset - 1 - ind, 0) + "^")
        out.append("%s: %s" % (exc_typename(e), e.msg))
        return "\n".join(out)
    try:
        text = str(e)
    except Exception:
        text = "<unprintable %s object>" % type(e).__name__
    name = exc_typename(e)
    if isinstance(e, AssertionError):
        try:
            r = repr(e)
        except Exception:
            r = ""
        if r.startswith("AssertionError('assert "):
            return text
    if isinstance(e, (api.OutcomeException,)):
        return "%s: %s" % (name, text) if text else name
    return "%s: %s" % (name, text) if text else name


def _statement_end(lines, idx):
    depth, j = 0, idx
    while j < len(lines):
        line = lines[j]
        q = None
        k = 0
        while k < len(line):
            ch = line[k]
            if q:
                if ch == "\\":
                    k += 1
                elif ch == q:
                    q = None
            elif ch in "\"'":
                q = ch
            elif ch == "#":
                break
            elif ch in "([{":
                depth += 1
            elif ch in ")]}":
                depth -= 1
            k += 1
        if depth <= 0 and not line.rstrip().endswith("\\"):
            return j
        j += 1
    return idx


def _indent(s):
    return len(s) - len(s.lstrip())


def entry_lines(entry, style, exc, is_last, funcargs=None):
    """The text of one traceback entry."""
    path, lineno, name, first = entry
    lines = source_lines(path)
    out = []
    rel = _relpath(path)
    if style == "short" or lines is None:
        out.append("%s:%d: in %s" % (rel, lineno, name))
        if lines is not None and 0 < lineno <= len(lines):
            out.append("    " + lines[lineno - 1].strip())
        else:
            out.append("    ???")
        if is_last:
            for i, l in enumerate(exconly(exc).split("\n")):
                out.append("E   " + l)
        return out
    if funcargs:
        cur = ""
        for k, v in funcargs:
            ns = "%s = %s" % (k, _pytest_assert.saferepr(v))
            if len(ns) + len(cur) + 2 > 80:
                if cur:
                    out.append(cur)
                cur = ns
            else:
                cur = cur + ", " + ns if cur else ns
        if cur:
            out.append(cur)
        out.append("")
    start = max(first, 1) - 1
    idx = lineno - 1
    if start > idx or idx >= len(lines):
        start = idx
    end = _statement_end(lines, idx)
    block = lines[start:end + 1]
    ind = min([_indent(l) for l in block if l.strip()] or [0])
    ind = _indent(lines[start]) if lines[start].strip() else ind
    block = [l[ind:] if len(l) >= ind and not l[:ind].strip() else l.lstrip() for l in block]
    fail_i = idx - start
    for i, l in enumerate(block):
        if i == fail_i:
            out.append(">   " + l)
        else:
            out.append("    " + l if l else "")
    if is_last:
        last_stmt = block[fail_i] if fail_i < len(block) else ""
        indent = 4 + _indent(last_stmt)
        pre = "E" + " " * (indent - 1)
        for l in exconly(exc).split("\n"):
            out.append(pre + l)
    out.append("")
    out.append("%s:%d: %s" % (rel, lineno, type(exc).__name__ if is_last else ""))
    return out


_root = [None]


def _relpath(path):
    """pytest's bestrelpath from the invocation folder (tracebacks, skip locations)."""
    root = _root[0]
    if not root or not path.startswith("/"):
        return path
    if path.startswith(root.rstrip("/") + "/"):
        return path[len(root.rstrip("/")) + 1:]
    return os.path.relpath(path, root)


def format_exception(exc, style, cut_code=None, funcargs=None):
    """(lines, crash) for an exception raised in a test, pytest's way, with the exceptions it
    was raised from or during (__cause__, __context__) first."""
    chain, seen, e = [], set(), exc
    while e is not None and id(e) not in seen:
        seen.add(id(e))
        cause = getattr(e, "__cause__", None)
        ctx = getattr(e, "__context__", None)
        if cause is not None:
            chain.insert(0, (e, "The above exception was the direct cause of the following exception:"))
            e = cause
        elif ctx is not None and not getattr(e, "__suppress_context__", False):
            chain.insert(0, (e, "During handling of the above exception, another exception occurred:"))
            e = ctx
        else:
            chain.insert(0, (e, None))
            e = None
    if len(chain) == 1 or style in ("line", "native", "no"):
        return _format_one(exc, style, cut_code, funcargs)
    out = []
    crash = None
    for i, (e, _) in enumerate(chain):
        lines, crash = _format_one(e, style, cut_code, funcargs)
        out.extend(lines)
        if i + 1 < len(chain):
            out.extend(["", chain[i + 1][1]])
    return out, crash


def _format_one(exc, style, cut_code, funcargs):
    entries = tb_entries(exc.__traceback__)
    if cut_code is not None:
        for i, e in enumerate(entries):
            if e[0] == cut_code[0] and e[2] == cut_code[1]:
                entries = entries[i:]
                break
    entries = [e for e in entries if not _hidden(e[0])] or entries[-1:]
    crash_e = entries[-1] if entries else ("?", 0, "?", 0)
    crash = (crash_e[0], crash_e[1], exconly(exc))
    if isinstance(exc, api.OutcomeException) and not exc.pytrace:
        return [str(exc.msg)], crash
    if style == "line":
        return ["%s:%d: %s" % (crash[0], crash[1], crash[2].split("\n")[0])], crash
    if style == "native":
        out = ["Traceback (most recent call last):"]
        for path, lineno, name, first in entries:
            out.append('  File "%s", line %d, in %s' % (path, lineno, name))
            lines = source_lines(path)
            if lines and 0 < lineno <= len(lines):
                out.append("    " + lines[lineno - 1].strip())
        out.append(exc_typename(exc) + (": " + str(exc) if str(exc) else ""))
        return out, crash
    out = []
    n = len(entries)
    for i, e in enumerate(entries):
        st = style
        if style == "auto":
            st = "long" if i == 0 or i == n - 1 else "short"
        if st == "long":
            out.append("")
        out.extend(entry_lines(e, st, exc, i == n - 1, funcargs if i == 0 else None))
        if i < n - 1:
            nst = style if style != "auto" else ("long" if i + 1 == n - 1 else "short")
            if st == "long" or (st == "short" and nst == "long"):
                out.append("_ " * 40)
    return out, crash


# ------------------------------------------------------------------ marks at run time

def _eval_condition(item, cond):
    if isinstance(cond, str):
        g = dict(item.module.__dict__) if item.module is not None else {}
        g["os"] = os
        g["sys"] = sys
        g["platform"] = sys.platform
        g["config"] = item.config
        return bool(eval(cond, g))
    return bool(cond)


def evaluate_skip(item):
    for m in item.iter_markers("skipif"):
        conds = m.args if m.args else (m.kwargs.get("condition"),) if "condition" in m.kwargs else ()
        reason = m.kwargs.get("reason", "")
        if not conds:
            return reason
        for c in conds:
            if _eval_condition(item, c):
                if not reason and isinstance(c, str):
                    reason = "condition: " + c
                return reason
    for m in item.iter_markers("skip"):
        if "reason" in m.kwargs:
            return m.kwargs["reason"]
        if m.args:
            return m.args[0]
        return "unconditional skip"
    return None


def evaluate_xfail(item):
    for m in item.iter_markers("xfail"):
        conds = m.args if m.args else ((m.kwargs["condition"],) if "condition" in m.kwargs else ())
        reason = m.kwargs.get("reason", "")
        run = m.kwargs.get("run", True)
        strict = m.kwargs.get("strict", _ini_bool(item.config.getini("xfail_strict")))
        raises = m.kwargs.get("raises")
        if not conds:
            return reason, run, strict, raises
        for c in conds:
            if _eval_condition(item, c):
                if not reason and isinstance(c, str):
                    reason = "condition: " + c
                return reason, run, strict, raises
    return None


def _ini_bool(v):
    if isinstance(v, bool):
        return v
    return str(v).strip().lower() in ("true", "1", "yes")

"""_pytest_terminal - pytest's command: main() configures, collects, runs each test
(setup/call/teardown) and writes the terminal report as pytest does (header, progress,
failure sections, short summary, the final counts line, exit codes), --junitxml, --co."""

import os
import sys
import time

import _pytest_api as api
import _pytest_assert
import _pytest_config as cfg
import _pytest_fixtures as fx
import _pytest_main as pm
import _pytest_nodes as nodes
import _pytest_runner as runner

KNOWN = ["failed", "passed", "skipped", "deselected", "xfailed", "xpassed", "warnings", "error"]


class Writer:
    def __init__(self, out):
        self.out = out
        self.width = 80
        try:
            c = int(os.environ.get("COLUMNS", "80"))
            if c >= 40:
                self.width = c
        except ValueError:
            pass
        self.col = 0

    def write(self, s):
        self.out.write(s)
        i = s.rfind("\n")
        self.col = len(s) - i - 1 if i >= 0 else self.col + len(s)
        try:
            self.out.flush()
        except Exception:
            pass

    def line(self, s=""):
        self.write(s + "\n")

    def ensure_newline(self):
        if self.col:
            self.write("\n")

    def sep(self, ch, title=None):
        if title is not None:
            n = max((self.width - len(title) - 2) // (2 * len(ch)), 1)
            fill = ch * n
            line = "%s %s %s" % (fill, title, fill)
        else:
            line = ch * (self.width // len(ch))
        if len(line) + len(ch.rstrip()) <= self.width:
            line += ch.rstrip()
        self.line(line)


def _plural(n, word):
    if word == "error":
        return "%d error%s" % (n, "" if n == 1 else "s")
    if word == "warnings":
        return "%d warning%s" % (n, "" if n == 1 else "s")
    return "%d %s" % (n, word)


class Terminal:
    def __init__(self, config, session):
        self.config = config
        self.session = session
        self.tw = Writer(sys.__stdout__ if hasattr(sys, "__stdout__") else sys.stdout)
        self.verbosity = config.option.verbose
        self.stats = {}
        self.currentfspath = None
        self.reported = set()
        self.reportchars = self._reportchars()
        self.start = time.time()
        self.durations = []
        self.junit = None

    def _reportchars(self):
        out = ""
        for ch in self.config.option.reportchars:
            if ch in "FS":
                ch = ch.lower()
            if ch == "a":
                out = "sxXEf"
            elif ch == "A":
                out = "PpsxXEf"
            elif ch == "N":
                out = ""
            elif ch not in out:
                out += ch
        if not self.config.option.disable_warnings and "w" not in out:
            out = "w" + out
        return out

    def add_stat(self, key, rep):
        self.stats.setdefault(key, []).append(rep)

    # -------------------------------------------------- header and collection

    def header(self):
        if self.verbosity < 0:
            return
        self.tw.sep("=", "test session starts")
        if not self.config.option.no_header:
            vi = sys.version_info
            line = "platform %s -- Python %d.%d.%d, pytest-7.2.1, pluggy-1.0.0" % (sys.platform, vi[0], vi[1], vi[2])
            if self.verbosity > 0:
                line += " -- " + (sys.executable or "flyi")
            self.tw.line(line)
            for mod in reversed(self.config.conftests):
                f = getattr(mod, "pytest_report_header", None)
                if f is not None:
                    r = pm._call_hook(mod, "pytest_report_header", config=self.config,
                                      start_path=self.config.rootdir, startdir=self.config.rootdir)
                    for l in ([r] if isinstance(r, str) else (r or [])):
                        self.tw.line(l)
            if self.verbosity > 0 and "no:cacheprovider" not in (self.config.option.plugins or []):
                self.tw.line("cachedir: .pytest_cache")
            root = "rootdir: %s" % self.config.rootdir
            if self.config.inipath:
                root += ", configfile: %s" % os.path.relpath(self.config.inipath, self.config.rootdir)
            if self.config.used_testpaths:
                root += ", testpaths: %s" % ", ".join(self.config.getini("testpaths"))
            self.tw.line(root)

    def collected(self):
        s = self.session
        n = s.testscollected
        errors = s.collection_errors
        skipped = len([r for r in s.collect_reports if r.skipped])
        if self.verbosity < 0:
            return
        if self.verbosity > 0:
            self.tw.write("collecting ... ")
        line = "collected %d item%s" % (n, "" if n == 1 else "s")
        if errors:
            line += " / %d error%s" % (errors, "" if errors == 1 else "s")
        if s.deselected:
            line += " / %d deselected" % len(s.deselected)
        if skipped:
            line += " / %d skipped" % skipped
        if s.deselected and n - len(s.deselected) >= 0:
            line += " / %d selected" % (n - len(s.deselected))
        self.tw.line(line)
        if s.items or errors:
            self.tw.line("")

    # -------------------------------------------------- progress

    def _progress(self):
        total = self.session.testscollected - len(self.session.deselected)
        if total <= 0:
            return " [100%]"
        return " [%3d%%]" % (len(self.reported) * 100 // total)

    def _fill_progress(self):
        if self.config.option.capture == "no":
            return
        msg = self._progress()
        fill = self.tw.width - self.tw.col - 1
        self.tw.write(msg.rjust(fill))

    def start_item(self, item):
        if self.verbosity > 0:
            self.tw.ensure_newline()
            self._prefix = self.config.cwd_relative_nodeid(item.nodeid) + " "
            self.tw.write(self._prefix)
            return
        if self.verbosity < 0:
            return
        fspath = item.path
        if fspath != self.currentfspath:
            if self.currentfspath is not None:
                self._fill_progress()
            self.currentfspath = fspath
            self.tw.ensure_newline()
            self.tw.write(self.config.cwd_relative_nodeid(self.session.nodeid_of_path(fspath)) + " ")

    def finish_item(self, item):
        if self.verbosity > 0:
            return
        self.reported.add(item.nodeid)
        total = self.session.testscollected - len(self.session.deselected)
        if len(self.reported) == total:
            self._fill_progress()
        elif self.tw.col + 7 + 1 >= self.tw.width and self.config.option.capture != "no":
            self.tw.write(self._progress() + "\n")

    def status(self, rep):
        """(category, letter, verbose word) of a report, as pytest_report_teststatus."""
        wasxfail = getattr(rep, "wasxfail", None)
        if wasxfail is not None:
            if rep.skipped:
                return "xfailed", "x", "XFAIL"
            if rep.passed:
                return "xpassed", "X", "XPASS"
        if rep.when in ("setup", "teardown"):
            if rep.failed:
                return "error", "E", "ERROR"
            if rep.skipped:
                return "skipped", "s", "SKIPPED"
            return "", "", ""
        if rep.passed:
            return "passed", ".", "PASSED"
        if rep.skipped:
            return "skipped", "s", "SKIPPED"
        return "failed", "F", "FAILED"

    def report(self, item, rep):
        cat, letter, word = self.status(rep)
        if not cat:
            return
        self.add_stat(cat, rep)
        if self.verbosity <= 0:
            self.tw.write(letter)
            return
        self.reported.add(rep.nodeid)
        line = self.config.cwd_relative_nodeid(item.nodeid) + " "
        if self.tw.col == 0:
            self.tw.write(line)
        self.tw.write(word)
        reason = None
        if rep.skipped or getattr(rep, "wasxfail", None) is not None:
            if getattr(rep, "wasxfail", None) is not None:
                reason = rep.wasxfail
                if reason.startswith("reason: "):
                    reason = reason[len("reason: "):]
            elif isinstance(rep.longrepr, tuple):
                reason = rep.longrepr[2]
                if reason.startswith("Skipped: "):
                    reason = reason[len("Skipped: "):]
        if reason:
            avail = self.tw.width - self.tw.col - len(" [100%]") - 1
            r = " (%s)" % reason
            if self.verbosity < 2 and len(r) > avail:
                r = " (%s...)" % reason[:avail - len(" (...)")] if avail >= len(" (...)") + 1 else ""
            self.tw.write(r)
        self._fill_progress()
        self.tw.line("")

    def finish_progress(self):
        if self.tw.col or self.verbosity >= 0 or not self.reported:
            self.tw.line("")
        if self.verbosity >= 0 and self.reported and self.verbosity <= 0:
            self.tw.line("")

    # -------------------------------------------------- summary

    def _sections(self, rep):
        out = []
        for name, content in rep.sections:
            if self.config.option.tbstyle == "no":
                continue
            out.append((name, content))
        return out

    def summary_errors(self):
        reps = self.stats.get("error", [])
        if not reps or self.config.option.tbstyle == "no":
            return
        self.tw.sep("=", "ERRORS")
        for rep in reps:
            if isinstance(rep, runner.CollectReport):
                self.tw.sep("_", "ERROR collecting %s" % (rep.nodeid or "test session"))
            else:
                self.tw.sep("_", "ERROR at %s of %s" % (rep.when, rep.head_line))
            self._longrepr(rep)

    def _longrepr(self, rep):
        lr = rep.longrepr
        if isinstance(lr, list):
            for l in lr:
                self.tw.line(l)
        elif lr is not None:
            self.tw.line(str(lr))
        for name, content in self._sections(rep):
            self.tw.sep("-", name)
            if content.endswith("\n"):
                content = content[:-1]
            self.tw.line(content)

    def summary_failures(self):
        reps = self.stats.get("failed", [])
        style = self.config.option.tbstyle
        if not reps or style == "no":
            return
        self.tw.sep("=", "FAILURES")
        if style == "line":
            for rep in reps:
                c = rep.crash
                if c is not None:
                    self.tw.line("%s:%d: %s" % (c[0], c[1], c[2].split("\n")[0]))
                else:
                    self.tw.line(str(rep.longrepr[0] if rep.longrepr else ""))
            return
        for rep in reps:
            self.tw.sep("_", rep.head_line)
            self._longrepr(rep)
            # output of the teardown of the same test
            for trep in self.stats.get("_teardown_sections", []):
                if trep.nodeid == rep.nodeid:
                    for name, content in trep.sections:
                        self.tw.sep("-", name)
                        self.tw.line(content[:-1] if content.endswith("\n") else content)

    def summary_passes(self):
        if "P" not in self.reportchars or self.config.option.tbstyle == "no":
            return
        reps = self.stats.get("passed", [])
        if not reps:
            return
        self.tw.sep("=", "PASSES")
        for rep in reps:
            if rep.sections:
                self.tw.sep("_", rep.head_line)
                for name, content in rep.sections:
                    self.tw.sep("-", name)
                    self.tw.line(content[:-1] if content.endswith("\n") else content)

    def _crash_line(self, word, rep):
        nodeid = self.config.cwd_relative_nodeid(rep.nodeid)
        line = "%s %s" % (word, nodeid)
        c = rep.crash
        if c is not None and c[2] is not None:
            msg = c[2]
            i = msg.find("\n")
            if i != -1:
                msg = msg[:i]
            avail = self.tw.width - len(line)
            text = " - " + msg
            if len(text) <= avail:
                line += text
            elif avail >= len(" - ") + 3:
                line += " - " + msg[:avail - 6] + "..."
        return line

    def short_summary(self):
        lines = []
        for ch in self.reportchars:
            if ch == "x":
                for rep in self.stats.get("xfailed", []):
                    l = "XFAIL %s" % self.config.cwd_relative_nodeid(rep.nodeid)
                    if rep.wasxfail:
                        l += " - " + str(rep.wasxfail)
                    lines.append(l)
            elif ch == "X":
                for rep in self.stats.get("xpassed", []):
                    lines.append("XPASS %s %s" % (self.config.cwd_relative_nodeid(rep.nodeid), rep.wasxfail))
            elif ch == "f":
                for rep in self.stats.get("failed", []):
                    lines.append(self._crash_line("FAILED", rep))
            elif ch == "E":
                for rep in self.stats.get("error", []):
                    lines.append(self._crash_line("ERROR", rep))
            elif ch == "p":
                for rep in self.stats.get("passed", []):
                    lines.append(self._crash_line("PASSED", rep))
            elif ch == "s":
                folded = []
                for rep in self.stats.get("skipped", []):
                    path, lineno, reason = rep.longrepr
                    key = (path, lineno, reason)
                    for f in folded:
                        if f[0] == key:
                            f[1] += 1
                            break
                    else:
                        folded.append([key, 1])
                for (path, lineno, reason), num in folded:
                    path = self.config.cwd_relative_nodeid(path)
                    if reason.startswith("Skipped: "):
                        reason = reason[len("Skipped: "):]
                    if lineno is not None:
                        lines.append("SKIPPED [%d] %s:%d: %s" % (num, path, lineno, reason))
                    else:
                        lines.append("SKIPPED [%d] %s: %s" % (num, path, reason))
        if lines:
            self.tw.sep("=", "short test summary info")
            for l in lines:
                self.tw.line(l)

    def stats_line(self, duration):
        parts = []
        for key in KNOWN:
            reps = self.stats.get(key)
            if reps:
                parts.append(_plural(len(reps), key))
        for key in sorted(self.stats):
            if key not in KNOWN and not key.startswith("_") and key and self.stats[key]:
                parts.append(_plural(len(self.stats[key]), key))
        if self.session.warnings:
            n = len(self.session.warnings)
            parts.insert(len([k for k in KNOWN[:6] if self.stats.get(k)]), _plural(n, "warnings"))
        if not parts:
            parts = ["no tests ran"]
        return "%s in %.2fs" % (", ".join(parts), duration)

    def summary_durations(self):
        n = self.config.option.durations
        if n is None:
            return
        durs = sorted(self.durations, key=lambda r: r.duration, reverse=True)
        if not durs:
            return
        if n == 0:
            self.tw.sep("=", "slowest durations")
        else:
            self.tw.sep("=", "slowest %d durations" % n)
            durs = durs[:n]
        dmin = self.config.option.durations_min if self.verbosity < 2 else 0.0
        shown = 0
        for rep in durs:
            if rep.duration < dmin:
                continue
            self.tw.line("%.2fs %-8s %s" % (rep.duration, rep.when, self.config.cwd_relative_nodeid(rep.nodeid)))
            shown += 1
        hidden = len(durs) - shown
        if hidden:
            self.tw.line("")
            self.tw.line("(%d durations < %gs hidden.  Use -vv to show these durations.)" % (hidden, dmin))

    def summary_warnings(self):
        ws = self.session.warnings
        if not ws or "w" not in self.reportchars or self.config.option.disable_warnings:
            return
        self.tw.sep("=", "warnings summary")
        groups = []
        for head, lines in ws:
            for g in groups:
                if g[1] == lines:
                    g[0].append(head)
                    break
            else:
                groups.append(([head], lines))
        for heads, lines in groups:
            if len(heads) < 10:
                self.tw.line("\n".join(heads))
            else:
                counts = []
                for h in heads:
                    f = h.split("::", 1)[0]
                    for c in counts:
                        if c[0] == f:
                            c[1] += 1
                            break
                    else:
                        counts.append([f, 1])
                self.tw.line("\n".join("%s: %d warning%s" % (f, n, "s" if n > 1 else "") for f, n in counts))
            for l in lines:
                self.tw.line(l)
            self.tw.line("")
        self.tw.line("-- Docs: https://docs.pytest.org/en/stable/how-to/capture-warnings.html")

    def finish(self, exitcode, interrupted=None):
        duration = time.time() - self.start
        self.summary_errors()
        self.summary_failures()
        self.summary_warnings()
        self.summary_passes()
        if self.junit is not None:
            self.junit()
        self.summary_durations()
        self.short_summary()
        if interrupted:
            self.tw.sep("!", interrupted)
        line = self.stats_line(duration)
        if self.verbosity < 0:
            self.tw.line(line)
        else:
            self.tw.sep("=", line)


# ------------------------------------------------------------------ running one test

def _call(item, session):
    f = item.obj
    if item.instance is not None and not getattr(item, "static", False):
        f = getattr(item.instance, item.originalname)
    kwargs = {n: item.funcargs[n] for n in item.argnames if n in item.funcargs}
    return f(**kwargs)


def _xunit(item, which, session):
    """setup_module/setup_function/setup_method/... (and teardowns) as pytest calls them."""
    mod = item.module
    cls = item.cls
    out = []
    if which == "setup":
        key = ("module", mod)
        if key not in session.xunit_done:
            session.xunit_done[key] = True
            for n in ("setup_module", "setUpModule"):
                f = getattr(mod, n, None)
                if f is not None:
                    _call_opt(f, mod)
                    break
        if cls is not None:
            key = ("class", cls)
            if key not in session.xunit_done:
                session.xunit_done[key] = True
                f = getattr(cls, "setup_class", None)
                if f is not None:
                    f()
            f = getattr(item.instance, "setup_method", None)
            if f is not None:
                _call_opt(f, item.obj)
        else:
            f = getattr(mod, "setup_function", None)
            if f is not None:
                _call_opt(f, item.obj)
    return out


def _call_opt(f, arg):
    code = getattr(getattr(f, "__func__", f), "__code__", None)
    n = code.co_argcount if code is not None else 0
    if hasattr(f, "__self__"):
        n -= 1
    if n >= 1:
        return f(arg)
    return f()


def _xunit_teardown(item, nextitem, session):
    errors = []
    mod, cls = item.module, item.cls

    def run(f, *a):
        try:
            if a:
                _call_opt(f, a[0])
            else:
                f()
        except BaseException as e:
            errors.append(e)
    if cls is not None:
        f = getattr(item.instance, "teardown_method", None)
        if f is not None:
            run(f, item.obj)
        if nextitem is None or nextitem.cls is not cls:
            if session.xunit_done.pop(("class", cls), None):
                f = getattr(cls, "teardown_class", None)
                if f is not None:
                    run(f)
    else:
        f = getattr(mod, "teardown_function", None)
        if f is not None:
            run(f, item.obj)
    if nextitem is None or nextitem.module is not mod:
        if session.xunit_done.pop(("module", mod), None):
            for n in ("teardown_module", "tearDownModule"):
                f = getattr(mod, n, None)
                if f is not None:
                    run(f, mod)
                    break
    return errors


def _skip_location(item, e, when):
    """(path, lineno, reason) of a skip: the mark's test definition, else where skip() ran."""
    rel = item.session.relpath(item.path)
    if e is None:
        return None
    line = None
    for path, lineno, name, first in runner.tb_entries(e.__traceback__):
        if not runner._hidden(path):
            line = (item.session.relpath(path), lineno)
    if line is None:
        line = (rel, item.location[1] + 1)
    return (line[0], line[1], "Skipped: " + str(e.msg) if e.msg is not None else "Skipped")


def run_item(item, nextitem, session, term):
    """One test's three phases; the warnings they raise go to the summary, as pytest does."""
    import warnings
    with warnings.catch_warnings(record=True) as log:
        warnings.simplefilter("default")
        warnings.simplefilter("always", DeprecationWarning)
        pending = getattr(__import__("builtins"), "PendingDeprecationWarning", None)
        if pending is not None:
            warnings.simplefilter("always", pending)
        # the ini file's filterwarnings, then -W, then the tests' filterwarnings marks
        specs = list(session.config.getini("filterwarnings")) + list(session.config.option.pythonwarnings or [])
        for m in item.iter_markers("filterwarnings"):
            specs.extend(m.args)
        for spec in specs:
            _apply_filter(warnings, spec)
        try:
            return _run_item(item, nextitem, session, term)
        finally:
            for w in list(log or []):
                session.warn_runtime(item.nodeid, w)


def _apply_filter(warnings, spec):
    """One "action:message:category:module:lineno" warning filter, as -W and pytest read it."""
    parts = [p.strip() for p in str(spec).split(":")]
    parts += [""] * (5 - len(parts))
    action, message, cat, module, lineno = parts[:5]
    category = Warning
    if cat:
        mod, _, name = cat.rpartition(".")
        try:
            category = getattr(__import__(mod, fromlist=[name]) if mod else __import__("builtins"), name)
        except (ImportError, AttributeError):
            raise cfg.UsageError("invalid -W option / filterwarnings value %r: unknown warning category: %r"
                                 % (spec, cat))
    warnings.filterwarnings(action or "default", message, category, module, int(lineno) if lineno else 0)


def _run_item(item, nextitem, session, term):
    tbstyle = session.config.option.tbstyle
    reports = []
    capman = session.capman
    item.xfail = runner.evaluate_xfail(item) if not session.config.option.runxfail else None

    def phase(when, fn):
        capman.start()
        t0 = time.time()
        exc = None
        try:
            fn()
        except BaseException as e:
            exc = e
        dur = time.time() - t0
        out, err = capman.stop()
        sections = []
        if out:
            sections.append(("Captured stdout " + when, out))
        if err:
            sections.append(("Captured stderr " + when, err))
        return exc, dur, sections

    all_sections = []

    def setup():
        reason = runner.evaluate_skip(item)
        if reason is not None:
            raise _MarkSkip(reason)
        if item.xfail is not None and not item.xfail[1]:
            raise _MarkXfailNoRun(item.xfail[0])
        if item.cls is not None:
            item.instance = item.cls()
        cs = item.callspec
        for n in item.fixturenames:
            if n in item.funcargs:
                continue
            if cs is not None and cs.direct.get(n):
                item.funcargs[n] = cs.params[n]
                continue
            item.funcargs[n] = session.fixtures_runtime.getvalue(item, n)
        _xunit(item, "setup", session)

    exc, dur, secs = phase("setup", setup)
    all_sections.extend(secs)
    rep = _make_report(item, "setup", exc, dur, list(all_sections), tbstyle, session)
    reports.append(rep)
    term.report(item, rep)
    if rep.passed:
        def call():
            _call(item, session)
        exc, dur, secs = phase("call", call)
        all_sections.extend(secs)
        if isinstance(exc, KeyboardInterrupt):
            raise exc
        rep = _make_report(item, "call", exc, dur, list(all_sections), tbstyle, session)
        reports.append(rep)
        term.report(item, rep)

    def teardown():
        errors = _xunit_teardown(item, nextitem, session) if rep_setup_ran[0] else []
        errors += session.fixtures_runtime.teardown_for(item, nextitem)
        if errors:
            raise errors[0]
    rep_setup_ran = [reports[0].passed]
    exc, dur, secs = phase("teardown", teardown)
    all_sections.extend(secs)
    trep = _make_report(item, "teardown", exc, dur, list(all_sections), tbstyle, session)
    reports.append(trep)
    term.report(item, trep)
    if trep.passed and secs:
        term.stats.setdefault("_teardown_sections", []).append(trep)
    item.funcargs = {}
    item.instance = None
    term.durations.extend(reports)
    return reports


class _MarkSkip(Exception):
    def __init__(self, reason):
        Exception.__init__(self, reason)
        self.reason = reason


class _MarkXfailNoRun(Exception):
    def __init__(self, reason):
        Exception.__init__(self, reason)
        self.reason = reason


def _make_report(item, when, exc, dur, sections, tbstyle, session):
    xf = item.xfail
    rel = session.relpath(item.path)
    if exc is None:
        if when == "call" and xf is not None:
            reason, run, strict, raises = xf
            if strict:
                r = runner.TestReport(item, when, "failed", ["[XPASS(strict)] " + reason], dur, sections)
                r.crash = None
                return r
            return runner.TestReport(item, when, "passed", None, dur, sections, wasxfail=reason)
        return runner.TestReport(item, when, "passed", None, dur, sections)
    if isinstance(exc, _MarkSkip):
        return runner.TestReport(item, when, "skipped", (rel, item.location[1] + 1, exc.reason), dur, sections)
    if isinstance(exc, _MarkXfailNoRun):
        return runner.TestReport(item, when, "skipped", None, dur, sections,
                                 wasxfail="reason: [NOTRUN] " + exc.reason)
    if isinstance(exc, api.XFailed):
        return runner.TestReport(item, when, "skipped", None, dur, sections,
                                 wasxfail="reason: " + str(exc.msg or ""))
    if isinstance(exc, api.Skipped):
        return runner.TestReport(item, when, "skipped", _skip_location(item, exc, when), dur, sections)
    if isinstance(exc, fx.FixtureLookupError):
        lines = _lookup_error_lines(item, exc, session)
        r = runner.TestReport(item, when, "failed", lines, dur, sections)
        r.crash = None
        return r
    if when == "call" and xf is not None:
        reason, run, strict, raises = xf
        if raises is None or isinstance(exc, raises):
            return runner.TestReport(item, when, "skipped", None, dur, sections, wasxfail=reason)
    code = getattr(getattr(item.obj, "__func__", item.obj), "__code__", None)
    cut = (code.co_filename, code.co_name) if code is not None and when == "call" else None
    funcargs = None
    if when == "call" and tbstyle in ("auto", "long"):
        funcargs = [(n, item.funcargs[n]) for n in item.argnames if n in item.funcargs]
        if item.instance is not None and not getattr(item, "static", False):
            funcargs.insert(0, ("self", item.instance))
    lines, crash = runner.format_exception(exc, tbstyle, cut, funcargs)
    return runner.TestReport(item, when, "failed", lines, dur, sections, crash=crash)


def _lookup_error_lines(item, exc, session):
    code = getattr(getattr(item.obj, "__func__", item.obj), "__code__", None)
    lines = []
    path = item.path
    first = code.co_firstlineno if code is not None else 1
    lines.append("file %s, line %d" % (path, first))
    src = runner.source_lines(path) or []
    i = first - 1
    ind = None
    while i < len(src):
        l = src[i]
        if ind is None:
            ind = len(l) - len(l.lstrip())
        lines.append("  " + l[ind:])
        if l.strip().startswith("def ") or l.strip().startswith("async def "):
            j = i
            while not src[j].rstrip().endswith(":") and j + 1 < len(src) and not src[j].rstrip().endswith("pass"):
                j += 1
                lines.append("  " + src[j][ind:])
            break
        i += 1
    if exc.msg:
        lines.append("E       " + exc.msg)
    else:
        names = set(n for n in session.fm.defs if session.fm.getdefs(n, item.nodeid))
        modname = item.module.__name__.rpartition(".")[2] if item.module is not None else ""
        for attrs, kind in ((("setup_module", "teardown_module", "setUpModule", "tearDownModule"), "module"),
                            (("setup_function", "teardown_function"), "function")):
            if any(getattr(item.module, a, None) is not None for a in attrs):
                names.add("_xunit_setup_%s_fixture_%s" % (kind, modname))
        if item.cls is not None:
            for attrs, kind in ((("setup_class", "teardown_class"), "class"),
                                (("setup_method", "teardown_method"), "method")):
                if any(getattr(item.cls, a, None) is not None for a in attrs):
                    names.add("_xunit_setup_%s_fixture_%s" % (kind, item.cls.__name__))
        names = sorted(names)
        lines.append("E       fixture %r not found" % exc.argname)
        lines.append(">       available fixtures: %s" % ", ".join(names))
        lines.append(">       use 'pytest --fixtures [testpath]' for help on them.")
    lines.append("")
    lines.append("%s:%d" % (path, first))
    return lines


# ------------------------------------------------------------------ main

def _parse_config(args):
    inv = os.getcwd()
    config = pm.Config(inv)
    p = config.parser
    # first pass: rootdir/ini with the options known now (conftest options unknown yet)
    pre_ns = p.defaults()
    pre_args = _lenient_parse(p, args, pre_ns)
    rootdir, ini, vals = cfg.determine_setup(pre_args, pre_ns.inifilename, pre_ns.rootdir, inv)
    config.rootdir = config.rootpath = rootdir
    config.inipath = config.inifile = ini
    config.inicfg = vals
    for o in pre_ns.override_ini or []:
        k, _, v = o.partition("=")
        config.overrides[k.strip()] = v
    addopts = cfg.split_args(" ".join(cfg.ini_list(config.getini("addopts")))) if config.getini("addopts") else []
    envopts = cfg.split_args(os.environ.get("PYTEST_ADDOPTS", ""))
    full = addopts + envopts + list(args)
    return config, full


def _lenient_parse(p, args, ns):
    pos = []
    i = 0
    while i < len(args):
        a = args[i]
        try:
            rest = p.parse([a] + ([args[i + 1]] if i + 1 < len(args) else []), ns)
        except cfg.UsageError:
            i += 1
            continue
        opt = p.by_name.get(a.partition("=")[0]) if a.startswith("-") else None
        if a.startswith("-") and not a.startswith("--") and len(a) == 2:
            opt = p.by_name.get(a)
        if opt is not None and opt.takes_value() and "=" not in a and (len(a) == 2 or a.startswith("--")):
            i += 2
        elif not a.startswith("-"):
            pos.append(a)
            i += 1
        else:
            i += 1
    return pos


def main(args=None, plugins=None):
    if args is None:
        args = sys.argv[1:]
    args = [str(a) for a in args]
    out = sys.stdout
    try:
        config, full = _parse_config(args)
    except cfg.UsageError as e:
        sys.stderr.write("ERROR: %s\n" % e)
        return pm.EXIT_USAGEERROR
    saved_path = list(sys.path)
    session = None
    try:
        return _main(config, full, plugins)
    except cfg.UsageError as e:
        sys.stderr.write("ERROR: %s\n\n" % e)
        return pm.EXIT_USAGEERROR
    finally:
        sys.path[:] = saved_path


def _main(config, full, plugins):
    p = config.parser
    # initial conftests: those of the rootdir and of the argument folders, before parsing
    pre_ns = p.defaults()
    pre_args = _lenient_parse(p, full, pre_ns)
    config.option = pre_ns
    session = None
    initial = []
    targets = [a.split("::")[0] for a in pre_args] or ([] if not config.getini("testpaths") else
                                                         list(config.getini("testpaths")))
    if not targets:
        targets = ["."]
    dummy = pm.Session.__new__(pm.Session)
    config.used_testpaths = False
    seen = []
    # load conftests top-down for each target folder (their pytest_addoption counts)
    tmp_conftests = []
    for t in targets:
        d = os.path.abspath(os.path.join(config.invocation_dir, t))
        if os.path.isfile(d):
            d = os.path.dirname(d)
        chain = []
        cur = d
        while True:
            chain.insert(0, cur)
            if cur == config.rootdir or os.path.dirname(cur) == cur:
                break
            cur = os.path.dirname(cur)
        # pytest also loads the conftests of the argument folder's test* sub-folders up front
        try:
            subs = sorted(e for e in os.listdir(d) if e.startswith("test") and os.path.isdir(os.path.join(d, e)))
        except OSError:
            subs = []
        for x in chain + [os.path.join(d, e) for e in subs]:
            if x not in seen:
                seen.append(x)
    config._initial_dirs = seen
    for pl in plugins or []:
        config.conftests.append(pl)
    if pre_ns.help:
        sys.stdout.write(cfg.HELP)
        return pm.EXIT_OK
    if pre_ns.version:
        sys.stdout.write("pytest 7.2.1\n")
        return pm.EXIT_OK
    # a session to hold the conftests while options are not final
    config.option = pre_ns
    session = pm.Session(config)
    session.confcut = config.rootdir
    for d in seen:
        if not (d == config.rootdir or d.startswith(config.rootdir.rstrip("/") + "/")):
            continue
        try:
            session.conftest_for_dir(d)
        except BaseException as e:
            if isinstance(e, (KeyboardInterrupt, SystemExit)):
                raise
            sys.stderr.write("ImportError while loading conftest '%s'.\n" % os.path.join(d, "conftest.py"))
            for path, lineno, name, first in runner.tb_entries(e.__traceback__):
                if runner._hidden(path):
                    continue
                sys.stderr.write("%s:%d: in %s\n" % (os.path.relpath(path, config.invocation_dir), lineno, name))
                lines = runner.source_lines(path)
                if lines and 0 < lineno <= len(lines):
                    sys.stderr.write("    %s\n" % lines[lineno - 1].strip())
            for l in runner.exconly(e).split("\n"):
                sys.stderr.write("E   %s\n" % l)
            return pm.EXIT_USAGEERROR
    for mod in config.conftests:
        pm._call_hook(mod, "pytest_addoption", parser=p, pluginmanager=config.pluginmanager)
    ns = p.defaults()
    try:
        posargs = p.parse(full, ns)
    except cfg.UsageError as e:
        msg = "usage: __main__.py [options] [file_or_dir] [file_or_dir] [...]\n__main__.py: error: %s" % e
        if str(e).startswith("unrecognized arguments"):
            msg += "\n  inifile: %s\n  rootdir: %s" % (config.inipath, config.rootdir)
        raise cfg.UsageError(msg)
    config.option = ns
    config.args = posargs
    if ns.verbosity is not None:
        ns.verbose = ns.verbosity
    else:
        ns.verbose = ns.verbose - ns.quiet
    if ns.exitfirst:
        ns.maxfail = 1
    _pytest_assert.verbosity = ns.verbose
    runner._root[0] = config.invocation_dir
    for o in ns.override_ini or []:
        k, _, v = o.partition("=")
        config.overrides[k.strip()] = v
    session.capman = runner.CaptureManager(ns.capture)
    session.tmp_path_factory = fx.TempPathFactory(ns.basetemp)
    session.xunit_done = {}
    for line in config.getini("markers"):
        config.markers.append(line.split(":")[0].split("(")[0].strip())
    for mod in list(config.conftests):
        pm._call_hook(mod, "pytest_configure", config=config)
    config._configured = True
    term = Terminal(config, session)
    if not posargs:
        tp = config.getini("testpaths")
        if tp and config.invocation_dir == config.rootdir:
            import glob
            for t in tp:
                posargs.extend(sorted(glob.glob(os.path.join(config.rootdir, t))) or [])
            posargs = [os.path.relpath(x, config.invocation_dir) for x in posargs]
            config.used_testpaths = bool(posargs)
        if not posargs:
            posargs = ["."]
            config.used_testpaths = False
    config.args = posargs
    term.header()
    try:
        session.perform_collect(posargs)
    except cfg.UsageError as e:
        # pytest: the (empty) session is reported, then the error
        session.items = []
        term.collected()
        term.finish_progress()
        term.finish(pm.EXIT_USAGEERROR)
        raise
    if ns.strict_markers:
        builtin_marks = {"parametrize", "skip", "skipif", "xfail", "usefixtures", "filterwarnings", "tryfirst",
                         "trylast"}
        for it in session.items:
            for m in it.iter_markers():
                if m.name not in builtin_marks and m.name not in config.markers:
                    sys.stdout.write("")
    for rep in session.collect_reports:
        if rep.failed:
            term.add_stat("error", rep)
        elif rep.skipped:
            path = rep.skip_path
            rel = session.relpath(path)
            rep.longrepr = (rel, rep.skip_line, rep.longrepr[2])
            term.add_stat("skipped", rep)
    if session.deselected:
        term.stats["deselected"] = list(session.deselected)
    term.collected()
    if session.not_found:
        for nf in session.not_found:
            sys.stdout.write("ERROR: not found: %s\n(no name %r in any of [<Module %s>])\n\n"
                             % (os.path.join(config.rootdir, nf), nf.split("::", 1)[1],
                                os.path.basename(nf.split("::")[0])))
        if not session.items:
            term.finish(pm.EXIT_USAGEERROR)
            return pm.EXIT_USAGEERROR
    if session.collection_errors and not ns.collectonly and not ns.continue_on_collection_errors:
        n = session.collection_errors
        if ns.verbose < 0:
            term.tw.line("")
        term.junit = lambda: _junit(config, session, term)
        code = _sessionfinish(config, session, pm.EXIT_INTERRUPTED)
        term.finish(pm.EXIT_INTERRUPTED, "Interrupted: %d error%s during collection" % (n, "" if n == 1 else "s"))
        return code
    if ns.collectonly:
        _collect_only(config, session, term)
        term.summary_errors()
        term.summary_warnings()
        if session.collection_errors:
            n = session.collection_errors
            term.short_summary()
            term.tw.sep("!", "Interrupted: %d error%s during collection" % (n, "" if n == 1 else "s"))
        dur = time.time() - term.start
        n = len(session.items)
        if ns.verbose < 0:
            parts = "%d test%s collected" % (n, "" if n == 1 else "s") if n else "no tests collected"
            if session.deselected:
                parts = "%d/%d tests collected (%d deselected)" % (n, session.testscollected, len(session.deselected))
            if session.collection_errors:
                parts += ", %d error%s" % (session.collection_errors, "" if session.collection_errors == 1 else "s")
            term.tw.line("%s in %.2fs" % (parts, dur))
        else:
            parts = "%d test%s collected" % (n, "" if n == 1 else "s") if n else "no tests collected"
            if session.deselected:
                parts = "%d/%d tests collected (%d deselected)" % (n, session.testscollected, len(session.deselected))
            if session.collection_errors:
                parts += ", %d error%s" % (session.collection_errors, "" if session.collection_errors == 1 else "s")
            term.tw.sep("=", "%s in %.2fs" % (parts, dur))
        if session.collection_errors:
            return pm.EXIT_INTERRUPTED
        return pm.EXIT_OK if session.items else pm.EXIT_NOTESTSCOLLECTED
    interrupted = None
    items = session.items
    failures = 0
    try:
        for i, item in enumerate(items):
            nextitem = items[i + 1] if i + 1 < len(items) else None
            term.start_item(item)
            reps = run_item(item, nextitem, session, term)
            term.finish_item(item)
            for r in reps:
                if r.failed:
                    failures += 1
                    break
            if ns.maxfail and failures >= ns.maxfail:
                # finish what is set up
                session.fixtures_runtime.teardown_some(list(session.fixtures_runtime.active))
                interrupted = "stopping after %d failures" % failures if failures != 1 else "stopping after 1 failures"
                break
    except KeyboardInterrupt:
        interrupted = "KeyboardInterrupt"
    except pm.api.Exit as e:
        interrupted = "_pytest.outcomes.Exit: %s" % e.msg
    term.finish_progress()
    term.junit = lambda: _junit(config, session, term)
    if interrupted == "KeyboardInterrupt":
        code = pm.EXIT_INTERRUPTED
    elif term.stats.get("failed") or term.stats.get("error"):
        code = pm.EXIT_TESTSFAILED
    elif not session.items:
        code = pm.EXIT_NOTESTSCOLLECTED
    else:
        code = pm.EXIT_OK
    code = _sessionfinish(config, session, code)
    if interrupted and interrupted.startswith("stopping"):
        term.finish(1, "stopping after %d failures" % failures)
    else:
        term.finish(1, interrupted)
    for mod in config.conftests:
        pm._call_hook(mod, "pytest_unconfigure", config=config)
    return code


def _sessionfinish(config, session, code):
    """The conftests' pytest_sessionfinish hooks, which may change session.exitstatus."""
    session.exitstatus = code
    for mod in config.conftests:
        pm._call_hook(mod, "pytest_sessionfinish", session=session, exitstatus=code)
    return session.exitstatus


def _collect_only(config, session, term):
    v = config.option.verbose
    if v < 0:
        for it in session.items:
            term.tw.line(config.cwd_relative_nodeid(it.nodeid))
        term.tw.line("")
        return
    stack = []
    last_pkg = [None]
    for it in session.items:
        chain = [n for n in it.listchain() if n.kind != "session"]
        for i, n in enumerate(chain):
            if i < len(stack) and stack[i] is n:
                continue
            stack = stack[:i]
            stack.append(n)
            mod = it.parent_of_kind("module")
            ind = "  " * (i + (getattr(mod, "co_indent", 0) if n.kind != "module" else 0))
            if n.kind == "module":
                pkgdir = os.path.dirname(n.path)
                if os.path.isfile(os.path.join(pkgdir, "__init__.py")):
                    if last_pkg[0] != pkgdir:
                        term.tw.line("%s<Package %s>" % (ind, os.path.basename(pkgdir)))
                        last_pkg[0] = pkgdir
                    term.tw.line("%s  <Module %s>" % (ind, os.path.basename(n.path)))
                    n.co_indent = 1
                else:
                    term.tw.line("%s<Module %s>" % (ind, session.relpath(n.path)))
                    n.co_indent = 0
                    last_pkg[0] = None
            elif n.kind == "class":
                term.tw.line("%s<Class %s>" % (ind, n.name))
            elif n.kind == "function":
                term.tw.line("%s<Function %s>" % (ind, n.name))
                if v >= 1:
                    doc = getattr(n.obj, "__doc__", None)
                    if doc:
                        for l in doc.strip().split("\n"):
                            term.tw.line("%s  %s" % (ind, l.strip()))
    term.tw.line("")


def _timestamp(t):
    try:
        return time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime(t)) + ".%06d" % int((t % 1) * 1e6)
    except Exception:
        return "1970-01-01T00:00:00.000000"


def _hostname():
    try:
        with open("/etc/hostname") as f:
            return f.read().strip() or "localhost"
    except OSError:
        return "localhost"


def _xml_text(s):
    return str(s).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _xml_escape(s):
    return _xml_text(s).replace('"', "&quot;").replace("\n", "&#10;")


def _junit(config, session, term):
    path = config.option.xmlpath
    if not path:
        return
    path = os.path.join(config.invocation_dir, path)
    cases = {}
    order = []
    for key in ("passed", "failed", "skipped", "xfailed", "xpassed", "error"):
        for rep in term.stats.get(key, []):
            if isinstance(rep, runner.CollectReport):
                nid = rep.nodeid
            else:
                nid = rep.nodeid
            if nid not in cases:
                cases[nid] = []
                order.append(nid)
            cases[nid].append((key, rep))
    ordered = [it.nodeid for it in session.items if it.nodeid in cases]
    ordered += [n for n in order if n not in ordered]
    counts = {"errors": 0, "failures": 0, "skipped": 0}
    body = []
    total_time = 0.0
    for nid in ordered:
        entries = cases[nid]
        parts = nid.split("::")
        file_ = parts[0]
        modpath = file_[:-3].replace("/", ".") if file_.endswith(".py") else file_
        if len(parts) > 2:
            classname = modpath + "." + ".".join(parts[1:-1])
        else:
            classname = modpath
        name = parts[-1]
        dur = 0.0
        for r in term.durations:
            if r.nodeid == nid:
                dur += r.duration
        total_time += dur
        inner = []
        for key, rep in entries:
            msg = rep.crash[2] if getattr(rep, "crash", None) else ""
            text = "\n".join(rep.longrepr).strip() if isinstance(rep.longrepr, list) else ""
            if key == "failed":
                counts["failures"] += 1
                inner.append('<failure message="%s">%s</failure>' % (_xml_escape(msg), _xml_text(text)))
            elif key == "error":
                counts["errors"] += 1
                what = "collection failure" if rep.when == "collect" else "failed on %s with \"%s\"" % (rep.when, msg)
                inner.append('<error message="%s">%s</error>' % (_xml_escape(what), _xml_text(text)))
            elif key == "skipped":
                counts["skipped"] += 1
                lr = rep.longrepr
                reason = lr[2] if isinstance(lr, tuple) else ""
                if reason.startswith("Skipped: "):
                    reason = reason[9:]
                inner.append('<skipped type="pytest.skip" message="%s">%s:%s: %s</skipped>'
                             % (_xml_escape(reason), _xml_text(os.path.join(config.rootdir, lr[0])), lr[1],
                                _xml_text(reason)))
            elif key == "xfailed":
                counts["skipped"] += 1
                inner.append('<skipped type="pytest.xfail" message="%s" />' % _xml_escape(rep.wasxfail))
        body.append('<testcase classname="%s" name="%s" time="%.3f"%s' % (
            _xml_escape(classname), _xml_escape(name), dur, ">" + "".join(inner) + "</testcase>" if inner else " />"))
    tests = len(ordered)
    head = ('<?xml version="1.0" encoding="utf-8"?><testsuites><testsuite name="%s" errors="%d" failures="%d" '
            'skipped="%d" tests="%d" time="%.3f" timestamp="%s" hostname="%s">' % (
                _xml_escape(config.getini("junit_suite_name") or "pytest"), counts["errors"], counts["failures"],
                counts["skipped"], tests, time.time() - term.start, _timestamp(term.start), _hostname()))
    d = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(d):
        os.makedirs(d)
    with open(path, "w") as f:
        f.write(head + "".join(body) + "</testsuite></testsuites>")
    term.tw.sep("-", "generated xml file: %s" % os.path.abspath(path))

# traceback: formatting and printing exceptions and stacks, CPython's text.
import io
import os
import sys
import traceback

HERE = os.path.dirname(os.path.abspath(__file__)) + os.sep


def clean(text):
    return text.replace(os.path.dirname(__file__) + os.sep, "").replace(HERE, "")


class Out(io.StringIO):
    def flush_out(self):
        print(clean(self.getvalue()), end="")
        self.seek(0)
        self.truncate()


out = Out()


def inner(n):
    return 10 // n


def middle(n):
    x = inner(n)
    return x


def show(lines):
    for line in lines:
        print(repr(clean(line)))


try:
    middle(0)
except ZeroDivisionError as e:
    err = e
    show(traceback.format_exception(e))
    print(clean(traceback.format_exc()), end="")
    traceback.print_exc(file=out)
    out.flush_out()
    traceback.print_exc()
    print(traceback.format_exception_only(e))
    print(traceback.format_exception_only(type(e), e))
    tb = e.__traceback__
    st = traceback.extract_tb(tb)
    print(type(st).__name__, len(st))
    for fs in st:
        print(clean(repr(fs)), fs.filename == __file__, fs.lineno, fs.name, repr(fs.line))
        fn, ln, name, line = fs
        print(ln, name, line)
    show(traceback.format_tb(tb))
    show(traceback.format_tb(tb, limit=1))
    show(traceback.format_tb(tb, limit=-1))
    show(traceback.format_list(st))
    traceback.print_tb(tb, file=out)
    out.flush_out()
    traceback.print_exception(e, file=out)
    out.flush_out()
    traceback.print_exception(type(e), e, tb, file=out)
    out.flush_out()
    print(len(list(traceback.walk_tb(tb))))

print(clean(traceback.format_exc()))


class AppError(Exception):
    pass


def wrap():
    try:
        middle(0)
    except ZeroDivisionError as exc:
        raise AppError("wrapped") from exc


try:
    wrap()
except AppError as e:
    show(traceback.format_exception(e))
    show(traceback.format_exception(e, chain=False))
    te = traceback.TracebackException.from_exception(e)
    print(str(te), te.exc_type.__name__, len(te.stack))
    show(te.format())
    show(te.format_exception_only())
    print(te.__cause__.exc_type.__name__)

try:
    try:
        {}["k"]
    except KeyError:
        raise ValueError("during")
except ValueError as e:
    show(traceback.format_exception(e))

try:
    raise AppError()
except AppError as e:
    show(traceback.format_exception_only(e))


def rec(n):
    if n == 0:
        raise RuntimeError("deep")
    return rec(n - 1)


try:
    rec(8)
except RuntimeError as e:
    show(traceback.format_exception(e))


def where():
    show(traceback.format_stack())
    traceback.print_stack(file=out)
    out.flush_out()
    st = traceback.extract_stack()
    print(st[-1].name, st[-1].line, len(traceback.extract_stack(limit=1)))


def caller():
    where()


caller()
print(traceback.format_exception_only(None, None))
e = ValueError("no traceback")
show(traceback.format_exception(e))
fs = traceback.FrameSummary("f.py", 3, "g", line="  x = 1  ")
print(fs, fs.line, list(fs), fs == ("f.py", 3, "g", "x = 1"))
show(traceback.format_list([("a.py", 1, "<module>", "import b"), ("b.py", 2, "h", None)]))

"""Extract, format and print exceptions and stacks, with CPython 3.11's text.

Positions and source lines come from the interpreter (_flyi_rt); frames are snapshots taken when
asked for (see FrameSnapshot), not live frame objects. Frame summaries carry no f_locals
capture (capture_locals is accepted and ignored)."""

import sys
import _flyi_rt

__all__ = ["extract_stack", "extract_tb", "format_exception", "format_exception_only", "format_list",
           "format_stack", "format_tb", "print_exc", "format_exc", "print_exception", "print_last",
           "print_stack", "print_tb", "clear_frames", "FrameSummary", "StackSummary",
           "TracebackException", "walk_stack", "walk_tb"]

_RECURSIVE_CUTOFF = 3
_MODFILE = "<frozen traceback>"


class FrameSnapshot:
    """What a frame looked like when it was taken: f_code, f_lineno, f_globals, f_locals, f_back."""

    def __init__(self, pos, globs, locs, code, back):
        self.f_code = code
        self.f_lineno = pos[1]
        self.f_globals = globs
        self.f_locals = locs
        self.f_back = back
        self.f_trace = None
        self._pos = pos

    @property
    def f_builtins(self):
        return self.f_globals.get("__builtins__")

    def clear(self):
        pass

    def __repr__(self):
        return "<frame at 0x%x, file %r, line %d, code %s>" % (id(self), self._pos[0], self.f_lineno,
                                                             self._pos[2])


def _snapshots(skip_files=(_MODFILE,)):
    """The running frames as snapshots, innermost first, leaving out the innermost ones that run
    in the given files (this module's own frames)."""
    entries = _flyi_rt.stack()
    while entries and entries[-1][0][0] in skip_files:
        entries.pop()
    back = None
    frames = []
    for pos, globs, locs, code in entries:
        back = FrameSnapshot(pos, globs, locs, code, back)
        frames.append(back)
    frames.reverse()
    return frames


def _sys_getframe(depth=0):
    """sys._getframe (the interpreter calls this): depth 0 is the caller of sys._getframe."""
    if not isinstance(depth, int):
        raise TypeError("'%s' object cannot be interpreted as an integer" % type(depth).__name__)
    frames = _snapshots()
    if depth < 0:
        depth = 0
    if depth >= len(frames):
        raise ValueError("call stack is not deep enough")
    return frames[depth]


def _current_frame(skip_files=(_MODFILE,)):
    fr = _snapshots(skip_files)
    return fr[0] if fr else None


class FrameSummary:
    __slots__ = ("filename", "lineno", "name", "_line", "locals", "_caret", "end_lineno", "colno",
                 "end_colno")

    def __init__(self, filename, lineno, name, *, lookup_line=True, locals=None, line=None, end_lineno=None,
                 colno=None, end_colno=None):
        self.filename = filename
        self.lineno = lineno
        self.name = name
        self._line = line
        self.locals = {k: repr(v) for k, v in locals.items()} if locals else None
        self._caret = None
        self.end_lineno = end_lineno
        self.colno = colno
        self.end_colno = end_colno

    def __eq__(self, other):
        if isinstance(other, FrameSummary):
            return (self.filename == other.filename and self.lineno == other.lineno and self.name == other.name
                    and self.locals == other.locals)
        if isinstance(other, tuple):
            return (self.filename, self.lineno, self.name, self.line) == other
        return NotImplemented

    def __getitem__(self, pos):
        return (self.filename, self.lineno, self.name, self.line)[pos]

    def __iter__(self):
        return iter([self.filename, self.lineno, self.name, self.line])

    def __repr__(self):
        return "<FrameSummary file {filename}, line {lineno} in {name}>".format(
            filename=self.filename, lineno=self.lineno, name=self.name)

    def __len__(self):
        return 4

    @property
    def line(self):
        if self._line is None:
            if self.lineno is None:
                return None
            return ""
        return self._line.strip()


def _summary(pos):
    fs = FrameSummary(pos[0], pos[1], pos[2], line=pos[3] if pos[3] is not None else "")
    fs._caret = pos[4]
    return fs


def _limited(entries, limit, keep_last):
    if limit is None:
        limit = getattr(sys, "tracebacklimit", None)
        if limit is not None and limit < 0:
            limit = 0
    if limit is None:
        return entries
    if limit >= 0:
        return entries[-limit:] if keep_last and limit else ([] if keep_last else entries[:limit])
    return entries[limit:] if not keep_last else entries[:-limit]


class StackSummary(list):
    @classmethod
    def extract(klass, frame_gen, *, limit=None, lookup_lines=True, capture_locals=False):
        result = klass()
        for f, lineno in frame_gen:
            code = f.f_code
            fs = FrameSummary(code.co_filename, lineno, code.co_name, line=getattr(f, "_pos", (0, 0, 0, ""))[3])
            result.append(fs)
        if limit is not None:
            result = klass(result[:limit] if limit >= 0 else result[limit:])
        return result

    @classmethod
    def from_list(klass, a_list):
        result = StackSummary()
        for frame in a_list:
            if isinstance(frame, FrameSummary):
                result.append(frame)
            else:
                filename, lineno, name, line = frame
                result.append(FrameSummary(filename, lineno, name, line=line))
        return result

    def format_frame_summary(self, frame_summary):
        row = ['  File "{}", line {}, in {}\n'.format(frame_summary.filename, frame_summary.lineno,
                                                     frame_summary.name)]
        if frame_summary.line:
            row.append("    {}\n".format(frame_summary.line))
            caret = getattr(frame_summary, "_caret", None)
            if caret:
                row.append("    {}\n".format(caret))
        if frame_summary.locals:
            for name, value in sorted(frame_summary.locals.items()):
                row.append("    {name} = {value}\n".format(name=name, value=value))
        return "".join(row)

    def format(self):
        result = []
        last_file = last_line = last_name = None
        count = 0
        for frame_summary in self:
            if (last_file is None or last_file != frame_summary.filename or last_line is None
                    or last_line != frame_summary.lineno or last_name is None or last_name != frame_summary.name):
                if count > _RECURSIVE_CUTOFF:
                    count -= _RECURSIVE_CUTOFF
                    result.append("  [Previous line repeated {} more time{}]\n".format(count, "s" if count > 1 else ""))
                last_file = frame_summary.filename
                last_line = frame_summary.lineno
                last_name = frame_summary.name
                count = 0
            count += 1
            if count > _RECURSIVE_CUTOFF:
                continue
            result.append(self.format_frame_summary(frame_summary))
        if count > _RECURSIVE_CUTOFF:
            count -= _RECURSIVE_CUTOFF
            result.append("  [Previous line repeated {} more time{}]\n".format(count, "s" if count > 1 else ""))
        return result


def walk_tb(tb):
    while tb is not None:
        yield tb, tb.tb_lineno
        tb = tb.tb_next


def walk_stack(f):
    if f is None:
        f = _current_frame()
    while f is not None:
        yield f, f.f_lineno
        f = f.f_back


def extract_tb(tb, limit=None):
    entries = [_summary(p) for p in _flyi_rt.tb_entries(tb)]
    return StackSummary(_limited(entries, limit, False))


def format_list(extracted_list):
    return StackSummary.from_list(extracted_list).format()


def format_tb(tb, limit=None):
    return extract_tb(tb, limit=limit).format()


def print_list(extracted_list, file=None):
    if file is None:
        file = sys.stderr
    for item in StackSummary.from_list(extracted_list).format():
        print(item, file=file, end="")


def print_tb(tb, limit=None, file=None):
    print_list(extract_tb(tb, limit=limit), file=file)


def _stack_entries(f):
    entries = _flyi_rt.stack(False)
    while entries and entries[-1][0][0] == _MODFILE:
        entries.pop()
    if f is not None and isinstance(f, FrameSnapshot):
        # cut the stack at that frame (the outermost len(chain) entries)
        depth = 0
        while f is not None:
            depth += 1
            f = f.f_back
        entries = entries[:depth]
    return entries


def extract_stack(f=None, limit=None):
    # CPython keeps no column positions for stack frames: no caret lines
    entries = [_summary(e[0][:4] + (None,)) for e in _stack_entries(f)]
    return StackSummary(_limited(entries, limit, True))


def format_stack(f=None, limit=None):
    return format_list(extract_stack(f, limit))


def print_stack(f=None, limit=None, file=None):
    print_list(extract_stack(f, limit), file=file)


def _type_name(etype):
    stype = getattr(etype, "__qualname__", None) or etype.__name__
    smod = getattr(etype, "__module__", None)
    if smod not in ("__main__", "builtins", None):
        if not isinstance(smod, str):
            smod = "<unknown>"
        stype = smod + "." + stype
    return stype


def _some_str(value):
    try:
        return str(value)
    except BaseException:
        return "<exception str() failed>"


def _format_only(etype, value):
    if value is None and etype is None:
        return ["NoneType: None\n"]
    if etype is None:
        etype = type(value)
    stype = _type_name(etype)
    if isinstance(value, SyntaxError) and not isinstance(value, type):
        lines = []
        filename = value.filename or "<string>"
        if value.lineno is not None:
            lines.append('  File "{}", line {}\n'.format(filename, value.lineno))
        text = value.text
        if text is not None:
            rtext = text.rstrip("\n")
            ltext = rtext.lstrip(" \n\f")
            spaces = len(rtext) - len(ltext)
            lines.append("    {}\n".format(ltext))
            if value.offset is not None:
                offset = value.offset
                end_offset = getattr(value, "end_offset", None)
                end_lineno = getattr(value, "end_lineno", None)
                if end_offset is None or (end_lineno is not None and end_lineno != value.lineno):
                    end_offset = offset + 1
                if end_offset <= offset:
                    end_offset = offset + 1
                colno = offset - 1 - spaces
                end_colno = end_offset - 1 - spaces
                if colno >= 0:
                    caretspace = "".join(c if c.isspace() else " " for c in ltext[:colno])
                    lines.append("    {}{}\n".format(caretspace, "^" * (end_colno - colno)))
        msg = value.msg or "<no detail available>"
        lines.append("{}: {}\n".format(stype, msg))
        return lines
    svalue = _some_str(value) if value is not None else ""
    lines = [stype + "\n"] if not svalue else ["{}: {}\n".format(stype, svalue)]
    notes = getattr(value, "__notes__", None)
    if notes:
        for note in notes:
            lines.append(_some_str(note) + "\n")
    return lines


def _format_chain(exc, limit, chain, seen):
    out = []
    if chain:
        seen.add(id(exc))
        cause = exc.__cause__
        context = exc.__context__
        if cause is not None and id(cause) not in seen:
            out.extend(_format_chain(cause, limit, chain, seen))
            out.append("\nThe above exception was the direct cause of the following exception:\n\n")
        elif context is not None and not exc.__suppress_context__ and id(context) not in seen:
            out.extend(_format_chain(context, limit, chain, seen))
            out.append("\nDuring handling of the above exception, another exception occurred:\n\n")
    tb = exc.__traceback__
    if tb is not None:
        out.append("Traceback (most recent call last):\n")
        out.extend(format_tb(tb, limit))
    out.extend(_format_only(type(exc), exc))
    return out


_sentinel = object()


def _parse_value_tb(exc, value, tb):
    if (value is _sentinel) != (tb is _sentinel):
        raise ValueError("Both or neither of value and tb must be given")
    if value is tb is _sentinel:
        if exc is not None:
            if isinstance(exc, BaseException):
                return exc, exc.__traceback__
            raise TypeError(f"Exception expected for value, {type(exc).__name__} found")
        return None, None
    return value, tb


def format_exception(exc, /, value=_sentinel, tb=_sentinel, limit=None, chain=True):
    value, tb = _parse_value_tb(exc, value, tb)
    if value is None:
        return ["NoneType: None\n"]
    if tb is not value.__traceback__:
        value = _with_tb(value, tb)
    return _format_chain(value, limit, chain, set())


def _with_tb(value, tb):
    try:
        value.__traceback__ = tb
    except (AttributeError, TypeError):
        pass
    return value


def format_exception_only(exc, /, value=_sentinel):
    if value is _sentinel:
        value = exc
        exc = type(value) if value is not None else None
    return _format_only(exc, value)


def print_exception(exc, /, value=_sentinel, tb=_sentinel, limit=None, file=None, chain=True):
    if file is None:
        file = sys.stderr
    for line in format_exception(exc, value, tb, limit=limit, chain=chain):
        print(line, file=file, end="")


def print_exc(limit=None, file=None, chain=True):
    print_exception(*sys.exc_info(), limit=limit, file=file, chain=chain)


def format_exc(limit=None, chain=True):
    return "".join(format_exception(*sys.exc_info(), limit=limit, chain=chain))


def print_last(limit=None, file=None, chain=True):
    if not hasattr(sys, "last_type"):
        raise ValueError("no last exception")
    print_exception(sys.last_type, sys.last_value, sys.last_traceback, limit, file, chain)


def clear_frames(tb):
    pass


class TracebackException:
    def __init__(self, exc_type, exc_value, exc_traceback, *, limit=None, lookup_lines=True, capture_locals=False,
                 compact=False, max_group_width=15, max_group_depth=10, _seen=None):
        if _seen is None:
            _seen = set()
        _seen.add(id(exc_value))
        self.stack = extract_tb(exc_traceback, limit=limit)
        self.exc_type = exc_type
        self._str = _some_str(exc_value)
        self.__notes__ = getattr(exc_value, "__notes__", None)
        self._value = exc_value
        self._limit = limit
        if exc_type is not None and issubclass(exc_type, SyntaxError):
            self.filename = exc_value.filename
            self.lineno = str(exc_value.lineno) if exc_value.lineno is not None else None
            self.text = exc_value.text
            self.offset = exc_value.offset
            self.msg = exc_value.msg
        self.__suppress_context__ = exc_value.__suppress_context__ if exc_value is not None else False
        self.__cause__ = None
        self.__context__ = None
        if exc_value is not None:
            c = exc_value.__cause__
            if c is not None and id(c) not in _seen:
                self.__cause__ = TracebackException(type(c), c, c.__traceback__, limit=limit, _seen=_seen)
            x = exc_value.__context__
            if x is not None and id(x) not in _seen:
                self.__context__ = TracebackException(type(x), x, x.__traceback__, limit=limit, _seen=_seen)

    @classmethod
    def from_exception(cls, exc, *args, **kwargs):
        return cls(type(exc), exc, exc.__traceback__, *args, **kwargs)

    def __eq__(self, other):
        if isinstance(other, TracebackException):
            return self.__dict__ == other.__dict__
        return NotImplemented

    def __str__(self):
        return self._str

    def format_exception_only(self):
        yield from _format_only(self.exc_type, self._value)

    def format(self, *, chain=True):
        if chain:
            if self.__cause__ is not None:
                yield from self.__cause__.format(chain=chain)
                yield "\nThe above exception was the direct cause of the following exception:\n\n"
            elif self.__context__ is not None and not self.__suppress_context__:
                yield from self.__context__.format(chain=chain)
                yield "\nDuring handling of the above exception, another exception occurred:\n\n"
        if self.stack:
            yield "Traceback (most recent call last):\n"
            yield from self.stack.format()
        yield from self.format_exception_only()

    def print(self, *, file=None, chain=True):
        if file is None:
            file = sys.stderr
        for line in self.format(chain=chain):
            print(line, file=file, end="")

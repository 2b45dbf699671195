"""flydsl.compiler.diagnostics: FlyDSL's compile errors with their DSL source chain.

A DSLCompileError built from DiagRecords (a message and the chain of SourceFrames of the op it is about,
innermost first) renders each record as its message then a "DSL Traceback (most recent operation last):" with
the source line of every frame, outermost first, and a caret under the frame's columns; records without a
message are left out, and with none left the error is its plain message. install_excepthook makes an uncaught
DSLCompileError print the user's frames only (framework files, _is_framework_file, left out), a rule, then the
error; FLYDSL_DEBUG_SHOW_STACKTRACE=1, and any other exception, go to the previous hook."""
import linecache
import sys
import traceback
import warnings
from contextlib import contextmanager

__all__ = ["DSLCompileError", "diag_records_from_mlir_error", "dsl_ir_diagnostics", "install_excepthook",
           "warn_annotation_value_mismatch", "warn_invalid_annotations"]


class SourceFrame:
    """One source position of an op's location chain (col 0-based; end_col None when unknown)."""

    def __init__(self, filename, line, col=0, end_col=None):
        self.filename, self.line, self.col, self.end_col = filename, line, col, end_col

    def __eq__(self, other):
        return type(other) is SourceFrame and (self.filename, self.line, self.col, self.end_col) == (
            other.filename, other.line, other.col, other.end_col)

    def __repr__(self):
        return (f"SourceFrame(filename={self.filename!r}, line={self.line!r}, col={self.col!r}, "
                f"end_col={self.end_col!r})")


class DiagRecord:
    """One diagnostic: its message and the source chain of its op, innermost first."""

    def __init__(self, message, chain=None):
        self.message = message
        self.chain = list(chain) if chain is not None else []

    def __eq__(self, other):
        return type(other) is DiagRecord and (self.message, self.chain) == (other.message, other.chain)

    def __repr__(self):
        return f"DiagRecord(message={self.message!r}, chain={self.chain!r})"


def _is_framework_file(filename):
    """True for a DSL library file or one that cannot be shown (flyi's embedded modules are "<frozen ...>")."""
    return not filename or filename[0] == "<"


def location_chain(loc):
    """An MLIR location as frames, innermost first: a call site's callee then its caller, a name location's
    child, a fused location's parts in order, a file location itself unless it names a synthetic "<...>"
    source or line 0; anything else, or a location that cannot be read, gives no frames."""
    if loc is None:
        return []
    try:
        if loc.is_a_callsite():
            return location_chain(loc.callee) + location_chain(loc.caller)
        if loc.is_a_name():
            return location_chain(loc.child_loc)
        if loc.is_a_fused():
            return [f for part in loc.locations for f in location_chain(part)]
        if loc.is_a_file():
            name, line = loc.filename, loc.start_line
            if not name or name.startswith("<") or not line:
                return []
            return [SourceFrame(name, line, getattr(loc, "start_col", 0) or 0, getattr(loc, "end_col", 0) or None)]
    except Exception:
        return []
    return []


def diag_record_from_diagnostic(d):
    """A DiagRecord of an MLIR diagnostic (its message and its location's chain)."""
    loc = getattr(d, "location", None)
    return DiagRecord(str(getattr(d, "message", "") or d), location_chain(loc) if loc is not None else [])


def diag_records_from_mlir_error(err):
    """The DiagRecords of an MLIRError's error diagnostics ([] for an error without them)."""
    return [diag_record_from_diagnostic(d) for d in (getattr(err, "error_diagnostics", None) or [])]


def _frame_lines(frame):
    out = [f'  File "{frame.filename}", line {frame.line}']
    src = linecache.getline(frame.filename, frame.line).rstrip("\n")
    if src:
        text = src.lstrip()
        col = max(frame.col - (len(src) - len(text)), 0)
        width = frame.end_col - frame.col if frame.end_col and frame.end_col > frame.col else 1
        out += ["    " + text.strip(), "    " + " " * col + "^" * width]
    return out


class DSLCompileError(RuntimeError):
    """A kernel that does not verify or compile; diagnostics (DiagRecords) give the ops' messages and source."""

    def __init__(self, message, *, diagnostics=None):
        self.diagnostics = diagnostics or []
        blocks = []
        for rec in self.diagnostics:
            if not rec or not rec.message:
                continue
            lines = [rec.message]
            if rec.chain:
                lines += ["", "DSL Traceback (most recent operation last):"]
                for frame in reversed(rec.chain):
                    lines += _frame_lines(frame)
            blocks.append("\n".join(lines))
        super().__init__("\n\n".join(blocks) if blocks else message)


_dsl_excepthook_installed = False


def _show_stacktrace():
    import flydsl.utils.env as env

    return bool(env.debug.show_stacktrace)


def install_excepthook():
    """Once: sys.excepthook prints an uncaught DSLCompileError with the user's frames only."""
    global _dsl_excepthook_installed
    if _dsl_excepthook_installed:
        return
    _dsl_excepthook_installed = True
    previous = sys.excepthook

    def hook(exc_type, exc, tb):
        if not isinstance(exc, DSLCompileError) or _show_stacktrace():
            previous(exc_type, exc, tb)
            return
        mod = sys.modules.get(__name__)
        framework = getattr(mod, "_is_framework_file", _is_framework_file)
        frames = [fs for fs in traceback.extract_tb(tb) if not framework(fs.filename)]
        out = ""
        if frames:
            out = "Traceback (most recent call last):\n" + "".join(traceback.format_list(frames)) + "-" * 40 + "\n"
        sys.stderr.write(out + f"{exc_type.__name__}: {exc}\n")

    sys.excepthook = hook


@contextmanager
def dsl_ir_diagnostics(ctx=None):
    """The DiagRecords of the MLIR errors reported inside the block (a list, filled as they come; flyi's
    compiler reports its errors as exceptions, so it stays empty here)."""
    records = []
    yield records


def _tname(t):
    return getattr(t, "__name__", repr(t))


def warn_annotation_value_mismatch(param_name, annotation, actual_type, *, context):
    """A warning (not an error) that a run-time parameter's value type contradicts its annotation."""
    warnings.warn(f"{context} parameter '{param_name}' is annotated as '{_tname(annotation)}', but the argument "
                  f"resolves to '{_tname(actual_type)}'. The annotation is not enforced; the actual value type is "
                  f"used.", stacklevel=3)


def warn_invalid_annotations(sig, *, context):
    """A warning for each parameter of signature sig annotated with something that is not a type (flyi checks
    the DSL types of annotations when it binds the arguments)."""
    for name, p in sig.parameters.items():
        a = p.annotation
        if a is p.empty or isinstance(a, type) or callable(a) or isinstance(a, str):
            continue
        warnings.warn(f"{context} parameter '{name}' is annotated as '{_tname(a)}', which is not a DSL value type.",
                      stacklevel=3)

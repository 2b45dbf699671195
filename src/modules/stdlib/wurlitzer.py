"""wurlitzer for flyi (flyi's own code): the context managers FlyDSL notebooks use to see C-level
output in a stock kernel. flyi already routes device printf and all output into the cell, so
these only redirect what the program prints (sys.stdout / sys.stderr) inside the block:

    with pipes() as (out, err):
        ...
    print(out.read())

pipes() captures into fresh readable buffers (rewound at the end of the block), or into the
given file objects; stderr=STDOUT merges; None leaves a stream alone. sys_pipes() keeps output
where it goes already."""

import io
import sys

__all__ = ['pipes', 'sys_pipes', 'sys_pipes_forever', 'stop_sys_pipes', 'PIPE', 'STDOUT',
           'Wurlitzer']

__version__ = '3.0.0+flyi'

PIPE = 3
STDOUT = 2


class Wurlitzer:
    """Redirects sys.stdout / sys.stderr to the given streams while active."""

    def __init__(self, stdout=None, stderr=None, encoding='utf-8', bufsize=None):
        self._stdout, self._stderr = stdout, stderr
        self._saved = None

    def __enter__(self):
        self._saved = (sys.stdout, sys.stderr)
        if self._stdout is not None:
            sys.stdout = self._stdout
        if self._stderr is not None:
            sys.stderr = self._stdout if self._stderr == STDOUT else self._stderr
        return self._stdout, (None if self._stderr == STDOUT else self._stderr)

    def __exit__(self, *exc):
        sys.stdout, sys.stderr = self._saved
        for s in (self._stdout, self._stderr):
            if s is not None and s != STDOUT and hasattr(s, 'flush'):
                s.flush()
        return False


class _Pipes:
    def __init__(self, stdout, stderr, encoding, bufsize):
        self._args = (stdout, stderr)
        self._made = []
        self._w = None

    def _stream(self, s):
        if s == PIPE:
            s = io.StringIO()
            self._made.append(s)
        return s

    def __enter__(self):
        out, err = self._args
        out = self._stream(out)
        if err != STDOUT:
            err = self._stream(err)
        self._w = Wurlitzer(out, err)
        return self._w.__enter__()

    def __exit__(self, *exc):
        r = self._w.__exit__(*exc)
        for s in self._made:
            s.seek(0)
        return r


def pipes(stdout=PIPE, stderr=PIPE, encoding='utf-8', bufsize=None):
    """Capture output inside the block: yields (stdout, stderr) streams, readable afterwards."""
    return _Pipes(stdout, stderr, encoding, bufsize)


class _SysPipes:
    def __enter__(self):
        return sys.stdout, sys.stderr

    def __exit__(self, *exc):
        return False


def sys_pipes(encoding='utf-8', bufsize=None):
    """Send C-level output to sys.stdout / sys.stderr: where flyi sends it already."""
    return _SysPipes()


def sys_pipes_forever(encoding='utf-8', bufsize=None):
    """Nothing to do in flyi (output always reaches the cell)."""


def stop_sys_pipes():
    """Nothing to do in flyi."""


def load_ipython_extension(ip):
    """%load_ext wurlitzer: nothing to do in flyi."""


def unload_ipython_extension(ip):
    """Nothing to do in flyi."""

"""Temporary files and directories (flyi)."""

import os
import builtins as _builtins
import random as _random

__all__ = ['NamedTemporaryFile', 'TemporaryFile', 'SpooledTemporaryFile', 'TemporaryDirectory',
           'mkstemp', 'mkdtemp', 'mktemp', 'TMP_MAX', 'gettempprefix', 'tempdir', 'gettempdir']

TMP_MAX = 10000
template = 'tmp'
tempdir = None

_rng = None
_rng_pid = None
_chars = 'abcdefghijklmnopqrstuvwxyz0123456789_'


def _name():
    global _rng, _rng_pid
    if _rng is None or _rng_pid != os.getpid():
        _rng = _random.Random()
        _rng_pid = os.getpid()
    return ''.join(_rng.choice(_chars) for _ in range(8))


def gettempprefix():
    return template


def _candidate_dirs():
    for envname in ('TMPDIR', 'TEMP', 'TMP'):
        d = os.getenv(envname)
        if d:
            yield d
    for d in ('/tmp', '/var/tmp', '/usr/tmp'):
        yield d
    yield os.getcwd()


def gettempdir():
    """Returns tempfile.tempdir, or the default temporary directory."""
    global tempdir
    if tempdir is None:
        for d in _candidate_dirs():
            if d != os.curdir:
                d = os.path.abspath(d)
            if os.path.isdir(d) and os.access(d, os.W_OK | os.X_OK):
                tempdir = d
                break
        else:
            raise FileNotFoundError(2, 'No usable temporary directory found')
    return tempdir


def _sanitize(prefix, suffix, dir):
    if suffix is None:
        suffix = ''
    if prefix is None:
        prefix = template
    if dir is None:
        dir = gettempdir()
    return prefix, suffix, os.fspath(dir)


def mkstemp(suffix=None, prefix=None, dir=None, text=False):
    """Create and return a unique temporary file: (fd, absolute path)."""
    prefix, suffix, dir = _sanitize(prefix, suffix, dir)
    flags = os.O_RDWR | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW
    for _ in range(TMP_MAX):
        file = os.path.join(dir, prefix + _name() + suffix)
        try:
            fd = os.open(file, flags, 0o600)
        except FileExistsError:
            continue
        return fd, os.path.abspath(file)
    raise FileExistsError(17, 'No usable temporary file name found')


def mkdtemp(suffix=None, prefix=None, dir=None):
    """Create and return a unique temporary directory (absolute path)."""
    prefix, suffix, dir = _sanitize(prefix, suffix, dir)
    for _ in range(TMP_MAX):
        file = os.path.join(dir, prefix + _name() + suffix)
        try:
            os.mkdir(file, 0o700)
        except FileExistsError:
            continue
        return os.path.abspath(file)
    raise FileExistsError(17, 'No usable temporary directory name found')


def mktemp(suffix='', prefix=template, dir=None):
    """Return an unused file name (unsafe)."""
    if dir is None:
        dir = gettempdir()
    for _ in range(TMP_MAX):
        file = os.path.join(dir, prefix + _name() + suffix)
        if not os.path.lexists(file):
            return file
    raise FileExistsError(17, 'No usable temporary filename found')


class _TemporaryFileWrapper:
    """A file object plus its name; deleted on close when delete is true."""

    def __init__(self, file, name, delete=True):
        self.file = file
        self.name = name
        self.delete = delete
        self._closed = False

    def __getattr__(self, name):
        return getattr(self.__dict__['file'], name)

    def __enter__(self):
        self.file.__enter__()
        return self

    def __exit__(self, exc, value, tb):
        self.close()
        return False

    def __iter__(self):
        return iter(self.file)

    def close(self):
        if not self._closed:
            self._closed = True
            try:
                self.file.close()
            finally:
                if self.delete:
                    try:
                        os.unlink(self.name)
                    except FileNotFoundError:
                        pass

    @property
    def closed(self):
        return self.file.closed

    def __repr__(self):
        return f'<tempfile._TemporaryFileWrapper name={self.name!r}>'


def NamedTemporaryFile(mode='w+b', buffering=-1, encoding=None, newline=None, suffix=None,
                       prefix=None, dir=None, delete=True, *, errors=None):
    """Create and return a temporary file with a visible name."""
    fd, name = mkstemp(suffix, prefix, dir)
    os.close(fd)
    try:
        kwargs = {}
        if encoding is not None:
            kwargs['encoding'] = encoding
        if newline is not None:
            kwargs['newline'] = newline
        if 'b' not in mode and errors is not None:
            kwargs['errors'] = errors
        f = _builtins.open(name, mode, **kwargs)
    except BaseException:
        os.unlink(name)
        raise
    return _TemporaryFileWrapper(f, name, delete)


TemporaryFile = NamedTemporaryFile
SpooledTemporaryFile = NamedTemporaryFile


class TemporaryDirectory:
    """Create and return a temporary directory; removed with its contents on cleanup."""

    def __init__(self, suffix=None, prefix=None, dir=None, ignore_cleanup_errors=False):
        self.name = mkdtemp(suffix, prefix, dir)
        self._ignore_cleanup_errors = ignore_cleanup_errors
        self._finalized = False

    def __repr__(self):
        return f'<{self.__class__.__name__} {self.name!r}>'

    def __enter__(self):
        return self.name

    def __exit__(self, exc, value, tb):
        self.cleanup()

    def cleanup(self):
        if not self._finalized and os.path.lexists(self.name):
            import shutil
            self._finalized = True
            shutil.rmtree(self.name, ignore_errors=self._ignore_cleanup_errors)

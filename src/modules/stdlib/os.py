"""OS routines for flyi: a subset of CPython's os module on top of the posix module."""

import sys
import posix as _posix
from posix import (getcwd, chdir, listdir, mkdir, rmdir, remove, unlink, rename, replace,
                   symlink, readlink, access, chmod, getpid, getppid, getuid, cpu_count, umask,
                   strerror, urandom, system, open, close, write, read, isatty,
                   waitstatus_to_exitcode, O_RDONLY, O_WRONLY, O_RDWR, O_APPEND, O_CREAT,
                   O_EXCL, O_TRUNC, O_NOFOLLOW, O_CLOEXEC, F_OK, R_OK, W_OK, X_OK)
import posixpath as path

try:
    sys.modules['os.path'] = path
except Exception:
    pass

name = 'posix'
sep = '/'
altsep = None
extsep = '.'
pathsep = ':'
linesep = '\n'
curdir = '.'
pardir = '..'
defpath = '/bin:/usr/bin'
devnull = '/dev/null'
SEEK_SET = 0
SEEK_CUR = 1
SEEK_END = 2

error = OSError


def fspath(p):
    """Return the file system path representation of the object."""
    if isinstance(p, (str, bytes)):
        return p
    f = getattr(type(p), '__fspath__', None)
    if f is None:
        raise TypeError("expected str, bytes or os.PathLike object, not " + type(p).__name__)
    r = f(p)
    if isinstance(r, (str, bytes)):
        return r
    raise TypeError(f"expected {type(p).__name__}.__fspath__() to return str or bytes, "
                    f"not {type(r).__name__}")


class PathLike:
    """Abstract base class for implementing the file system path protocol."""

    def __fspath__(self):
        raise NotImplementedError


class stat_result:
    """The result of os.stat(): a 10-tuple with st_* attributes."""
    _names = ('st_mode', 'st_ino', 'st_dev', 'st_nlink', 'st_uid', 'st_gid', 'st_size',
              'st_atime', 'st_mtime', 'st_ctime')

    def __init__(self, t):
        self._t = tuple(t)
        self.st_mode, self.st_ino, self.st_dev, self.st_nlink, self.st_uid, self.st_gid, \
            self.st_size, self.st_atime, self.st_mtime, self.st_ctime = self._t
        self.st_atime_ns = int(self.st_atime * 1e9)
        self.st_mtime_ns = int(self.st_mtime * 1e9)
        self.st_ctime_ns = int(self.st_ctime * 1e9)

    def __getitem__(self, i):
        v = self._t[i]
        if isinstance(i, int) and 7 <= (i % 10) <= 9:
            return int(v)
        return v

    def __len__(self):
        return 10

    def __iter__(self):
        return iter(self[i] for i in range(10))

    def __eq__(self, other):
        return isinstance(other, stat_result) and self._t == other._t

    def __repr__(self):
        parts = ', '.join(f'{n}={self[i]!r}' for i, n in enumerate(self._names))
        return f'os.stat_result({parts})'


def stat(path, *, follow_symlinks=True):
    return stat_result(_posix.stat(path, follow_symlinks=follow_symlinks))


def lstat(path):
    return stat_result(_posix.lstat(path))


class _Environ:
    """os.environ: a mapping whose changes reach the process environment."""

    def __init__(self, data):
        self._data = data

    def __getitem__(self, key):
        try:
            return self._data[key]
        except KeyError:
            raise KeyError(key) from None

    def __setitem__(self, key, value):
        if not isinstance(key, str):
            raise TypeError(f"str expected, not {type(key).__name__}")
        if not isinstance(value, str):
            raise TypeError(f"str expected, not {type(value).__name__}")
        _posix.putenv(key, value)
        self._data[key] = value

    def __delitem__(self, key):
        if key not in self._data:
            raise KeyError(key)
        _posix.unsetenv(key)
        del self._data[key]

    def __iter__(self):
        return iter(list(self._data))

    def __len__(self):
        return len(self._data)

    def __contains__(self, key):
        return key in self._data

    def __eq__(self, other):
        if isinstance(other, _Environ):
            other = other._data
        return self._data == other

    def __repr__(self):
        items = ', '.join(f'{k!r}: {v!r}' for k, v in self._data.items())
        return f'environ({{{items}}})'

    def __or__(self, other):
        d = dict(self._data)
        d.update(other)
        return d

    def __ior__(self, other):
        self.update(other)
        return self

    def get(self, key, default=None):
        return self._data.get(key, default)

    def keys(self):
        return self._data.keys()

    def values(self):
        return self._data.values()

    def items(self):
        return self._data.items()

    def copy(self):
        return dict(self._data)

    def setdefault(self, key, value):
        if key not in self._data:
            self[key] = value
        return self._data[key]

    _marker = object()

    def pop(self, key, default=_marker):
        if key in self._data:
            value = self._data[key]
            del self[key]
            return value
        if default is _Environ._marker:
            raise KeyError(key)
        return default

    def popitem(self):
        if not self._data:
            raise KeyError('popitem(): dictionary is empty')
        key = list(self._data)[-1]
        return key, self.pop(key)

    def clear(self):
        for k in list(self._data):
            del self[k]

    def update(self, other=(), **kwds):
        if hasattr(other, 'keys'):
            for k in other.keys():
                self[k] = other[k]
        else:
            for k, v in other:
                self[k] = v
        for k, v in kwds.items():
            self[k] = v


environ = _Environ(_posix.environ_items())


def getenv(key, default=None):
    """Get an environment variable, return None if it doesn't exist."""
    return environ.get(key, default)


def putenv(key, value):
    _posix.putenv(key, value)


def unsetenv(key):
    _posix.unsetenv(key)


def makedirs(name, mode=0o777, exist_ok=False):
    """Super-mkdir; create a leaf directory and all intermediate ones."""
    head, tail = path.split(name)
    if not tail:
        head, tail = path.split(head)
    if head and tail and not path.exists(head):
        try:
            makedirs(head, exist_ok=exist_ok)
        except FileExistsError:
            pass
        if tail == curdir:
            return
    try:
        mkdir(name, mode)
    except OSError:
        if not exist_ok or not path.isdir(name):
            raise


def removedirs(name):
    rmdir(name)
    head, tail = path.split(name)
    if not tail:
        head, tail = path.split(head)
    while head and tail:
        try:
            rmdir(head)
        except OSError:
            break
        head, tail = path.split(head)


def renames(old, new):
    head, tail = path.split(new)
    if head and tail and not path.exists(head):
        makedirs(head)
    rename(old, new)
    head, tail = path.split(old)
    if head and tail:
        try:
            removedirs(head)
        except OSError:
            pass


class DirEntry:
    """An entry yielded by scandir()."""

    def __init__(self, dirpath, name):
        self.name = name
        self.path = path.join(dirpath, name)

    def is_dir(self, *, follow_symlinks=True):
        return _posix._kind(self.path, follow_symlinks) == 2

    def is_file(self, *, follow_symlinks=True):
        return _posix._kind(self.path, follow_symlinks) == 1

    def is_symlink(self):
        return _posix._kind(self.path, False) == 3

    def stat(self, *, follow_symlinks=True):
        return stat(self.path, follow_symlinks=follow_symlinks)

    def __fspath__(self):
        return self.path

    def __repr__(self):
        return f'<DirEntry {self.name!r}>'


class _ScandirIterator:
    def __init__(self, p):
        self._entries = iter([DirEntry(p, n) for n in listdir(p)])

    def __iter__(self):
        return self

    def __next__(self):
        return next(self._entries)

    def close(self):
        self._entries = iter(())

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False


def scandir(path='.'):
    """Return an iterator of DirEntry objects for the given path."""
    return _ScandirIterator(fspath(path))


def walk(top, topdown=True, onerror=None, followlinks=False):
    """Directory tree generator: yields (dirpath, dirnames, filenames)."""
    top = fspath(top)
    try:
        names = listdir(top)
    except OSError as err:
        if onerror is not None:
            onerror(err)
        return
    dirs, nondirs = [], []
    for n in names:
        if _posix._kind(path.join(top, n), True) == 2:
            dirs.append(n)
        else:
            nondirs.append(n)
    if topdown:
        yield top, dirs, nondirs
        for d in dirs:
            new_path = path.join(top, d)
            if followlinks or not path.islink(new_path):
                yield from walk(new_path, topdown, onerror, followlinks)
    else:
        for d in dirs:
            new_path = path.join(top, d)
            if followlinks or not path.islink(new_path):
                yield from walk(new_path, topdown, onerror, followlinks)
        yield top, dirs, nondirs


def fdopen(fd, *args, **kwargs):
    import builtins
    return builtins.open(fd, *args, **kwargs)


def get_terminal_size(fd=1):
    raise OSError(25, 'Inappropriate ioctl for device')


def get_exec_path(env=None):
    if env is None:
        env = environ
    return env.get('PATH', defpath).split(pathsep)

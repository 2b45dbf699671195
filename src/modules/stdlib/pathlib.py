"""Object-oriented filesystem paths (POSIX flavour), after CPython 3.11's pathlib.

PurePath/PurePosixPath compute on path text; Path/PosixPath add the filesystem. Windows paths are
not supported (PureWindowsPath and WindowsPath raise NotImplementedError when built)."""

import fnmatch
import os
import posixpath

__all__ = ["PurePath", "PurePosixPath", "PureWindowsPath", "Path", "PosixPath", "WindowsPath"]


def _parse(args):
    """(root, parts) of the joined arguments: root is '', '/' or '//'; parts has no '.', no
    empty component."""
    root = ""
    parts = []
    for a in args:
        if isinstance(a, PurePath):
            s = str(a)
        elif isinstance(a, str):
            s = a
        else:
            s = os.fspath(a) if hasattr(a, "__fspath__") else a
            if not isinstance(s, str):
                raise TypeError("argument should be a str or an os.PathLike object where __fspath__ returns a str, "
                                "not %r" % type(a).__name__)
        if s.startswith("/"):
            root = "//" if s.startswith("//") and not s.startswith("///") else "/"
            parts = []
        for c in s.split("/"):
            if c and c != ".":
                parts.append(c)
    return root, parts


class _PathParents:
    __slots__ = ("_path", "_n")

    def __init__(self, path):
        self._path = path
        self._n = len(path._parts)

    def __len__(self):
        return self._n

    def __getitem__(self, idx):
        if isinstance(idx, slice):
            return tuple(self[i] for i in range(*idx.indices(self._n)))
        if idx >= self._n or idx < -self._n:
            raise IndexError(idx)
        if idx < 0:
            idx += self._n
        return self._path._from(self._path._root, self._path._parts[:self._n - idx - 1])

    def __iter__(self):
        for i in range(self._n):
            yield self[i]

    def __repr__(self):
        return "<{}.parents>".format(type(self._path).__name__)


class PurePath:
    """A path on which no I/O is done; PurePath(...) builds a PurePosixPath."""

    __slots__ = ("_root", "_parts", "_str", "_hash")

    def __new__(cls, *args):
        if cls is PurePath:
            cls = PurePosixPath
        self = object.__new__(cls)
        self._root, self._parts = _parse(args)
        self._str = None
        self._hash = None
        return self

    def __init__(self, *args):
        pass

    def _from(self, root, parts):
        p = object.__new__(type(self))
        p._root = root
        p._parts = list(parts)
        p._str = None
        p._hash = None
        return p

    def __reduce__(self):
        return (self.__class__, tuple(self.parts))

    def __str__(self):
        if self._str is None:
            self._str = (self._root + "/".join(self._parts)) or "."
        return self._str

    def __fspath__(self):
        return str(self)

    def as_posix(self):
        return str(self)

    def __bytes__(self):
        return os.fsencode(str(self)) if hasattr(os, "fsencode") else str(self).encode()

    def __repr__(self):
        return "{}({!r})".format(self.__class__.__name__, self.as_posix())

    def as_uri(self):
        if not self.is_absolute():
            raise ValueError("relative path can't be expressed as a file URI")
        return "file://" + str(self)

    def _key(self):
        return ([self._root] if self._root else []) + self._parts

    def __eq__(self, other):
        if not isinstance(other, PurePath):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self):
        if self._hash is None:
            self._hash = hash(str(self))
        return self._hash

    def _cmp(self, other, op):
        if not isinstance(other, PurePath):
            raise TypeError("'%s' not supported between instances of '%s' and '%s'"
                            % (op, type(self).__name__, type(other).__name__))
        return self._key(), other._key()

    def __lt__(self, other):
        if not isinstance(other, PurePath):
            return NotImplemented
        a, b = self._cmp(other, "<")
        return a < b

    def __le__(self, other):
        if not isinstance(other, PurePath):
            return NotImplemented
        a, b = self._cmp(other, "<=")
        return a <= b

    def __gt__(self, other):
        if not isinstance(other, PurePath):
            return NotImplemented
        a, b = self._cmp(other, ">")
        return a > b

    def __ge__(self, other):
        if not isinstance(other, PurePath):
            return NotImplemented
        a, b = self._cmp(other, ">=")
        return a >= b

    @property
    def drive(self):
        return ""

    @property
    def root(self):
        return self._root

    @property
    def anchor(self):
        return self._root

    @property
    def parts(self):
        return tuple(([self._root] if self._root else []) + self._parts)

    @property
    def name(self):
        return self._parts[-1] if self._parts else ""

    @property
    def suffix(self):
        name = self.name
        i = name.rfind(".")
        if 0 < i < len(name) - 1:
            return name[i:]
        return ""

    @property
    def suffixes(self):
        name = self.name
        if name.endswith("."):
            return []
        name = name.lstrip(".")
        return ["." + s for s in name.split(".")[1:]]

    @property
    def stem(self):
        name = self.name
        i = name.rfind(".")
        if 0 < i < len(name) - 1:
            return name[:i]
        return name

    @property
    def parent(self):
        if not self._parts:
            return self
        return self._from(self._root, self._parts[:-1])

    @property
    def parents(self):
        return _PathParents(self)

    def with_name(self, name):
        if not self.name:
            raise ValueError("%r has an empty name" % (self,))
        if not name or "/" in name or name == ".":
            raise ValueError("Invalid name %r" % (name,))
        return self._from(self._root, self._parts[:-1] + [name])

    def with_stem(self, stem):
        return self.with_name(stem + self.suffix)

    def with_suffix(self, suffix):
        if "/" in suffix or (suffix and not suffix.startswith(".")) or suffix == ".":
            raise ValueError("Invalid suffix %r" % (suffix,))
        name = self.name
        if not name:
            raise ValueError("%r has an empty name" % (self,))
        old = self.suffix
        name = name[:len(name) - len(old)] + suffix if old else name + suffix
        return self._from(self._root, self._parts[:-1] + [name])

    def relative_to(self, *other):
        if not other:
            raise TypeError("need at least one argument")
        o = PurePath(*other)
        ok = o._root == self._root and self._parts[:len(o._parts)] == o._parts
        if not ok:
            raise ValueError("{!r} is not in the subpath of {!r} OR one path is relative and the other is absolute."
                             .format(str(self), str(o)))
        return self._from("", self._parts[len(o._parts):])

    def is_relative_to(self, *other):
        try:
            self.relative_to(*other)
            return True
        except ValueError:
            return False

    def is_absolute(self):
        return bool(self._root)

    def is_reserved(self):
        return False

    def joinpath(self, *args):
        root, parts = _parse((self,) + args)
        return self._from(root, parts)

    def __truediv__(self, key):
        if not isinstance(key, (str, PurePath)) and not hasattr(key, "__fspath__"):
            return NotImplemented
        return self.joinpath(key)

    def __rtruediv__(self, key):
        if not isinstance(key, (str, PurePath)) and not hasattr(key, "__fspath__"):
            return NotImplemented
        root, parts = _parse((key, self))
        return self._from(root, parts)

    def match(self, path_pattern):
        pat = PurePath(path_pattern)
        if not pat._parts and not pat._root:
            raise ValueError("empty pattern")
        if pat._root:
            if self._root != pat._root or len(self._parts) != len(pat._parts):
                return False
        elif len(pat._parts) > len(self._parts):
            return False
        for part, p in zip(reversed(self._parts), reversed(pat._parts)):
            if not fnmatch.fnmatchcase(part, p):
                return False
        return True


class PurePosixPath(PurePath):
    __slots__ = ()


class PureWindowsPath(PurePath):
    __slots__ = ()

    def __new__(cls, *args):
        raise NotImplementedError("Windows paths are not supported")


def _glob_parts(base, parts, dirs_only):
    """Yield the paths under base (a str directory) matching the pattern components."""
    if not parts:
        yield base
        return
    head, rest = parts[0], parts[1:]
    if head == "**":
        for d in _walk_dirs(base):
            yield from _glob_parts(d, rest, dirs_only)
        return
    if head == "..":
        yield from _glob_parts(posixpath.join(base, ".."), rest, dirs_only)
        return
    try:
        names = sorted(os.listdir(base or "."))
    except OSError:
        return
    hidden_ok = head.startswith(".")
    for n in names:
        if n.startswith(".") and not hidden_ok:
            continue
        if fnmatch.fnmatchcase(n, head):
            full = posixpath.join(base, n) if base else n
            if rest:
                if os.path.isdir(full):
                    yield from _glob_parts(full, rest, dirs_only)
            elif not dirs_only or os.path.isdir(full):
                yield full


def _walk_dirs(base):
    yield base
    try:
        names = sorted(os.listdir(base or "."))
    except OSError:
        return
    for n in names:
        full = posixpath.join(base, n) if base else n
        if os.path.isdir(full) and not os.path.islink(full):
            yield from _walk_dirs(full)


class Path(PurePath):
    """A filesystem path; Path(...) builds a PosixPath."""

    __slots__ = ()

    def __new__(cls, *args, **kwargs):
        if cls is Path:
            cls = PosixPath
        self = object.__new__(cls)
        self._root, self._parts = _parse(args)
        self._str = None
        self._hash = None
        return self

    def __enter__(self):
        return self

    def __exit__(self, t, v, tb):
        pass

    @classmethod
    def cwd(cls):
        return cls(os.getcwd())

    @classmethod
    def home(cls):
        return cls(os.path.expanduser("~"))

    def stat(self, *, follow_symlinks=True):
        return os.stat(self) if follow_symlinks else os.lstat(self)

    def lstat(self):
        return os.lstat(self)

    def exists(self):
        try:
            os.stat(self)
        except (FileNotFoundError, NotADirectoryError):
            return False
        except OSError:
            return False
        return True

    def is_dir(self):
        return os.path.isdir(str(self))

    def is_file(self):
        return os.path.isfile(str(self))

    def is_symlink(self):
        return os.path.islink(str(self))

    def is_mount(self):
        return str(self) == "/"

    def iterdir(self):
        for name in os.listdir(self):
            yield self._from(self._root, self._parts + [name])

    def _glob(self, pattern, recursive_prefix, dirs_only=False):
        if not pattern:
            raise ValueError("Unacceptable pattern: {!r}".format(pattern))
        pat = PurePath(pattern)
        if pat._root:
            raise NotImplementedError("Non-relative patterns are unsupported")
        parts = list(pat._parts)
        if pattern.endswith("/"):
            dirs_only = True
        if recursive_prefix:
            parts = ["**"] + parts
        base = str(self)
        seen = set()
        for full in _glob_parts(base, parts, dirs_only):
            if full in seen:
                continue
            seen.add(full)
            yield self._from(*_parse((full,)))

    def glob(self, pattern):
        return self._glob(pattern, False)

    def rglob(self, pattern):
        return self._glob(pattern, True)

    def absolute(self):
        if self.is_absolute():
            return self
        return self._from(*_parse((os.getcwd(), self)))

    def resolve(self, strict=False):
        if strict:
            os.stat(self)
        return self._from(*_parse((os.path.realpath(str(self)),)))

    def expanduser(self):
        if self._parts and self._parts[0].startswith("~") and not self._root:
            return self._from(*_parse((os.path.expanduser(str(self)),)))
        return self

    def samefile(self, other_path):
        st = self.stat()
        other = os.stat(other_path)
        return st.st_ino == other.st_ino and st.st_dev == other.st_dev

    def open(self, mode="r", buffering=-1, encoding=None, errors=None, newline=None):
        if "b" in mode:
            return open(str(self), mode)
        return open(str(self), mode, encoding=encoding) if encoding is not None else open(str(self), mode)

    def read_bytes(self):
        with open(str(self), "rb") as f:
            return f.read()

    def read_text(self, encoding=None, errors=None):
        with open(str(self), "r") as f:
            return f.read()

    def write_bytes(self, data):
        view = bytes(data)
        with open(str(self), "wb") as f:
            return f.write(view)

    def write_text(self, data, encoding=None, errors=None, newline=None):
        if not isinstance(data, str):
            raise TypeError("data must be str, not %s" % data.__class__.__name__)
        with open(str(self), "w") as f:
            return f.write(data)

    def readlink(self):
        return self._from(*_parse((os.readlink(str(self)),)))

    def touch(self, mode=0o666, exist_ok=True):
        if self.exists():
            if not exist_ok:
                raise FileExistsError(17, "File exists", str(self))
            return
        fd = os.open(str(self), os.O_CREAT | os.O_WRONLY, mode)
        os.close(fd)

    def mkdir(self, mode=0o777, parents=False, exist_ok=False):
        try:
            os.mkdir(str(self), mode)
        except FileNotFoundError:
            if not parents or self.parent == self:
                raise
            self.parent.mkdir(parents=True, exist_ok=True)
            self.mkdir(mode, parents=False, exist_ok=exist_ok)
        except OSError:
            if not exist_ok or not self.is_dir():
                raise

    def chmod(self, mode, *, follow_symlinks=True):
        os.chmod(str(self), mode)

    def unlink(self, missing_ok=False):
        try:
            os.unlink(str(self))
        except FileNotFoundError:
            if not missing_ok:
                raise

    def rmdir(self):
        os.rmdir(str(self))

    def rename(self, target):
        os.rename(str(self), os.fspath(target) if not isinstance(target, str) else target)
        return self.__class__(target)

    def replace(self, target):
        os.replace(str(self), os.fspath(target) if not isinstance(target, str) else target)
        return self.__class__(target)

    def symlink_to(self, target, target_is_directory=False):
        os.symlink(str(target), str(self))


class PosixPath(Path, PurePosixPath):
    __slots__ = ()


class WindowsPath(Path, PureWindowsPath):
    __slots__ = ()

    def __new__(cls, *args, **kwargs):
        raise NotImplementedError("cannot instantiate %r on your system" % (cls.__name__,))

"""Utility functions for copying and archiving files and directory trees (flyi)."""

import os
import builtins as _builtins

__all__ = ['copyfileobj', 'copyfile', 'copymode', 'copystat', 'copy', 'copy2', 'copytree',
           'move', 'rmtree', 'Error', 'SameFileError', 'which', 'get_terminal_size',
           'disk_usage', 'ignore_patterns']

COPY_BUFSIZE = 64 * 1024


class Error(OSError):
    pass


class SameFileError(Error):
    """Raised when source and destination are the same file."""


def copyfileobj(fsrc, fdst, length=0):
    if not length:
        length = COPY_BUFSIZE
    while True:
        buf = fsrc.read(length)
        if not buf:
            break
        fdst.write(buf)


def _samefile(src, dst):
    try:
        return os.path.samefile(src, dst)
    except OSError:
        return False


def copyfile(src, dst, *, follow_symlinks=True):
    """Copy data from src to dst; return dst."""
    if _samefile(src, dst):
        raise SameFileError(f'{src!r} and {dst!r} are the same file')
    if not follow_symlinks and os.path.islink(src):
        os.symlink(os.readlink(src), dst)
        return dst
    with _builtins.open(src, 'rb') as fsrc:
        with _builtins.open(dst, 'wb') as fdst:
            copyfileobj(fsrc, fdst)
    return dst


def copymode(src, dst, *, follow_symlinks=True):
    st = os.stat(src)
    os.chmod(dst, st.st_mode & 0o7777)


def copystat(src, dst, *, follow_symlinks=True):
    copymode(src, dst)


def copy(src, dst, *, follow_symlinks=True):
    """Copy data and mode bits ("cp src dst"). Return the file's destination."""
    if os.path.isdir(dst):
        dst = os.path.join(dst, os.path.basename(src))
    copyfile(src, dst, follow_symlinks=follow_symlinks)
    copymode(src, dst, follow_symlinks=follow_symlinks)
    return dst


def copy2(src, dst, *, follow_symlinks=True):
    return copy(src, dst, follow_symlinks=follow_symlinks)


def ignore_patterns(*patterns):
    import fnmatch

    def _ignore_patterns(path, names):
        ignored = []
        for pattern in patterns:
            ignored.extend(fnmatch.filter(names, pattern))
        return set(ignored)
    return _ignore_patterns


def copytree(src, dst, symlinks=False, ignore=None, copy_function=copy2,
             ignore_dangling_symlinks=False, dirs_exist_ok=False):
    """Recursively copy a directory tree and return the destination directory."""
    names = os.listdir(src)
    ignored = ignore(os.fspath(src), names) if ignore is not None else set()
    os.makedirs(dst, exist_ok=dirs_exist_ok)
    errors = []
    for name in names:
        if name in ignored:
            continue
        srcname = os.path.join(src, name)
        dstname = os.path.join(dst, name)
        try:
            if symlinks and os.path.islink(srcname):
                os.symlink(os.readlink(srcname), dstname)
            elif os.path.isdir(srcname):
                copytree(srcname, dstname, symlinks, ignore, copy_function,
                         ignore_dangling_symlinks, dirs_exist_ok)
            else:
                copy_function(srcname, dstname)
        except Error as err:
            errors.extend(err.args[0])
        except OSError as why:
            errors.append((srcname, dstname, str(why)))
    if errors:
        raise Error(errors)
    return dst


def rmtree(path, ignore_errors=False, onerror=None, *, dir_fd=None):
    """Recursively delete a directory tree."""
    if ignore_errors:
        def onerror(*args):
            pass
    elif onerror is None:
        def onerror(*args):
            raise
    try:
        if os.path.islink(path):
            raise OSError('Cannot call rmtree on a symbolic link')
    except OSError:
        onerror(os.path.islink, path, None)
        return
    try:
        names = os.listdir(path)
    except OSError as err:
        onerror(os.listdir, path, err)
        names = []
    for name in names:
        fullname = os.path.join(path, name)
        if os.path.isdir(fullname) and not os.path.islink(fullname):
            rmtree(fullname, ignore_errors, onerror)
        else:
            try:
                os.unlink(fullname)
            except OSError as err:
                onerror(os.unlink, fullname, err)
    try:
        os.rmdir(path)
    except OSError as err:
        onerror(os.rmdir, path, err)


def move(src, dst, copy_function=copy2):
    """Recursively move a file or directory to another location. Return dst."""
    real_dst = dst
    if os.path.isdir(dst):
        real_dst = os.path.join(dst, os.path.basename(src.rstrip('/')))
        if os.path.exists(real_dst):
            raise Error(f"Destination path '{real_dst}' already exists")
    try:
        os.rename(src, real_dst)
    except OSError:
        if os.path.isdir(src):
            copytree(src, real_dst, copy_function=copy_function, symlinks=True)
            rmtree(src)
        else:
            copy_function(src, real_dst)
            os.unlink(src)
    return real_dst


def which(cmd, mode=os.F_OK | os.X_OK, path=None):
    """Return the path to an executable which would be run if the given cmd was called."""
    if os.path.dirname(cmd):
        if os.path.exists(cmd) and os.access(cmd, mode) and not os.path.isdir(cmd):
            return cmd
        return None
    if path is None:
        path = os.environ.get('PATH', os.defpath)
    if not path:
        return None
    seen = set()
    for d in path.split(os.pathsep):
        if d in seen:
            continue
        seen.add(d)
        name = os.path.join(d, cmd)
        if os.path.exists(name) and os.access(name, mode) and not os.path.isdir(name):
            return name
    return None


class _TerminalSize(tuple):
    def __new__(cls, columns, lines):
        return tuple.__new__(cls, (columns, lines))

    @property
    def columns(self):
        return self[0]

    @property
    def lines(self):
        return self[1]

    def __repr__(self):
        return f'os.terminal_size(columns={self[0]}, lines={self[1]})'


def get_terminal_size(fallback=(80, 24)):
    """Get the size of the terminal window: COLUMNS/LINES, else the fallback."""
    try:
        columns = int(os.environ['COLUMNS'])
    except (KeyError, ValueError):
        columns = 0
    try:
        lines = int(os.environ['LINES'])
    except (KeyError, ValueError):
        lines = 0
    if columns <= 0 or lines <= 0:
        try:
            size = os.get_terminal_size(1)
            c, l = size[0], size[1]
        except (AttributeError, ValueError, OSError):
            c, l = fallback
        if columns <= 0:
            columns = c or fallback[0]
        if lines <= 0:
            lines = l or fallback[1]
    return _TerminalSize(columns, lines)


def disk_usage(path):
    raise NotImplementedError('shutil.disk_usage is not available in flyi')

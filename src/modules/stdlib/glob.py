"""Filename globbing utility (flyi)."""

import os
import fnmatch

__all__ = ['glob', 'iglob', 'escape', 'has_magic']


def has_magic(s):
    return any(c in s for c in '*?[')


def _ishidden(path):
    return path[0] == '.'


def _isrecursive(pattern):
    return pattern == '**'


def glob(pathname, *, root_dir=None, dir_fd=None, recursive=False, include_hidden=False):
    """Return a list of paths matching a pathname pattern."""
    return list(iglob(pathname, root_dir=root_dir, dir_fd=dir_fd, recursive=recursive,
                      include_hidden=include_hidden))


def iglob(pathname, *, root_dir=None, dir_fd=None, recursive=False, include_hidden=False):
    """Return an iterator which yields the paths matching a pathname pattern."""
    pathname = os.fspath(pathname)
    if root_dir is not None:
        root_dir = os.fspath(root_dir)
    else:
        root_dir = pathname[:0]
    it = _iglob(pathname, root_dir, recursive, False, include_hidden)
    if not pathname or (recursive and _isrecursive(pathname[:2])):
        try:
            s = next(it)
            if s:
                it = _chain1(s, it)
        except StopIteration:
            pass
    return it


def _chain1(first, rest):
    yield first
    yield from rest


def _join(root, p):
    return os.path.join(root, p) if root else p


def _lexists(path, root):
    return os.path.lexists(_join(root, path))


def _isdir(path, root):
    return os.path.isdir(_join(root, path))


def _iglob(pathname, root_dir, recursive, dironly, include_hidden):
    dirname, basename = os.path.split(pathname)
    if not has_magic(pathname):
        if basename:
            if _lexists(pathname, root_dir):
                yield pathname
        else:
            if _isdir(dirname, root_dir):
                yield pathname
        return
    if not dirname:
        if recursive and _isrecursive(basename):
            yield from _glob2(root_dir, basename, dironly, include_hidden)
        else:
            yield from _glob1(root_dir, basename, dironly, include_hidden)
        return
    if dirname != pathname and has_magic(dirname):
        dirs = _iglob(dirname, root_dir, recursive, True, include_hidden)
    else:
        dirs = [dirname]
    if has_magic(basename):
        if recursive and _isrecursive(basename):
            glob_in_dir = _glob2
        else:
            glob_in_dir = _glob1
    else:
        glob_in_dir = _glob0
    for d in dirs:
        for name in glob_in_dir(_join(root_dir, d), basename, dironly, include_hidden):
            yield os.path.join(d, name)


def _listdir(dirname, dironly):
    try:
        names = os.listdir(dirname if dirname else os.curdir)
    except OSError:
        return []
    if dironly:
        names = [n for n in names if os.path.isdir(os.path.join(dirname, n) if dirname else n)]
    return names


def _glob1(dirname, pattern, dironly, include_hidden=False):
    names = _listdir(dirname, dironly)
    if not (include_hidden or _ishidden(pattern)):
        names = [x for x in names if not _ishidden(x)]
    return fnmatch.filter(names, pattern)


def _glob0(dirname, basename, dironly, include_hidden=False):
    if basename:
        if os.path.lexists(os.path.join(dirname, basename) if dirname else basename):
            return [basename]
    else:
        if os.path.isdir(dirname):
            return [basename]
    return []


def _glob2(dirname, pattern, dironly, include_hidden=False):
    yield pattern[:0]
    yield from _rlistdir(dirname, dironly, include_hidden)


def _rlistdir(dirname, dironly, include_hidden=False):
    names = _listdir(dirname, dironly)
    for x in names:
        if include_hidden or not _ishidden(x):
            yield x
            path = os.path.join(dirname, x) if dirname else x
            if os.path.isdir(path) and not os.path.islink(path):
                for y in _rlistdir(path, dironly, include_hidden):
                    yield os.path.join(x, y)


def glob0(dirname, pattern):
    return _glob0(dirname, pattern, False)


def glob1(dirname, pattern):
    return _glob1(dirname, pattern, False)


def escape(pathname):
    """Escape all special characters."""
    drive, pathname = os.path.splitdrive(pathname)
    out = []
    for c in pathname:
        if c in '*?[':
            out.append('[' + c + ']')
        else:
            out.append(c)
    return drive + ''.join(out)


magic_check = None

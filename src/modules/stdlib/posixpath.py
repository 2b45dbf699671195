"""Common operations on POSIX pathnames (flyi's os.path)."""

import posix as _posix

sep = '/'
altsep = None
extsep = '.'
pathsep = ':'
curdir = '.'
pardir = '..'
defpath = '/bin:/usr/bin'
devnull = '/dev/null'
supports_unicode_filenames = False

__all__ = ['join', 'split', 'splitext', 'splitdrive', 'basename', 'dirname', 'isabs',
           'normpath', 'abspath', 'realpath', 'relpath', 'exists', 'lexists', 'isfile',
           'isdir', 'islink', 'ismount', 'getsize', 'getmtime', 'getatime', 'getctime',
           'expanduser', 'expandvars', 'normcase', 'commonprefix', 'commonpath', 'samefile',
           'sep', 'altsep', 'extsep', 'pathsep', 'curdir', 'pardir', 'defpath', 'devnull']


def _fspath(p, fname):
    if isinstance(p, str):
        return p
    f = getattr(type(p), '__fspath__', None)
    if f is not None:
        r = f(p)
        if isinstance(r, str):
            return r
    raise TypeError(f"{fname}() argument must be str, bytes, or os.PathLike object, not "
                    f"'{type(p).__name__}'")


def normcase(s):
    return _fspath(s, 'normcase')


def isabs(s):
    return _fspath(s, 'isabs').startswith('/')


def join(a, *p):
    path = _fspath(a, 'join')
    for b in p:
        b = _fspath(b, 'join')
        if b.startswith('/'):
            path = b
        elif not path or path.endswith('/'):
            path += b
        else:
            path += '/' + b
    return path


def split(p):
    p = _fspath(p, 'split')
    i = p.rfind('/') + 1
    head, tail = p[:i], p[i:]
    if head and head != '/' * len(head):
        head = head.rstrip('/')
    return head, tail


def splitext(p):
    p = _fspath(p, 'splitext')
    sep_index = p.rfind('/')
    dot_index = p.rfind('.')
    if dot_index > sep_index:
        i = sep_index + 1
        while i < dot_index:
            if p[i] != '.':
                return p[:dot_index], p[dot_index:]
            i += 1
    return p, ''


def splitdrive(p):
    p = _fspath(p, 'splitdrive')
    return p[:0], p


def basename(p):
    p = _fspath(p, 'basename')
    return p[p.rfind('/') + 1:]


def dirname(p):
    p = _fspath(p, 'dirname')
    i = p.rfind('/') + 1
    head = p[:i]
    if head and head != '/' * len(head):
        head = head.rstrip('/')
    return head


def normpath(path):
    path = _fspath(path, 'normpath')
    if not path:
        return '.'
    initial = 0
    if path.startswith('/'):
        initial = 1
        if path.startswith('//') and not path.startswith('///'):
            initial = 2
    out = []
    for comp in path.split('/'):
        if comp == '' or comp == '.':
            continue
        if comp != '..' or (not initial and not out) or (out and out[-1] == '..'):
            out.append(comp)
        elif out:
            out.pop()
    result = '/' * initial + '/'.join(out)
    return result or '.'


def abspath(path):
    path = _fspath(path, 'abspath')
    if not path.startswith('/'):
        path = join(_posix.getcwd(), path)
    return normpath(path)


def realpath(filename, *, strict=False):
    path = abspath(filename)
    parts = [c for c in path.split('/') if c]
    resolved = '/'
    seen = 0
    i = 0
    while i < len(parts):
        comp = parts[i]
        i += 1
        candidate = join(resolved, comp)
        if _posix._kind(candidate, False) == 3 and seen < 40:
            seen += 1
            target = _posix.readlink(candidate)
            if target.startswith('/'):
                resolved = '/'
            parts = [c for c in target.split('/') if c] + parts[i:]
            i = 0
            continue
        if comp == '..':
            resolved = dirname(resolved) or '/'
        elif comp != '.':
            resolved = candidate
    return normpath(resolved)


def relpath(path, start=None):
    if not path:
        raise ValueError("no path specified")
    path = _fspath(path, 'relpath')
    if start is None:
        start = curdir
    start = _fspath(start, 'relpath')
    start_list = [x for x in abspath(start).split('/') if x]
    path_list = [x for x in abspath(path).split('/') if x]
    i = len(commonprefix([start_list, path_list]))
    rel_list = [pardir] * (len(start_list) - i) + path_list[i:]
    if not rel_list:
        return curdir
    return join(*rel_list)


def commonprefix(m):
    if not m:
        return ''
    s1 = min(m)
    s2 = max(m)
    for i, c in enumerate(s1):
        if c != s2[i]:
            return s1[:i]
    return s1


def commonpath(paths):
    paths = [_fspath(p, 'commonpath') for p in paths]
    if not paths:
        raise ValueError('commonpath() arg is an empty sequence')
    split_paths = [p.split('/') for p in paths]
    try:
        isabs_, = set(p[:1] == '/' for p in paths)
    except ValueError:
        raise ValueError("Can't mix absolute and relative paths") from None
    split_paths = [[c for c in s if c and c != '.'] for s in split_paths]
    s1 = min(split_paths)
    s2 = max(split_paths)
    common = s1
    for i, c in enumerate(s1):
        if c != s2[i]:
            common = s1[:i]
            break
    prefix = '/' if isabs_ else ''
    return prefix + '/'.join(common)


def exists(path):
    try:
        return _posix._kind(path, True) != 0
    except (TypeError, ValueError):
        return False


def lexists(path):
    try:
        return _posix._kind(path, False) != 0
    except (TypeError, ValueError):
        return False


def isfile(path):
    try:
        return _posix._kind(path, True) == 1
    except (TypeError, ValueError):
        return False


def isdir(s):
    try:
        return _posix._kind(s, True) == 2
    except (TypeError, ValueError):
        return False


def islink(path):
    try:
        return _posix._kind(path, False) == 3
    except (TypeError, ValueError):
        return False


def ismount(path):
    path = abspath(path)
    if path == '/':
        return True
    try:
        a = _posix.lstat(path)
        b = _posix.lstat(join(path, '..'))
    except OSError:
        return False
    return a[2] != b[2] or a[1] == b[1]


def getsize(filename):
    return _posix.stat(filename)[6]


def getatime(filename):
    return _posix.stat(filename)[7]


def getmtime(filename):
    return _posix.stat(filename)[8]


def getctime(filename):
    return _posix.stat(filename)[9]


def samefile(f1, f2):
    s1 = _posix.stat(f1)
    s2 = _posix.stat(f2)
    return s1[1] == s2[1] and s1[2] == s2[2]


def expanduser(path):
    path = _fspath(path, 'expanduser')
    if not path.startswith('~'):
        return path
    i = path.find('/', 1)
    if i < 0:
        i = len(path)
    if i == 1:
        import os
        home = os.environ.get('HOME')
        if home is None:
            return path
    else:
        name = path[1:i]
        home = None
        try:
            with open('/etc/passwd') as f:
                for line in f:
                    fields = line.rstrip('\n').split(':')
                    if len(fields) >= 6 and fields[0] == name:
                        home = fields[5]
                        break
        except OSError:
            return path
        if home is None:
            return path
    home = home.rstrip('/')
    return (home + path[i:]) or '/'


def expandvars(path):
    path = _fspath(path, 'expandvars')
    if '$' not in path:
        return path
    import os
    out = []
    i = 0
    n = len(path)
    while i < n:
        c = path[i]
        if c != '$':
            out.append(c)
            i += 1
            continue
        if i + 1 < n and path[i + 1] == '{':
            j = path.find('}', i + 2)
            if j < 0:
                out.append(path[i:])
                break
            name = path[i + 2:j]
            if name in os.environ:
                out.append(os.environ[name])
            else:
                out.append(path[i:j + 1])
            i = j + 1
            continue
        j = i + 1
        while j < n and (path[j].isalnum() or path[j] == '_'):
            j += 1
        name = path[i + 1:j]
        if name and name in os.environ:
            out.append(os.environ[name])
        else:
            out.append(path[i:j])
        i = j
    return ''.join(out)

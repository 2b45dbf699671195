"""Regular expressions (flyi): CPython 3.11's re API on the C engine in _re."""

import enum
import _re

__all__ = ['match', 'fullmatch', 'search', 'sub', 'subn', 'split', 'findall', 'finditer', 'compile',
           'purge', 'template', 'escape', 'error', 'Pattern', 'Match', 'A', 'I', 'L', 'M', 'S', 'X', 'U',
           'ASCII', 'IGNORECASE', 'LOCALE', 'MULTILINE', 'DOTALL', 'VERBOSE', 'UNICODE', 'NOFLAG',
           'RegexFlag', 'Scanner']

# Pattern reprs list flags in bit order; RegexFlag reprs in the order of the class body.
_FLAG_NAMES = (('TEMPLATE', 1), ('IGNORECASE', 2), ('LOCALE', 4), ('MULTILINE', 8), ('DOTALL', 16),
               ('UNICODE', 32), ('VERBOSE', 64), ('DEBUG', 128), ('ASCII', 256))
_MEMBER_NAMES = (('ASCII', 256), ('IGNORECASE', 2), ('LOCALE', 4), ('UNICODE', 32), ('MULTILINE', 8),
                 ('DOTALL', 16), ('VERBOSE', 64), ('TEMPLATE', 1), ('DEBUG', 128))


def _flag_text(value, names=_FLAG_NAMES):
    if value == 0:
        return 're.NOFLAG'
    parts = []
    for name, bit in names:
        if value & bit:
            parts.append('re.' + name)
            value &= ~bit
    if value:
        parts.append(hex(value))
    return '|'.join(parts)


class RegexFlag(enum.IntFlag):
    NOFLAG = 0
    ASCII = A = 256
    IGNORECASE = I = 2
    LOCALE = L = 4
    UNICODE = U = 32
    MULTILINE = M = 8
    DOTALL = S = 16
    VERBOSE = X = 64
    TEMPLATE = T = 1
    DEBUG = 128

    def __repr__(self):
        return _flag_text(int(self), _MEMBER_NAMES)

    __str__ = __repr__


NOFLAG = RegexFlag.NOFLAG
ASCII = A = RegexFlag.ASCII
IGNORECASE = I = RegexFlag.IGNORECASE
LOCALE = L = RegexFlag.LOCALE
UNICODE = U = RegexFlag.UNICODE
MULTILINE = M = RegexFlag.MULTILINE
DOTALL = S = RegexFlag.DOTALL
VERBOSE = X = RegexFlag.VERBOSE
TEMPLATE = T = RegexFlag.TEMPLATE
DEBUG = RegexFlag.DEBUG


class error(Exception):
    """Exception raised for invalid regular expressions (msg, pattern, pos, lineno, colno)."""

    def __init__(self, msg, pattern=None, pos=None):
        self.msg = msg
        self.pattern = pattern
        self.pos = pos
        if pattern is not None and pos is not None:
            msg = '%s at position %d' % (msg, pos)
            newline = '\n' if isinstance(pattern, str) else b'\n'
            self.lineno = pattern.count(newline, 0, pos) + 1
            self.colno = pos - pattern.rfind(newline, 0, pos)
            if newline in pattern:
                msg = '%s (line %d, column %d)' % (msg, self.lineno, self.colno)
        else:
            self.lineno = self.colno = None
        super().__init__(msg)


error.__module__ = 're'
PatternError = error


Match = _re.Match


def _match_expand(m, template):
    return _expand_parts(_template(m.re, template), m)


class Pattern:
    """A compiled regular expression (CPython's re.Pattern)."""
    __slots__ = ('_prog', 'pattern', 'flags', 'groups', 'groupindex')

    def __init__(self, prog, pattern):
        self._prog = prog
        self.pattern = pattern
        self.flags = prog.flags
        self.groups = prog.groups
        self.groupindex = prog.groupindex

    def match(self, string, pos=0, endpos=None):
        return self._prog.match(self, string, pos, _MAXSIZE if endpos is None else endpos, 0)

    def fullmatch(self, string, pos=0, endpos=None):
        return self._prog.match(self, string, pos, _MAXSIZE if endpos is None else endpos, 1)

    def search(self, string, pos=0, endpos=None):
        return self._prog.match(self, string, pos, _MAXSIZE if endpos is None else endpos, 2)

    def _iter(self, string, pos=0, endpos=None, limit=0):
        """Raw results of successive searches with CPython's rule for empty matches."""
        return self._prog.scan(string, pos, _MAXSIZE if endpos is None else endpos, limit)

    def finditer(self, string, pos=0, endpos=None):
        return (m for m in self._prog.scan(string, pos, _MAXSIZE if endpos is None else endpos, 0, self))

    def findall(self, string, pos=0, endpos=None):
        return self._prog.findall(string, pos, _MAXSIZE if endpos is None else endpos)

    def split(self, string, maxsplit=0):
        out = []
        last = 0
        n = 0
        ng = self.groups
        if isinstance(string, bytearray):
            string = bytes(string)  # the pieces are bytes, as in CPython
        if maxsplit < 0:
            return [string[:]]
        for r in self._iter(string, 0, None, maxsplit):
            out.append(string[last:r[1]])
            for g in range(1, ng + 1):
                s = r[1 + 2 * g]
                out.append(string[s:r[2 + 2 * g]] if s >= 0 else None)
            n += 1
            last = r[2]
        out.append(string[last:])
        return out

    def subn(self, repl, string, count=0):
        istext = isinstance(string, str)
        out = []
        last = 0
        n = 0
        if count < 0:
            return string, 0
        if callable(repl):
            for m in self._prog.scan(string, 0, _MAXSIZE, count, self):
                s, e = m.span()
                if last < s:
                    out.append(string[last:s])
                item = repl(m)
                if item is not None:
                    _check_item(istext, item, len(out))
                    out.append(item)
                n += 1
                last = e
        else:
            parts = _template(self, repl)
            for r in self._iter(string, 0, None, count):
                if last < r[1]:
                    out.append(string[last:r[1]])
                for p in parts:
                    if isinstance(p, int):
                        s = r[1 + 2 * p]
                        if s >= 0:
                            out.append(string[s:r[2 + 2 * p]])
                    else:
                        _check_item(istext, p, len(out))
                        out.append(p)
                n += 1
                last = r[2]
        if not n:
            return string, 0
        if last < len(string):
            out.append(string[last:])
        return string[0:0].join(out), n

    def sub(self, repl, string, count=0):
        return self.subn(repl, string, count)[0]

    def scanner(self, string, pos=0, endpos=None):
        return _PatternScanner(self, string, pos, endpos)

    def __repr__(self):
        flags = self.flags
        if isinstance(self.pattern, str):
            if flags & (LOCALE | UNICODE | ASCII) == UNICODE:
                flags &= ~UNICODE
        p = repr(self.pattern)
        if len(p) > 200:
            p = p[:200]
        if flags:
            return 're.compile(%s, %s)' % (p, _flag_text(int(flags)))
        return 're.compile(%s)' % p

    def __eq__(self, other):
        if not isinstance(other, Pattern):
            return NotImplemented
        return self.pattern == other.pattern and self.flags == other.flags

    def __ne__(self, other):
        r = self.__eq__(other)
        return r if r is NotImplemented else not r

    def __hash__(self):
        return hash((self.pattern, self.flags))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    @classmethod
    def __class_getitem__(cls, item):
        return cls


Pattern.__module__ = 're'

class _PatternScanner:
    """Pattern.scanner(): match() / search() from where the last match ended."""

    def __init__(self, pattern, string, pos, endpos):
        self.pattern = pattern
        self._string = string
        self._pos = pos
        self._endpos = _MAXSIZE if endpos is None else endpos
        self._advance = False
        self._done = False

    def _next(self, mode):
        if self._done:
            return None
        m = self.pattern._prog.match(self.pattern, self._string, self._pos, self._endpos,
                                     mode | (4 if self._advance else 0))
        if m is None:
            self._done = True
            return None
        self._advance = m.end() == m.start()
        self._pos = m.end()
        return m

    def match(self):
        return self._next(0)

    def search(self):
        return self._next(2)


class Scanner:
    """A lexicon of (phrase, action) pairs scanned left to right (phrases without groups)."""

    def __init__(self, lexicon, flags=0):
        self.lexicon = lexicon
        self.scanner = compile('|'.join('(%s)' % phrase for phrase, action in lexicon), flags)

    def scan(self, string):
        result = []
        append = result.append
        match = self.scanner.scanner(string).match
        i = 0
        while True:
            m = match()
            if not m:
                break
            j = m.end()
            if i == j:
                break
            action = self.lexicon[m.lastindex - 1][1]
            if callable(action):
                self.match = m
                action = action(self, m.group())
            if action is not None:
                append(action)
            i = j
        return result, string[i:]


_MAXSIZE = 9223372036854775807
_cache = {}
_MAXCACHE = 512


def _compile(pattern, flags):
    if isinstance(flags, RegexFlag):
        flags = int(flags)
    try:
        return _cache[type(pattern), pattern, flags]
    except KeyError:
        pass
    except TypeError:
        pass
    if isinstance(pattern, Pattern):
        if flags:
            raise ValueError('cannot process flags argument with a compiled pattern')
        return pattern
    if not isinstance(pattern, (str, bytes)):
        raise TypeError('first argument must be string or compiled pattern')
    prog = _re.compile(pattern, flags)
    if type(prog) is tuple:
        raise error(prog[0], pattern, prog[1])
    p = Pattern(prog, pattern)
    if len(_cache) >= _MAXCACHE:
        try:
            del _cache[next(iter(_cache))]
        except (StopIteration, RuntimeError, KeyError):
            pass
    _cache[type(pattern), pattern, flags] = p
    return p


def compile(pattern, flags=0):
    return _compile(pattern, flags)


def match(pattern, string, flags=0):
    return _compile(pattern, flags).match(string)


def fullmatch(pattern, string, flags=0):
    return _compile(pattern, flags).fullmatch(string)


def search(pattern, string, flags=0):
    return _compile(pattern, flags).search(string)


def sub(pattern, repl, string, count=0, flags=0):
    return _compile(pattern, flags).sub(repl, string, count)


def subn(pattern, repl, string, count=0, flags=0):
    return _compile(pattern, flags).subn(repl, string, count)


def split(pattern, string, maxsplit=0, flags=0):
    return _compile(pattern, flags).split(string, maxsplit)


def findall(pattern, string, flags=0):
    return _compile(pattern, flags).findall(string)


def finditer(pattern, string, flags=0):
    return _compile(pattern, flags).finditer(string)


def purge():
    _cache.clear()
    _tcache.clear()


def template(pattern, flags=0):
    return _compile(pattern, flags | T)


_SPECIAL = frozenset('()[]{}?*+-|^$\\.&~# \t\n\r\v\f')


def escape(pattern):
    if isinstance(pattern, str):
        return ''.join('\\' + c if c in _SPECIAL else c for c in pattern)
    s = str(pattern, 'latin-1')
    return ''.join('\\' + c if c in _SPECIAL else c for c in s).encode('latin-1')


# ---------------------------------------------------------------- replacement templates

_ESCAPES = {'a': '\a', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t', 'v': '\v', '\\': '\\'}
_tcache = {}


def _template(pattern, repl):
    key = (pattern, repl)
    try:
        return _tcache[key]
    except (KeyError, TypeError):
        pass
    parts = _parse_template(pattern, repl)
    if len(_tcache) >= _MAXCACHE:
        _tcache.clear()
    _tcache[key] = parts
    return parts


def _parse_template(pattern, repl):
    """The template as a list of literal strings and group numbers."""
    isbytes = not isinstance(repl, str)
    if isbytes:
        if not isinstance(repl, (bytes, bytearray)):
            raise TypeError('decoding to str: need a bytes-like object, %s found' % type(repl).__name__)
        src = str(repl, 'latin-1')
    else:
        src = repl
    parts = []
    lit = []
    n = len(src)
    i = 0
    groups = pattern.groups

    def err(msg, pos):
        return error(msg, repl, pos)

    def addgroup(index, pos):
        if index > groups:
            raise err('invalid group reference %d' % index, pos)
        if lit:
            parts.append(''.join(lit))
            lit.clear()
        parts.append(index)

    while i < n:
        c = src[i]
        i += 1
        if c != '\\':
            lit.append(c)
            continue
        if i >= n:
            raise err('bad escape (end of pattern)', n - 1)
        c = src[i]
        i += 1
        start = i - 2
        if c == 'g':
            if i >= n or src[i] != '<':
                raise err('missing <', i)
            i += 1
            j = src.find('>', i)
            if j < 0:
                if i == n:
                    raise err('missing group name', i)
                raise err('missing >, unterminated name', i)
            name = src[i:j]
            if not name:
                raise err('missing group name', i)
            i = j + 1
            if name.isidentifier():
                index = pattern.groupindex.get(name)
                if index is None:
                    raise IndexError('unknown group name %r' % name)
            else:
                if not (name.isdigit() and name.isascii()):
                    raise err('bad character in group name %r' % name, i - len(name) - 1)
                index = int(name)
                if index >= 1073741823:
                    raise err('invalid group reference %d' % index, i - len(name) - 1)
            addgroup(index, i - len(name) - 1)
        elif c == '0':
            k = i
            while k < n and k < i + 2 and src[k] in '01234567':
                k += 1
            lit.append(chr(int(src[i - 1:k], 8) & 0xff))
            i = k
        elif c in '0123456789':
            isoctal = False
            if i < n and src[i] in '0123456789':
                i += 1
                if c in '01234567' and src[i - 1] in '01234567' and i < n and src[i] in '01234567':
                    i += 1
                    isoctal = True
                    v = int(src[i - 3:i], 8)
                    if v > 0o377:
                        raise err('octal escape value %s outside of range 0-0o377' % src[start:i], start)
                    lit.append(chr(v))
            if not isoctal:
                addgroup(int(src[start + 1:i]), start + 1)
        elif c in _ESCAPES:
            lit.append(_ESCAPES[c])
        elif ('a' <= c <= 'z') or ('A' <= c <= 'Z'):
            raise err('bad escape %s' % src[start:i], start)
        else:
            lit.append('\\' + c)
    if lit:
        parts.append(''.join(lit))
    if isbytes:
        parts = [p if isinstance(p, int) else p.encode('latin-1') for p in parts]
    if not parts:
        parts.append(src[0:0] if not isbytes else b'')
    return parts


def _check_item(istext, item, index):
    if istext and not isinstance(item, str):
        raise TypeError('sequence item %d: expected str instance, %s found' % (index, type(item).__name__))
    if not istext and not isinstance(item, (bytes, bytearray)):
        raise TypeError('sequence item %d: expected a bytes-like object, %s found' % (index, type(item).__name__))


def _expand_parts(parts, m):
    empty = m.string[0:0]
    out = []
    for p in parts:
        if isinstance(p, int):
            g = m.group(p)
            if g is not None:
                out.append(g)
        else:
            out.append(p)
    return empty.join(out)


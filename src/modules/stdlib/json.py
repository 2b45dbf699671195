"""JSON encoder and decoder (flyi): dumps/loads/dump/load of basic values."""

__all__ = ['dump', 'dumps', 'load', 'loads', 'JSONDecoder', 'JSONDecodeError', 'JSONEncoder']


class JSONDecodeError(ValueError):
    """Subclass of ValueError with the following additional properties: msg, doc, pos,
    lineno, colno."""

    def __init__(self, msg, doc, pos):
        lineno = doc.count('\n', 0, pos) + 1
        colno = pos - doc.rfind('\n', 0, pos)
        errmsg = '%s: line %d column %d (char %d)' % (msg, lineno, colno, pos)
        ValueError.__init__(self, errmsg)
        self.msg = msg
        self.doc = doc
        self.pos = pos
        self.lineno = lineno
        self.colno = colno


_ESC = {'"': '\\"', '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\b': '\\b',
        '\f': '\\f'}


def _encode_str(s, ensure_ascii):
    out = ['"']
    for c in s:
        e = _ESC.get(c)
        if e is not None:
            out.append(e)
            continue
        o = ord(c)
        if o < 0x20 or (ensure_ascii and o > 0x7e):
            if o > 0xffff:
                o -= 0x10000
                out.append('\\u%04x\\u%04x' % (0xd800 | (o >> 10), 0xdc00 | (o & 0x3ff)))
            else:
                out.append('\\u%04x' % o)
        else:
            out.append(c)
    out.append('"')
    return ''.join(out)


def _float_repr(f, allow_nan):
    if f != f:
        text = 'NaN'
    elif f == float('inf'):
        text = 'Infinity'
    elif f == -float('inf'):
        text = '-Infinity'
    else:
        return float.__repr__(f)
    if not allow_nan:
        raise ValueError('Out of range float values are not JSON compliant')
    return text


class JSONEncoder:
    item_separator = ', '
    key_separator = ': '

    def __init__(self, *, skipkeys=False, ensure_ascii=True, check_circular=True,
                 allow_nan=True, sort_keys=False, indent=None, separators=None, default=None):
        self.skipkeys = skipkeys
        self.ensure_ascii = ensure_ascii
        self.check_circular = check_circular
        self.allow_nan = allow_nan
        self.sort_keys = sort_keys
        if indent is not None and not isinstance(indent, str):
            indent = ' ' * indent
        self.indent = indent
        if separators is not None:
            self.item_separator, self.key_separator = separators
        elif indent is not None:
            self.item_separator = ','
        if default is not None:
            self.default = default

    def default(self, o):
        raise TypeError(f'Object of type {o.__class__.__name__} is not JSON serializable')

    def encode(self, o):
        out = []
        self._enc(o, out, 0, set() if self.check_circular else None)
        return ''.join(out)

    def iterencode(self, o, _one_shot=False):
        return iter([self.encode(o)])

    def _key(self, k):
        if isinstance(k, str):
            return k
        if isinstance(k, bool):
            return 'true' if k else 'false'
        if k is None:
            return 'null'
        if isinstance(k, int):
            return int.__repr__(k)
        if isinstance(k, float):
            return _float_repr(k, self.allow_nan)
        return None

    def _enc(self, o, out, level, markers):
        if isinstance(o, str):
            out.append(_encode_str(o, self.ensure_ascii))
        elif o is None:
            out.append('null')
        elif o is True:
            out.append('true')
        elif o is False:
            out.append('false')
        elif isinstance(o, int):
            out.append(int.__repr__(o))
        elif isinstance(o, float):
            out.append(_float_repr(o, self.allow_nan))
        elif isinstance(o, (list, tuple)):
            self._enc_list(o, out, level, markers)
        elif isinstance(o, dict):
            self._enc_dict(o, out, level, markers)
        else:
            if markers is not None:
                if id(o) in markers:
                    raise ValueError('Circular reference detected')
                markers.add(id(o))
            self._enc(self.default(o), out, level, markers)
            if markers is not None:
                markers.discard(id(o))

    def _open(self, o, markers):
        if markers is not None:
            if id(o) in markers:
                raise ValueError('Circular reference detected')
            markers.add(id(o))

    def _enc_list(self, o, out, level, markers):
        if not o:
            out.append('[]')
            return
        self._open(o, markers)
        out.append('[')
        if self.indent is not None:
            level += 1
            nl = '\n' + self.indent * level
            sep = self.item_separator + nl
            out.append(nl)
        else:
            sep = self.item_separator
        first = True
        for v in o:
            if not first:
                out.append(sep)
            first = False
            self._enc(v, out, level, markers)
        if self.indent is not None:
            level -= 1
            out.append('\n' + self.indent * level)
        out.append(']')
        if markers is not None:
            markers.discard(id(o))

    def _enc_dict(self, o, out, level, markers):
        if not o:
            out.append('{}')
            return
        self._open(o, markers)
        out.append('{')
        if self.indent is not None:
            level += 1
            nl = '\n' + self.indent * level
            sep = self.item_separator + nl
            out.append(nl)
        else:
            sep = self.item_separator
        items = list(o.items())
        if self.sort_keys:
            items.sort(key=lambda kv: kv[0])
        first = True
        for k, v in items:
            key = self._key(k)
            if key is None:
                if self.skipkeys:
                    continue
                raise TypeError(f'keys must be str, int, float, bool or None, not '
                                f'{k.__class__.__name__}')
            if not first:
                out.append(sep)
            first = False
            out.append(_encode_str(key, self.ensure_ascii))
            out.append(self.key_separator)
            self._enc(v, out, level, markers)
        if self.indent is not None:
            level -= 1
            out.append('\n' + self.indent * level)
        out.append('}')
        if markers is not None:
            markers.discard(id(o))


def dumps(obj, *, skipkeys=False, ensure_ascii=True, check_circular=True, allow_nan=True,
          cls=None, indent=None, separators=None, default=None, sort_keys=False, **kw):
    """Serialize obj to a JSON formatted str."""
    if cls is None:
        cls = JSONEncoder
    return cls(skipkeys=skipkeys, ensure_ascii=ensure_ascii, check_circular=check_circular,
               allow_nan=allow_nan, indent=indent, separators=separators, default=default,
               sort_keys=sort_keys, **kw).encode(obj)


def dump(obj, fp, **kwargs):
    """Serialize obj as a JSON formatted stream to fp (a .write()-supporting file-like object)."""
    fp.write(dumps(obj, **kwargs))


_WS = ' \t\n\r'
_UNESC = {'"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t'}


class JSONDecoder:
    def __init__(self, *, object_hook=None, parse_float=None, parse_int=None,
                 parse_constant=None, strict=True, object_pairs_hook=None):
        self.object_hook = object_hook
        self.parse_float = parse_float or float
        self.parse_int = parse_int or int
        self.parse_constant = parse_constant
        self.strict = strict
        self.object_pairs_hook = object_pairs_hook

    def decode(self, s):
        obj, end = self.raw_decode(s, self._ws(s, 0))
        end = self._ws(s, end)
        if end != len(s):
            raise JSONDecodeError('Extra data', s, end)
        return obj

    def raw_decode(self, s, idx=0):
        try:
            return self._value(s, idx)
        except StopIteration as err:
            raise JSONDecodeError('Expecting value', s, err.value) from None

    def _ws(self, s, i):
        n = len(s)
        while i < n and s[i] in _WS:
            i += 1
        return i

    def _const(self, name):
        if self.parse_constant is not None:
            return self.parse_constant(name)
        return {'NaN': float('nan'), 'Infinity': float('inf'), '-Infinity': float('-inf')}[name]

    def _value(self, s, i):
        if i >= len(s):
            raise StopIteration(i)
        c = s[i]
        if c == '"':
            return self._string(s, i + 1)
        if c == '{':
            return self._object(s, i + 1)
        if c == '[':
            return self._array(s, i + 1)
        if c == 'n' and s.startswith('null', i):
            return None, i + 4
        if c == 't' and s.startswith('true', i):
            return True, i + 4
        if c == 'f' and s.startswith('false', i):
            return False, i + 5
        if c == 'N' and s.startswith('NaN', i):
            return self._const('NaN'), i + 3
        if c == 'I' and s.startswith('Infinity', i):
            return self._const('Infinity'), i + 8
        if c == '-' and s.startswith('-Infinity', i):
            return self._const('-Infinity'), i + 9
        return self._number(s, i)

    def _number(self, s, i):
        n = len(s)
        j = i
        if j < n and s[j] == '-':
            j += 1
        if j < n and s[j] == '0':
            j += 1
        elif j < n and '1' <= s[j] <= '9':
            while j < n and '0' <= s[j] <= '9':
                j += 1
        else:
            raise StopIteration(i)
        is_float = False
        if j + 1 < n and s[j] == '.' and '0' <= s[j + 1] <= '9':
            is_float = True
            j += 1
            while j < n and '0' <= s[j] <= '9':
                j += 1
        if j < n and s[j] in 'eE':
            k = j + 1
            if k < n and s[k] in '+-':
                k += 1
            if k < n and '0' <= s[k] <= '9':
                is_float = True
                j = k
                while j < n and '0' <= s[j] <= '9':
                    j += 1
        text = s[i:j]
        if is_float:
            return self.parse_float(text), j
        return self.parse_int(text), j

    def _string(self, s, i):
        out = []
        n = len(s)
        begin = i - 1
        while True:
            j = i
            while j < n and s[j] != '"' and s[j] != '\\' and (ord(s[j]) >= 0x20 or not self.strict):
                j += 1
            out.append(s[i:j])
            if j >= n:
                raise JSONDecodeError('Unterminated string starting at', s, begin)
            c = s[j]
            if c == '"':
                return ''.join(out), j + 1
            if c != '\\':
                raise JSONDecodeError('Invalid control character at', s, j)
            if j + 1 >= n:
                raise JSONDecodeError('Unterminated string starting at', s, begin)
            e = s[j + 1]
            if e != 'u':
                if e not in _UNESC:
                    raise JSONDecodeError('Invalid \\escape: ' + repr(e), s, j)
                out.append(_UNESC[e])
                i = j + 2
                continue
            code = self._hex4(s, j + 2, j)
            i = j + 6
            if 0xd800 <= code <= 0xdbff and s.startswith('\\u', i):
                low = self._hex4(s, i + 2, i)
                if 0xdc00 <= low <= 0xdfff:
                    code = 0x10000 + (((code - 0xd800) << 10) | (low - 0xdc00))
                    i += 6
            out.append(chr(code))

    def _hex4(self, s, i, at):
        h = s[i:i + 4]
        if len(h) != 4 or any(c not in '0123456789abcdefABCDEF' for c in h):
            raise JSONDecodeError('Invalid \\uXXXX escape', s, at)
        return int(h, 16)

    def _object(self, s, i):
        pairs = []
        i = self._ws(s, i)
        if i < len(s) and s[i] == '}':
            return self._finish_obj(pairs), i + 1
        while True:
            if i >= len(s) or s[i] != '"':
                raise JSONDecodeError('Expecting property name enclosed in double quotes', s, i)
            key, i = self._string(s, i + 1)
            i = self._ws(s, i)
            if i >= len(s) or s[i] != ':':
                raise JSONDecodeError("Expecting ':' delimiter", s, i)
            i = self._ws(s, i + 1)
            try:
                value, i = self._value(s, i)
            except StopIteration as err:
                raise JSONDecodeError('Expecting value', s, err.value) from None
            pairs.append((key, value))
            i = self._ws(s, i)
            if i < len(s) and s[i] == '}':
                return self._finish_obj(pairs), i + 1
            if i >= len(s) or s[i] != ',':
                raise JSONDecodeError("Expecting ',' delimiter", s, i)
            i = self._ws(s, i + 1)

    def _finish_obj(self, pairs):
        if self.object_pairs_hook is not None:
            return self.object_pairs_hook(pairs)
        d = dict(pairs)
        if self.object_hook is not None:
            return self.object_hook(d)
        return d

    def _array(self, s, i):
        values = []
        i = self._ws(s, i)
        if i < len(s) and s[i] == ']':
            return values, i + 1
        while True:
            try:
                value, i = self._value(s, i)
            except StopIteration as err:
                raise JSONDecodeError('Expecting value', s, err.value) from None
            values.append(value)
            i = self._ws(s, i)
            if i < len(s) and s[i] == ']':
                return values, i + 1
            if i >= len(s) or s[i] != ',':
                raise JSONDecodeError("Expecting ',' delimiter", s, i)
            i = self._ws(s, i + 1)


def loads(s, *, cls=None, object_hook=None, parse_float=None, parse_int=None,
          parse_constant=None, object_pairs_hook=None, **kw):
    """Deserialize s (a str, bytes or bytearray instance containing a JSON document)."""
    if isinstance(s, (bytes, bytearray)):
        s = s.decode('utf-8')
    elif not isinstance(s, str):
        raise TypeError(f'the JSON object must be str, bytes or bytearray, '
                        f'not {s.__class__.__name__}')
    if s.startswith('\ufeff'):
        raise JSONDecodeError('Unexpected UTF-8 BOM (decode using utf-8-sig)', s, 0)
    if cls is None:
        cls = JSONDecoder
    return cls(object_hook=object_hook, parse_float=parse_float, parse_int=parse_int,
               parse_constant=parse_constant, object_pairs_hook=object_pairs_hook,
               **kw).decode(s)


def load(fp, **kwargs):
    """Deserialize fp (a .read()-supporting file-like object containing a JSON document)."""
    return loads(fp.read(), **kwargs)

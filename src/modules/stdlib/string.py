"""A collection of string constants and the Template class (flyi)."""

__all__ = ['ascii_letters', 'ascii_lowercase', 'ascii_uppercase', 'capwords', 'digits',
           'hexdigits', 'octdigits', 'printable', 'punctuation', 'whitespace', 'Formatter',
           'Template']

whitespace = ' \t\n\r\v\f'
ascii_lowercase = 'abcdefghijklmnopqrstuvwxyz'
ascii_uppercase = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
ascii_letters = ascii_lowercase + ascii_uppercase
digits = '0123456789'
hexdigits = digits + 'abcdef' + 'ABCDEF'
octdigits = '01234567'
punctuation = r"""!"#$%&'()*+,-./:;<=>?@[\]^_`{|}~"""
printable = digits + ascii_letters + punctuation + whitespace


def capwords(s, sep=None):
    """capwords(s [,sep]) -> string"""
    return (sep or ' ').join(map(str.capitalize, s.split(sep)))


def _is_ident_start(c):
    return c == '_' or ('a' <= c <= 'z') or ('A' <= c <= 'Z')


def _is_ident_char(c):
    return _is_ident_start(c) or ('0' <= c <= '9')


class Template:
    """A string class for supporting $-substitutions."""
    delimiter = '$'

    def __init__(self, template):
        self.template = template

    def _scan(self, mapping, safe):
        s = self.template
        d = self.delimiter
        out = []
        i = 0
        n = len(s)
        while i < n:
            j = s.find(d, i)
            if j < 0:
                out.append(s[i:])
                break
            out.append(s[i:j])
            k = j + len(d)
            if s.startswith(d, k):
                out.append(d)
                i = k + len(d)
                continue
            if k < n and s[k] == '{':
                e = k + 1
                while e < n and _is_ident_char(s[e]):
                    e += 1
                name = s[k + 1:e]
                if name and _is_ident_start(name[0]) and e < n and s[e] == '}':
                    if name in mapping:
                        out.append(str(mapping[name]))
                    elif safe:
                        out.append(s[j:e + 1])
                    else:
                        raise KeyError(name)
                    i = e + 1
                    continue
            elif k < n and _is_ident_start(s[k]):
                e = k
                while e < n and _is_ident_char(s[e]):
                    e += 1
                name = s[k:e]
                if name in mapping:
                    out.append(str(mapping[name]))
                elif safe:
                    out.append(s[j:e])
                else:
                    raise KeyError(name)
                i = e
                continue
            if safe:
                out.append(d)
                i = k
                continue
            lines = s[:j].split('\n')
            colno = j - len('\n'.join(lines[:-1])) - (1 if len(lines) > 1 else 0) + 1
            raise ValueError(f'Invalid placeholder in string: line {len(lines)}, col {colno}')
        return ''.join(out)

    def substitute(self, mapping=None, /, **kws):
        m = dict(mapping or {})
        m.update(kws)
        return self._scan(m, False)

    def safe_substitute(self, mapping=None, /, **kws):
        m = dict(mapping or {})
        m.update(kws)
        return self._scan(m, True)

    def get_identifiers(self):
        ids = []

        class Rec(dict):
            def __contains__(self, k):
                if k not in ids:
                    ids.append(k)
                return False
        self._scan(Rec(), True)
        return ids

    def is_valid(self):
        try:
            self._scan({}, False)
        except KeyError:
            return True
        except ValueError:
            return False
        return True


class Formatter:
    def format(self, format_string, /, *args, **kwargs):
        return format_string.format(*args, **kwargs)

    def vformat(self, format_string, args, kwargs):
        return format_string.format(*args, **kwargs)

"""Filename matching with shell patterns (flyi; a direct matcher, no regular expressions)."""

import posixpath

__all__ = ['filter', 'fnmatch', 'fnmatchcase', 'translate']


def _parse(pat):
    """Pattern -> list of tokens: ('*',), ('?',), ('set', negate, items), ('lit', c)."""
    toks = []
    i = 0
    n = len(pat)
    while i < n:
        c = pat[i]
        i += 1
        if c == '*':
            if not toks or toks[-1] != ('*',):
                toks.append(('*',))
        elif c == '?':
            toks.append(('?',))
        elif c == '[':
            j = i
            if j < n and pat[j] == '!':
                j += 1
            if j < n and pat[j] == ']':
                j += 1
            while j < n and pat[j] != ']':
                j += 1
            if j >= n:
                toks.append(('lit', '['))
                continue
            body = pat[i:j]
            i = j + 1
            negate = False
            if body.startswith('!'):
                negate = True
                body = body[1:]
            items = []
            k = 0
            while k < len(body):
                if k + 2 < len(body) and body[k + 1] == '-':
                    items.append((body[k], body[k + 2]))
                    k += 3
                else:
                    items.append((body[k], body[k]))
                    k += 1
            toks.append(('set', negate, items))
        else:
            toks.append(('lit', c))
    return toks


def _tok_match(tok, ch):
    kind = tok[0]
    if kind == '?':
        return True
    if kind == 'lit':
        return tok[1] == ch
    hit = False
    for lo, hi in tok[2]:
        if lo <= ch <= hi:
            hit = True
            break
    return hit != tok[1]


_cache = {}


def _match(toks, name):
    ti = 0
    ni = 0
    star_ti = -1
    star_ni = 0
    nt = len(toks)
    nn = len(name)
    while ni < nn:
        if ti < nt and toks[ti][0] == '*':
            star_ti = ti
            star_ni = ni
            ti += 1
        elif ti < nt and _tok_match(toks[ti], name[ni]):
            ti += 1
            ni += 1
        elif star_ti >= 0:
            ti = star_ti + 1
            star_ni += 1
            ni = star_ni
        else:
            return False
    while ti < nt and toks[ti][0] == '*':
        ti += 1
    return ti == nt


def fnmatchcase(name, pat):
    """Test whether FILENAME matches PATTERN, including case."""
    toks = _cache.get(pat)
    if toks is None:
        toks = _parse(pat)
        if len(_cache) > 256:
            _cache.clear()
        _cache[pat] = toks
    return _match(toks, name)


def fnmatch(name, pat):
    """Test whether FILENAME matches PATTERN."""
    name = posixpath.normcase(name)
    pat = posixpath.normcase(pat)
    return fnmatchcase(name, pat)


def filter(names, pat):
    """Construct a list from those elements of the iterable NAMES that match PAT."""
    pat = posixpath.normcase(pat)
    return [n for n in names if fnmatchcase(posixpath.normcase(n), pat)]


def translate(pat):
    raise NotImplementedError('fnmatch.translate: flyi has no re module')

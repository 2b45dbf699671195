# re: the module's API beyond matching (Match and Pattern objects, sub templates, split, flags,
# escape, the cache, errors), compared with CPython 3.11.
import re


def err(f):
    try:
        r = f()
    except Exception as e:
        return '%s: %s' % (type(e).__name__, e)
    return r


# Match objects
m = re.search(r'(?P<word>\w+) (?P<num>\d+)?(x)?', 'say hello 42 ok')
print(m)
print(m.group(), m.group(0), m.group(1), m.group('num'), m.group(1, 'num', 3))
print(m[0], m[1], m['word'], m.groups(), m.groups('-'), m.groupdict(), m.groupdict('?'))
print(m.start(), m.end(), m.span(), m.start(2), m.end('num'), m.span(3), m.start(3))
print(m.lastindex, m.lastgroup, m.pos, m.endpos, m.re.pattern, m.string, m.regs)
print(err(lambda: m.group(4)), err(lambda: m.group('nope')), err(lambda: m['x']), err(lambda: m.start(-1)))
print(m.expand(r'\2-\1 \g<word>\g<0>! \n'), repr(m.expand(r'[\3]')))
print(bool(m), re.match('a', 'b'))
m2 = re.match(r'(a)(b(c))', 'abc')
print(m2.lastindex, m2.lastgroup, m2.groups())
m3 = re.match(r'(?P<outer>a(?P<inner>b))', 'ab')
print(m3.lastindex, m3.lastgroup)
print(re.match('(a)|(b)', 'b').lastindex, re.match('x', 'x').lastindex, re.match('(a)(b)?', 'a').lastindex)
print(repr(re.match('.*', 'x' * 60)))
print(repr(re.search(b'b+', b'abbc')), repr(re.search('é+', 'caféé!')))
# Pattern objects
p = re.compile(r'(?P<k>\w+)=(\d+)', re.I)
print(p, p.pattern, p.flags, p.groups, p.groupindex, p.groupindex['k'])
print(p.search('a=1 b=2', 3), p.match('xx a=1', 3), p.match('a=12', 0, 3), p.fullmatch('a=1 ', 0, 3))
print(p.findall('a=1 b=2 c=x'), p.findall('a=1 b=2', 2), [x.span() for x in p.finditer('a=1 b=2', 0, 5)])
print(p.search('a=1', -5), p.search('a=1', 10), p.search('a=1', 2, 1), p.search('a=1', 0, -1))
print(repr(re.compile('a')), repr(re.compile('a', re.S | re.M)), repr(re.compile(b'a', re.I)),
      repr(re.compile('(?i)a')), repr(re.compile('a', re.A)), repr(re.compile('a', re.U)), repr(re.compile(r'\n')))
print(re.compile('a') == re.compile('a'), re.compile('a') == re.compile('a', re.I), re.compile('a') is re.compile('a'))
print(re.compile(p) is p, err(lambda: re.compile(p, re.I)), err(lambda: re.compile(5)))
print(re.compile('(?x) a').flags, re.compile('a', re.X).flags, re.compile(b'a').flags, re.compile('(?a)a').flags)
# flags
print(re.I, re.M, re.S, re.X, re.A, re.U, re.L, re.NOFLAG, re.I | re.M, re.I | re.S | re.X)
print(repr(re.I), str(re.M | re.I), int(re.I | re.M), re.I | 1024, re.IGNORECASE is re.I, re.RegexFlag.DOTALL)
print(type(re.I).__name__, isinstance(re.I, int), re.I == 2, re.I & re.I, re.X.value)
print(re.search('a', 'A', re.I | re.M), re.search('^a', 'b\na', flags=re.M), re.search('a.b', 'a\nb', re.DOTALL))
# sub and subn
print(re.sub(r'(\w+)@(\w+)', r'\2 at \1', 'joe@home and ann@work'))
print(re.sub(r'(?P<a>\d)', r'<\g<a>\g<1>\1>', 'a1b22'))
print(re.sub('a', r'\n\t\\', 'bab'), repr(re.sub('a', '\\\\n', 'a')))
print(re.sub('a', r'\0', 'a'), repr(re.sub('a', r'\101\08', 'a')), re.sub('(a)', r'\1\1', 'xa'))
print(re.subn('o', '0', 'foo boo'), re.subn('o', '0', 'foo boo', 2), re.sub('o', '0', 'foo', count=1))
print(re.sub(r'\d+', lambda m: str(int(m.group()) * 2), 'a1 b22 c333'))
print(re.sub('x', lambda m: None, 'axbx') if False else re.sub('x', lambda m: '', 'axbx'))
print(re.sub('', '-', 'abc'), re.sub('b*', '-', 'abc'), re.sub('(b)|c', r'[\1]', 'abc'))
print(re.sub(b'a', b'\\n', b'cat'), re.subn(b'(a)', b'<\\1>', b'banana'))
print(re.sub('a', 'b', ''), re.subn('x', 'y', 'abc'), re.sub('a(?=b)', 'X', 'ab ac'))
print(re.sub(r'(\w)(\w)?', r'\2\1', 'abc'))
print(err(lambda: re.sub('a', r'\2', 'a')), err(lambda: re.sub('a', r'\q', 'a')))
print(err(lambda: re.sub('a', '\\', 'a')), err(lambda: re.sub('a', r'\g<x>', 'a')))
print(err(lambda: re.sub('a', r'\g<1', 'a')), err(lambda: re.sub('a', r'\g', 'a')), err(lambda: re.sub('a', r'\g<>', 'a')))
print(err(lambda: re.sub('a', r'\g<-1>', 'a')), err(lambda: re.sub('a', r'\g<a b>', 'a')), err(lambda: re.sub('(a)', r'\777', 'a')))
print(err(lambda: re.sub('a', 5, 'a')), err(lambda: re.sub('a', lambda m: 5, 'a')), err(lambda: re.sub('a', b'x', 'a')))
print(err(lambda: re.sub(b'a', 'x', b'a')), err(lambda: re.sub('a', 'x', b'a')), err(lambda: re.search(b'a', 'a')))
print(err(lambda: re.search('a', 5)), err(lambda: re.sub('a', 'x\\', 'a')))
print(re.sub('(?P<n>x)', r'\g<n>\g<0>', 'x'), re.sub('.', r'\x', 'a') if False else 'skip')
# split
print(re.split(r'\W+', 'Words, words, words.'), re.split(r'(\W+)', 'Words, words, words.'))
print(re.split(r'\W+', 'Words, words, words.', 1), re.split(r'\W+', 'Words, words, words.', maxsplit=2))
print(re.split('[a-f]+', '0a3B9', flags=re.IGNORECASE), re.split(r'(\W+)', '...words, words...'))
print(re.split(r'\b', 'one two'), re.split('', 'abc'), re.split('(a)|b', 'xaybz'), re.split('x', ''))
print(re.split(b',', b'a,b,,c'), re.split(',', 'a,b', -1), re.split('(?:)', ''))
# findall / finditer shapes
print(re.findall(r'(\w)(\d)?', 'a1b'), re.findall(r'(a)|b', 'ab'), re.findall('', 'ab'), re.findall(b'\\d', b'a1b2'))
it = re.finditer(r'\d', 'a1b2')
print(type(it).__name__ in ('generator', 'callable_iterator'), [m.group() for m in it])
# escape
print(re.escape('a.b*c?d[e]f(g)h{i}j|k^l$m\\n+o-p#q r\tå_1'), re.escape(b'a.b\x00\xff'), re.escape(''))
print(re.match(re.escape('1+1=2?'), '1+1=2?'))
# cache and purge
a = re.compile('cached(x)')
print(a is re.compile('cached(x)'), re.purge(), a == re.compile('cached(x)'))
# error objects
for pat in ['(ab', 'a\n(b', 'x)', b'(\xff']:
    try:
        re.compile(pat)
    except re.error as e:
        print(repr(e.msg), e.pattern, e.pos, e.lineno, e.colno, str(e), isinstance(e, Exception))
print(re.error.__name__, re.error.__module__, re.error('m').msg, re.error('m').pos, str(re.error('m', 'p', 0)))
print(err(lambda: re.compile('a', re.L)), err(lambda: re.compile('a', re.A | re.U)), err(lambda: re.compile(b'a', re.U)))
print(err(lambda: re.compile(b'a', re.A | re.L)), err(lambda: re.compile(b'(?u)a')), err(lambda: re.compile('(?au)a')))
print(err(lambda: re.compile('(?a-a:x)')), err(lambda: re.compile('(?t:x)')), err(lambda: re.compile('(?-:x)')))
print(err(lambda: re.compile('a{4294967295}')), err(lambda: re.compile('a{1,4294967296}')), re.compile('a{4294967294}').groups)
print(err(lambda: re.compile('(?<=(a)\\1)')), err(lambda: re.compile('(a)(?<=\\1)')), re.search('(a)(?<=\\1)', 'aa'))
print(re.search(r'\s', 'a\xa0\u3000').span(), re.search(r'\s', 'a\xa0', re.A), re.findall(r'\s', '\x1c\x85\u2028'.strip('\x85')) == ['\x1c', '\u2028'])
print(re.Pattern.__name__, re.Match.__name__, isinstance(p, re.Pattern), isinstance(m, re.Match))
# limits: CPython's parser recursion limit on nesting; large repeat counts
print(re.compile('(' * 495 + ')' * 495).groups, err(lambda: re.compile('(' * 496 + ')' * 496)))
print(re.compile('(?:ab){20000}').match('ab' * 20001).end(), re.match('a{100000}', 'a' * 100000).end())
# Match objects made in C: argument rules, bytearray subjects, non-ASCII text
m = re.match(r'(?P<a>x)(y)?', 'xz')
print(m.group(True), err(lambda: m.group(1.0)), err(lambda: m.start(-1)), m.span('a'), m.end(2), m.groups(default=0))
print(m.groupdict(default='d'), err(lambda: m.groups(1, 2)), m.regs, m.lastgroup, m == m, m.expand(r'\g<a>-\2-'))
print(err(lambda: m.start(group=1)), err(lambda: m.start(1, 2)), err(lambda: m.groupdict(1, 2)), err(lambda: m.expand()))
print(re.match(b'(a)', bytearray(b'ab')).group(1), re.split(b'a', bytearray(b'bab')), re.findall(b'a', bytearray(b'a')))
print(re.match('é(.)', 'éàb').group(1), re.search('(b)', 'éàb').span(1), repr(re.search('à+', 'é' * 60 + 'à' * 60)))
print([m.group() for m in re.finditer('a', 'aXa')], re.sub('(a)', lambda m: m.group(1).upper() + str(m.start()), 'banana'))
# Pattern.scanner and re.Scanner
s = re.compile(r'\d+|x*').scanner('12ab3x')
print([s.match() for _ in range(4)])
s = re.compile(r'\d+|x*').scanner('12ab3x')
print([(m.span() if m else m) for m in [s.search() for _ in range(8)]])
s = re.compile('a').scanner('aaXa', 1, 3)
print(s.match(), s.match(), s.match(), s.pattern)
sc = re.Scanner([(r'[a-z]+', lambda s, t: ('id', t)), (r'\d+', lambda s, t: ('num', int(t))), (r'\s+', None),
                 (r'[=+]', lambda s, t: t)])
print(sc.scan('x = y + 42 ?z'))
# large counted repeats (a counter instead of copies)
print(re.fullmatch('(?:abc){1000000}', 'abc' * 1000000) is not None, re.match('(?:ab){3,100000}?c', 'ab' * 5000 + 'c').span())
print(re.match('(a|b){2,4294967294}', 'ab' * 100).span(), re.match('((a)|b){70000}', 'ab' * 35000).groups())
print(re.match('(?:a?){50000}b', 'a' * 10 + 'b').span(), re.match('(?:x|){30000,40000}y', 'x' * 5 + 'y').span())
print(re.match('(?:(a)|b){20001,}?', 'ab' * 10001).span(), re.search('(?:a{2}|b){1,30000}$', 'xaab' * 10).span())

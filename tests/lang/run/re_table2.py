# re: a second table of (pattern, flags, subject) cases compared with CPython 3.11: captures
# under backtracking, nested quantifiers, lookarounds, atomic and possessive forms, Unicode,
# IGNORECASE, verbose patterns and pos/endpos.
import re

CASES = [
    ('(a|ab)(c|bcd)(d*)', 0, 'abcd'), ('(a+)(b+)?(a*)', 0, 'aaab'), ('(a*)(a*)', 0, 'aaa'), ('(a*?)(a*)', 0, 'aaa'),
    ('(a+?)(a*?)$', 0, 'aaa'), ('((a)|(b))*', 0, 'aba'), ('(?:(a)|(b))+', 0, 'ab'), ('(a)*', 0, 'aaa'),
    ('(?:a(b)?)+', 0, 'aba'), ('(a|b)*?c', 0, 'abc'), ('(ab|a)(bc|c)', 0, 'abc'), ('((ab)*)(c)', 0, 'ababc'),
    ('(a(?=b))', 0, 'ab'), ('(?:(\\d+)\\.)?(\\d+)', 0, '12.34'), ('(?P<a>x)|(?P<b>y)', 0, 'y'), ('(x)(?:y(z))?', 0, 'xy'),
    ('([abc])*d', 0, 'abbbcd'), ('(([abc])*)d', 0, 'abcd'), ('(a{2})*', 0, 'aaaaa'), ('(a{1,2}?)*b', 0, 'aaab'),
    ('(?:a|b){2,3}?c', 0, 'ababc'), ('(a){0,2}', 0, 'aaa'), ('(ab){1,3}', 0, 'abababab'), ('x(ab){0,}y', 0, 'xababy'),
    ('(?:x{2}){2,}', 0, 'xxxxxxx'), ('[ab]{2,}?', 0, 'abab'), ('.{3}', 0, 'ab'), ('.{0,2}$', 0, 'abcd'),
    # nested quantifiers and empty loops
    ('(a*)*', 0, 'aa'), ('(a*)+b', 0, 'aab'), ('(a?)+?b', 0, 'ab'), ('(?:a*)*b', 0, 'aab'), ('(?:a|)+b', 0, 'aab'),
    ('(a|b?)+', 0, 'ab'), ('(?:()|a)+', 0, 'aa'), ('(a*?)*?b', 0, 'ab'), ('((a)*)*', 0, 'aa'), ('(a*){2}', 0, 'aa'),
    ('(a?){3}', 0, 'a'), ('(?:a?){3}b', 0, 'ab'), ('(?:a*){2,}b', 0, 'aab'),
    ('(((?:\\b)?)(?:[ab]){0,2}?){,3}', 0, 'aab'), ('((((?:[^a])?|[ab]$)){2}){,3}', 0, 'ba'),
    ('(((?>^)|((?:a)*?){,3})|$)', 0, 'bbaabba'), ('(a|){2,3}?b', 0, 'ab'), ('(?:(a)|b|){0,3}c', 0, 'abc'),
    # lookarounds
    ('(?=(\\w+))\\w', 0, 'abc'), ('(?!a)\\w+', 0, 'abc bcd'), ('\\w+(?<!s)\\b', 0, 'cats dog'), ('(?<=-)\\w+', 0, 'a-b-c'),
    ('(?<=\\d{3})x', 0, '12x 123x'), ('(?<!\\d)\\d{2}(?!\\d)', 0, '123 45 6'), ('(?=a)(?=ab)(?!abc)ab', 0, 'abc abd'),
    ('(?<=(?<=a)b)c', 0, 'abc'), ('(?<=a(?=b)b)c', 0, 'abc'), ('((?=a))a', 0, 'a'), ('(?!(a)b)a', 0, 'ac'),
    ('(?<=^)a', 0, 'a'), ('(?<=\\b)w', 0, 'a w'), ('(?<=a)', 0, 'aaa'), ('(?=.*x)', 0, 'abx'), ('^(?!.*bad).*$', 0, 'good'),
    ('^(?!.*bad).*$', 0, 'so bad'), ('(?<=(?P<p>a))b(?P=p)', 0, 'aba'),
    # atomic / possessive
    ('(?>a*)ab', 0, 'aaab'), ('(?>x|xy)z', 0, 'xyz'), ('(?>(\\w+))\\s', 0, 'ab cd'), ('a*+b', 0, 'aaab'), ('[ab]++b', 0, 'abb'),
    ('(?:a|b)*+c', 0, 'abc'), ('(a)++', 0, 'aa'), ('\\d++\\.', 0, '12.5'), ('x?+x', 0, 'x'), ('(?>a+?)b', 0, 'aab'),
    ('(?>(a)|(b))+c', 0, 'abc'), ('a{2,}+a', 0, 'aaaa'), ('.*+', 0, 'abc'),
    # conditionals
    ('^(<)?\\w+(?(1)>)$', 0, '<a>'), ('^(<)?\\w+(?(1)>)$', 0, '<a'), ('^(<)?\\w+(?(1)>)$', 0, 'a'),
    ('(?P<o>\\()?\\d+(?(o)\\))', 0, '(12) 34'), ('(a)?(?(1)|b)', 0, 'b'), ('(a)|(?(1)x|y)', 0, 'y'),
    # backreferences
    ('(\\w)\\1{2}', 0, 'abbbc'), ('(?i)(\\w)\\1', 0, 'aA bB'), ('(a|b)\\1+', 0, 'abbbb'), ('(.)(.)\\2\\1', 0, 'xabbay'),
    ('(?P<d>\\d)-(?P=d)', 0, '1-2 3-3'), ('(a*)b\\1', 0, 'aabaa aba'), ('(a)?b\\1?', 0, 'b'), ('([ab])(?:(?!\\1).)*\\1', 0, 'abcab'),
    # Unicode and IGNORECASE
    ('\\w+', 0, 'naïve café'), ('[à-ÿ]+', re.I, 'ÀÉÎ'), ('ß', re.I, 'ẞ'), ('ÿ', re.I, 'Ÿ'), ('[α-ω]+', re.I, 'ΑΒΓ'),
    ('\\W', 0, 'aé!'), ('.', 0, '😀'), ('😀+', 0, 'x😀😀y'), ('[😀-😂]', 0, '😁'),
    ('(?i)[^k]', 0, 'K'), ('(?i)ǅ', 0, 'ǆ'), ('[a-z]', re.I | re.A, 'K'), ('(?i)\\w', re.A, 'é'), ('\\bé', 0, ' é'),
    ('\\d+', 0, '١٢٣'), ('[\\d]+', 0, 'x٤٥'), ('\\D', 0, '٣x'), ('(?i)ſ', 0, 's'),
    # verbose
    ('''(?x)
        (\\d{3})   # area
        [-\\s]?     # sep
        (\\d{4})   # number
     ''', 0, '555 1234'), ('(?x) a # b \n c', 0, 'ac'), (' a \\# b', re.X, 'a#b'), ('[#]a', re.X, '#a'), ('a{2 }', re.X, 'aa'),
    ('(?x)a(?-x: b)', 0, 'a b'), ('(?x)(?# c )a', 0, 'a'), ('a\\ \\ b', re.X, 'a  b'),
    # multiline / dotall / anchors
    ('^\\w+$', re.M, 'one\ntwo\n'), ('.+', re.S, 'a\nb'), ('\\A\\w+', re.M, 'a\nb'), ('\\w+\\Z', re.M, 'a\nb\n'),
    ('$', re.M, 'a\nb'), ('^', re.M, 'a\n\nb\n'), ('(?m)$\\n^', 0, 'a\nb'), ('a$\\n', 0, 'a\n'),
]


def err(e):
    return '%s: %s' % (type(e).__name__, e)


def show(label, f):
    try:
        r = f()
    except Exception as e:
        r = err(e)
    if isinstance(r, re.Match):
        r = (r.span(), r.groups(), r.lastindex, r.lastgroup)
    print(' ', label, r)


n = 0
for pat, flags, subj in CASES:
    n += 1
    print(n, repr(pat), flags, ascii(subj))
    try:
        p = re.compile(pat, flags)
    except Exception as e:
        print('  compile', err(e))
        continue
    show('search', lambda: p.search(subj))
    show('match', lambda: p.match(subj))
    show('fullmatch', lambda: p.fullmatch(subj))
    show('findall', lambda: p.findall(subj))
    show('sub', lambda: p.subn(lambda m: '[' + m.group() + ']', subj))
    show('split', lambda: p.split(subj))
    for pos, endpos in ((1, len(subj)), (0, len(subj) - 1), (1, 2)):
        show('pos %d %d' % (pos, endpos), lambda: (p.search(subj, pos, endpos), p.match(subj, pos, endpos),
                                                   p.fullmatch(subj, pos, endpos), p.findall(subj, pos, endpos)))
print('cases', n)

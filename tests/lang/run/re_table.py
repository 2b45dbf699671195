# re: a table of (pattern, flags, subject); for each, search/match/fullmatch spans and groups,
# findall, sub and split, or the error (type and message).
import re

CASES = [
    # literals and escapes
    ('abc', 0, 'xabcx'), ('abc', 0, 'ab'), ('a.c', 0, 'abc a\nc'), ('a.c', re.S, 'a\nc'),
    (r'a\.c', 0, 'a.c abc'), (r'\t\n', 0, 'x\t\ny'), (r'\x41\u0042', 0, 'AB'), (r'\101', 0, 'A'),
    (r'\0', 0, 'a\0b'), (r'\07', 0, '\x07'), (r'a\\b', 0, 'a\\b'), (r'\a\f\v\r', 0, '\a\f\v\r'),
    (r'\$\^\*', 0, '$^*'), (r'\U00000041', 0, 'A'), ('é', 0, 'café'), (r'\x{', 0, 'x'),
    # classes
    ('[abc]', 0, 'xbz'), ('[^abc]', 0, 'abcd'), ('[a-z]+', 0, 'ABC def'), ('[a-z]+', re.I, 'ABC def'),
    (r'[\d]+', 0, 'ab 123'), (r'[\D]+', 0, '12ab34'), (r'[\s,]+', 0, 'a ,\tb'), (r'[\w-]+', 0, 'foo-bar baz'),
    ('[]a]', 0, ']'), ('[a-]', 0, '-'), ('[-a]', 0, '-'), (r'[\]]', 0, ']'), ('[^]]', 0, ']]x'),
    (r'[\b]', 0, 'a\bb'), ('[.]', 0, 'a.b'), ('[a-c-e]', 0, 'd-e'), (r'[\x41-\x43]+', 0, 'xABCD'),
    ('[0-9a-fA-F]+', 0, 'zz 1fA9 q'), ('[^\n]+', 0, 'ab\ncd'), ('[ä-ö]', 0, 'xäy'), (r'[\u00e0-\u00ff]+', 0, 'caféé!'),
    ('[z-a]', 0, 'a'), ('[a', 0, 'a'), ('[\\d-z]', 0, 'a'), ('[a-\\d]', 0, 'a'), ('[', 0, ''),
    # categories
    (r'\d+', 0, 'abc 2024 x'), (r'\D+', 0, '12ab'), (r'\s+', 0, 'a \t\nb'), (r'\S+', 0, '  ab  '),
    (r'\w+', 0, 'hé_1 !'), (r'\w+', re.A, 'hé_1 !'), (r'\W+', 0, 'ab, cd'), (r'\d', 0, '٣'), (r'\d', re.A, '٣'),
    # anchors
    ('^abc', 0, 'abc'), ('^abc', 0, 'xabc'), ('abc$', 0, 'xabc'), ('abc$', 0, 'abc\n'), ('abc$', 0, 'abc\n\n'),
    ('^b', re.M, 'a\nb'), ('a$', re.M, 'a\nb'), (r'\Aa', 0, 'ba'), (r'a\Z', 0, 'a\n'), (r'a\Z', 0, 'ba'),
    (r'\bfoo\b', 0, 'a foo b'), (r'\bfoo\b', 0, 'afoob'), (r'\Boo\B', 0, 'foob'), (r'\b', 0, ''), (r'\B', 0, ''),
    (r'^$', 0, ''), (r'^$', re.M, 'a\n\nb'), ('$', 0, 'ab\n'), (r'\b\w', 0, 'one two'), ('x*$', 0, 'ax\n'),
    # quantifiers
    ('a*', 0, 'aaab'), ('a+', 0, 'baaa'), ('a?', 0, 'b'), ('a{2}', 0, 'aaa'), ('a{2,}', 0, 'aaaa'),
    ('a{,2}', 0, 'aaa'), ('a{1,3}', 0, 'aaaa'), ('a{0}', 0, 'a'), ('a{3,3}', 0, 'aa'), ('a{,}', 0, 'aa'),
    ('a*?', 0, 'aaa'), ('a+?', 0, 'aaa'), ('a??', 0, 'a'), ('a{2,3}?', 0, 'aaaa'), ('a{,2}?b', 0, 'aab'),
    ('a*+', 0, 'aaa'), ('a*+a', 0, 'aaa'), ('a++b', 0, 'aab'), ('(?:ab)++ab', 0, 'ababab'), ('a?+a', 0, 'a'),
    ('a{1,2}+a', 0, 'aaa'), ('x{', 0, 'x{'), ('x{1', 0, 'x{1'), ('x{a}', 0, 'x{a}'), ('x{}', 0, 'x{}'),
    ('x{1,2', 0, 'x{1,2'), ('<.*>', 0, '<a><b>'), ('<.*?>', 0, '<a><b>'), (r'\d{2,4}', 0, '1 12345'),
    ('(ab)*', 0, 'ababa'), ('(ab)+?', 0, 'abab'), ('(a|b)*c', 0, 'abbac'), ('a{2}{3}', 0, 'a'), ('(?:a{2}){3}', 0, 'aaaaaaa'),
    ('a**', 0, 'a'), ('*a', 0, 'a'), ('a{3,1}', 0, 'a'), ('^*', 0, 'a'), ('a|*', 0, 'a'), ('(*)', 0, 'a'), ('a+?+', 0, 'a'),
    # groups
    ('(a)(b)(c)', 0, 'abc'), ('(a(b)c)', 0, 'abc'), ('(a)|(b)', 0, 'b'), ('(?:a)(b)', 0, 'ab'),
    ('(?P<first>\\w+) (?P<last>\\w+)', 0, 'Jane Doe'), ('(a)?b', 0, 'b'), ('(a*)*', 0, 'b'), ('(a*)+', 0, 'aa'),
    ('(a|)*', 0, 'aa'), ('(a?)*?b', 0, 'aab'), ('((a)|b)+', 0, 'ab'), ('(?:(a)|b)*', 0, 'ab'), ('(a)|b', 0, 'b'),
    ('()', 0, 'x'), ('(())', 0, ''), ('(a)(?:(b)|c)*', 0, 'abcb'), ('(((a)))', 0, 'a'), ('(a)(b)?(c)?', 0, 'ac'),
    # alternation
    ('a|b|c', 0, 'xcba'), ('ab|cd', 0, 'xcd'), ('a|ab', 0, 'ab'), ('ab|a', 0, 'ab'), ('|a', 0, 'a'), ('a|', 0, 'b'),
    ('(cat|dog)s?', 0, 'dogs cat'), ('x(a|b|)y', 0, 'xy'), ('(?:a|b)+', 0, 'abba!'),
    # backrefs
    (r'(a)\1', 0, 'aa'), (r'(\w+) \1', 0, 'hello hello world'), (r'(?P<x>a)(?P=x)', 0, 'aa'), (r'(a)\1', re.I, 'aA'),
    (r'(a)|\1', 0, 'x'), (r'(a)?\1', 0, 'a'), (r'\1(a)', 0, 'aa'), (r'(a)\2', 0, 'aa'), (r'(?P=nope)', 0, 'a'),
    (r'(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)\10', 0, 'abcdefghijj'), (r'(\d)\1+', 0, '12333'), (r'(a\1)', 0, 'a'),
    # lookaround
    ('a(?=b)', 0, 'ab ac'), ('a(?!b)', 0, 'ab ac'), ('(?<=a)b', 0, 'ab cb'), ('(?<!a)b', 0, 'ab cb'),
    ('(?<=ab)c', 0, 'abc'), ('(?<=a|b)c', 0, 'bc'), ('(?<=a*)c', 0, 'c'), ('(?=(a))a', 0, 'a'), ('(?!(a))b', 0, 'b'),
    (r'\w+(?=,)', 0, 'x, y,'), ('(?<=\\$)\\d+', 0, 'cost $42'), ('^(?=.*\\d)(?=.*[a-z]).{6,}$', 0, 'abc123'),
    ('(?<=(a))b', 0, 'ab'), ('(?<![a-z])\\d', 0, 'a1 2'), ('(?<=ab|cd)e', 0, 'cde'), ('(?=a)*', 0, 'a'),
    # atomic
    ('(?>a+)b', 0, 'aab'), ('(?>a+)a', 0, 'aaa'), ('(?>a|ab)c', 0, 'abc'), ('(?>(a)b|ac)', 0, 'ac'),
    # conditionals
    ('(a)?(?(1)b|c)', 0, 'ab'), ('(a)?(?(1)b|c)', 0, 'c'), ('(?P<q>")?\\w+(?(q)")', 0, '"hi"'), ('(a)?(?(1)b)', 0, 'x'),
    ('(?(1)a|b)', 0, 'b'), ('(a)(?(1)b|c|d)', 0, 'ab'), ('(?(x)a)', 0, 'a'), ('(?(0)a)', 0, 'a'), ('(?(-1)a)', 0, 'a'),
    ('(a)(?(2)b)', 0, 'a'),
    # flags
    ('(?i)abc', 0, 'ABC'), ('(?i:a)b', 0, 'Ab AB'), ('a(?i:b)c', 0, 'aBc'), ('(?-i:a)b', re.I, 'aB Ab'),
    ('(?s).', 0, '\n'), ('(?m)^b', 0, 'a\nb'), ('(?x) a b # c', 0, 'ab'), ('(?x)[ ]a', 0, ' a'), ('(?ims)a.$', 0, 'A\n'),
    ('a(?i)b', 0, 'ab'), ('(?a)\\w+', 0, 'héllo'), ('(?u)\\w+', 0, 'héllo'), ('(?L)a', 0, 'a'), ('(?q)', 0, 'a'),
    ('(?i', 0, 'a'), ('(?i-', 0, 'a'), ('(?-q:a)', 0, 'a'), ('(?i-i:a)', 0, 'a'), ('(?x: a b )c', 0, 'abc'),
    ('(?a:\\w)\\w', 0, 'éé'), ('(?i)[a-c]+', 0, 'xBCA'), ('(?i)[^a]', 0, 'Ab'), ('(?i)straße', 0, 'STRASSE'),
    ('(?i)é', 0, 'É'), ('(?i)σ', 0, 'Σ'), ('(?i)k', 0, '\u212a'), ('(?-x:a b)', re.X, 'a b'),
    ('a b # comment\n c', re.X, 'abc'), ('a\\ b', re.X, 'a b'), ('a[ ]b', re.X, 'a b'), ('a *', re.X, 'aaa'),
    ('a* ?', re.X, 'aa'), ('a{1, 2}', re.X, 'a{1, 2}'),
    # misc errors
    ('(', 0, ''), (')', 0, ''), ('a)', 0, ''), ('(?P<1>a)', 0, ''), ('(?P<a>a)(?P<a>b)', 0, ''), ('(?P<a', 0, ''),
    ('(?P', 0, ''), ('(?Px)', 0, ''), ('(?<x)', 0, ''), ('(?', 0, ''), ('(?#abc', 0, ''), ('(?#abc)x', 0, 'x'),
    ('\\', 0, ''), ('a\\', 0, ''), ('\\q', 0, ''), ('[\\q]', 0, ''), ('\\8', 0, ''), ('\\400', 0, ''),
    ('\\x4', 0, ''), ('\\u12', 0, ''), ('(?P=)', 0, ''), ('(?P<>a)', 0, ''), ('(a)(?P=1)', 0, ''), ('(?<=a+)b', 0, ''),
    ('(?(1a)b)', 0, ''), ('a{99999999999}', 0, ''), ('(?P<a-b>x)', 0, ''), ('\\N{DASH}', 0, ''), ('[a-', 0, ''),
    ('(?:', 0, ''), ('(a|b', 0, ''), ('((a)', 0, ''), ('a(?P<n>b', 0, ''), ('x(?i', 0, ''),
    # longer subjects
    (r'(\d+)-(\d+)', 0, 'call 555-1234 or 555-9876'), (r'[aeiou]', 0, 'the quick brown fox'),
    (r'(?P<key>\w+)=(?P<val>[^;]*);?', 0, 'a=1;b=two;c='), (r'\s*,\s*', 0, 'a , b,c ,  d'),
    (r'^(\w+)@(\w+)\.com$', 0, 'user@example.com'), (r'<(\w+)>(.*?)</\1>', 0, '<b>bold</b> <i>it</i>'),
    (r'(?i)the', 0, 'The cat and THE hat'), (r'\b(\w)(\w*)\b', 0, 'hello big world'), (r'(.)\1', 0, 'aabbcdd'),
    (r'[^\W\d_]+', 0, 'ab12_cd'), (r'(?m)^\s*#.*$', 0, 'x\n  # c1\ny\n# c2'), (r'\d+(\.\d+)?', 0, '3.14 and 42'),
    (r'(a+)+b', 0, 'a' * 14 + 'c'), (r'(x+x+)+y', 0, 'x' * 12),
    (r'(?:a|a)*b', 0, 'a' * 12), (r'(a|aa)+$', 0, 'a' * 20 + 'b'), (r'^(\w+\s?)*$', 0, 'aaa bbb ccc!'),
    ('', 0, ''), ('', 0, 'abc'), ('x*', 0, ''), ('(?:)', 0, 'a'), ('a|b', 0, ''),
]

# bytes patterns
BCASES = [
    (b'a+', 0, b'baaac'), (b'\\w+', 0, b'ab\xe9cd'), (b'[\x80-\xff]+', 0, b'ab\xe9\xe8cd'), (b'(?i)abc', 0, b'xABC'),
    (b'(\\d)(\\d)', 0, b'a12b34'), (b'\\s+', 0, b'a \t b'), (b'\\u0041', 0, b'A'), (b'(?u)a', 0, b'a'),
    (b'\\bx\\b', 0, b'a x b'), (b'(?L)a', 0, b'a'), (b'^a$', re.M, b'b\na\nc'), (b'\\x41', 0, b'A'),
]


def err(e):
    return '%s: %s' % (type(e).__name__, e)


def show(label, f):
    try:
        r = f()
    except Exception as e:
        r = err(e)
    if isinstance(r, re.Match):
        r = (r.span(), r.groups(), r.lastindex)
    print(' ', label, r)


def run(cases):
    n = 0
    for pat, flags, subj in cases:
        n += 1
        print(n, repr(pat), flags, repr(subj))
        try:
            p = re.compile(pat, flags)
        except Exception as e:
            print('  compile', err(e))
            if isinstance(e, re.error):
                print('  fields', e.msg, e.pos, e.lineno, e.colno)
            continue
        print('  groups', p.groups, dict(p.groupindex), p.flags)
        show('search', lambda: p.search(subj))
        show('match', lambda: p.match(subj))
        show('fullmatch', lambda: p.fullmatch(subj))
        show('findall', lambda: p.findall(subj))
        show('finditer', lambda: [m.span() for m in p.finditer(subj)])
        rep = b'<\\g<0>>' if isinstance(subj, bytes) else '<\\g<0>>'
        show('sub', lambda: p.subn(rep, subj))
        show('split', lambda: p.split(subj))
    return n


total = run(CASES) + run(BCASES)
print('cases', total)

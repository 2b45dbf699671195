import string
t = string.Template('${a}b $c $$d ${e}')
print(t.safe_substitute({'a': 1}, c=2), t.get_identifiers() if hasattr(t, 'get_identifiers') else None)
try:
    string.Template('bad $ sign').substitute({})
except ValueError as e:
    print('ValueError:', e)
print(string.Template('$x$y').substitute(x=1, y=2), string.Template('$who').substitute({'who': 'me'}, who='kw'))
print(''.join(c for c in 'Hello, World!' if c in string.ascii_letters))
print([c for c in '0x1F' if c in string.hexdigits], string.capwords(' multiple   spaces here '))
print(string.Formatter().format('{0}-{x}', 1, x=2))

# strings holding NUL characters: iteration, indexing, ord, split, join
s = 'a\x00b'
print([c for c in s], list(s), len(s), s[1] == '\x00', repr(s[1]))
for c in 'x\x00y\x00':
    print(repr(c), ord(c))
print(list(reversed(s)), s.split('\x00'), '\x00'.join(['p','q']))
print(list(enumerate('\x00\x01')))
it = iter('\x00é\x00')
print(repr(next(it)), repr(next(it)), repr(next(it)))

for c in 'aZ09 ~':
    print(repr(c), ord(c), chr(ord(c)))
print(repr('\x00\x7f\u00e9\u20ac'), ascii('\u20ac'), repr('\\'), repr("'"), repr('"'), repr('\'"'))
try:
    chr(0x110000)
except ValueError as e:
    print('ValueError:', e)

s = '  a b  c  '
print(s.split(), s.split(' '), s.split(None, 1), s.rsplit(None, 1), s.split(' ', 2), s.rsplit(' ', 2))
print('a,b,,c'.split(','), 'a,b,,c'.rsplit(',', 1), ''.split(), ''.split(','), 'abc'.split('abc'))
print('one\ttwo\nthree'.split(), 'x'.split('x', 0), 'a-b-c'.split('-', -1))
try:
    'a'.split('')
except ValueError as e:
    print('ValueError:', e)

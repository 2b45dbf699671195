s = 'abc'
print(format(s, '>6') + '|', format(s, '<6') + '|', format(s, '^7') + '|', format(s, '*^7'), format(s, '.2'))
print(f'{s!r:>8}', f'{s!s}', f'{s:5}|', f'{"x":-<4}')
w, p = 10, 3
print(f'{3.14159:{w}.{p}f}|', f'{s:>{w}}|')
print('{:>5}|{:<5}|{:^5}'.format('a', 'b', 'c'))
print('{0} {1} {0}'.format('x', 'y'), '{name}-{n:03d}'.format(name='id', n=7))
print('{0[1]} {1[k]} {2.real}'.format([5, 6], {'k': 'v'}, 3 + 4j))
print('{{literal}} {}'.format(1))
try:
    format('abc', 'd')
except ValueError as e:
    print('ValueError:', e)
try:
    '{} {}'.format(1)
except IndexError as e:
    print('IndexError:', e)
try:
    '{x}'.format(y=1)
except KeyError as e:
    print('KeyError:', e)

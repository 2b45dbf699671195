print(1, 2, 3, sep='-')
print('a', 'b', sep='', end='!\n')
print(sep='x')
print('no newline', end='')
print()
print(*[1, 2], sep=', ', end=' <end>\n')
import sys
print('to stderr', file=sys.stderr)
print('flushed', flush=True)
print(None, True, 1.0, [1, 'a'], {'k': (1,)}, sep=' | ')
try:
    print(1, sep=5)
except TypeError as e:
    print('TypeError:', e)

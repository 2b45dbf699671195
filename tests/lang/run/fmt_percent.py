print('%d %s %r' % (5, 'five', 'five'))
print('%5d|%-5d|%05d' % (42, 42, 42))
print('%.2f %10.3f %-8.1f|' % (3.14159, 2.71828, 1.5))
print('%x %X %o %#x %#o' % (255, 255, 8, 255, 8))
print('%e %g %G' % (12345.678, 0.00001234, 1e20))
print('%c%c' % (72, 'i'), '%%', '%s' % [1, 2], '%s' % (1,))
print('%(name)s is %(age)d' % {'name': 'Ann', 'age': 30})
print('%+d % d %+.1f' % (5, 5, -2.25))
print('%*d|%-*d|' % (5, 1, 4, 2))
for fmt, args in [('%d', 'x'), ('%s %s', (1,)), ('%s', (1, 2))]:
    try:
        print(fmt % args)
    except TypeError as e:
        print('TypeError:', e)

print('ab'.center(7, '*'), 'abc'.center(6), 'ab'.center(1), '|' + 'x'.ljust(4, '.') + '|', 'x'.rjust(4, '0'))
print('42'.zfill(5), '-42'.zfill(5), '+7'.zfill(4), 'abc'.zfill(2), ''.zfill(3))
print(repr('a\tbc\td'.expandtabs()), repr('a\tb'.expandtabs(4)), repr('\t'.expandtabs(0)), repr('ab\ncd\te'.expandtabs(3)))
try:
    'x'.center(5, 'ab')
except TypeError as e:
    print('TypeError:', e)

t = str.maketrans('abc', 'xyz')
print('aabbcc'.translate(t), sorted(t.items()))
t2 = str.maketrans({'a': '1', 'b': None, 'c': 'CC'})
print('abcabc'.translate(t2))
t3 = str.maketrans('ab', 'AB', 'xy')
print('axbycz'.translate(t3))
print('hello'.translate({ord('l'): 'L'}))
try:
    str.maketrans('ab', 'x')
except ValueError as e:
    print('ValueError:', e)

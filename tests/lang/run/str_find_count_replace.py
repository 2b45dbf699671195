s = 'abracadabra'
print(s.find('abra'), s.find('abra', 1), s.rfind('abra'), s.find('z'), s.index('cad'), s.rindex('a'))
print(s.count('a'), s.count('abra'), s.count(''), s.count('a', 2, 8), s.find('', 5), s.find('a', -3))
print(s.replace('a', 'A'), s.replace('a', 'A', 2), s.replace('', '-'), s.replace('abra', ''), 'aaa'.replace('aa', 'b'))
print(s.startswith('abr'), s.startswith(('x', 'ab')), s.endswith('bra'), s.startswith('cad', 4), s.endswith('cad', 0, 7))
print(s.strip('a'), s.lstrip('ab'), s.rstrip('ar'), '  x  '.strip(), 'xxhixx'.strip('x'), s.removeprefix('abra'), s.removesuffix('abra'))
try:
    s.index('zz')
except ValueError as e:
    print('ValueError:', e)

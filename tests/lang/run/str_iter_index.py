s = 'héllo wörld'
print(len(s), s[1], s[-1], s[1:4], s[::-1], s.find('ö'), s.index('w'), s.upper(), list(s[:3]))
print([c for c in s if c in 'aeiouéö'], s.count('l'), s.encode('utf-8'), len(s.encode()))
try:
    s[20]
except IndexError as e:
    print('IndexError:', e)
try:
    s[0] = 'x'
except TypeError as e:
    print('TypeError:', e)

d = {'a': 1}
d.update({'b': 2}, c=3); d.update([('d', 4)])
print(d, d.get('z'), d.get('z', 0), d.setdefault('e', 5), d.setdefault('a', 99))
print(d.pop('e'), d.pop('zz', 'dflt'), d.popitem(), d)
print(list(d.keys()), list(d.values()), list(d.items()), len(d), 'a' in d)
print(dict.fromkeys('ab'), dict.fromkeys([1, 2], 0), dict(a=1, b=2), dict([(1, 2)]), dict({'x': 1}, y=2))
print(d | {'z': 26}, {**d, 'a': 0})
d |= {'q': 1}; print(d)
c = d.copy(); c['new'] = 1; print('new' in d, 'new' in c)
try:
    d.pop('missing')
except KeyError as e:
    print('KeyError:', e)
try:
    {}.popitem()
except KeyError as e:
    print('KeyError:', e)

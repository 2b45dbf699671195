from collections import ChainMap, OrderedDict, defaultdict, Counter
base = {'a': 1, 'b': 2}
over = {'b': 20, 'c': 30}
cm = ChainMap(over, base)
print(cm['a'], cm['b'], cm['c'], len(cm), sorted(cm), 'a' in cm, cm.get('z', 0))
cm['d'] = 4
print(over, base)
child = cm.new_child({'a': 100})
print(child['a'], child.parents['a'], list(child.maps[0]))
try:
    cm['zz']
except KeyError as e:
    print('KeyError:', e)
dd = defaultdict(set)
dd['x'].add(1)
dd['x'].add(2)
print(repr(dd))
print(defaultdict(list, a=[1]), defaultdict(None, {1: 2}))
od = OrderedDict.fromkeys('abc', 0)
print(od, list(reversed(od)))
c = Counter(a=2, b=-1, c=0)
print(+c, -c, c.most_common(), list(c.elements()))
c2 = Counter('aab')
c2 += Counter('bcc')
print(c2)
c2 -= Counter('aaaa')
print(c2, Counter('ab') < Counter('aab'), Counter('ab') <= Counter('ab'))
del c2['zzz']
print(c2['zzz'], len(c2))

from collections import defaultdict, OrderedDict, Counter
d = defaultdict(list)
d['a'].append(1)
d['a'].append(2)
d['b'].append(3)
print(d, dict(d), d['c'], len(d))
c = defaultdict(int)
for ch in 'hello world':
    c[ch] += 1
print(sorted(c.items()), c.default_factory)
n = defaultdict(lambda: 'N/A', {'x': 1})
print(n['x'], n['y'], 'z' in n)
try:
    defaultdict()['k']
except KeyError as e:
    print('KeyError:', e)
o = OrderedDict()
o['b'] = 1
o['a'] = 2
o['c'] = 3
print(o, list(o))
o.move_to_end('b')
print(list(o.keys()))
o.move_to_end('c', last=False)
print(list(o.items()))
print(o.popitem(), o.popitem(last=False), o)
print(OrderedDict(a=1) == OrderedDict(a=1), OrderedDict([('a', 1), ('b', 2)]) == OrderedDict([('b', 2), ('a', 1)]))
print(OrderedDict(), isinstance(o, dict))
cnt = Counter('abracadabra')
print(cnt, cnt['a'], cnt['z'])
print(cnt.most_common(2), cnt.most_common()[-1])
cnt.update('aaz')
cnt.update({'b': 10})
print(cnt.most_common(3), sum(cnt.values()), cnt.total())
a = Counter(a=3, b=1)
b = Counter(a=1, b=2)
print(a + b, a - b, a | b, a & b)
print(sorted(Counter('hello').elements()), Counter(), Counter([1, 1, 2]) == Counter({1: 2, 2: 1}))
a.subtract(b)
print(a, +Counter(x=-1, y=2), -Counter(x=-1))
print(Counter(['x', 'y', 'x']).most_common(1)[0])

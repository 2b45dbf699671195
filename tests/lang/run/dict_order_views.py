d = {}
for k in 'zyxw':
    d[k] = ord(k)
print(d, list(d))
del d['y']; d['y'] = 0; print(list(d))
ks = d.keys(); vs = d.values(); it = d.items()
d['new'] = 1
print(ks, len(vs), ('new', 1) in it, ks & {'z', 'q'}, sorted(ks | {'q'}), sorted(ks - {'z'}))
print(sorted(d, key=d.get), max(d, key=lambda k: d[k]))
try:
    for k in d:
        d[k + '!'] = 1
except RuntimeError as e:
    print('RuntimeError:', e)

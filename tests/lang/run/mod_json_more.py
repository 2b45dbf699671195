import json
from collections import OrderedDict
print(json.dumps([]), json.dumps({}), json.dumps(''), json.dumps(0), json.dumps(-1.5), json.dumps(1e20), json.dumps(1e-7))
print(json.dumps({'a': [1, {'b': None}]}, indent=0))
print(json.dumps({'z': 1, 'a': 2}, sort_keys=True, indent=4, separators=(',', ' = ')))
print(json.loads('{"a": 1, "a": 2}'), json.loads('[]'), json.loads('{}'), json.loads('1.0'), json.loads('-0'))
print(json.loads('{"b": 1, "a": 2}', object_pairs_hook=OrderedDict))
print(json.loads('{"x": 1}', object_hook=lambda d: sorted(d.items())))
print(json.loads('1.5', parse_float=lambda s: 'F' + s), json.loads('7', parse_int=lambda s: int(s) * 2))
print(json.dumps('\x01\x1f\u2028'), json.loads('"\\/\\b\\f"'))
s = json.dumps({'k': [1, 2, {'q': 'w'}]}, indent=2)
print(json.loads(s) == {'k': [1, 2, {'q': 'w'}]})
try:
    json.dumps(float('nan'), allow_nan=False)
except ValueError as e:
    print('ValueError:', e)
try:
    json.dumps({(1, 2): 3})
except TypeError as e:
    print('TypeError:', e)
print(json.dumps({(1, 2): 3, 'ok': 1}, skipkeys=True))
l = []
l.append(l)
try:
    json.dumps(l)
except ValueError as e:
    print('ValueError:', e)

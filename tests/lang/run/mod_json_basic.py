import json
data = {'name': 'flyi', 'n': 3, 'pi': 3.14, 'ok': True, 'none': None, 'list': [1, 2.5, 'x', [], {}], 'nested': {'b': 1, 'a': [True, False]}}
s = json.dumps(data)
print(s)
print(json.dumps(data, sort_keys=True))
print(json.dumps(data, indent=2, sort_keys=True))
print(json.dumps([1, [2, {'a': []}]], indent='\t'))
print(json.dumps({'k': 1}, separators=(',', ':')), json.dumps('h\u00e9\n"q"'), json.dumps('h\u00e9', ensure_ascii=False))
print(json.dumps({1: 'a', 2.5: 'b', True: 'c', None: 'd'}), json.dumps((1, 2)), json.dumps(float('inf')))
back = json.loads(s)
print(back == data, back)
print(json.loads('[1, -2.5e3, "a\\u00e9\\n", true, false, null, {"x": {}}]'))
print(json.loads('  {"a" : [ 1 , 2 ] }  '), json.loads('"\\ud83d\\ude00"') == '\U0001F600', json.loads('NaN') != json.loads('NaN'))
for bad in ['', '[1,', '{"a" 1}', '[1] x', '{1: 2}', '"abc', 'tru']:
    try:
        json.loads(bad)
    except json.JSONDecodeError as e:
        print(repr(bad), '->', e, e.pos)
try:
    json.dumps({'s': {1, 2}})
except TypeError as e:
    print('TypeError:', e)
print(json.dumps({'s': {1, 2}}, default=sorted))
import io
f = io.StringIO()
json.dump({'x': [1, 2]}, f)
f.seek(0)
print(json.load(f))

import json
data = {'a': [1, 2.5, None, True], 'b': {'c': 'd'}, 'e': 'quote"s'}
s = json.dumps(data, sort_keys=True)
print(s)
print(json.loads(s) == data, json.loads('[1, "x", {"k": false}]'), json.dumps([1, 2], indent=2))
try:
    json.loads('{bad}')
except ValueError as e:
    print('ValueError')

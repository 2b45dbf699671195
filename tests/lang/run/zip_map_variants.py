print(list(zip([1, 2, 3], "ab", (True, False, None))))
try:
    list(zip([1, 2], [1], strict=True))
except ValueError as e:
    print("ValueError", e)
print(list(map(lambda a, b: a * b, [1, 2, 3], [4, 5])))
print(dict(zip(["k1", "k2"], map(str.upper, ["v1", "v2"]))))
keys, vals = zip(*{"a": 1, "b": 2}.items())
print(keys, vals)
print(list(enumerate(zip("ab", "cd"), 10)))

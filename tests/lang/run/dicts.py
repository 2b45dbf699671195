d = {"a": 1, "b": 2}
d["c"] = 3
print(d, len(d), d["a"], d.get("z"), d.get("z", 0), "b" in d, "z" not in d)
print(list(d.keys()), list(d.values()), list(d.items()))
print(d.pop("a"), d, d.setdefault("e", 5), d.setdefault("b", 9), d)
del d["b"]; print(d)
d.update({"x": 10}, y=20); print(d)
print(dict(a=1, b=2), dict([("k", "v")]), dict(zip("ab", [1, 2])), {**d, "z": 0})
for k, v in sorted(d.items()):
    print(k, v)
e = {i: i * i for i in range(5)}
print(e, e.popitem(), e)
print({1: "a"} == {1: "a"}, dict.fromkeys("ab", 0), {} or "empty")
print(d.keys() & {"x", "q"}, sorted(d.keys() | {"q"}))
try:
    d["missing"]
except KeyError as err:
    print("KeyError", err, repr(err))
dd = {}
dd[(1, 2)] = "tuple key"; dd[1.0] = "one"; dd[1] = "int one"
print(dd)

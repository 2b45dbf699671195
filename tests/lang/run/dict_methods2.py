d = dict(a=1, b=2, c=3)
print(d.pop("z", "default"), d.popitem(), d)
d2 = d.copy(); d2["a"] = 100
print(d, d2, d == {"a": 1, "b": 2}, d != d2)
print(sorted(d.items()), list(reversed(list(d))), len(d))
d.clear(); print(d, bool(d))
nested = {"x": {"y": {"z": 1}}}
print(nested["x"]["y"]["z"], nested.get("x", {}).get("q", "none"))
m = {1: "a"}
m |= {2: "b"}
print(m, {1: 1} | {1: 2})
print(list({"b": 1, "a": 2}.values()), {k: v for k, v in [("a", 1)]})

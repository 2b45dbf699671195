def show(a, b, c=0, *rest, d=1, **kw):
    return f"a={a} b={b} c={c} rest={rest} d={d} kw={kw}"
args = (1, 2)
kwargs = {"d": 9, "e": 8}
print(show(*args))
print(show(*args, 3, 4, 5, **kwargs))
print(show(1, *[2, 3], *(4,), d=0))
print(show(**{"a": "A", "b": "B"}))
try:
    show(1, 2, **{"a": 3})
except TypeError as e:
    print("TypeError:", e)
try:
    show(1)
except TypeError as e:
    print("TypeError:", e)
try:
    show(1, 2, zz=1, d=2, d2=3, **{"d": 4})
except TypeError as e:
    print("TypeError:", e)

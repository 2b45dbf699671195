class Rec: pass
r = Rec()
for k, v in [("a", 1), ("b", "two")]:
    setattr(r, k, v)
print(getattr(r, "a"), r.b, getattr(r, "c", None), hasattr(r, "b"))
delattr(r, "a")
print(hasattr(r, "a"), sorted(r.__dict__))
try:
    getattr(r, "zzz")
except AttributeError as e:
    print(e)
print(getattr([], "append").__name__, getattr(str, "upper")("x"))

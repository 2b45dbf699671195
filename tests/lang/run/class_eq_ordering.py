class Version:
    def __init__(self, s): self.parts = tuple(int(p) for p in s.split("."))
    def __eq__(self, o): return self.parts == o.parts
    def __lt__(self, o): return self.parts < o.parts
    def __le__(self, o): return self.parts <= o.parts
    def __repr__(self): return "V" + ".".join(map(str, self.parts))
vs = [Version("1.10"), Version("1.2"), Version("1.2.1"), Version("0.9")]
print(sorted(vs), min(vs), max(vs), Version("1.0") == Version("1.0"), Version("1.0") != Version("1.1"))
print(Version("2.0") > Version("1.9"), Version("1.0") >= Version("1.0"))

class Probe:
    def __getitem__(self, key):
        return key
p = Probe()
print(p[1], p[1:2], p[::3], p[None], p[...], p[1, 2], p[None, 1:2, (0, None)], p[:, None])
print(p[::-1], p["a":"b"], p[1:2, ...])
s = slice(1, 10, 2)
print(s, s.start, s.stop, s.step, list(range(20))[s], s.indices(5))
a = list(range(10))
print(a[None:3], a[-3:None], a[::-2], a[8:2:-2], a[100:200], a[-100:2])

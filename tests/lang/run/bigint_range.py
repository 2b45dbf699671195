# range with bounds or lengths beyond int64 (CPython's long ranges): items, slices, membership,
# iteration, reversal, equality and the len() OverflowError.
def show(f):
    try:
        return repr(f())
    except Exception as e:
        return type(e).__name__ + ": " + str(e)
r = range(2**64)
print(r, r[0], r[-1], r[2**63], bool(r), show(lambda: len(r)), 2**64 - 1 in r, 2**64 in r, -1 in r, r.start, r.stop, r.step)
print(list(range(2**64, 2**64 + 3)), list(range(-2**70, -2**70 - 10, -4)), list(reversed(range(2**64, 2**64 + 7, 3))))
print(range(2**64, 2**64 + 5) == range(2**64, 2**64 + 5), range(2**64, 2**64) == range(0), hash(range(2**64, 2**64)) == hash(range(0)))
print(range(-2**63, 2**63 - 1), show(lambda: len(range(-2**63, 2**63 - 1))), show(lambda: len(range(-2**63, 0))), range(-2**63, 2**63 - 1)[-1])
print(range(2**70, 0, -2**68)[1], list(range(2**70, 0, -2**68)), range(0, 2**80, 2**70).index(2**75), range(0, 2**80, 2**70).count(2**75 + 1))
print(show(lambda: range(2**64)[2**64]), show(lambda: range(10)[2**64]), show(lambda: range(1, 2**64, 0)), show(lambda: range(2**64)[::2]))
print(len(range(0, 2**64, 2**62)), range(2**64 + 1)[-2**64], show(lambda: range(2**64)[-2**64 - 1]), bool(range(2**64, 0)))
for i in range(2**65, 2**65 + 2):
    print(i, type(i).__name__)
it = iter(range(2**64, 2**64 + 2))
print(next(it), next(it), show(lambda: next(it)), sum(range(2**64, 2**64 + 100)))
R = range(-2**70, 2**70, 3**30)
for sl in [slice(None), slice(5, 10), slice(-3, None), slice(None, None, -1), slice(2**64, None, 2**60), slice(None, -2**80),
           slice(-2**80, 2**80, 7), slice(10, 2, -3), slice(None, None, -(2**65))]:
    s = R[sl]
    print(s, show(lambda: len(s)), s[:3] == range(s.start, s.stop, s.step)[:3], list(s[:2]))
print(show(lambda: R[::0]), show(lambda: R["a"]), show(lambda: R[1.5]), range(2**64) != range(2**64 + 1), 5 in range(2**64))

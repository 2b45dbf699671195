print(sum([]), sum([1.5, 2.5]), sum(range(5), start=10), sum([True, True]), sum(x * x for x in range(4)))
try:
    sum(['a', 'b'], '')
except TypeError as e:
    print('TypeError:', e)
print(any(x > 2 for x in [1, 3]), all(x > 0 for x in [1, -1]), any(()), all(()))
calls = []
def check(v):
    calls.append(v)
    return v
print(any(check(v) for v in [0, 1, 2]), calls)

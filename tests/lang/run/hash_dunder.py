# __hash__ results are used as they are when they fit (CPython's slot_tp_hash), so an object
# hashing like a tuple collides with it in dicts and sets; -1 becomes -2.
class H:
    def __init__(self, v):
        self.v = v

    def __hash__(self):
        return hash(self.v)

    def __eq__(self, other):
        return self.v == other


print(hash(H((3,))) == hash((3,)), hash(H((1, 2))) == hash((1, 2)), hash(H(-1)), hash(H(10**18)))
d = {(3,): 'tuple'}
print(d[H((3,))], H((3,)) in {(3,)}, {H((1, 'a')): 1}.get((1, 'a')))


class M:
    def __hash__(self):
        return -1


print(hash(M()))
for t in [(), (1,), (1, 2, 3), ((1, 2), (3,)), (False, True), tuple(range(40)), (-1, -2)]:
    print(t if len(t) < 5 else len(t), hash(t))
print(hash(-1), hash(2**61 - 1), hash(2**61), hash(-2**61), hash(1.5), hash(-0.5))


class Bad:
    def __hash__(self):
        return 'x'


try:
    hash(Bad())
except TypeError as e:
    print('TypeError:', e)

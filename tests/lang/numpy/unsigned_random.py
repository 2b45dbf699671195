# Unsigned integer arithmetic (a Philox-style counter hash in uint32/uint64) and the legacy
# np.random stream (seeded: numpy's numbers exactly).
import numpy as np


def philox(seed, offsets, rounds=10):
    wide = np.asarray(offsets).astype(np.uint64)
    c0 = wide.astype(np.uint32)
    c1 = (wide >> np.uint64(32)).astype(np.uint32)
    c2 = np.zeros_like(c0)
    c3 = np.zeros_like(c0)
    s = np.uint64(seed & 0xFFFFFFFFFFFFFFFF)
    k0 = np.full_like(c0, s.astype(np.uint32))
    k1 = np.full_like(c0, (s >> np.uint64(32)).astype(np.uint32))
    for _ in range(rounds):
        pb = c2.astype(np.uint64) * np.uint64(0xCD9E8D57)
        pa = c0.astype(np.uint64) * np.uint64(0xD2511F53)
        n0 = (pb >> np.uint64(32)).astype(np.uint32) ^ c1 ^ k0
        n2 = (pa >> np.uint64(32)).astype(np.uint32) ^ c3 ^ k1
        c0, c1 = n0, pb.astype(np.uint32)
        c2, c3 = n2, pa.astype(np.uint32)
        k0 = k0 + np.uint32(0x9E3779B9)
        k1 = k1 + np.uint32(0xBB67AE85)
    return c0, c1, c2, c3


words = philox(0x123456789ABCDEF, np.arange(6, dtype=np.uint32) + np.uint32(2 ** 31))
for w in words:
    print(repr(w))
signed = np.asarray(words[0], dtype=np.uint32).view(np.int32)
folded = np.where(signed < 0, (-signed.astype(np.int64) - 1).astype(np.int32), signed)
print(repr(folded), repr(folded.astype(np.float32) * np.float32(4.6566127342e-10)))
u = np.array([0, 1, 2 ** 63, 2 ** 64 - 1], dtype=np.uint64)
print(repr(u > np.uint64(5)), repr(u.max()), repr(u.min()), u.argmax(), repr(np.sort(u)), repr(u.astype(np.float64)))
print(repr(u >> np.uint64(60)), repr(u << np.uint64(1)), repr(u + np.uint64(1)), repr(u * np.uint64(3)), repr(u.sum()))
print(repr(np.maximum(u, np.uint64(2 ** 63 + 1))), repr(u[u > np.uint64(2 ** 62)]), u.tolist(), repr(u.astype(np.uint32)))
v = np.array([1, 2 ** 31, 2 ** 32 - 1], dtype=np.uint32)
print(repr(v + np.uint32(1)), repr(v - np.uint32(2)), repr(v * np.uint32(3)), repr(v // np.uint32(7)), repr(v % np.uint32(7)))
print(repr(v >> np.uint32(4)), repr(v.astype(np.int64)), repr(v.astype(np.float32)), repr(v.view(np.int32)), v.sum(), v.mean())
print(repr(v > np.uint32(2 ** 31)), repr(np.argsort(v)), repr(v.astype(np.uint16)), repr(np.array([65535], np.uint16) + np.uint16(1)))
print(repr(np.array([250, 5], np.uint8) + np.uint8(10)), repr(np.array([1, 2], np.uint8) - np.uint8(3)), repr(np.array([3], np.uint16) * 30000))
np.random.seed(42)
print(repr(np.random.uniform(-5.0, 5.0, size=(2, 3))), repr(np.random.uniform(-5.0, 5.0, size=4).astype(np.float16)))
print(repr(np.random.rand(3)), repr(np.random.rand(2, 2)), repr(np.random.random_sample(2)), repr(np.random.random((1, 2))))
print(repr(np.random.randn(5)), repr(np.random.normal(3.0, 2.0, size=3)), repr(np.random.standard_normal((2,))))
print(repr(np.random.randint(0, 10, size=8)), repr(np.random.randint(5, size=3)), repr(np.random.randint(-2 ** 40, 2 ** 40, size=2)))
print(repr(np.random.randint(0, 2 ** 32, size=3, dtype=np.uint32)), repr(np.random.randint(0, 256, size=(2, 2), dtype=np.uint8)))
print(type(np.random.rand()).__name__, type(np.random.randint(3)).__name__, np.random.uniform(), np.random.randn())
np.random.seed(0)
print(repr(np.random.rand(4)), repr(np.random.randint(1, 7, size=6)))

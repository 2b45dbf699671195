# Arbitrary-precision ints in the rest of the language: literals, index-sized errors, int
# subclasses and bool, containers, math and random with big values, sys.version_info.
import math
import random
import sys

def show(f):
    try:
        return repr(f())
    except Exception as e:
        return type(e).__name__ + ": " + str(e)

print("-- literals")
x = 0xFFFFFFFFFFFFFFFF
print(x, x + 1, -x, 0x1_0000_0000_0000_0000_0000, 0o1777777777777777777777, 0b11111111111111111111111111111111111111111111111111111111111111111)
print(123456789012345678901234567890, 1_000_000_000_000_000_000_000_000, -9223372036854775808, 9223372036854775808)
print(show(lambda: eval("1" * 4301)), show(lambda: eval("0x" + "f" * 4000) % 1000), eval("9" * 4300) % 1000)
print("-- index-sized")
L = [1, 2, 3]
print(show(lambda: L[2**64]), show(lambda: L[-2**64]), show(lambda: (1, 2)[2**63]), show(lambda: "abc"[2**70]))
print(show(lambda: "ab" * 2**64), show(lambda: [0] * 2**64), show(lambda: (0,) * -2**64), show(lambda: b"x" * 2**64))
print(L[:2**64], L[-2**64:], L[::2**64], "abcdef"[2**65:], "abcdef"[:-2**65], L[1:2**100:1])
print(show(lambda: chr(2**64)), show(lambda: bytes(2**64)), show(lambda: 2**64 in b"abc"), show(lambda: (1).to_bytes(2**70, "big")))
print(show(lambda: range(2**64)[0]), show(lambda: L.pop(2**64)), show(lambda: L.insert(2**64, 9)), L)
print(2**64 in range(10), 5 in range(10), show(lambda: "x".center(2**64)))
print("-- subclasses and bool")
class Big(int):
    def double(self):
        return Big(self * 2)
b = Big(2**70 + 1)
print(b, type(b).__name__, b.double(), type(b.double()).__name__, b + 1, type(b + 1).__name__, -b, abs(Big(-2**80)))
print(int(b), type(int(b)).__name__, b == 2**70 + 1, hash(b) == hash(2**70 + 1), b.bit_length(), isinstance(b, int))
print(Big("123456789012345678901234567890"), Big(2.0**80), Big.from_bytes(b"\x01" * 12, "big"))
print(True + 2**64, 2**64 - False, True * 2**70, True << 70, format(True, ">5"), f"{True:6}", f"{False:<4}|", format(True, ""))
print(str(True), repr(False), f"{True}", f"{True:d}", f"{True:x}", "{:^7}".format(False), "%5s|%-5d|" % (True, True))
print(show(lambda: format(True, "s")), show(lambda: format(False, ".2f")))
print("-- containers")
d = {}
for k in [2**64, 2**64 + 1, -(2**64), 2**100, 2**100 - 2**100 + 5, 5]:
    d[k] = d.get(k, 0) + 1
print(sorted(d.items()), len(d), d[5])
s = {2**63, 2.0**63, 2**63 + 0, 2**64, 18446744073709551616.0}
print(sorted(s), len(s))
print(sorted([2**70, -2**70, 3.5, 2**64, -1, 0, 1e30, 2**100]))
print(max(2**100, 1e30), min(-2**1000, -1e300), sum([1e30, 2**100]) == 1e30 + 2**100)
print("-- math")
print(math.factorial(30), math.factorial(52) % (2**64), math.gcd(2**100, 6**40, 10**30), math.lcm(2**70, 3**40))
print(math.isqrt(10**50), math.isqrt(2**129 - 1), math.comb(100, 50), math.comb(2**70, 3), math.perm(40, 30))
print(math.log(10**400), math.log2(2**3000), math.log10(10**1000), math.log(2**64, 2), math.sqrt(2**200))
print(math.floor(2**70), math.ceil(-2**70), math.trunc(2**65), math.floor(1e25), math.ceil(2.5e20), math.prod([2**40] * 4))
print(show(lambda: math.sqrt(10**400)), show(lambda: math.log(-2**70)), show(lambda: math.factorial(-2**70)), show(lambda: math.exp(2**64)))
print(math.isclose(2**64, 2.0**64), math.fsum([2**70, 1.0, -(2**70)]), float(math.comb(200, 100)))
print("-- random with big ints")
random.seed(2**100 + 12345)
print(random.random(), random.getrandbits(150), random.randrange(2**90), random.randint(-2**70, 2**70))
random.seed(-(2**70))
print(random.randrange(10**30, 10**31, 3**20), random.getrandbits(64), random.getrandbits(65), random.choice([2**64, 2**65]))
print("-- sys")
v = sys.version_info
print(v.major, v.minor, v[:2], v >= (3, 8), v < (3, 12), v[0] == v.major, len(v), tuple(v)[3], v.releaselevel, v.serial)
print(repr(v)[:36], isinstance(v, tuple), isinstance(v.micro, int))
major, minor, *_ = v
print(major, minor, sys.maxsize, sys.maxsize + 1, -sys.maxsize - 2)

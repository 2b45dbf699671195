# Arbitrary-precision ints: int <-> float (correct rounding, OverflowError), true division,
# str/repr/hex/oct/bin/format of big values, int(str, base), the 4300-digit limit, hash
# consistency with floats, round().
import sys

def show(f):
    try:
        return repr(f())
    except Exception as e:
        return type(e).__name__ + ": " + str(e)

VALUES = [0, -1, 2**53, 2**53 + 1, 2**53 + 3, 2**54 + 2, 2**63 - 1, -2**63, 2**63, 2**64 - 1, 2**64,
          2**64 + 2**11, 2**64 + 2**11 + 1, 2**64 + 2**12, 3**40, -(7**30), 10**22, 10**23, 2**1023,
          2**1024 - 2**970, 2**1024 - 2**970 - 1, 2**1024 - 2**971, 2**1024, -2**1024, 10**400]
print("-- float()")
for v in VALUES:
    print(v if v.bit_length() < 200 else v.bit_length(), show(lambda: float(v)), show(lambda: v + 0.5),
          show(lambda: v * 1.0), show(lambda: int(float(v)) == v if v.bit_length() < 1024 else None))
print("-- int(float)")
for d in [0.0, -0.5, 1e18, 9.2e18, 9.3e18, -9.3e18, 1.8446744073709552e19, 1e22, 1e23, 2.0**100, -2.0**200, 1e300, 1.7976931348623157e308]:
    print(d, int(d), show(lambda: int(d) == d))
print(show(lambda: int(float("inf"))), show(lambda: int(float("nan"))))
print("-- true division")
PAIRS = [(1, 3), (2**64, 3), (2**64 + 1, 2**64), (10**30, 7), (-10**30, 7), (2**2000, 3**1000), (1, 2**1100),
         (3**700, 2**1100), (2**1100, 3**700), (-(2**1024), 1), (2**1024, 2), (2**1030, 2**6), (10**400, 10**399),
         (2**63 + 1, 2**63 - 1), (12345678901234567890123, 98765432109876543210), (1, -(2**1074)), (1, 2**1075), (3, 2**1076)]
for a, b in PAIRS:
    print(show(lambda: a / b), show(lambda: -a / b), show(lambda: a / -b))
print(show(lambda: 2**64 / 0), show(lambda: 10**400 / 1.5), show(lambda: 1.5 / 10**400), show(lambda: 10**400 * 1.0))
print("-- comparisons with floats")
for v in [2**53 + 1, 2**63, 2**64 - 1, 2**64, -(2**64), 10**400, -(10**400)]:
    fs = [float(2**53), float(2**63), float(2**64), -float(2**64), 1e308, float("inf"), -float("inf"), float("nan")]
    print([(int(v < f), int(v == f), int(v > f)) for f in fs])
print("-- hashes")
for v in [2**61 - 2, 2**61 - 1, 2**61, 2**62, 2**63, 2**64, -(2**64), 2**100, -(2**100), 10**30, 2**61 * 7 + 3]:
    f = float(v)
    print(hash(v), hash(f) == hash(int(f)), v == int(f) and hash(v) == hash(f))
d = {2**64: "a", float(2**64): "b", 2**100: "c"}
print(d, d[2**64], {2**70, 2.0**70, 2**70 + 1} == {2**70, 2**70 + 1})
print("-- str / repr / hex / oct / bin")
BIG = [2**64, -(2**64) + 1, 2**100 + 7, -(3**90), 10**50 - 1]
for v in BIG:
    print(str(v), repr(v), hex(v), oct(v), bin(v))
print("-- format")
SPECS = ["", "d", ",", "_", "x", "X", "#x", "#X", "o", "#o", "b", "#b", "_x", "_b", "_o", "45", "<45", "^45", ">45",
         "=45", "+", " ", "+,", "045,", "045_x", "*^50,", "e", ".3e", ".10f", "g", ".20g", "%", ".2%", "n", "c", "s", ".3"]
for v in BIG[:4]:
    for spec in SPECS:
        print(repr(spec), show(lambda: format(v, spec)))
print(f"{2**70:,} {-2**70:_} {2**70:>30x} {2**70:#b}")
print("%d %i %u %x %X %o %#x %#o" % (2**70, -2**70, 2**70, 2**70, -2**70, 2**70, 2**70, -2**70))
print("%30d|%-30d|%030d|%+d|% d" % (2**64, -2**64, 2**64, 2**64, 2**64))
print("%d %s %r %.2f %e" % (1e25, 2**64, -2**64, 2**70, 2**70), show(lambda: "%e" % 10**400), show(lambda: "%c" % 2**64))
print("-- int(str, base)")
for base in [2, 3, 7, 8, 10, 16, 36]:
    s = "1" + "0" * 70
    print(base, int(s, base), int("-" + s, base), show(lambda: int(s + "z", base)))
print(int("0x" + "f" * 40, 0), int("0o" + "7" * 30, 0), int("0b" + "1" * 100, 0), int(" -1_000_000_000_000_000_000_000 "))
print(int("Z" * 30, 36), int(b"123456789012345678901234567890"), int("+99999999999999999999"))
print(show(lambda: int("1_000_000_000_000_000_000__0")), show(lambda: int("0x_", 16)), show(lambda: int("12" * 20, 2)))
print(int(2**64 + 0.0), int(" 18446744073709551616 "), int(18446744073709551616.5))
print("-- max str digits")
print(sys.get_int_max_str_digits())
print(show(lambda: int("1" * 4300) % 1000), show(lambda: int("1" * 4301)), show(lambda: int("-" + "2" * 5000)))
print(show(lambda: len(str(10**4299))), show(lambda: str(10**4300)), show(lambda: repr(-(10**5000))))
print(show(lambda: "%d" % 10**5000), show(lambda: format(10**5000, ",")), show(lambda: f"{10**5000}"))
print(len(hex(10**5000)), len(bin(10**5000)), int("f" * 5000, 16) > 0, len(oct(2**20000)))
sys.set_int_max_str_digits(6000)
print(len(str(10**5000)), int("7" * 5500) % 1000)
print(show(lambda: sys.set_int_max_str_digits(639)))
sys.set_int_max_str_digits(0)
print(len(str(10**9000)))
sys.set_int_max_str_digits(4300)
print("-- round")
for v in [1234567890123456789012345, -1234567890123456789012345, 2**64 + 5, 25, 35, -25, 15 * 10**30]:
    print(v, [round(v, n) for n in (0, -1, -2, -5, -20, -30)], round(v))
print("-- float.as_integer_ratio and subnormal quotients")
for d in [1e300, -2.0**1000, 1.5 * 2**80, 5e-324, 2.0**-1074 * 3, 1e-310, 0.1]:
    print(d.as_integer_ratio())
print([(a / 2**k).as_integer_ratio() for k in (1074, 1075, 1076, 1100) for a in (1, 3, 2**60 + 2**7 + 1)])

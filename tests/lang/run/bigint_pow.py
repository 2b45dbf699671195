# Arbitrary-precision ints: ** with and without a modulus (negative exponents, negative moduli,
# modular inverses), with CPython's errors.

def show(f):
    try:
        return repr(f())
    except Exception as e:
        return type(e).__name__ + ": " + str(e)

BASES = [0, 1, -1, 2, -2, 3, 10, 2**31, -2**31, 2**63 - 1, 2**64, -(2**64 - 1), 12345678901234567890123]
EXPS = [0, 1, 2, 3, 5, 17, 64, 100]
for b in BASES:
    print(b, [b ** e for e in EXPS[:6]])
    print(b, "**64 bits:", (b ** 64).bit_length(), "**100 mod 1e9+7:", (b ** 100) % (10**9 + 7))
print(2 ** 1000)
print((-3) ** 301)
print(7 ** 7 ** 2)
print(show(lambda: 2 ** -1), show(lambda: 2 ** -64), show(lambda: (2**64) ** -1), show(lambda: 0 ** -1))
print(show(lambda: (2**1100) ** -1), show(lambda: (-2) ** -3), show(lambda: 10 ** -20))

MODS = [1, -1, 2, 7, -7, 10**9 + 7, 2**61 - 1, 2**64 + 13, -(2**64 + 13), 2**127 - 1, 10**30]
for b in BASES:
    print(b, [show(lambda: pow(b, e, m)) for e in (0, 1, 5, 2**70 + 3) for m in MODS[:6]])
    print(b, [show(lambda: pow(b, e, m)) for e in (0, 3, 2**64 + 1) for m in MODS[6:]])
print("-- negative exponents (modular inverses)")
for b in [1, 2, 3, -3, 12345, 2**64 + 1, -(2**70) + 9, 10**25 + 3]:
    print(b, [show(lambda: pow(b, -1, m)) for m in MODS], show(lambda: pow(b, -3, 2**127 - 1)))
print(show(lambda: pow(2, -1, 4)), show(lambda: pow(2**64, -1, 2**65)), show(lambda: pow(0, -1, 5)))
print(show(lambda: pow(2, 5, 0)), show(lambda: pow(2**70, 5, 0)), show(lambda: pow(2, 5.0, 3)))
print(show(lambda: pow(2, 10, 1)), show(lambda: pow(-2**70, 2**70, -1)))
# Fermat / Euler checks
p = 2**127 - 1
print(all(pow(a, p - 1, p) == 1 for a in (2, 3, 5, 2**64, 10**30)))
print(all(pow(a, -1, p) * a % p == 1 for a in (2, 3, 5, 2**64, 10**30)))

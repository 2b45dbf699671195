# Arbitrary-precision ints: +, -, *, //, %, divmod, comparisons, unary ops and hash over a table
# of edge values (around 2**31, 2**63, 2**64) and fixed pseudo-random big values.

def lcg(seed):
    x = seed
    while True:
        x = (x * 6364136223846793005 + 1442695040888963407) % 2**64
        yield x

gen = lcg(20261201)

def rand_big(words):
    v = 0
    for _ in range(words):
        v = (v << 64) | next(gen)
    return v if next(gen) & 1 else -v

EDGE = [0, 1, -1, 2, -3, 7, 2**31, -2**31, 2**31 - 1, 2**63, -2**63, 2**63 - 1, -2**63 + 1,
        2**64, -2**64, 2**64 - 1, -(2**64 - 1), 2**64 + 1, 10**20, -10**19 - 7]
BIG = [rand_big(w) for w in (1, 2, 3, 5)]
VALUES = EDGE + BIG

def show(f):
    try:
        return repr(f())
    except Exception as e:
        return type(e).__name__ + ": " + str(e)

print("values:", len(VALUES))
for v in BIG:
    print("big", v)

for i, a in enumerate(VALUES):
    for j, b in enumerate(VALUES):
        print(i, j, a + b, a - b, a * b, show(lambda: a // b), show(lambda: a % b), show(lambda: divmod(a, b)))

print("-- comparisons")
for i, a in enumerate(VALUES):
    row = []
    for b in VALUES:
        row.append(str(int(a < b)) + str(int(a <= b)) + str(int(a == b)) + str(int(a != b)) + str(int(a > b)) + str(int(a >= b)))
    print(i, " ".join(row))

print("-- unary")
for v in VALUES:
    print(-v, +v, abs(v), ~v, bool(v), hash(v), v == -(-v), v.bit_length())

print("-- identities")
ok = True
for a in VALUES:
    for b in VALUES:
        if b:
            q, r = divmod(a, b)
            if q * b + r != a or not (0 <= r < b if b > 0 else b < r <= 0):
                ok = False
                print("divmod identity broken", a, b)
        if (a + b) - b != a or a * b != b * a:
            ok = False
            print("ring identity broken", a, b)
print("identities ok" if ok else "identities FAILED")

print("-- mixed with bool and small")
print(2**64 + True, 2**64 * False, True - 2**70, (2**64) // True, 2**100 % 7, -(2**100) % 7, 2**100 // -7)
x = 1
for k in range(80):
    x *= 3
print(x, x // 3**79, x % 1000003, x - 3**80)
acc = 0
for k in range(200):
    acc += 2**62
print(acc, acc == 200 * 2**62, acc // 2**62)
n = 2**63 - 1
n += 1
print(n, type(n).__name__, n - 1 == 2**63 - 1)
m = -2**63
print(m - 1, -m, abs(m), m * -1, m // -1, m % -1)
print(sum([2**63, 2**63, -2**64, 5]), sum(range(10)) + 2**64)
print(max(VALUES), min(VALUES), sorted(VALUES[:8] + BIG[:2]))

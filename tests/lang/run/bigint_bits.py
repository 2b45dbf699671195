# Arbitrary-precision ints: shifts, &, |, ^, ~ with two's complement semantics on negatives,
# bit_length, bit_count, to_bytes / from_bytes.

def show(f):
    try:
        return repr(f())
    except Exception as e:
        return type(e).__name__ + ": " + str(e)

def lcg(seed):
    x = seed
    while True:
        x = (x * 6364136223846793005 + 1442695040888963407) % 2**64
        yield x

gen = lcg(7)
BIG = [(next(gen) << 128 | next(gen) << 64 | next(gen)) * (-1 if next(gen) & 1 else 1) for _ in range(3)]
VALUES = [0, 1, -1, 5, -6, 0xFF, 2**31, -2**31, 2**63 - 1, -2**63, 2**63, 2**64 - 1, -(2**64 - 1),
          2**64, -2**64, 2**100 + 12345, -(2**100) - 1] + BIG
SHIFTS = [0, 1, 3, 31, 32, 33, 63, 64, 65, 100, 200]

for v in VALUES:
    print(v, [v << s for s in SHIFTS[:6]])
    print(v, [v >> s for s in SHIFTS])
    print(v, (v << 200) >> 200 == v, v >> 1000, show(lambda: v << -1), show(lambda: v >> -1))
print(show(lambda: 1 >> 2**70), show(lambda: -1 >> 2**70), show(lambda: 0 << 2**70), show(lambda: 2**64 >> 2**64))

for i, a in enumerate(VALUES):
    for j, b in enumerate(VALUES):
        print(i, j, a & b, a | b, a ^ b)
ok = True
for a in VALUES:
    for b in VALUES:
        if (a & b) + (a | b) != a + b or (a ^ b) != (a | b) - (a & b) or ~(a & b) != (~a | ~b):
            ok = False
            print("bit identity broken", a, b)
print("bit identities ok" if ok else "bit identities FAILED")

for v in VALUES:
    print(v, ~v, v.bit_length(), v.bit_count(), show(lambda: v.to_bytes(17, "big", signed=True)))
print(0xFFFFFFFFFFFFFFFF, 0x1_0000_0000_0000_0000, 0o7777777777777777777777777, 0b1 << 70 == 0b1_0000000000_0000000000_0000000000_0000000000_0000000000_0000000000_0000000000)
print(0xdead_beef_cafe_babe_f00d_1234_5678_9abc, -0x8000_0000_0000_0000, 1_000_000_000_000_000_000_000)

print("-- to_bytes / from_bytes")
for v in [0, 1, 127, 128, 255, 256, -1, -128, -129, 2**63, -2**63, 2**64 - 1, 2**64, -2**64, 2**100 + 1, -(2**100)]:
    for n in (1, 8, 9, 16):
        for signed in (False, True):
            r = show(lambda: v.to_bytes(n, "big", signed=signed))
            l = show(lambda: v.to_bytes(n, "little", signed=signed))
            print(v, n, signed, r, l)
for data in [b"", b"\x00", b"\xff", b"\x80" + b"\x00" * 8, b"\xff" * 9, b"\x01" * 17, bytes(range(1, 30))]:
    print(data.hex(), int.from_bytes(data, "big"), int.from_bytes(data, "little"),
          int.from_bytes(data, "big", signed=True), int.from_bytes(data, "little", signed=True))
for v in VALUES:
    n = (v.bit_length() + 8) // 8
    print(int.from_bytes(v.to_bytes(n, "little", signed=True), "little", signed=True) == v, end=" ")
print()
print(show(lambda: (2**64).to_bytes(8, "big")), show(lambda: (-1).to_bytes(8, "big")), show(lambda: (2**63).to_bytes(8, "big", signed=True)))
print(show(lambda: (1).to_bytes(2**64, "big")), show(lambda: (1).to_bytes(2, "middle")), int.from_bytes([1, 2, 3], "big"))

# Padding and repetition far beyond memory fail at once with MemoryError/OverflowError, as in
# CPython (they once looped ~2**62 times after running out of memory); small cases still work.
cases = [
    lambda: "ab".center(2**62),
    lambda: "ab".ljust(2**62, "*"),
    lambda: "ab".rjust(2**60),
    lambda: "-12".zfill(2**62),
    lambda: "a\tb".expandtabs(2**40),
    lambda: b"ab" * 2**62,
    lambda: 2**62 * b"ab",
    lambda: b"" * 2**62,
    lambda: b"xy" * -3,
    lambda: "ab".center(7, "*") + "|" + "-12".zfill(6) + "|" + "a\tb".expandtabs(4),
    lambda: b"ab" * 3,
]
for c in cases:
    try:
        print(repr(c()))
    except (MemoryError, OverflowError) as e:
        print(type(e).__name__, e)

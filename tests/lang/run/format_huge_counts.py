# Widths and precisions too large for the format machinery raise ValueError (they once overflowed
# an int: undefined behaviour, then a near-endless padding loop); a negative `*` precision is 0;
# a %c / :c code point outside range(0x110000) is an OverflowError (it once made an invalid str).
cases = [
    lambda: f"{2.5:99999999999999999999.0f}",
    lambda: f"{2.5:.99999999999999999999f}",
    lambda: format(7, "99999999999999999999d"),
    lambda: format("s", "<99999999999999999999"),
    lambda: "{:99999999999999999999}".format("x"),
    lambda: "{:{}}".format("x", "9" * 30),
    lambda: "%99999999999999999999d" % 1,
    lambda: "%.99999999999999999999d" % 1,
    lambda: "%-99999999999999999999s" % "a",
    lambda: "%.*f" % (-5, 1.0),
    lambda: "%*d|%-*d|" % (4, 7, -3, 8),
    lambda: f"{3.14159:12.3f}|{'ab':>10}|{42:010d}",
    lambda: "%c" % 0x110000,
    lambda: format(-1, "c"),
    lambda: "{:c}".format(2**40),
    lambda: "%c|%3c|{:c}".format(0xE9) % (65, 0x263A),
]
for c in cases:
    try:
        print(repr(c()))
    except (ValueError, OverflowError) as e:
        print(type(e).__name__ + ":", e)

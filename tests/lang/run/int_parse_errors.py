for s in ["12", "-7", "0x10", "1e3", "3.5", "", " 42 ", "1_0", "_1", "abc"]:
    try:
        print(repr(s), int(s))
    except ValueError as e:
        print(repr(s), "ValueError:", e)
for s in ["1.5", "inf", "-nan", "1e-3", "x", "1_000.5"]:
    try:
        print(repr(s), float(s))
    except ValueError as e:
        print(repr(s), "ValueError:", e)

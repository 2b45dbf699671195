errors = [lambda: [][1], lambda: {}["k"], lambda: 1 / 0, lambda: int("x"), lambda: None.attr,
          lambda: "a" + 1, lambda: undefined, lambda: [].pop(), lambda: (1, 2)[5], lambda: 1 + "a",
          lambda: len(5), lambda: 5(), lambda: 5[0], lambda: {}.__missing__, lambda: float("abc"),
          lambda: [1, 2].index(9), lambda: next(iter([])), lambda: "abc".index("z"),
          lambda: int.from_bytes, lambda: [1] * "a", lambda: {[]: 1}, lambda: sorted([1, "a"]),
          lambda: divmod(1, 0), lambda: 2 ** 0.5 // 0, lambda: chr(-1), lambda: tuple(5)]
for e in errors:
    try:
        r = e()
    except Exception as ex:
        print(type(ex).__name__ + ":", ex)
    else:
        print("ok", type(r).__name__)

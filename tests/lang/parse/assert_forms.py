assert x
assert x, "msg"
assert x == y, f"{x} != {y}"
assert (x, y)

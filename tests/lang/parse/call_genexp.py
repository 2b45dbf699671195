sum(x for x in y)
any(v > 0 for v in p)
tuple(int(v) for v in p)
f((x for x in y), 1)

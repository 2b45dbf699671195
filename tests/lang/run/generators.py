def count_up(n):
    i = 0
    while i < n:
        got = yield i
        if got:
            i = got
        i += 1
    return "done"
g = count_up(5)
print(next(g), next(g), g.send(3), list(g))
def inner():
    yield 1
    yield 2
    return "ret"
def outer():
    r = yield from inner()
    yield r
print(list(outer()))
gen = (x * x for x in range(5) if x % 2 == 0)
print(list(gen), sum(x for x in range(4)), any(x > 2 for x in [1, 3]), all(x for x in []))
def fib():
    a, b = 0, 1
    while True:
        yield a
        a, b = b, a + b
f = fib()
print([next(f) for _ in range(10)])
def with_finally():
    try:
        yield 1
        yield 2
    finally:
        print("cleanup")
for v in with_finally():
    print(v)
    break
print(list(zip(range(3), count_up(10))))

def g():
    yield
    yield 1
    yield 1, 2
    x = yield
    x = yield 1
    yield from y
    results = yield [a, b]
    z = (yield)
    f((yield))
    await_ = yield from g()

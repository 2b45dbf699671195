def f():
    yield x
    (yield)

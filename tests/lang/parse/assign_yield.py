def f():
    x = y = yield z

def f():
    x += yield

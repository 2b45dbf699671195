def f():
    global a, b
    global c
    def g():
        nonlocal x
        nonlocal y, z

def f():
    return 1, *a

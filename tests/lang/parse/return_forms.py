def f():
    return
def g():
    return 1
def h():
    return a, b
def i():
    return *a, b

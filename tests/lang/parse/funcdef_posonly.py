def f(a, /): pass
def f(a, /, b): pass
def f(a=1, /, b=2): pass
def f(a, /, *, b): pass
def f(a, /, **k): pass

def f(a, b,): pass
def f(
    a,
    b=1,
    *,
    c,
): pass
def f(*args,): pass
def f(**kw,): pass
lambda a,: 0

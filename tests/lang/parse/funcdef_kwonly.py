def f(*, N, K, M=1): pass
def g(a, *, b): pass
def h(*args, **kwargs): pass
def i(**kw): pass

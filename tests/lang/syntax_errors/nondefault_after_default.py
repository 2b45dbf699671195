def f(x=1, y): pass

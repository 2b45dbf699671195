def f(): pass
def f(a): pass
def f(a, b): pass
def f(a=1): pass
def f(a, b=2, c=3): pass

def f(a, b, *, c): pass
def g(x, /): pass
def h(): pass
calls = [lambda: f(1), lambda: f(1, 2), lambda: f(1, 2, 3, c=1), lambda: f(1, 2, c=3, d=4),
         lambda: g(x=1), lambda: h(1), lambda: f(1, a=1, c=2), lambda: (lambda a, b=1: 0)(1, 2, 3)]
for c in calls:
    try:
        c()
        print("ok")
    except TypeError as e:
        print(e)

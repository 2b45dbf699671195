del a
del a, b
del a[0], b.c
del (a, b)
del [a, b]
del a[1:2]
del (a)
del a,

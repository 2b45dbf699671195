f(*a,)
f(**k,)
f(a, *b, **c,)

foo(a
b)

a, *b = range(5)
*a, b = x
[a, *b, c] = y

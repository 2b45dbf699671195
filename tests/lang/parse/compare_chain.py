a < b < c
a == b == c
a < b > c != d
a in b
a not in b
a is b
a is not b
a <= b >= c
x not in y is not z

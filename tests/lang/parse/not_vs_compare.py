not a == b
not a in b
not a < b < c

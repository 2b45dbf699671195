a and b
a or b
a and b or c
a or b and c
not a and b
not (a and b)
a and b and c
a or b or c

[x for x in y]
[x for x in y if x]
[x for x in y if a if b]
[(x, y) for x in a for y in b]
[x for x in y for z in x if z]
{x for x in y}
(x for x in y)
[x for x, y in z]
[x for (x, y) in z]
[x for x in a if b or c]
[x for x in (lambda: y)()]

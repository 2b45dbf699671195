(x for x in y)
((x, y) for x in a for y in b if x != y)

x = 1if y else 2
z = [0for _ in a]
w = 1or 2
